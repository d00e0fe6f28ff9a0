"""make bench-scale: the API at scale on PostgreSQL (issue 14).

    GAMEHALL_BENCH_POSTGRES=postgresql://user@host:port/db make bench-scale

The real server (gunicorn, 2 gevent workers) over PostgreSQL (a fresh schema, dropped at the
end) and one Redis (``REDIS_URL``, or an embedded server run here). The store is filled in
steps to ``SCALE_GAMES`` stored games (10,000; finished bot-vs-bot Revolution matches,
recorded by a second writer beside the server, as another host would); at each step it
measures, one request at a time, the cost of a move, a view, a listing and an export of the
newest ``EXPORT_GAMES`` games; then ``SCALE_ACTIVE`` (200) games are played at once over
HTTP by the asyncio load generator (``http_load.py``, closed loop, ``SCALE_SECONDS`` a step):
moves per second, p50 and p99. The last lines say how each cost grew from the first step to
the last (it should not grow with the number of stored games).
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

from api.client import Client
from api.serve import spawned
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
    steps = sorted({max(stored // 100, EXPORT_GAMES), max(stored // 10, EXPORT_GAMES), stored})
    started = time.perf_counter()
    with ExitStack() as stack:
        environ = stack.enter_context(bench_environ(url))
        server = stack.enter_context(spawned(stack.enter_context(tempfile.TemporaryDirectory()),
                                             environ=environ, timeout=60))
        say(f"server: gunicorn, 2 gevent workers, PostgreSQL {environ['POSTGRES_HOST']}:"
            f"{environ['POSTGRES_PORT']} (schema {environ['POSTGRES_SCHEMA']}), Redis "
            f"{environ['REDIS_URL'].split('://')[0]}, rate limits off")
        rows = [measure_step(server, environ, step, active, seconds) for step in steps]
    say("\n== how the costs grew with the stored games ==")
    for name in rows[0]:
        if name != "stored":
            first, last = rows[0][name], rows[-1][name]
            say(f"  {name}: {first:,.1f} at {rows[0]['stored']:,} games -> {last:,.1f} at "
                f"{rows[-1]['stored']:,} ({last / first:.2f}x)")
    say(f"\n(bench-scale took {time.perf_counter() - started:.0f} s)")
    return 0


@contextmanager
def bench_environ(url: str) -> Iterator[dict[str, str]]:
    """The server's environment: a fresh PostgreSQL schema, a Redis, a shared secret."""
    import psycopg

    schema = f"bench_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(url, autocommit=True) as admin:
        admin.execute(f"CREATE SCHEMA {schema}")
    try:
        with redis_url() as redis:
            yield {**os.environ, **postgres_settings(url), "POSTGRES_SCHEMA": schema,
                   "GAMEHALL_STORE": "postgres", "GAMEHALL_SECRET": secrets.token_hex(32),
                   "REDIS_URL": redis, "GAMEHALL_WORKERS": "2", "GAMEHALL_RATE_LIMITS": "off"}
    finally:
        with psycopg.connect(url, autocommit=True) as admin:
            admin.execute(f"DROP SCHEMA {schema} CASCADE")


@contextmanager
def redis_url() -> Iterator[str]:
    if os.environ.get("REDIS_URL"):
        import redis

        client = redis.Redis.from_url(os.environ["REDIS_URL"])
        client.flushdb()  # the views of another store would be served as this one's
        client.close()
        yield os.environ["REDIS_URL"]
        return
    from projections.store import embedded_server

    with tempfile.TemporaryDirectory() as folder, embedded_server(Path(folder)) as url:
        yield url


def measure_step(server: str, environ: dict[str, str], target: int, active: int,
                 seconds: float) -> dict[str, Any]:
    say(f"\n== {target:,} stored games ==")
    filled = fill(environ, target)
    lobby = Client(server, timeout=600)
    catch_up = timed(lambda: ok(lobby.get("/games?limit=1")))
    say(f"  stored and projected {filled:,} finished matches beside the server (as another "
        f"host); the server's follower read their notifications in {catch_up:.1f} s")
    row: dict[str, Any] = {"stored": filled}
    row.update(single_costs(server, lobby))
    figures = load(server, "closed", active, seconds, [])
    say(f"  {active} games at once (closed loop, {seconds:.0f} s): {figures['rate']:,.0f} "
        f"moves/s, POST p50 {figures['p50_ms']:.1f} ms, p99 {figures['p99_ms']:.1f} ms, "
        f"{figures['errors']} refused (the machine's load average {os.getloadavg()[0]:.1f} "
        f"on {os.cpu_count()} cores: the figures are only as good as the CPU left to us)")
    row.update({"moves/s under load": figures["rate"], "move p99 ms under load":
                figures["p99_ms"]})
    lobby.close()
    return row


_filled = 0


def fill(environ: dict[str, str], target: int) -> int:
    """Record finished bot-vs-bot matches until the store holds ``target`` of them, and
    project them, as another API host would (a second writer beside the server: the server
    must see them as another host's)."""
    global _filled
    service = build_service(environ)
    store = ViewStore(connect(environ["REDIS_URL"], Path(".")))
    projector = Projector(service, store)
    started = time.perf_counter()
    try:
        while _filled < target:
            created, _ = service.create_game("revolution", {},
                                             [{"bot": "random"}, {"bot": "random"}])
            projector.record(created)
            _filled += 1
    finally:
        store.close()
        service.close()
    say(f"  (filling took {time.perf_counter() - started:.0f} s)")
    return _filled


def single_costs(server: str, lobby: Client) -> dict[str, float]:
    """One request at a time: a move, a view, a listing, an export (median ms)."""
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
        holder: dict[str, Any] = {}
        views.append(timed(lambda p=player, h=holder: h.update(
            view=ok(p.get(f"/games/{game_id}/view")).json)))
        move = holder["view"]["prompt"]["legal_moves"][0]
        moves.append(timed(lambda p=player, m=move: ok(p.post(f"/games/{game_id}/moves",
                                                               {"move": m}))))
    listings = [timed(lambda: ok(lobby.get("/games?game=revolution&limit=50")))
                for _ in range(20)]
    exports = [timed(lambda: ok(lobby.get(f"/replays/export?game=revolution&limit="
                                          f"{EXPORT_GAMES}"))) for _ in range(5)]
    for player in players.values():
        player.close()
    costs = {"move ms": ms(moves), "view ms": ms(views), "listing of 50 ms": ms(listings),
             f"export of {EXPORT_GAMES} games ms": ms(exports)}
    say("  one at a time (median): " + ", ".join(f"{k} {v:.1f}" for k, v in costs.items()))
    return costs


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
