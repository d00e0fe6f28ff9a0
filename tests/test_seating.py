"""A rematch's seats: each moves one place up, held as before, decklists moving with them."""

from __future__ import annotations

from types import SimpleNamespace
from uuid import uuid4

from domain.seating import Seating, rotated


def finished(seats, options, deck_option=None):
    decks = None if deck_option is None else SimpleNamespace(option=deck_option)
    return SimpleNamespace(seats=seats, options=options, rules=SimpleNamespace(decks=decks))


def test_a_rematch_moves_each_seat_one_place_up_and_keeps_who_holds_it():
    ann = uuid4()
    game = finished([{"name": "ann", "bot": None}, {"name": "greedy bot", "bot": "greedy"},
                     {"name": "zed", "bot": None}, {"name": "eve", "bot": None}], {"goal": 5})

    players, options = rotated(game, Seating({0: ann}, False, None), asker=2)

    assert players == [{"bot": "greedy", "name": "greedy bot"}, {"name": "zed"}, {},
                       {"name": "ann", "player": str(ann)}]
    assert options == {"goal": 5}


def test_a_rematch_moves_the_seats_decklists_with_them():
    game = finished([{"name": "a", "bot": None}, {"name": "b", "bot": None}],
                    {"decks": ["deck of a", "deck of b"], "profile": "lcg"}, "decks")

    _, options = rotated(game, Seating({}, False, None), asker=0)

    assert options == {"decks": ["deck of b", "deck of a"], "profile": "lcg"}
