"""make bench: prints throughput and latency figures for every part of the service."""

from __future__ import annotations

import importlib.util
import sys
import time

from . import engine, godofwar
from .table import Table


def say(line: str) -> None:
    print(line, flush=True)


def section(title: str) -> None:
    say(f"\n== {title} ==")


def main() -> None:
    started = time.perf_counter()
    table = Table()
    section("Revolution (best-of-three matches)")
    engine.engine_rate("revolution", ["random", "random"], {}, 1000, say)
    bots = ["greedy", "random"]
    greedy = engine.engine_rate("revolution", bots, {}, 100, say)
    engine.service_rate("revolution", bots, {}, 100, say, greedy, table)
    engine.verify_rate("revolution", bots, {}, 100, say, table)
    engine.load_move_save("revolution", {"match": "points", "games": 200}, [10, 1000], say,
                          table)

    section("Dominion (two players, Big Money vs Big Money)")
    times = engine.engine_rate("dominion", ["big_money", "big_money"], {}, 500, say)
    median_ms = sorted(times)[len(times) // 2] * 1e3
    say(f"  median engine-only game {median_ms:.2f} ms against the 3 ms aim "
        f"({median_ms / 3:.2f}x the aim)")
    engine.service_rate("dominion", ["big_money", "big_money"], {}, 100, say, times, table)
    engine.verify_rate("dominion", ["big_money", "big_money"], {}, 20, say, table)

    section("God of War (the party bot on every seat: the balance figure of its README)")
    godofwar.party_balance(200, say)
    section("Thrones (two-player box, bot against bot)")
    engine.engine_rate("thrones", ["random", "random"], {}, 20, say)
    planner = engine.engine_rate("thrones", ["planner", "planner"], {}, 20, say)
    engine.service_rate("thrones", ["planner", "planner"], {}, 10, say, planner, table)

    if importlib.util.find_spec("bench.http_bench") is not None:
        section("HTTP (gunicorn on 127.0.0.1)")
        from . import http_bench

        http_bench.run(say, table)
    section("Against the targets (issue: the event-sourced path as fast as the engine allows)")
    for line in table.lines():
        say(line)
    say(f"\n(bench took {time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    sys.exit(main())
