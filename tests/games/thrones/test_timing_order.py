"""The order of things that happen at the same moment (D6, §4.1): the first player chooses."""

from __future__ import annotations

from tests.games.driver import moves, play, prompt

from .helpers import LANNISTER, STARK, blank, set_plot, start


def _favors_and_decree() -> dict:
    """Stark (first player) reveals Counting Favors (both draw 3), Lannister Rule by Decree
    (the biggest hand discards down to 4); both hold 3 cards."""
    state = blank(phase="plot", first=STARK)
    set_plot(state, STARK, "counting-favors")
    set_plot(state, LANNISTER, "rule-by-decree")
    for seat in (STARK, LANNISTER):
        state["players"][seat]["hand"] = ["great-keep"] * 3
        state["players"][seat]["deck"] = ["summer"] * 5
    return start(state, {"op": "when_revealed"})


def test_the_first_player_chooses_the_order_of_both_when_revealed_abilities():
    state = _favors_and_decree()
    asked = prompt(state)
    assert asked.seat == STARK and asked.kind == "reveal_order"
    assert moves(state) == [{"kind": "reveal_order", "first": STARK},
                            {"kind": "reveal_order", "first": LANNISTER}]


def test_decree_first_then_favors_leaves_both_hands_at_six():
    state = play(_favors_and_decree(), None, {"kind": "reveal_order", "first": LANNISTER})
    assert state["pending"] == []
    assert [len(p["hand"]) for p in state["players"]] == [6, 6]


def test_favors_first_then_decree_makes_both_discard_to_four():
    state = play(_favors_and_decree(), None, {"kind": "reveal_order", "first": STARK})
    assert prompt(state).kind == "decree" and prompt(state).seat == LANNISTER
    state = play(state, None, *[{"kind": "discard", "card": "summer"}] * 2)
    assert prompt(state).kind == "decree" and prompt(state).seat == STARK
    state = play(state, None, *[{"kind": "discard", "card": "summer"}] * 2)
    assert [len(p["hand"]) for p in state["players"]] == [4, 4]


def test_a_single_when_revealed_ability_resolves_without_asking():
    state = blank(phase="plot", first=STARK)
    set_plot(state, STARK, "counting-favors")  # Lannister's Mutual Blackmail has none in 2p
    for seat in (STARK, LANNISTER):
        state["players"][seat]["deck"] = ["summer"] * 5
    state = start(state, {"op": "when_revealed"})
    assert state["pending"] == []
    assert [len(p["hand"]) for p in state["players"]] == [3, 3]
