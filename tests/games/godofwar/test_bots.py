"""The ``party`` bot's choices that a table would notice (it answers from its seat's view)."""

from __future__ import annotations

from domain.games.godofwar import RULES
from domain.kernel import ask_bot

from .helpers import activation, prompt_of, started

BONFIRE_COLUMN = 2  # s3-bottom-2: broken, its box on the next uruz loses Helheim


def party_move(state):
    return ask_bot(RULES, RULES.bots["party"], state, prompt_of(state), lambda n: 0)


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
