"""The ``party`` bot's choices that a table would notice (it answers from its seat's view)."""

from __future__ import annotations

from domain.games.godofwar import RULES
from domain.kernel import ask_bot
from tests.games.driver import prompt

from .helpers import activation, started

BONFIRE_COLUMN = 2  # s3-bottom-2: broken, its box on the next uruz loses Helheim


def party_move(state):
    return ask_bot(RULES, RULES.bots["party"], state, prompt(state), lambda n: 0)


def helheim_turn(where):
    state = started(["kratos", "freya"], quest="helheim", where=where)
    state["players"][0]["hand"] = []  # nothing to attack or pay with
    return activation(state, 0)


def test_with_nothing_better_to_do_the_party_bot_stands_a_hero_below_helheims_bonfire():
    move = party_move(helheim_turn({"kratos": (4, False), "freya": (3, False)}))
    assert move["kind"] == "move" and move["column"] == BONFIRE_COLUMN


def test_once_a_hero_guards_the_bonfire_the_party_bot_goes_elsewhere():
    move = party_move(helheim_turn({"kratos": (4, False), "freya": (BONFIRE_COLUMN, False)}))
    assert not (move["kind"] == "move" and move["column"] == BONFIRE_COLUMN)


def solo_helheim(hand, wounds=0):
    """A lone Kratos below the bonfire, the archer above it already fallen (nothing to attack
    from there)."""
    state = started(["kratos"], quest="helheim", where={"kratos": (BONFIRE_COLUMN, False)})
    state["scene"]["s3-top-2"].update({"side": "back"})
    state["heroes"]["kratos"]["wounds"] = wounds
    state["players"][0]["hand"] = hand
    return activation(state, 0)


MELEE = ["kratos-axe-swing", "kratos-axe-swing", "kratos-guardian-strike"]


def test_the_party_bot_does_not_throw_melee_cards_on_the_bonfire_to_heal_an_unhurt_hero():
    move = party_move(solo_helheim(MELEE))
    assert not (move["kind"] == "interact" and move["point"] == "stoke")


def test_the_party_bot_stokes_the_bonfire_to_heal_a_hurt_hero():
    move = party_move(solo_helheim(MELEE, wounds=3))
    assert move["kind"] == "interact" and move["point"] == "stoke"


def test_with_only_a_top_row_enemy_left_the_party_bot_walks_to_its_column():
    """Only a ranged attack reaches the top row (GOW-R-4): the last Hel-Walker Archer (column
    4) is still an enemy to go to, or a lone hero would wait below the bonfire for ever."""
    state = started(["kratos"], quest="helheim", where={"kratos": (BONFIRE_COLUMN, False)})
    for card in ("s3-bottom-1", "s3-bottom-4"):
        state["scene"][card]["dead"] = True
    for card in ("s3-top-2", "s3-bottom-3"):
        state["scene"][card]["side"] = "back"
    state["players"][0]["hand"] = ["kratos-shield-wall", "kratos-guardian-shield"] * 2
    move = party_move(activation(state, 0))
    assert move["kind"] == "move" and move["column"] == 4
