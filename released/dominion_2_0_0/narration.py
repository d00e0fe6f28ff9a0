"""Dominion 2.0.0's words: the current package's narration (``domain.games.dominion
.narration``). 2.0.1 changed how the rules compute, not what they do: its states, notes, moves
and pending frames have 2.0.0's shapes, so the same words tell them."""

from __future__ import annotations

from domain.games.dominion.narration import NARRATION

__all__ = ["NARRATION"]
