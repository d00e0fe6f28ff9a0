"""Thrones: A Game of Thrones, The Card Game (first edition): the two-player box (profile
``box``) and the full card game with players' own decks (profile ``lcg``).

Exports ``RULES`` (the rules engine), ``INFO`` (the catalog entry) and ``VERSION``; registered
as ``thrones`` (``domain/games/__init__.py``). The rulings are in README.md beside this file,
each with the rulebook passage it rests on and its test; the package's layout: README.md, "How
to add a card".
"""

from __future__ import annotations

from typing import Any

from domain.kernel import DeckRules, GameRules
from domain.kernel.position import BadPosition

from . import decks
from .bots import BOTS
from .flow import next_step, setup
from .info import INFO, VERSION
from .moves import apply_chance, apply_move
from .positions import position
from .views import describe, redact, view


def _check(raw: Any) -> list[dict[str, Any]]:
    return [dict(v) for v in decks.check(raw)]


def _normal(raw: Any) -> dict[str, Any]:
    return dict(decks.normal(raw))


# Players' own decks, in the lcg profile only (decks.py; README, "Full card game: decks and
# agendas").
DECKS = DeckRules(check=_check, normal=_normal, public=decks.public_options,
                  accepts=lambda options: options.get("profile") == "lcg")

RULES = GameRules(info=INFO, version=VERSION, setup=setup, next=next_step,
                  apply_move=apply_move, apply_chance=apply_chance, view=view,
                  describe=describe, redact=redact, bots=BOTS, decks=DECKS,
                  position=position)

# The position builder (positions.py, README "Positions") is the rules' ``position`` hook too.
__all__ = ["INFO", "RULES", "VERSION", "BadPosition", "position"]
