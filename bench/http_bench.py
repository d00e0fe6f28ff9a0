"""HTTP benchmark: the real server (gunicorn, gevent workers, SQLite and embedded Redis in a
temporary folder) on 127.0.0.1.

* moves per second with p50 and p99 latency of ``POST /games/{id}/moves`` from the asyncio
  load generator (``http_load.py``, its own process): closed loop at 1 and 100 Revolution
  games at once, and open loop at a fixed offered rate;
* export throughput: N finished bot-vs-bot games, then ``GET /replays/export`` as NDJSON and
  CSV, in games per second;
* held streams: 1,000 open ``/stream`` followers of one game, the latency of other requests
  while they are open, and how many followers hear a move.
"""

from __future__ import annotations

import json
import os
import selectors
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from typing import Any

import psutil

from api.client import Client
from api.serve import spawned

from .table import Table

Say = Callable[[str], None]
SECONDS_A_LEVEL = 6.0
OFFERED_RATE = 300
EXPORT_GAMES = 1000
HELD_STREAMS = 1000


def run(lines: Say, table: Table) -> None:
    environ = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
    # Rate limits off: the figures are the server's capacity, from one client address.
    environ.update({"GAMEHALL_STORE": "sqlite", "GAMEHALL_WORKERS": "2",
                    "GAMEHALL_RATE_LIMITS": "off"})
    with tempfile.TemporaryDirectory() as var, spawned(var, environ=environ) as url:
        lines(f"  server: gunicorn, 2 gevent workers, SQLite + embedded Redis, rate limits "
              f"off, {url}")
        # The server's processes (gunicorn's arbiter and workers, Redis): their CPU a move.
        pids = ",".join(str(p.pid) for p in psutil.Process().children(recursive=True))
        move_rates(url, lines, table, pids)
        export_rate(url, EXPORT_GAMES, lines, table)
        held_streams(url, HELD_STREAMS, lines)


def move_rates(url: str, say: Say, table: Table, pids: str) -> None:
    """Moves over HTTP from the asyncio load generator in its own process: saturation
    (closed loop, every game moving as fast as it is answered) and latency at a fixed offered
    rate (open loop); at saturation, the CPU a move costs and the rate that allows."""
    for mode, games, extra in (("closed", 1, []), ("closed", 100, []),
                               ("open", 200, [str(OFFERED_RATE)])):
        figures = load(url, mode, games, SECONDS_A_LEVEL, extra, pids)
        offered = f" offered {OFFERED_RATE}/s" if mode == "open" else ""
        say(f"  {mode} loop, {games} games{offered}: {figures['rate']:,.0f} moves/s "
            f"({figures['moves']} moves, {figures['errors']} refused); POST latency p50 "
            f"{figures['p50_ms']:.1f} ms, p99 {figures['p99_ms']:.1f} ms")
        if mode == "closed" and games == 100:
            table.add("HTTP moves/s at saturation (100 games)", figures["rate"], ">=", 1000)
            cpu_floor(figures, say, table)
        if mode == "open":
            table.add(f"HTTP POST p99 ms at {OFFERED_RATE} moves/s offered",
                      figures["p99_ms"], "<", 25)


def cpu_floor(figures: dict[str, Any], say: Say, table: Table) -> None:
    """The most moves a second these cores allow: their CPU seconds a second over the CPU a
    move costs (server and load generator alike, measured at saturation). Moves a second
    beyond it need less CPU a move, whatever the latency of anything else."""
    moves = max(figures["moves"], 1)
    server, client = figures["server_cpu"] / moves * 1e3, figures["client_cpu"] / moves * 1e3
    cores = os.cpu_count() or 1
    say(f"  CPU a move at saturation (its view reads included): server {server:.2f} ms "
        f"(gunicorn workers + Redis), load generator {client:.2f} ms; on {cores} cores that "
        f"allows at most {cores * 1e3 / (server + client):,.0f} moves/s "
        f"({cores * 1e3 / server:,.0f} with the load generator on other cores)")
    table.add(f"HTTP: most moves/s {cores} cores allow (CPU a move, server + load)",
              cores * 1e3 / (server + client), ">=", 1000)
    table.add("HTTP: server CPU a move at saturation, ms", server, "<=", 1)
    table.figures["server_cpu_ms"] = server


def load(url: str, mode: str, games: int, seconds: float, extra: list[str],
         pids: str = "") -> dict[str, Any]:
    answer = subprocess.run([sys.executable, "-m", "bench.http_load", url, mode, str(games),
                             str(seconds), *extra], capture_output=True, text=True,
                            env={**os.environ, "BENCH_SERVER_PIDS": pids})
    if answer.returncode != 0:
        raise RuntimeError(f"the load generator failed:\n{answer.stderr[-3000:]}")
    figures: dict[str, Any] = json.loads(answer.stdout)
    return figures


def export_rate(url: str, games: int, say: Say, table: Table) -> None:
    lobby = Client(url)
    started = time.perf_counter()
    for _ in range(games):
        answer = lobby.post("/games", {"game": "revolution",
                                       "players": [{"bot": "random"}, {"bot": "random"}]})
        assert answer.status == 201, answer.body
    created = time.perf_counter() - started
    say(f"  {games} bot-vs-bot matches created (played to the end) over HTTP: "
        f"{games / created:,.1f} matches/s")
    # The first export also brings the projections' follower up to date with the games just
    # played (it catches up before every export); the ones after stream what is stored.
    for attempt, kind in enumerate(("ndjson", "ndjson", "csv")):
        started = time.perf_counter()
        answer = lobby.get(f"/replays/export?game=revolution&status=over&limit={games}"
                           f"&format={kind}")
        elapsed = time.perf_counter() - started
        assert answer.status == 200, answer.body[:300]
        first = " (the first, catching up first)" if attempt == 0 else ""
        say(f"  export {kind}{first}: {games} games in {elapsed * 1e3:.0f} ms = "
            f"{games / elapsed:,.0f} games/s ({len(answer.body) / 1e6:.2f} MB)")
        if attempt > 0:
            table.add(f"export of {games} finished games, {kind}, games/s", games / elapsed,
                      ">=", 2000)
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
