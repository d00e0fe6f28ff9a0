"""Thrones melee balance (issue 26 item 3): N seat-rotated games of the ``lcg`` profile with the
ready-made decks, printed as wins by seat, by House and by bot, each with its 95% interval.

Game ``i`` turns the Houses one seat (House pattern shifted by ``i``), and the bots one seat
every ``seats`` games, so that over a multiple of ``seats x len(bots)`` games every House and
every bot sits at every seat equally often, and a seat's figure is the seat's, not its
deck's. Each seat is given its House's ready-made decklist in ``options["decks"]`` (the
service's own creation option), and each game is walked by ``self_play``: the game the service
would play for that id.

    python -m bench.melee 400                                # four planners
    python -m bench.melee 200 --bots planner,random          # the bot's edge, per House
    python -m bench.melee 200 --houses stark                 # mirrored decks
    make bench SECTIONS=melee                                # 400 games, four planners

A figure to judge the decks and the bot by, not a test: ``tests/test_bench_melee.py`` plays a
few games to check that it runs and reports every seat, and asserts no rate.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import statistics
import sys
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any
from uuid import UUID

from domain.games.thrones.decks import READY

from .engine import engine_game, game_ids

Say = Callable[[str], None]


@dataclass(frozen=True)
class Seating:
    """Who sits where in one game: each seat's House and bot."""

    houses: tuple[str, ...]
    bots: tuple[str, ...]


def seating(game: int, seats: int, houses: Sequence[str], bots: Sequence[str]) -> Seating:
    """Game ``game``'s seating: the House pattern (``houses`` repeated over the seats) turned
    by ``game`` seats, the bot pattern turned by one seat every ``seats`` games."""
    house_turn, bot_turn = game % seats, game // seats
    return Seating(tuple(houses[(s + house_turn) % len(houses)] for s in range(seats)),
                   tuple(bots[(s + bot_turn) % len(bots)] for s in range(seats)))


def _play(job: tuple[UUID, Seating]) -> tuple[Seating, list[int], int]:
    game_id, seated = job
    options: dict[str, Any] = {"profile": "lcg", "decks": [READY[h] for h in seated.houses]}
    over = engine_game("thrones", list(seated.bots), options, game_id)
    return seated, list(over.winners), int((over.details or {}).get("rounds", 0))


def wilson(wins: float, n: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a rate of ``wins`` in ``n`` (steady near 0 and 1)."""
    if n == 0:
        return 0.0, 1.0
    z = 1.96
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class Tally:
    """Wins out of games for each key (a seat, a House, a bot): a key counts one game each
    time it takes part (a House or bot on two seats counts once: did one of them win)."""

    games: Counter[Any] = field(default_factory=Counter)
    wins: Counter[Any] = field(default_factory=Counter)

    def add(self, keys: Sequence[Any], winners: Sequence[int]) -> None:
        for key in set(keys):
            self.games[key] += 1
            self.wins[key] += any(keys[w] == key for w in winners)

    def line(self, key: Any) -> str:
        n, won = self.games[key], self.wins[key]
        low, high = wilson(won, n)
        return f"{won}/{n} = {won / n:.1%} (95% {low:.1%}-{high:.1%})"


@dataclass
class Figures:
    seats: Tally = field(default_factory=Tally)
    houses: Tally = field(default_factory=Tally)
    bots: Tally = field(default_factory=Tally)
    by_house_and_bot: Tally = field(default_factory=Tally)
    rounds: list[int] = field(default_factory=list)
    no_winner: int = 0

    def add(self, seated: Seating, winners: list[int], rounds: int) -> None:
        seats = len(seated.houses)
        self.seats.add(range(seats), winners)
        self.houses.add(seated.houses, winners)
        self.bots.add(seated.bots, winners)
        self.by_house_and_bot.add(list(zip(seated.houses, seated.bots, strict=True)), winners)
        self.rounds.append(rounds)
        self.no_winner += not winners


def _results(work: list[tuple[UUID, Seating]],
             jobs: int) -> Iterator[tuple[Seating, list[int], int]]:
    """Each game's seating, winners and rounds, as the games end (on ``jobs`` processes)."""
    if jobs <= 1:
        yield from map(_play, work)
        return
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        yield from pool.imap_unordered(_play, work)


def melee_balance(games: int, say: Say, bots: Sequence[str] = ("planner",),
                  houses: Sequence[str] = ("stark", "lannister"), seats: int = 4,
                  label: str = "melee", jobs: int = 2) -> Figures:
    """Plays ``games`` seat-rotated melee games (on ``jobs`` processes) and prints the table."""
    work = [(game_id, seating(i, seats, houses, bots))
            for i, game_id in enumerate(game_ids(label, games))]
    figures = Figures()
    for done, (seated, winners, rounds) in enumerate(_results(work, jobs), 1):
        figures.add(seated, winners, rounds)
        if done % 25 == 0 and done < games:  # a long run shows it is moving
            so_far = ", ".join(f"{h} {n}" for h, n in sorted(figures.houses.wins.items()))
            print(f"  ({done} of {games} games played; won so far: {so_far})",
                  file=sys.stderr, flush=True)
    _report(figures, games, seats, say)
    return figures


def _report(figures: Figures, games: int, seats: int, say: Say) -> None:
    say(f"  {games} games, {seats} seats; {statistics.mean(figures.rounds):.1f} rounds a game "
        f"(fewest {min(figures.rounds)}, most {max(figures.rounds)}); "
        f"{figures.no_winner} without a winner")
    say(f"  wins by seat (a fair seat wins {1 / seats:.0%}):")
    for seat in range(seats):
        say(f"    seat {seat}: {figures.seats.line(seat)}")
    for title, tally in (("House", figures.houses), ("bot", figures.bots),
                         ("House and bot", figures.by_house_and_bot)):
        if len(tally.games) > 1:
            say(f"  wins by {title} (games where it won, out of games it sat in):")
            for key in sorted(tally.games):
                name = "/".join(key) if isinstance(key, tuple) else key
                say(f"    {name}: {tally.line(key)}")


def parser() -> argparse.ArgumentParser:
    args = argparse.ArgumentParser(prog="python -m bench.melee", description=__doc__.split(
        "\n\n")[0])
    args.add_argument("games", type=int, nargs="?", default=400)
    args.add_argument("--bots", default="planner",
                      help="the bot pattern over the seats, comma-separated (repeated)")
    args.add_argument("--houses", default="stark,lannister",
                      help="the House pattern over the seats (stark: mirrored Stark decks)")
    args.add_argument("--seats", type=int, default=4)
    args.add_argument("--label", default="melee", help="names the games' ids (and so seeds)")
    args.add_argument("--jobs", type=int, default=2)
    return args


def main(argv: list[str]) -> None:
    args = parser().parse_args(argv)
    melee_balance(args.games, lambda line: print(line, flush=True), args.bots.split(","),
                  args.houses.split(","), args.seats, args.label, args.jobs)


if __name__ == "__main__":
    main(sys.argv[1:])
