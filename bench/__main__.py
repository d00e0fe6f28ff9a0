"""make bench: prints throughput and latency figures for every part of the service."""

from __future__ import annotations

import sys
import time

from . import engine, godofwar
from .table import Table


def say(line: str) -> None:
    print(line, flush=True)


def section(title: str) -> None:
    say(f"\n== {title} ==")


def revolution(table: Table) -> None:
    section("Revolution (best-of-three matches)")
    engine.engine_rate("revolution", ["random", "random"], {}, 1000, say)
    bots = ["greedy", "random"]
    engine.engine_rate("revolution", bots, {}, 100, say)
    engine.service_rate("revolution", bots, {}, 100, say, table)
    engine.verify_rate("revolution", bots, {}, 100, say, table)
    # The longest match the options allow (200 games, about 3,000 moves): the 4,000
    # events are out of Revolution's reach, so its last point is 2,500 moves.
    engine.load_move_save("revolution", {"match": "points", "games": 200}, [10, 1000, 2500],
                          say, table)


def dominion(table: Table) -> None:
    section("Dominion (two players, Big Money vs Big Money)")
    engine.engine_rate("dominion", ["big_money", "big_money"], {}, 500, say)
    median = engine.view_share("dominion", ["big_money", "big_money"], 300, say, table)
    engine.pyminion_speedup(median, say, table)
    engine.service_rate("dominion", ["big_money", "big_money"], {}, 100, say, table)
    engine.verify_rate("dominion", ["big_money", "big_money"], {}, 20, say, table)


def god_of_war(table: Table) -> None:
    section("God of War (the party bot on every seat: the balance figure of its README)")
    godofwar.party_balance(200, say)


def thrones(table: Table) -> None:
    section("Thrones (two-player box, bot against bot)")
    engine.engine_rate("thrones", ["random", "random"], {}, 20, say)
    engine.engine_rate("thrones", ["planner", "planner"], {}, 20, say)
    engine.service_rate("thrones", ["planner", "planner"], {}, 10, say, table)


def http(table: Table) -> None:
    section("HTTP (gunicorn on 127.0.0.1)")
    from . import http_bench

    http_bench.run(say, table)


def layers(table: Table) -> None:
    section("A POST move's server CPU by layer (in-process, SQLite + embedded Redis)")
    from . import layers as by_layer

    posted, read = by_layer.profile(500, say)
    server = table.figures.get("server_cpu_ms")
    if server is not None:
        reads = table.figures["view_reads_a_move"]
        in_app = posted + reads * read
        say(f"  the real server spent {server:.2f} ms of CPU a move at saturation (HTTP above); "
            f"the app's part of it, a POST and {reads:.2f} view reads, is {in_app:.2f} ms here: "
            f"{max(server - in_app, 0):.2f} ms went to gunicorn and gevent (reading, parsing "
            "and writing HTTP: see the request the app answers at once, above), the Redis "
            "server, and the slower CPU of a loaded machine")


def deadlines(table: Table) -> None:
    section("Deadlines: 10,000 active clocked games, one worker")
    from . import deadlines as kept

    kept.run(say, table)


def research(table: Table) -> None:
    from . import research as environments  # the research extra's packages, imported on use

    environments.research(table)


def inbox(table: Table) -> None:
    section("A player's inbox (1,000 games, in-process: SQLite + embedded Redis)")
    from . import inbox as players_inbox

    players_inbox.inbox_cost(1000, say, table)


def memory(table: Table) -> None:
    section("Memory: one worker over bot games of the four games, over HTTP")
    from . import memory as worker

    worker.worker_rss(200, say, table)


def thrones_melee(table: Table) -> None:
    section("Thrones melee balance (four planners, 400 seat-rotated games: the README's table)")
    from . import melee

    melee.melee_balance(400, say)


SECTIONS = {"revolution": revolution, "dominion": dominion, "godofwar": god_of_war,
            "thrones": thrones, "research": research, "http": http, "layers": layers,
            "deadlines": deadlines, "inbox": inbox, "memory": memory, "melee": thrones_melee}
# Run only when named (``make bench SECTIONS=melee``): 400 four-player games take a while.
BY_NAME_ONLY = ("melee",)


def main(argv: list[str]) -> None:
    """Every section but the melee balance, or those named (``python -m bench http layers``)."""
    unknown = [name for name in argv if name not in SECTIONS]
    if unknown:
        raise SystemExit(f"no bench section {', '.join(unknown)}; the sections are "
                         f"{', '.join(SECTIONS)}")
    started = time.perf_counter()
    table = Table()
    for name in argv or [name for name in SECTIONS if name not in BY_NAME_ONLY]:
        SECTIONS[name](table)
    section("Against the targets (issue: the event-sourced path as fast as the engine allows)")
    for line in table.lines():
        say(line)
    say(f"\n(bench took {time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main(sys.argv[1:])
