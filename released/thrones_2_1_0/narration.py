"""Thrones 2.1.0's words (``domain.kernel.narration``): the current package's narration over
this version's cards, simultaneous questions and STR. Its states have the shapes the current
version's words read (2.2.0 kept the results of challenges and initiative in the state, which
these states simply lack), so the same words tell them."""

from __future__ import annotations

from domain.games.thrones.narration import words

from .cards import CARDS
from .flow import SIMUL
from .stats import strength

NARRATION = words(CARDS, SIMUL, strength)
