"""Card by card: the plots (those the worked examples do not already cover)."""

from __future__ import annotations

from domain.games.thrones.stats import income, strength
from tests.games.driver import moves, play, prompt

from .helpers import (
    LANNISTER,
    STARK,
    blank,
    challenges_for,
    give_gold,
    place,
    rec,
    set_plot,
    start,
)


def revealed(state: dict, seat: int, plot: str) -> dict:
    set_plot(state, seat, plot)
    return start(state, {"op": "when_revealed"})


def test_counting_favors_both_players_draw_3():
    state = blank(phase="plot")
    for p in state["players"]:
        p["deck"] = ["great-keep"] * 4
    state = revealed(state, STARK, "counting-favors")
    assert [len(p["hand"]) for p in state["players"]] == [3, 3]


def test_valar_morghulis_kills_every_character():
    state = blank(phase="plot")
    place(state, STARK, "stark-guard")
    place(state, LANNISTER, "shae")
    keep = place(state, LANNISTER, "the-goldroad")
    state = revealed(state, STARK, "valar-morghulis")
    assert [c["uid"] for c in state["play"]] == [keep]
    assert state["players"][STARK]["dead"] == ["stark-guard"]


def test_wildfire_assault_each_keeps_3_characters_and_the_rest_die_without_save():
    state = blank(phase="plot")
    mine = [place(state, LANNISTER, c) for c in ("shae", "tyrion-lannister", "bronn",
                                                  "lannisport-steward")]
    theirs = [place(state, STARK, c) for c in ("stark-guard", "robb-stark")]
    state = revealed(state, LANNISTER, "wildfire-assault")
    assert prompt(state).seat == LANNISTER  # the owner first; Stark keeps both unasked
    state = play(state, None, *({"kind": "choose", "card": u} for u in mine[:3]))
    assert sorted(c["uid"] for c in state["play"]) == sorted(mine[:3] + theirs)
    assert state["players"][LANNISTER]["dead"] == ["lannisport-steward"]


def test_fleeing_to_the_wall_keeps_up_to_3_locations_and_discards_the_rest():
    state = blank(phase="plot")
    places = [place(state, STARK, "great-keep") for _ in range(4)]
    state = revealed(state, STARK, "fleeing-to-the-wall")
    state = play(state, None, {"kind": "choose", "card": places[0]}, {"kind": "done"})
    assert [c["uid"] for c in state["play"]] == [places[0]]
    assert state["players"][STARK]["discard"] == ["great-keep"] * 3


def test_condemned_by_the_realm_the_opponent_kills_one_of_your_characters():
    state = blank(phase="plot")
    mine = [place(state, LANNISTER, c) for c in ("shae", "lannisport-steward")]
    state = revealed(state, LANNISTER, "condemned-by-the-realm")
    assert prompt(state).seat == STARK
    assert {m["card"] for m in moves(state)} == set(mine)
    state = play(state, None, {"kind": "choose", "card": mine[0]})  # Lannister, with no card,
    assert state["players"][LANNISTER]["dead"] == ["shae"]  # is not asked to save it


def test_good_for_the_gander_copies_the_opponents_when_revealed():
    state = blank(phase="plot")
    for p in state["players"]:
        p["deck"] = ["great-keep"] * 6
    set_plot(state, LANNISTER, "counting-favors")
    state = revealed(state, STARK, "good-for-the-gander")
    state = play(state, None, {"kind": "reveal_order", "first": STARK})  # both have one (D6)
    assert [len(p["hand"]) for p in state["players"]] == [6, 6]  # twice: 3 + 3 each


def test_blockade_and_rains_of_autumn_cut_income():
    state = blank()
    set_plot(state, STARK, "blockade")
    set_plot(state, LANNISTER, "the-power-of-blood")
    place(state, LANNISTER, "lannisport-steward")
    assert income(state, LANNISTER) == 2  # plot income 0, the Steward's 2
    set_plot(state, STARK, "rains-of-autumn")
    assert income(state, LANNISTER) == 4 and income(state, STARK) == 4


def test_noose_and_swordpoint_keeps_characters_of_str_2_or_less_knelt():
    state = blank(phase="standing")
    set_plot(state, LANNISTER, "noose-and-swordpoint")
    weak = place(state, STARK, "stark-guard", knelt=True)
    strong = place(state, STARK, "robb-stark", knelt=True)  # STR 2 too
    big = place(state, STARK, "war-host-of-the-north", knelt=True)
    state = start(state, {"op": "standing"})
    assert rec(state, weak)["knelt"] and rec(state, strong)["knelt"]
    assert not rec(state, big)["knelt"]


def test_herding_the_masses_only_unique_characters_defend():
    state = blank(first=LANNISTER)
    set_plot(state, LANNISTER, "herding-the-masses")
    hound = place(state, LANNISTER, "the-hound-box")
    guard = place(state, STARK, "stark-guard")
    robb = place(state, STARK, "robb-stark")
    state = challenges_for(state, LANNISTER)
    state = play(state, None, {"kind": "challenge", "type": "military"},
                 {"kind": "attacker", "card": hound})
    assert [m.get("card") for m in moves(state)] == [robb, None]
    del guard


def test_uneasy_truce_a_military_challenge_costs_2_gold_to_the_defender():
    state = blank(first=LANNISTER)
    set_plot(state, STARK, "uneasy-truce")
    hound = place(state, LANNISTER, "the-hound-box")
    tyrion = place(state, LANNISTER, "tyrion-lannister")
    state = challenges_for(state, LANNISTER)
    assert {"kind": "challenge", "type": "military"} not in moves(state)
    state = blank(first=LANNISTER)
    set_plot(state, STARK, "uneasy-truce")
    hound = place(state, LANNISTER, "the-hound-box")
    give_gold(state, LANNISTER, 2)
    state = challenges_for(state, LANNISTER)
    state = play(state, None, {"kind": "challenge", "type": "military"})
    assert state["players"][STARK]["gold"] == 2 and state["players"][LANNISTER]["gold"] == 0
    del tyrion, hound


def test_calm_over_westeros_an_event_costs_1_gold_to_the_opponent():
    state = blank(first=LANNISTER, phase="dominance")
    set_plot(state, STARK, "calm-over-westeros")
    target = place(state, STARK, "robb-stark")
    state["players"][LANNISTER]["hand"] = ["the-lions-will"]
    give_gold(state, LANNISTER, 2)
    state = start(state, {"op": "plot_window"})
    assert moves(state, LANNISTER) == [{"kind": "pass"}]  # 2 gold: not the 3 it needs
    give_gold(state, LANNISTER, 1)
    state = start(state, {"op": "plot_window"})
    state = play(state, LANNISTER,
                 next(m for m in moves(state, LANNISTER) if m.get("target") == target))
    assert state["players"][STARK]["gold"] == 1 and rec(state, target)["knelt"]


def test_constant_plots_change_strength_while_revealed():
    state = blank()
    war = place(state, STARK, "knight-of-the-tumblestone")  # War crest, STR 2
    guard = place(state, STARK, "stark-guard")  # military only, STR 2
    set_plot(state, STARK, "the-power-of-arms")
    assert strength(state, rec(state, war)) == 4
    set_plot(state, LANNISTER, "hear-me-roar")
    assert strength(state, rec(state, guard)) == 1
    set_plot(state, STARK, "holding-the-trident")
    place(state, LANNISTER, "shae")
    place(state, LANNISTER, "bronn")
    place(state, LANNISTER, "tyrion-lannister")
    assert strength(state, rec(state, guard)) == 3  # 2 - 1 + 2
    set_plot(state, STARK, "power-and-wealth")
    place(state, STARK, "summer", host=guard)
    assert strength(state, rec(state, guard)) == 2 - 1 + 2 + 1


def test_golden_tooth_mines_draws_1_whenever_its_owner_reveals_a_plot():
    state = blank(phase="plot")
    place(state, LANNISTER, "golden-tooth-mines")
    state["players"][LANNISTER]["deck"] = ["shae"]
    for p, plot in zip(state["players"], ("snowed-under", "blockade"), strict=True):
        p["choice"], p["revealed"] = plot, None
    state = start(state, {"op": "reveal_plots"})
    assert state["players"][LANNISTER]["hand"] == ["shae"]


def test_planning_ahead_skips_taxation():
    state = blank(phase="taxation")
    set_plot(state, LANNISTER, "planning-ahead")
    give_gold(state, LANNISTER, 3)
    give_gold(state, STARK, 2)
    state = start(state, {"op": "taxation"})
    assert [p["gold"] for p in state["players"]] == [0, 3]
