"""God of War: The Card Game (co-operative, 1-4 players and solo).

Exports ``RULES`` (the rules engine), ``INFO`` (the catalog entry) and ``VERSION``. The
content is authored (README.md, "Content"); the rulings are in README.md, each with the
rulebook passage it rests on and its test.
"""

from __future__ import annotations

from domain.kernel import GameRules

from .bots import BOTS
from .flow import setup
from .info import INFO, VERSION
from .moves import apply_chance, apply_move, next_step
from .position import build
from .views import describe, redact, view

RULES = GameRules(info=INFO, version=VERSION, setup=setup, next=next_step, position=build,
                  apply_move=apply_move, apply_chance=apply_chance, view=view,
                  describe=describe, redact=redact, bots=BOTS)

__all__ = ["INFO", "RULES", "VERSION"]
