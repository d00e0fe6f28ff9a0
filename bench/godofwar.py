"""God of War's balance figure (issue 12 item 5): the `party` bot on every seat, per player
count (win rate, quests won, rounds played) and per scene (how often a party that reached it
got past it). A figure to tune the authored content by, not a test."""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Callable

from domain.kernel import Over

from .engine import engine_game, game_ids

Say = Callable[[str], None]


def party_balance(games: int, say: Say) -> None:
    reached: Counter[str] = Counter()
    passed: Counter[str] = Counter()
    for seats in (1, 2, 3, 4):
        results = [engine_game("godofwar", ["party"] * seats, {}, game_id)
                   for game_id in game_ids(f"godofwar-{seats}", games)]
        say(_line(seats, games, results))
        for result in results:
            scenes = (result.details or {}).get("scenes", [])
            reached.update(scenes)
            won = scenes if result.shared == "win" else scenes[:-1]
            passed.update(won)
    say("  per scene (all seat counts): " + "; ".join(
        f"{scene} {passed[scene]}/{reached[scene]}" for scene in sorted(reached)))


def _line(seats: int, games: int, results: list[Over]) -> str:
    shared = Counter(r.shared for r in results)
    details = [r.details or {} for r in results]
    quests = statistics.mean(d.get("quests_won", 0) for d in details)
    rounds = statistics.mean(d.get("rounds", 0) for d in details)
    return (f"  {seats} seat(s), {games} games: won {shared['win'] / games:.0%}, lost "
            f"{shared['loss'] / games:.0%}, abandoned {shared[None] / games:.0%}; quests won "
            f"{quests:.2f} a game, {rounds:.1f} rounds a game")
