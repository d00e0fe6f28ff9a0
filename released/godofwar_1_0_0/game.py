"""The game's doors for the kernel: ``next_step``, ``apply_move`` and ``apply_chance`` over
setup (``flow.py``) and the rounds (the pending stack, ``ops.py``).
"""

from __future__ import annotations

from typing import Any

from domain.kernel import Chance, Decision, Move, Over, Step, json_copy

from . import flow
from .ops import advance, answer, prompts
from .state import State


def next_step(state: State) -> Step:
    result = state["result"]
    if result is not None:
        won = result["shared"] == "win"
        # The party's progress is every seat's score: the quests won, and 1 for the boss (an
        # integer: the canonical form holds no float, domain/kernel/canonical.py).
        progress = state["quests_won"] + (1 if won else 0)
        return Over([progress] * state["seats"], list(range(state["seats"])) if won else [],
                    result["reason"], shared=result["shared"],
                    details={"quests_won": state["quests_won"],
                             "rounds": state["rounds_played"],
                             "scenes": state["campaign"]["played"]})
    if state["stage"] != "round":
        return flow.next_step(state)
    frame = state["pending"][-1]
    if "spec" in frame and "outcome" not in frame:
        return Chance(frame["spec"])
    return Decision(tuple(prompts(state)))


def apply_move(state: State, seat: int, move: Move) -> State:
    if state["stage"] != "round":
        st = flow.apply_move(state, seat, move)
    else:
        st = json_copy(state)
        answer(st, seat, move)
    advance(st)
    return st


def apply_chance(state: State, outcome: Any) -> State:
    if state["stage"] != "round":
        st = flow.apply_chance(state, outcome)
    else:
        st = json_copy(state)
        st["pending"][-1]["outcome"] = outcome
    advance(st)
    return st
