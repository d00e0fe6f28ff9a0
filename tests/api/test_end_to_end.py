"""The real server (gunicorn, gevent workers, SQLite and embedded Redis under a temporary
var/) plays a whole best-of-three Revolution match between two HTTP clients."""

from __future__ import annotations

import json
import os
import random
import threading
from pathlib import Path
from typing import Any

import pytest

from api.serve import spawned
from bench.api_client import Client

pytest.importorskip("domain.games.revolution")


@pytest.fixture
def server(tmp_path: Path, redis_client: Any):
    if os.environ.get("REDIS_URL"):
        redis_client.flushdb()  # the server uses the same Redis: start from an empty one
    var = tmp_path / "var"
    with spawned(str(var), environ={**os.environ, "GAMEHALL_STORE": "sqlite"}) as url:
        yield url
    assert not (var / "redis" / "redis.sock").exists(), "the embedded Redis outlived the server"


def play_seat(url: str, game_id: str, token: str, seed: int, log: list[str]) -> None:
    """One player: read my view; if asked, post one of my legal moves; else long-poll."""
    client, pick = Client(url, token), random.Random(seed)
    base = f"/games/{game_id}"
    try:
        while True:
            mine = client.get(f"{base}/view").json
            if mine["status"] != "active":
                return
            if mine["prompt"] is None:
                client.get(f"{base}/events?after={mine['version']}&wait=5")
                continue
            move = pick.choice(mine["prompt"]["legal_moves"])
            answer = client.post(f"{base}/moves", {"move": move,
                                                   "expected_version": mine["version"]},
                                 headers={"Idempotency-Key": f"{seed}-{mine['version']}"})
            assert answer.status < 500, answer.body
            if answer.status != 200:  # the other seat moved first (a simultaneous prompt)
                assert answer.json["code"] in ("stale-version", "not-your-turn"), answer.body
            log.append(f"{answer.status}")
    finally:
        client.close()


def test_two_http_clients_play_a_whole_revolution_match(server):
    lobby = Client(server)
    created = lobby.post("/games", {"game": "revolution",
                                    "players": [{"name": "ann"}, {"name": "bob"}]})
    assert created.status == 201, created.body
    game_id, tokens = created.json["game_id"], created.json["tokens"]
    logs: list[list[str]] = [[], []]
    players = [threading.Thread(target=play_seat, args=(server, game_id, tokens[str(s)], s,
                                                        logs[s])) for s in (0, 1)]
    for player in players:
        player.start()
    for player in players:
        player.join(timeout=300)
    summary = lobby.get(f"/games/{game_id}").json
    assert summary["status"] == "over" and summary["result"]["winners"]
    assert logs[0].count("200") > 5 and logs[1].count("200") > 5

    replay = lobby.get(f"/games/{game_id}/replay").json
    assert replay["complete"]
    verdict = lobby.post("/replays/verify", replay).json
    assert verdict["valid"], verdict
    exported = lobby.get("/replays/export?game=revolution").body.decode().splitlines()
    assert [json.loads(line)["game_id"] for line in exported] == [game_id]
    stream = lobby.get(f"/games/{game_id}/stream").body.decode()
    assert stream.count("\nid: ") + stream.startswith("id: ") >= summary["version"] - 1
    assert "event: end" in stream
    lobby.close()


def test_open_event_streams_do_not_starve_the_rest_of_the_api(server):
    import http.client
    import time
    from urllib.parse import urlsplit

    lobby = Client(server)
    created = lobby.post("/games", {"game": "revolution",
                                    "players": [{"name": "ann"}, {"name": "bob"}]})
    game_id = created.json["game_id"]
    parts = urlsplit(server)
    streams = []
    for _ in range(24):  # far more than 2 workers could serve one thread each
        connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
        connection.request("GET", f"/games/{game_id}/stream")
        response = connection.getresponse()
        assert response.status == 200
        streams.append((connection, response))
    start = time.perf_counter()
    answer = lobby.get("/games/catalog")
    elapsed = time.perf_counter() - start
    assert answer.status == 200
    assert elapsed < 2.0, f"the catalog took {elapsed:.2f} s with 24 streams open"
    for connection, _ in streams:
        connection.close()
    lobby.close()
