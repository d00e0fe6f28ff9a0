"""A seeded bot game walked step by step, with every draw derived as the service derives it.

The engine-only bench and the rules-equivalence check both play whole games with no service
around them; this walk is theirs, so both play exactly the game the service would play for
the same seed and game id.

Its imports are absolute on purpose: ``tests.rules_equivalence`` runs this file against
another revision's tree (``runpy``), and the names must then resolve to that tree's kernel.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any, NamedTuple

from domain.kernel.chance import DrawStream, bot_context, chance_context, derive_outcome
from domain.kernel.contract import Chance, Over, Rules, State, Step, ask_bot


class Played(NamedTuple):
    """One step: the state, what it asked (``step``), and, unless the step is ``Over``, the
    event that answered it (``{"type": "chance", ...}`` or ``{"type": "move", ...}``) and the
    state after it."""

    state: State
    step: Step
    event: dict[str, Any] | None
    after: State | None


_new_tuple = tuple.__new__


def self_play(rules: Rules, options: dict[str, Any], bots: Sequence[str], seed: bytes,
              game_id: str) -> Iterator[Played]:
    """Every step of one whole game, the last one ``Over``. Event numbers count as the
    service's do (the created event is 1), since each draw's context names its event."""
    state = rules.setup(options, len(bots))
    players = [rules.bots[name] for name in bots]
    next_step, apply_chance, apply_move = rules.next, rules.apply_chance, rules.apply_move
    version = 1
    while True:
        step = next_step(state)
        if isinstance(step, Over):
            yield Played(state, step, None, None)
            return
        version += 1
        if isinstance(step, Chance):
            outcome = derive_outcome(step.spec, seed, chance_context(game_id, version))
            event: dict[str, Any] = {"type": "chance", "spec": step.spec, "outcome": outcome}
            after = apply_chance(state, outcome)
        else:
            prompt = step.prompts[0]
            seat = prompt.seat
            move = ask_bot(rules, players[seat], state, prompt, bot_draw(seed, game_id, version))
            event = {"type": "move", "seat": seat, "move": move}
            after = apply_move(state, seat, move)
        # A Played of every event, made by tuple's __new__: the NamedTuple's own is Python
        # code, twice the cost.
        yield _new_tuple(Played, (state, step, event, after))
        state = after


def bot_draw(seed: bytes, game_id: str, sequence: int) -> Callable[[int], int]:
    """``below`` of the bot's stream for the move recorded as event ``sequence``, the stream
    set up at the bot's first draw: most moves draw nothing (Big Money never does). The
    service's driver hands its bots this too (a stream made for every bot move was about a
    twentieth of what the service adds to one)."""
    stream: DrawStream | None = None

    def draw(n: int) -> int:
        nonlocal stream
        if stream is None:
            stream = DrawStream(seed, bot_context(game_id, sequence))
        return stream.below(n)

    return draw
