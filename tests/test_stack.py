"""The kernel's pending-effect stack, on a made-up game: a window in which the seats act in turn
until all of them pass in a row (a response window), where an action pushes its own effect
above the window and the window resumes after it."""

from __future__ import annotations

from typing import Any

import pytest

from domain.kernel import Prompt
from domain.kernel.stack import (
    GO,
    WAIT,
    Op,
    answer_pending,
    pending_prompt,
    pop,
    push,
    run_pending,
)

State = dict[str, Any]


def run_window(state: State, frame: dict[str, Any]) -> bool:
    if frame["passes"] < frame["seats"]:
        return WAIT
    state["pending"].pop()
    state["log"].append("window closed")
    return GO


def ask_window(state: State, frame: dict[str, Any]) -> Prompt:
    moves = [{"kind": "pass"}]
    if state["tokens"][frame["seat"]] > 0:
        moves.append({"kind": "act"})
    return Prompt(frame["seat"], "window", "Act or pass", moves)


def answer_window(state: State, frame: dict[str, Any], move: dict[str, Any]) -> None:
    seat = frame["seat"]
    frame["seat"] = (seat + 1) % frame["seats"]
    if move["kind"] == "pass":
        frame["passes"] += 1
        return
    frame["passes"] = 0  # an action reopens the round
    state["tokens"][seat] -= 1
    state["pending"].append({"op": "effect", "seat": seat, "steps": 2})


def run_effect(state: State, frame: dict[str, Any]) -> bool:
    """An effect that takes two steps, then is gone: it never waits."""
    state["log"].append(f"seat {frame['seat']} effect step")
    frame["steps"] -= 1
    if frame["steps"] == 0:
        state["pending"].pop()
    return GO


OPS = {"window": Op(run_window, ask_window, answer_window), "effect": Op(run_effect)}


def new_state(seats: int = 3) -> State:
    return {"pending": [{"op": "window", "seat": 0, "passes": 0, "seats": seats}],
            "tokens": [1] * seats, "log": []}


def test_a_window_waits_and_asks_the_seat_in_turn():
    state = new_state()
    assert run_pending(state, state["pending"], OPS) is WAIT
    assert pending_prompt(state, state["pending"], OPS).seat == 0


def test_a_window_closes_once_every_seat_passes_in_a_row():
    state = new_state()
    for seat in range(3):
        assert pending_prompt(state, state["pending"], OPS).seat == seat
        answer_pending(state, state["pending"], OPS, {"kind": "pass"})
    assert run_pending(state, state["pending"], OPS) is GO
    assert state["pending"] == [] and state["log"] == ["window closed"]


def test_an_action_resolves_above_the_window_which_then_resumes_with_the_next_seat():
    state = new_state()
    answer_pending(state, state["pending"], OPS, {"kind": "pass"})  # seat 0
    answer_pending(state, state["pending"], OPS, {"kind": "act"})  # seat 1 acts
    assert run_pending(state, state["pending"], OPS) is WAIT
    assert state["log"] == ["seat 1 effect step", "seat 1 effect step"]
    prompt = pending_prompt(state, state["pending"], OPS)
    assert prompt.seat == 2 and state["pending"][-1]["passes"] == 0
    for _ in range(3):  # everyone must pass again after the action
        answer_pending(state, state["pending"], OPS, {"kind": "pass"})
    assert run_pending(state, state["pending"], OPS) is GO
    assert state["log"][-1] == "window closed"


def test_running_stops_when_the_game_must_stop_for_something_else():
    state = new_state()
    state["pending"].append({"op": "effect", "seat": 0, "steps": 5})
    ran = run_pending(state, state["pending"], OPS, halted=lambda: len(state["log"]) >= 2)
    assert ran is GO and len(state["log"]) == 2 and state["pending"][-1]["steps"] == 3


def test_a_frame_that_asks_nothing_has_no_prompt_or_answer():
    state = {"pending": [{"op": "effect", "seat": 0, "steps": 1}], "log": []}
    with pytest.raises(ValueError, match="asks nothing"):
        pending_prompt(state, state["pending"], OPS)
    with pytest.raises(ValueError, match="takes no answer"):
        answer_pending(state, state["pending"], OPS, {"kind": "pass"})


def test_push_puts_the_first_of_its_frames_on_top_and_pop_takes_it_off():
    state: dict[str, Any] = {"pending": [{"op": "turn"}]}
    push(state, {"op": "draw"}, {"op": "discard"})
    assert [f["op"] for f in state["pending"]] == ["turn", "discard", "draw"]
    assert pop(state) == {"op": "draw"}
    assert [f["op"] for f in state["pending"]] == ["turn", "discard"]
