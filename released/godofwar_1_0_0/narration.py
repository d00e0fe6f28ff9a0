"""God of War 1.0.0's words: the current package's narration (``domain.games.godofwar
.narration``), whose state shapes are 1.0.0's: its moves and pending frames are the same, and
the names and interaction texts it reads are the same in both versions' content. What 1.1.0
and 1.2.0 added to the words (a ranged tie's answers told in turn) never meets a 1.0.0 state:
its ranged tie is one seat's choice."""

from __future__ import annotations

from domain.games.godofwar.narration import NARRATION

__all__ = ["NARRATION"]
