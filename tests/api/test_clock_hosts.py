"""Deadlines fired exactly once: two ``gamehall serve`` hosts on one PostgreSQL and one Redis
both run the deadline loop, and every timeout of a clocked game whose players have vanished is
recorded once; a deadline that passes while no host runs is fired by the next host to start,
even with Redis flushed meanwhile (the deadlines are rebuilt from the event store)."""

from __future__ import annotations

import os
import secrets
import time
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
import redis

from api.serve import spawned
from bench.api_client import Client
from projections.store import embedded_server

pytest.importorskip("domain.games.revolution")
pytestmark = pytest.mark.postgres

VANISHING = {"game": "revolution", "players": [{"name": "ann"}, {"name": "bob"}]}


@pytest.fixture
def environ(tmp_path: Path, postgres_env: dict[str, str],
            redis_client: Any) -> Iterator[dict[str, str]]:
    with ExitStack() as stack:
        if os.environ.get("REDIS_URL"):
            redis_client.flushdb()
            redis_url = os.environ["REDIS_URL"]
        else:  # one Redis server every host reaches, as a REDIS_URL would name
            redis_url = stack.enter_context(embedded_server(tmp_path / "redis"))
        yield {**os.environ, **postgres_env, "GAMEHALL_STORE": "postgres",
               "GAMEHALL_SECRET": secrets.token_hex(32), "REDIS_URL": redis_url}


def events_of(client: Client, game_id: str) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = client.get(f"/games/{game_id}/replay").json["events"]
    return found


def wait_for(seconds: float, done: Any) -> None:
    end = time.monotonic() + seconds
    while not done() and time.monotonic() < end:
        time.sleep(0.2)


def test_two_hosts_fire_each_deadline_of_a_vanished_players_game_once(tmp_path, environ):
    with spawned(str(tmp_path / "a"), environ=environ) as a, \
            spawned(str(tmp_path / "b"), environ=environ) as b:
        lobby = Client(a)
        created = lobby.post("/games", {**VANISHING, "clock": {
            "per_move": 1, "on_timeout": "autopilot"}})
        assert created.status == 201, created.body
        game_id = created.json["game_id"]
        wait_for(30, lambda: sum(e["type"] == "timed_out"
                                 for e in events_of(lobby, game_id)) >= 4)
        events = events_of(Client(b), game_id)
    timeouts = [(e["payload"]["seat"], e["payload"]["deadline"])
                for e in events if e["type"] == "timed_out"]
    assert len(timeouts) >= 4 and len(set(timeouts)) == len(timeouts)
    for index, event in enumerate(events):
        if event["type"] == "timed_out":  # each answered once, by the autopilot, at once
            answer = events[index + 1]
            assert answer["type"] == "move_made" and answer["payload"]["by"] == "autopilot"
            assert answer["seat"] == event["seat"]


def test_a_deadline_passed_while_no_host_ran_is_fired_after_a_restart(tmp_path, environ):
    with spawned(str(tmp_path / "a"), environ=environ) as a:
        created = Client(a).post("/games", {**VANISHING, "clock": {
            "per_move": 2, "on_timeout": "forfeit"}})
        game_id = created.json["game_id"]
    time.sleep(3)  # the deadline passes with no host running
    redis.Redis.from_url(environ["REDIS_URL"]).flushdb()  # and Redis forgets everything
    with spawned(str(tmp_path / "b"), environ=environ) as b:
        lobby = Client(b)
        wait_for(20, lambda: lobby.get(f"/games/{game_id}").json["status"] == "over")
        summary = lobby.get(f"/games/{game_id}").json
        events = events_of(lobby, game_id)
    assert summary["status"] == "over" and len(summary["result"]["winners"]) == 1
    assert [e["type"] for e in events].count("timed_out") == 1
    assert [e["type"] for e in events][-3:] == ["timed_out", "resigned", "seed_revealed"]
