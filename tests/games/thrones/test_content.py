"""The two-player box's content (digest §9.2-9.4): every deck as the digest builds it, every
card it holds in the catalogue, every authored card marked with its basis, and the title
corrections of GOT-R-27 and GOT-R-44."""

from __future__ import annotations

from collections import Counter

import pytest

from domain.games.thrones.cards import BOX, CARDS, HOUSES
from domain.games.thrones.effects import box_cards

AUTHORED = {"not-today", "stark-guard", "maester-luwin", "hand-of-the-king-attachment",
            "jon-snow-box", "eddard-stark-box", "the-hound-box", "varys-box", "illyrios-gift"}
AUTHORED_AGENDAS = {"fealty", "sworn-banners"}  # issue 11: the full card game's agendas


@pytest.mark.parametrize("house", HOUSES)
def test_each_house_deck_has_50_cards_of_its_house_or_neutral(house):
    deck = BOX.decks[house]
    assert sum(n for _, n in deck) == 50
    for cid, copies in deck:
        card = CARDS[cid]
        assert card.type in ("character", "location", "attachment", "event"), cid
        assert house in card.houses or card.house == "neutral", cid  # no out-of-House penalty
        assert copies == 1 or not card.unique or cid in ("eddard-stark-box",
                                                         "tyrion-lannister"), cid


def test_the_decks_hold_the_box_versions_of_the_named_cards():
    stark = dict(BOX.decks["stark"])
    lannister = dict(BOX.decks["lannister"])
    assert "jon-snow" not in stark and stark["jon-snow-box"] == 1
    assert "eddard-stark" not in stark and stark["eddard-stark-box"] == 2  # GOT-EX-8
    assert "narrow-sea" not in stark
    assert {"not-today", "stark-guard", "maester-luwin", "hand-of-the-king-attachment",
            "littlefinger"} <= set(stark)
    assert "the-hound" not in lannister and "varys" not in lannister
    assert lannister["tyrion-lannister"] == 2
    assert {"the-hound-box", "varys-box", "bodyguard", "magister-illyrio", "retreat",
            "milk-of-the-poppy", "littlefinger", "insidious-ways", "the-lions-will",
            "a-lannister-pays-his-debts"} <= set(lannister)


def test_the_box_versions_differ_from_the_lcg_cards_as_the_rulebook_says():
    assert CARDS["the-hound-box"].strength == 3 and CARDS["the-hound"].strength == 4  # GOT-R-11
    assert "Stalwart" not in CARDS["eddard-stark-box"].keywords  # GOT-R-41
    assert "Stalwart" in CARDS["eddard-stark"].keywords
    assert "stand him" in CARDS["jon-snow-box"].text  # GOT-R-42
    assert "Ally" in CARDS["varys-box"].text


@pytest.mark.parametrize("house", HOUSES)
def test_each_fixed_plot_deck_has_7_distinct_plots(house):
    plots = BOX.plot_decks[house]
    assert len(plots) == len(set(plots)) == 7
    assert all(CARDS[p].type == "plot" for p in plots)
    assert all(CARDS[p].income is not None and CARDS[p].initiative is not None
               and CARDS[p].claim is not None for p in plots)


def test_the_draft_pool_has_32_plots_repeating_only_those_whose_text_allows_or_is_symmetric():
    pool = dict(BOX.plot_pool)
    assert sum(pool.values()) == 32 and all(CARDS[p].type == "plot" for p in pool)
    assert {p for p, n in pool.items() if n > 1} == {
        "the-power-of-arms", "the-power-of-blood", "counting-favors", "summoning-season"}
    assert pool["illyrios-gift"] == 1 and pool["valar-morghulis"] == 1  # GOT-R-45


def test_every_authored_card_is_marked_with_its_basis_and_no_other_is():
    marked = {cid for cid, card in CARDS.items() if card.authored}
    # The full card game's authored cards (issue 11) are lcg-only: outside the box.
    assert marked & set(box_cards()) == AUTHORED
    assert AUTHORED_AGENDAS <= marked
    assert all(CARDS[cid].basis for cid in marked)
    assert all(card.basis is None for cid, card in CARDS.items() if cid not in marked)


def test_ids_are_unique_and_the_two_hands_of_the_king_are_two_cards():
    assert len(CARDS) == len({c.id for c in CARDS.values()})
    assert CARDS["hand-of-the-king"].type == "title"
    assert CARDS["hand-of-the-king-attachment"].type == "attachment"


def test_the_titles_carry_their_own_effects():
    # GOT-R-44: JA gives every title an effect; GOT-R-27: the Lord Commander takes an
    # undefended military challenge, not a defended one.
    lord = CARDS["lord-commander-of-the-kingsguard"].text
    assert "declares no defenders" in lord and "+3" in lord
    assert "+3" in CARDS["crown-regent"].text and "power challenge" in CARDS["crown-regent"].text
    assert "+2 gold" in CARDS["master-of-coins"].text
    assert "draw 1 extra card" in CARDS["master-of-laws"].text
    assert "2 influence" in CARDS["hand-of-the-king"].text
    assert "intrigue challenge" in CARDS["master-of-whispers"].text


def test_card_counts_by_type_are_the_core_set_selection_plus_the_authored_cards():
    counts = Counter(card.type for card in CARDS.values()  # the full game's authored aside
                     if not card.authored or card.id in AUTHORED)
    assert counts == {"character": 49 + 6, "plot": 27 + 1, "event": 20 + 1,
                      "location": 19, "attachment": 8 + 1, "title": 6}
