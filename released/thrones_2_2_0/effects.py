"""The one mapping of Thrones' card rules: card id -> ``CardRules`` (see ``ability.py``),
assembled from one module a group of cards, so engineers can add cards in parallel:

* ``effects_stark.py`` (and ``effects_stark_cards.py``), ``effects_lannister.py`` (and
  ``effects_lannister_events.py``), ``effects_neutral.py``: each House's cards and the
  neutral ones; ``effects_pool.py``: the lcg pool's cards in no box deck;
  ``effects_keywords.py``: cards whose text is a keyword rule; ``plots.py`` and
  ``opponent_picks.py`` (the plots that pick an opponent, the Mutual plots): plots.
  Agendas (``effects_agendas.py``) are not in ``RULES``: never in play, their effects run at
  the start of a phase (``TABLE.at_phase_start``).

How to add a card: write its ``CardRules`` in the module of its House (a ``constant``, its
``abilities`` as ``Ability(text, resolve, phases=..., trigger=..., can=..., targets=...,
pay=...)``, ``on_played``...), add it to that module's ``RULES`` dict, and add a test in
``tests/games/thrones/`` that plays it. A card with no rules text ("Vanilla") needs nothing.
``missing()`` lists every card of any profile's pool (``pool_cards``) that still has no
rules; ``test_card_coverage.py`` derives the cards with an ability from the data itself and
keeps the README's list honest.

Frame ops that cards push (a choice their effect asks) are in ``OPS``, beside them.
``TABLE`` is what the engine is handed (``hooks.py``): the engine never imports this module or
a card module; ``flow.py`` installs the table.
"""

from __future__ import annotations

from domain.kernel.stack import Op

from . import (
    effects_keywords,
    effects_lannister,
    effects_lannister_events,
    effects_neutral,
    effects_pool,
    effects_stark,
    effects_stark_cards,
    opponent_picks,
    plots,
)
from .ability import VANILLA, CardRules
from .cards import BOX, CARDS, HOUSES
from .decks import READY, card_ids, house_pool
from .effects_agendas import EFFECTS as AGENDAS
from .effects_agendas import phase_begins
from .effects_lannister import tywin_collects
from .effects_neutral import HONOR_GUARDS
from .hooks import CardTable
from .state import State
from .stats import blanked
from .titles import TITLES

RULES: dict[str, CardRules] = {
    **effects_neutral.RULES,
    **effects_stark.RULES,
    **effects_stark_cards.RULES,
    **effects_lannister.RULES,
    **effects_lannister_events.RULES,
    **plots.RULES,
    **opponent_picks.RULES,
    **effects_keywords.RULES,
    **effects_pool.RULES,
}

OPS: dict[str, Op[State]] = {
    **effects_stark.OPS,
    **effects_neutral.OPS,
    **effects_lannister.OPS,
    **effects_lannister_events.OPS,
    **plots.OPS,
    **opponent_picks.OPS,
}


# Cards whose rules are written but miss part of their text (what is missing). They keep the
# game out of RELEASES until they are complete (issue 10 item 1).
PARTIAL: dict[str, str] = {}


# The cards with a constant modifier, looked up on every read of a derived value.
CONSTANTS = {cid: rules.constant for cid, rules in RULES.items() if rules.constant is not None}


TABLE = CardTable(
    rules=RULES,
    constants=CONSTANTS,
    at_phase_start=phase_begins,
    at_marshalling_start=tywin_collects,
    at_standing_start=plots.snowed_under_starts,
    control_returns=frozenset(HONOR_GUARDS),
)


def rules_of(card_id: str) -> CardRules:
    return RULES.get(card_id, VANILLA)


def is_vanilla(card_id: str) -> bool:
    return CARDS[card_id].text.startswith("Vanilla")


def implemented(card_id: str) -> bool:
    """Its rules are written: here, or as a title (``titles.py``) or an agenda
    (``effects_agendas.py``), which are never cards in play; or it has no text."""
    return (card_id in RULES or card_id in TITLES or card_id in AGENDAS
            or is_vanilla(card_id))


def box_cards() -> list[str]:
    """Every distinct card of both decks, both fixed plot decks and the plot pool."""
    ids = {cid for deck in BOX.decks.values() for cid, _ in deck}
    ids |= {cid for plots_ in BOX.plot_decks.values() for cid in plots_}
    ids |= {cid for cid, _ in BOX.plot_pool}
    return sorted(ids)


def pool_cards() -> list[str]:
    """Every distinct card a game may hold, in any profile: the box's, the ready-made decks'
    and every card a legal ``lcg`` deck may hold (each House's pool, every plot and agenda),
    and the melee titles."""
    ids = set(box_cards())
    ids |= {cid for deck in READY.values() for cid in [*card_ids(deck), *deck["plots"]]}
    ids |= {cid for house in HOUSES for cid in house_pool(house)}
    ids |= {cid for cid, card in CARDS.items() if card.type in ("plot", "agenda", "title")}
    return sorted(ids)


def missing() -> list[str]:
    """The cards of any profile whose text is not implemented yet (they play as vanilla)."""
    return [cid for cid in pool_cards() if not implemented(cid)]


def incomplete() -> list[str]:
    """The cards not yet doing all their text says: missing or partial."""
    return sorted(set(missing()) | set(PARTIAL))


def is_blank(st: State, uid: str) -> bool:
    rec = next((c for c in st["play"] if c["uid"] == uid), None)
    return rec is not None and blanked(st, rec)
