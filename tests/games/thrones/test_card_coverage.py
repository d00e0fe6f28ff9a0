"""Which cards play as their text says, and which do not yet: ``effects.missing()`` is the
list, and README.md's "Status" must name exactly those (so it stays true). The cards that
need rules are derived from the card data itself, not from a list kept by hand: every card
whose text has an ability (any text but "Vanilla..."), in every profile's pool: the box's
decks and plots (``cards.json``), the ready-made decks (``ready_decks.json``) and every card a
legal ``lcg`` deck may hold, with the melee titles (issue 26: Knight of Flowers, in the card
game's pool, had no rules and no list showed it)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from domain.games import game_names, versions
from domain.games.thrones.effects import (
    PARTIAL,
    implemented,
    incomplete,
    missing,
    pool_cards,
)
from domain.games.thrones.info import VERSION

PACKAGE = Path(__file__).parents[3] / "domain" / "games" / "thrones"
README = PACKAGE / "README.md"
HOUSE_CARD_TYPES = {"character", "location", "attachment", "event"}


def readme_list(title: str) -> set[str]:
    text = README.read_text("utf-8")
    section = text.split(f"**{title}**", 1)[1].split("\n\n", 1)[0]
    return set(re.findall(r"`([a-z0-9-]+)`", section))


def cards_with_an_ability() -> set[str]:
    """From the data files alone: every card of every profile's pool whose text is more
    than "Vanilla". The lcg pool: each House's and neutral house cards (a "House X only" one
    for X), but not the box-only versions (``-box``); every plot, agenda and title."""
    data = json.loads((PACKAGE / "cards.json").read_text("utf-8"))
    ready = json.loads((PACKAGE / "ready_decks.json").read_text("utf-8"))
    cards = {row["id"]: row for row in data["cards"]}
    box = data["box"]
    pool = {cid for rows in box["decks"].values() for cid, _ in rows}
    pool |= {cid for plots in box["plot_decks"].values() for cid in plots}
    pool |= {cid for cid, _ in box["plot_pool"]}
    pool |= {cid for deck in ready["decks"].values()
             for cid in [*(c for c, _ in deck["cards"]), *deck["plots"]]}
    pool |= {cid for cid, row in cards.items() if row["type"] in HOUSE_CARD_TYPES
             and not (row.get("authored") and cid.endswith("-box"))}
    pool |= {cid for cid, row in cards.items() if row["type"] in ("plot", "agenda", "title")}
    return {cid for cid in pool if not cards[cid]["effect"].startswith("Vanilla")}


def test_every_card_with_an_ability_in_any_profiles_pool_has_its_rules():
    assert sorted(c for c in cards_with_an_ability() if not implemented(c)) == []


def test_the_pool_the_engine_reports_holds_every_card_with_an_ability():
    assert cards_with_an_ability() <= set(pool_cards())


def test_knight_of_flowers_is_among_the_cards_needing_rules():
    assert "knight-of-flowers" in cards_with_an_ability()


def test_the_readme_lists_exactly_the_cards_without_rules_yet():
    assert readme_list("Not implemented yet") == set(missing())


def test_the_readme_lists_exactly_the_cards_with_part_of_their_text_missing():
    assert readme_list("Implemented with a gap") == set(PARTIAL)


def test_the_readme_lists_exactly_the_implemented_cards():
    assert readme_list("Implemented") == {c for c in pool_cards() if implemented(c)}


def test_every_card_of_every_pool_has_its_rules():
    assert incomplete() == []


def test_the_game_is_registered_with_every_card_implemented_and_the_box_release_kept():
    # README "Status": registered once every card has its rules (``incomplete()`` empty); 1.0.0
    # (the box as first released) stays playable for the games created under it.
    assert "thrones" in game_names() and versions("thrones")[0] == "1.0.0"
    assert versions("thrones")[-1] == VERSION
    assert incomplete() == [] and missing() == []
