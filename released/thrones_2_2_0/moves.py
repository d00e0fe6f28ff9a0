"""Applying moves and chance outcomes. The kernel's ``play_move``/``play_chance`` have
checked the move is legal (or the outcome fits its spec), so these apply it on a working
copy and let the flow run on to the next thing it needs."""

from __future__ import annotations

from typing import Any

from domain.kernel.stack import answer_pending

from .flow import CHANCES, SIMUL, ops, run
from .state import State, working


def apply_move(state: State, seat: int, move: dict[str, Any]) -> State:
    st = working(state)
    frame = st["pending"][-1]
    simul = SIMUL.get(frame["op"])
    if simul is not None:
        simul.answer(st, frame, seat, move)
    else:
        answer_pending(st, st["pending"], ops(), move)
    run(st)
    return st


def apply_chance(state: State, outcome: Any) -> State:
    st = working(state)
    frame = st["pending"][-1]
    CHANCES[frame["op"]].apply(st, frame, outcome)
    run(st)
    return st
