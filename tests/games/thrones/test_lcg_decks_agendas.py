"""The full card game's setup steps 1-2 with the players' own decks (digest §2.3: "Pick the
first player for setup at random. In clockwise order from that player, each announces their
House and agenda"), and the two authored agendas (§6.4; README "Full card game: decks and
agendas"): their effects, and that an agenda is never in play."""

from __future__ import annotations

from domain.games.thrones import RULES
from domain.kernel import BadOptions, Chance
from tests.games.driver import chance, play, prompt, step
from tests.games.thrones.decklists import lannister_sworn_banners, stark_fealty

from .helpers import LANNISTER, PASS, STARK, blank, give_gold, place, set_plot, start

OWN_DECKS = {"profile": "lcg", "decks": [stark_fealty(), lannister_sworn_banners()]}


def log_after(before, after) -> str:
    return RULES.describe(before, after, {"type": "chance"}, None)


def test_setup_begins_with_a_public_draw_of_the_first_player_for_setup():
    state = RULES.setup(OWN_DECKS, 2)
    drawing = step(state)
    assert isinstance(drawing, Chance)
    assert drawing.spec["faces"] == [0, 1] and drawing.spec["public"] is True
    assert "first player for setup" in drawing.spec["what"]


def test_house_and_agenda_are_announced_clockwise_from_the_setup_first_player():
    state = RULES.setup(OWN_DECKS, 2)
    after = chance(state, LANNISTER)
    log = log_after(state, after)
    lannister = log.index("Seat 1 announced House Lannister and Sworn Banners")
    stark = log.index("Seat 0 announced House Stark and Fealty")
    assert lannister < stark
    seen = RULES.view(after, STARK)
    assert seen["setup_first_player"] == LANNISTER
    assert [(p["house"], p["agenda"]) for p in seen["players"]] == [
        ("stark", "fealty"), ("lannister", "sworn-banners")]


def test_each_seat_plays_the_deck_it_brought_and_a_seat_without_one_the_ready_made_deck():
    state = chance(RULES.setup({"profile": "lcg", "decks": [None, lannister_sworn_banners()]},
                               2), STARK)
    stark, lannister = state["players"]
    assert stark["agenda"] is None and len(stark["deck"]) + len(stark["hand"]) == 60
    assert lannister["agenda"] == "sworn-banners"
    assert "littlefinger" not in lannister["deck"] + lannister["hand"]
    assert sorted(lannister["plots"]) == sorted(lannister_sworn_banners()["plots"])


def test_an_agenda_is_not_in_play():
    state = chance(RULES.setup(OWN_DECKS, 2), STARK)
    seen = RULES.view(state, None)
    assert all(card["card"] not in ("fealty", "sworn-banners") for card in seen["in_play"])
    assert all(card["card"] not in ("fealty", "sworn-banners") for card in state["play"])


def test_a_game_with_an_illegal_deck_is_refused_at_creation():
    bad = {**stark_fealty(), "plots": stark_fealty()["plots"][:6]}
    try:
        RULES.setup({"profile": "lcg", "decks": [bad, None]}, 2)
    except BadOptions as refused:
        assert "exactly 7 plots" in refused.message
    else:
        raise AssertionError("an illegal deck was accepted")


def test_decks_are_refused_in_the_box_and_with_the_wrong_number_of_seats():
    for options in ({"decks": [None, None]}, {"profile": "lcg", "decks": [None]},
                    {"profile": "lcg", "decks": "stark"}):
        try:
            RULES.setup(options, 2)
        except BadOptions:
            continue
        raise AssertionError(f"{options} was accepted")


def test_in_the_lcg_profile_each_deck_brings_its_house_and_plots_so_no_draw_or_draft():
    for options in ({"profile": "lcg", "houses": "random"},
                    {"profile": "lcg", "plot_draft": True}):
        try:
            RULES.setup(options, 2)
        except BadOptions as refused:
            assert "each deck brings its House and its plots" in refused.message
            continue
        raise AssertionError(f"{options} was accepted")


def marshalling_with(agenda: str | None, hand: list[str], gold: int):
    state = blank(phase="plot")
    state["players"][STARK]["agenda"] = agenda
    state["players"][STARK]["hand"] = hand
    set_plot(state, STARK, "blockade")  # income 0
    set_plot(state, LANNISTER, "blockade")
    give_gold(state, STARK, gold)
    state = start(state, {"op": "marshalling"})
    while prompt(state).seat != STARK:
        state = play(state, None, PASS)
    return state


def test_fealty_makes_the_first_card_of_your_house_marshalled_each_phase_1_gold_cheaper():
    state = marshalling_with("fealty", ["stark-guard", "stark-guard"], 4)
    state = play(state, None, {"kind": "marshal", "card": "stark-guard", "host": ""})
    assert state["players"][STARK]["gold"] == 3  # 2 - 1
    state = play(state, None, {"kind": "marshal", "card": "stark-guard", "host": ""})
    assert state["players"][STARK]["gold"] == 1  # the second pays its 2


def test_without_fealty_the_same_card_costs_its_printed_gold():
    state = marshalling_with(None, ["stark-guard"], 4)
    state = play(state, None, {"kind": "marshal", "card": "stark-guard", "host": ""})
    assert state["players"][STARK]["gold"] == 2


def test_fealty_does_not_discount_a_neutral_card():
    state = marshalling_with("fealty", ["crossroads"], 4)
    state = play(state, None, {"kind": "marshal", "card": "crossroads", "host": ""})
    assert state["players"][STARK]["gold"] == 2  # Crossroads costs 2, neutral


def test_fealty_lets_a_player_marshal_a_card_one_gold_beyond_its_pool():
    state = marshalling_with("fealty", ["stark-guard"], 1)
    assert {"kind": "marshal", "card": "stark-guard", "host": ""} in prompt(state).legal_moves


def dominance_with(agenda: str | None, characters: int):
    state = blank(phase="challenges")
    state["players"][LANNISTER]["agenda"] = agenda
    for _ in range(characters):
        place(state, LANNISTER, "lannisport-steward")
    return start(state, {"op": "dominance"})


def test_sworn_banners_gains_1_power_at_dominance_with_3_characters_of_your_house():
    state = dominance_with("sworn-banners", 3)
    # +1 from the agenda, +1 for winning dominance (3 STR-2 characters, standing)
    assert state["players"][LANNISTER]["power"] == 2
    log = RULES.describe(state, state, {"type": "chance"}, STARK)
    assert "Seat 1 gained 1 power from their agenda Sworn Banners" in log


def test_sworn_banners_gives_nothing_with_only_2_characters_of_your_house():
    state = dominance_with("sworn-banners", 2)
    assert state["players"][LANNISTER]["power"] == 1  # dominance only


def test_sworn_banners_counts_only_characters_of_your_house():
    state = blank(phase="challenges")
    state["players"][LANNISTER]["agenda"] = "sworn-banners"
    for card in ("lannisport-steward", "lannisport-steward", "littlefinger"):
        place(state, LANNISTER, card)
    state = start(state, {"op": "dominance"})
    assert state["players"][LANNISTER]["power"] == 1  # dominance only
