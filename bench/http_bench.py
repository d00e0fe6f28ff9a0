"""HTTP benchmark: the real server (gunicorn, gevent workers, SQLite and embedded Redis in a
temporary folder) on 127.0.0.1.

* moves per second with p50 and p99 latency of ``POST /games/{id}/moves``, at 1, 10 and 100
  Revolution games played at once (two human seats each; a client thread a game posts each
  asked seat's move, chosen from that seat's view);
* export throughput: N finished bot-vs-bot games, then ``GET /replays/export`` as NDJSON and
  CSV, in games per second;
* held streams: 1,000 open ``/stream`` followers of one game, the latency of other requests
  while they are open, and how many followers hear a move.
"""

from __future__ import annotations

import os
import random
import selectors
import socket
import statistics
import tempfile
import threading
import time
from collections.abc import Callable
from typing import Any

from api.client import Client
from api.serve import spawned

Say = Callable[[str], None]
LEVELS = (1, 10, 100)
SECONDS_A_LEVEL = 6.0
EXPORT_GAMES = 40
HELD_STREAMS = 1000


def run(lines: Say) -> None:
    environ = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
    # Rate limits off: the figures are the server's capacity, from one client address.
    environ.update({"GAMEHALL_STORE": "sqlite", "GAMEHALL_WORKERS": "2",
                    "GAMEHALL_RATE_LIMITS": "off"})
    with tempfile.TemporaryDirectory() as var, spawned(var, environ=environ) as url:
        lines(f"  server: gunicorn, 2 gevent workers, SQLite + embedded Redis, rate limits "
              f"off, {url}")
        for games in LEVELS:
            move_rate(url, games, SECONDS_A_LEVEL, lines)
        export_rate(url, EXPORT_GAMES, lines)
        held_streams(url, HELD_STREAMS, lines)


class Driver(threading.Thread):
    """Plays one game after another until the deadline; records each move's latency."""

    def __init__(self, url: str, deadline: float, seed: int) -> None:
        super().__init__(daemon=True)
        self.url, self.deadline = url, deadline
        self.pick = random.Random(seed)
        self.latencies: list[float] = []
        self.errors = 0

    def run(self) -> None:
        lobby = Client(self.url)
        try:
            while time.monotonic() < self.deadline:
                self.play_one(lobby)
        finally:
            lobby.close()

    def play_one(self, lobby: Client) -> None:
        created = lobby.post("/games", {"game": "revolution",
                                        "players": [{"name": "a"}, {"name": "b"}]}).json
        seats = [Client(self.url, created["tokens"][str(s)]) for s in (0, 1)]
        path = f"/games/{created['game_id']}"
        try:
            mine: dict[str, Any] = {"waiting_for": created["game"]["waiting_for"],
                                    "status": "active", "seat": None, "prompt": None}
            while mine["status"] == "active" and time.monotonic() < self.deadline:
                seat = mine["waiting_for"][0]
                if mine["seat"] != seat or mine["prompt"] is None:
                    mine = seats[seat].get(f"{path}/view").json
                move = self.pick.choice(mine["prompt"]["legal_moves"])
                started = time.perf_counter()
                answer = seats[seat].post(f"{path}/moves", {"move": move})
                self.latencies.append(time.perf_counter() - started)
                if answer.status != 200:
                    self.errors += 1
                    mine = seats[seat].get(f"{path}/view").json
                    continue
                mine = answer.json["view"]
        finally:
            for client in seats:
                client.close()


def move_rate(url: str, games: int, seconds: float, say: Say) -> None:
    deadline = time.monotonic() + seconds
    drivers = [Driver(url, deadline, seed) for seed in range(games)]
    started = time.perf_counter()
    for driver in drivers:
        driver.start()
    for driver in drivers:
        driver.join(timeout=seconds + 60)
    elapsed = time.perf_counter() - started
    latencies = sorted(t for d in drivers for t in d.latencies)
    errors = sum(d.errors for d in drivers)
    if len(latencies) < 2:
        say(f"  {games:>3} games at once: too few moves to measure")
        return
    p99 = statistics.quantiles(latencies, n=100)[98]
    say(f"  {games:>3} games at once: {len(latencies) / elapsed:,.0f} moves/s over "
        f"{elapsed:.1f} s ({len(latencies)} moves, {errors} refused); POST latency p50 "
        f"{statistics.median(latencies) * 1e3:.1f} ms, p99 {p99 * 1e3:.1f} ms")


def export_rate(url: str, games: int, say: Say) -> None:
    lobby = Client(url)
    started = time.perf_counter()
    for _ in range(games):
        answer = lobby.post("/games", {"game": "revolution",
                                       "players": [{"bot": "greedy"}, {"bot": "random"}]})
        assert answer.status == 201, answer.body
    created = time.perf_counter() - started
    say(f"  {games} bot-vs-bot matches created (played to the end) over HTTP: "
        f"{games / created:,.1f} matches/s")
    for kind in ("ndjson", "csv"):
        started = time.perf_counter()
        answer = lobby.get(f"/replays/export?game=revolution&status=over&limit={games}"
                           f"&format={kind}")
        elapsed = time.perf_counter() - started
        assert answer.status == 200, answer.body[:300]
        say(f"  export {kind}: {games} games in {elapsed * 1e3:.0f} ms = "
            f"{games / elapsed:,.0f} games/s ({len(answer.body) / 1e6:.2f} MB)")
    lobby.close()


def held_streams(url: str, count: int, say: Say) -> None:
    """Open ``count`` followers of one game, time other requests meanwhile, then post a move
    and count the followers that hear it."""
    host, port = url.removeprefix("http://").rstrip("/").split(":")
    lobby = Client(url)
    created = lobby.post("/games", {"game": "revolution",
                                    "players": [{"name": "a"}, {"name": "b"}]}).json
    game_id = created["game_id"]
    request = (f"GET /games/{game_id}/stream HTTP/1.1\r\nHost: {host}\r\n"
               "Accept: text/event-stream\r\n\r\n").encode()
    selector = selectors.DefaultSelector()
    received: dict[socket.socket, bytes] = {}
    for _ in range(count):
        conn = socket.create_connection((host, int(port)))
        conn.sendall(request)
        conn.setblocking(False)
        selector.register(conn, selectors.EVENT_READ)
        received[conn] = b""
    pump(selector, received, lambda: all(b" 200 " in data for data in received.values()), 30)
    opened = sum(b" 200 " in data for data in received.values())
    latencies = []
    for _ in range(200):
        started = time.perf_counter()
        assert lobby.get(f"/games/{game_id}").status == 200
        latencies.append(time.perf_counter() - started)
    seat = created["game"]["waiting_for"][0]
    player = Client(url, created["tokens"][str(seat)])
    view = player.get(f"/games/{game_id}/view").json
    answer = player.post(f"/games/{game_id}/moves", {"move": view["prompt"]["legal_moves"][0]})
    mark = f"id: {answer.json['version']}".encode()
    pump(selector, received, lambda: all(mark in data for data in received.values()), 15)
    heard = sum(mark in data for data in received.values())
    for conn in received:
        selector.unregister(conn)
        conn.close()
    p99 = statistics.quantiles(latencies, n=100)[98]
    say(f"  {count} streams held open: {opened} answered 200; GET /games/{{id}} meanwhile "
        f"p50 {statistics.median(latencies) * 1e3:.1f} ms, p99 {p99 * 1e3:.1f} ms; "
        f"a move heard by {heard} of {count}")
    player.close()
    lobby.close()


def pump(selector: selectors.BaseSelector, received: dict[socket.socket, bytes],
         done: Callable[[], bool], seconds: float) -> None:
    """Read what the followers' sockets have until ``done`` or the time is up."""
    deadline = time.monotonic() + seconds
    while not done() and time.monotonic() < deadline:
        for key, _ in selector.select(timeout=0.2):
            conn: Any = key.fileobj
            try:
                chunk = conn.recv(65536)
            except BlockingIOError:
                continue
            received[conn] += chunk
