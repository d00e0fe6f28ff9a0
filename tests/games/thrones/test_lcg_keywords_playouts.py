"""Bots play ``lcg`` games whose decks hold the authored keyword cards and another House's
cards (the decks part will let players register such decks; here they are put in before
the first shuffle): every step keeps the kernel contract, every card stays in exactly one
place (Shadows included), and the games end."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from domain.games.thrones import RULES
from domain.kernel import Chance, Decision, Over, ask_bot, derive_outcome
from tests.games.playout import check_illegal_moves_change_nothing, check_step

from .test_playouts import cards_everywhere

AUTHORED = ["wolfswood-raider", "lannisport-cutthroat", "clegane-outrider", "umber-berserker",
            "bereaved-bannerman", "westerlands-avenger", "winterfell-sentry",
            "casterly-rock-sentinel", "doomed-sellsword", "a-last-letter", "the-crannogman",
            "whisperer-in-the-dark", "hidden-holdfast", "northern-steel", "heirloom-blade"]


def with_keyword_cards(state: dict) -> dict:
    """Both decks get two copies of every authored keyword card (other Houses' included)."""
    for p in state["players"]:
        p["deck"] = sorted(p["deck"] + AUTHORED * 2)
        p["decklist"] = sorted(set(p["deck"]))
    return state


def everything_of(state: dict, seat: int) -> Counter:
    p = state["players"][seat]
    return cards_everywhere(state, seat) + Counter(p.get("shadows", []) +
                                                   p.get("setup_shadows", []))


@pytest.mark.parametrize("bots", [("random", "random"), ("planner", "random")], ids=str)
def test_bots_play_lcg_games_with_every_keyword_card_to_the_end(bots):
    seen: set[str] = set()
    for seed in range(3):
        rng = random.Random(seed)
        state = with_keyword_cards(RULES.setup({"profile": "lcg"}, 2))
        decks = [Counter(p["deck"]) for p in state["players"]]
        for count in range(20_000):
            step = check_step(RULES, state)
            if isinstance(step, Over):
                break
            if isinstance(step, Chance):
                state = RULES.apply_chance(state, derive_outcome(
                    step.spec, rng.randbytes(32), f"c:{count}"))
                continue
            assert isinstance(step, Decision)
            if count % 25 == 0:
                check_illegal_moves_change_nothing(RULES, state, step, 2)
            prompt = step.prompts[0]
            move = ask_bot(RULES, RULES.bots[bots[prompt.seat]], state, prompt,
                           rng.randrange)
            seen.add(str(move.get("kind")))
            state = RULES.apply_move(state, prompt.seat, move)
            assert [everything_of(state, s) for s in (0, 1)] == decks, "a card is lost"
        else:
            raise AssertionError("the game did not end")
    if bots == ("random", "random"):  # the new moves come up in play
        assert {"ambush", "shadow", "from_shadows", "stand"} <= seen
