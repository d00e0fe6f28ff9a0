"""Throne Room and its chains (the digest's "Rulings that engines often get wrong")."""

from __future__ import annotations

from tests.games.driver import moves, play, prompt

from .helpers import pick, play_card, player, scenario

K = ["throne_room", "feast", "merchant", "village", "smithy", "market", "militia", "moat",
     "workshop", "cellar"]
SKIP = {"kind": "skip"}


def test_throne_room_plays_an_action_twice_using_no_further_action():
    state = scenario(["throne_room", "smithy"], deck=["copper"] * 8, kingdom=K)

    state = play(state, None, play_card("throne_room"), play_card("smithy"))

    assert len(player(state)["hand"]) == 6 and state["turn"]["actions"] == 0
    assert player(state)["play"] == ["throne_room", "smithy"]


def test_throne_room_on_a_plus_action_card_doubles_the_actions():
    """"알현실에 추가행동 1번의 시장 카드를 같이 쓰고 나면, 2번의 추가 행동 기회가 생긴다"."""
    state = scenario(["throne_room", "market"], deck=["copper"] * 4, kingdom=K)

    state = play(state, None, play_card("throne_room"), play_card("market"))

    turn = state["turn"]
    assert (turn["actions"], turn["buys"], turn["coins"]) == (2, 3, 2)


def test_throne_room_on_throne_room_plays_one_action_twice_then_another_twice():
    """"알현실 – 알현실 – 다른 행동 카드 순서로 ... 행동 카드의 행동을 4번 할 수는 없습니다"."""
    state = scenario(["throne_room", "throne_room", "village", "smithy"],
                     deck=["copper"] * 10, kingdom=K)

    state = play(state, None, play_card("throne_room"), play_card("throne_room"),
                 play_card("village"))
    assert prompt(state).kind == "throne_room"  # the second play of the inner Throne Room
    state = play(state, None, play_card("smithy"))

    me = player(state)
    assert me["play"] == ["throne_room", "throne_room", "village", "smithy"]
    assert len(me["hand"]) == 2 + 6 and state["turn"]["actions"] == 4


def test_throne_room_finishes_the_first_play_before_the_second():
    state = scenario(["throne_room", "workshop"], deck=["copper"] * 5, kingdom=K)

    state = play(state, None, play_card("throne_room"), play_card("workshop"))
    assert prompt(state).kind == "gain"
    state = play(state, None, pick("gain", "silver"))
    assert prompt(state).kind == "gain"
    state = play(state, None, pick("gain", "village"))

    assert player(state)["discard"] == ["silver", "village"]


def test_throne_room_on_feast_trashes_it_once_and_gains_two_cards():
    """"알현실과 이 카드를 같이 쓴다면 사용한 연회 카드 1장만 제거하고 2장의 카드를 얻습니다"."""
    state = scenario(["throne_room", "feast"], deck=["copper"] * 5, kingdom=K)

    state = play(state, None, play_card("throne_room"), play_card("feast"), pick("gain", "market"),
                 pick("gain", "militia"))

    assert state["trash"] == ["feast"]
    assert player(state)["discard"] == ["market", "militia"]
    assert player(state)["play"] == ["throne_room"]


def test_throne_room_on_merchant_makes_the_first_silver_worth_two_more():
    state = scenario(["throne_room", "merchant", "silver", "silver"], deck=["copper"] * 5,
                     kingdom=K)

    state = play(state, None, play_card("throne_room"), play_card("merchant"),
                  {"kind": "play_treasures"})

    assert state["turn"]["coins"] == 2 + 2 + 2 + 1 + 1


def test_throne_room_second_edition_may_decline_to_play_anything():
    state = scenario(["throne_room", "smithy"], deck=["copper"] * 5, kingdom=K)

    state = play(state, None, play_card("throne_room"))
    assert SKIP in moves(state)
    state = play(state, None, SKIP)

    assert player(state)["hand"] == ["smithy"] and prompt(state).kind == "turn"


def test_throne_room_first_edition_must_choose_an_action():
    state = scenario(["throne_room", "smithy"], deck=["copper"] * 8, kingdom=K,
                     edition="first")

    state = play(state, None, play_card("throne_room"))

    assert moves(state) == [play_card("smithy")]


def test_throne_room_with_no_other_action_is_still_asked_and_does_nothing():
    # Asked anyway (only "skip"), so the others do not learn the hand holds no Action.
    state = scenario(["throne_room", "copper"], deck=["copper"] * 5, kingdom=K)
    state = play(state, None, play_card("throne_room"))
    assert prompt(state).kind == "throne_room" and moves(state) == [{"kind": "skip"}]

    state = play(state, None, {"kind": "skip"})

    assert prompt(state).kind == "turn" and player(state)["hand"] == ["copper"]


def test_throne_room_on_an_attack_lets_moat_be_revealed_against_each_play():
    state = scenario(["throne_room", "militia"], deck=["copper"] * 5, kingdom=K,
                     others={1: {"hand": ["moat", "copper", "copper", "copper", "estate"]}})

    state = play(state, None, play_card("throne_room"), play_card("militia"))
    assert prompt(state).kind == "moat"
    state = play(state, None, pick("reveal", "moat"))
    assert prompt(state).kind == "moat"
    state = play(state, None, {"kind": "decline"})
    assert prompt(state).kind == "militia"
    state = play(state, None, pick("discard", "estate"), pick("discard", "moat"))

    assert state["turn"]["coins"] == 4 and len(player(state, 1)["hand"]) == 3
