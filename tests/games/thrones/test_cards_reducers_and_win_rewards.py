"""Cards that lower costs, attachments with host rules, rewards for winning a challenge, and
the kneel-and-kill cards played nowhere else."""

from __future__ import annotations

import pytest

from domain.games.thrones.stats import keywords, strength
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
    use_move,
)


def marshal_window(state: dict, seat: int) -> dict:
    return start(state, {"op": "window", "mode": "action", "phase": "marshalling",
                         "seat": seat, "passes": 0, "active": seat})


@pytest.mark.parametrize(("reducer", "seat", "card", "cost", "saved"), [
    ("house-tully-recruiter", STARK, "catelyn-stark", 3, 1),
    ("northern-fiefdoms", STARK, "summer", 1, 1),  # any House Stark card
    ("street-of-steel", STARK, "stark-guard", 2, 1),  # a military character
    ("shadowblack-lane", LANNISTER, "shae", 2, 1),  # an intrigue character
    ("western-fiefdoms", LANNISTER, "lordship", 1, 0),  # lordship is neutral: no discount
    ("sunset-sea", LANNISTER, "enemy-informer", 3, 2),
])
def test_a_cost_reducer_lowers_the_next_matching_card_this_phase(reducer, seat, card, cost,
                                                                  saved):
    state = blank(first=seat, phase="marshalling")
    source = place(state, seat, reducer)
    host = place(state, seat, "stark-guard" if seat == STARK else "lannisport-steward")
    give_gold(state, seat, cost)
    state["players"][seat]["hand"] = [card]
    state = marshal_window(state, seat)
    state = play(state, None, use_move(state, seat, reducer)[0])
    marshal = next(m for m in moves(state) if m.get("card") == card and m["kind"] == "marshal"
                and m["host"] in ("", host))
    state = play(state, None, marshal)
    assert state["players"][seat]["gold"] == saved
    if reducer == "sunset-sea":
        assert state["players"][seat]["discard"] == ["sunset-sea"]
    else:
        assert rec(state, source)["knelt"]


def test_gutter_rats_cunning_gives_2_str_and_stealth():
    state = blank()
    steward = place(state, LANNISTER, "lannisport-steward")
    place(state, LANNISTER, "gutter-rats-cunning", host=steward)
    assert strength(state, rec(state, steward)) == 4
    assert "Stealth" in keywords(state, rec(state, steward))


def test_hand_of_the_king_goes_only_on_a_lord_or_lady_and_gives_2_str_and_power():
    state = blank(phase="marshalling")
    eddard = place(state, STARK, "eddard-stark-box")  # a Lord
    guard = place(state, STARK, "stark-guard")
    give_gold(state, STARK, 2)
    state["players"][STARK]["hand"] = ["hand-of-the-king-attachment"]
    state = marshal_window(state, STARK)
    hosts = {m["host"] for m in moves(state) if m["kind"] == "marshal"}
    assert hosts == {eddard}
    state = play(state, None, {"kind": "marshal", "card": "hand-of-the-king-attachment",
                               "host": eddard})
    assert strength(state, rec(state, eddard)) == 5
    del guard


def intrigue_win(attacker: str, hand: list[str] | None = None,
                 gold: int = 0) -> tuple[dict, str]:
    state = blank(first=LANNISTER)
    uid = place(state, LANNISTER, attacker)
    give_gold(state, LANNISTER, gold)
    state["players"][LANNISTER]["deck"] = ["shae", "bronn", "cersei-lannister"]
    state["players"][STARK]["hand"] = hand or []
    state = challenges_for(state, LANNISTER)
    state = play(state, None, {"kind": "challenge", "type": "intrigue"},
                 {"kind": "attacker", "card": uid})
    if prompt(state).kind == "stealth":
        state = play(state, None, {"kind": "skip"})
    return state, uid


def test_qyburns_informers_draw_2_after_winning_an_intrigue_challenge_they_took_part_in():
    state, _ = intrigue_win("qyburns-informers")
    state = play(state, LANNISTER, use_move(state, LANNISTER, "qyburns-informers")[0])
    assert len(state["players"][LANNISTER]["hand"]) == 2


def test_lannisport_pays_1_gold_for_1_power_after_an_intrigue_win():
    state = blank(first=LANNISTER)
    place(state, LANNISTER, "lannisport")
    attacker = place(state, LANNISTER, "shae")
    give_gold(state, LANNISTER, 1)
    state = challenges_for(state, LANNISTER)
    state = play(state, None, {"kind": "challenge", "type": "intrigue"},
                 {"kind": "attacker", "card": attacker})
    power = state["players"][LANNISTER]["power"]  # 1, unopposed
    state = play(state, LANNISTER, use_move(state, LANNISTER, "lannisport")[0])
    assert state["players"][LANNISTER]["power"] == power + 1
    assert state["players"][LANNISTER]["gold"] == 0


def test_chella_returns_a_location_after_a_win_with_a_clansman():
    state = blank(first=LANNISTER)
    chella = place(state, LANNISTER, "chella-daughter-of-cheyk")  # a Clansman
    keep = place(state, STARK, "winterfell-castle")  # 3 gold
    give_gold(state, LANNISTER, 3)
    state = challenges_for(state, LANNISTER)
    state = play(state, None, {"kind": "challenge", "type": "military"},
                 {"kind": "attacker", "card": chella})
    bounce = next(m for m in use_move(state, LANNISTER, "chella-daughter-of-cheyk")
                  if m["target"] == keep)
    state = play(state, LANNISTER, bounce)
    assert state["players"][STARK]["hand"] == ["winterfell-castle"]
    assert state["players"][LANNISTER]["gold"] == 0


def test_youve_killed_the_wrong_dwarf_kneels_a_non_noble_that_then_gains_1_power():
    state = blank(first=LANNISTER, phase="dominance")
    guard = place(state, STARK, "stark-guard")
    place(state, STARK, "robb-stark")  # Noble: not a target
    state["players"][LANNISTER]["hand"] = ["youve-killed-the-wrong-dwarf"]
    state = start(state, {"op": "plot_window"})
    offered = use_move(state, LANNISTER, "youve-killed-the-wrong-dwarf")
    assert [m["target"] for m in offered] == [guard]
    state = play(state, LANNISTER, offered[0])
    assert rec(state, guard)["knelt"] and rec(state, guard)["power"] == 1


def test_shae_kneels_a_character_whose_controller_has_more_power():
    state = blank(first=LANNISTER)
    shae = place(state, LANNISTER, "shae")
    robb = place(state, STARK, "robb-stark")
    state = start(state, {"op": "window", "mode": "action", "phase": "challenges",
                          "seat": LANNISTER, "passes": 0, "active": None})
    assert not use_move(state, LANNISTER, "shae")  # equal power
    state = blank(first=LANNISTER)
    shae = place(state, LANNISTER, "shae")
    robb = place(state, STARK, "robb-stark")
    state["players"][STARK]["power"] = 1
    state = start(state, {"op": "window", "mode": "action", "phase": "challenges",
                          "seat": LANNISTER, "passes": 0, "active": None})
    state = play(state, LANNISTER, use_move(state, LANNISTER, "shae")[0])
    assert rec(state, robb)["knelt"] and rec(state, shae)["knelt"]


def test_cerseis_attendant_kneels_a_character_when_an_attendant_is_killed():
    state = blank(first=STARK)
    set_plot(state, STARK, "mutual-enemies")  # claim 2
    host = place(state, STARK, "war-host-of-the-north")
    place(state, LANNISTER, "cerseis-attendant", knelt=True)
    survivor = place(state, LANNISTER, "cerseis-attendant", knelt=True)
    place(state, LANNISTER, "cersei-lannister", knelt=True)
    target = place(state, STARK, "stark-guard")
    state = challenges_for(state, STARK)
    state = play(state, None, {"kind": "challenge", "type": "military"},
                 {"kind": "attacker", "card": host}, {"kind": "done"})
    state = play(state, LANNISTER, {"kind": "kill", "card": state["play"][1]["uid"]},
                 {"kind": "kill", "card": state["play"][3]["uid"]})
    kneel = next(m for m in use_move(state, LANNISTER, "cerseis-attendant")
                 if m["target"] == target)
    state = play(state, LANNISTER, kneel)
    assert rec(state, target)["knelt"]
    del survivor


def test_summoning_season_both_search_for_a_character():
    state = blank(phase="plot")
    set_plot(state, LANNISTER, "summoning-season")
    state["players"][LANNISTER]["deck"] = ["shae", "the-goldroad"]
    state = start(state, {"op": "when_revealed"})
    assert prompt(state).seat == LANNISTER
    assert moves(state) == [{"kind": "take", "card": "shae"}, {"kind": "none"}]


@pytest.mark.parametrize("plot", ["mutual-cause", "mutual-enemies", "mutual-blackmail"])
def test_the_mutual_plots_do_nothing_with_one_opponent(plot):
    state = blank(phase="plot")
    set_plot(state, STARK, plot)
    place(state, STARK, "stark-guard")
    state = start(state, {"op": "when_revealed"})
    assert state["pending"] == [] and state["notes"] == []


def test_the_lannisport_honor_guard_is_given_to_the_opponent_from_hand():
    state = blank(first=LANNISTER)
    state["players"][LANNISTER]["hand"] = ["lannisport-honor-guard"]
    state = start(state, {"op": "window", "mode": "action", "phase": "challenges",
                          "seat": LANNISTER, "passes": 0, "active": None})
    state = play(state, LANNISTER, use_move(state, LANNISTER, "lannisport-honor-guard")[0])
    guard = state["play"][0]
    assert (guard["owner"], guard["controller"]) == (LANNISTER, STARK)


def test_queen_cerseis_chambers_may_go_on_the_house_card():
    state = blank(phase="marshalling")
    give_gold(state, LANNISTER, 1)
    state["players"][LANNISTER]["hand"] = ["queen-cerseis-chambers"]
    state = marshal_window(state, LANNISTER)
    state = play(state, None,
                 {"kind": "marshal", "card": "queen-cerseis-chambers", "host": "house"})
    assert state["play"][0]["host"] == "house"


def test_no_attachments_keeps_attachments_off_and_stark_only_needs_a_stark_host():
    state = blank(phase="marshalling")
    pup = place(state, STARK, "direwolf-pup")  # No attachments
    jon = place(state, STARK, "jon-snow-box")  # No attachments except Weapon
    robb = place(state, STARK, "robb-stark")
    give_gold(state, STARK, 9)
    state["players"][STARK]["hand"] = ["summer", "ice"]
    state = marshal_window(state, STARK)
    hosts = {(m["card"], m["host"]) for m in moves(state) if m["kind"] == "marshal"}
    assert ("summer", pup) not in hosts and ("summer", jon) not in hosts
    assert ("summer", robb) in hosts and ("ice", robb) in hosts
    # Ice is a Weapon, which Jon's "except Weapon" allows, but "Stark character only" does
    # not: the box's Jon Snow is neutral (GOT-R-42).
    assert ("ice", jon) not in hosts


def test_lurkers_at_harrenhal_attack_with_stealth_and_deadly():
    state = blank()
    lurkers = place(state, LANNISTER, "lurkers-at-harrenhal")
    assert {"Stealth", "Deadly"} <= set(keywords(state, rec(state, lurkers)))
