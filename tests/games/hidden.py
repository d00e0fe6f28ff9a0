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
  while a card shown to everyone (a Bandit's reveal) may of course change what follows;
* and so, after that move, s's view may differ between P and P' only where something was
  shown openly: a game's ``shown`` function (beside its scrambler) picks out of a view and a
  log line what they show openly (cards revealed, played, trashed, named), leaving out what
  merely follows from hidden cards (a hand's size, who is asked). If the shown parts agree,
  the whole views must (a Library that stops drawing at a hidden Action fails here);
* a seat asked in one position and not in the other, although one of its answers leads to
  what s sees in the other, tells s something by being asked (a Bureaucrat victim asked only
  when it has two kinds of Victory card);
* two different moves of another seat from the same position, after which s sees the same,
  read the same to s in its log but for what the log shows openly (a Harbinger's topdeck
  named to everyone).
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
# What a view and a log line show openly (see above); by default everything, which makes the
# view check after a move as loose as "the views differ, so something was revealed".
Shown = Callable[[dict, str], object]
QUESTIONS_TRIED = 20


def everything(view: dict, lines: str) -> object:
    return (canonical_json(view), lines)


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
        f"seat {seat}'s view depends on what it may not know: {differences(view_p, view_q)}")
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
                   rng: random.Random, shown: Shown = everything) -> bool:
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
                check_move(rules, state, other, prompt.seat, move, seat, rng, shown)
        if prompt.seat != seat:
            check_choices_read_alike(rules, state, prompt.seat, prompt.legal_moves, seat, shown)
    return True


def check_move(rules: Rules, p: State, q: State, mover: int, move: Move, seat: int,
               rng: random.Random, shown: Shown = everything) -> None:
    """The same move in both positions: ``seat``'s views after it differ only where something
    was shown openly; while they are the same, its event reads the same and what follows
    looks the same."""
    after_p, after_q = rules.apply_move(p, mover, move), rules.apply_move(q, mover, move)
    view_p, view_q = rules.view(after_p, seat), rules.view(after_q, seat)
    event = {"type": "move", "seat": mover, "move": move}
    if canonical_json(view_p) != canonical_json(view_q):
        lines_p = rules.describe(p, after_p, event, seat)
        lines_q = rules.describe(q, after_q, event, seat)
        assert shown(view_p, lines_p) != shown(view_q, lines_q), (
            f"after {move}, seat {seat}'s view depends on what it may not know although "
            f"nothing different was shown: {differences(view_p, view_q)}")
        check_no_telling_question(rules, after_p, after_q, seat, rng)
        check_no_telling_question(rules, after_q, after_p, seat, rng)
        return  # the move revealed something to everyone: what follows may differ
    assert canonical_json(rules.redact(p, event, seat)) == canonical_json(
        rules.redact(q, event, seat)), f"{move} reads differently to seat {seat}"
    # Log lines are not compared here: they may name cards revealed to everyone that the view
    # no longer shows (a Bandit's reveal, discarded at once); ``shown`` reads them above.
    settled_p, settled_q = settle(rules, after_p, after_q, random.Random(rng.random()))
    if canonical_json(rules.view(settled_p, seat)) == canonical_json(
            rules.view(settled_q, seat)):
        assert_same_to(rules, settled_p, settled_q, seat)


def check_no_telling_question(rules: Rules, asked: State, not_asked: State, seat: int,
                              rng: random.Random) -> None:
    """A seat asked in ``asked`` but not in ``not_asked`` must not reach, by one of its
    answers, what ``seat`` sees in ``not_asked``: the question itself would have told."""
    step, step_not = rules.next(asked), rules.next(not_asked)
    if not isinstance(step, Decision):
        return
    skipped = [prompt for prompt in step.prompts if prompt.seat != seat and not (
        isinstance(step_not, Decision) and prompt.seat in step_not.seats)]
    for prompt in skipped:
        for move in prompt.legal_moves[:QUESTIONS_TRIED]:
            answered, other = settle(rules, rules.apply_move(asked, prompt.seat, move),
                                     not_asked, random.Random(rng.random()))
            same_view = canonical_json(rules.view(answered, seat)) == canonical_json(
                rules.view(other, seat))
            assert not (same_view and seen_step(rules.next(answered), seat) == seen_step(
                rules.next(other), seat)), (
                f"seat {prompt.seat} is asked ({prompt.kind}) in one position and not in the "
                f"other, which look the same to seat {seat} once it answers {move}: being "
                "asked tells what it holds")


def check_choices_read_alike(rules: Rules, state: State, mover: int, moves: list[Move],
                             seat: int, shown: Shown = everything) -> None:
    """Different moves of ``mover`` after which ``seat`` sees the same read the same in its
    log, but for what the log shows openly (a revealed card). Their events may differ in form
    ("play all Treasures" or "play the Copper" with one Copper in hand); what a redacted event
    shows is checked against scrambles above."""
    seen: dict[str, tuple[Move, str]] = {}
    for move in moves[:QUESTIONS_TRIED]:
        after = rules.apply_move(state, mover, move)
        view = rules.view(after, seat)
        line = rules.describe(state, after, {"type": "move", "seat": mover, "move": move}, seat)
        sight = canonical_json([view, repr(shown(view, line))]) + repr(
            seen_step(rules.next(after), seat))
        first, first_line = seen.setdefault(sight, (move, line))
        assert first_line == line, (
            f"seat {mover}'s moves {first} and {move} look the same to seat {seat} but read "
            f"differently: {first_line!r} / {line!r}")


def differences(view_p: dict, view_q: dict) -> dict:
    return {key: (value, view_q.get(key)) for key, value in view_p.items()
            if canonical_json([value]) != canonical_json([view_q.get(key)])}
