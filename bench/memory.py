"""A worker's memory over many bot games created over HTTP (the issue's 3,000, made small):
one gunicorn worker, SQLite and embedded Redis, the four games in turn, each a bot game
played to its end on creation and then read back (its board and its replay), as a client
would. The worker's resident set is sampled as the games accumulate; its caches hold what
they keep of each game, so its growth is theirs."""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Callable
from typing import Any

import psutil

from api.serve import spawned
from bench.api_client import Client

from .table import Table

Say = Callable[[str], None]
# Quick bots: Thrones' planner takes seconds a game, and what the caches keep is the same.
LINE_UPS: list[tuple[str, list[dict[str, Any]]]] = [
    ("dominion", [{"bot": "big_money"}, {"bot": "big_money"}]),
    ("revolution", [{"bot": "greedy"}, {"bot": "random"}]),
    ("godofwar", [{"bot": "party"}, {"bot": "party"}]),
    ("thrones", [{"bot": "random"}, {"bot": "random"}]),
]
TARGET_MB = 150
SAMPLES = 6


def worker_rss(games: int, say: Say, table: Table) -> None:
    environ = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
    environ.update({"GAMEHALL_STORE": "sqlite", "GAMEHALL_WORKERS": "1",
                    "GAMEHALL_RATE_LIMITS": "off"})
    with tempfile.TemporaryDirectory() as var, spawned(var, environ=environ) as url:
        worker = the_worker()
        client = Client(url)
        samples = [rss_mb(worker)]
        for index in range(games):
            game, players = LINE_UPS[index % len(LINE_UPS)]
            answer = client.post("/games", {"game": game, "players": players})
            assert answer.status == 201, answer.body[:300]
            game_id = answer.json["game_id"]
            assert client.get(f"/games/{game_id}").status == 200
            assert client.get(f"/games/{game_id}/replay").status == 200
            if (index + 1) % max(games // SAMPLES, 1) == 0:
                samples.append(rss_mb(worker))
        client.close()
    shown = ", ".join(f"{mb:.0f}" for mb in samples)
    say(f"  one worker's resident memory over {games:,} bot games of the four games "
        f"(created, read, replayed over HTTP), sampled {SAMPLES} times: {shown} MB")
    table.add(f"a worker's memory after {games:,} bot games over HTTP, MB", max(samples), "<",
              TARGET_MB)


def main(argv: list[str]) -> None:
    """``python -m bench.memory [GAMES]``: the row with more games (200 by default)."""
    table = Table()
    worker_rss(int(argv[0]) if argv else 200, lambda line: print(line, flush=True), table)
    print("\n".join(table.lines()))


def the_worker() -> psutil.Process:
    """The gunicorn worker: the one child of the server's process tree that serves."""
    workers = [p for p in psutil.Process().children(recursive=True)
               if "redis" not in p.name() and not p.children()]
    return max(workers, key=lambda p: p.create_time())


def rss_mb(process: psutil.Process) -> float:
    return float(process.memory_info().rss) / 1e6


if __name__ == "__main__":
    main(sys.argv[1:])
