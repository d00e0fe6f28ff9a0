"""kill -9 of the real server (gunicorn, SQLite, embedded Redis) while a webhook notification
is owed and its receiver is down: the restarted server delivers it, with the same id."""

from __future__ import annotations

import tempfile
import time

import requests

from api.serve import free_port
from bench.soak import Server

from .players_helpers import Receiver

# Seconds to wait for a state (a delivery tried, then made after the restart): a busy machine
# restarts the server and backs off its retries slowly; nothing here asserts a time.
PATIENCE = 120


def test_a_notification_owed_when_the_server_is_killed_is_delivered_after_the_restart():
    receiver = Receiver(failures=10_000)  # down until the server has been killed
    with tempfile.TemporaryDirectory() as var:
        server = Server(var, free_port(), {"GAMEHALL_WEBHOOK_ALLOW_PRIVATE": "1",
                                           "GAMEHALL_WEBHOOK_ALLOW_HTTP": "1"})
        try:
            server.start()
            bob_key = owe_bob_a_notification(server.url, receiver.url)
            wait_for(lambda: len(receiver.requests) >= 1, PATIENCE)
            server.kill_everything()
            receiver.failures = 0

            server.start()
            wait_for(lambda: receiver.requests[-1:] and len(receiver.requests) > 1
                     and delivered(server.url, bob_key), PATIENCE)
        finally:
            server.stop()
            receiver.close()

    assert len({headers["webhook-id"] for headers, _ in receiver.requests}) == 1


def owe_bob_a_notification(url: str, hook: str) -> str:
    """ann and bob in a game, bob's webhook set; moves are played until bob is owed one."""
    keys = [requests.post(f"{url}/players", json={"name": name}, timeout=10).json()["key"]
            for name in ("ann", "bob")]
    ann, bob = ({"Authorization": f"Bearer {key}"} for key in keys)
    requests.put(f"{url}/players/me/webhook", json={"url": hook}, timeout=10,
                 headers=bob).raise_for_status()
    game = requests.post(f"{url}/games", timeout=10, headers=ann, json={
        "game": "revolution", "players": [{"player": "me"}, {"open": True}]}).json()
    games = f"{url}/games/{game['game_id']}"
    requests.post(f"{games}/seats/1", json={}, timeout=10, headers=bob).raise_for_status()
    for _ in range(10):  # bob is told when it becomes his turn (perhaps as he joins)
        if requests.get(f"{url}/players/me/webhook/deliveries", timeout=10,
                        headers=bob).json()["deliveries"]:
            return keys[1]
        mover = (ann, bob)[requests.get(games, timeout=10).json()["waiting_for"][0]]
        prompt = requests.get(f"{games}/view", timeout=10, headers=mover).json()["prompt"]
        requests.post(f"{games}/moves", json={"move": prompt["legal_moves"][0]}, timeout=10,
                      headers=mover).raise_for_status()
    raise AssertionError("bob was never owed a notification")


def delivered(url: str, key: str) -> bool:
    log = requests.get(f"{url}/players/me/webhook/deliveries", timeout=10,
                       headers={"Authorization": f"Bearer {key}"}).json()
    return any(d["status"] == "delivered" for d in log["deliveries"])


def wait_for(condition, seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.1)
