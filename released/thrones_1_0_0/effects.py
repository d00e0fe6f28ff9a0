"""The one mapping of Thrones' card rules: card id -> ``CardRules`` (see ``ability.py``),
assembled from one module a group of cards, so engineers can add cards in parallel:

* ``effects_stark.py`` (and ``effects_stark_cards.py``), ``effects_lannister.py`` (and
  ``effects_lannister_events.py``),
  ``effects_neutral.py``: house and neutral cards; ``plots.py``: plots.

How to add a card: write its ``CardRules`` in the module of its House (a ``constant``, its
``abilities`` as ``Ability(text, resolve, phases=..., trigger=..., can=..., targets=...,
pay=...)``, ``on_played``...), add it to that module's ``RULES`` dict, and add a test in
``tests/games/thrones/`` that plays it. A card with no rules text ("Vanilla") needs nothing.
``missing()`` lists every card of both decks and the plot pool that still has no rules;
``test_card_coverage.py`` prints it and keeps the README's list honest.

Frame ops that cards push (a choice their effect asks) are in ``OPS``, beside them.
"""

from __future__ import annotations

from domain.kernel.stack import Op

from . import (
    effects_lannister,
    effects_lannister_events,
    effects_neutral,
    effects_stark,
    effects_stark_cards,
    plots,
)
from .ability import VANILLA, CardRules
from .cards import BOX, CARDS
from .state import State
from .stats import blanked

RULES: dict[str, CardRules] = {
    **effects_neutral.RULES,
    **effects_stark.RULES,
    **effects_stark_cards.RULES,
    **effects_lannister.RULES,
    **effects_lannister_events.RULES,
    **plots.RULES,
}

OPS: dict[str, Op[State]] = {
    **effects_stark.OPS,
    **effects_neutral.OPS,
    **effects_lannister.OPS,
    **effects_lannister_events.OPS,
    **plots.OPS,
}


# Cards whose rules are written but miss part of their text (what is missing). They keep the
# game out of RELEASES until they are complete (issue 10 item 1).
PARTIAL: dict[str, str] = {}


# The cards with a constant modifier, looked up on every read of a derived value.
CONSTANTS = {cid: rules.constant for cid, rules in RULES.items() if rules.constant is not None}


def rules_of(card_id: str) -> CardRules:
    return RULES.get(card_id, VANILLA)


def is_vanilla(card_id: str) -> bool:
    return CARDS[card_id].text.startswith("Vanilla")


def implemented(card_id: str) -> bool:
    return card_id in RULES or is_vanilla(card_id)


def box_cards() -> list[str]:
    """Every distinct card of both decks, both fixed plot decks and the plot pool."""
    ids = {cid for deck in BOX.decks.values() for cid, _ in deck}
    ids |= {cid for plots_ in BOX.plot_decks.values() for cid in plots_}
    ids |= {cid for cid, _ in BOX.plot_pool}
    return sorted(ids)


def missing() -> list[str]:
    """The box's cards whose text is not implemented yet (they play as vanilla)."""
    return [cid for cid in box_cards() if not implemented(cid)]


def incomplete() -> list[str]:
    """The box's cards not yet doing all their text says: missing or partial."""
    return sorted(set(missing()) | set(PARTIAL))


def is_blank(st: State, uid: str) -> bool:
    rec = next((c for c in st["play"] if c["uid"] == uid), None)
    return rec is not None and blanked(st, rec)
