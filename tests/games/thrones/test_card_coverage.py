"""Which cards of the box play as their text says, and which do not yet: ``effects.missing()``
is the list, and README.md's "Status" must name exactly those (so it stays true). The game
is registered (rules 1.0.0) only with the list empty (issue 10 item 1)."""

from __future__ import annotations

import re
from pathlib import Path

from domain.games import game_names, versions
from domain.games.thrones.effects import PARTIAL, box_cards, implemented, incomplete, missing
from domain.games.thrones.info import VERSION

README = Path(__file__).parents[3] / "domain" / "games" / "thrones" / "README.md"


def readme_list(title: str) -> set[str]:
    text = README.read_text("utf-8")
    section = text.split(f"**{title}**", 1)[1].split("\n\n", 1)[0]
    return set(re.findall(r"`([a-z0-9-]+)`", section))


def test_the_readme_lists_exactly_the_cards_without_rules_yet():
    assert readme_list("Not implemented yet") == set(missing())


def test_the_readme_lists_exactly_the_cards_with_part_of_their_text_missing():
    assert readme_list("Implemented with a gap") == set(PARTIAL)


def test_the_readme_lists_exactly_the_implemented_cards():
    assert readme_list("Implemented") == {c for c in box_cards() if implemented(c)}


def test_every_card_of_the_box_has_its_rules():
    assert incomplete() == []


def test_the_game_is_registered_with_every_card_implemented_and_the_box_release_kept():
    # README "Status": registered once every card has its rules (``incomplete()`` empty); 1.0.0
    # (the box as first released) stays playable for the games created under it.
    assert "thrones" in game_names() and versions("thrones")[0] == "1.0.0"
    assert versions("thrones")[-1] == VERSION
    assert incomplete() == [] and missing() == []
