"""Bots play ``lcg`` games whose decks (legal decklists, as players register them) hold the
authored keyword cards and another House's cards: every step keeps the kernel contract, every
card stays in exactly one place (Shadows included), and the games end."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from domain.games.thrones import RULES
from domain.games.thrones.decks import card_ids, check, ready_for
from domain.kernel import Decision, Over
from tests.games.playout import bots_choose, check_illegal_moves_change_nothing, walk

from .test_playouts import cards_everywhere

AUTHORED = ["wolfswood-raider", "lannisport-cutthroat", "clegane-outrider", "umber-berserker",
            "bereaved-bannerman", "westerlands-avenger", "winterfell-sentry",
            "casterly-rock-sentinel", "doomed-sellsword", "a-last-letter", "the-crannogman",
            "whisperer-in-the-dark", "hidden-holdfast", "northern-steel", "heirloom-blade"]


def keyword_decks() -> list[dict]:
    """Both ready-made decks with two copies of every authored keyword card (other Houses'
    included): legal decklists."""
    decks = []
    for seat in range(2):
        deck = ready_for(seat)
        decks.append({**deck, "cards": deck["cards"] + [[card, 2] for card in AUTHORED]})
        assert check(decks[-1]) == []
    return decks


def everything_of(state: dict, seat: int) -> Counter:
    p = state["players"][seat]
    return cards_everywhere(state, seat) + Counter(p.get("shadows", []) +
                                                   p.get("setup_shadows", []))


@pytest.mark.parametrize("bots", [("random", "random"), ("planner", "random")], ids=str)
def test_bots_play_lcg_games_with_every_keyword_card_to_the_end(bots):
    seen: set[str] = set()
    for seed in range(3):
        decks = [Counter(card_ids(deck)) for deck in keyword_decks()]
        for visit in walk(RULES, RULES.setup({"profile": "lcg", "decks": keyword_decks()}, 2),
                          random.Random(seed), label="c:{count}",
                          choose=bots_choose(RULES, [RULES.bots[bot] for bot in bots]),
                          first_prompt=True, check=True):
            if isinstance(visit.step, Decision) and visit.count % 25 == 0:
                check_illegal_moves_change_nothing(RULES, visit.state, visit.step, 2)
            if visit.move is None:
                continue
            seen.add(str(visit.move.get("kind")))
            if visit.state["players"][0]["house"]:  # once the decks are taken up (setup step 2)
                assert [everything_of(visit.state, s) for s in (0, 1)] == decks, "a card is lost"
        assert isinstance(visit.step, Over), "the game did not end"
    if bots == ("random", "random"):  # the new moves come up in play
        assert {"ambush", "shadow", "from_shadows", "stand"} <= seen
