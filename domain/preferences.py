"""The windows each seat chose not to be asked in (``domain.kernel.asking``): the rule of the
``preferences_set`` event and of a pass made ``by: "preference"``, shared by the service (the
aggregate and the driver) and the verifier (replays/README.md, "Windows a seat is not asked
in").

A choice is public and standing: recorded once, it holds for every later window of its kinds
until the seat sets another. The service answers such a window with the game's pass whatever
the seat holds, so what is skipped tells nothing of a hand.
"""

from __future__ import annotations

from typing import Any

from .history import FINISHED, Life
from .kernel import PREFERENCE, Decision, Rules, State, Step, json_equal


def skipped_by(life: Life, seat: int) -> list[str]:
    """The window kinds ``seat`` chose not to be asked in (none until it chose)."""
    skip = life.get("skip")
    return [] if skip is None else skip[seat]


def preference_refusal(life: Life, rules: Rules, seat: Any, skip: Any) -> str | None:
    """Why ``seat`` may not record ``skip`` here, or None: the game declares windows a seat
    may skip, it is not over, the seat is one of its seats, and ``skip`` lists some of those
    kinds, each once, in the order the game declares them."""
    windows = rules.windows
    if windows is None:
        return f"{rules.info.title} asks in no window a seat may choose to skip."
    if life["status"] in FINISHED:
        return "The game is over: there is no window left to skip."
    if type(seat) is not int or not 0 <= seat < len(life["seats"]):
        return "That is not a seat of this game."
    if not isinstance(skip, list) or not all(isinstance(kind, str) for kind in skip):
        return "The windows not to be asked in are a list of their names."
    try:
        ordered = windows.chosen(skip)
    except ValueError:
        known = ", ".join(f"{k.id} ({k.label})" for k in windows.kinds)
        return f"Name each window kind once, among: {known}."
    if ordered != skip:
        return "The window kinds are listed in the order the game declares them."
    return None


def preferred_pass(rules: Rules, life: Life, state: State,
                   step: Step) -> tuple[int, dict[str, Any]] | None:
    """The first seat ``step`` asks in a window it chose not to be asked in, with the game's
    pass, which the service answers for it."""
    windows = rules.windows
    if windows is None or "skip" not in life or not isinstance(step, Decision):
        return None
    for prompt in step.prompts:
        if windows.skipped(state, prompt, skipped_by(life, prompt.seat)) is not None:
            return prompt.seat, windows.pass_move
    return None


def preference_failure(rules: Rules, life: Life, state: State, step: Step | None,
                       payload: dict[str, Any]) -> str | None:
    """Why a ``move_made`` by ``"preference"`` is not one the service makes, or None: it is
    the game's pass, in a window of a kind the seat chose not to be asked in."""
    windows = rules.windows
    prompt = step.prompt_for(payload["seat"]) if isinstance(step, Decision) else None
    if windows is None or prompt is None or not json_equal(payload["move"], windows.pass_move):
        return "a move made by preference is the pass of a window the game declares"
    if windows.skipped(state, prompt, skipped_by(life, payload["seat"])) is None:
        return "a pass made by preference in a window the seat did not choose to skip"
    return None


def passed_line(rules: Rules, state: State, step: Step, seat: int, who: str) -> str:
    """The log line of a pass made by preference: "ann (seat 0) passed (chose not to be asked
    in action windows in the challenges phase)." ``state``, ``step``: before the pass."""
    windows = rules.windows
    assert windows is not None and isinstance(step, Decision)
    prompt = step.prompt_for(seat)
    kind = None if prompt is None else windows.kind_of(state, prompt)
    label = "this window" if kind is None else windows.label(kind)
    return f"{who} passed (chose not to be asked in {label})."


def chosen_line(rules: Rules, skip: list[str], who: str) -> str:
    """The log line of a ``preferences_set``: "ann (seat 0) chose not to be asked in response
    windows.", or "ann (seat 0) chose to be asked in every window." for an empty choice."""
    windows = rules.windows
    if windows is None or not skip:
        return f"{who} chose to be asked in every window."
    return f"{who} chose not to be asked in {', '.join(windows.label(k) for k in skip)}."


__all__ = ["PREFERENCE", "chosen_line", "passed_line", "preference_failure", "preference_refusal",
           "preferred_pass", "skipped_by"]
