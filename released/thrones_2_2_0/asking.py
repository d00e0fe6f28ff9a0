"""The windows a Thrones seat may choose not to be asked in (``domain.kernel.asking``), as
throneteki's prompt settings offer: the action windows of each phase, and the response
windows. Never the marshalling player's own turn, nor a save window (a card about to die).

Left out of the rules digest: it changes no outcome, only whether the service passes for a
seat (a pass the seat could have made itself). Who is asked at all stays windows.py's rule.
"""

from __future__ import annotations

from typing import Any

from domain.kernel import Prompt, WindowKind, Windows

from .windows import PASS

PHASES = ("plot", "draw", "marshalling", "challenges", "dominance", "standing", "taxation")
RESPONSES = "responses"

KINDS = (*(WindowKind(f"actions-{phase}", f"action windows in the {phase} phase")
           for phase in PHASES),
         WindowKind(RESPONSES, "response windows"))


def kind_of(st: Any, prompt: Prompt) -> str | None:
    """The kind of window the prompt asks in: the top frame is the window asking its seat."""
    frame = st["pending"][-1] if st["pending"] else None
    if (prompt.kind != "window" or frame is None or frame.get("op") != "window"
            or frame["seat"] != prompt.seat or frame["active"] == prompt.seat):
        return None
    if frame["mode"] == "response":
        return RESPONSES
    if frame["mode"] == "action" and frame["phase"] in PHASES:
        return f"actions-{frame['phase']}"
    return None


WINDOWS = Windows(kinds=KINDS, kind_of=kind_of, pass_move=PASS)
