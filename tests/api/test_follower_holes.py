"""On PostgreSQL writes commit in parallel, so a write that took an earlier notification id
can commit after a later one: the follower that catches the listing up with writers outside
the API looks again for each id it passed over, and still projects such a write."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from typing import Any
from uuid import UUID

import pytest
from flask import Flask

from api import close_app, create_app
from projections.rebuild import HOLE_SECONDS, catch_up
from tests.conftest import make_service, postgres_admin, wait_for_inserts_waiting

from .helpers import LIFTED_LIMITS, create

pytestmark = pytest.mark.postgres
SECRET = {"kind": "secret", "n": 3}


@pytest.fixture
def postgres_app(redis_client: Any, postgres_env: dict[str, str]) -> Iterator[Flask]:
    redis_client.flushdb()
    service = make_service(postgres_env)
    app = create_app({"TESTING": True, "GAMEHALL_SERVICE": service,
                      "GAMEHALL_REDIS": redis_client, **LIFTED_LIMITS})
    yield app
    close_app(app)
    service.close()


def listed_versions(client: Any) -> dict[str, int]:
    return {game["game_id"]: game["version"] for game in client.get("/games").json["games"]}


def test_a_write_that_commits_after_a_later_one_still_reaches_the_listing(postgres_app,
                                                                        postgres_env):
    client = postgres_app.test_client()
    service = postgres_app.extensions["gamehall"].service
    slow, fast = create(client)["game_id"], create(client)["game_id"]
    before = listed_versions(client)
    after = {game_id: version + 1 for game_id, version in before.items()}
    table = f"{postgres_env['POSTGRES_SCHEMA']}.{service.recorder.events_table_name}"
    with postgres_admin() as blocker:
        # A transaction that holds the slow game's next version, uncommitted: the move below
        # takes its notification id, then waits on that row until the blocker gives up.
        blocker.execute("BEGIN")
        held = blocker.execute(
            f"INSERT INTO {table} (originator_id, originator_version, topic, state) "
            "VALUES (%s, %s, 'held', ''::bytea) RETURNING notification_id",
            [slow, after[slow]]).fetchone()[0]
        moving = threading.Thread(target=service.play, args=(UUID(slow), 1, [SECRET], "bob"))
        moving.start()
        wait_for_inserts_waiting(postgres_env["POSTGRES_SCHEMA"])
        service.play(UUID(fast), 1, [SECRET], "bob")  # a later id, committed first
        assert listed_versions(client) == {slow: before[slow], fast: after[fast]}
        blocker.execute("ROLLBACK")
        moving.join(timeout=30)
    assert not moving.is_alive()
    assert listed_versions(client) == after
    # The blocker's id is never used: it is remembered until it has been waited for long
    # enough, then forgotten.
    store = postgres_app.extensions["gamehall"].projector.store
    assert set(store.holes()) == {held}
    catch_up(postgres_app.extensions["gamehall"].projector,
             clock=lambda: time.time() + HOLE_SECONDS + 1)
    assert store.holes() == {}
