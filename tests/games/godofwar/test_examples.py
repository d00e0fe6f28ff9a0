"""The rulebook's worked examples, GOW-EX-1..8 (digest §5), each as a scenario on our content.
Where an example cannot be laid out exactly on the authored scenes, the test says how it is
placed (the rules checked are the example's)."""

from __future__ import annotations

from collections import Counter

import pytest

from domain.kernel import IllegalMove
from tests.games.driver import play, position, prompt, settle

from .helpers import activation, enemy_wounds, roll, scene_activation, started, with_frame

FOUR = ["kratos", "brok-and-sindri", "freya", "atreus"]


def test_gow_ex_1_a_hero_moves_to_any_column_with_a_free_space_once_a_turn():
    state = position("godofwar", seats=4, activation=0,
                     heroes=["Kratos", "Brok & Sindri", "Freya", "Atreus"],
                     tiles={"Kratos": {"column": 1}, "Sindri": {"column": 1, "back": True},
                            "Freya": {"column": 2}, "Brok": {"column": 2, "back": True},
                            "Atreus": {"column": 4}})
    moves = [m for m in prompt(state).legal_moves if m["kind"] in ("move", "swap")
             and m["tile"] == "kratos"]
    assert {m["column"] for m in moves if m["kind"] == "move"} == {3, 4}  # 1 and 2 are full
    assert {"kind": "swap", "tile": "kratos"} in moves  # the other way to use the move
    state = play(state, 0, {"kind": "move", "tile": "kratos", "column": 4, "space": "front"})
    heroes = state["heroes"]
    assert (heroes["kratos"]["column"], heroes["kratos"]["back"]) == (4, False)
    assert (heroes["atreus"]["column"], heroes["atreus"]["back"]) == (4, True)
    assert (heroes["sindri"]["column"], heroes["sindri"]["back"]) == (1, False)
    with pytest.raises(IllegalMove):
        play(state, 0, {"kind": "move", "tile": "kratos", "column": 3, "space": "front"})


def kratos_before_two_enemies(rage: int = 3):
    """Kratos alone in column 3 of The Travelers: the Revenant above (5 health), the Draugr
    Brute below; a ranged card with no number, a dual melee +1 / ranged +1 card, +3 and +2."""
    state = started(["kratos"], where={"kratos": (3, False)})
    state["players"][0]["hand"] = ["kratos-axe-throw", "kratos-focus-3", "kratos-axe-chop",
                                   "kratos-focus-2", "kratos-focus-1", "kratos-axe-swing"]
    state["heroes"]["kratos"]["rage"] = rage
    return activation(state, 0)


def attack(state, card, declared, numbers, target="s1-top-3"):
    state = play(state, 0, {"kind": "attack", "tile": "kratos", "card": card, "as": declared,
                           "target": target})
    for number in numbers:
        state = play(state, 0, {"kind": "add", "card": number})
    return play(state, 0, {"kind": "done"})


def test_gow_ex_2a_a_ranged_card_with_no_number_and_a_3_wounds_the_top_enemy_by_value_less_die():
    state = kratos_before_two_enemies()
    moves = prompt(state).legal_moves
    assert {"kind": "attack", "tile": "kratos", "card": "kratos-axe-throw", "as": "ranged",
            "target": "s1-top-3"} in moves  # ranged reaches the top card (GOW-R-4)
    state = roll(attack(state, "kratos-axe-throw", "ranged", ["kratos-focus-3"]), 2)
    assert enemy_wounds(state, "s1-top-3") == 1
    assert state["heroes"]["kratos"]["rage"] == 4
    assert {"kratos-axe-throw", "kratos-focus-3"} <= set(state["players"][0]["discard"])


@pytest.mark.parametrize(("die", "wounds"), [(0, 3), (1, 2)])
def test_gow_ex_2b_a_dual_card_declared_ranged_plus_2_wounds_by_3_less_the_die(die, wounds):
    # GOW-R-2: the example prints die 1 and 3 wounds; the rule (value − die) is followed.
    state = kratos_before_two_enemies()
    moves = prompt(state).legal_moves
    melee_targets = {m["target"] for m in moves if m["kind"] == "attack"
                     and m["card"] == "kratos-axe-chop" and m["as"] == "melee"}
    assert melee_targets == {"s1-bottom-3"}  # declared melee, the top card is out of reach
    state = roll(attack(state, "kratos-axe-chop", "ranged", ["kratos-focus-2"]), die)
    assert enemy_wounds(state, "s1-top-3") == wounds
    assert state["heroes"]["kratos"]["rage"] == 4


def test_gow_ex_3_a_full_rage_track_gives_spartan_rage_heal_3_and_3_more_wounds_next_attack():
    state = kratos_before_two_enemies(rage=3)
    state["heroes"]["kratos"]["wounds"] = 5
    state = roll(attack(state, "kratos-axe-throw", "ranged", ["kratos-focus-3"]), 2)
    state = roll(attack(state, "kratos-axe-chop", "ranged", ["kratos-focus-2"]), 1)
    assert state["heroes"]["kratos"]["rage"] == 5  # the last space
    state = play(state, 0, {"kind": "rage", "tile": "kratos"})
    assert state["heroes"]["kratos"]["wounds"] == 2 and state["heroes"]["kratos"]["rage"] == 0
    state = roll(attack(state, "kratos-axe-swing", "melee", ["kratos-focus-1"],
                        target="s1-bottom-3"), 2)
    assert enemy_wounds(state, "s1-bottom-3") == 4  # value 3, die 2: 1, plus 3
    assert "wounds" not in state["bonuses"]["kratos"]  # used up


def test_gow_ex_4_an_interaction_discards_its_cards_for_nothing_and_flips_the_card():
    state = started(["freya", "kratos"], quest="the-lake-of-nine",
                    where={"freya": (2, False), "kratos": (4, False)})
    state["players"][0]["hand"] = ["freya-staff-strike", "freya-warding-spell", "freya-will-1"]
    state["scene"]["s4-bottom-2"].update({"wounds": 1, "stun": 1, "storage": 1})
    state["heroes"]["freya"]["wounds"] = 3
    state = activation(state, 0)
    point = {"kind": "interact", "tile": "freya", "card": "s4-bottom-2", "point": "raise-bridge"}
    state = play(state, 0, point)
    state = play(state, 0, {"kind": "pay", "card": "freya-staff-strike", "as": "melee"})
    assert {"kind": "pay", "card": "freya-will-1", "as": "number"} not in prompt(
        state).legal_moves  # only the required cards are discarded (GOW-R-49)
    state = play(state, 0, {"kind": "pay", "card": "freya-warding-spell", "as": "defense"})
    state = play(state, 0, {"kind": "done"})
    assert state["players"][0]["hand"] == ["freya-will-1"]
    assert state["players"][0]["discard"] == ["freya-staff-strike", "freya-warding-spell"]
    assert state["heroes"]["freya"]["rage"] == 0  # no rage from interactions
    card = state["scene"]["s4-bottom-2"]
    assert (card["side"], card["wounds"], card["stun"], card["storage"]) == ("back", 1, 0, 0)
    assert state["heroes"]["freya"]["wounds"] == 1  # the new face's reward: heal 2 (GOW-R-29)


def test_gow_ex_5_a_rune_activates_the_top_row_first_then_the_bottom_row():
    # Uruz shows on exactly two status lines of The Travelers: the Revenant (top, column 3)
    # and the Draugr (bottom, column 1); the top row still goes first (GOW-R-22).
    state = started(["freya", "kratos"], where={"freya": (1, False), "kratos": (2, False)})
    state["players"][0]["hand"] = ["freya-warding-spell"]
    state["players"][1]["hand"] = ["kratos-guardian-shield"]
    state = scene_activation(state, 0, "spear-thrust-uruz")
    first = prompt(state)
    # The Revenant (ranged) hits the farthest hero from column 3: Freya in column 1.
    assert (first.kind, first.seat) == ("defend", 0)
    state = play(state, 0, {"kind": "no-defense"})
    second = prompt(state)
    # Then the Draugr (melee, its own column and the right): Freya again, then Kratos.
    assert (second.kind, second.seat) == ("defend", 0)
    assert state["revealed"] == ["spear-thrust-uruz"]  # stays for the upgrade phase


def test_gow_ex_6_enemy_attacks_defenses_and_a_knock_out():
    # Laid out mirrored on Alfheim's column 3 (our scenes pair a ranged 1 and a melee 2 under
    # one rune there): the Dark Elf Archer (ranged 1) above, the Dark Elf (melee 2, its own
    # column and the left) below. Sindri front of column 3, Freya front of column 2, Kratos
    # front of column 1, the farthest.
    heroes = ["brok-and-sindri", "freya", "kratos"]
    state = started(heroes, quest="alfheim", where={
        "sindri": (3, False), "brok": (4, False), "freya": (2, False), "kratos": (1, False)})
    state["heroes"]["sindri"]["wounds"] = 6  # 2 health left
    state["players"][0]["hand"] = []
    state["players"][1]["hand"] = ["freya-warding-spell", "freya-will-2"]
    state["players"][2]["hand"] = ["kratos-guardian-shield"]
    state = scene_activation(state, 0, "spear-thrust-uruz")
    assert prompt(state).seat == 2  # the archer aims at Kratos only
    state = play(state, 2, {"kind": "defend", "card": "kratos-guardian-shield"})
    assert state["heroes"]["kratos"]["wounds"] == 0
    assert prompt(state).seat == 1  # the melee attack: Freya (Sindri cannot defend)
    state = play(state, 1, {"kind": "defend", "card": "freya-warding-spell"})
    state = play(state, 1, {"kind": "add", "card": "freya-will-2"})
    state = play(state, 1, {"kind": "done"})
    sindri = state["heroes"]["sindri"]
    assert sindri["knocked_out"] and sindri["column"] is None and sindri["wounds"] == 8
    assert state["heroes"]["freya"]["wounds"] == 0
    assert not state["heroes"]["brok"]["knocked_out"]
    for seat in (1, 2):  # 0 wounds: no status card, no attack effect
        assert "stun" not in state["players"][seat]["deck"]
        assert "poison" not in state["players"][seat]["deck"]


def test_gow_ex_7_the_upgrade_phase_takes_removes_and_passes_the_first_player_token():
    heroes = ["freya", "kratos", "atreus", "brok-and-sindri"]
    state = started(heroes, first_seat=2)
    state["revealed"] = ["healing-stone-fehu", "might-4-fehu", "draupnir-throw-fehu",
                         "might-2-uruz", "frost-arrow-ansuz"]
    for card in state["revealed"]:
        state["upgrade_deck"].remove(card)
    deck_before = len(state["upgrade_deck"])
    for player in state["players"]:
        player["hand"] = player["deck"][:3]
        del player["deck"][:3]
    state = with_frame(state, {"op": "upgrade", "stage": "discard", "queue": [], "taken": []},
                       {"op": "end_round"})
    state = play(state, 2, {"kind": "take", "card": "draupnir-throw-fehu"})  # Atreus first
    assert all(p["hand"] == [] for p in state["players"])  # every hand discarded
    removed = state["players"][3]["discard"][0]
    state = play(state, 3, {"kind": "remove", "card": removed})
    state = play(state, 0, {"kind": "take", "card": "healing-stone-fehu"})
    state = play(state, 1, {"kind": "take", "card": "might-4-fehu"})
    state = settle(state)  # the two untaken shuffled under the upgrade deck
    # the next round has begun: each taker's first draw was the card taken
    assert [p["hand"][0] for p in state["players"][:3]] == [
        "healing-stone-fehu", "might-4-fehu", "draupnir-throw-fehu"]
    assert removed in state["boxed"]
    assert len(state["upgrade_deck"]) == deck_before + 2
    assert sorted(state["upgrade_deck"][:2]) == ["frost-arrow-ansuz", "might-2-uruz"]
    assert state["first_player"] == 3


def test_gow_ex_8_the_travelers_second_and_alfheims_poison_in_every_deck():
    state = started(["kratos", "freya", "atreus"], quest="helheim")
    state["campaign"]["quests"] = ["helheim", "alfheim", "the-travelers"]
    state["scene"]["s3-bottom-2"]["dead"] = True
    state = settle(with_frame(state, {"op": "quest_won"}))
    asked = prompt(state)
    assert asked.kind == "quest" and {m["id"] for m in asked.legal_moves} == {
        "alfheim", "the-travelers"}
    state = settle(play(state, 0, {"kind": "quest", "id": "the-travelers"}))
    assert state["campaign"]["current"] == "the-travelers"
    assert {c.split("-")[0] for c in state["scene"]} == {"s1"}
    assert all(Counter(p["deck"])["poison"] == 1 for p in state["players"])
    assert state["supply"]["poison"] == 10 - 3
    assert state["stage"] == "place"

