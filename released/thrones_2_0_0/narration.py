"""Thrones 2.0.0's words (``domain.kernel.narration``): the current package's narration over
this version's cards, simultaneous questions and STR. Its states have the same shapes as the
current version's (2.1.0 added card rules, not state), so the same words tell them."""

from __future__ import annotations

from domain.games.thrones.narration import words

from .cards import CARDS
from .flow import SIMUL
from .stats import strength

NARRATION = words(CARDS, SIMUL, strength)
