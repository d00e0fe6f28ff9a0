"""Saturation answers 503 with Retry-After, never 500; followers share one Redis connection."""

from __future__ import annotations

import sqlite3

import pytest
import redis

from api import close_app, create_app
from tests.conftest import make_service

from .helpers import bearer, create

SECRET_2 = {"kind": "secret", "n": 2}
FOLLOWERS = 150  # above redis-py's usual per-worker pool (100)


def redis_connections(client) -> int:
    return len(client.client_list())


def test_many_open_streams_hold_no_redis_connection_each(app, client, redis_client):
    body = create(client)
    game_id = body["game_id"]
    before = redis_connections(redis_client)
    streams = [client.get(f"/games/{game_id}/stream", buffered=False) for _ in range(FOLLOWERS)]
    polls_open = redis_connections(redis_client)
    assert all(s.status_code == 200 for s in streams)
    assert polls_open - before <= 2  # the one subscriber, and the pool's own
    assert app.extensions["gamehall"].store.hub.followers() == FOLLOWERS
    # The rest of the API answers while they are open, and a move reaches a follower.
    answer = client.post(f"/games/{game_id}/moves", json={"move": SECRET_2},
                         headers=bearer(body["tokens"]["0"]))
    assert answer.status_code == 200
    frames = iter(streams[-1].response)
    seen = ""
    while "id: 3" not in seen:
        seen += next(frames).decode()
    for stream in streams:
        stream.close()
    assert app.extensions["gamehall"].store.hub.followers() == 0


def test_a_long_poll_wakes_on_the_move_it_waits_for(client):
    import threading

    body = create(client)
    game_id = body["game_id"]
    result = {}

    def poll() -> None:
        result["answer"] = client.get(f"/games/{game_id}/events?after=2&wait=10")

    poller = threading.Thread(target=poll)
    poller.start()
    answer = client.post(f"/games/{game_id}/moves", json={"move": SECRET_2},
                         headers=bearer(body["tokens"]["0"]))
    poller.join(timeout=10)
    assert answer.status_code == 200 and not poller.is_alive()
    assert [e["seq"] for e in result["answer"].json["events"]] == [3]


@pytest.fixture
def sqlite_app(tmp_path, redis_client):
    redis_client.flushdb()
    database = tmp_path / "games.sqlite"
    service = make_service({"PERSISTENCE_MODULE": "eventsourcing.sqlite",
                            "SQLITE_DBNAME": str(database), "SQLITE_LOCK_TIMEOUT": "1"})
    app = create_app({"TESTING": True, "GAMEHALL_SERVICE": service,
                      "GAMEHALL_REDIS": redis_client})
    yield app, database
    close_app(app)
    service.close()


def test_a_store_locked_past_its_timeout_answers_503_with_retry_after(sqlite_app):
    app, database = sqlite_app
    client = app.test_client()
    body = create(client)
    game_id, headers = body["game_id"], {**bearer(body["tokens"]["0"]),
                                         "Idempotency-Key": "locked"}
    locker = sqlite3.connect(database, timeout=0)
    locker.execute("BEGIN EXCLUSIVE")
    try:
        refused = client.post(f"/games/{game_id}/moves", json={"move": SECRET_2},
                              headers=headers)
    finally:
        locker.rollback()
        locker.close()
    assert refused.status_code == 503 and refused.json["code"] == "unavailable"
    assert int(refused.headers["Retry-After"]) > 0
    retried = client.post(f"/games/{game_id}/moves", json={"move": SECRET_2}, headers=headers)
    assert retried.status_code == 200 and retried.json["version"] == 3


def test_redis_down_answers_503_with_retry_after(service_with_game):
    service, game_id = service_with_game
    down = redis.Redis(host="127.0.0.1", port=1, socket_connect_timeout=0.2)
    app = create_app({"TESTING": True, "GAMEHALL_SERVICE": service, "GAMEHALL_REDIS": down,
                      "CATCH_UP_ON_START": False})
    try:
        answer = app.test_client().get(f"/games/{game_id}")
    finally:
        close_app(app)
    assert answer.status_code == 503 and answer.headers["Retry-After"]


@pytest.fixture
def service_with_game():
    service = make_service()
    created, _ = service.create_game("toy", {}, [{"name": "a"}, {"name": "b"}])
    yield service, created.id
    service.close()
