"""The rulings of a fight (README.md, "Rulings adopted (the round)"): the die, combinations,
rage, armor, the rage abilities, enemy attacks, defense, stun, flips and rewards."""

from __future__ import annotations

import pytest

from domain.games.godofwar import RULES
from domain.kernel import Chance, IllegalMove
from tests.games.driver import play, position, prompt

from .helpers import activation, empty_hands, enemy_wounds, roll, scene_activation, started

FEHU = "spear-thrust-fehu"  # an upgrade card of each rune, to reveal
URUZ = "spear-thrust-uruz"


def kratos_in(column: int, hand: list[str], quest: str = "the-travelers", rage: int = 0):
    """Solo Kratos's activation, standing below ``column`` with ``hand`` (card ids)."""
    return position("godofwar", seats=1, heroes=["Kratos"], quest=quest,
                    tiles={"Kratos": {"column": column, "rage": rage}}, hands=[list(hand)],
                    activation=0)


def attack(state, card, declared, target, numbers=(), tile="kratos", seat=0):
    state = play(state, seat, {"kind": "attack", "tile": tile, "card": card, "as": declared,
                              "target": target})
    for number in numbers:
        state = play(state, seat, {"kind": "add", "card": number})
    if isinstance(RULES.next(state), Chance):
        return state
    return play(state, seat, {"kind": "done"})


def test_gow_r_3_a_die_above_the_value_deals_no_wounds():
    state = kratos_in(3, ["kratos-guardian-shield", "kratos-axe-chop"])
    state = roll(attack(state, "kratos-axe-chop", "ranged", "s1-top-3"), 2)
    assert enemy_wounds(state, "s1-top-3") == 0


def test_gow_r_5_a_card_with_no_printed_number_needs_a_number_card():
    state = kratos_in(3, ["kratos-axe-throw"])
    assert not [m for m in prompt(state).legal_moves if m["kind"] == "attack"]
    state = kratos_in(3, ["kratos-axe-throw", "kratos-focus-1"])
    state = play(state, 0, {"kind": "attack", "tile": "kratos", "card": "kratos-axe-throw",
                           "as": "ranged", "target": "s1-top-3"})
    assert {"kind": "done"} not in prompt(state).legal_moves
    state = play(state, 0, {"kind": "add", "card": "kratos-focus-1"})
    assert {"kind": "done"} in prompt(state).legal_moves


def test_gow_r_6_nothing_is_added_once_the_attack_is_made():
    state = kratos_in(3, ["kratos-axe-chop", "kratos-focus-1"])
    state = attack(state, "kratos-axe-chop", "ranged", "s1-top-3")
    assert isinstance(RULES.next(state), Chance)  # waiting for the die, not for a card
    with pytest.raises(IllegalMove):
        play(state, 0, {"kind": "add", "card": "kratos-focus-1"})


def test_gow_r_7_and_r_8_one_rage_a_play_and_the_marker_stops_at_the_last_space():
    state = kratos_in(3, ["kratos-axe-swing", "kratos-axe-swing"], rage=3)
    state = roll(attack(state, "kratos-axe-swing", "melee", "s1-bottom-3"), 0)
    assert state["heroes"]["kratos"]["rage"] == 4  # an attack with a rage icon: +1 only
    state = roll(attack(state, "kratos-axe-swing", "melee", "s1-bottom-3"), 0)
    assert state["heroes"]["kratos"]["rage"] == 5
    assert {"kind": "rage", "tile": "kratos"} in prompt(state).legal_moves  # may wait


def test_gow_r_18_armor_breaks_from_the_highest_with_no_die_and_takes_no_wounds():
    # The Traveler (column 2) wears armor 5 and 3.
    state = kratos_in(2, ["kratos-axe-swing", "kratos-focus-2", "kratos-axe-swing",
                          "kratos-focus-3", "kratos-focus-1"])
    state = attack(state, "kratos-axe-swing", "melee", "s1-bottom-2", ["kratos-focus-2"])
    assert not isinstance(RULES.next(state), Chance)  # 4 < 5: nothing, and no die
    assert state["scene"]["s1-bottom-2"]["armor_broken"] == 0
    assert state["heroes"]["kratos"]["rage"] == 1  # the attempt still gives rage
    state = attack(state, "kratos-axe-swing", "melee", "s1-bottom-2",
                   ["kratos-focus-3", "kratos-focus-1"])
    card = state["scene"]["s1-bottom-2"]
    assert (card["armor_broken"], card["wounds"]) == (1, 0)  # 6 breaks the 5; no wounds


def test_gow_r_10_spartan_rage_wounds_come_after_the_die_and_lapse_a_round_later():
    state = kratos_in(3, ["kratos-axe-chop"], rage=5)
    state = play(state, 0, {"kind": "rage", "tile": "kratos"})
    state = roll(attack(state, "kratos-axe-chop", "ranged", "s1-top-3"), 2)
    assert enemy_wounds(state, "s1-top-3") == 3  # 1 − 2 is 0, plus 3
    state = kratos_in(3, [], rage=5)
    state = play(state, 0, {"kind": "rage", "tile": "kratos"})
    state = play(state, 0, {"kind": "end"})
    assert state["bonuses"]["kratos"]["wounds"] == 3  # still there for next round
    state["pending"] = [{"op": "act", "seat": 0, "moved": []}]
    state["round"] += 1
    state = play(state, 0, {"kind": "end"})
    assert "wounds" not in state["bonuses"]["kratos"]


def test_gow_r_11_a_freya_token_cancels_every_wound_and_its_status_card():
    state = position("godofwar", heroes=["Freya", "Kratos"], activation=0,
                     tiles={"Freya": {"column": 3, "rage": 5}, "Kratos": {"column": 1}})
    state = play(state, 0, {"kind": "rage", "tile": "freya"})
    state = play(state, 0, {"kind": "target", "target": "kratos"})
    assert state["heroes"]["kratos"]["freya_token"]
    state["players"][1]["hand"] = []
    state["scene"]["s1-bottom-1"]["dead"] = True
    state = scene_activation(state, 1, URUZ)  # the Revenant (poison) shoots Kratos
    assert prompt(state).kind == "freya-token"
    state = play(state, 1, {"kind": "freya", "spend": True})
    assert state["heroes"]["kratos"]["wounds"] == 0
    assert not state["heroes"]["kratos"]["freya_token"]
    assert "poison" not in state["players"][1]["deck"]


def test_gow_r_12_gear_up_adds_3_to_the_next_defense_even_without_a_card():
    state = position("godofwar", heroes=["Brok & Sindri", "Kratos"], activation=0,
                     tiles={"Brok": {"column": 1, "rage": 4}, "Sindri": {"column": 3},
                            "Kratos": {"column": 2}})
    state = play(state, 0, {"kind": "rage", "tile": "brok"})
    state = play(state, 0, {"kind": "target", "target": "brok"})
    state["players"][1]["hand"] = []
    state["scene"]["s1-bottom-1"]["dead"] = True
    state = scene_activation(state, 1, URUZ)  # the Revenant (ranged 2) hits Brok
    assert state["heroes"]["brok"]["wounds"] == 0
    assert "defense" not in state["bonuses"]["brok"]


def test_gow_r_19_thunderbird_wounds_with_no_die_and_not_through_armor():
    state = position("godofwar", heroes=["Atreus", "Kratos"], activation=0,
                     tiles={"Atreus": {"column": 3, "rage": 4}, "Kratos": {"column": 2}})
    state = play(state, 0, {"kind": "rage", "tile": "atreus"})
    state = play(state, 0, {"kind": "target", "target": "s1-top-3"})
    assert enemy_wounds(state, "s1-top-3") == 3 and state["heroes"]["atreus"]["rage"] == 0
    state["heroes"]["atreus"].update({"rage": 4, "column": 2})
    state["heroes"]["kratos"]["column"] = 4
    state = play(state, 0, {"kind": "rage", "tile": "atreus"})  # the Traveler, alone: armor
    assert enemy_wounds(state, "s1-bottom-2") == 0 and state["heroes"]["atreus"]["rage"] == 0


def test_gow_r_20_wounds_stay_through_a_death_flip_and_the_new_face_fights_on():
    state = kratos_in(3, ["kratos-axe-chop", "kratos-focus-3"])
    state["scene"]["s1-top-3"].update({"wounds": 3, "stun": 1})
    state = roll(attack(state, "kratos-axe-chop", "ranged", "s1-top-3", ["kratos-focus-3"]), 0)
    card = state["scene"]["s1-top-3"]  # the Revenant (5) dies into the Risen Revenant (8)
    assert (card["side"], card["wounds"], card["stun"], card["dead"]) == ("back", 7, 0, False)


def test_gow_r_21_a_flip_skips_a_card_not_on_its_expected_side():
    state = started(["freya", "kratos"], quest="the-lake-of-nine",
                    where={"freya": (2, False), "kratos": (4, False)})
    state["scene"]["s4-bottom-2"]["side"] = "back"
    from domain.games.godofwar.scene import flip_cards
    flip_cards(state, [["s4-bottom-2", "front"]], {"seat": 0, "hero": "freya"})
    assert state["scene"]["s4-bottom-2"]["side"] == "back"


def test_gow_r_24_a_stunned_enemy_loses_a_token_instead_of_attacking():
    state = empty_hands(started(["freya", "kratos"],
                                where={"freya": (1, False), "kratos": (2, False)}))
    state["scene"]["s1-top-3"]["stun"] = 2
    state = scene_activation(state, 0, URUZ)
    assert state["scene"]["s1-top-3"]["stun"] == 1
    assert state["heroes"]["freya"]["wounds"] == 2  # only the Draugr below hit her


def test_gow_r_27_wounds_from_a_box_cannot_be_defended():
    state = started(["freya", "kratos"], where={"freya": (2, False), "kratos": (4, False)})
    state["players"][0]["hand"] = ["freya-vanir-barrier"]
    state = scene_activation(state, 1, "spear-thrust-ansuz")  # the shrine's cold wind
    assert state["heroes"]["freya"]["wounds"] >= 1
    assert state["players"][0]["hand"] == ["freya-vanir-barrier"]


def test_gow_r_31_a_stun_card_stuns_even_at_0_wounds():
    state = position("godofwar", heroes=["Atreus", "Kratos"], hands=[["Shock Arrow"], []],
                     tiles={"Atreus": {"column": 3}, "Kratos": {"column": 1}}, activation=0)
    state = roll(attack(state, "atreus-shock-arrow", "ranged", "s1-top-3", tile="atreus"), 2)
    assert enemy_wounds(state, "s1-top-3") == 0 and state["scene"]["s1-top-3"]["stun"] == 1


def test_gow_r_48_an_attack_point_wounds_the_boss_on_its_health_track():
    state = started(["kratos"], quest="the-travelers", where={"kratos": (2, False)})
    from domain.games.godofwar.flow import start_scene
    start_scene(state, "hraezlyr")
    state["scene"]["s7-aux-1"]["armor_broken"] = 1
    state["players"][0]["hand"] = ["kratos-axe-swing", "kratos-focus-3"]
    state = activation(state, 0)
    state = roll(attack(state, "kratos-axe-swing", "melee", "s7-bottom-2",
                        ["kratos-focus-3"]), 1)
    assert enemy_wounds(state, "s7-aux-1") == 4 and enemy_wounds(state, "s7-bottom-2") == 0


def test_gow_r_49_a_once_only_point_cannot_be_used_twice():
    state = started(["kratos"], quest="the-travelers", where={"kratos": (4, False)})
    from domain.games.godofwar.flow import start_scene
    start_scene(state, "hraezlyr")
    state["players"][0]["hand"] = ["kratos-axe-swing", "kratos-fathers-resolve"] * 2
    state = activation(state, 0)
    point = {"kind": "interact", "tile": "kratos", "card": "s7-bottom-4", "point": "dig"}
    state = play(state, 0, point)
    state = play(state, 0, {"kind": "pay", "card": "kratos-axe-swing", "as": "melee"})
    state = play(state, 0, {"kind": "pay", "card": "kratos-fathers-resolve", "as": "special"})
    state = play(state, 0, {"kind": "done"})
    assert state["players"][0]["deck"][-1] == "destruction-crystal"
    assert point not in prompt(state).legal_moves
