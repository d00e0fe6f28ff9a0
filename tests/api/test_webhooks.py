"""Webhooks: each inbox event POSTed, signed as Standard Webhooks says, at least once from an
outbox in the event store, with retries; URLs that reach private addresses refused."""

from __future__ import annotations

import base64
import hashlib
import hmac
import inspect
import ipaddress
import json
import socket
import time
import uuid
from types import SimpleNamespace

import pytest

from api import close_app, create_app, webhooks
from tests.conftest import make_service

from .helpers import LIFTED_LIMITS, bearer, move
from .players_helpers import FAST_WEBHOOKS, Receiver, game_of, register, warning_hosts


@pytest.fixture
def receiver():
    found = Receiver(failures=2)
    yield found
    found.close()


def verified(secret, headers, body):
    """Standard Webhooks' verification, written from the specification: base64 of
    HMAC-SHA256 over "id.timestamp.body", keyed with the secret's base64-decoded bytes."""
    key = base64.b64decode(secret.removeprefix("whsec_"))
    content = f"{headers['webhook-id']}.{headers['webhook-timestamp']}.".encode() + body
    expected = base64.b64encode(hmac.new(key, content, hashlib.sha256).digest()).decode()
    return any(hmac.compare_digest(f"v1,{expected}", part)
               for part in headers["webhook-signature"].split())


def wait_for(condition, seconds=30.0):
    """Wait until ``condition`` holds: patiently, since a busy machine delays the dispatcher's
    thread (what is asserted is that it comes, not how soon)."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.02)


def bobs_turn(web, receiver):
    """ann and bob in a game, bob's webhook set, then ann's move makes it bob's turn."""
    ann, bob = register(web, "ann"), register(web, "bob")
    hooked = web.put("/players/me/webhook", json={"url": receiver.url},
                     headers=bearer(bob["key"]))
    assert hooked.status_code == 200, hooked.json
    game_id = game_of(web, ann["key"], [{"player": "me"}, {"open": True}])["game_id"]
    web.post(f"/games/{game_id}/seats/1", json={}, headers=bearer(bob["key"]))
    assert move(web, game_id, ann["key"], {"kind": "pass"}).status_code == 200
    return bob, hooked.json["secret"], game_id


def test_a_receiver_that_fails_twice_gets_each_notification_once_with_one_webhook_id(
        web, receiver):
    bob, secret, game_id = bobs_turn(web, receiver)

    wait_for(lambda: len(receiver.requests) >= 3)
    time.sleep(0.3)  # nothing more comes once one attempt succeeded

    assert len(receiver.requests) == 3
    assert len({headers["webhook-id"] for headers, _ in receiver.requests}) == 1
    headers, body = receiver.requests[-1]
    assert secret.startswith("whsec_") and verified(secret, headers, body)
    event = json.loads(body)
    assert event["type"] == "your-turn" and event["data"]["game_id"] == game_id
    log = web.get("/players/me/webhook/deliveries", headers=bearer(bob["key"])).json
    [delivery] = log["deliveries"]
    assert delivery["status"] == "delivered" and delivery["webhook_id"] == headers["webhook-id"]
    assert [a["status"] for a in delivery["attempts"]] == [500, 500, 200]


def test_a_notification_owed_survives_the_process_and_a_flushed_redis(
        redis_client, store_env, receiver):
    receiver.failures = 10_000  # down while the first process runs
    service = make_service(store_env)
    config = {"TESTING": True, "GAMEHALL_SERVICE": service, "GAMEHALL_REDIS": redis_client,
              **LIFTED_LIMITS, **FAST_WEBHOOKS, "GAMEHALL_WEBHOOK_BACKOFF": 60.0}
    redis_client.flushdb()
    first = create_app(config)
    bobs_turn(first.test_client(), receiver)
    wait_for(lambda: len(receiver.requests) >= 1)
    close_app(first)
    redis_client.flushdb()  # its schedule lost with Redis
    receiver.failures = 0

    second = create_app(config)
    try:
        wait_for(lambda: len(receiver.requests) >= 2)
    finally:
        close_app(second)
        service.close()

    assert len({headers["webhook-id"] for headers, _ in receiver.requests}) == 1


@pytest.mark.parametrize("url", [
    "https://127.0.0.1/hook", "https://localhost/hook", "https://10.1.2.3/hook",
    "https://169.254.169.254/latest/meta-data", "https://[::1]/hook",
    "https://192.168.0.10/hook", "https://100.100.100.200/hook", "http://example.com/hook",
    "https://user:pw@example.com/hook", "ftp://example.com/hook"])
def test_a_webhook_url_that_is_not_https_or_reaches_a_private_address_is_refused(client, url):
    key = client.post("/players", json={"name": "ann"}).json["key"]

    answer = client.put("/players/me/webhook", json={"url": url}, headers=bearer(key))

    assert answer.status_code == 422 and answer.json["code"] == "webhook-refused"
    assert client.get("/players/me", headers=bearer(key)).json["webhook"] is None


def test_setting_the_webhook_again_makes_a_new_secret_and_null_removes_it(web, receiver):
    key = register(web, "ann")["key"]
    first = web.put("/players/me/webhook", json={"url": receiver.url}, headers=bearer(key))
    second = web.put("/players/me/webhook", json={"url": receiver.url}, headers=bearer(key))

    removed = web.put("/players/me/webhook", json={"url": None}, headers=bearer(key))

    assert first.json["secret"] != second.json["secret"]
    assert removed.json == {"url": None, "secret": None}
    assert web.get("/players/me", headers=bearer(key)).json["webhook"] is None


def test_a_notification_owed_to_a_webhook_since_removed_is_dropped_not_sent(web, receiver):
    receiver.failures = 10_000
    bob, _, _ = bobs_turn(web, receiver)
    wait_for(lambda: len(receiver.requests) >= 1)

    web.put("/players/me/webhook", json={"url": None}, headers=bearer(bob["key"]))

    def last_attempt():
        log = web.get("/players/me/webhook/deliveries", headers=bearer(bob["key"])).json
        return log["deliveries"][0]["attempts"][-1]
    wait_for(lambda: "removed" in (last_attempt()["error"] or ""))
    sent = len(receiver.requests)
    time.sleep(0.3)
    assert len(receiver.requests) == sent


def test_a_deadline_soon_is_posted_to_the_webhook_once(web, receiver):
    receiver.failures = 0
    ann, bob = register(web, "ann"), register(web, "bob")
    web.put("/players/me/webhook", json={"url": receiver.url}, headers=bearer(ann["key"]))
    game_id = game_of(web, ann["key"], [{"player": "me"}, {"open": True}],
                      clock={"per_move": 2, "on_timeout": "forfeit"})["game_id"]
    web.post(f"/games/{game_id}/seats/1", json={}, headers=bearer(bob["key"]))
    hosts = warning_hosts(web.application, game_id, ann["key"])

    def types():
        return [json.loads(body)["type"] for _, body in receiver.requests]
    try:
        wait_for(lambda: "game-over" in types())
    finally:
        for host in hosts:
            host.close()

    assert sorted(types()) == ["deadline-soon", "game-over", "seat-joined", "your-turn"]


def test_a_name_that_resolves_elsewhere_after_the_check_reaches_nothing(monkeypatch, receiver):
    """DNS rebinding: the name answers a public address when the URL is checked and the
    receiver's 127.0.0.1 a moment later. The attempt connects to the address it checked, so
    the receiver on 127.0.0.1 hears nothing (it did when the connection resolved the name
    again)."""
    real = socket.getaddrinfo

    def rebinding(host, port, *args, **kwargs):
        if host != "rebind.example":
            return real(host, port, *args, **kwargs)
        checking = any(frame.function == "check_url" for frame in inspect.stack())
        address = "192.0.2.1" if checking else "127.0.0.1"  # 192.0.2.1 reaches nothing
        return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", (address, port))]

    monkeypatch.setattr(socket, "getaddrinfo", rebinding)
    monkeypatch.setattr(ipaddress.IPv4Address, "is_global", property(
        lambda ip: str(ip) == "192.0.2.1" or not ip.is_private))  # 192.0.2.1 passes as public
    monkeypatch.setattr(webhooks, "TIMEOUT_SECONDS", 0.5)
    url = receiver.url.replace("127.0.0.1", "rebind.example")
    players = SimpleNamespace(webhook_secret=lambda *_: "whsec_" + "QUJD" * 8)
    dispatcher = webhooks.Dispatcher(SimpleNamespace(players=players), None, {
        "GAMEHALL_WEBHOOK_ALLOW_PRIVATE": False, "GAMEHALL_WEBHOOK_ALLOW_HTTP": True,
        "GAMEHALL_WEBHOOK_BACKOFF": 1.0, "GAMEHALL_WEBHOOK_POLL": 1.0})
    delivery = SimpleNamespace(player_id=str(uuid.uuid4()), url=url, generation=1,
                               webhook_id="msg_1", body="{}")

    status, error = dispatcher._post(delivery)

    assert status is None and error is not None
    assert receiver.requests == []


def test_an_attempt_names_the_urls_host_while_connecting_to_the_checked_address(receiver):
    url = receiver.url.replace("127.0.0.1", "hooks.example")

    status = webhooks.post_pinned(url, "127.0.0.1", b"{}", {"webhook-id": "msg_1"})

    assert status == 500  # the receiver's first failure: it was reached
    [(headers, body)] = receiver.requests
    assert headers["host"].startswith("hooks.example:") and body == b"{}"


def test_a_sweep_moves_past_the_events_it_looked_through_with_no_delivery(redis_client):
    """Each sweep looks through the events since the last one, not through the whole store
    again when no delivery was ever recorded (its position stays below the newest
    ``HOLE_REACH`` events, which may still be committing)."""
    from projections.inbox_store import InboxStore
    from projections.rebuild import HOLE_REACH

    asked = []
    newest = HOLE_REACH + 4000
    players = SimpleNamespace(deliveries_after=lambda position, stop: asked.append(
        (position, stop)) or iter(()))
    service = SimpleNamespace(players=players, recorder=SimpleNamespace(
        max_notification_id=lambda: newest))
    redis_client.flushdb()
    dispatcher = webhooks.Dispatcher(service, InboxStore(redis_client), FAST_WEBHOOKS)
    dispatcher.sweep()
    newest += 10
    dispatcher.sweep()
    assert asked == [(0, HOLE_REACH + 4000), (4000, HOLE_REACH + 4010)]
