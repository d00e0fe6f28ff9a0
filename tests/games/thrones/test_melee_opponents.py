"""Cards that say "an opponent" or "each player", in melee (3 to 6 seats; issue 26, rules
2.1.0): "pick an opponent; both of you" reaches the owner and the opponent picked only, "an
opponent of your choice" is chosen, and "each player" / "every player" reaches every seat,
not seats 0 and 1. README "Rules 2.1.0" names each card's ruling."""

from __future__ import annotations

from domain.games.thrones.zones import bury
from tests.games.driver import moves, play, prompt

from .helpers import (
    blank_lcg,
    blank_melee,
    challenge_against,
    challenges_for,
    give_gold,
    pass_windows,
    place,
    rec,
    set_plot,
    settle,
    start,
    use_move,
)


def revealed(state: dict, seat: int, plot: str) -> dict:
    """``seat``'s plot ``plot`` revealed now (its "when revealed" runs)."""
    set_plot(state, seat, plot)
    return start(state, {"op": "call", "fn": "when_revealed", "seat": seat},
                 {"op": "end_phase"})


def with_decks(state: dict) -> dict:
    for p in state["players"]:
        p["deck"] = ["stark-guard"] * 5
    return state


# ---- "pick an opponent; both of you" ----

def test_counting_favors_in_melee_the_owner_and_the_picked_opponent_draw_3_and_no_one_else():
    state = revealed(with_decks(blank_melee(4, phase="plot")), 0, "counting-favors")
    asked = prompt(state)
    assert asked.kind == "pick_opponent" and asked.seat == 0
    assert [m["seat"] for m in asked.legal_moves] == [1, 2, 3]
    state = play(state, None, {"kind": "opponent", "seat": 2})
    assert [len(p["hand"]) for p in state["players"]] == [3, 0, 3, 0]


def test_counting_favors_with_two_players_asks_nothing_and_both_draw_3():
    state = with_decks(blank_lcg(phase="plot"))
    set_plot(state, 0, "counting-favors")
    state = start(state, {"op": "call", "fn": "when_revealed", "seat": 0})
    assert [len(p["hand"]) for p in state["players"]] == [3, 3]


def test_drunken_allegations_in_melee_only_the_owner_and_the_picked_opponent_kneel():
    state = blank_melee(3, phase="plot")
    knights = [place(state, seat, "knight-of-the-tumblestone") for seat in range(3)]
    state = revealed(state, 0, "drunken-allegations")
    state = play(state, None, {"kind": "opponent", "seat": 2})
    assert [rec(state, k)["knelt"] for k in knights] == [True, False, True]


def test_building_season_in_melee_only_the_owner_and_the_picked_opponent_search():
    state = blank_melee(3, phase="plot")
    for p in state["players"]:
        p["deck"] = ["crossroads"]
    state = revealed(state, 0, "building-season")
    state = play(state, None, {"kind": "opponent", "seat": 1})
    state = play(state, 0, {"kind": "take", "card": "crossroads"})
    state = pass_windows(settle(state))
    state = play(state, 1, {"kind": "take", "card": "crossroads"})
    state = pass_windows(settle(state))
    assert [p["hand"] for p in state["players"]] == [["crossroads"], ["crossroads"], []]


def test_condemned_by_the_realm_in_melee_the_picked_opponent_kills_a_character():
    state = blank_melee(3, phase="plot")
    mine = place(state, 0, "knight-of-the-tumblestone")
    place(state, 1, "lannisport-steward")
    state = revealed(state, 0, "condemned-by-the-realm")
    state = play(state, None, {"kind": "opponent", "seat": 2})
    asked = prompt(state)
    assert asked.kind == "choose" and asked.seat == 2
    assert mine in [m["card"] for m in asked.legal_moves]


def test_good_for_the_gander_copies_the_plot_of_the_opponent_it_picks():
    state = with_decks(blank_melee(3, phase="plot"))
    set_plot(state, 1, "counting-favors")
    set_plot(state, 2, "valar-morghulis")
    place(state, 0, "knight-of-the-tumblestone")
    state = revealed(state, 0, "good-for-the-gander")
    assert [m["seat"] for m in moves(state)] == [1, 2]
    state = play(state, None, {"kind": "opponent", "seat": 1})  # Counting Favors, as a copy
    assert prompt(state).kind == "pick_opponent"
    state = play(state, None, {"kind": "opponent", "seat": 2})
    assert [len(p["hand"]) for p in state["players"]] == [3, 0, 3]


def test_good_for_the_gander_asks_nothing_when_one_opponents_plot_can_be_copied():
    state = with_decks(blank_melee(3, phase="plot"))  # everyone else: Mutual Enemies
    set_plot(state, 1, "counting-favors")
    set_plot(state, 2, "blockade")  # no "when revealed"
    state = revealed(state, 0, "good-for-the-gander")
    asked = prompt(state)  # the copied Counting Favors' own pick, not the Gander's
    assert asked.kind == "pick_opponent" and asked.text.startswith("Counting Favors")


# ---- "an opponent of your choice" ----

def test_an_honor_guard_goes_to_the_opponent_of_your_choice_in_melee():
    state = blank_melee(4, first=0)
    state["players"][0]["hand"] = ["winterfell-honor-guard"]
    state = start(state, {"op": "window", "mode": "action", "phase": "challenges",
                          "seat": 0, "passes": 0, "active": None})
    offered = use_move(state, 0, "winterfell-honor-guard")
    assert [m["target"] for m in offered] == ["p1", "p2", "p3"]
    state = play(state, 0, offered[2])
    assert state["play"][0]["controller"] == 3


def test_magister_illyrio_names_an_opponent_and_a_type_and_only_that_opponent_pays():
    state = blank_melee(3, first=2)
    place(state, 1, "magister-illyrio")
    for seat in (0, 2):
        place(state, seat, "knight-of-the-tumblestone")
        give_gold(state, seat, 1)
    state = start(state, {"op": "window", "mode": "action", "phase": "challenges",
                          "seat": 1, "passes": 0, "active": None})
    toll = next(m for m in use_move(state, 1, "magister-illyrio") if m["target"] == "p2:power")
    state = play(state, 1, toll)
    for seat in (0, 2):
        state = challenges_for(pass_windows(state), seat)
        target = 1
        state = play(state, None, challenge_against("power", target))
    assert [p["gold"] for p in state["players"]] == [1, 1, 0]


def test_raff_looks_at_the_top_card_of_the_opponent_of_your_choice():
    state = blank_melee(3, phase="dominance")
    place(state, 1, "raff-the-sweetling")
    give_gold(state, 1, 1)
    state["players"][0]["deck"] = ["summer"]
    state["players"][2]["deck"] = ["summer", "great-keep"]
    state = start(state, {"op": "plot_window"})
    offered = use_move(state, 1, "raff-the-sweetling")
    assert [m["target"] for m in offered] == ["p2", "p0"]
    state = play(state, 1, offered[0])
    assert "Great Keep" in prompt(state).text
    state = play(state, None, {"kind": "raff", "put": "bottom"})
    assert state["players"][2]["deck"] == ["great-keep", "summer"]


def test_calm_over_westeros_gold_goes_to_the_opponent_the_player_chooses():
    state = blank_melee(3, first=1, phase="dominance")
    set_plot(state, 0, "calm-over-westeros")
    target = place(state, 0, "robb-stark")
    state["players"][1]["hand"] = ["the-lions-will"]
    give_gold(state, 1, 3)
    state = start(state, {"op": "plot_window"})
    offered = [m for m in use_move(state, 1, "the-lions-will") if m["target"] == target]
    assert sorted(m["calm"] for m in offered) == [0, 2]
    state = play(state, 1, next(m for m in offered if m["calm"] == 2))
    assert [p["gold"] for p in state["players"]] == [0, 0, 1]


# ---- "each player" / "every player" ----

def test_benjen_stark_killed_shuffles_every_players_dead_pile_in_melee():
    state = blank_melee(3)
    benjen = place(state, 0, "benjen-stark")
    for p in state["players"]:
        p["dead"] = ["shae"]
    state = start(state, {"op": "kill", "uid": benjen, "stage": 1})
    bury(state)  # the end of the window: Benjen leaves play, his passive runs (§4.2)
    state = settle(state)
    assert [p["dead"] for p in state["players"]] == [[], [], []]


def test_snowed_under_picks_a_knelt_card_of_every_player_in_melee():
    state = blank_melee(3, phase="standing")
    set_plot(state, 0, "snowed-under")
    knelt = [place(state, seat, "knight-of-the-tumblestone", knelt=True) for seat in range(3)]
    state = start(state, {"op": "standing"})
    assert [p["hand"] for p in state["players"]] == [["knight-of-the-tumblestone"]] * 3
    del knelt

