"""A game on a clock over HTTP: the clock is chosen at creation and shown in the summary, a
wrong clock answers 400 or 422, and a player who vanishes loses the game (forfeit) or is
played for (autopilot) by the deadline loop, with no human action."""

from __future__ import annotations

import itertools
import time
from collections.abc import Iterator
from typing import Any

import pytest
from flask.testing import FlaskClient

from api import close_app, create_app
from domain.application import GameService
from tests.conftest import TEST_RECEIPT_KEY
from tests.test_clocks import Clock

from .helpers import LIFTED_LIMITS, bearer

HUMANS = [{"name": "ann"}, {"name": "bob"}]


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def clocked_client(redis_client: Any, clock: Clock) -> Iterator[FlaskClient]:
    redis_client.flushdb()
    issued = itertools.count()
    service = GameService({}, secret=b"test master secret", clock=clock,
                          new_token=lambda: f"token-{next(issued)}",
                          signing_key=TEST_RECEIPT_KEY)
    app = create_app({"TESTING": True, "GAMEHALL_SERVICE": service,
                      "GAMEHALL_REDIS": redis_client, "DEADLINE_SECONDS": 0.05,
                      **LIFTED_LIMITS})
    yield app.test_client()
    close_app(app)
    service.close()


def until(client: FlaskClient, game_id: str, done: Any, seconds: float = 10) -> dict[str, Any]:
    end = time.monotonic() + seconds
    while True:
        summary: dict[str, Any] = client.get(f"/games/{game_id}").json
        if done(summary) or time.monotonic() > end:
            return summary
        time.sleep(0.05)


def test_a_vanished_player_forfeits_to_the_one_who_played_with_no_human_action(
        clocked_client, clock):
    created = clocked_client.post("/games", json={"game": "toy", "players": HUMANS, "clock": {
        "per_move": 60, "bank": 30, "on_timeout": "forfeit"}}).json
    game_id, tokens = created["game_id"], created["tokens"]
    assert created["game"]["clock"]["deadlines"] == [
        {"seat": 0, "since": "2026-01-01T00:00:00+00:00", "deadline": "2026-01-01T00:01:30+00:00"},
        {"seat": 1, "since": "2026-01-01T00:00:00+00:00", "deadline": "2026-01-01T00:01:30+00:00"}]
    moved = clocked_client.post(f"/games/{game_id}/moves", headers=bearer(tokens["1"]),
                                json={"move": {"kind": "secret", "n": 2}})
    assert moved.status_code == 200
    clock.wait(91)
    summary = until(clocked_client, game_id, lambda s: s["status"] == "over")
    assert summary["status"] == "over" and summary["winners"] == [1]


def test_a_vanished_players_seat_is_played_by_the_autopilot(clocked_client, clock):
    created = clocked_client.post("/games", json={"game": "toy", "players": HUMANS, "clock": {
        "per_move": 60, "on_timeout": "autopilot"}}).json
    clock.wait(61)
    summary = until(clocked_client, created["game_id"], lambda s: s["version"] > 3)
    events = clocked_client.get(f"/games/{created['game_id']}/events").json["events"]
    assert [e["type"] for e in events].count("timed_out") == 2
    assert summary["status"] == "active"


@pytest.mark.parametrize(("clock_value", "status"), [
    ({"per_move": "60", "on_timeout": "forfeit"}, 400),
    ({"per_move": 0, "on_timeout": "forfeit"}, 400),
    ({"per_move": 60, "on_timeout": "later"}, 400),
    ({"per_move": 60}, 400)])
def test_a_wrong_clock_is_refused(clocked_client, clock_value, status):
    answer = clocked_client.post("/games", json={"game": "toy", "players": HUMANS,
                                                 "clock": clock_value})
    assert answer.status_code == status
