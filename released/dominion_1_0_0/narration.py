"""Dominion 1.0.0's words: the current package's narration (``domain.games.dominion
.narration``), whose notes, moves and pending frames have 1.0.0's shapes and whose cards have
1.0.0's names. What a 1.0.0 log line hides follows the notes the rules left in the state: in
this version a Harbinger's card put onto the deck is not a secret note (its ``redact`` shows it
to all), so the words show it to all as well."""

from __future__ import annotations

from domain.games.dominion.narration import NARRATION

__all__ = ["NARRATION"]
