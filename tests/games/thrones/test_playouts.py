"""Random playouts through the kernel contract (``tests/games/playout.py``), with Thrones'
conservation checks: every card of both decks in exactly one place, gold and power counted
against the token pool. The game is not registered yet (README, "Status"), so these tests
run the contract on it directly."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from domain.games.thrones import RULES
from domain.games.thrones.cards import BOX
from domain.games.thrones.state import TOKENS
from domain.kernel import BadOptions, Over
from tests.games.playout import bots_choose, option_variants, playout, refold, walk


def cards_everywhere(state: dict, owner: int) -> Counter:
    p = state["players"][owner]
    found = Counter(p["deck"] + p["hand"] + p["discard"] + p["dead"] + p["setup"])
    for rec in state["play"]:
        if rec["owner"] == owner:
            found[rec["card"]] += 1
            found.update(rec["dups"])
    return found


def check_conservation(state: dict) -> None:
    if not state["players"][0]["house"]:
        return
    for seat, p in enumerate(state["players"]):
        assert cards_everywhere(state, seat) == Counter(
            {cid: n for cid, n in BOX.decks[p["house"]]}), "a card is lost or doubled"
        plots = p["plots"] + p["used"] + [x for x in (p["revealed"],) if x]
        if not state["options"]["plot_draft"]:
            assert sorted(plots) == sorted(BOX.plot_decks[p["house"]])
        elif state["round"] > 0:
            assert len(plots) == 7
    gold = state["pool"]["gold"] + sum(p["gold"] for p in state["players"]) + sum(
        rec.get("gold", 0) for rec in state["play"])
    power = state["pool"]["power"] + sum(p["power"] for p in state["players"]) + sum(
        rec["power"] for rec in state["play"])
    assert (gold, power) == (TOKENS["gold"], TOKENS["power"]), "tokens are made or lost"


def bot_game(bots: tuple[str, str], seed: int, check: bool = False) -> Over:
    for visit in walk(RULES, RULES.setup({}, 2), random.Random(seed), label="c:{count}",
                      choose=bots_choose(RULES, [RULES.bots[bot] for bot in bots]),
                      first_prompt=True):
        if check:
            check_conservation(visit.state)
        if isinstance(visit.step, Over):
            return visit.step
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("options", list(option_variants(RULES)), ids=str)
def test_random_playouts_keep_the_contract_and_replay_to_the_same_hashes(options):
    for seed in range(4):
        events, hashes, result = playout(RULES, options, 2, seed, check_every=4)
        assert refold(RULES, options, 2, events) == hashes
        assert result.winners and max(result.scores) >= 15


def test_every_card_and_token_stays_accounted_for_in_bot_games():
    for seed in range(3):
        result = bot_game(("random", "planner"), seed, check=True)
        assert len(result.winners) == 1


def test_the_planner_beats_the_random_bot_more_often_than_not():
    wins = sum(bot_game(("planner", "random") if g % 2 else ("random", "planner"), g)
               .winners[0] == (0 if g % 2 else 1) for g in range(20))
    assert wins >= 12


def test_unknown_options_and_seat_counts_are_refused():
    with pytest.raises(BadOptions):
        RULES.setup({"houses": "stark"}, 2)
    with pytest.raises(BadOptions):
        RULES.setup({}, 3)
    with pytest.raises(BadOptions):
        RULES.setup({"plot_draft": 1}, 2)
