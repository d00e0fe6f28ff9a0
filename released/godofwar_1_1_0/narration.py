"""God of War 1.1.0's words: the current package's narration (``domain.games.godofwar
.narration``), whose state shapes are 1.1.0's. What 1.2.0 changed leaves the words of a 1.1.0
state as they were: a ranged tie's frame without answers so far is asked of one seat (the
first player, or the tied heroes' one player), Volley's first target question reads as it did,
and the scene's names and texts are the same in both versions' content."""

from __future__ import annotations

from domain.games.godofwar.narration import NARRATION

__all__ = ["NARRATION"]
