"""Bots answer every prompt sensibly, from what their seat may see."""

from __future__ import annotations

from domain.games.dominion import RULES

from .helpers import act, pick, play, prompt, scenario

K = ["militia", "bandit", "moat", "library", "smithy", "witch", "village", "market", "cellar",
     "chapel"]


def bot_move(name, state):
    return RULES.bots[name](state, prompt(state), lambda n: 0)


def test_big_money_plays_all_treasures_then_buys_by_its_rule():
    state = scenario(["gold", "gold", "silver", "estate"], deck=["copper"] * 5)

    first = bot_move("big_money", state)
    state = act(state, first)

    assert first == {"kind": "play_treasures"}
    assert bot_move("big_money", state) == pick("buy", "province")


def test_big_money_ultimate_buys_a_duchy_with_six_when_provinces_run_low():
    state = scenario(["gold", "gold"], deck=["copper"] * 5, kingdom=K)
    state = {**state, "supply": {**state["supply"], "province": 4}}
    state = act(state, {"kind": "play_treasures"})

    assert bot_move("big_money_ultimate", state) == pick("buy", "duchy")
    assert bot_move("big_money", state) == pick("buy", "gold")


def test_smithy_bot_buys_a_smithy_with_four_and_plays_it():
    state = scenario(["silver", "silver", "estate"], deck=["copper"] * 5, kingdom=K)
    state = act(state, {"kind": "play_treasures"})

    assert bot_move("smithy", state) == pick("buy", "smithy")
    assert bot_move("smithy", scenario(["smithy", "copper"], deck=["copper"] * 5,
                                       kingdom=K)) == play("smithy")


def test_a_militia_victim_bot_discards_its_worst_cards():
    state = scenario(["militia"], deck=["copper"] * 5, kingdom=["chapel", *K[:9]],
                     others={1: {"hand": ["gold", "curse", "estate", "copper", "silver"]}})
    state = act(state, play("militia"), {"kind": "decline"})

    state = act(state, bot_move("witch", state))
    state = act(state, bot_move("witch", state))

    assert sorted(state["players"][1]["hand"]) == ["copper", "gold", "silver"]


def test_bots_reveal_moat():
    state = scenario(["witch"], deck=["copper"] * 5, kingdom=K,
                     others={1: {"hand": ["moat", "copper"]}})
    state = act(state, play("witch"))

    assert bot_move("big_money", state) == pick("reveal", "moat")


def test_library_bot_sets_actions_aside_only_when_no_action_is_left():
    state = scenario(["library"], deck=["smithy", *["copper"] * 8], kingdom=K)
    state = act(state, play("library"))

    assert bot_move("smithy", state) == {"kind": "set_aside"}


def test_bandit_victim_bot_trashes_its_cheaper_treasure():
    state = scenario(["bandit"], deck=["copper"] * 5, kingdom=K,
                     others={1: {"deck": ["gold", "silver"]}})
    state = act(state, play("bandit"), {"kind": "decline"})

    assert bot_move("big_money", state) == pick("trash", "silver")


def test_random_bot_picks_among_the_legal_moves_with_its_draw():
    state = scenario(["copper"], deck=["copper"] * 5)

    move = RULES.bots["random"](state, prompt(state), lambda n: n - 1)

    assert move == {"kind": "end_turn"}
