"""Saturation answers 503 with Retry-After, never 500; followers share one Redis connection;
rate limits answer 429 with Retry-After, per client and per token, counted across workers."""

from __future__ import annotations

import math
import sqlite3
import threading
import time
from contextlib import contextmanager

import pytest
import redis
from hypothesis import given
from hypothesis import strategies as st

from api import close_app, create_app
from api.limits import wait_for_room
from tests.conftest import make_service, postgres_admin
from tests.games.thrones.decklists import stark_fealty

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


HUNDRED = "100 per minute"


def statuses(answers) -> list[int]:
    return [answer.status_code for answer in answers]


def assert_rate_limited(answer) -> None:
    """A refusal a client can act on: the problem's code and a wait of at most a window and
    its start (all the test's requests fall in one window of a minute)."""
    assert answer.status_code == 429 and answer.json["code"] == "rate-limited"
    assert 0 < int(answer.headers["Retry-After"]) <= 61


def test_the_101st_request_of_a_client_over_100_a_minute_gets_429_with_retry_after(limited):
    client = limited(RATE_LIMIT_CLIENT=HUNDRED).test_client()
    answers = [client.get("/games") for _ in range(101)]
    assert statuses(answers) == [200] * 100 + [429]
    assert_rate_limited(answers[-1])


def test_the_101st_request_of_a_token_over_100_a_minute_gets_429_and_other_tokens_go_on(
        limited):
    client = limited(RATE_LIMIT_TOKEN=HUNDRED).test_client()
    body = create(client)
    game_id, tokens = body["game_id"], body["tokens"]
    answers = [client.get(f"/games/{game_id}/view", headers=bearer(tokens["0"]))
               for _ in range(101)]
    assert statuses(answers) == [200] * 100 + [429]
    assert_rate_limited(answers[-1])
    other = client.get(f"/games/{game_id}/view", headers=bearer(tokens["1"]))
    assert other.status_code == 200  # another seat's token is not held back by the first's


def test_a_client_cannot_escape_its_limit_by_spreading_requests_over_tokens_and_endpoints(
        limited):
    client = limited(RATE_LIMIT_CLIENT=HUNDRED).test_client()
    body = create(client)  # one request
    game_id = body["game_id"]
    paths = ["/games", f"/games/{game_id}", f"/games/{game_id}/view", "/no-such-page"]
    answers = [client.get(paths[n % 4], headers=bearer(f"made-up-{n}")) for n in range(99)]
    assert 429 not in statuses(answers)
    assert_rate_limited(client.get(f"/games/{game_id}", headers=bearer("yet-another")))


def test_a_forwarded_for_header_does_not_make_a_new_client(limited):
    client = limited(RATE_LIMIT_CLIENT="3 per minute").test_client()
    answers = [client.get("/games", headers={"X-Forwarded-For": f"10.0.0.{n}",
                                             "X-Real-IP": f"10.0.1.{n}"}) for n in range(4)]
    assert statuses(answers) == [200, 200, 200, 429]


def test_two_workers_on_one_redis_share_a_clients_count(limited):
    first = limited(RATE_LIMIT_CLIENT=HUNDRED).test_client()
    second = limited(RATE_LIMIT_CLIENT=HUNDRED).test_client()  # flushes Redis: nothing counted
    answers = [(first if n % 2 else second).get("/games") for n in range(100)]
    assert 429 not in statuses(answers)
    assert_rate_limited(first.get("/games"))
    assert_rate_limited(second.get("/games"))


def test_creating_games_has_a_tighter_limit_than_reading(limited):
    client = limited(RATE_LIMIT_CREATE="2 per minute").test_client()
    assert [create_status(client) for _ in range(3)] == [201, 201, 429]
    assert client.get("/games").status_code == 200


def create_status(client) -> int:
    return client.post("/games", json={"game": "toy", "players": [
        {"name": "a"}, {"name": "b"}]}).status_code


def test_forks_and_deck_registrations_count_against_the_creation_limit(limited):
    """Each creates as POST /games does (a fork of bots plays a whole game in its request),
    and all three share one count."""
    client = limited(RATE_LIMIT_CREATE="4 per minute").test_client()
    source = client.post("/games", json={"game": "toy", "players": [
        {"bot": "random"}, {"bot": "first"}]}).json["game_id"]
    fork = client.post(f"/games/{source}/fork", json={"at": 3}).status_code
    decks = [client.post("/decks", json={"game": "thrones", "name": "mine", **stark_fealty()})
             .status_code for _ in range(2)]
    refused = [client.post(f"/games/{source}/fork", json={"at": 3}), client.post(
        "/decks", json={"game": "thrones", "name": "mine", **stark_fealty()})]
    assert [fork, *decks] == [201, 201, 201]
    for answer in refused:
        assert_rate_limited(answer)
    assert create_status(client) == 429


def test_headers_report_the_limit_closest_to_refusing_the_client(limited):
    client = limited(RATE_LIMIT_CLIENT=HUNDRED, RATE_LIMIT_TOKEN="5 per minute").test_client()
    body = create(client)
    game_id, token = body["game_id"], body["tokens"]["0"]
    anonymous = client.get("/games")  # counts against the client's limit only
    assert anonymous.headers["X-RateLimit-Limit"] == "100"
    assert anonymous.headers["X-RateLimit-Remaining"] == "98"
    seated = [client.get(f"/games/{game_id}/view", headers=bearer(token)) for _ in range(6)]
    assert [a.headers["X-RateLimit-Limit"] for a in seated] == ["5"] * 6
    assert [a.headers["X-RateLimit-Remaining"] for a in seated] == ["4", "3", "2", "1", "0", "0"]
    assert statuses(seated) == [200] * 5 + [429]
    now = time.time()
    assert now < int(seated[-1].headers["X-RateLimit-Reset"]) <= now + 62
    assert int(seated[0].headers["X-RateLimit-Reset"]) <= now + 1  # room now


def test_a_refused_client_is_let_in_once_retry_after_has_passed_and_not_before(
        limited, redis_client):
    client = limited(RATE_LIMIT_CLIENT=HUNDRED).test_client()
    answers = [client.get("/games") for _ in range(101)]
    wait = int(answers[-1].headers["Retry-After"])
    age_the_counts(redis_client, wait - 2)
    assert client.get("/games").status_code == 429
    age_the_counts(redis_client, 2)
    assert client.get("/games").status_code == 200


def age_the_counts(redis_client, seconds: int) -> None:
    """Every rate limit count in Redis as it will be ``seconds`` from now (its windows' TTLs
    are its clock), without the test waiting them out."""
    for key in redis_client.scan_iter("{gh:limits:*"):
        left = redis_client.pttl(key) - seconds * 1000
        if left > 0:
            redis_client.pexpire(key, left)
        else:
            redis_client.delete(key)


def test_limits_still_count_after_redis_forgets_its_scripts(limited, redis_client):
    client = limited(RATE_LIMIT_CLIENT="2 per minute").test_client()
    assert client.get("/games").status_code == 200
    redis_client.script_flush()  # as a restarted Redis would have
    assert statuses([client.get("/games") for _ in range(2)]) == [200, 429]


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


def fits_after(seconds: float, limit: int, expiry: float, previous: int, current: int,
               window_ends: float) -> bool:
    """Whether limits' sliding window script lets one more request in ``seconds`` from now,
    with no other request meanwhile (this window ends, and the last one's key expires, in
    ``window_ends`` seconds)."""
    if seconds < window_ends:
        return math.floor(previous * (window_ends - seconds) / expiry) + current < limit
    faded = seconds - window_ends
    return faded >= expiry or math.floor(current * (expiry - faded) / expiry) < limit


@given(limit=st.integers(1, 2000), expiry=st.sampled_from([1, 60, 3600]),
       data=st.data())
def test_retry_after_is_when_the_window_lets_one_more_request_in(limit, expiry, data):
    previous = data.draw(st.integers(0, limit))
    current = data.draw(st.integers(0, limit))
    window_ends = data.draw(st.floats(0, expiry))
    wait = wait_for_room(limit, expiry, previous, window_ends, current, window_ends + expiry)
    epsilon = expiry * 1e-6
    assert fits_after(wait + epsilon, limit, expiry, previous, current, window_ends)
    if wait > epsilon:
        assert not fits_after(wait - epsilon, limit, expiry, previous, current, window_ends)


def test_a_misspelt_limit_stops_the_app_at_its_start(limited):
    with pytest.raises(ValueError):
        limited(RATE_LIMIT_TOKEN="600 a minute")
