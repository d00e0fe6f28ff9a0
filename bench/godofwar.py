"""God of War's balance figure (issue 12 item 5): the `party` bot on every seat, per player
count (win rate, rounds played, how often the upgrade deck ran out, what ends the lost games)
and per quest and player count (how often a party that reached the scene got past it, and in
how many rounds). A figure to tune the authored content by, not a test.

``python -m bench.godofwar 200`` runs this part alone (200 games per player count)."""

from __future__ import annotations

import statistics
import sys
from collections import Counter, defaultdict
from collections.abc import Callable
from typing import Any

from domain.kernel import Over

from .engine import engine_game, game_ids

Say = Callable[[str], None]


class _Scenes:
    """Watches a game's states: the rounds each scene lasted (``round`` restarts at every
    scene), in the order the scenes were laid out."""

    def __init__(self) -> None:
        self.rounds: dict[str, int] = {}

    def __call__(self, state: Any) -> None:
        current = state.get("campaign", {}).get("current")
        if current is not None:
            self.rounds[current] = max(self.rounds.get(current, 0), state.get("round") or 0)


def _cause(result: Over) -> str:
    if result.shared == "win":
        return "won"
    if result.shared is None:
        return "deck ran out"
    return "knocked out" if "knocked out" in result.reason else "defeat condition"


def party_balance(games: int, say: Say) -> None:
    say(f"  party bot on every seat, {games} games per player count")
    say("  seats | won | lost | deck ran out | rounds a game | defeats: knocked out / condition")
    per_scene: dict[tuple[str, int], list[tuple[bool, int]]] = defaultdict(list)
    why_lost: dict[tuple[str, int], Counter[str]] = defaultdict(Counter)
    for seats in (1, 2, 3, 4):
        causes: Counter[str] = Counter()
        rounds = []
        for game_id in game_ids(f"godofwar-{seats}", games):
            watch = _Scenes()
            result = engine_game("godofwar", ["party"] * seats, {}, game_id, watch)
            cause = _cause(result)
            causes[cause] += 1
            rounds.append((result.details or {}).get("rounds", 0))
            scenes = (result.details or {}).get("scenes", [])
            for i, scene in enumerate(scenes):
                last = i == len(scenes) - 1
                passed = not last or result.shared == "win"
                per_scene[scene, seats].append((passed, watch.rounds.get(scene, 0)))
                if not passed:
                    why_lost[scene, seats][cause] += 1
        say(f"  {seats} | {causes['won'] / games:.0%} | "
            f"{(causes['knocked out'] + causes['defeat condition']) / games:.0%} | "
            f"{causes['deck ran out'] / games:.0%} | {statistics.mean(rounds):.1f} | "
            f"{causes['knocked out']} / {causes['defeat condition']}")
    say("  per scene: seats | reached | got past | rounds in the scene (mean) | "
        "how the parties stopped there fell")
    for scene in sorted({s for s, _ in per_scene}):
        for seats in (1, 2, 3, 4):
            rows = per_scene.get((scene, seats), [])
            if not rows:
                continue
            past = sum(p for p, _ in rows)
            lost = ", ".join(f"{k} {n}" for k, n in why_lost[scene, seats].most_common())
            say(f"  {scene} | {seats} | {len(rows)} | {past / len(rows):.0%} | "
                f"{statistics.mean(r for _, r in rows):.1f} | {lost or '-'}")


if __name__ == "__main__":
    party_balance(int(sys.argv[1]) if len(sys.argv) > 1 else 40,
                  lambda line: print(line, flush=True))
