"""Shadows (digest §6.5, GOT-R-39; ``lcg``): into Shadows for 2 gold, out at the beginning
of a phase for the s-cost, one card a player a phase in player order, the unique rules,
setup, and what the other seats may know of a Shadows area."""

from __future__ import annotations

import random

from domain.games.thrones import RULES
from domain.games.thrones import views as thrones_views
from tests.games.driver import chance, moves, play, prompt, step
from tests.games.hidden import check_position

from .helpers import LANNISTER, PASS, STARK, blank, blank_lcg, give_gold, place, start, window
from .scramble import scramble, shown
from .test_lcg_keywords_gold import at_placing


def in_shadows(state: dict, seat: int, cards: list[str], gold: int = 0) -> dict:
    state["players"][seat]["shadows"] = list(cards)
    give_gold(state, seat, gold)
    return state


def phase_start(state: dict, phase: str) -> dict:
    """The beginning of ``phase`` as a round runs it: its Shadows step, then the phase."""
    return start(state, {"op": "shadows", "phase": phase}, {"op": phase})


# ---- into Shadows ----

def test_the_marshalling_player_puts_a_shadows_card_face_down_for_two_gold():
    state = blank_lcg(first=STARK, phase="marshalling")
    state["players"][STARK]["hand"] = ["the-crannogman", "stark-guard"]
    give_gold(state, STARK, 2)
    state = window(state, "marshalling", active=STARK)
    assert {m["card"] for m in moves(state, STARK) if m["kind"] == "shadow"} == {
        "the-crannogman"}  # only a card with the Shadows crest
    before = state
    state = play(state, STARK, {"kind": "shadow", "card": "the-crannogman"})
    mine = RULES.view(state, STARK)["players"][STARK]
    theirs = RULES.view(state, LANNISTER)["players"][STARK]
    assert mine["shadows"] == ["the-crannogman"] and mine["gold"] == 0
    assert theirs["shadows"] is None and theirs["shadows_count"] == 1
    line = RULES.describe(before, state, {"type": "move", "seat": STARK}, LANNISTER)
    assert "put into Shadows (paying 2 gold) 1 card" in line and "Crannogman" not in line


def test_only_the_active_player_in_marshalling_may_put_a_card_into_shadows():
    state = blank_lcg(first=STARK, phase="marshalling")
    state["players"][LANNISTER]["hand"] = ["whisperer-in-the-dark"]
    give_gold(state, LANNISTER, 2)
    state = window(state, "marshalling", active=STARK)
    state = play(state, STARK, PASS)
    assert moves(state, LANNISTER) == [PASS]  # Stark's turn: no Shadows for Lannister
    state = window(state, "dominance")
    assert moves(state, LANNISTER) == [PASS]  # nor outside marshalling


def test_putting_a_limited_card_into_shadows_spends_the_rounds_limited_allowance():
    state = blank_lcg(first=STARK, phase="marshalling")
    state["players"][STARK]["hand"] = ["hidden-holdfast", "great-keep"]  # both Limited
    give_gold(state, STARK, 4)
    state = window(state, "marshalling", active=STARK)
    state = play(state, STARK, {"kind": "shadow", "card": "hidden-holdfast"})
    assert state["players"][STARK]["limited"] is True
    assert not any(m.get("card") == "great-keep" for m in moves(state, STARK))


def test_shadows_stay_shut_in_the_box():
    state = blank(first=STARK, phase="marshalling")
    state["players"][STARK]["hand"] = ["the-crannogman"]
    give_gold(state, STARK, 5)
    state = window(state, "marshalling", active=STARK)
    assert {m["kind"] for m in moves(state, STARK)} == {"marshal", "pass"}


# ---- out of Shadows ----

def test_a_card_comes_out_standing_at_the_beginning_of_a_phase_for_its_s_cost():
    state = in_shadows(blank_lcg(first=STARK, phase="dominance"), STARK, ["the-crannogman"],
                       gold=1)
    state = phase_start(state, "taxation")  # before taxation takes the unspent gold back
    asked = prompt(state)
    assert asked.kind == "shadows" and asked.seat == STARK
    state = play(state, None, {"kind": "from_shadows", "card": "the-crannogman", "host": ""})
    crannogman = state["play"][0]
    assert crannogman["card"] == "the-crannogman" and not crannogman["knelt"]
    assert state["players"][STARK]["gold"] == 0 and state["players"][STARK]["shadows"] == []
    assert state["players"][STARK]["limited"] is False


def test_players_are_asked_in_player_order_and_bring_out_one_card_a_phase():
    state = blank_lcg(first=LANNISTER, phase="dominance")
    state = in_shadows(state, STARK, ["the-crannogman", "hidden-holdfast"], gold=5)
    state = in_shadows(state, LANNISTER, ["the-crannogman"], gold=5)
    state = phase_start(state, "standing")
    assert prompt(state).seat == LANNISTER
    state = play(state, None, PASS)
    assert prompt(state).seat == STARK
    state = play(state, None, {"kind": "from_shadows", "card": "the-crannogman", "host": ""})
    assert not state["pending"] or prompt(state).kind != "shadows"  # not again this phase
    assert state["players"][STARK]["shadows"] == ["hidden-holdfast"]
    state["pending"] = []
    state = phase_start(state, "taxation")
    assert prompt(state).seat == LANNISTER  # a new phase: a new chance each


def test_a_card_of_another_house_comes_out_for_its_s_cost_and_the_penalty():
    state = in_shadows(blank_lcg(first=STARK), STARK, ["whisperer-in-the-dark"], gold=3)
    state = phase_start(state, "dominance")
    assert prompt(state).kind == "shadows" and moves(state) == [PASS]  # 2 + 2 > 3
    state = in_shadows(blank_lcg(first=STARK), STARK, ["whisperer-in-the-dark"], gold=4)
    state = phase_start(state, "dominance")
    state = play(state, None, {"kind": "from_shadows", "card": "whisperer-in-the-dark", "host": ""})
    assert state["players"][STARK]["gold"] == 0


def test_a_seat_is_asked_on_public_facts_only_a_card_in_shadows_and_gold_for_its_deck():
    # The Crannogman (s1) is the cheapest way out Stark's deck offers: 1 gold asks, 0 not,
    # whichever of its cards wait in Shadows (here only the Whisperer, 2 + 2).
    state = in_shadows(blank_lcg(first=STARK), STARK, ["whisperer-in-the-dark"], gold=1)
    state = phase_start(state, "dominance")
    assert prompt(state).kind == "shadows" and moves(state) == [PASS]
    state = in_shadows(blank_lcg(first=STARK), STARK, ["the-crannogman"], gold=0)
    state["players"][STARK]["hand"] = ["great-keep"]
    state = phase_start(state, "dominance")
    assert not state["pending"] or prompt(state).kind != "shadows"


# ---- unique cards ----

def test_a_unique_card_may_go_into_shadows_with_its_name_in_play_and_come_out_as_duplicate():
    state = blank_lcg(first=STARK, phase="marshalling")
    twin = place(state, STARK, "the-crannogman")
    state["players"][STARK]["hand"] = ["the-crannogman"]
    give_gold(state, STARK, 3)
    state = window(state, "marshalling", active=STARK)
    state = play(state, STARK, {"kind": "shadow", "card": "the-crannogman"})
    state["pending"] = []
    state = phase_start(state, "challenges")
    assert moves(state) == [{"kind": "from_shadows", "card": "the-crannogman", "onto": twin},
                            PASS]
    state = play(state, None, moves(state)[0])
    assert state["play"][0]["dups"] == ["the-crannogman"] and len(state["play"]) == 1


def test_a_unique_card_whose_name_is_in_the_dead_pile_cannot_come_out():
    state = in_shadows(blank_lcg(first=STARK), STARK, ["the-crannogman"], gold=3)
    state["players"][STARK]["dead"] = ["the-crannogman"]
    state = phase_start(state, "dominance")
    assert moves(state) == [PASS]


# ---- setup ----

def test_at_setup_shadows_cards_go_face_down_into_shadows_for_two_of_the_five_gold():
    state = at_placing(lcg=True, stark=["umber-berserker", "the-crannogman",
                                        "hidden-holdfast"])
    state = play(state, STARK, {"kind": "place", "card": "umber-berserker"})  # 3 gold
    state = play(state, STARK, {"kind": "place_shadow", "card": "the-crannogman"})
    assert not any(m["kind"] == "place_shadow" for m in moves(state, STARK))  # 5 of 5
    assert RULES.view(state, LANNISTER)["players"][STARK]["setup_count"] == 2
    state = play(state, STARK, {"kind": "done"})
    state = play(state, LANNISTER, {"kind": "done"})
    assert state["players"][STARK]["shadows"] == ["the-crannogman"]
    assert [c["card"] for c in state["play"]] == ["umber-berserker"]
    assert RULES.view(state, LANNISTER)["players"][STARK]["shadows_count"] == 1


# ---- hidden information ----

def shadows_position() -> dict:
    """Lannister, with two cards in Shadows and a hand, asked at the start of a phase."""
    state = blank_lcg(first=LANNISTER, phase="dominance")
    state = in_shadows(state, LANNISTER, ["whisperer-in-the-dark", "the-crannogman"], gold=2)
    state["players"][LANNISTER]["hand"] = ["great-keep", "stark-guard"]
    state["players"][LANNISTER]["deck"] = ["hidden-holdfast", "lannisport-steward"]
    state["players"][STARK]["hand"] = ["umber-berserker"]
    place(state, STARK, "winterfell-sentry")
    return phase_start(state, "standing")


def test_what_stark_may_not_know_of_lannisters_shadows_changes_nothing_it_is_shown():
    state = shadows_position()
    assert prompt(state).seat == LANNISTER and prompt(state).kind == "shadows"
    for seed in range(12):
        assert check_position(RULES, scramble, state, STARK, random.Random(seed), shown)


def test_the_check_would_catch_a_view_that_showed_the_cards_in_shadows(monkeypatch):
    original = thrones_views.player_view

    def leaky(st: dict, index: int, seat: int | None, over: bool) -> dict:
        found = original(st, index, seat, over)
        return {**found, "shadows": sorted(st["players"][index].get("shadows", []))}

    monkeypatch.setattr(thrones_views, "player_view", leaky)
    state = shadows_position()
    caught = 0
    for seed in range(12):
        try:
            check_position(RULES, scramble, state, STARK, random.Random(seed), shown)
        except AssertionError:
            caught += 1
    assert caught > 0


def test_a_new_lcg_game_reaches_its_first_plot_without_asking_about_empty_shadows():
    state = RULES.setup({"profile": "lcg"}, 2)
    for _ in range(200):
        found = step(state)
        if not hasattr(found, "spec") and prompt(state).kind == "plot":
            break
        if hasattr(found, "spec"):
            state = chance(state)
        else:
            assert prompt(state).kind != "shadows"
            state = play(state, None, prompt(state).legal_moves[-1])
    assert state["phase"] == "plot" and state["round"] == 1
