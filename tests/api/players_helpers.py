"""Helpers for the players' tests: settings for webhooks that may call this machine over
http, retrying fast, and a webhook receiver that fails a given number of times."""

from __future__ import annotations

import threading
from datetime import datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from api.deadlines import DeadlineLoop

from .helpers import bearer

FAST_WEBHOOKS = {"GAMEHALL_WEBHOOK_ALLOW_PRIVATE": True, "GAMEHALL_WEBHOOK_ALLOW_HTTP": True,
                 "GAMEHALL_WEBHOOK_BACKOFF": 0.05, "GAMEHALL_WEBHOOK_POLL": 0.05}


def register(client: FlaskClient, name: str) -> dict[str, Any]:
    answer = client.post("/players", json={"name": name})
    assert answer.status_code == 201, answer.json
    return dict(answer.json)


def game_of(client: FlaskClient, key: str, players: list[dict[str, Any]],
            **extra: Any) -> dict[str, Any]:
    answer = client.post("/games", json={"game": "open", "players": players, **extra},
                         headers=bearer(key))
    assert answer.status_code == 201, answer.json
    return dict(answer.json)


def inbox(client: FlaskClient, key: str, turn: str | None = None) -> list[dict[str, Any]]:
    answer = client.get("/players/me/games" + (f"?turn={turn}" if turn else ""),
                        headers=bearer(key))
    assert answer.status_code == 200, answer.json
    return list(answer.json["games"])


def warning_hosts(app: Flask, game_id: str, key: str) -> list[DeadlineLoop]:
    """Two more hosts' deadline loops, fast, whose clock reads a second before the seat's
    deadline (the service's clock is a test's; the app's own loop fires the timeout)."""
    hall = app.extensions["gamehall"]
    [entry] = [e for e in inbox(app.test_client(), key, "mine") if e["game_id"] == game_id]
    soon = datetime.fromisoformat(entry["deadline"]).timestamp() - 1
    return [DeadlineLoop(hall.service, hall.store, 0.02, now=lambda: soon,
                         inbox=hall.projector.inbox).start() for _ in range(2)]


class Receiver:
    """An http server on 127.0.0.1 that answers 500 to its first ``failures`` requests and
    200 after, and keeps every request it got (headers and body)."""

    def __init__(self, failures: int) -> None:
        self.failures = failures
        self.requests: list[tuple[dict[str, str], bytes]] = []
        self.lock = threading.Lock()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 (http.server's name)
                body = self.rfile.read(int(self.headers["Content-Length"]))
                with receiver.lock:
                    receiver.requests.append(({k.lower(): v for k, v in self.headers.items()},
                                              body))
                    failing = len(receiver.requests) <= receiver.failures
                self.send_response(500 if failing else 200)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/hook"

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()
