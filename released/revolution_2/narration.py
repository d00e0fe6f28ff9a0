"""revolution-2's words: the current package's narration (``domain.games.revolution
.narration``). revolution-3 changed how the rules compute, not what they do: its states,
moves and pending abilities have revolution-2's shapes, so the same words tell them."""

from __future__ import annotations

from domain.games.revolution.narration import NARRATION

__all__ = ["NARRATION"]
