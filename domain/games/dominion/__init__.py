"""Dominion, the base set in both editions, for 2 to 4 players.

Exports ``RULES`` (the rules engine), ``INFO`` (the catalog entry) and ``VERSION``. The rulings
are in README.md beside this file, each with the rulebook passage it rests on and its test.
"""

from __future__ import annotations

from domain.kernel import GameInfo, GameRules, Traits

from .bots import BOTS
from .flow import next_step
from .moves import apply_chance, apply_move
from .options import OPTIONS, card_catalogue, setup
from .views import describe, redact, view

VERSION = "1.0.0"

INFO = GameInfo(
    name="dominion",
    title="Dominion",
    min_seats=2,
    max_seats=4,
    options=OPTIONS,
    bots=tuple(BOTS),
    summary="Build your deck from a shared Supply; the most Victory points when the Provinces "
            "or any three piles run out wins. Base set, first and second editions.",
    traits=Traits(hidden_information=True),
    extra={"cards": card_catalogue()},
)

RULES = GameRules(
    info=INFO,
    version=VERSION,
    setup=setup,
    next=next_step,
    apply_move=apply_move,
    apply_chance=apply_chance,
    view=view,
    describe=describe,
    bots=BOTS,
    redact=redact,
)

__all__ = ["INFO", "RULES", "VERSION"]
