"""Thrones: A Game of Thrones, The Card Game (first edition), the two-player box.

Exports ``RULES`` (the rules engine), ``INFO`` (the catalog entry) and ``VERSION``; the
registry (``domain/games/__init__.py``) hosts it. The package's layout: README.md, "How to add
a card".
"""

from __future__ import annotations

from typing import Any

from domain.kernel import DeckRules, GameRules

from . import decks
from .bots import BOTS
from .flow import next_step, setup
from .info import INFO, VERSION
from .moves import apply_chance, apply_move
from .positions import BadPosition, position
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
                  describe=describe, redact=redact, bots=BOTS, decks=DECKS)

# The position builder, in the shape of the kernel's ``position`` hook (positions.py, README
# "Positions"): position(options, seats, description) -> state, BadPosition in words.
__all__ = ["INFO", "RULES", "VERSION", "BadPosition", "position"]
