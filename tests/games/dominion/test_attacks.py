"""Attacks and Moat: order from the attacker's left, each victim's own choices."""

from __future__ import annotations

from domain.games.dominion import RULES
from domain.kernel import Chance, canonical_json
from tests.games.driver import chance, moves, play, prompt, step

from .helpers import pick, play_card, player, scenario

K = ["militia", "witch", "bureaucrat", "bandit", "moat", "village", "smithy", "market",
     "cellar", "workshop"]
K1 = ["spy", "thief", "militia", "moat", "village", "smithy", "market", "cellar", "workshop",
      "witch"]
NO_MOAT = ["militia", "witch", "bureaucrat", "bandit", "chapel", "village", "smithy", "market",
           "cellar", "workshop"]
DECLINE = {"kind": "decline"}
HAND5 = ["copper", "copper", "estate", "silver", "gold"]


def test_militia_victim_chooses_its_discards_down_to_three():
    state = scenario(["militia"], deck=["copper"] * 5, kingdom=NO_MOAT,
                     others={1: {"hand": HAND5}})

    state = play(state, None, play_card("militia"))
    victim_prompt = prompt(state)
    state = play(state, None, pick("discard", "estate"), pick("discard", "copper"))

    assert victim_prompt.seat == 1 and {"kind": "done"} not in victim_prompt.legal_moves
    assert sorted(player(state, 1)["hand"]) == ["copper", "gold", "silver"]
    assert state["turn"]["coins"] == 2 and prompt(state).kind == "turn"


def test_militia_does_nothing_to_a_hand_of_three_or_fewer():
    """"손에 카드가 3장 또는 그보다 적게 남은 사람에게는 효과가 없습니다"."""
    state = scenario(["militia"], deck=["copper"] * 5, kingdom=NO_MOAT,
                     others={1: {"hand": ["copper"] * 3}})

    state = play(state, None, play_card("militia"))

    assert prompt(state).kind == "turn" and len(player(state, 1)["hand"]) == 3


def test_attacks_resolve_in_turn_order_from_the_attackers_left():
    state = scenario(["militia"], deck=["copper"] * 5, kingdom=NO_MOAT, seats=4,
                     others={s: {"hand": HAND5} for s in (1, 2, 3)})
    state = {**state, "turn": {**state["turn"], "seat": 2}}
    state = {**state, "players": [{**p, "hand": list(HAND5)} for p in state["players"]]}
    state["players"][2] = {**state["players"][2], "hand": ["militia"]}

    state = play(state, None, play_card("militia"))
    asked = []
    while prompt(state).kind == "militia":
        asked.append(prompt(state).seat)
        state = play(state, None, moves(state)[0], moves(state)[0])

    assert asked == [3, 0, 1]


def test_witch_curses_run_out_in_turn_order_from_the_attackers_left():
    """"저주 카드가 부족해서 ... 현재 턴인 사람의 시계방향 다음 사람부터 순서대로 돌아갑니다"."""
    state = scenario(["witch"], deck=["copper"] * 5, kingdom=NO_MOAT, seats=4)
    state = {**state, "supply": {**state["supply"], "curse": 2}}

    state = play(state, None, play_card("witch"))

    assert [player(state, s)["discard"].count("curse") for s in (1, 2, 3)] == [1, 1, 0]
    assert len(player(state)["hand"]) == 2


def test_moat_protects_only_its_revealer_and_the_attacker_still_draws():
    """"해자 카드는 자신에게 오는 공격만 막아줄 뿐 ... 마녀 카드를 쓴 사람은 카드 2장을
    받습니다"."""
    state = scenario(["witch"], deck=["copper"] * 5, kingdom=K, seats=3,
                     others={1: {"hand": ["moat", "copper"]}, 2: {"hand": ["moat"]}})

    state = play(state, None, play_card("witch"))
    assert prompt(state).seat == 1 and moves(state) == [pick("reveal", "moat"), DECLINE]
    state = play(state, None, pick("reveal", "moat"), DECLINE)

    assert player(state, 1)["discard"] == [] and player(state, 2)["discard"] == ["curse"]
    assert len(player(state)["hand"]) == 2 and "moat" in player(state, 1)["hand"]


def test_every_attacked_player_is_asked_about_moat_holding_one_or_not():
    state = scenario(["witch"], deck=["copper"] * 5, kingdom=K,
                     others={1: {"hand": ["copper"] * 5}})

    state = play(state, None, play_card("witch"))

    assert prompt(state).seat == 1 and moves(state) == [DECLINE]


def test_without_moat_in_the_kingdom_nobody_is_asked_to_react():
    state = scenario(["witch"], deck=["copper"] * 5, kingdom=NO_MOAT)

    state = play(state, None, play_card("witch"))

    assert prompt(state).kind == "turn" and player(state, 1)["discard"] == ["curse"]


def test_moat_revealed_against_militia_keeps_the_hand_and_the_attacker_gets_two_coins():
    state = scenario(["militia"], deck=["copper"] * 5, kingdom=K,
                     others={1: {"hand": ["moat", *HAND5]}})

    state = play(state, None, play_card("militia"), pick("reveal", "moat"))

    assert len(player(state, 1)["hand"]) == 6 and state["turn"]["coins"] == 2


def test_bureaucrat_gains_a_silver_onto_the_deck_and_victims_topdeck_a_victory_card():
    state = scenario(["bureaucrat"], deck=["copper"] * 5, kingdom=NO_MOAT,
                     others={1: {"hand": ["estate", "duchy", "copper"], "deck": ["gold"]}})

    state = play(state, None, play_card("bureaucrat"))
    assert prompt(state).seat == 1
    assert moves(state) == [pick("topdeck", "estate"), pick("topdeck", "duchy")]
    state = play(state, None, pick("topdeck", "duchy"))

    assert player(state)["deck"][-1] == "silver"
    assert list(reversed(player(state, 1)["deck"])) == ["duchy", "gold"]


def test_bureaucrat_victim_without_victory_cards_is_asked_and_reveals_the_hand():
    state = scenario(["bureaucrat"], deck=["copper"] * 5, kingdom=NO_MOAT)
    state = play(state, None, play_card("bureaucrat"))
    assert prompt(state).seat == 1 and moves(state) == [{"kind": "reveal_hand"}]

    state = play(state, None, {"kind": "reveal_hand"})

    assert any(n["act"].startswith("revealed a hand") for n in state["notes"])
    assert prompt(state).kind == "turn"


def test_bureaucrat_with_an_empty_deck_makes_the_silver_the_only_card_of_the_deck():
    """"덱이 바닥난 상태에서 이 카드를 썼다면 쓴 사람이 받는 은 카드 1장이 덱의 유일한 카드"."""
    state = scenario(["bureaucrat"], discard=["gold", "gold"], kingdom=NO_MOAT)

    state = play(state, None, play_card("bureaucrat"))

    assert player(state)["deck"] == ["silver"] and not isinstance(step(state), Chance)


def test_bandit_gains_a_gold_and_the_victim_chooses_a_non_copper_treasure_to_trash():
    state = scenario(["bandit"], deck=["copper"] * 5, kingdom=NO_MOAT,
                     others={1: {"deck": ["silver", "gold", "estate"]}})

    state = play(state, None, play_card("bandit"))
    assert prompt(state).seat == 1
    state = play(state, None, pick("trash", "silver"))

    assert player(state)["discard"] == ["gold"]
    assert state["trash"] == ["silver"] and player(state, 1)["discard"] == ["gold"]


def test_bandit_never_trashes_copper():
    state = scenario(["bandit"], deck=["copper"] * 5, kingdom=NO_MOAT,
                     others={1: {"deck": ["copper", "estate"]}})

    state = play(state, None, play_card("bandit"))

    assert state["trash"] == [] and sorted(player(state, 1)["discard"]) == ["copper", "estate"]


def test_bandit_revealed_card_stays_out_of_the_victims_reshuffle():
    state = scenario(["bandit"], deck=["copper"] * 5, kingdom=NO_MOAT,
                     others={1: {"deck": ["estate"], "discard": ["silver"]}})

    state = play(state, None, play_card("bandit"))
    assert isinstance(step(state), Chance) and state["shuffle"] == 1
    state = chance(state)

    assert state["trash"] == ["silver"] and player(state, 1)["discard"] == ["estate"]


def test_spy_reveals_everyones_top_card_the_attackers_first_and_the_attacker_decides():
    state = scenario(["spy"], deck=["copper", "estate"], kingdom=K1,
                     others={1: {"deck": ["gold"]}})

    state = play(state, None, play_card("spy"), DECLINE)  # seat 1 has no Moat to reveal
    first = prompt(state)
    state = play(state, None, {"kind": "discard"})
    second = prompt(state)
    state = play(state, None, {"kind": "put_back"})

    assert first.seat == 0 and second.seat == 0 and "seat 1" in second.text
    assert player(state)["discard"] == ["estate"] and player(state, 1)["deck"] == ["gold"]


def test_thief_attacker_chooses_the_treasure_to_trash_and_may_gain_it():
    state = scenario(["thief"], deck=["copper"] * 5, kingdom=K1,
                     others={1: {"deck": ["silver", "gold"]}})

    state = play(state, None, play_card("thief"), DECLINE)
    assert prompt(state).seat == 0
    state = play(state, None, pick("trash", "gold"), pick("gain", "gold"))

    assert player(state)["discard"] == ["gold"] and state["trash"] == []
    assert player(state, 1)["discard"] == ["silver"]


def test_thief_gaining_the_trashed_treasure_is_optional():
    state = scenario(["thief"], deck=["copper"] * 5, kingdom=K1,
                     others={1: {"deck": ["copper", "estate"]}})

    state = play(state, None, play_card("thief"), DECLINE, {"kind": "skip"})

    assert state["trash"] == ["copper"] and player(state)["discard"] == []
    assert player(state, 1)["discard"] == ["estate"]


def test_bureaucrat_victim_is_asked_whatever_its_hand_so_others_learn_nothing_from_it():
    """Whether the victim is asked may not tell the others how many kinds of Victory card it
    holds (the Moat rule; dominion README, ruling on hidden questions)."""
    seen = []
    # One kind, two kinds, none: each worth 2 VP in all (victory points are public).
    for hand, deck in ((["estate", "estate", "copper", "copper"], ["copper", "copper"]),
                       (["duchy", "estate", "curse", "curse"], ["copper", "copper"]),
                       (["copper"] * 4, ["estate", "estate"])):
        state = scenario(["bureaucrat"], deck=["copper"] * 5, kingdom=NO_MOAT,
                         others={1: {"hand": hand, "deck": deck}},
                         supply={"duchy": 7, "curse": 8})  # the same Supply in all three
        state = play(state, None, play_card("bureaucrat"))
        step = RULES.next(state)
        seen.append((step.seats, canonical_json(RULES.view(state, 0))))
    assert seen[0] == seen[1] == seen[2] and seen[0][0] == [1]


def test_bureaucrat_victim_with_one_kind_of_victory_card_puts_it_back():
    state = scenario(["bureaucrat"], deck=["copper"] * 5, kingdom=NO_MOAT,
                     others={1: {"hand": ["estate", "estate", "copper"]}})
    state = play(state, None, play_card("bureaucrat"))

    state = play(state, None, pick("topdeck", "estate"))

    assert prompt(state).kind == "turn" and player(state, 1)["deck"] == ["estate"]
