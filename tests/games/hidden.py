"""What a seat may not know must not change anything that seat is shown.

For a position P and a seat s, a game's *scrambler* gives P': the same position with what s
may not know dealt anew (other seats' hands, every deck's order, hidden piles; the sizes of
all of them kept, since sizes are public). Then s must not be able to tell P from P':

* s's view, and what s is asked (its prompt and its legal moves), are the same, and the game
  waits for the same seats (``waiting_for``), or for a draw with the same spec, or is over
  with the same result;
* a move legal in both, after which s's view is the same in both (nothing public tells them
  apart), reads the same to s (its redacted event), and after it and the same draws, while
  s's view is still the same, the first point holds again: whether a seat is asked next
  does not depend on hidden cards (a Library keeping an Action, a Bureaucrat's victim),
  while a card shown to everyone (a Bandit's reveal) may of course change what follows.
"""

from __future__ import annotations

import copy
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
    json_equal,
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


def assert_same_to(rules: Rules, p: State, q: State, seat: int) -> None:
    view_p, view_q = rules.view(p, seat), rules.view(q, seat)
    assert canonical_json(view_p) == canonical_json(view_q), (
        f"seat {seat}'s view depends on what it may not know: "
        f"{ {k: (v, view_q.get(k)) for k, v in view_p.items() if view_q.get(k) != v} }")
    step_p, step_q = rules.next(p), rules.next(q)
    assert seen_step(step_p, seat) == seen_step(step_q, seat), \
        f"what seat {seat} is shown of the next step depends on what it may not know"


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
    other = scramble(copy.deepcopy(state), seat, rng)
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
            if any(json_equal(move, m) for m in theirs.legal_moves):
                check_move(rules, state, other, prompt.seat, move, seat, rng)
    return True


def check_move(rules: Rules, p: State, q: State, mover: int, move: Move, seat: int,
               rng: random.Random) -> None:
    """The same move in both positions: while ``seat``'s view after it is the same (nothing
    public tells the two apart), its event reads the same and what follows looks the same."""
    after_p, after_q = rules.apply_move(p, mover, move), rules.apply_move(q, mover, move)
    if canonical_json(rules.view(after_p, seat)) != canonical_json(rules.view(after_q, seat)):
        return  # the move revealed something to everyone: what follows may differ
    event = {"type": "move", "seat": mover, "move": move}
    assert canonical_json(rules.redact(p, event, seat)) == canonical_json(
        rules.redact(q, event, seat)), f"{move} reads differently to seat {seat}"
    # Log lines are not compared: they may name cards revealed to everyone that the view no
    # longer shows (a Bandit's reveal, discarded at once); each game's tests pin its lines.
    settled_p, settled_q = settle(rules, after_p, after_q, random.Random(rng.random()))
    if canonical_json(rules.view(settled_p, seat)) == canonical_json(
            rules.view(settled_q, seat)):
        assert_same_to(rules, settled_p, settled_q, seat)
