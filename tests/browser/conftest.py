"""Browser tests: Playwright driving Debian's Chromium, headless, against a real ``gamehall
serve`` on a free loopback port.

They skip, saying why, only when no Chromium (or no Playwright) is found; with
``GAMEHALL_REQUIRE_BROWSER=1`` (set by ``.ci/run``) a missing browser is a failure instead.
``GAMEHALL_CHROMIUM`` names the browser's executable (default: ``chromium`` on the PATH). A
failing test leaves a screenshot of each open page in ``test-artifacts/browser/`` (or
``$GAMEHALL_ARTIFACTS``)."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from api import limits
from api.serve import spawned

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(os.environ.get("GAMEHALL_ARTIFACTS", ROOT / "test-artifacts")) / "browser"
# The toy game (tests/toygame.py) is hosted too: a game with no renderer of its own.
WITH_TOY_GAME = ("from domain.games import register_extra; from tests import toygame; "
                 "register_extra('toy', toygame.RULES); ")


def chromium_path() -> str | None:
    named = os.environ.get("GAMEHALL_CHROMIUM")
    if named:
        return named if Path(named).exists() else None
    return shutil.which("chromium") or shutil.which("chromium-browser")


def missing(reason: str) -> None:
    if os.environ.get("GAMEHALL_REQUIRE_BROWSER") == "1":
        pytest.fail(f"{reason} (GAMEHALL_REQUIRE_BROWSER=1: the browser tests must run)")
    pytest.skip(reason)


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    executable = chromium_path()
    if executable is None:
        missing("no Chromium found: install Debian's chromium (apt-get install chromium) or "
                "set GAMEHALL_CHROMIUM to its executable")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        missing("Playwright for Python is not installed (pip install -e '.[dev]')")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=executable, headless=True)
        yield launched
        launched.close()


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``gamehall serve`` (gunicorn, gevent, embedded Redis, SQLite) on a free port."""
    # The suite plays whole games by clicking, from one address and as fast as the machine
    # goes: on a quick machine that is more than a person's 1,200 requests a minute, and the
    # limit's notice would stand where a test waits for the board. The limits stay on (their
    # headers and code run), set far above what the suite asks.
    lifted = dict.fromkeys(limits.ENVIRON, "100000 per minute")
    # Each page follows its game on a stream: pages the suite left open hold theirs until
    # their lease ends, so the caps on one address's and one token's streams are lifted too.
    lifted.update(GAMEHALL_STREAMS_PER_ADDRESS="500", GAMEHALL_STREAMS_PER_TOKEN="500")
    environ = {**{k: v for k, v in os.environ.items() if k != "REDIS_URL"},
               "GAMEHALL_STORE": "sqlite", "GAMEHALL_WORKERS": "1", **lifted}
    with spawned(str(tmp_path_factory.mktemp("browser-var")), environ=environ, timeout=60,
                 prelude=WITH_TOY_GAME) as url:
        yield url


@pytest.fixture
def open_page(browser: Any, server: str, request: pytest.FixtureRequest) -> Iterator[Any]:
    """``open_page(viewport=...)``: a page in a fresh browser context (its own local storage,
    so its own seats), with errors of the page's scripts collected in ``page.errors``."""
    contexts: list[Any] = []

    def make(viewport: dict[str, int] | None = None) -> Any:
        context = browser.new_context(base_url=server,
                                      viewport=viewport or {"width": 1280, "height": 900})
        contexts.append(context)
        page = context.new_page()
        page.errors = []
        page.on("pageerror", lambda error: page.errors.append(str(error)))
        return page

    yield make
    failed = getattr(request.node, "failed_call", False)
    for number, context in enumerate(contexts):
        for index, page in enumerate(context.pages):
            if failed:
                ARTIFACTS.mkdir(parents=True, exist_ok=True)
                name = f"{request.node.name}-{number}-{index}.png"
                page.screenshot(path=str(ARTIFACTS / name), full_page=True)
        context.close()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[Any]) -> Any:
    report = yield
    if report.when == "call" and report.failed:
        item.failed_call = True  # type: ignore[attr-defined]
    return report
