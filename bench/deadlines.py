"""Deadlines bench: the cost of keeping the deadlines of 10,000 active clocked games.

One process (one worker) with the game service in memory, an embedded Redis and the views
written as the server writes them (each game's earliest deadline in ``gh:deadlines``). Each
game is a Revolution game of two people on a one-hour clock, created with its clock started
at a time spread over the past hour, so deadlines fall due evenly: about 2.8 a second, as
10,000 games of people who each take the whole hour would. The deadline loop then runs for a
while, firing each due timeout (the autopilot answers); measured: the loop's CPU a second of
wall time, and the CPU of one timeout fired.
"""

from __future__ import annotations

import itertools
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

from api.deadlines import fire_due
from domain.application import GameService
from domain.commands import CreateGame
from projections import Projector, ViewStore, connect
from projections.store import embedded_server

from .table import Table

GAMES = 10_000
PER_MOVE = 3600
SECONDS = 20.0


class Clock:
    def __init__(self) -> None:
        self.now = datetime.now(UTC)

    def __call__(self) -> datetime:
        return self.now


def run(say: Callable[[str], None], table: Table, games: int = GAMES,
        seconds: float = SECONDS) -> None:
    with tempfile.TemporaryDirectory() as var, embedded_server(Path(var) / "redis") as url:
        client = connect(url, Path(var))
        clock = Clock()
        issued = itertools.count()
        service = GameService({}, secret=b"bench", clock=clock,
                              new_token=lambda: f"t{next(issued)}")
        store = ViewStore(client)
        service.read_models = Projector(service, store)
        real_start = datetime.now(UTC)
        started = time.perf_counter()
        for index in range(games):  # clocks started over the past hour, evenly
            clock.now = real_start - timedelta(seconds=PER_MOVE * (games - index) / games)
            service.run(CreateGame("revolution", {}, ({"name": "a"}, {"name": "b"}),
                                   clock={"per_move": PER_MOVE, "on_timeout": "autopilot"}))
        say(f"  {games} clocked games created in {time.perf_counter() - started:.0f} s; "
            f"{client.zcard('gh:deadlines')} deadlines kept in Redis")
        clock.now = datetime.now(UTC)
        backlog = 0  # what fell due while the games were being created: fired first
        while fired_now := fire_due(service, store, clock.now.timestamp()):
            backlog += fired_now
        say(f"  {backlog} deadlines that fell due during the creation fired first")
        fired = cpu = 0.0
        wall = time.perf_counter()
        end = wall + seconds
        while time.perf_counter() < end:  # the loop, as a serving process runs it
            clock.now = datetime.now(UTC)  # the service's clock and the loop's: one host's
            before = time.process_time()
            fired += fire_due(service, store, clock.now.timestamp())
            cpu += time.process_time() - before
            time.sleep(max(0.0, 1.0 - (time.perf_counter() - wall) % 1.0))
        wall = time.perf_counter() - wall
        share = cpu / wall
        say(f"  deadline loop over {wall:.0f} s: {fired:.0f} timeouts fired "
            f"({fired / wall:.1f}/s), {cpu * 1000:.0f} ms of CPU: {share * 1000:.1f} ms of CPU "
            f"a second of wall time ({share:.2%} of one core), "
            f"{cpu * 1000 / max(fired, 1):.2f} ms a timeout fired")
        table.add("deadlines of 10,000 clocked games: CPU ms a second of wall time",
                  share * 1000, "<=", 100)
        service.close()
        client.close()
