"""Cards whose effect asks the player something; every "you may" is a choice."""

from __future__ import annotations

from domain.kernel import Chance
from tests.games.driver import chance, moves, play, prompt, step

from .helpers import pick, play_card, player, scenario

K = ["cellar", "chapel", "remodel", "mine", "moneylender", "artisan", "harbinger", "vassal",
     "library", "sentry"]
K2 = ["poacher", "merchant", "throne_room", "village", "smithy", "market", "festival",
      "laboratory", "workshop", "moat"]
DONE = {"kind": "done"}
SKIP = {"kind": "skip"}


def test_cellar_discards_any_number_then_draws_that_many():
    state = scenario(["cellar", "estate", "estate", "copper"], deck=["gold", "silver", "duchy"],
                     kingdom=K)

    state = play(state, None, play_card("cellar"), pick("discard", "estate"), pick("discard",
                  "estate"), DONE)

    me = player(state)
    assert sorted(me["hand"]) == ["copper", "gold", "silver"]
    assert me["discard"] == ["estate", "estate"] and state["turn"]["actions"] == 1


def test_cellar_discards_are_in_the_reshuffle_of_its_own_draw():
    """"뽑을 카드가 부족해서 카드를 섞을 때는 지하 저장고 효과로 버린 카드들도 같이 섞습니다"."""
    state = scenario(["cellar", "estate", "duchy"], kingdom=K)

    state = play(state, None, play_card("cellar"), pick("discard", "estate"), pick("discard",
                  "duchy"))
    assert isinstance(step(state), Chance)
    state = chance(state)

    assert sorted(player(state)["hand"]) == ["duchy", "estate"]


def test_cellar_cannot_discard_itself():
    state = scenario(["cellar", "copper"], deck=["gold"], kingdom=K)

    state = play(state, None, play_card("cellar"))

    assert pick("discard", "cellar") not in moves(state)


def test_chapel_trashes_up_to_four_cards_from_hand():
    state = scenario(["chapel", "chapel", *["estate"] * 5], kingdom=K)

    state = play(state, None, play_card("chapel"), *[pick("trash", "estate")] * 3, pick("trash",
                  "chapel"))

    assert sorted(state["trash"]) == ["chapel", "estate", "estate", "estate"]
    assert prompt(state).kind == "turn"  # four trashed: the Chapel is done


def test_chapel_may_trash_nothing():
    state = scenario(["chapel", "copper"], kingdom=K)

    state = play(state, None, play_card("chapel"), DONE)

    assert state["trash"] == [] and player(state)["hand"] == ["copper"]


def test_remodel_trashes_a_card_and_gains_one_costing_up_to_two_more():
    state = scenario(["remodel", "silver", "gold", "gold"], kingdom=K, coins=0)

    state = play(state, None, play_card("remodel"), pick("trash", "silver"))
    gains = [m["card"] for m in moves(state)]
    state = play(state, None, pick("gain", "library"))

    assert "library" in gains and "gold" not in gains and "copper" in gains
    assert state["trash"] == ["silver"] and player(state)["discard"] == ["library"]


def test_remodel_cannot_trash_itself():
    """"사용한 개조 카드를 바로 제거하고 다른 카드를 획득할 수는 없습니다"."""
    state = scenario(["remodel", "remodel"], kingdom=K)

    state = play(state, None, play_card("remodel"))

    assert moves(state) == [pick("trash", "remodel")] and player(state)["play"] == ["remodel"]


def test_mine_second_edition_is_optional_and_gains_a_treasure_to_hand():
    state = scenario(["mine", "silver", "copper"], kingdom=K)

    state = play(state, None, play_card("mine"))
    assert SKIP in moves(state)
    state = play(state, None, pick("trash", "silver"))
    assert {m["card"] for m in moves(state)} == {"copper", "silver", "gold"}
    state = play(state, None, pick("gain", "gold"))

    assert sorted(player(state)["hand"]) == ["copper", "gold"]


def test_mine_first_edition_must_trash_a_treasure():
    state = scenario(["mine", "copper"], kingdom=K, edition="first")

    state = play(state, None, play_card("mine"))

    assert moves(state) == [pick("trash", "copper")]


def test_mine_without_a_treasure_is_still_asked_and_does_nothing():
    state = scenario(["mine", "estate"], kingdom=K)
    state = play(state, None, play_card("mine"))
    assert prompt(state).kind == "mine" and moves(state) == [SKIP]

    state = play(state, None, SKIP)

    assert prompt(state).kind == "turn" and player(state)["hand"] == ["estate"]


def test_moneylender_second_edition_may_trash_a_copper_for_three():
    state = scenario(["moneylender", "copper", "copper"], kingdom=K)

    state = play(state, None, play_card("moneylender"))
    assert SKIP in moves(state)
    state = play(state, None, pick("trash", "copper"))

    assert state["turn"]["coins"] == 3 and state["trash"] == ["copper"]


def test_moneylender_first_edition_must_trash_a_copper():
    state = scenario(["moneylender", "copper"], kingdom=K, edition="first")
    state = play(state, None, play_card("moneylender"))
    assert moves(state) == [pick("trash", "copper")]  # not optional

    state = play(state, None, pick("trash", "copper"))

    assert state["turn"]["coins"] == 3 and state["trash"] == ["copper"]


def test_moneylender_without_copper_is_still_asked_and_gives_nothing():
    state = scenario(["moneylender", "silver"], kingdom=K)
    state = play(state, None, play_card("moneylender"))
    assert moves(state) == [SKIP]

    state = play(state, None, SKIP)

    assert state["turn"]["coins"] == 0 and prompt(state).kind == "turn"


def test_artisan_gains_to_hand_then_puts_a_card_onto_the_deck():
    state = scenario(["artisan", "estate"], kingdom=K)

    state = play(state, None, play_card("artisan"))
    assert pick("gain", "gold") not in moves(state)
    state = play(state, None, pick("gain", "library"))
    assert {m["kind"] for m in moves(state)} == {"topdeck"}  # mandatory
    state = play(state, None, pick("topdeck", "library"))

    me = player(state)
    assert me["hand"] == ["estate"] and me["deck"] == ["library"]


def test_harbinger_may_put_a_discarded_card_onto_the_deck():
    state = scenario(["harbinger"], deck=["copper"], discard=["gold", "estate"], kingdom=K)

    state = play(state, None, play_card("harbinger"))
    assert SKIP in moves(state)
    state = play(state, None, pick("topdeck", "gold"))

    assert player(state)["deck"] == ["gold"] and player(state)["discard"] == ["estate"]


def test_vassal_playing_the_discarded_action_is_optional_and_uses_no_action():
    state = scenario(["vassal"], deck=["smithy", *["copper"] * 5], kingdom=K2[:9] + ["vassal"])

    state = play(state, None, play_card("vassal"))
    assert moves(state) == [play_card("smithy"), SKIP]
    state = play(state, None, play_card("smithy"))

    me = player(state)
    assert me["play"] == ["vassal", "smithy"] and len(me["hand"]) == 3
    assert state["turn"]["actions"] == 0 and state["turn"]["coins"] == 2


def test_vassal_discards_a_non_action_without_asking():
    state = scenario(["vassal"], deck=["gold"], kingdom=K)

    state = play(state, None, play_card("vassal"))

    assert player(state)["discard"] == ["gold"] and prompt(state).kind == "turn"


def test_vassal_declined_leaves_the_action_in_the_discard_pile():
    state = scenario(["vassal"], deck=["library"], kingdom=K)

    state = play(state, None, play_card("vassal"), SKIP)

    assert player(state)["discard"] == ["library"]


def test_library_draws_to_seven_and_discards_set_aside_actions_afterwards():
    state = scenario(["library", "copper", "copper"], deck=["vassal", "silver", "sentry",
                                                            "gold", "estate", "duchy", "curse"],
                     kingdom=K)

    state = play(state, None, play_card("library"))
    assert prompt(state).kind == "library"
    state = play(state, None, {"kind": "set_aside"})
    assert player(state)["aside"] == ["vassal"]
    assert moves(state) == [{"kind": "keep"}]  # silver: asked too, it can only be kept
    state = play(state, None, *[{"kind": "keep"}] * 5)  # silver, sentry, gold, estate, duchy

    me = player(state)
    assert sorted(me["hand"]) == sorted(["copper", "copper", "silver", "sentry", "gold",
                                         "estate", "duchy"])
    assert me["discard"] == ["vassal"] and me["aside"] == []


def test_library_set_aside_cards_miss_a_reshuffle_during_the_draw():
    """"치워둔 카드들은 일단 버리지 않고, 이미 버려진 카드들만 섞어서 새 덱을 만든 뒤"."""
    state = scenario(["library"] + ["copper"] * 4, deck=["vassal", "silver"],
                     discard=["gold"], kingdom=K)

    state = play(state, None, play_card("library"), {"kind": "set_aside"}, {"kind": "keep"})
    state = chance(state)
    state = play(state, None, {"kind": "keep"})

    me = player(state)
    assert sorted(me["hand"]) == ["copper"] * 4 + ["gold", "silver"]
    assert me["discard"] == ["vassal"]


def test_library_with_seven_cards_in_hand_draws_nothing():
    state = scenario(["library"] + ["copper"] * 7, deck=["gold"], kingdom=K)

    state = play(state, None, play_card("library"))

    assert len(player(state)["hand"]) == 7 and player(state)["deck"] == ["gold"]


def test_sentry_draws_first_then_looks_at_two_and_handles_them_in_the_order_chosen():
    state = scenario(["sentry"], deck=["copper", "estate", "gold", "silver"], kingdom=K)

    state = play(state, None, play_card("sentry"))
    assert player(state)["hand"] == ["copper"]
    assert sorted(player(state)["look"]) == ["estate", "gold"]
    state = play(state, None, pick("trash", "estate"), pick("topdeck", "gold"))

    assert state["trash"] == ["estate"]
    assert list(reversed(player(state)["deck"])) == ["gold", "silver"]


def test_sentry_puts_back_in_the_order_chosen_the_last_on_top():
    state = scenario(["sentry"], deck=["copper", "silver", "gold"], kingdom=K)

    state = play(state, None, play_card("sentry"), pick("topdeck", "gold"), pick("topdeck",
                  "silver"))

    assert list(reversed(player(state)["deck"])) == ["silver", "gold"]


def test_sentry_shuffles_when_fewer_than_two_cards_remain_to_look_at():
    state = scenario(["sentry"], deck=["copper", "estate"], discard=["gold"], kingdom=K)

    state = play(state, None, play_card("sentry"))
    assert isinstance(step(state), Chance)
    state = chance(state)

    assert sorted(player(state)["look"]) == ["estate", "gold"]


def test_poacher_discards_a_card_per_empty_supply_pile_curse_and_copper_included():
    state = scenario(["poacher", "estate", "copper", "silver"], deck=["duchy"], kingdom=K2)
    state = {**state, "supply": {**state["supply"], "curse": 0, "copper": 0}}

    state = play(state, None, play_card("poacher"), pick("discard", "estate"))
    assert prompt(state).kind == "poacher"
    state = play(state, None, pick("discard", "duchy"))

    assert sorted(player(state)["hand"]) == ["copper", "silver"]
    assert prompt(state).kind == "turn"


def test_poacher_with_too_few_cards_discards_the_whole_hand():
    state = scenario(["poacher"], kingdom=K2)
    state = {**state, "supply": {**state["supply"], "curse": 0, "copper": 0, "gold": 0}}

    state = play(state, None, play_card("poacher"))

    assert player(state)["hand"] == [] and prompt(state).kind == "turn"


def test_merchant_adds_one_coin_to_the_first_silver_only():
    state = scenario(["merchant", "silver", "silver"], deck=["copper"], kingdom=K2)

    state = play(state, None, play_card("merchant"), {"kind": "play_treasures"})

    assert state["turn"]["coins"] == 2 + 2 + 1 + 1


def test_merchant_bonus_goes_to_the_first_silver_played_one_at_a_time():
    state = scenario(["merchant", "village", "silver", "silver"], deck=["copper"], kingdom=K2)

    state = play(state, None, play_card("merchant"), play_card("silver"), play_card("silver"))

    assert state["turn"]["coins"] == 5


def test_merchant_without_silver_gives_nothing():
    state = scenario(["merchant", "gold"], deck=["copper"], kingdom=K2)

    state = play(state, None, play_card("merchant"), {"kind": "play_treasures"})

    assert state["turn"]["coins"] == 4


def test_remodel_limit_ignores_coins_already_made():
    """"다른 행동 카드나 보물 카드로 돈을 더 지불해서 비싼 카드를 얻거나 할 수 없습니다"."""
    state = scenario(["remodel", "estate"], kingdom=K, coins=5)

    state = play(state, None, play_card("remodel"), pick("trash", "estate"))

    assert pick("gain", "silver") in moves(state) and pick("gain", "duchy") not in moves(state)
