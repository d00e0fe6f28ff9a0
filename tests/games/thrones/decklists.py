"""Legal decklists for the tests of players' own decks (``decks.py``): the ready-made decks
with an agenda each (the Lannister one without neutral characters, as Sworn Banners asks), and
``with_row`` / ``without`` to make one rule break at a time."""

from __future__ import annotations

import copy
from typing import Any

from domain.games.thrones.decks import READY

Deck = dict[str, Any]


def stark_fealty() -> Deck:
    """The ready-made Stark deck with Fealty (11 neutral cards: at most 15 allowed)."""
    return {**copy.deepcopy(READY["stark"]), "agenda": "fealty"}


def lannister_sworn_banners() -> Deck:
    """The ready-made Lannister deck with Sworn Banners: its three neutral characters
    (Littlefinger, Magister Illyrio, Shae) swapped for more Lannister ones."""
    deck = without(copy.deepcopy(READY["lannister"]), "littlefinger", "magister-illyrio", "shae")
    deck = with_row(deck, "lannisport-honor-guard", 1)
    deck = with_row(deck, "enemy-informer", 1)
    deck = with_row(deck, "qyburns-informers", 1)
    return {**deck, "agenda": "sworn-banners"}


def with_row(deck: Deck, card: str, copies: int) -> Deck:
    """``deck`` with ``copies`` more of ``card`` (as one more row)."""
    return {**deck, "cards": [*deck["cards"], [card, copies]]}


def without(deck: Deck, *cards: str) -> Deck:
    return {**deck, "cards": [row for row in deck["cards"] if row[0] not in cards]}
