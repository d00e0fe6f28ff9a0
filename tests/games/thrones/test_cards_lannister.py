"""Card by card: House Lannister's cards and the neutral cards of the Lannister deck (those
the worked examples do not already cover)."""

from __future__ import annotations

from domain.games.thrones.stats import keywords, strength
from tests.games.driver import chance, play, prompt

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
)


def until_offered(state: dict, seat: int, card: str) -> dict:
    """Pass the windows (and saves) until ``card`` may be used by ``seat``."""
    while not use_move(state, seat, card):
        assert prompt(state).kind == "window", prompt(state)
        state = play(state, None, PASS)
    return state


def stark_wins_military_against(state: dict, *lannister: str) -> tuple[dict, list[str]]:
    set_plot(state, STARK, "planning-ahead")  # claim 1
    attacker = place(state, STARK, "war-host-of-the-north")
    mine = [place(state, LANNISTER, c, knelt=True) for c in lannister]
    state = challenges_for(state, STARK)
    return play(state, None, {"kind": "challenge", "type": "military"},
                {"kind": "attacker", "card": attacker}), mine


def test_retreat_returns_a_killed_unique_character_to_hand():
    state = blank(first=STARK)
    state["players"][LANNISTER]["hand"] = ["retreat"]
    state, (tyrion,) = stark_wins_military_against(state, "tyrion-lannister")
    state = until_offered(state, LANNISTER, "retreat")
    state = play(state, LANNISTER, use_move(state, LANNISTER, "retreat")[0])
    assert state["players"][LANNISTER]["hand"] == ["tyrion-lannister"]
    assert state["players"][LANNISTER]["dead"] == []


def test_bodyguard_is_discarded_to_save_its_bearer():
    state = blank(first=STARK)
    tyrion = place(state, LANNISTER, "tyrion-lannister", knelt=True)
    place(state, LANNISTER, "bodyguard", host=tyrion)
    state, _ = stark_wins_military_against(state)
    state = until_offered(state, LANNISTER, "bodyguard")
    state = play(state, LANNISTER, use_move(state, LANNISTER, "bodyguard")[0])
    assert rec(state, tyrion)["card"] == "tyrion-lannister"
    assert state["players"][LANNISTER]["discard"] == ["bodyguard"]


def test_gilded_plate_costs_1_gold_to_save_its_bearer():
    state = blank(first=STARK)
    tyrion = place(state, LANNISTER, "tyrion-lannister", knelt=True)
    place(state, LANNISTER, "gilded-plate", host=tyrion)
    give_gold(state, LANNISTER, 1)
    state, _ = stark_wins_military_against(state)
    state = until_offered(state, LANNISTER, "gilded-plate")
    state = play(state, LANNISTER, use_move(state, LANNISTER, "gilded-plate")[0])
    assert rec(state, tyrion)["card"] == "tyrion-lannister"
    assert state["players"][LANNISTER]["gold"] == 0


def test_tyrion_pays_1_gold_to_draw_after_an_intrigue_win():
    state = blank(first=LANNISTER)
    tyrion = place(state, LANNISTER, "tyrion-lannister")
    give_gold(state, LANNISTER, 1)
    state["players"][LANNISTER]["deck"] = ["shae"]
    state["players"][STARK]["hand"] = ["great-keep"]
    state = challenges_for(state, LANNISTER)
    state = play(state, None, {"kind": "challenge", "type": "intrigue"},
                 {"kind": "attacker", "card": tyrion})
    state = pass_windows(state)
    state = chance(state, [0])  # the intrigue claim
    state = until_offered(state, LANNISTER, "tyrion-lannister")
    state = play(state, LANNISTER, use_move(state, LANNISTER, "tyrion-lannister")[0])
    assert state["players"][LANNISTER]["hand"] == ["shae"]
    assert state["players"][LANNISTER]["gold"] == 0


def test_ser_ilyn_payne_kneels_to_kill_a_character_of_str_2_or_less_in_marshalling():
    state = blank(first=LANNISTER, phase="marshalling")
    ilyn = place(state, LANNISTER, "ser-ilyn-payne")
    weak = place(state, STARK, "stark-guard")
    place(state, STARK, "robb-stark", knelt=True)  # STR 2 too
    strong = place(state, STARK, "war-host-of-the-north")
    state = start(state, {"op": "window", "mode": "action", "phase": "marshalling",
                          "seat": LANNISTER, "passes": 0, "active": LANNISTER})
    targets = {m["target"] for m in use_move(state, LANNISTER, "ser-ilyn-payne")}
    assert weak in targets and strong not in targets
    state = play(state, None, next(m for m in use_move(state, LANNISTER, "ser-ilyn-payne")
                                   if m["target"] == weak))
    state = pass_windows(state) if prompt(state).kind == "window" and "killed" in prompt(
        state).text else state
    assert rec(state, ilyn)["knelt"] and "stark-guard" in state["players"][STARK]["dead"]


def test_cersei_keeps_her_target_knelt_through_the_standing_phase():
    state = blank(first=LANNISTER, phase="dominance")
    place(state, LANNISTER, "cersei-lannister")
    target = place(state, STARK, "robb-stark")
    give_gold(state, LANNISTER, 2)
    state = start(state, {"op": "plot_window"})
    state = play(state, LANNISTER, next(m for m in use_move(state, LANNISTER, "cersei-lannister")
                                        if m["target"] == target))
    state = start(state, {"op": "standing"})
    assert rec(state, target)["knelt"]


def test_the_hound_makes_his_controller_discard_the_top_card_or_him_at_dominance():
    state = blank(phase="dominance")
    hound = place(state, LANNISTER, "the-hound-box")
    state["players"][LANNISTER]["deck"] = ["shae"]
    state = start(state, {"op": "dominance"})
    assert prompt(state).kind == "hound"
    state = play(state, None, {"kind": "hound", "discard": "deck"})
    assert state["players"][LANNISTER]["discard"] == ["shae"] and rec(state, hound)
    empty = blank(phase="dominance")
    place(empty, LANNISTER, "the-hound-box")
    empty = start(empty, {"op": "dominance"})
    assert empty["players"][LANNISTER]["discard"] == ["the-hound-box"]  # no deck: no choice


def test_hall_of_heroes_makes_the_next_lannister_character_2_cheaper():
    state = blank(first=LANNISTER, phase="marshalling")
    place(state, LANNISTER, "hall-of-heroes")
    give_gold(state, LANNISTER, 1)
    state["players"][LANNISTER]["hand"] = ["enemy-informer"]  # 3 gold
    state = start(state, {"op": "window", "mode": "action", "phase": "marshalling",
                          "seat": LANNISTER, "passes": 0, "active": LANNISTER})
    state = play(state, None, use_move(state, LANNISTER, "hall-of-heroes")[0])
    state = play(state, None, {"kind": "marshal", "card": "enemy-informer", "host": ""})
    assert state["players"][LANNISTER]["gold"] == 0


def test_enemy_informer_kneels_a_character_when_played():
    state = blank(first=LANNISTER, phase="marshalling")
    target = place(state, STARK, "robb-stark")
    give_gold(state, LANNISTER, 3)
    state["players"][LANNISTER]["hand"] = ["enemy-informer"]
    state = start(state, {"op": "window", "mode": "action", "phase": "marshalling",
                          "seat": LANNISTER, "passes": 0, "active": LANNISTER})
    state = play(state, None, {"kind": "marshal", "card": "enemy-informer", "host": ""})
    kneel = [m for m in use_move(state, LANNISTER, "enemy-informer") if m["target"] == target]
    state = play(state, None, kneel[0])
    assert rec(state, target)["knelt"]


def test_milk_of_the_poppy_blanks_its_bearers_text_and_keywords():
    state = blank()
    tyrion = place(state, LANNISTER, "tyrion-lannister")
    assert "Stealth" in keywords(state, rec(state, tyrion))
    place(state, STARK, "milk-of-the-poppy", host=tyrion)
    assert keywords(state, rec(state, tyrion)) == []


def test_lordship_gives_a_power_icon_and_4_str_in_dominance():
    state = blank(phase="marshalling")
    shae = place(state, LANNISTER, "shae")
    place(state, LANNISTER, "lordship", host=shae)
    assert strength(state, rec(state, shae)) == 1
    state["phase"] = "dominance"
    assert strength(state, rec(state, shae)) == 5


def test_joffrey_gains_power_when_a_lord_or_lady_is_killed():
    state = blank(first=LANNISTER)
    set_plot(state, LANNISTER, "planning-ahead")
    joffrey = place(state, LANNISTER, "joffrey-baratheon")
    hound = place(state, LANNISTER, "the-hound-box")
    place(state, STARK, "robb-stark", knelt=True)  # a Lord
    state = challenges_for(state, LANNISTER)
    state = play(state, None, {"kind": "challenge", "type": "military"},
                 {"kind": "attacker", "card": hound})
    state = until_offered(state, LANNISTER, "joffrey-baratheon")
    state = play(state, LANNISTER, use_move(state, LANNISTER, "joffrey-baratheon")[0])
    assert rec(state, joffrey)["power"] == 1


def test_bodyguard_also_saves_its_bearer_from_being_discarded_by_varys():
    state = blank(phase="marshalling")
    hound = place(state, LANNISTER, "the-hound-box")  # an Ally
    place(state, LANNISTER, "bodyguard", host=hound)
    give_gold(state, LANNISTER, 3)
    state["players"][LANNISTER]["hand"] = ["varys-box"]
    state = start(state, {"op": "window", "mode": "action", "phase": "marshalling",
                          "seat": LANNISTER, "passes": 0, "active": LANNISTER})
    state = play(state, None, {"kind": "marshal", "card": "varys-box", "host": ""},
                 {"kind": "discard", "card": hound})
    assert "would be discarded" in prompt(state).text
    state = play(state, None, use_move(state, LANNISTER, "bodyguard")[0])
    assert rec(state, hound)["card"] == "the-hound-box"
    assert state["players"][LANNISTER]["discard"] == ["bodyguard"]
