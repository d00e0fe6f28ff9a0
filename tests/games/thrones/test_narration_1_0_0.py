"""Thrones 1.0.0's words (``released/thrones_1_0_0/narration.py``): every text of its random
games reads as words, and what it hides stays hidden from the log."""

from __future__ import annotations

from typing import Any

import pytest

from domain.games import get_rules
from domain.kernel import Audience, Chance, chance_context, derive_outcome, log_line
from released.thrones_1_0_0.cards import CARDS

from ..words import check_game

VERSION = "1.0.0"
RULES = get_rules("thrones", VERSION)
NAMES = ("ann (seat 0)", "bob (seat 1)")


@pytest.mark.parametrize("options", [{}, {"plot_draft": True}, {"houses": "random"}],
                         ids=["default", "plot-draft", "random-houses"])
def test_every_prompt_label_and_log_line_of_version_1_reads_as_words(
        options: dict[str, object]) -> None:
    assert RULES.narration is not None

    faults = check_game("thrones", options, 2, seed=11, version=VERSION)

    assert not faults, f"{len(faults)} faults, the first ones:\n" + "\n".join(faults[:15])


def deal() -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    """The random draws of setup up to the deal of 7 cards each: (before, after, event)."""
    state = RULES.setup({}, 2)
    while True:
        step = RULES.next(state)
        assert isinstance(step, Chance)
        outcome = derive_outcome(step.spec, bytes(32), chance_context("t", 1))
        after = RULES.apply_chance(state, outcome)
        if any(n["act"] == "drew" for n in after["notes"]):
            return state, after, {"type": "chance", "spec": step.spec, "outcome": outcome}
        state = after


def test_version_1_names_your_own_cards_dealt_and_counts_the_other_seats() -> None:
    before, after, event = deal()
    hand = sorted(CARDS[c].name for c in after["players"][0]["hand"])

    mine = log_line(RULES, before, after, event, Audience(NAMES, 0))
    theirs = log_line(RULES, before, after, event, Audience(NAMES, 1))
    spectator = log_line(RULES, before, after, event, Audience(NAMES))

    assert all(name in mine for name in hand) and "bob (seat 1) drew 7 cards." in mine
    assert "ann (seat 0) drew 7 cards." in theirs
    assert spectator.endswith("ann (seat 0) drew 7 cards. bob (seat 1) drew 7 cards.")
