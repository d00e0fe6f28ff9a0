"""Cards with plain bonuses and simple gains: one test a card at least."""

from __future__ import annotations

import pytest

from domain.kernel import Chance
from tests.games.driver import chance, moves, play, prompt, step

from .helpers import pick, play_card, player, scenario

DECK = ["silver", "gold", "copper", "estate", "duchy", "copper", "copper", "copper"]
PLAY_TREASURES = {"kind": "play_treasures"}
WITH_COUNCIL_ROOM = ["cellar", "market", "militia", "mine", "moat", "remodel", "smithy",
                     "village", "council_room", "workshop"]


@pytest.mark.parametrize(("hand", "coins"), [(["copper"], 1), (["silver"], 2), (["gold"], 3),
                                             (["copper", "silver", "gold", "estate"], 6)])
def test_treasures_are_worth_one_two_and_three(hand, coins):
    state = scenario(hand, deck=DECK)

    state = play(state, None, PLAY_TREASURES)

    assert state["turn"]["coins"] == coins


@pytest.mark.parametrize(("card", "cards", "actions", "buys", "coins"), [
    ("smithy", 3, 0, 1, 0), ("village", 1, 2, 1, 0), ("laboratory", 2, 1, 1, 0),
    ("festival", 0, 2, 2, 2), ("market", 1, 1, 2, 1), ("woodcutter", 0, 0, 2, 2),
    ("moat", 2, 0, 1, 0), ("council_room", 4, 0, 2, 0), ("merchant", 1, 1, 1, 0),
    ("poacher", 1, 1, 1, 1), ("militia", 0, 0, 1, 2), ("vassal", 0, 0, 1, 2),
    ("chancellor", 0, 0, 1, 2), ("cellar", 0, 1, 1, 0), ("harbinger", 1, 1, 1, 0),
])
def test_plain_bonuses_of_each_card(card, cards, actions, buys, coins):
    kingdom = [card, *[c for c in ("village", "smithy", "market", "cellar", "chapel", "moat",
                                   "festival", "laboratory", "workshop", "remodel",
                                   "witch") if c != card]][:10]
    state = scenario([card, "estate"], deck=DECK, kingdom=kingdom)

    state = play(state, None, play_card(card))

    turn = state["turn"]
    assert len(player(state)["hand"]) == 1 + cards
    assert (turn["actions"], turn["buys"], turn["coins"]) == (actions, buys, coins)


def test_council_room_makes_each_other_player_draw_a_card():
    state = scenario(["council_room"], deck=DECK, seats=3, kingdom=WITH_COUNCIL_ROOM,
                     others={1: {"hand": [], "deck": ["gold"]},
                             2: {"hand": [], "deck": ["silver"]}})

    state = play(state, None, play_card("council_room"))

    assert player(state, 1)["hand"] == ["gold"] and player(state, 2)["hand"] == ["silver"]


def test_workshop_gains_a_card_costing_up_to_four_to_the_discard_pile():
    state = scenario(["workshop"], deck=DECK)

    state = play(state, None, play_card("workshop"))
    gains = [m["card"] for m in moves(state)]
    state = play(state, None, pick("gain", "smithy"))

    assert "smithy" in gains and "market" not in gains and "gold" not in gains
    assert player(state)["discard"] == ["smithy"]


def test_workshop_cannot_add_coins_to_the_limit():
    """"돈을 합쳐서 더 비싼 카드를 얻거나 할 수 없습니다"."""
    state = scenario(["workshop", "gold"], deck=DECK, coins=5)

    state = play(state, None, play_card("workshop"))

    assert pick("gain", "market") not in moves(state)


def test_feast_trashes_itself_and_gains_a_card_costing_up_to_five():
    state = scenario(["feast"], deck=DECK, kingdom=["feast", *DECK_KINGDOM])

    state = play(state, None, play_card("feast"))
    assert pick("gain", "market") in moves(state) and pick("gain", "gold") not in moves(state)
    state = play(state, None, pick("gain", "market"))

    assert state["trash"] == ["feast"] and player(state)["play"] == []
    assert player(state)["discard"] == ["market"]


def test_gained_cards_are_not_usable_this_turn():
    """Feast: "이 카드를 써서 얻은 카드는 바로 버려지고 이번 턴에 사용할 수 없음"."""
    state = scenario(["feast", "village"], deck=DECK, kingdom=["feast", *DECK_KINGDOM],
                     actions=2)

    state = play(state, None, play_card("feast"), pick("gain", "laboratory"))

    assert play_card("laboratory") not in moves(state)


def test_chancellor_may_put_the_deck_into_the_discard_pile():
    state = scenario(["chancellor"], deck=["gold", "silver"], discard=["estate"],
                     kingdom=["chancellor", *DECK_KINGDOM])

    state = play(state, None, play_card("chancellor"))
    assert {"kind": "skip"} in moves(state)
    state = play(state, None, {"kind": "discard_deck"})

    me = player(state)
    assert me["deck"] == [] and sorted(me["discard"]) == ["estate", "gold", "silver"]
    assert me["discard"][-1] == "estate"  # the deck went under: the visible top is unchanged


def test_chancellor_with_an_empty_deck_asks_nothing():
    state = scenario(["chancellor"], kingdom=["chancellor", *DECK_KINGDOM])

    state = play(state, None, play_card("chancellor"))

    assert prompt(state).kind == "turn" and state["turn"]["coins"] == 2


def test_adventurer_reveals_until_two_treasures_and_discards_the_others_afterwards():
    state = scenario(["adventurer"], deck=["estate", "silver", "smithy", "copper", "gold"],
                     kingdom=["adventurer", *DECK_KINGDOM])

    state = play(state, None, play_card("adventurer"))

    me = player(state)
    assert sorted(me["hand"]) == ["copper", "silver"]
    assert sorted(me["discard"]) == ["estate", "smithy"] and me["deck"] == ["gold"]


def test_adventurer_revealed_cards_miss_a_reshuffle_during_the_reveal():
    """"덱이 바닥나면 카드 기능 때문에 공개된 카드들은 제외하고 버린 카드를 섞어"."""
    state = scenario(["adventurer"], deck=["estate", "copper"], discard=["gold", "duchy"],
                     kingdom=["adventurer", *DECK_KINGDOM])

    state = play(state, None, play_card("adventurer"))
    assert isinstance(step(state), Chance)
    state = shuffled_two(state, n=2)

    me = player(state)
    assert sorted(me["hand"]) == ["copper", "gold"]
    assert sorted(me["discard"]) == ["estate"] and me["deck"] == ["duchy"]


def shuffled_two(state, n):
    """The pending shuffle, of ``n`` cards, puts the Duchy below and the Gold on top."""
    assert step(state).spec["n"] == n
    return chance(state, [1, 0])


def test_woodcutter_gives_a_buy_and_two_coins():
    state = scenario(["woodcutter", "copper"], deck=DECK, kingdom=["woodcutter",
                                                                  *DECK_KINGDOM])

    state = play(state, None, play_card("woodcutter"), PLAY_TREASURES)

    assert (state["turn"]["coins"], state["turn"]["buys"]) == (3, 2)


DECK_KINGDOM = ["cellar", "market", "militia", "mine", "moat", "remodel", "smithy", "village",
                "laboratory"]
