"""A stack of pending effects: the one mechanism card games use to pause an effect for a
player's choice or a random draw and resume it afterwards.

The stack is a list of plain-data *frames* kept in the game's state (the top last), so it is
hashed, snapshotted and replayed like the rest of the state. Each frame is a dict with an
``"op"``; the game gives one explicit mapping from op to ``Op``: how the frame runs, and, if
it asks a seat something, the prompt and how an answer applies.

* ``run(state, frame)`` either finishes (it pops itself, perhaps after pushing more work) and
  answers ``GO``, or answers ``WAIT``: the frame stays on top until a move answers its
  prompt, or until a random draw it asked for (in the game's own state) arrives.
* ``prompt(state, frame)`` is the frame's question, while it waits for a choice;
  ``answer(state, frame, move)`` applies a legal answer (the kernel has checked it).

``run_pending`` runs frames from the top until one waits; ``pending_prompt`` and
``answer_pending`` serve the top frame. A game that keeps its stack at ``state["pending"]``
(``Stacked``: every card game here) pushes and pops frames with ``push`` and ``pop``.
Everything works in place on a working copy the game made, and nothing here knows any game.

A window in which the seats act in turn until all of them pass in a row (a response window
in a card game, say) is one frame::

    {"op": "window", "seat": 0, "passes": 0, "seats": 3}

whose ``run`` answers WAIT while ``passes < seats``, and pops itself otherwise; whose
``prompt`` asks ``frame["seat"]`` to act or pass; and whose ``answer`` moves ``seat`` to the
next seat and counts a pass, or, for an action, sets ``passes`` back to 0 and pushes the
action's own frames above the window, so the window resumes once the action has resolved.
An enemy phase is the same: a frame a enemy, each pushing its attack's frames.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypedDict, TypeVar

from .contract import Move, Prompt

WAIT = True
GO = False

S = TypeVar("S")  # the game's state
F = TypeVar("F")  # the game's frame
Frame = dict[str, Any]


class Stacked(TypedDict, Generic[F]):
    """A game state that keeps its pending stack at ``state["pending"]``, the top last."""

    pending: list[F]


def push(state: Stacked[F], *frames: F) -> None:
    """Push ``frames`` so that the first of them runs first."""
    state["pending"].extend(reversed(frames))


def pop(state: Stacked[F]) -> F:
    """Take the frame on top off the stack (a frame pops itself once it has finished)."""
    return state["pending"].pop()


@dataclass(frozen=True, slots=True)
class Op(Generic[S]):
    """How a kind of frame runs, and for a choice, its prompt and how an answer applies."""

    run: Callable[[S, Any], bool]
    prompt: Callable[[S, Any], Prompt] | None = None
    answer: Callable[[S, Any, Move], None] | None = None


def run_pending(state: S, pending: list[Any], ops: Mapping[str, Op[S]],
                halted: Callable[[], bool] = lambda: False) -> bool:
    """Run the top frame until one waits (True), or until the stack is empty or ``halted()``
    says the game must stop for something else (False)."""
    while pending and not halted():
        frame = pending[-1]
        if ops[frame["op"]].run(state, frame):
            return WAIT
    return GO


def pending_prompt(state: S, pending: list[Any], ops: Mapping[str, Op[S]]) -> Prompt:
    """The question of the frame on top (it must be waiting for a choice)."""
    frame = pending[-1]
    asker = ops[frame["op"]].prompt
    if asker is None:
        raise ValueError(f"a {frame['op']!r} frame asks nothing")
    return asker(state, frame)


def answer_pending(state: S, pending: list[Any], ops: Mapping[str, Op[S]], move: Move) -> None:
    """Apply ``move`` as the answer to the frame on top."""
    frame = pending[-1]
    answer = ops[frame["op"]].answer
    if answer is None:
        raise ValueError(f"a {frame['op']!r} frame takes no answer")
    answer(state, frame, move)
