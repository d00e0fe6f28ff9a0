"""Engine-only speed of a two-player Big Money vs Big Money game (not a test: run it).

    .venv/bin/python -m tests.games.dominion.measure_speed [games]

The loop is the lead's benchmark loop: next; a Chance is resolved with derive_outcome; a
Decision is answered by the bot; apply_move without re-checking legality.
"""

from __future__ import annotations

import hashlib
import statistics
import sys
import time

from domain.games.dominion import RULES
from domain.kernel import Chance, DrawStream, Over, derive_outcome


def game(seed: int) -> tuple[int, int]:
    state = RULES.setup({}, 2)
    secret = hashlib.sha256(str(seed).encode()).digest()
    draw = DrawStream(secret, f"bots:{seed}").below
    bot = RULES.bots["big_money"]
    steps = chances = 0
    while True:
        step = RULES.next(state)
        if isinstance(step, Over):
            return steps, chances
        steps += 1
        if isinstance(step, Chance):
            chances += 1
            state = RULES.apply_chance(state, derive_outcome(step.spec, secret, f"{seed}:{steps}"))
            continue
        prompt = step.prompts[0]
        state = RULES.apply_move(state, prompt.seat, bot(state, prompt, draw))


def main(games: int) -> None:
    times, steps, chances = [], [], []
    for seed in range(games):
        start = time.perf_counter()
        n, c = game(seed)
        times.append(time.perf_counter() - start)
        steps.append(n)
        chances.append(c)
    print(f"{games} games: median {statistics.median(times) * 1e3:.2f} ms, "
          f"p90 {statistics.quantiles(times, n=10)[-1] * 1e3:.2f} ms, "
          f"{games / sum(times):,.0f} games/s; steps a game {statistics.mean(steps):.0f} "
          f"({statistics.mean(chances):.0f} shuffles)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 2000)
