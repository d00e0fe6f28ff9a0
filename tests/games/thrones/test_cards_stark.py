"""Card by card: House Stark's cards and the neutral cards of the Stark deck (those the
worked examples do not already cover)."""

from __future__ import annotations

from domain.games.thrones.stats import keywords, strength
from tests.games.driver import moves, play, prompt

from .helpers import (
    LANNISTER,
    PASS,
    STARK,
    blank,
    challenges_for,
    give_gold,
    pass_windows,
    place,
    rec,
    set_plot,
    start,
    use_move,
    window,
)


def test_godswood_makes_the_next_stark_character_2_gold_cheaper_this_phase():
    state = blank(phase="marshalling")
    godswood = place(state, STARK, "godswood")
    give_gold(state, STARK, 2)
    state["players"][STARK]["hand"] = ["catelyn-stark"]  # 3 gold
    state = window(state, "marshalling", active=STARK)
    assert {"kind": "marshal", "card": "catelyn-stark", "host": ""} not in moves(state)
    state = play(state, None, use_move(state, STARK, "godswood")[0])
    assert rec(state, godswood)["knelt"]
    state = play(state, None, {"kind": "marshal", "card": "catelyn-stark", "host": ""})
    assert state["players"][STARK]["gold"] == 1 and state["reducers"] == []


def test_grey_wind_costs_2_less_while_robb_stark_is_in_play():
    state = blank(phase="marshalling")
    place(state, STARK, "robb-stark")
    give_gold(state, STARK, 2)
    state["players"][STARK]["hand"] = ["grey-wind"]
    state = play(window(state, "marshalling", active=STARK), None,
                 {"kind": "marshal", "card": "grey-wind", "host": ""})
    assert state["players"][STARK]["gold"] == 0


def test_robb_stark_kills_a_character_of_the_loser_after_a_military_win():
    state = blank(first=STARK)
    robb = place(state, STARK, "robb-stark")
    victims = [place(state, LANNISTER, c, knelt=True) for c in ("tyrion-lannister", "shae",
                                                                 "lannisport-steward")]
    set_plot(state, STARK, "planning-ahead")  # claim 1
    state = challenges_for(state, STARK)
    state = play(state, None, {"kind": "challenge", "type": "military"},
                 {"kind": "attacker", "card": robb},
                 {"kind": "kill", "card": victims[2]})  # Lannister's claim pick
    state = pass_windows(state) if prompt(state).seat != STARK else state
    kill = [m for m in use_move(state, STARK, "robb-stark")]
    assert {m["target"] for m in kill} == {victims[0], victims[1]}
    state = play(state, STARK, kill[0])
    assert len(state["players"][LANNISTER]["dead"]) == 2


def test_nymeria_saves_her_bearer_by_kneeling_and_gives_arya_stealth():
    state = blank(first=LANNISTER)
    arya = place(state, STARK, "arya-stark", knelt=True)
    nymeria = place(state, STARK, "nymeria", host=arya)
    assert strength(state, rec(state, arya)) == 3 and "Stealth" in keywords(state,
                                                                             rec(state, arya))
    hound = place(state, LANNISTER, "the-hound-box")
    set_plot(state, LANNISTER, "planning-ahead")
    state = challenges_for(state, LANNISTER)
    state = play(state, None, {"kind": "challenge", "type": "military"},
                 {"kind": "attacker", "card": hound})
    save = use_move(state, STARK, "nymeria")
    assert save
    state = play(state, STARK, save[0])
    assert rec(state, arya)["card"] == "arya-stark" and rec(state, nymeria)["knelt"]


def test_a_duplicate_is_discarded_to_save_its_character():
    state = blank(first=LANNISTER)
    eddard = place(state, STARK, "eddard-stark-box", knelt=True)
    rec(state, eddard)["dups"] = ["eddard-stark-box"]
    hound = place(state, LANNISTER, "the-hound-box")
    set_plot(state, LANNISTER, "planning-ahead")
    state = challenges_for(state, LANNISTER)
    state = play(state, None, {"kind": "challenge", "type": "military"},
                 {"kind": "attacker", "card": hound})
    state = play(state, STARK, {"kind": "save_duplicate", "card": eddard})
    assert rec(state, eddard)["dups"] == []
    assert state["players"][STARK]["discard"] == ["eddard-stark-box"]


def test_a_duplicate_is_played_for_free_onto_its_character():
    state = blank(phase="marshalling")
    eddard = place(state, STARK, "eddard-stark-box")
    state["players"][STARK]["hand"] = ["eddard-stark-box"]
    state = window(state, "marshalling", active=STARK)
    assert moves(state) == [{"kind": "duplicate", "card": "eddard-stark-box", "onto": eddard},
                            PASS]
    state = play(state, None, moves(state)[0])
    assert rec(state, eddard)["dups"] == ["eddard-stark-box"]


def test_lady_gives_sansa_1_str_and_renown_and_kennel_master_counts_direwolves():
    state = blank()
    sansa = place(state, STARK, "sansa-stark")
    place(state, STARK, "lady")
    master = place(state, STARK, "kennel-master")
    assert strength(state, rec(state, sansa)) == 3
    assert "Renown" in keywords(state, rec(state, sansa))
    assert strength(state, rec(state, master)) == 3  # 2 + Lady


def test_shaggydog_has_3_more_str_with_a_stark_lord():
    state = blank()
    dog = place(state, STARK, "shaggydog")
    assert strength(state, rec(state, dog)) == 1
    place(state, STARK, "robb-stark")
    assert strength(state, rec(state, dog)) == 4
    assert "Immune to events" in keywords(state, rec(state, dog))


def test_ser_rodrik_stays_standing_and_has_2_more_str_when_defending():
    state = blank(first=LANNISTER)
    hound = place(state, LANNISTER, "the-hound-box")
    rodrik = place(state, STARK, "ser-rodrik-cassel")
    state = challenges_for(state, LANNISTER)
    state = play(state, None, {"kind": "challenge", "type": "military"},
                 {"kind": "attacker", "card": hound}, {"kind": "defender", "card": rodrik})
    assert not rec(state, rodrik)["knelt"]
    assert state["players"][LANNISTER]["power"] == 0  # 3 against 4: Stark won


def test_hodor_is_never_an_attacker():
    state = blank(first=STARK)
    place(state, STARK, "hodor")
    state = challenges_for(state, STARK)
    assert state["pending"] == []  # no challenge could be declared: nothing was asked


def test_kings_in_the_north_gives_two_knelt_stark_characters_1_power_each():
    state = blank(first=STARK, phase="dominance")
    pair = [place(state, STARK, c) for c in ("robb-stark", "catelyn-stark")]
    state["players"][STARK]["hand"] = ["kings-in-the-north"]
    state = start(state, {"op": "dominance"})
    kings = use_move(state, STARK, "kings-in-the-north")
    assert [m["target"] for m in kings] == [f"{pair[0]},{pair[1]}"]
    state = play(state, STARK, kings[0])
    assert [rec(state, u)["power"] for u in pair] == [1, 1]
    assert all(rec(state, u)["knelt"] for u in pair)


def test_lethal_counterattack_kills_every_attacker_of_a_military_challenge():
    state = blank(first=LANNISTER)
    hound = place(state, LANNISTER, "the-hound-box")
    pair = [place(state, STARK, c, knelt=False) for c in ("robb-stark", "catelyn-stark")]
    state["players"][STARK]["hand"] = ["lethal-counterattack"]
    state = challenges_for(state, LANNISTER)
    state = play(state, None, {"kind": "challenge", "type": "military"},
                 {"kind": "attacker", "card": hound})
    state = play(state, STARK, use_move(state, STARK, "lethal-counterattack")[0])
    assert state["players"][LANNISTER]["discard"] == ["the-hound-box"]  # his replacement
    del pair


def test_winter_is_coming_adds_1_claim_for_stark_this_challenge():
    state = blank(first=STARK)
    set_plot(state, STARK, "planning-ahead")  # claim 1
    robb = place(state, STARK, "robb-stark")
    for card in ("lannisport-steward", "shae", "cerseis-attendant"):
        place(state, LANNISTER, card, knelt=True)
    state["players"][STARK]["hand"] = ["winter-is-coming"]
    state = challenges_for(state, STARK)
    state = play(state, None, {"kind": "challenge", "type": "military"},
                 {"kind": "attacker", "card": robb})
    state = play(state, STARK, use_move(state, STARK, "winter-is-coming")[0])
    state = pass_windows(state)
    assert prompt(state).kind == "military_claim" and "2 more" in prompt(state).text


def test_distraction_kneels_a_military_character_in_marshalling_only():
    state = blank(phase="marshalling")
    target = place(state, LANNISTER, "the-hound-box")
    state["players"][STARK]["hand"] = ["distraction"]
    state = window(state, "marshalling", active=LANNISTER)
    state = play(state, STARK, use_move(state, STARK, "distraction")[0])
    assert rec(state, target)["knelt"]


def test_distinct_mastery_stands_a_character_with_a_crest():
    state = blank(phase="dominance")
    robb = place(state, STARK, "robb-stark", knelt=True)  # Noble
    place(state, STARK, "stark-guard", knelt=True)  # no crest
    state["players"][STARK]["hand"] = ["distinct-mastery"]
    state = window(state, "dominance")
    assert [m["target"] for m in use_move(state, STARK, "distinct-mastery")] == [robb]
    state = play(state, STARK, use_move(state, STARK, "distinct-mastery")[0])
    assert not rec(state, robb)["knelt"]


def test_winterfell_gives_every_stark_character_you_control_1_str():
    state = blank()
    place(state, STARK, "winterfell-castle")
    guard = place(state, STARK, "stark-guard")
    theirs = place(state, LANNISTER, "lannisport-steward")
    assert strength(state, rec(state, guard)) == 3
    assert strength(state, rec(state, theirs)) == 2
