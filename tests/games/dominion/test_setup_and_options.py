"""Setup and options: piles by player count, the kingdom options, the editions."""

from __future__ import annotations

import pytest

from domain.games.dominion import INFO, RULES
from domain.games.dominion.cards import FIRST_GAME, POOLS
from domain.kernel import BadOptions, Chance
from tests.games.driver import chance, moves, play

from .helpers import BASIC, end_turn, play_card, player, scenario, started


@pytest.mark.parametrize(("seats", "victory", "curses", "copper"),
                         [(2, 8, 10, 46), (3, 12, 20, 39), (4, 12, 30, 32)])
def test_supply_piles_depend_on_the_number_of_players(seats, victory, curses, copper):
    state = started({}, seats)

    supply = state["supply"]

    assert (supply["estate"], supply["duchy"], supply["province"]) == (victory,) * 3
    assert supply["curse"] == curses and supply["copper"] == copper
    assert supply["silver"] == 40 and supply["gold"] == 30
    assert all(supply[card] == 10 for card in FIRST_GAME)


@pytest.mark.parametrize(("seats", "gardens"), [(2, 8), (3, 12)])
def test_gardens_pile_has_as_many_cards_as_the_victory_piles(seats, gardens):
    state = started({"kingdom": [*BASIC[:9], "gardens"]}, seats)

    assert state["supply"]["gardens"] == gardens


def test_each_player_starts_with_seven_coppers_and_three_estates_shuffled_then_draws_five():
    state = started({}, 2)

    state = chance(chance(state))

    for seat in (0, 1):
        cards = player(state, seat)["hand"] + player(state, seat)["deck"]
        assert sorted(cards) == ["copper"] * 7 + ["estate"] * 3
        assert len(player(state, seat)["hand"]) == 5


def test_default_kingdom_is_the_seeds_recommended_first_game_set():
    state = started({}, 2)

    assert sorted(state["kingdom"]) == sorted(FIRST_GAME)


def test_explicit_kingdom_is_used():
    kingdom = ["chapel", "witch", "village", "smithy", "market", "moat", "gardens", "cellar",
               "feast", "spy"]

    state = started({"kingdom": kingdom}, 2)

    assert sorted(state["kingdom"]) == sorted(kingdom)


@pytest.mark.parametrize("edition", ["second", "first", "both"])
def test_random_kingdom_is_a_public_pick_of_ten_from_the_editions_pool(edition):
    state = started({"kingdom_choice": "random", "edition": edition}, 2)
    step = RULES.next(state)
    assert isinstance(step, Chance) and step.spec["kind"] == "pick"
    assert step.spec["public"] and step.spec["n"] == len(POOLS[edition])

    state = chance(state, list(range(10)))

    assert sorted(state["kingdom"]) == sorted(POOLS[edition][:10])


def test_edition_pools_hold_26_second_25_first_and_32_kingdom_cards():
    assert (len(POOLS["second"]), len(POOLS["first"]), len(POOLS["both"])) == (26, 25, 32)


def test_an_explicit_kingdom_with_kingdom_choice_random_is_refused():
    with pytest.raises(BadOptions):
        RULES.setup({"kingdom": BASIC, "kingdom_choice": "random"}, 2)


@pytest.mark.parametrize("kingdom", [BASIC[:9], [*BASIC[:9], "no_such_card"],
                                     [*BASIC[:9], "copper"]])
def test_a_kingdom_that_is_not_ten_kingdom_cards_is_refused(kingdom):
    with pytest.raises(BadOptions):
        RULES.setup({"kingdom": kingdom}, 2)


@pytest.mark.parametrize("seats", [1, 5])
def test_dominion_is_for_two_to_four_players(seats):
    with pytest.raises(BadOptions):
        RULES.setup({}, seats)


def test_catalog_names_the_options_and_every_bot():
    assert [o.name for o in INFO.options] == ["edition", "kingdom_choice", "first_seat",
                                              "kingdom"]
    assert set(INFO.bots) >= {"random", "big_money", "big_money_ultimate", "smithy", "witch",
                              "militia"}


def test_the_first_player_is_drawn_by_lot_in_a_public_roll_over_the_seats():
    # "제비뽑기로 시작 플레이어를 정합니다": the first player is chosen by lot.
    state = RULES.setup({}, 3)

    step = RULES.next(state)

    assert isinstance(step, Chance) and step.spec["kind"] == "roll"
    assert step.spec["faces"] == [0, 1, 2] and step.spec["public"]


def test_the_seat_drawn_takes_the_first_turn_and_turns_go_round_the_seating():
    state = chance(chance(chance(started({}, 3, first=2))))

    assert state["turn"]["seat"] == 2 and [p["turns"] for p in state["players"]] == [0, 0, 1]
    state = end_turn(state)
    assert state["turn"]["seat"] == 0 and [p["turns"] for p in state["players"]] == [1, 0, 1]


def test_a_fixed_first_seat_skips_the_lot():
    state = RULES.setup({"first_seat": 1}, 2)

    step = RULES.next(state)

    assert not (isinstance(step, Chance) and step.spec["kind"] == "roll")
    assert state["turn"]["seat"] == 1 and state["first"] == 1


@pytest.mark.parametrize("first", [2, -1, 1.0, True, "0"])
def test_a_first_seat_the_game_does_not_have_is_refused(first):
    with pytest.raises(BadOptions):
        RULES.setup({"first_seat": first}, 2)


def test_edition_both_uses_the_second_edition_wording():
    state = scenario(["throne_room", "smithy"], deck=["copper"] * 8, edition="both",
                     kingdom=["throne_room", *BASIC[:9]])

    state = play(state, None, play_card("throne_room"))

    assert {"kind": "skip"} in moves(state)
