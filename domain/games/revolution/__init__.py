"""Regality vs. Religion: Revolution: the whole match (best of three, or a points match) as
one game, with every optional rule of the seed. See README.md for the rulings."""

from __future__ import annotations

from domain.kernel import GameRules

from .bots import greedy_bot, random_bot
from .flow import next_step, setup
from .info import INFO, VERSION
from .moves import apply_chance, apply_move
from .position import build
from .views import describe, redact, reveals, view, view_with_step

RULES = GameRules(info=INFO, version=VERSION, setup=setup, next=next_step,
                  apply_move=apply_move, apply_chance=apply_chance, view=view,
                  describe=describe, redact=redact, reveals=reveals, position=build,
                  bots={"random": random_bot, "greedy": greedy_bot},
                  view_with_step=view_with_step)

__all__ = ["INFO", "RULES", "VERSION"]
