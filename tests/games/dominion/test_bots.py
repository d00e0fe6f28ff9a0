"""Bots answer every prompt sensibly, from what their seat may see."""

from __future__ import annotations

import random

from domain.games.dominion import RULES
from domain.kernel import ask_bot
from tests.games.driver import play, prompt

from .helpers import bot_move, pick, play_card, scenario

K = ["militia", "bandit", "moat", "library", "smithy", "witch", "village", "market", "cellar",
     "chapel"]


def test_big_money_plays_all_treasures_then_buys_by_its_rule():
    state = scenario(["gold", "gold", "silver", "estate"], deck=["copper"] * 5)

    first = bot_move("big_money", state)
    state = play(state, None, first)

    assert first == {"kind": "play_treasures"}
    assert bot_move("big_money", state) == pick("buy", "province")


def test_big_money_ultimate_buys_a_duchy_with_six_when_provinces_run_low():
    state = scenario(["gold", "gold"], deck=["copper"] * 5, kingdom=K)
    state = {**state, "supply": {**state["supply"], "province": 4}}
    state = play(state, None, {"kind": "play_treasures"})

    assert bot_move("big_money_ultimate", state) == pick("buy", "duchy")
    assert bot_move("big_money", state) == pick("buy", "gold")


def test_smithy_bot_buys_a_smithy_with_four_and_plays_it():
    state = scenario(["silver", "silver", "estate"], deck=["copper"] * 5, kingdom=K)
    state = play(state, None, {"kind": "play_treasures"})

    assert bot_move("smithy", state) == pick("buy", "smithy")
    assert bot_move("smithy", scenario(["smithy", "copper"], deck=["copper"] * 5,
                                       kingdom=K)) == play_card("smithy")


def test_a_militia_victim_bot_discards_its_worst_cards():
    state = scenario(["militia"], deck=["copper"] * 5, kingdom=["chapel", *K[:9]],
                     others={1: {"hand": ["gold", "curse", "estate", "copper", "silver"]}})
    state = play(state, None, play_card("militia"), {"kind": "decline"})

    state = play(state, None, bot_move("witch", state))
    state = play(state, None, bot_move("witch", state))

    assert sorted(state["players"][1]["hand"]) == ["copper", "gold", "silver"]


def test_bots_reveal_moat():
    state = scenario(["witch"], deck=["copper"] * 5, kingdom=K,
                     others={1: {"hand": ["moat", "copper"]}})
    state = play(state, None, play_card("witch"))

    assert bot_move("big_money", state) == pick("reveal", "moat")


def test_library_bot_sets_actions_aside_only_when_no_action_is_left():
    state = scenario(["library"], deck=["smithy", *["copper"] * 8], kingdom=K)
    state = play(state, None, play_card("library"))

    assert bot_move("smithy", state) == {"kind": "set_aside"}


def test_bandit_victim_bot_trashes_its_cheaper_treasure():
    state = scenario(["bandit"], deck=["copper"] * 5, kingdom=K,
                     others={1: {"deck": ["gold", "silver"]}})
    state = play(state, None, play_card("bandit"), {"kind": "decline"})

    assert bot_move("big_money", state) == pick("trash", "silver")


def test_random_bot_picks_among_the_legal_moves_with_its_draw():
    state = scenario(["copper"], deck=["copper"] * 5)

    move = bot_move("random", state, lambda n: n - 1)

    assert move == {"kind": "end_turn"}


def test_a_bot_is_handed_its_seats_view_without_other_hands_or_any_deck_order():
    state = scenario(["militia", "copper"], deck=["gold", "province", "copper"], kingdom=K)
    state = {**state, "players": [state["players"][0],
                                  {**state["players"][1], "hand": ["witch", "moat", "gold"]}]}
    seen: list[dict] = []

    def spy(view, asked, draw):
        seen.append(view)
        return asked.legal_moves[0]

    ask_bot(RULES, spy, state, prompt(state), lambda n: 0)

    mine, theirs = seen[0]["players"]
    assert theirs["hand"] is None and "deck" not in theirs and "deck_top_first" not in mine
    assert "owned" in mine and "owned" not in theirs


def test_every_bot_chooses_the_same_whatever_the_others_hold_and_the_decks_order():
    state = scenario(["militia", "silver", "copper", "copper", "estate"],
                     deck=["gold", "province", "copper", "silver", "estate"], kingdom=K)
    other = state["players"][1]
    swapped = {**state, "players": [
        {**state["players"][0], "deck": list(reversed(state["players"][0]["deck"]))},
        {**other, "hand": ["witch", "moat", "gold", "gold", "curse"][:len(other["hand"])],
         "deck": list(reversed(other["deck"]))}]}
    for name in RULES.bots:
        for seed in range(3):
            draw = random.Random(seed).randrange
            again = random.Random(seed).randrange
            assert bot_move(name, state, draw) == bot_move(name, swapped, again), name
