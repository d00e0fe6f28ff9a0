"""The Thrones decklist text format (decktext.py; README, "Decklists as text"): what players
write and ThronesDB exports is read liberally, each line naming no card is reported with its
number and the nearest name, hostile text is refused with a clear error, and every deck
written and read again is the same deck."""

from __future__ import annotations

import pytest

from domain.deck_library import read_deck_text
from domain.games.thrones.decks import READY, check, normal
from domain.games.thrones.decktext import read, write
from domain.kernel import UnreadableDeck
from tests.games.thrones.decklists import lannister_sworn_banners, stark_fealty

THRONESDB = """Winter's wolves

Total Cards: (67)
Faction: House Stark
Agenda: Fealty (Core Set)
Packs: Core Set (1)

Plot deck (7):
1x Building Season (Core Set)
Characters (3):
3x Eddard Stark (Core Set)
Attachments:
2 Hand of the King
Catelyn Stark x2
Ice
"""


def test_a_thronesdb_export_is_read_with_its_name_house_agenda_plots_and_cards():
    reading = read(THRONESDB)
    assert reading.problems == [] and reading.name == "Winter's wolves"
    assert reading.decklist == {"house": "stark", "agenda": "fealty",
                                "plots": ["building-season"],
                                "cards": [["catelyn-stark", 2], ["eddard-stark", 3],
                                          ["hand-of-the-king-attachment", 2], ["ice", 1]]}


def test_a_misspelled_card_is_reported_by_line_number_with_the_nearest_name():
    reading = read("House Lannister\n3x Tyrion Lanister\n\n1x Nobody At All\n")
    assert [(p["line"], p["suggestion"]) for p in reading.problems] == [
        (2, "Tyrion Lannister"), (4, None)]


@pytest.mark.parametrize("deck", [stark_fealty(), lannister_sworn_banners(), *READY.values()])
def test_a_deck_written_and_read_again_is_the_same_deck(deck):
    reading = read(write(deck, "my deck"))
    assert reading.problems == [] and reading.name == "my deck"
    assert reading.decklist == normal(deck) and check(reading.decklist) == []


@pytest.mark.parametrize(("text", "words"), [
    ("Ghost\n" * 10_000, "at most 500 lines"),
    ("100x Ghost\n", "at most 99"),
    ("Ghost x123456789012345678901234567890\n", "at most 99"),
    ("House Stark\n3x Ghost\x1b[2J\n", "Line 2 holds a control character"),
    ("3x " + "Ghost" * 100 + "\n", "Line 1 is 503 characters long"),
    ("Ghost\n" * 20_000, "at most 65,536 characters"),
])
def test_hostile_text_is_refused_with_a_clear_error(text, words):
    with pytest.raises(UnreadableDeck, match=words):
        read_deck_text("thrones", text)
