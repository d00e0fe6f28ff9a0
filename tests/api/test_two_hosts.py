"""Two API hosts on one PostgreSQL and one Redis: two independent ``gamehall serve`` processes
(separate ports and var folders, as two machines would be) play one game through both in
turn, and a long-poll on one host is woken by a move made on the other."""

from __future__ import annotations

import os
import random
import secrets
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest

from api.serve import spawned
from bench.api_client import Client
from projections.store import embedded_server

pytest.importorskip("domain.games.revolution")
pytestmark = pytest.mark.postgres


@pytest.fixture
def two_hosts(tmp_path: Path, postgres_env: dict[str, str],
              redis_client: Any) -> Iterator[list[str]]:
    with ExitStack() as stack:
        if os.environ.get("REDIS_URL"):
            redis_client.flushdb()
            redis_url = os.environ["REDIS_URL"]
        else:  # one Redis server both hosts reach, as a REDIS_URL would name
            redis_url = stack.enter_context(embedded_server(tmp_path / "redis"))
        environ = {**os.environ, **postgres_env, "GAMEHALL_STORE": "postgres",
                   "GAMEHALL_SECRET": secrets.token_hex(32), "REDIS_URL": redis_url}
        yield [stack.enter_context(spawned(str(tmp_path / f"host-{name}"), environ=environ))
               for name in ("a", "b")]


def long_poll(url: str, game_id: str, after: int, into: dict[str, Any]) -> None:
    client = Client(url)
    into["answer"] = client.get(f"/games/{game_id}/events?{after=}&wait=25")
    client.close()


def follow_stream(url: str, game_id: str, into: dict[str, Any]) -> None:
    client = Client(url)
    into["stream"] = client.get(f"/games/{game_id}/stream").body.decode()
    client.close()


def test_one_game_played_through_two_hosts_in_turn_wakes_long_polls_across_hosts(two_hosts):
    lobbies = [Client(url) for url in two_hosts]
    created = lobbies[0].post("/games", {"game": "revolution",
                                         "players": [{"name": "ann"}, {"name": "bob"}]})
    assert created.status == 201, created.body
    game_id, tokens = created.json["game_id"], created.json["tokens"]
    seats = [[Client(url, tokens[str(seat)]) for url in two_hosts] for seat in (0, 1)]
    streamed: dict[str, Any] = {}  # a spectator's stream on host b, for the whole game
    spectator = threading.Thread(target=follow_stream, args=(two_hosts[1], game_id, streamed))
    spectator.start()
    pick, moves = random.Random(14), 0
    while True:
        host = moves % 2  # this move goes to host a, the next to host b, and so on
        summary = lobbies[host].get(f"/games/{game_id}").json
        if summary["status"] != "active":
            break
        seat = summary["waiting_for"][0]
        mine = seats[seat][host].get(f"/games/{game_id}/view").json
        assert mine["version"] == summary["version"]  # the other host's last move is seen
        poll: dict[str, Any] = {}
        poller = None
        if moves < 6:  # a long-poll on the other host, waiting before the move is made
            poller = threading.Thread(target=long_poll, args=(
                two_hosts[1 - host], game_id, summary["version"], poll))
            poller.start()
            poller.join(timeout=1.0)
        answer = seats[seat][host].post(
            f"/games/{game_id}/moves",
            {"move": pick.choice(mine["prompt"]["legal_moves"]),
             "expected_version": summary["version"]},
            headers={"Idempotency-Key": f"move-{moves}"})
        assert answer.status == 200, answer.body
        if poller is not None:
            poller.join(timeout=20)
            assert not poller.is_alive(), "the long-poll was not woken by the other host"
            assert poll["answer"].json["events"][0]["seq"] == summary["version"] + 1
        moves += 1

    assert summary["status"] == "over" and summary["result"]["winners"] and moves > 10
    spectator.join(timeout=30)
    ids = [int(line[4:]) for line in streamed["stream"].splitlines() if line.startswith("id: ")]
    assert ids == list(range(1, summary["version"] + 1)) and "event: end" in streamed["stream"]
    for lobby in lobbies:
        replay = lobby.get(f"/games/{game_id}/replay").json
        assert replay["complete"] and lobby.post("/replays/verify", replay).json["valid"]
    # Both hosts show the same summary: the one the game ended with, and the verdict of the
    # server's own re-verification, which a host adds off the request path once it is done.
    verdicts = [verified_summary(lobby, game_id) for lobby in lobbies]
    assert verdicts[0] == verdicts[1] and verdicts[0]["verification"]["verified"] is True
    assert {**verdicts[0], "verification": None} == {**summary, "verification": None}
    for client in [*lobbies, *seats[0], *seats[1]]:
        client.close()


def verified_summary(lobby: Any, game_id: str, seconds: float = 30) -> dict[str, Any]:
    """The game's summary once the server's re-verification has given its verdict."""
    deadline = time.monotonic() + seconds
    while True:
        summary: dict[str, Any] = lobby.get(f"/games/{game_id}").json
        if summary["verification"] is not None or time.monotonic() > deadline:
            return summary
        time.sleep(0.1)
