"""Dominion, the base set in both editions, for 2 to 4 players.

Exports ``RULES`` (the rules engine), ``INFO`` (the catalog entry) and ``VERSION``. The rulings
are in README.md beside this file, each with the rulebook passage it rests on and its test.
"""

from __future__ import annotations

from domain.kernel import GameRules

from .bots import BOTS
from .flow import next_step, setup
from .info import INFO, VERSION
from .moves import apply_chance, apply_move
from .position import build
from .views import bot_view, describe, redact, reveals, view

RULES = GameRules(info=INFO, version=VERSION, setup=setup, next=next_step,
                  apply_move=apply_move, apply_chance=apply_chance, view=view,
                  describe=describe, redact=redact, reveals=reveals, position=build, bots=BOTS,
                  bot_view=bot_view)

__all__ = ["INFO", "RULES", "VERSION"]
