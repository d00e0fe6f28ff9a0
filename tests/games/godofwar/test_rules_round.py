"""The rulings of the round (README.md, "Rulings adopted (the round)"): drawing and status
cards, Mimir, the brothers, special cards in others' turns, rewards, quests won and lost,
bosses, solo companions, and what each seat sees."""

from __future__ import annotations

from collections import Counter

from domain.games.godofwar import RULES
from domain.kernel import Chance, Over
from tests.games.driver import play, position, prompt, settle

from .helpers import activation, empty_hands, scene_activation, started, with_frame

URUZ = "spear-thrust-uruz"
HOLD = {"op": "act", "seat": 1, "moved": []}  # a frame that waits, so no new round begins


def test_gow_r_13_the_brothers_player_chooses_who_takes_a_status_card_wound():
    state = empty_hands(started(["brok-and-sindri", "kratos"], where={
        "brok": (1, False), "sindri": (3, False), "kratos": (2, False)}))
    state["players"][0]["deck"].append("poison")
    state = with_frame(state, {"op": "draw", "seat": 0, "n": 1}, HOLD)
    asked = prompt(state)
    assert asked.kind == "wounded-brother" and asked.seat == 0
    state = play(state, 0, {"kind": "brother", "tile": "sindri"})
    assert state["heroes"]["sindri"]["wounds"] == 1 and state["heroes"]["brok"]["wounds"] == 0
    assert len(state["players"][0]["hand"]) == 1  # poison: a replacement is drawn (p.10)


def mimir_party():
    return started(["kratos", "mimir"], where={"kratos": (3, False)})


def test_gow_r_14_mimirs_player_picks_a_carrier_at_the_start_of_each_round():
    state = with_frame(mimir_party(), {"op": "carrier"})
    asked = prompt(state)
    assert (asked.seat, asked.kind) == (1, "carrier")
    assert asked.legal_moves == [{"kind": "carrier", "tile": "kratos"}]


def test_gow_r_15_mimir_interacts_during_his_carriers_activation():
    state = started(["kratos", "mimir"], quest="the-travelers", where={"kratos": (2, False)})
    state["carrier"] = "kratos"
    state["players"][1]["hand"] = ["mimir-old-lore"]
    state["players"][0]["hand"] = []
    state = activation(state, 0)
    step = RULES.next(state)
    mimir = step.prompt_for(1)
    assert mimir is not None and {"kind": "interact", "tile": "mimir", "card": "s1-top-2",
                                  "point": "pray"} in mimir.legal_moves
    state = play(state, 1, {"kind": "interact", "tile": "mimir", "card": "s1-top-2",
                           "point": "pray"})
    state = play(state, 1, {"kind": "pay", "card": "mimir-old-lore", "as": "special"})
    state = play(state, 1, {"kind": "done"})
    assert state["players"][1]["discard"] == ["mimir-old-lore"]
    assert prompt(state).kind == "act"  # the carrier's activation goes on


def test_gow_r_16_mimir_may_take_an_attack_aimed_at_his_carrier_and_defend_it():
    state = started(["kratos", "mimir"], where={"kratos": (1, False)})
    state["carrier"] = "kratos"
    state["scene"]["s1-bottom-1"]["dead"] = True
    state["players"][1]["hand"] = ["mimir-duck"]
    state = scene_activation(state, 0, URUZ)  # the Revenant (ranged 2) at Kratos
    assert prompt(state).kind == "mimir"
    state = play(state, 1, {"kind": "mimir", "take": True})
    state = play(state, 1, {"kind": "defend", "card": "mimir-duck"})
    assert state["heroes"]["mimir"]["wounds"] == 1 and state["heroes"]["kratos"]["wounds"] == 0


def test_gow_r_17_mimir_alone_in_the_scene_loses_the_game():
    state = started(["kratos", "mimir"], where={"kratos": (1, False)})
    state["heroes"]["kratos"]["wounds"] = 15
    state["carrier"] = "kratos"
    state["scene"]["s1-bottom-1"]["dead"] = True
    state["players"][0]["hand"] = []
    state = scene_activation(state, 0, URUZ)
    state = play(state, 1, {"kind": "mimir", "take": False})
    step = RULES.next(state)
    assert isinstance(step, Over) and step.shared == "loss" and step.winners == []


def test_gow_r_28_another_player_plays_a_special_card_during_an_activation():
    state = position("godofwar", heroes=["Kratos", "Freya"], hands=[[], ["Healing Charm"]],
                     tiles={"Kratos": {"column": 1, "wounds": 5}, "Freya": {"column": 2}},
                     activation=0)
    special = RULES.next(state).prompt_for(1)
    assert special is not None and special.kind == "special"
    state = play(state, 1, special.legal_moves[0])
    if prompt(state).kind == "target":
        state = play(state, 1, {"kind": "target", "target": "kratos"})
    assert state["heroes"]["kratos"]["wounds"] < 5
    assert state["players"][1]["discard"] == ["freya-healing-charm"]


def test_gow_r_29_a_rune_flip_rewards_the_hero_of_the_active_player():
    state = position("godofwar", heroes=["Kratos", "Freya"],
                     tiles={"Kratos": {"column": 1}, "Freya": {"column": 4}},
                     hands=[["Returning Chop", "Focus"], []],
                     enemies={"s1-top-1": {"wounds": 3}}, activation=0)
    state = play(state, 0, {"kind": "attack", "tile": "kratos", "card": "kratos-axe-chop",
                           "as": "ranged", "target": "s1-top-1"})
    state = play(state, 0, {"kind": "done"})
    state = RULES.apply_chance(state, 0)  # the archer dies: the Looted Quiver's crystal
    assert state["players"][0]["deck"][-1] == "destruction-crystal"


def test_gow_r_30_a_drawn_stun_card_wounds_and_is_not_replaced():
    state = started(["kratos", "freya"], where={"kratos": (1, False), "freya": (2, False)})
    state["players"][0]["hand"] = []
    state["players"][0]["deck"].append("stun")
    state = with_frame(state, {"op": "draw", "seat": 0, "n": 3}, HOLD)
    player = state["players"][0]
    assert len(player["hand"]) == 2 and player["discard"] == ["stun"]
    assert state["heroes"]["kratos"]["wounds"] == 1


def test_gow_r_32_and_r_33_preparation_draws_to_the_limit_reshuffling_when_out():
    state = started(["kratos", "freya"], where={"kratos": (1, False), "freya": (2, False)})
    player = state["players"][0]
    player["discard"], player["deck"] = player["deck"][:10], player["deck"][10:]
    player["hand_limit"] = 8  # a +1 hand-limit token (p.13)
    state = with_frame(state, {"op": "prepare"}, HOLD)
    assert isinstance(RULES.next(state), Chance)  # 4 drawn, then the discard is shuffled
    state = settle(state)
    assert len(state["players"][0]["hand"]) == 8 and state["players"][0]["discard"] == []


def test_gow_r_34_a_knocked_out_heros_player_draws_nothing():
    state = empty_hands(started(["kratos", "freya"], where={"kratos": (1, False)}))
    state["heroes"]["freya"]["knocked_out"] = True
    state = with_frame(state, {"op": "prepare"}, HOLD)
    assert state["players"][1]["hand"] == [] and len(state["players"][0]["hand"]) == 7


def test_gow_r_36_an_empty_upgrade_deck_abandons_the_game():
    state = started(["kratos", "freya"], where={"kratos": (1, False), "freya": (2, False)})
    state["upgrade_deck"] = []
    state = with_frame(state, {"op": "scene", "seat": 0, "extra": False, "rune": None,
                               "index": 0, "reward_from": ["kratos"]})
    step = RULES.next(state)
    assert isinstance(step, Over) and step.shared is None and "upgrade deck" in step.reason


def test_gow_r_37_an_empty_supply_gives_no_card_but_the_wound_stands():
    state = empty_hands(started(["freya", "kratos"],
                                where={"freya": (1, False), "kratos": (2, False)}))
    state["supply"]["poison"] = 0
    state["scene"]["s1-bottom-1"]["dead"] = True
    state = scene_activation(state, 1, URUZ)
    assert state["heroes"]["freya"]["wounds"] == 2 and "poison" not in state["players"][0][
        "deck"]


def test_gow_r_38_and_r_39_a_quest_won_clears_the_scene_and_purges_status_cards():
    state = started(["kratos", "freya"], where={"kratos": (2, False), "freya": (3, False)})
    state["heroes"]["kratos"].update({"wounds": 9, "rage": 3})
    state["heroes"]["freya"]["knocked_out"] = True
    state["players"][1]["discard"] = ["stun", "poison", "destruction-crystal"]
    state["supply"] = {"stun": 9, "poison": 9, "destruction-crystal": 9}
    state["players"][0]["hand_limit"] = 6
    state["revealed"] = ["might-2-uruz"]
    state["scene"]["s1-bottom-2"].update({"side": "back", "wounds": 12, "dead": True})
    state = with_frame(state, {"op": "end_round"})  # any step: the victory check comes first
    state = settle(state)
    assert state["quests_won"] == 1 and state["scene"] == {}
    assert all(h["wounds"] == 0 and not h["knocked_out"] for h in state["heroes"].values())
    assert state["heroes"]["kratos"]["rage"] == 0
    assert state["supply"] == {"stun": 10, "poison": 10, "destruction-crystal": 10}
    assert state["players"][0]["hand_limit"] == 7 and "might-2-uruz" in state["boxed"]
    assert state["first_player"] == 0  # the upgrade phase did not happen
    assert prompt(state).kind == "quest"


def test_gow_r_40_helheims_hindrance_removes_the_highest_number_card_for_good():
    state = started(["kratos", "freya"], quest="the-travelers")
    state["campaign"]["quests"] = ["the-travelers", "alfheim", "helheim"]
    state = settle(with_frame(state, {"op": "quest_won"}))
    state = settle(play(state, 0, {"kind": "quest", "id": "alfheim"}))
    for player, top in ((0, "kratos-focus-3"), (1, "freya-will-3")):
        assert top not in state["players"][player]["deck"]
        assert top in state["boxed"]


def test_gow_r_41_the_boss_scene_carries_both_unchosen_hindrances_and_its_death_wins():
    state = started(["kratos", "freya"], quest="the-travelers")
    state["quests_won"] = 1
    state["campaign"]["bosses"] = ["hraezlyr", "baldur", "sigrun"]
    state = settle(with_frame(state, {"op": "quest_won"}))
    state = settle(play(state, 0, {"kind": "boss", "id": "hraezlyr"}))
    assert state["campaign"]["current"] == "hraezlyr"
    assert all(Counter(p["deck"])["poison"] == 1 for p in state["players"])  # Baldur's
    assert state["stage"] == "place"
    state["stage"], state["round"] = "round", 1
    state["heroes"]["kratos"]["column"] = 1
    state["scene"]["s7-aux-1"]["dead"] = True
    step = RULES.next(with_frame(state, {"op": "end_round"}))
    assert isinstance(step, Over) and step.shared == "win" and step.winners == [0, 1]


def test_gow_r_42_a_loss_at_the_same_moment_as_a_win_counts():
    state = started(["kratos"], quest="the-travelers", where={"kratos": (2, False)})
    state["scene"]["s1-bottom-2"].update({"side": "back", "dead": True})
    state["heroes"]["kratos"]["knocked_out"] = True
    step = RULES.next(with_frame(state, {"op": "end_round"}))
    assert isinstance(step, Over) and step.shared == "loss"


def test_gow_r_44_and_r_45_solo_companions_once_a_quest_until_spartan_rage():
    state = position("godofwar", seats=1, heroes=["Kratos"], hands=[["Returning Chop"]],
                     tiles={"Kratos": {"column": 3, "rage": 5}}, activation=0)
    plus_three = {"kind": "companion", "ability": "atreus-arrows", "mode": "plus-three"}
    state = play(state, 0, plus_three)
    assert plus_three not in prompt(state).legal_moves  # once per quest
    state = play(state, 0, {"kind": "attack", "tile": "kratos", "card": "kratos-axe-chop",
                           "as": "ranged", "target": "s1-top-3"})
    state = play(state, 0, {"kind": "done"})
    state = RULES.apply_chance(state, 1)
    assert state["scene"]["s1-top-3"]["wounds"] == 3  # 1 + 3 − 1
    state = play(state, 0, {"kind": "rage", "tile": "kratos"})
    assert plus_three in prompt(state).legal_moves  # Spartan Rage refreshes (GOW-R-45)


def test_gow_r_50_every_hand_is_in_every_seats_view_but_no_deck_order():
    state = empty_hands(started(["kratos", "freya"],
                                where={"kratos": (1, False), "freya": (2, False)}))
    state["players"][1]["hand"] = ["freya-will-1"]
    for seat in (None, 0, 1):
        view = RULES.view(state, seat)
        assert view["players"][1]["hand"] == (None if seat is None else ["freya-will-1"])
        assert view["players"][1]["hand_size"] == 1
        assert "deck" not in view["players"][0] and view["players"][0]["deck_size"] == 14
        assert "upgrade_deck" not in view
