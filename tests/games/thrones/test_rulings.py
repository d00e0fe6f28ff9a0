"""The rulings README.md adopts, each pinned (the worked examples pin the others)."""

from __future__ import annotations

from domain.games.thrones import RULES
from domain.games.thrones.state import gain_power
from tests.games.driver import moves, play, prompt

from .helpers import (
    LANNISTER,
    PASS,
    STARK,
    blank,
    challenges_for,
    give_gold,
    place,
    rec,
    set_plot,
    start,
)


def test_got_r_4_plot_decks_are_public_and_a_chosen_plot_is_hidden_until_revealed():
    state = blank(phase="plot")
    state["players"][LANNISTER]["plots"] = ["blockade", "hear-me-roar"]
    state["players"][LANNISTER]["choice"] = "hear-me-roar"
    state = start(state, {"op": "choose_plots"})  # Stark has not chosen yet
    seen = RULES.view(state, STARK)["players"][LANNISTER]
    assert seen["plot_deck"] == ["blockade", "hear-me-roar"]
    assert seen["plot_chosen"] is True and seen["chosen_plot"] is None
    assert RULES.view(state, LANNISTER)["players"][LANNISTER]["chosen_plot"] == "hear-me-roar"


def test_got_r_5_a_short_deck_draws_what_it_has_and_an_empty_one_nothing():
    state = blank(phase="draw")
    state["players"][STARK]["deck"] = ["great-keep"]
    state = start(state, {"op": "draw"})
    assert state["players"][STARK]["hand"] == ["great-keep"]
    assert state["players"][LANNISTER]["hand"] == [] and state["result"] is None


def test_got_r_7_the_first_player_acts_first_in_the_other_players_marshalling_turn():
    state = blank(first=STARK, phase="marshalling")
    place(state, STARK, "maester-luwin")  # no marshalling action: Stark is not asked
    state["players"][STARK]["hand"] = ["distraction"]  # a marshalling event: Stark is asked
    place(state, LANNISTER, "lannisport-steward")
    state["players"][LANNISTER]["hand"] = ["great-keep"]
    state = start(state, {"op": "window", "mode": "action", "phase": "marshalling",
                          "seat": STARK, "passes": 0, "active": LANNISTER})
    assert prompt(state).seat == STARK
    state = play(state, None, PASS)
    assert prompt(state).seat == LANNISTER  # the active player; its turn ends on passes
    assert {"kind": "marshal", "card": "great-keep", "host": ""} in moves(state)


def test_got_r_16_a_challenge_whose_attackers_all_left_is_won_by_a_defender():
    state = blank(first=LANNISTER)
    state["players"][STARK]["hand"] = ["great-keep"]  # so Stark is asked in the window
    hound = place(state, LANNISTER, "the-hound-box")
    guard = place(state, STARK, "stark-guard")
    state = challenges_for(state, LANNISTER)
    state = play(state, None, {"kind": "challenge", "type": "military"},
                 {"kind": "attacker", "card": hound})
    from domain.games.thrones.zones import leave_play
    state = play(state, STARK, PASS)
    leave_play(state, hound, "discard")
    state = play(state, None, {"kind": "defender", "card": guard})
    state = play(state, STARK, PASS) if prompt(state).kind == "window" else state
    assert state["players"][STARK]["dead"] == []  # no claim
    assert state["players"][LANNISTER]["power"] == 0  # no unopposed win either
    assert rec(state, guard)["knelt"]


def test_got_r_21_both_players_reaching_15_at_once_the_first_player_wins():
    state = blank(first=LANNISTER)
    state["players"][STARK]["power"] = 15
    state["players"][LANNISTER]["power"] = 14
    gain_power(state, LANNISTER, 1)
    assert state["result"]["winners"] == [LANNISTER]


def test_got_r_24_drunken_allegations_the_owner_kneels_first():
    state = blank(first=STARK, phase="plot")
    set_plot(state, LANNISTER, "drunken-allegations")
    mine = [place(state, LANNISTER, c) for c in ("lannisport-steward", "shae")]
    theirs = [place(state, STARK, c) for c in ("stark-guard", "arya-stark")]
    state = start(state, {"op": "when_revealed"})
    assert prompt(state).seat == LANNISTER and prompt(state).kind == "choose"
    state = play(state, None, {"kind": "choose", "card": mine[1]})
    assert prompt(state).seat == STARK
    state = play(state, None, {"kind": "choose", "card": theirs[0]})
    assert rec(state, mine[1])["knelt"] and rec(state, theirs[0])["knelt"]
    assert not rec(state, mine[0])["knelt"] and not rec(state, theirs[1])["knelt"]


def test_got_r_32_more_deadly_attackers_kill_a_defender_whoever_won():
    state = blank(first=STARK)
    grey_wind = place(state, STARK, "grey-wind")  # Deadly, STR 4
    defenders = [place(state, LANNISTER, c) for c in ("ser-jacelyn-bywater",
                                                        "enemy-informer")]  # 3 + 2
    state = challenges_for(state, STARK)
    state = play(state, None, {"kind": "challenge", "type": "military"},
                 {"kind": "attacker", "card": grey_wind},
                 {"kind": "defender", "card": defenders[0]},
                 {"kind": "defender", "card": defenders[1]})
    assert state["challenge"]["winner"] == LANNISTER
    assert prompt(state).kind == "deadly" and prompt(state).seat == LANNISTER
    assert [m["card"] for m in moves(state)] == defenders
    state = play(state, None, {"kind": "kill", "card": defenders[1]})
    assert state["players"][LANNISTER]["dead"] == ["enemy-informer"]


def test_the_power_of_blood_keeps_noble_characters_from_being_killed_or_picked():
    state = blank(first=LANNISTER)
    set_plot(state, LANNISTER, "the-power-of-blood")
    hound = place(state, LANNISTER, "the-hound-box")
    eddard = place(state, STARK, "eddard-stark-box", knelt=True)
    state = challenges_for(state, LANNISTER)
    state = play(state, None, {"kind": "challenge", "type": "military"},
                 {"kind": "attacker", "card": hound})
    assert rec(state, eddard)["card"] == "eddard-stark-box"


def test_a_window_asks_a_seat_holding_cards_whether_or_not_it_can_play_one():
    # The rule of README "Windows never tell what a hand holds": Lannister's deck has
    # dominance-phase events, so Lannister is asked holding any card; with no card, it is not.
    for hand, asked in ((["great-keep"], True), ([], False)):
        state = blank(first=LANNISTER, phase="dominance")
        state["players"][LANNISTER]["hand"] = list(hand)
        give_gold(state, LANNISTER, 2)
        state = start(state, {"op": "plot_window"})
        if asked:
            assert moves(state, LANNISTER) == [PASS]
        else:
            assert state["pending"] == []
