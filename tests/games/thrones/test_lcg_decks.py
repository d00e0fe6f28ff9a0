"""Deck construction (digest §2.3, GOT-R-45, README "Full card game: decks and agendas"): one
test a rule, each breaking it once in an otherwise legal deck and reading what the player is
told: the rule and the card at fault."""

from __future__ import annotations

import pytest

from domain.games.thrones.cards import CARDS
from domain.games.thrones.decks import READY, check, normal
from tests.games.thrones.decklists import lannister_sworn_banners, stark_fealty, with_row, without


def broken(deck) -> set[tuple[str, str | None]]:
    return {(v["rule"], v["card"]) for v in check(deck)}


@pytest.mark.parametrize("house", ["stark", "lannister"])
def test_the_ready_made_decks_are_legal_60_card_decks_with_7_plots(house):
    deck = READY[house]
    assert check(deck) == []
    assert sum(n for _, n in deck["cards"]) >= 60 and len(deck["plots"]) == 7
    assert deck["house"] == house


def test_the_decks_with_agendas_used_in_the_tests_are_legal():
    assert check(stark_fealty()) == [] and check(lannister_sworn_banners()) == []


def test_a_house_the_card_pool_does_not_have_is_refused():
    assert broken({**stark_fealty(), "house": "baratheon"}) >= {("house", None)}


def test_an_agenda_that_is_not_an_agenda_card_is_refused():
    assert broken({**stark_fealty(), "agenda": "robb-stark"}) == {("agenda", "robb-stark")}


def test_a_plot_deck_of_six_plots_is_refused():
    deck = stark_fealty()
    assert broken({**deck, "plots": deck["plots"][:6]}) == {("plot-count", None)}


def test_a_card_that_is_not_a_plot_cannot_be_in_the_plot_deck():
    deck = stark_fealty()
    plots = [*deck["plots"][:6], "robb-stark"]
    assert broken({**deck, "plots": plots}) == {("not-a-plot", "robb-stark")}


def test_a_second_copy_of_a_plot_is_refused_unless_its_text_allows_it():
    deck = stark_fealty()  # holds building-season, valar-morghulis, the-power-of-arms
    others = [p for p in deck["plots"] if p not in ("calm-over-westeros", "snowed-under")]
    assert broken({**deck, "plots": [*others, "building-season", "the-power-of-arms"]}) == {
        ("plot-copies", "building-season")}


def test_the_power_of_blood_allows_two_copies_but_not_three():
    plots = ["the-power-of-blood"] * 2 + ["planning-ahead", "wildfire-assault", "blockade",
                                          "hear-me-roar", "drunken-allegations"]
    deck = {**READY["lannister"], "plots": plots}
    assert check(deck) == []
    three = ["the-power-of-blood"] * 3 + plots[2:6]
    assert broken({**deck, "plots": three}) == {("plot-copies", "the-power-of-blood")}


def test_valar_morghulis_allows_only_one_copy():
    deck = stark_fealty()
    plots = [p for p in deck["plots"] if p != "snowed-under"] + ["valar-morghulis"]
    assert broken({**deck, "plots": plots}) == {("plot-copies", "valar-morghulis")}


def test_a_house_deck_of_59_cards_is_refused():
    deck = stark_fealty()
    rows = [[cid, n - 1 if cid == "stark-guard" else n] for cid, n in deck["cards"]]
    found = check({**deck, "cards": rows})
    assert [(v["rule"], v["card"]) for v in found] == [("deck-size", None)]
    assert "59" in found[0]["message"]


def test_a_card_not_in_the_card_pool_is_refused():
    deck = with_row(stark_fealty(), "daenerys-targaryen", 1)
    assert broken(deck) == {("unknown-card", "daenerys-targaryen")}


@pytest.mark.parametrize("card", ["hand-of-the-king", "valar-morghulis", "fealty",
                                  "eddard-stark-box"])
def test_titles_plots_agendas_and_box_versions_are_not_house_cards(card):
    assert broken(with_row(stark_fealty(), card, 1)) == {("not-a-house-card", card)}


def test_a_fourth_copy_of_a_name_is_refused_even_spread_over_two_rows():
    deck = with_row(stark_fealty(), "stark-guard", 1)  # it holds 3 already
    assert broken(deck) == {("copies", "stark-guard")}


def test_trident_reinforcements_endless_symbol_does_not_lift_the_copy_limit():
    deck = with_row(without(stark_fealty(), "trident-reinforcements"),
                    "trident-reinforcements", 4)
    assert broken(deck) == {("copies", "trident-reinforcements")}


def test_a_house_lannister_only_card_is_refused_in_a_stark_deck():
    deck = with_row(stark_fealty(), "the-lions-will", 1)
    assert broken(deck) == {("house-only", "the-lions-will")}


def test_a_house_lannister_only_plot_is_refused_in_a_stark_deck():
    deck = stark_fealty()
    plots = [p for p in deck["plots"] if p != "snowed-under"] + ["hear-me-roar"]
    assert broken({**deck, "plots": plots}) == {("house-only", "hear-me-roar")}


def test_fealty_refuses_a_sixteenth_neutral_card():
    deck = stark_fealty()
    neutral = sum(n for cid, n in deck["cards"] if CARDS[cid].house == "neutral")
    deck = with_row(deck, "bodyguard", 3)
    deck = with_row(deck, "retreat", 16 - neutral - 3)  # the sixteenth neutral card
    assert broken(deck) == {("agenda-restriction", None)}
    assert "holds 16" in check(deck)[0]["message"]
    assert check({**deck, "agenda": None}) == []


def test_sworn_banners_refuses_each_character_not_of_your_house():
    deck = with_row(lannister_sworn_banners(), "littlefinger", 1)
    deck = with_row(deck, "knight-of-flowers", 1)
    assert broken(deck) == {("agenda-restriction", "littlefinger"),
                            ("agenda-restriction", "knight-of-flowers")}


@pytest.mark.parametrize("raw", [
    None, [], "deck", {"house": 1, "agenda": None, "plots": [], "cards": []},
    {"house": "stark", "agenda": None, "plots": [1] * 7, "cards": []},
    {"house": "stark", "agenda": None, "plots": [], "cards": [["robb-stark", True]]},
    {"house": "stark", "agenda": None, "plots": [], "cards": [["robb-stark", 2.0]]},
    {"house": "stark", "agenda": None, "plots": [], "cards": [["robb-stark", 10**9]]},
    {"house": "stark", "agenda": None, "plots": [], "cards": [["robb-stark", 1]] * 201},
    {"house": "stark", "agenda": [], "plots": [], "cards": []},
    {"house": "stark", "plots": [], "cards": [], "extra": 1},
])
def test_a_malformed_deck_is_told_its_shape_without_an_exception(raw):
    found = check(raw)
    assert found and all(v["rule"] == "shape" for v in found)


def test_every_violation_is_reported_at_once_each_naming_its_card():
    deck = stark_fealty()
    deck = with_row(deck, "the-lions-will", 1)
    deck = with_row(deck, "no-such-card", 1)
    deck = {**deck, "plots": [*deck["plots"][1:], "valar-morghulis"]}  # a second Valar
    assert broken(deck) == {("house-only", "the-lions-will"), ("unknown-card", "no-such-card"),
                            ("plot-copies", "valar-morghulis")}


def test_the_canonical_form_merges_rows_and_sorts():
    deck = with_row(without(stark_fealty(), "stark-guard"), "stark-guard", 1)
    deck = with_row(deck, "stark-guard", 2)
    form = normal(deck)
    assert ["stark-guard", 3] in form["cards"]
    assert form["cards"] == sorted(form["cards"]) and form["plots"] == sorted(form["plots"])
    assert normal(form) == form
