"""make bench-scale: the API at scale on PostgreSQL (issue 14).

    GAMEHALL_BENCH_POSTGRES=postgresql://user@host:port/db make bench-scale

Two real servers (gunicorn, 2 gevent workers each) on PostgreSQL, each on a fresh schema of its
own (dropped at the end) and its own Redis: a *large* store, filled in steps to
``SCALE_GAMES`` (10,000) finished bot-vs-bot Revolution matches, and a *small* one that keeps
``EXPORT_GAMES`` (200). The matches are recorded and projected by a second writer beside the
server, as another host would. At each step the cost of a move, a view, a listing and an
export of ``EXPORT_GAMES`` games is measured one request at a time on both servers in turn
(so a busy machine slows both alike, and their ratio shows what the number of stored games
costs); then ``SCALE_ACTIVE`` (200) games are played at once on the large store over HTTP by
the asyncio load generator (``http_load.py``, closed loop, ``SCALE_SECONDS`` a step): moves
per second, p50 and p99.
"""

from __future__ import annotations

import os
import secrets
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

from api.serve import spawned
from bench.api_client import Client
from bootstrap import build_service, postgres_settings
from projections import Projector, ViewStore, connect

from .http_bench import load

Say = Callable[[str], None]
EXPORT_GAMES = 200
SAMPLES = 100


def say(line: str) -> None:
    print(line, flush=True)


def main() -> int:
    url = os.environ.get("GAMEHALL_BENCH_POSTGRES")
    if not url:
        say("bench-scale needs a PostgreSQL server: set GAMEHALL_BENCH_POSTGRES="
            "postgresql://user[:password]@host:port/dbname (a schema is made and dropped)")
        return 2
    stored = int(os.environ.get("SCALE_GAMES", "10000"))
    active = int(os.environ.get("SCALE_ACTIVE", "200"))
    seconds = float(os.environ.get("SCALE_SECONDS", "20"))
    steps = sorted({max(stored // 10, EXPORT_GAMES), stored})
    started = time.perf_counter()
    with ExitStack() as stack:
        large, small = (Store(stack, url) for _ in range(2))
        say(f"two servers: gunicorn, 2 gevent workers, PostgreSQL {large.environ['POSTGRES_HOST']}"
            f":{large.environ['POSTGRES_PORT']} (a schema each), an embedded Redis each, rate "
            "limits off")
        small.fill(EXPORT_GAMES)
        rows = [measure_step(large, small, step, active, seconds) for step in steps]
    say("\n== what the stored games cost (large store / small store, measured in turn) ==")
    for row in rows:
        say(f"  {row['stored']:,} vs {EXPORT_GAMES} stored games: " + ", ".join(
            f"{name} {ratio:.2f}x" for name, ratio in row["ratios"].items()))
    say(f"\n(bench-scale took {time.perf_counter() - started:.0f} s)")
    return 0


class Store:
    """One server on a fresh PostgreSQL schema and Redis of its own, and how many finished
    matches it holds."""

    def __init__(self, stack: ExitStack, url: str) -> None:
        self.environ = stack.enter_context(bench_environ(url))
        self.server = stack.enter_context(spawned(
            stack.enter_context(tempfile.TemporaryDirectory()), environ=self.environ,
            timeout=60))
        self.filled = 0

    def fill(self, target: int) -> None:
        """Record finished bot-vs-bot matches until the store holds ``target``, and project
        them, as another API host would (the server must see them as another host's)."""
        service = build_service(self.environ)
        store = ViewStore(connect(self.environ["REDIS_URL"], Path(".")))
        projector = Projector(service, store)
        started = time.perf_counter()
        try:
            while self.filled < target:
                created, _ = service.create_game("revolution", {},
                                                 [{"bot": "random"}, {"bot": "random"}])
                projector.record(created)
                self.filled += 1
        finally:
            store.close()
            service.close()
        lobby = Client(self.server, timeout=600)
        catch_up = timed(lambda: ok(lobby.get("/games?limit=1")))
        lobby.close()
        say(f"  stored and projected {self.filled:,} finished matches in "
            f"{time.perf_counter() - started:.0f} s beside the server (as another host); the "
            f"server's follower read their notifications in {catch_up:.1f} s")


@contextmanager
def bench_environ(url: str) -> Iterator[dict[str, str]]:
    """The server's environment: a fresh PostgreSQL schema, a Redis, a shared secret."""
    import psycopg

    schema = f"bench_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(url, autocommit=True) as admin:
        admin.execute(f"CREATE SCHEMA {schema}")
    try:
        with redis_url() as redis:
            inherited = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
            yield {**inherited, **postgres_settings(url), "POSTGRES_SCHEMA": schema,
                   "GAMEHALL_STORE": "postgres", "GAMEHALL_SECRET": secrets.token_hex(32),
                   "REDIS_URL": redis, "GAMEHALL_WORKERS": "2", "GAMEHALL_RATE_LIMITS": "off"}
    finally:
        with psycopg.connect(url, autocommit=True) as admin:
            admin.execute(f"DROP SCHEMA {schema} CASCADE")


@contextmanager
def redis_url() -> Iterator[str]:
    """An embedded Redis server of its own (a store's views must not meet another's)."""
    from projections.store import embedded_server

    with tempfile.TemporaryDirectory() as folder, embedded_server(Path(folder)) as url:
        yield url


def measure_step(large: Store, small: Store, target: int, active: int,
                 seconds: float) -> dict[str, Any]:
    say(f"\n== {target:,} stored games ==")
    large.fill(target)
    rounds: dict[str, list[list[float]]] = {"large": [], "small": []}
    for _ in range(2):  # in turn, so that both meet the same machine
        rounds["large"].append(single_costs(large.server))
        rounds["small"].append(single_costs(small.server))
    costs = {side: [statistics.median(values) for values in zip(*runs, strict=True)]
             for side, runs in rounds.items()}
    for side, store in (("large", large), ("small", small)):
        say(f"  one at a time, {store.filled:,} stored (median ms): " + ", ".join(
            f"{name} {value:.1f}" for name, value in zip(COSTS, costs[side], strict=True)))
    figures = load(large.server, "closed", active, seconds, [])
    say(f"  {active} games at once on {large.filled:,} stored (closed loop, {seconds:.0f} s): "
        f"{figures['rate']:,.0f} moves/s, POST p50 {figures['p50_ms']:.1f} ms, p99 "
        f"{figures['p99_ms']:.1f} ms, {figures['errors']} refused and retried (the machine's "
        f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")
    return {"stored": large.filled, "ratios": {
        name: big / little for name, big, little in zip(COSTS, costs["large"], costs["small"],
                                                        strict=True)}}


COSTS = ("move", "view", "listing of 50", f"export of {EXPORT_GAMES}")


def single_costs(server: str) -> list[float]:
    """One request at a time on a new game: a move, a view, a listing, an export (median
    ms, in the order of ``COSTS``)."""
    lobby = Client(server)
    created = ok(lobby.post("/games", {"game": "revolution",
                                       "players": [{"name": "a"}, {"name": "b"}]})).json
    game_id = created["game_id"]
    players = {int(seat): Client(server, token) for seat, token in created["tokens"].items()}
    moves, views = [], []
    for _ in range(SAMPLES):
        summary = ok(lobby.get(f"/games/{game_id}")).json
        if summary["status"] != "active":
            break
        player = players[summary["waiting_for"][0]]
        started = time.perf_counter()
        view = ok(player.get(f"/games/{game_id}/view")).json
        views.append(time.perf_counter() - started)
        started = time.perf_counter()
        ok(player.post(f"/games/{game_id}/moves", {"move": view["prompt"]["legal_moves"][0]}))
        moves.append(time.perf_counter() - started)
    listings = [timed(lambda: ok(lobby.get("/games?game=revolution&limit=50")))
                for _ in range(10)]
    exports = [timed(lambda: ok(lobby.get(f"/replays/export?game=revolution&limit="
                                          f"{EXPORT_GAMES}"))) for _ in range(4)]
    for client in (lobby, *players.values()):
        client.close()
    return [ms(moves), ms(views), ms(listings), ms(exports)]


def ok(answer: Any) -> Any:
    assert answer.status in (200, 201), answer.body[:300]
    return answer


def timed(call: Callable[[], Any]) -> float:
    started = time.perf_counter()
    call()
    return time.perf_counter() - started


def ms(samples: list[float]) -> float:
    return statistics.median(samples) * 1e3


if __name__ == "__main__":
    sys.exit(main())
