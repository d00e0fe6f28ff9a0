"""An asyncio HTTP load generator for ``make bench``, run in its own process so that it never
starves on the GIL of the process that measures it.

    python -m bench.http_load URL closed GAMES SECONDS
    python -m bench.http_load URL open GAMES SECONDS RATE
    python -m bench.http_load URL empty CLIENTS SECONDS PATH

Each game is a Revolution match of two human seats; a move is a random legal move of the seat
asked, posted with ``POST /games/{id}/moves`` (the next seat's view is read with ``GET`` when
the answer does not carry its prompt; those reads are not counted as moves).

* closed: every game posts its next move as soon as the last one is answered (saturation);
* open: moves are sent at a fixed RATE per second whatever the answers' speed, each to a game
  not waiting for an answer; a move's latency runs from the moment it was due, so a server
  that falls behind shows it (no coordinated omission).

* empty: CLIENTS clients asking PATH (a request the app answers at once) again and again:
  what a request costs the server and the client, whatever the app does.

Prints one JSON line: moves, seconds, moves per second, p50 and p99 latency (ms), errors,
the other requests made meanwhile (views read, games made); and the CPU seconds spent while
the moves were measured by this process (``client_cpu``) and by the server's processes named
in ``BENCH_SERVER_PIDS`` (``role=pid,...``; ``cpu_by_process`` by role, ``server_cpu`` their
sum), from which ``http_bench`` works out the CPU a move costs.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import os
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import orjson
import psutil

from .api_client import Answer
from .http_client import Client


@dataclass
class Table:
    """One game and what its next mover may do."""

    game_id: str
    tokens: list[str]
    seat: int = 0
    moves: list[Any] = field(default_factory=list)


class Load:
    def __init__(self, url: str, seed: int = 1, cpu: CPU | None = None) -> None:
        self.url = url
        self.cpu = cpu or CPU({})
        self.rng = random.Random(seed)
        self.latencies: list[float] = []
        self.errors = 0
        # Requests other than the moves, while the moves are measured: views read, games made.
        self.requests: Counter[str] = Counter()

    async def new_table(self, session: Client) -> Table:
        while True:  # a server saturated by the load answers 503: wait as told, then retry
            self.requests["POST /games"] += 1
            answer = await session.request("POST", "/games", NEW_GAME)
            if answer.status == 201:
                break
            await self.refused(answer)
        body = orjson.loads(answer.body)
        table = Table(body["game_id"], [body["tokens"]["0"], body["tokens"]["1"]])
        await self.look(session, table, body["game"]["waiting_for"][0])
        return table

    async def look(self, session: Client, table: Table, seat: int) -> None:
        """The legal moves of the seat asked (``seat``, or the one its view says is asked:
        a move answered 503 may have been recorded); none when the game is over."""
        while True:
            self.requests["GET /view"] += 1
            answer = await session.request("GET", f"/games/{table.game_id}/view",
                                           headers=self.bearer(table, seat))
            view = orjson.loads(answer.body) if answer.status == 200 else None
            if view is None:
                await self.refused(answer)
            elif view["prompt"] is None and view["status"] == "active":
                seat = view["waiting_for"][0]
            else:
                break
        table.seat = seat
        table.moves = view["prompt"]["legal_moves"] if view["prompt"] else []

    async def refused(self, answer: Answer) -> None:
        self.errors += 1
        await asyncio.sleep(float(answer.headers.get("Retry-After", "1")))

    def bearer(self, table: Table, seat: int) -> dict[str, str]:
        return {"Authorization": f"Bearer {table.tokens[seat]}"}

    async def move(self, session: Client, table: Table, due: float) -> Table:
        """Post one move (latency from ``due``); answers the table to play next (a new one
        when this game ended)."""
        move = self.rng.choice(table.moves)
        answer = await session.request("POST", f"/games/{table.game_id}/moves",
                                       orjson.dumps({"move": move}),
                                       self.bearer(table, table.seat))
        self.latencies.append(time.perf_counter() - due)
        if answer.status != 200:
            self.errors += 1
            await self.look(session, table, table.seat)
            return table if table.moves else await self.new_table(session)
        view = orjson.loads(answer.body)["view"]
        if view["status"] != "active":
            return await self.new_table(session)
        if view["prompt"] is not None:
            table.moves = view["prompt"]["legal_moves"]
        else:
            await self.look(session, table, view["waiting_for"][0])
        return table

    async def closed(self, games: int, seconds: float) -> float:
        with session_for(self.url) as session:
            tables = await asyncio.gather(*(self.new_table(session) for _ in range(games)))
            with self.measured() as started:
                deadline = started + seconds

                async def player(table: Table) -> None:
                    while time.perf_counter() < deadline:
                        table = await self.move(session, table, time.perf_counter())

                await asyncio.gather(*(player(table) for table in tables))
                return time.perf_counter() - started

    async def open(self, games: int, seconds: float, rate: float) -> float:
        with session_for(self.url) as session:
            ready: asyncio.Queue[Table] = asyncio.Queue()
            for table in await asyncio.gather(*(self.new_table(session) for _ in range(games))):
                ready.put_nowait(table)
            with self.measured() as started:
                sent: list[asyncio.Task[None]] = []

                async def send(due: float) -> None:
                    table = await ready.get()
                    ready.put_nowait(await self.move(session, table, due))

                for k in range(int(seconds * rate)):
                    due = started + k / rate
                    await asyncio.sleep(max(0.0, due - time.perf_counter()))
                    sent.append(asyncio.create_task(send(due)))
                await asyncio.gather(*sent)
                return time.perf_counter() - started

    @contextlib.contextmanager
    def measured(self) -> Iterator[float]:
        """The measured window, from the moment it yields: the CPU counted, the other requests
        counted afresh, and this process's cyclic garbage collector paused. Its full
        collections took 4-10 ms here, one or two a window: every answer that came
        meanwhile waited, and that wait would be counted as the server's latency. The
        window's garbage (a few seconds' parsed answers) is collected once it ends."""
        gc.collect()
        gc.disable()
        self.cpu.start()
        self.requests.clear()
        try:
            yield time.perf_counter()
        finally:
            self.cpu.stop()
            gc.enable()


NEW_GAME = orjson.dumps({"game": "revolution", "players": [{"name": "a"}, {"name": "b"}]})


@contextlib.contextmanager
def session_for(url: str) -> Iterator[Client]:
    """The load generator's own lean client (bench/http_client.py), orjson both ways: it
    shares the server's cores, so its CPU is spent from the server's budget."""
    client = Client(url)
    try:
        yield client
    finally:
        client.close()


class CPU:
    """CPU seconds of this process and of each of the server's processes (by role: the
    gunicorn workers, Redis), from the start of the measured moves (``start``) to their end
    (``stop``)."""

    def __init__(self, server_pids: dict[str, list[int]]) -> None:
        self.server = {role: [psutil.Process(pid) for pid in pids]
                       for role, pids in server_pids.items()}
        self.client_cpu = 0.0
        self.by_role: dict[str, float] = {}

    def _seconds(self) -> dict[str, float]:
        spent = {}
        for role, processes in self.server.items():
            spent[role] = 0.0
            for process in processes:
                with contextlib.suppress(psutil.Error):
                    times = process.cpu_times()
                    spent[role] += times.user + times.system
        return spent

    def start(self) -> None:
        self.client_cpu, self.by_role = time.process_time(), self._seconds()

    def stop(self) -> None:
        self.client_cpu = time.process_time() - self.client_cpu
        now = self._seconds()
        self.by_role = {role: now[role] - self.by_role[role] for role in now}

    @property
    def server_cpu(self) -> float:
        return sum(self.by_role.values())


def server_pids(text: str) -> dict[str, list[int]]:
    """``BENCH_SERVER_PIDS``: ``role=pid`` pairs, comma separated."""
    found: dict[str, list[int]] = {}
    for pair in filter(None, text.split(",")):
        role, _, pid = pair.partition("=")
        found.setdefault(role, []).append(int(pid))
    return found


async def empty_requests(url: str, path: str, clients: int, seconds: float,
                         cpu: CPU) -> tuple[int, float]:
    """``clients`` clients asking ``path`` again and again (what a request costs the server and
    this process when the app does next to nothing); answers requests and seconds."""
    count = 0
    with session_for(url) as session:
        async def client(deadline: float) -> None:
            nonlocal count
            while time.perf_counter() < deadline:
                await session.request("GET", path)
                count += 1

        await asyncio.gather(*(client(time.perf_counter() + 0.5) for _ in range(clients)))
        count = 0
        cpu.start()
        started = time.perf_counter()
        await asyncio.gather(*(client(started + seconds) for _ in range(clients)))
        cpu.stop()
        return count, time.perf_counter() - started


def main(argv: list[str]) -> None:
    url, mode, games, seconds = argv[0], argv[1], int(argv[2]), float(argv[3])
    cpu = CPU(server_pids(os.environ.get("BENCH_SERVER_PIDS", "")))
    if mode == "empty":
        count, elapsed = asyncio.run(empty_requests(url, argv[4], games, seconds, cpu))
        print(json.dumps({"requests": count, "seconds": elapsed, "client_cpu": cpu.client_cpu,
                          "server_cpu": cpu.server_cpu, "cpu_by_process": cpu.by_role}))
        return
    load = Load(url, cpu=cpu)
    if mode == "closed":
        elapsed = asyncio.run(load.closed(games, seconds))
    else:
        elapsed = asyncio.run(load.open(games, seconds, float(argv[4])))
    latencies = sorted(load.latencies)
    print(json.dumps({
        "client_cpu": cpu.client_cpu, "server_cpu": cpu.server_cpu,
        "cpu_by_process": cpu.by_role,
        "moves": len(latencies), "seconds": elapsed, "rate": len(latencies) / elapsed,
        "p50_ms": statistics.median(latencies) * 1e3 if latencies else None,
        "p99_ms": statistics.quantiles(latencies, n=100)[98] * 1e3
        if len(latencies) > 1 else None, "errors": load.errors, "requests": load.requests}))


if __name__ == "__main__":
    main(sys.argv[1:])
