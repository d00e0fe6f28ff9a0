"""Saturation answers 503 with Retry-After, never 500; followers share one Redis connection."""

from __future__ import annotations

import sqlite3
import threading
import time
from contextlib import contextmanager

import pytest
import redis

from api import close_app, create_app
from tests.conftest import make_service, postgres_admin

from .helpers import bearer, create, move, view

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


@pytest.fixture
def one_connection_app(postgres_env, redis_client):
    """An app over PostgreSQL with a pool of one connection."""
    redis_client.flushdb()
    service = make_service({**postgres_env, "POSTGRES_POOL_SIZE": "1",
                            "POSTGRES_MAX_OVERFLOW": "0", "POSTGRES_CONNECT_TIMEOUT": "1"})
    app = create_app({"TESTING": True, "GAMEHALL_SERVICE": service,
                      "GAMEHALL_REDIS": redis_client})
    yield app, service
    close_app(app)
    service.close()


@pytest.mark.postgres
def test_a_postgres_pool_saturated_past_its_timeout_answers_503_with_retry_after(
        one_connection_app):
    app, service = one_connection_app
    client = app.test_client()
    body = create(client)
    game_id, headers = body["game_id"], {**bearer(body["tokens"]["0"]),
                                         "Idempotency-Key": "saturated"}
    with service.recorder.datastore.pool.connection():  # the pool's only connection, taken
        refused = client.post(f"/games/{game_id}/moves", json={"move": SECRET_2},
                              headers=headers)
    assert refused.status_code == 503 and refused.json["code"] == "unavailable"
    assert int(refused.headers["Retry-After"]) > 0
    retried = client.post(f"/games/{game_id}/moves", json={"move": SECRET_2}, headers=headers)
    assert retried.status_code == 200 and retried.json["version"] == 3


@pytest.mark.postgres
def test_moves_that_wait_out_a_held_events_table_lock_all_land(one_connection_app,
                                                               postgres_env):
    """The events table locked by another writer past the lock timeout, move after move: each
    write is tried again on the same pooled connection and lands (a prepared statement lost
    with an aborted pipeline once answered 500 here)."""
    app, _ = one_connection_app
    client = app.test_client()
    body = create(client, options={"goal": 500})
    game_id, tokens = body["game_id"], body["tokens"]
    table = f"{postgres_env['POSTGRES_SCHEMA']}.gamehall_events"
    statuses = []
    for _ in range(8):
        seat = client.get(f"/games/{game_id}").json["waiting_for"][0]
        legal = view(client, game_id, tokens[str(seat)])["prompt"]["legal_moves"]
        with held_lock(table, seconds=1.5):
            statuses.append(move(client, game_id, tokens[str(seat)], legal[0]).status_code)
    assert statuses == [200] * 8


@contextmanager
def held_lock(table: str, seconds: float):
    """``table`` locked against writers by another connection, for ``seconds`` from now."""
    locked = threading.Event()

    def hold() -> None:
        with postgres_admin() as admin, admin.transaction():
            admin.execute(f"LOCK TABLE {table} IN EXCLUSIVE MODE")
            locked.set()
            time.sleep(seconds)

    holder = threading.Thread(target=hold)
    holder.start()
    locked.wait(timeout=10)
    try:
        yield
    finally:
        holder.join()


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


@pytest.fixture
def limited(redis_client):
    """An app with small limits, so a test can cross them."""
    made = []

    def make(**config):
        redis_client.flushdb()
        service = make_service()
        app = create_app({"TESTING": True, "GAMEHALL_SERVICE": service,
                          "GAMEHALL_REDIS": redis_client, **config})
        made.append((app, service))
        return app

    yield make
    for app, service in made:
        close_app(app)
        service.close()


def test_a_client_over_its_rate_limit_gets_429_with_retry_after(limited):
    client = limited(RATE_LIMIT_CLIENT="5 per minute").test_client()
    answers = [client.get("/games") for _ in range(6)]
    assert [a.status_code for a in answers] == [200] * 5 + [429]
    refused = answers[-1]
    assert refused.json["code"] == "rate-limited" and int(refused.headers["Retry-After"]) > 0


def test_each_token_has_its_own_limit(limited):
    client = limited(RATE_LIMIT_TOKEN="3 per minute").test_client()
    body = create(client)
    game_id, tokens = body["game_id"], body["tokens"]
    first = [client.get(f"/games/{game_id}/view", headers=bearer(tokens["0"]))
             for _ in range(4)]
    assert [a.status_code for a in first] == [200, 200, 200, 429]
    other = client.get(f"/games/{game_id}/view", headers=bearer(tokens["1"]))
    assert other.status_code == 200  # another seat's token is not held back by the first's


def test_creating_games_has_a_tighter_limit_than_reading(limited):
    client = limited(RATE_LIMIT_CREATE="2 per minute").test_client()
    assert [create_status(client) for _ in range(3)] == [201, 201, 429]
    assert client.get("/games").status_code == 200


def create_status(client) -> int:
    return client.post("/games", json={"game": "toy", "players": [
        {"name": "a"}, {"name": "b"}]}).status_code


def test_heavy_work_beyond_its_slots_answers_503_and_records_nothing(limited):
    app = limited(HEAVY_SLOTS=1, HEAVY_WAIT_SECONDS=0.05)
    client = app.test_client()
    slots = app.extensions["gamehall-heavy"]._slots
    assert slots.acquire(timeout=1)  # another request holds the only slot
    try:
        bots = client.post("/games", json={"game": "toy", "players": [
            {"bot": "random"}, {"bot": "first"}]})
        verify = client.post("/replays/verify", json={"format": "gamehall-replay"})
    finally:
        slots.release()
    assert bots.status_code == verify.status_code == 503
    assert bots.headers["Retry-After"] and verify.headers["Retry-After"]
    assert client.get("/games").json["games"] == []
    again = client.post("/games", json={"game": "toy", "players": [
        {"bot": "random"}, {"bot": "first"}]})
    assert again.status_code == 201 and again.json["game"]["status"] == "over"
