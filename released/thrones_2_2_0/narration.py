"""Thrones 2.2.0's words (``domain.kernel.narration``): the current package's narration over
this version's cards, simultaneous questions and STR. 2.3.0 changed only how a position
described in the sandbox fills its plot decks, so the states are the same shape and the same
words tell them."""

from __future__ import annotations

from domain.games.thrones.narration import words

from .cards import CARDS
from .flow import SIMUL
from .stats import strength

NARRATION = words(CARDS, SIMUL, strength)
