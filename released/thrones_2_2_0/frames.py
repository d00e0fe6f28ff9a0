"""Pushing work onto the stack (``st["pending"]``, the kernel's ``stack.py``): the frames the
engine and the cards push, without the code that runs them (``flow.OPS`` maps each frame's op
to it). Kept apart so that a card may ask for a window without importing the window's code.
"""

from __future__ import annotations

from typing import Any

from .state import State, in_order


def push(st: State, *frames: dict[str, Any]) -> None:
    """Push ``frames`` so that the first runs first."""
    st["pending"] += list(reversed(frames))


def push_window(st: State, mode: str = "action", active: int | None = None,
                trigger: dict[str, Any] | None = None) -> None:
    """A player window (§4.2): ``action``, ``response`` or ``save`` (for ``trigger``); with
    ``active``, the marshalling player's turn, which ends when that seat passes."""
    frame: dict[str, Any] = {"op": "window", "mode": mode, "phase": st["phase"],
                             "seat": in_order(st)[0], "passes": 0, "active": active}
    if trigger is not None:
        frame["trigger"] = trigger
    st["pending"].append(frame)
