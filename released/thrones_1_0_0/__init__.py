"""Thrones: A Game of Thrones, The Card Game (first edition), the two-player box.

Exports ``RULES`` (the rules engine), ``INFO`` (the catalog entry) and ``VERSION``. The game is
not registered yet: some cards of the box still play as vanilla (README.md, "Status"; the
list is ``effects.missing()``), so tests register it on their side only.
"""

from __future__ import annotations

from domain.kernel import GameRules

from .bots import BOTS
from .flow import next_step, setup
from .info import INFO, VERSION
from .moves import apply_chance, apply_move
from .views import describe, redact, view

RULES = GameRules(info=INFO, version=VERSION, setup=setup, next=next_step,
                  apply_move=apply_move, apply_chance=apply_chance, view=view,
                  describe=describe, redact=redact, bots=BOTS)

__all__ = ["INFO", "RULES", "VERSION"]
