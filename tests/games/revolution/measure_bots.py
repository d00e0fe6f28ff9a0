"""Measure the greedy bot against the random bot over many matches (not a pytest test).

Run: .venv/bin/python -m tests.games.revolution.measure_bots [matches] [neutrals]
Seats alternate: in even matches greedy is seat 0, in odd matches seat 1.
"""

from __future__ import annotations

import random
import sys
import time

from domain.games.revolution import RULES
from domain.kernel import Chance, Over, derive_outcome, play_chance, play_move


def play_match(bots: list[str], seed: int, options: dict[str, object]) -> list[int]:
    """One match between the named bots (seat order); the winners."""
    rng = random.Random(seed)
    state = RULES.setup(options, 2)
    while True:
        step = RULES.next(state)
        if isinstance(step, Over):
            return step.winners
        if isinstance(step, Chance):
            outcome = derive_outcome(step.spec, rng.randbytes(32), "measure")
            state = play_chance(RULES, state, outcome)
            continue
        prompt = step.prompts[0]
        move = RULES.bots[bots[prompt.seat]](state, prompt, rng.randrange)
        state = play_move(RULES, state, prompt.seat, move)


def measure(matches: int, options: dict[str, object]) -> tuple[int, int, int]:
    """Greedy's wins, losses and draws against random."""
    wins = losses = draws = 0
    for n in range(matches):
        greedy = n % 2
        bots = ["random", "random"]
        bots[greedy] = "greedy"
        winners = play_match(bots, n, options)
        if len(winners) > 1:
            draws += 1
        elif winners == [greedy]:
            wins += 1
        else:
            losses += 1
    return wins, losses, draws


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    neutrals = sys.argv[2] if len(sys.argv) > 2 else "standard"
    start = time.time()
    won, lost, drawn = measure(count, {"neutrals": neutrals})
    print(f"greedy vs random, {count} best-of-three matches ({neutrals}): "
          f"{won} won, {lost} lost, {drawn} drawn: {won / count:.1%} "
          f"({time.time() - start:.0f} s)")
