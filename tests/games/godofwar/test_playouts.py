"""Whole games through the kernel's contract (``tests/games/playout.py``) at 1-4 seats, the
hidden-information check (``tests/games/hidden.py``), conservation of every card, and the
bots answering every prompt from their seat's view. (The contract suite runs its own playouts
of every registered game at the smallest and largest seat counts; these cover 2 and 3 as
well, and the party bot.)"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from domain.games import get_rules
from domain.games.godofwar import RULES
from domain.games.godofwar.state import starting_cards, upgrade_cards
from domain.kernel import Decision, Over, Rules
from tests.games.hidden import check_position
from tests.games.playout import bots_choose, playout, refold, walk
from tests.games.test_hidden_information import check_playouts

from . import scramble


@pytest.fixture
def hosted() -> Rules:
    """God of War as the registry hosts it for new games: this package's rules."""
    rules = get_rules("godofwar")
    assert rules.version == RULES.version
    return rules


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
def test_random_playouts_at_every_seat_count_end_and_replay_to_the_same_hashes(hosted, seats):
    for seed in range(3):
        events, hashes, result = playout(hosted, {}, seats, seed, check_every=7)
        assert refold(hosted, {}, seats, events) == hashes
        assert result.shared in ("win", "loss", None)
        assert len(result.scores) == seats


def test_random_playouts_of_the_first_game_variant_end(hosted):
    for seats in (2, 4):
        _, _, result = playout(hosted, {"first_game": True}, seats, 5, check_every=11)
        assert result.shared in ("win", "loss", None)


def test_what_a_seat_may_not_know_changes_nothing_it_is_shown(hosted):
    checked = sum(check_playouts(hosted, scramble.scramble, _everything, options, games=2)
                  for options in ({}, {"first_game": True}))
    assert checked > 0


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_at_several_seats_what_a_seat_may_not_know_changes_nothing_it_is_shown(hosted, seats):
    """As above, at the table sizes the contract suite's check (which plays the smallest
    count, solo) does not reach: specials asked of other seats, Mimir beside his carrier."""
    rng = random.Random(f"godofwar-hidden-{seats}")
    checked = 0
    for visit in walk(hosted, hosted.setup({}, seats), rng, label="h", steps=3000):
        if isinstance(visit.step, Decision) and checked < 12 and rng.random() < 0.2:
            for seat in range(seats):
                checked += check_position(hosted, scramble.scramble, visit.state, seat, rng)
    assert checked > 0


def _everything(view: dict, lines: str) -> object:
    from tests.games.hidden import everything
    return everything(view, lines)


def every_card(state: dict[str, Any]) -> Counter[str]:
    """Every action, status and crystal card wherever it is: decks, hands, discard piles, the
    upgrade deck, the revealed cards, the supplies and the box."""
    counts: Counter[str] = Counter(state["upgrade_deck"] + state["revealed"] + state["boxed"])
    for player in state["players"]:
        counts.update(player["deck"] + player["hand"] + player["discard"])
    for card, left in state["supply"].items():
        counts[card] += left
    return counts


def the_box(state: dict[str, Any]) -> Counter[str]:
    counts: Counter[str] = Counter(upgrade_cards())
    for player in state["players"]:
        if player["hero"] is not None:
            counts.update(starting_cards(player["hero"]))
    counts.update({"stun": 10, "poison": 10, "destruction-crystal": 10})
    return counts


def bot_game(seats: int, seed: int, bot: str) -> tuple[dict[str, Any], Over, int]:
    for visit in walk(RULES, RULES.setup({}, seats), random.Random(seed), label="x",
                      choose=bots_choose(RULES, [RULES.bots[bot]] * seats), steps=50_000):
        state = visit.state
        if state["stage"] not in ("hero", "deal", "quests", "bosses"):  # no upgrade deck yet
            assert every_card(state) == the_box(state), f"a card went astray at step {visit.count}"
        if isinstance(visit.step, Over):
            return state, visit.step, visit.count
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
def test_every_card_is_in_exactly_one_place_through_whole_party_bot_games(seats):
    for seed in range(2):
        state, result, _ = bot_game(seats, seed, "party")
        assert result.shared in ("win", "loss", None)


def test_the_random_bot_plays_whole_games_with_legal_moves():
    state, result, _ = bot_game(2, 9, "random")
    assert result.shared == "loss" and result.winners == []


def test_a_party_of_four_can_win_two_quests_and_the_final_boss_together():
    state, result, _ = bot_game(4, 1, "party")  # a game the party bots win
    assert result.shared == "win" and result.winners == [0, 1, 2, 3]
    assert state["quests_won"] == 2 and state["campaign"]["current"] in state["campaign"][
        "bosses"]
    assert result.scores == [3] * 4 and all(type(s) is int for s in result.scores)
