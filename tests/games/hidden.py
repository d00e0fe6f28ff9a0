"""What a seat may not know must not change anything that seat is shown.

For a position P and a seat s, a game's *scrambler* gives P': the same position with what s
may not know dealt anew (other seats' hands, every deck's order, hidden piles; the sizes of
all of them kept, since sizes are public). Then s must not be able to tell P from P':

* s's view, and what s is asked (its prompt and its legal moves), are the same;
* the game waits for the same seats (``waiting_for``), or for a draw with the same spec, or
  is over with the same result;
* every move the asked seats could make reads the same to s in both (as a set), so the
  choice a hidden card allows is not shown (a card put back on a deck, say);
* after any move legal in both, followed by the same draws: wherever s's view is still the
  same (nothing was revealed that tells the two apart), so is the rest: whom the game waits
  for, the moves' reading and the log line. So whether a seat is asked next does not depend
  on hidden cards (a Library keeping an Action, a Bureaucrat's victim), while a card shown to
  everyone (a Bandit's reveal) may of course change what follows.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from domain.kernel import (
    Chance,
    Decision,
    Move,
    Over,
    Rules,
    State,
    Step,
    canonical_json,
    derive_outcome,
    round_trip,
)

Scrambler = Callable[[State, int, random.Random], State | None]


def seen_step(step: Step, seat: int) -> object:
    """What ``seat`` is shown of the step: who is asked and its own prompt, the draw's spec,
    or the result."""
    if isinstance(step, Over):
        return ("over", step.to_json())
    if isinstance(step, Chance):
        return ("chance", canonical_json(step.spec))
    own = step.prompt_for(seat)
    return ("decision", sorted(step.seats),
            None if own is None else (own.kind, own.text, canonical_json(own.legal_moves)))


def seen_moves(rules: Rules, state: State, step: Step, seat: int) -> set[str]:
    """How every move another seat could make now would read to ``seat``."""
    if not isinstance(step, Decision):
        return set()
    return {canonical_json(rules.redact(state, {"type": "move", "seat": p.seat, "move": m},
                                        seat))
            for p in step.prompts if p.seat != seat for m in p.legal_moves}


def assert_same_to(rules: Rules, p: State, q: State, seat: int) -> None:
    assert canonical_json(rules.view(p, seat)) == canonical_json(rules.view(q, seat)), \
        f"seat {seat}'s view depends on what it may not know"
    step_p, step_q = rules.next(p), rules.next(q)
    assert seen_step(step_p, seat) == seen_step(step_q, seat), \
        f"what seat {seat} is shown of the next step depends on what it may not know"
    assert seen_moves(rules, p, step_p, seat) == seen_moves(rules, q, step_q, seat), \
        f"the moves other seats could make read differently to seat {seat}"


def settle(rules: Rules, p: State, q: State, rng: random.Random) -> tuple[State, State]:
    """Resolve draws with equal specs in both positions with the same outcomes."""
    for count in range(1000):
        step_p, step_q = rules.next(p), rules.next(q)
        if not (isinstance(step_p, Chance) and isinstance(step_q, Chance)) or (
                step_p.spec != step_q.spec):
            return p, q
        outcome = derive_outcome(step_p.spec, rng.randbytes(32), f"hidden:{count}")
        p, q = rules.apply_chance(p, outcome), rules.apply_chance(q, outcome)
    raise AssertionError("no decision after 1000 draws")


def check_position(rules: Rules, scramble: Scrambler, state: State, seat: int,
                   rng: random.Random) -> bool:
    """Check ``state`` against a scramble of it for ``seat``; False if the scrambler passed."""
    other = scramble(round_trip(state), seat, rng)
    if other is None:
        return False
    assert_same_to(rules, state, other, seat)
    step, step_other = rules.next(state), rules.next(other)
    if not isinstance(step, Decision) or not isinstance(step_other, Decision):
        return True
    for prompt in step.prompts:
        theirs = step_other.prompt_for(prompt.seat)
        assert theirs is not None
        for move in prompt.legal_moves:
            if move not in theirs.legal_moves:
                continue
            check_move(rules, state, other, prompt.seat, move, seat, rng)
    return True


def check_move(rules: Rules, state: State, other: State, mover: int, move: Move, seat: int,
               rng: random.Random) -> None:
    event = {"type": "move", "seat": mover, "move": move}
    assert canonical_json(rules.redact(state, event, seat)) == canonical_json(
        rules.redact(other, event, seat)), f"{move} reads differently to seat {seat}"
    after = rules.apply_move(state, mover, move)
    after_other = rules.apply_move(other, mover, move)
    if canonical_json(rules.view(after, seat)) != canonical_json(rules.view(after_other, seat)):
        return  # the move revealed something to everyone: what follows may differ
    assert rules.describe(state, after, event, seat) == rules.describe(
        other, after_other, event, seat), f"the log line of {move} tells seat {seat} more"
    settled, settled_other = settle(rules, after, after_other, random.Random(rng.random()))
    if canonical_json(rules.view(settled, seat)) == canonical_json(
            rules.view(settled_other, seat)):
        assert_same_to(rules, settled, settled_other, seat)
