"""Random playouts of any registered game, checking the rules-engine contract at every step;
and ``walk``, the random walk through a game's rules that the games' tests take."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import pytest

from domain.kernel import (
    Bot,
    Chance,
    Decision,
    IllegalMove,
    Move,
    Over,
    Prompt,
    Rules,
    State,
    Step,
    ask_bot,
    canonical_json,
    derive_outcome,
    hash_value,
    json_equal,
    play_chance,
    play_move,
    round_trip,
)

MAX_STEPS = 20_000

# How a walk answers a prompt: chooser(state, prompt, rng) gives one of its legal moves.
Chooser = Callable[[State, Prompt, random.Random], Move]


def option_variants(rules: Rules) -> Iterator[dict[str, Any]]:
    """The defaults, then each choice or boolean option varied one at a time."""
    yield {}
    for spec in rules.info.options:
        if spec.kind == "choice":
            for choice in spec.choices:
                if choice != spec.default:
                    yield {spec.name: choice}
        elif spec.kind == "bool":
            yield {spec.name: not spec.default}


def check_step(rules: Rules, state: State) -> Decision | Chance | Over:
    step = rules.next(state)
    kinds = [isinstance(step, kind) for kind in (Decision, Chance, Over)]
    assert sum(kinds) == 1, f"next() gave {step!r}"
    if isinstance(step, Decision):
        # A decision that asks nobody, or a prompt with no move, the kernel refuses where the
        # game makes it (BrokenRules).
        assert len(set(step.seats)) == len(step.seats), "a seat is asked twice at once"
        for prompt in step.prompts:
            assert round_trip(prompt.legal_moves) == prompt.legal_moves
    return step


def floats_in(value: Any) -> bool:
    if isinstance(value, float):
        return True
    if isinstance(value, dict):
        return any(floats_in(v) for v in value.values())
    if isinstance(value, list):
        return any(floats_in(v) for v in value)
    return False


def type_confusions(value: Any) -> list[Any]:
    """``value`` with one number or flag in it given as another JSON type, each way."""
    if type(value) is bool:
        return [int(value), str(value).lower()]
    if type(value) is int:
        return [float(value), str(value), *([bool(value)] if value in (0, 1) else [])]
    if isinstance(value, list):
        return [[*value[:i], other, *value[i + 1:]]
                for i, item in enumerate(value) for other in type_confusions(item)]
    if isinstance(value, dict):
        return [{**value, key: other} for key in value for other in type_confusions(value[key])]
    return []


def check_illegal_moves_change_nothing(rules: Rules, state: State, step: Decision,
                                       seats: int) -> None:
    """A move not offered, or a move by a seat not asked, raises and changes nothing; so does
    a legal move with a value of another JSON type (``4.0`` or ``true`` for ``1``, ``"1"``)."""
    frozen = canonical_json(state)
    with pytest.raises(IllegalMove):
        play_move(rules, state, step.prompts[0].seat, {"kind": "no-such-move"})
    prompt = step.prompts[0]
    for confused in type_confusions(prompt.legal_moves[0]):
        if not any(json_equal(confused, move) for move in prompt.legal_moves):
            with pytest.raises(IllegalMove):
                play_move(rules, state, prompt.seat, confused)
    others = [s for s in range(seats) if s not in step.seats]
    if others:
        with pytest.raises(IllegalMove):
            play_move(rules, state, others[0], step.prompts[0].legal_moves[0])
    assert canonical_json(state) == frozen


def playout(rules: Rules, options: dict[str, Any], seats: int, seed: int,
            check_every: int = 1) -> tuple[list[tuple[str, Any]], list[str], Over]:
    """One random game: its events (kind, payload), the state hash after each, the result."""
    rng = random.Random(seed)
    state = rules.setup(options, seats)
    assert round_trip(state) == state
    events: list[tuple[str, Any]] = []
    hashes: list[str] = []
    for count in range(MAX_STEPS):
        step = check_step(rules, state)
        if isinstance(step, Over):
            return events, hashes, step
        frozen = canonical_json(state) if count % check_every == 0 else None
        previous = state
        if isinstance(step, Chance):
            outcome = derive_outcome(step.spec, rng.randbytes(32), f"playout:{count}")
            state = play_chance(rules, state, outcome)
            events.append(("chance", outcome))
        else:
            if count % check_every == 0:
                check_illegal_moves_change_nothing(rules, state, step, seats)
            prompt = step.prompts[rng.randrange(len(step.prompts))]
            move = prompt.legal_moves[rng.randrange(len(prompt.legal_moves))]
            state = play_move(rules, state, prompt.seat, move)
            events.append(("move", (prompt.seat, move)))
        if frozen is not None:
            assert canonical_json(previous) == frozen, "applying changed the input state"
            assert round_trip(state) == state, "the state does not round-trip canonical JSON"
            assert not floats_in(state), "a state holds a float (the canonical form has none)"
            for seat in [None, *range(seats)]:
                canonical_json(rules.view(state, seat))
        hashes.append(hash_value(state))
    raise AssertionError(f"the playout did not end within {MAX_STEPS} steps")


def refold(rules: Rules, options: dict[str, Any], seats: int,
           events: list[tuple[str, Any]]) -> list[str]:
    state = rules.setup(options, seats)
    hashes = []
    for kind, payload in events:
        if kind == "chance":
            state = rules.apply_chance(state, payload)
        else:
            state = rules.apply_move(state, payload[0], payload[1])
        hashes.append(hash_value(state))
    return hashes


def any_move(state: State, prompt: Prompt, rng: random.Random) -> Move:
    """One of ``prompt``'s legal moves, drawn uniformly (a walk's default chooser)."""
    return prompt.legal_moves[rng.randrange(len(prompt.legal_moves))]


def bots_choose(rules: Rules, bots: Sequence[Bot]) -> Chooser:
    """A chooser by which each seat's bot (``bots[seat]``) answers from its seat's view
    (``ask_bot``), drawing from the walk's generator; its answer must be a legal move."""
    def choose(state: State, prompt: Prompt, rng: random.Random) -> Move:
        move = ask_bot(rules, bots[prompt.seat], state, prompt, rng.randrange)
        assert move in prompt.legal_moves, (prompt, move)
        return move
    return choose


@dataclass(frozen=True)
class Visit:
    """A state a walk reaches, ``count`` steps in, and what it waits for (``step``); with
    the step that led to it: ``before``, the state it was taken from, and ``event``, as the
    kernel reads an event (``{"type": "move", "seat", "move"}`` or ``{"type": "chance",
    "spec", "outcome"}``). Both None at the start."""

    count: int
    state: State
    step: Step
    before: State | None = None
    event: dict[str, Any] | None = None

    @property
    def seat(self) -> int | None:
        """The seat whose move led here; None at the start or after a draw."""
        return self.event["seat"] if self.event and self.event["type"] == "move" else None

    @property
    def move(self) -> Move | None:
        """The move that led here; None at the start or after a draw."""
        return self.event["move"] if self.event and self.event["type"] == "move" else None


def walk(rules: Rules, state: State, rng: random.Random, *, label: str = "walk:{count}",
         choose: Chooser = any_move, first_prompt: bool = False, steps: int = MAX_STEPS,
         check: bool = False) -> Iterator[Visit]:
    """A random walk through ``rules`` from ``state``: each state it reaches is visited
    (yielded), then its step taken. A draw's outcome comes from 32 bytes of ``rng`` under
    ``label`` (its ``{count}`` the visit's); a decision's move is ``choose``'s, for a prompt
    drawn from ``rng`` among those asked (``first_prompt``: the first asked, as a table of
    bots answers). ``check``: each step is checked against the contract (``check_step``).

    It ends at the game's end, visited, or once it has taken ``steps`` steps, having visited
    the state they reached (a caller that needs the game to end asserts the last visit's step
    is Over). The walk draws from ``rng`` only once the caller is done with a visit, so a
    caller drawing from it too at a visit keeps its draws where they were in the loop this
    replaces.

        for visit in walk(rules, rules.setup({}, 2), random.Random("a seed"), label="x:{count}"):
            if visit.move is not None:  # a move of visit.seat led here from visit.before
                check_the_move(visit.before, visit.state, visit.seat, visit.move)
        assert isinstance(visit.step, Over)
    """
    before: State | None = None
    event: dict[str, Any] | None = None
    for count in itertools.count():
        step = check_step(rules, state) if check else rules.next(state)
        yield Visit(count, state, step, before, event)
        if isinstance(step, Over) or count == steps:
            return
        before = state
        if isinstance(step, Chance):
            outcome = derive_outcome(step.spec, rng.randbytes(32), label.format(count=count))
            event = {"type": "chance", "spec": step.spec, "outcome": outcome}
            state = rules.apply_chance(state, outcome)
            continue
        assert isinstance(step, Decision), f"next() gave {step!r}"
        prompt = step.prompts[0] if first_prompt else step.prompts[
            rng.randrange(len(step.prompts))]
        move = choose(state, prompt, rng)
        event = {"type": "move", "seat": prompt.seat, "move": move}
        state = rules.apply_move(state, prompt.seat, move)
