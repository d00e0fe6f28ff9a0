"""Caps on open streams and waiting long-polls: per client address and per seat token (counted
in Redis, shared by every worker), per worker (in its memory); a slot comes back when its
request ends, and a lease nobody renews (a killed worker's) lapses."""

from __future__ import annotations

import time

import pytest

from api import close_app, create_app
from api.streams import address_block, worker_share
from tests.conftest import make_service

from .helpers import PROBLEM, bearer, create


@pytest.fixture
def capped(redis_client):
    """``capped(**config)``: apps over one Redis and one service, with the given caps (two
    apps made so are two workers)."""
    redis_client.flushdb()
    service = make_service()
    made = []

    def make(**config):
        app = create_app({"TESTING": True, "GAMEHALL_SERVICE": service,
                          "GAMEHALL_REDIS": redis_client, "STREAM_KEEPALIVE": 0.05,
                          "STREAM_MAX_SECONDS": 30.0, **config})
        made.append(app)
        return app

    yield make
    for app in made:
        close_app(app)
    service.close()


def from_address(address: str) -> dict[str, dict[str, str]]:
    return {"environ_base": {"REMOTE_ADDR": address}}


def open_stream(client, game_id, address="10.0.0.1", token=None):
    return client.get(f"/games/{game_id}/stream", buffered=False,
                      headers=bearer(token) if token else {}, **from_address(address))


def assert_too_many_streams(answer) -> None:
    assert answer.status_code == 429 and answer.mimetype == PROBLEM
    assert answer.json["code"] == "too-many-streams"
    assert int(answer.headers["Retry-After"]) > 0


def test_an_address_past_its_cap_of_streams_gets_429_and_another_address_goes_on(capped):
    client = capped(STREAMS_PER_ADDRESS=3).test_client()
    game_id = create(client)["game_id"]
    streams = [open_stream(client, game_id) for _ in range(3)]
    refused = open_stream(client, game_id)
    other = open_stream(client, game_id, address="10.0.0.2")
    assert [s.status_code for s in streams] == [200] * 3
    assert_too_many_streams(refused)
    assert other.status_code == 200
    for stream in (*streams, other):
        stream.close()


def test_two_workers_share_an_addresses_count(capped):
    first, second = (capped(STREAMS_PER_ADDRESS=2).test_client() for _ in range(2))
    game_id = create(first)["game_id"]
    streams = [open_stream(first, game_id), open_stream(second, game_id)]
    assert_too_many_streams(open_stream(first, game_id))
    assert_too_many_streams(open_stream(second, game_id))
    for stream in streams:
        stream.close()


def test_an_ipv6_client_is_counted_by_its_64_block(capped):
    client = capped(STREAMS_PER_ADDRESS=1).test_client()
    game_id = create(client)["game_id"]
    held = open_stream(client, game_id, address="2001:db8:1:2::5")
    assert_too_many_streams(open_stream(client, game_id, address="2001:db8:1:2:ffff::9"))
    assert open_stream(client, game_id, address="2001:db8:1:3::5").status_code == 200
    held.close()
    assert address_block("::ffff:10.0.0.1") == "10.0.0.1"


def test_a_token_past_its_cap_gets_429_from_any_address(capped):
    client = capped(STREAMS_PER_TOKEN=2).test_client()
    body = create(client)
    game_id, token = body["game_id"], body["tokens"]["0"]
    streams = [open_stream(client, game_id, f"10.0.1.{n}", token) for n in range(2)]
    assert_too_many_streams(open_stream(client, game_id, "10.0.1.9", token))
    assert open_stream(client, game_id, "10.0.1.9", body["tokens"]["1"]).status_code == 200
    for stream in streams:
        stream.close()


def test_a_closed_stream_gives_its_slot_back(capped):
    client = capped(STREAMS_PER_ADDRESS=2).test_client()
    game_id = create(client)["game_id"]
    first, second = open_stream(client, game_id), open_stream(client, game_id)
    first.close()
    third = open_stream(client, game_id)
    assert third.status_code == 200
    for stream in (second, third):
        stream.close()


def test_a_waiting_long_poll_takes_a_slot_until_it_answers_and_a_quick_one_takes_none(capped):
    client = capped(STREAMS_PER_ADDRESS=1).test_client()
    game_id = create(client)["game_id"]
    held = open_stream(client, game_id)
    waiting = client.get(f"/games/{game_id}/events?after=2&wait=0.2", **from_address("10.0.0.1"))
    quick = client.get(f"/games/{game_id}/events?after=0&wait=5", **from_address("10.0.0.1"))
    assert_too_many_streams(waiting)
    assert quick.status_code == 200 and quick.json["events"]  # events waiting: no wait
    held.close()
    answered = client.get(f"/games/{game_id}/events?after=2&wait=0.2",
                          **from_address("10.0.0.1"))
    assert answered.status_code == 200 and answered.json["events"] == []
    again = open_stream(client, game_id)  # the long-poll gave its slot back
    assert again.status_code == 200
    again.close()


def test_a_worker_past_its_share_answers_503_with_retry_after(capped):
    client = capped(STREAMS_PER_WORKER=2).test_client()
    game_id = create(client)["game_id"]
    streams = [open_stream(client, game_id, f"10.0.2.{n}") for n in range(2)]
    refused = open_stream(client, game_id, "10.0.2.9")
    assert refused.status_code == 503 and refused.json["code"] == "unavailable"
    assert int(refused.headers["Retry-After"]) > 0
    assert client.get("/games").status_code == 200  # ordinary requests go on
    for stream in streams:
        stream.close()
    assert open_stream(client, game_id, "10.0.2.9").status_code == 200


def test_a_worker_keeps_a_quarter_of_its_connections_free_of_streams():
    assert worker_share({"STREAMS_PER_WORKER": 750, "WORKER_CONNECTIONS": 1000}) == 750
    assert worker_share({"STREAMS_PER_WORKER": 5000, "WORKER_CONNECTIONS": 1000}) == 750
    assert worker_share({"STREAMS_PER_WORKER": 750, "WORKER_CONNECTIONS": 40}) == 30


def test_a_lease_nobody_renews_lapses_and_its_slot_comes_back(capped):
    """A worker killed mid-stream gives nothing back: its leases lapse."""
    app = capped(STREAMS_PER_ADDRESS=1, STREAM_LEASE_SECONDS=0.5)
    client = app.test_client()
    game_id = create(client)["game_id"]
    app.extensions["gamehall-streams"].take("10.0.0.1", None)  # never given back, as by a
    # worker killed while it held the stream
    assert_too_many_streams(open_stream(client, game_id))
    time.sleep(0.6)
    assert open_stream(client, game_id).status_code == 200


def test_an_open_stream_renews_its_lease(capped):
    client = capped(STREAMS_PER_ADDRESS=1, STREAM_LEASE_SECONDS=0.3).test_client()
    game_id = create(client)["game_id"]
    held = open_stream(client, game_id)
    frames = iter(held.response)
    deadline = time.monotonic() + 0.9
    while time.monotonic() < deadline:  # the stream runs (and renews) for three lifetimes
        next(frames)
    assert_too_many_streams(open_stream(client, game_id))
    held.close()
