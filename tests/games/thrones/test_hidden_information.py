"""Hidden information: what a seat may not know (the other hand, the decks, face-down setup
cards, an unrevealed plot, a pending mulligan answer) changes nothing it is shown, asked or
told (``tests/games/hidden.py`` with ``scramble.py``), at positions of random playouts."""

from __future__ import annotations

from domain.games.thrones import RULES
from tests.games.test_hidden_information import check_playouts

from .scramble import scramble, shown


def test_what_a_seat_may_not_know_changes_nothing_it_is_shown():
    checked = sum(check_playouts(RULES, scramble, shown, options, games=2)
                  for options in ({}, {"houses": "random"}))
    assert checked > 0
