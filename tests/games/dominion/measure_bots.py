"""Bot against bot over many two-player games (not a test: run it).

    .venv/bin/python -m tests.games.dominion.measure_bots [games] [kingdom ids, comma-separated]

Seats alternate each game. Reports wins, losses, ties and average turns for the first bot (in
a mirror match, for seat 0: the first player), and how many games ended by which rule (none is
ever cut short: there is no turn cap).
"""

from __future__ import annotations

import hashlib
import sys
from collections import Counter

from domain.games.dominion import RULES
from domain.kernel import Chance, DrawStream, Over, derive_outcome

PAIRINGS = [("big_money", "smithy"), ("big_money", "big_money_ultimate"), ("smithy", "witch"),
            ("smithy", "militia"), ("random", "big_money"), ("big_money", "big_money")]
KINGDOM = ["cellar", "market", "militia", "mine", "moat", "remodel", "smithy", "village",
           "witch", "workshop"]


def game(bots: list[str], options: dict, seed: int) -> Over:
    state = RULES.setup(options, len(bots))
    secret = hashlib.sha256(f"{bots}:{seed}".encode()).digest()
    draw = DrawStream(secret, "bots").below
    count = 0
    while True:
        step = RULES.next(state)
        if isinstance(step, Over):
            return step
        count += 1
        if isinstance(step, Chance):
            state = RULES.apply_chance(state, derive_outcome(step.spec, secret, str(count)))
            continue
        prompt = step.prompts[0]
        move = RULES.bots[bots[prompt.seat]](state, prompt, draw)
        state = RULES.apply_move(state, prompt.seat, move)


def pairing(a: str, b: str, games: int, options: dict) -> str:
    tally: Counter = Counter()
    turns = 0
    for seed in range(games):
        seats = [a, b] if seed % 2 == 0 else [b, a]
        result = game(seats, options, seed)
        mine = 0 if a == b else seats.index(a)
        if mine not in result.winners:
            tally["loss"] += 1
        elif len(result.winners) > 1:
            tally["tie"] += 1
        else:
            tally["win"] += 1
        tally[result.reason] += 1
        turns += max((result.details or {})["turns"])
    who = f"{a} (seat 0)" if a == b else a
    return (f"{a} vs {b}: {who} won {tally['win']}, lost {tally['loss']}, tied {tally['tie']}; "
            f"average turns {turns / games:.1f}; ended by provinces "
            f"{tally['the Province pile is empty']}, by three piles "
            f"{tally['three Supply piles are empty']}")


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    kingdom = sys.argv[2].split(",") if len(sys.argv) > 2 else KINGDOM
    for first, second in PAIRINGS:
        print(pairing(first, second, count, {"kingdom": kingdom}), flush=True)
