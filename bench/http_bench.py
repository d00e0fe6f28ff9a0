"""HTTP benchmark: the real server (gunicorn, gevent workers, SQLite and embedded Redis in a
temporary folder) on 127.0.0.1.

* moves per second with p50 and p99 latency of ``POST /games/{id}/moves`` from the asyncio
  load generator (``http_load.py``, its own process): closed loop at 1 and 100 Revolution
  games at once, and open loop at a fixed offered rate (and at half the saturation rate
  when the server cannot serve that rate here);
* where a move's CPU goes at saturation: each process's CPU a move (gunicorn's workers,
  Redis, the load generator), the requests and Redis commands a move makes, the most moves a
  second that allows on this machine's cores; and the same for a request the app answers at
  once, the floor no work saved inside the app can lower;
* export throughput: N finished bot-vs-bot games, then ``GET /replays/export`` as NDJSON and
  CSV, in games per second;
* held streams: 1,000 open ``/stream`` followers of one game, the latency of other requests
  while they are open, and how many followers hear a move.
"""

from __future__ import annotations

import contextlib
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
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import psutil
import redis

from api.serve import spawned
from bench.api_client import Client

from .table import Table

Say = Callable[[str], None]
SECONDS_A_LEVEL = 6.0
OFFERED_RATE = 300
# A request the app answers from memory: what serving any request costs.
EMPTY_PATH = "/keys"
EXPORT_GAMES = 1000
HELD_STREAMS = 1000


def run(lines: Say, table: Table) -> None:
    environ = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
    # Rate limits off: the figures are the server's capacity, from one client address; so are
    # the caps on streams (docs/limits.md), and each worker may hold all the held streams.
    environ.update({"GAMEHALL_STORE": "sqlite", "GAMEHALL_WORKERS": "2",
                    "GAMEHALL_RATE_LIMITS": "off",
                    "GAMEHALL_STREAMS_PER_ADDRESS": str(HELD_STREAMS),
                    "GAMEHALL_STREAMS_PER_WORKER": str(HELD_STREAMS),
                    "GAMEHALL_WORKER_CONNECTIONS": str(2 * HELD_STREAMS)})
    with tempfile.TemporaryDirectory() as var, spawned(var, environ=environ) as url:
        lines(f"  server: gunicorn, 2 gevent workers, SQLite + embedded Redis, rate limits "
              f"off, {url}")
        redis_client = redis.Redis(unix_socket_path=str(Path(var) / "redis" / "redis.sock"))
        try:
            move_rates(Server(url, server_pids(), redis_client), lines, table)
        finally:
            redis_client.close()
        export_rate(url, EXPORT_GAMES, lines, table)
        held_streams(url, HELD_STREAMS, lines)
    postgres_rate(lines, table)


def postgres_rate(say: Say, table: Table) -> None:
    """The saturation figure again on PostgreSQL (GAMEHALL_BENCH_POSTGRES: a server on this
    machine, a schema made and dropped, as ``make bench-scale``); without one, the row says
    it was not measured."""
    measure = "HTTP moves/s at saturation (100 games), PostgreSQL"
    url = os.environ.get("GAMEHALL_BENCH_POSTGRES")
    if not url:
        say("  PostgreSQL: not measured (set GAMEHALL_BENCH_POSTGRES=postgresql://...)")
        table.unmeasured(measure, ">=", 800, "set GAMEHALL_BENCH_POSTGRES")
        return
    from .scale import bench_environ

    with bench_environ(url) as environ, tempfile.TemporaryDirectory() as var, \
            spawned(var, environ=environ) as served:
        saturated = load(served, "closed", 100, SECONDS_A_LEVEL, [], server_pids())
    report_rate(say, "on PostgreSQL, closed loop, 100 games", saturated)
    table.add(measure, saturated["rate"], ">=", 800)


@dataclass
class Server:
    url: str
    pids: str  # role=pid,... of gunicorn's processes and Redis (BENCH_SERVER_PIDS)
    redis: redis.Redis


def server_pids() -> str:
    """This process's children, the server's processes, each named by its role."""
    roles = []
    for process in psutil.Process().children(recursive=True):
        with contextlib.suppress(psutil.Error):
            role = "redis" if "redis" in process.name() else "gunicorn"
            roles.append(f"{role}={process.pid}")
    return ",".join(roles)


def move_rates(server: Server, say: Say, table: Table) -> None:
    """Moves over HTTP from the asyncio load generator in its own process: one game, then
    saturation (closed loop, every game moving as fast as it is answered) with where a move's
    CPU goes, then latency at a fixed offered rate (open loop)."""
    single = load(server.url, "closed", 1, SECONDS_A_LEVEL, [], server.pids)
    report_rate(say, "closed loop, 1 game", single)
    before = redis_commands(server.redis)
    saturated = load(server.url, "closed", 100, SECONDS_A_LEVEL, [], server.pids)
    commands, redis_us = (now - then for now, then in zip(redis_commands(server.redis), before,
                                                            strict=True))
    report_rate(say, "closed loop, 100 games", saturated)
    table.add("HTTP moves/s at saturation (100 games)", saturated["rate"], ">=", 1000)
    cpu_floor(server, saturated, commands, redis_us, say, table)
    open_loop(server, saturated["rate"], say, table)


def report_rate(say: Say, label: str, figures: dict[str, Any]) -> None:
    say(f"  {label}: {figures['rate']:,.0f} moves/s ({figures['moves']} moves, "
        f"{figures['errors']} refused); POST latency p50 {figures['p50_ms']:.1f} ms, "
        f"p99 {figures['p99_ms']:.1f} ms")


def open_loop(server: Server, saturation: float, say: Say, table: Table) -> None:
    """p99 at the target's offered rate; where the server cannot serve that rate here, also
    at half the rate it saturated at (a latency figure of a server that keeps up)."""
    rates = [OFFERED_RATE]
    if saturation < OFFERED_RATE:
        say(f"  this server saturated at {saturation:,.0f} moves/s, below the {OFFERED_RATE}/s "
            "offered: latency then grows with the queue; also measured at half its saturation")
        rates.append(max(round(saturation / 2), 1))
    for rate in rates:
        figures = load(server.url, "open", 200, SECONDS_A_LEVEL, [str(rate)], server.pids)
        report_rate(say, f"open loop, 200 games, offered {rate}/s", figures)
        table.add(f"HTTP POST p99 ms at {rate} moves/s offered", figures["p99_ms"], "<", 25)


def cpu_floor(server: Server, figures: dict[str, Any], commands: float, redis_us: float,
              say: Say, table: Table) -> None:
    """Where a move's CPU goes at saturation, process by process, and the most moves a
    second these cores allow: their CPU seconds a second over the CPU a move costs. Then the
    same for a request the app answers at once: the part of a move no work in the app can
    save."""
    moves = max(figures["moves"], 1)
    cores = os.cpu_count() or 1
    by_process = {role: spent / moves * 1e3 for role, spent in figures["cpu_by_process"].items()}
    client = figures["client_cpu"] / moves * 1e3
    server_ms = sum(by_process.values())
    reads = figures["requests"].get("GET /view", 0) / moves
    say(f"  CPU a move at saturation: gunicorn workers {by_process.get('gunicorn', 0):.2f} ms, "
        f"Redis {by_process.get('redis', 0):.2f} ms, load generator {client:.2f} ms: "
        f"{server_ms + client:.2f} ms, so {cores} cores allow at most "
        f"{cores * 1e3 / (server_ms + client):,.0f} moves/s ({cores * 1e3 / server_ms:,.0f} "
        "with the load generator on other cores)")
    say(f"  a move is 1 POST and {reads:.2f} view reads (the next seat's, when the turn "
        f"passes): {1 + reads:.2f} requests, {commands / moves:.1f} Redis commands "
        f"({redis_us / moves:.0f} us of Redis's own time)")
    table.add(f"HTTP: most moves/s {cores} cores allow (CPU a move, server + load)",
              cores * 1e3 / (server_ms + client), ">=", 1000)
    table.add("HTTP: CPU a move at saturation, server + load generator, ms",
              server_ms + client, "<=", cores)
    table.figures["server_cpu_ms"] = server_ms
    table.add("HTTP: server CPU a request (a POST or a GET view), ms", server_ms / (1 + reads),
              "<=", 0.8)
    table.figures["view_reads_a_move"] = reads
    empty = json.loads(run_load(server.url, "empty", 100, SECONDS_A_LEVEL / 2, [EMPTY_PATH],
                                server.pids))
    count = max(empty["requests"], 1)
    request_server = empty["server_cpu"] / count * 1e3
    request_client = empty["client_cpu"] / count * 1e3
    floor = (1 + reads) * (request_server + request_client)
    say(f"  a request the app answers at once (GET {EMPTY_PATH}, {empty['requests']} of them): "
        f"workers {request_server:.2f} ms, load generator {request_client:.2f} ms of CPU; "
        f"{1 + reads:.2f} of them a move take {floor:.2f} ms before any game work, so even "
        f"an app that did no work would allow at most {cores * 1e3 / floor:,.0f} moves/s "
        f"on {cores} cores")
    table.add(f"HTTP: most moves/s {cores} cores allow with no work in the app",
              cores * 1e3 / floor, ">=", 1000)


def redis_commands(client: redis.Redis) -> tuple[float, float]:
    """Commands Redis has run since it started, and the microseconds they took."""
    stats = client.info("commandstats")
    return (float(sum(stat["calls"] for stat in stats.values())),
            float(sum(stat["usec"] for stat in stats.values())))


def load(url: str, mode: str, games: int, seconds: float, extra: list[str],
         pids: str = "") -> dict[str, Any]:
    figures: dict[str, Any] = json.loads(run_load(url, mode, games, seconds, extra, pids))
    return figures


def run_load(url: str, mode: str, games: int, seconds: float, extra: list[str],
             pids: str) -> str:
    answer = subprocess.run([sys.executable, "-m", "bench.http_load", url, mode, str(games),
                             str(seconds), *extra], capture_output=True, text=True,
                            env={**os.environ, "BENCH_SERVER_PIDS": pids})
    if answer.returncode != 0:
        raise RuntimeError(f"the load generator failed:\n{answer.stderr[-3000:]}")
    return answer.stdout


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
