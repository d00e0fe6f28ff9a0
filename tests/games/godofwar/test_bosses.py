"""The final bosses (GOW-R-41, GOW-R-48): their scenes, health tracks, fury timers and the
hindrances of the two not chosen."""

from __future__ import annotations

from domain.games.godofwar import RULES
from domain.games.godofwar.flow import start_scene
from domain.kernel import Over
from tests.games.driver import play, settle

from .helpers import activation, scene_activation, started, with_frame

HOLD = {"op": "act", "seat": 0, "moved": []}


def boss_table(boss: str, heroes=("kratos", "freya"), where=None):
    state = started(list(heroes), where=where or {"kratos": (1, False), "freya": (4, False)})
    state["quests_won"] = 2
    start_scene(state, boss)
    return state


def test_magni_and_modi_are_beaten_only_when_both_brothers_are_dead():
    state = boss_table("magni-and-modi")
    state["scene"]["s10-aux-1"]["dead"] = True
    state = with_frame(state, HOLD)
    assert not isinstance(RULES.next(state), Over)
    state["scene"]["s10-aux-2"]["dead"] = True
    step = RULES.next(with_frame(state, {"op": "end_round"}))
    assert isinstance(step, Over) and step.shared == "win" and step.scores == [3, 3]


def test_the_sons_of_thor_rally_heals_modi_by_2():
    state = boss_table("magni-and-modi")
    state["scene"]["s10-aux-2"]["wounds"] = 5
    state["players"][0]["hand"] = []
    state["players"][1]["hand"] = []
    state = scene_activation(state, 0, "spear-thrust-ansuz")
    while RULES.next(state).prompts[0].kind != "act":
        prompt = RULES.next(state).prompts[0]
        state = play(state, prompt.seat, prompt.legal_moves[-1])
    assert state["scene"]["s10-aux-2"]["wounds"] == 3


def test_hraezlyrs_fury_filling_its_sixth_slot_loses_a_lone_heros_game():
    # a larger party's fury holds more (rules 1.1.0): test_party_size.py
    state = boss_table("hraezlyr", heroes=("kratos",), where={"kratos": (2, False)})
    state["scene"]["s7-aux-2"]["storage"] = 5
    state["players"][0]["hand"] = []
    state = scene_activation(state, 0, "spear-thrust-thurisaz")
    while not isinstance(step := RULES.next(state), Over):
        prompt = step.prompts[0]
        state = play(state, prompt.seat, prompt.legal_moves[-1])
    assert step.shared == "loss" and state["scene"]["s7-aux-2"]["storage"] == 6


def test_baldurs_resolve_starts_with_a_token_that_a_taunt_takes_off():
    state = boss_table("baldur", heroes=("kratos",), where={"kratos": (2, False)})
    assert state["scene"]["s8-aux-2"]["storage"] == 1  # his setup effect
    state["players"][0]["hand"] = ["kratos-guardian-shield", "kratos-focus-2"]
    state = activation(state, 0)
    state = play(state, 0, {"kind": "interact", "tile": "kratos", "card": "s8-aux-2",
                           "point": "taunt-baldur"})
    state = play(state, 0, {"kind": "pay", "card": "kratos-guardian-shield", "as": "defense"})
    state = play(state, 0, {"kind": "pay", "card": "kratos-focus-2", "as": "number"})
    state = play(state, 0, {"kind": "done"})
    assert state["scene"]["s8-aux-2"]["storage"] == 0


def test_an_unchosen_sigrun_wounds_every_hero_by_2_for_the_boss_scene():
    state = started(["kratos", "freya"])
    state["quests_won"] = 1
    state["campaign"]["bosses"] = ["sigrun", "magni-and-modi", "hraezlyr"]
    state = settle(with_frame(state, {"op": "quest_won"}))
    state = settle(play(state, 0, {"kind": "boss", "id": "hraezlyr"}))
    assert [h["wounds"] for h in state["heroes"].values()] == [2, 2]
    assert all(p["deck"][-1] == "stun" for p in state["players"])  # Magni and Modi's
