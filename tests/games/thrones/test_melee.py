"""Melee (digest §2.4, GOT-R-37, GOT-R-38; the `lcg` profile): three to six players, every
"in turn" step clockwise from the first player, challenges naming a target opponent (not
yourself, not one a plot forbids), the claim paid by the target, dominance and the win among
many. Titles and their relations are in ``test_melee_titles.py``."""

from __future__ import annotations

import pytest

from domain.games.thrones import RULES
from domain.games.thrones.state import total_power
from domain.kernel import BadOptions, Chance, Decision
from tests.games.driver import chance, moves, play, prompt, step

from .helpers import (
    PASS,
    attacker,
    blank_melee,
    challenge_against,
    challenges_for,
    give_gold,
    pass_windows,
    place,
    rec,
    set_plot,
    settle,
    start,
    use_move,
)

DONE = {"kind": "done"}


# ---- seats ----

@pytest.mark.parametrize("seats", [3, 4, 5, 6])
def test_the_two_player_box_refuses_three_to_six_players_and_names_the_lcg_profile(seats):
    with pytest.raises(BadOptions, match="exactly 2 players.*profile: lcg"):
        RULES.setup({}, seats)


def test_the_full_card_game_takes_two_to_six_players_and_no_more():
    for seats in range(2, 7):
        assert len(RULES.setup({"profile": "lcg"}, seats)["players"]) == seats
    with pytest.raises(BadOptions, match="2 to 6 players"):
        RULES.setup({"profile": "lcg"}, 7)


def test_the_plot_draft_is_refused_for_more_than_two_players():
    with pytest.raises(BadOptions, match="two-player variant"):
        RULES.setup({"profile": "lcg", "plot_draft": True}, 3)


def test_five_players_take_up_the_ready_made_decks_and_announce_the_mulligan_in_turn():
    state = RULES.setup({"profile": "lcg"}, 5)
    drawing = step(state)  # §2.3 step 1: the first player for setup, drawn in public
    assert isinstance(drawing, Chance) and drawing.spec["faces"] == [0, 1, 2, 3, 4]
    state = settle(chance(state, 3))
    houses = [p["house"] for p in state["players"]]
    assert houses == ["stark", "lannister", "stark", "lannister", "stark"]
    assert all(len(p["hand"]) == 7 for p in state["players"])
    asked = []
    for _ in range(5):  # GOT-R-2: announced in turn, clockwise from the setup first player
        found = step(state)
        assert isinstance(found, Decision) and len(found.seats) == 1
        assert found.prompts[0].kind == "mulligan"
        asked.append(found.prompts[0].seat)
        state = play(state, None, {"kind": "keep"})
    assert asked == [3, 4, 0, 1, 2]


def test_every_player_chooses_a_plot_at_once_and_all_are_revealed_together():
    state = start(blank_melee(4, phase="plot"), {"op": "choose_plots"}, {"op": "reveal_plots"},
                  {"op": "end_phase"})
    for p in state["players"]:
        p["plots"] = ["calm-over-westeros", "the-power-of-arms"]
    found = step(state)
    assert isinstance(found, Decision) and sorted(found.seats) == [0, 1, 2, 3]
    for seat in (0, 1, 2):
        state = play(state, seat, {"kind": "plot", "card": "calm-over-westeros"})
        assert state["players"][seat]["revealed"] == "mutual-enemies"  # not yet revealed
    state = play(state, 3, {"kind": "plot", "card": "the-power-of-arms"})
    assert [p["revealed"] for p in state["players"]] == ["calm-over-westeros"] * 3 + [
        "the-power-of-arms"]


# ---- initiative among many (GOT-R-38) ----

def test_initiative_tied_among_several_goes_to_the_one_with_least_power():
    state = blank_melee(4, phase="plot")
    for seat, plot in enumerate(["wildfire-assault", "blockade", "mutual-enemies",
                                 "drunken-allegations"]):  # initiative 4, 4, 2, 4
        set_plot(state, seat, plot)
    state["players"][0]["power"] = 3
    state["players"][1]["power"] = 1
    state["players"][3]["power"] = 2
    state = start(state, {"op": "initiative"}, {"op": "end_phase"})
    asked = prompt(state)
    assert asked.seat == 1 and asked.kind == "first_player"
    assert [m["seat"] for m in asked.legal_moves] == [1, 2, 3, 0]  # any seat, clockwise


def test_initiative_still_tied_after_power_is_a_public_pick_among_the_tied_only():
    state = blank_melee(5, phase="plot")
    for seat, plot in enumerate(["mutual-enemies", "blockade", "mutual-enemies", "blockade",
                                 "blockade"]):
        set_plot(state, seat, plot)
    state = start(state, {"op": "initiative"}, {"op": "end_phase"})
    found = step(state)
    assert isinstance(found, Chance)
    assert found.spec["n"] == 3 and found.spec["public"]  # seats 1, 3 and 4
    state = chance(state, [1])
    assert prompt(state).seat == 3


# ---- in turn, clockwise from the first player ----

def test_marshalling_turns_run_clockwise_from_the_first_player():
    state = blank_melee(4, first=2, phase="marshalling")
    state = start(state, {"op": "marshalling"})
    order = []
    for _ in range(4):
        asked = prompt(state)
        order.append(asked.seat)
        state = play(state, asked.seat, PASS)  # ends its turn (nobody else can act)
    assert order == [2, 3, 0, 1]


def test_challenge_turns_run_clockwise_from_the_first_player():
    state = blank_melee(3, first=1)
    for seat in range(3):
        place(state, seat, "knight-of-the-tumblestone")
    state = start(state, {"op": "challenges"})
    order = []
    for _ in range(3):
        asked = prompt(state)
        assert asked.kind == "challenge"
        order.append(asked.seat)
        state = play(state, asked.seat, {"kind": "end_challenges"})
    assert order == [1, 2, 0]


def test_an_action_window_closes_only_when_every_player_passes_in_a_row():
    state = blank_melee(4, first=1, phase="dominance")
    for seat in range(4):
        place(state, seat, "maester-luwin" if seat == 3 else "knight-of-the-tumblestone")
        state["players"][seat]["deck"] = ["direwolf-pup"] * 3
    state = start(state, {"op": "plot_window"}, {"op": "end_phase"})
    asked = prompt(state)
    assert asked.seat == 3  # the only one with an action; the others pass unasked
    state = play(state, 3, PASS)
    assert not state["pending"]


# ---- dominance and the win among many ----

def test_dominance_goes_to_the_single_highest_and_a_tie_at_the_top_gives_nobody_power():
    def dominance(gold: list[int]) -> list[int]:
        state = blank_melee(4)
        for seat, amount in enumerate(gold):
            give_gold(state, seat, amount)
        state = start(state, {"op": "award_dominance"})
        return [p["power"] for p in state["players"]]

    assert dominance([3, 5, 4, 0]) == [0, 1, 0, 0]
    assert dominance([5, 0, 5, 1]) == [0, 0, 0, 0]


def test_several_reaching_15_at_once_the_first_in_turn_order_wins():
    from domain.games.thrones.state import check_win
    state = blank_melee(4, first=2)
    for seat in (1, 3):
        state["players"][seat]["power"] = 15
    check_win(state)
    assert state["result"]["winners"] == [3]  # 2 (first), then 3, then 0, then 1
    assert len(state["result"]["scores"]) == 4


# ---- targets ----

def test_a_challenge_names_any_opponent_as_its_target_never_yourself():
    state = blank_melee(4, first=1)
    place(state, 1, "knight-of-the-tumblestone")
    for seat in (0, 2, 3):
        place(state, seat, "lannisport-steward")
    state = challenges_for(state, 1)
    targets = {m["target"] for m in moves(state) if m["kind"] == "challenge"}
    assert targets == {0, 2, 3}
    assert {m["type"] for m in moves(state) if m["kind"] == "challenge"} == {"military",
                                                                           "power"}


def test_mutual_enemies_picks_an_opponent_and_bars_military_between_them_this_round():
    state = blank_melee(4, first=0, phase="plot")
    state = start(state, {"op": "call", "fn": "when_revealed", "seat": 0}, {"op": "end_phase"})
    asked = prompt(state)
    assert asked.kind == "mutual" and asked.seat == 0
    assert [m["seat"] for m in asked.legal_moves] == [1, 2, 3]
    state = play(state, None, {"kind": "opponent", "seat": 2})
    state["phase"] = "challenges"
    for seat in range(4):
        place(state, seat, "knight-of-the-tumblestone")
    state = challenges_for(state, 0)
    offered = [(m["type"], m["target"]) for m in moves(state) if m["kind"] == "challenge"]
    assert ("military", 2) not in offered
    assert ("power", 2) in offered and ("military", 1) in offered
    state = challenges_for(state, 2)
    assert ("military", 0) not in [(m["type"], m["target"]) for m in moves(state)
                                  if m["kind"] == "challenge"]
    from domain.games.thrones.phases import run_round
    state["pending"] = [{"op": "round"}]
    run_round(state, state["pending"][-1])
    assert state["pacts"] == []  # "this round" only


def test_mutual_plots_do_nothing_with_a_single_opponent():
    state = blank_melee(2, phase="plot")
    set_plot(state, 1, "mutual-cause")
    state = start(state, {"op": "when_revealed"}, {"op": "end_phase"})
    assert not state["pending"] and not state.get("pacts")


def test_the_power_claim_moves_power_from_the_target_and_no_other_house():
    state = blank_melee(3, first=0)
    knight = place(state, 0, "knight-of-the-tumblestone")
    for seat in (1, 2):
        state["players"][seat]["power"] = 3
    state = challenges_for(state, 0)
    state = play(state, None, challenge_against("power", 2), attacker(knight))
    state = pass_windows(state)
    assert [p["power"] for p in state["players"]] == [2 + 1, 3, 1]  # claim 2, unopposed 1


def test_the_target_defends_and_pays_the_military_claim():
    state = blank_melee(3, first=0)
    war_host = place(state, 0, "war-host-of-the-north")
    pup = place(state, 2, "direwolf-pup")
    place(state, 1, "direwolf-pup")
    state = challenges_for(state, 0)
    state = play(state, None, challenge_against("military", 2), attacker(war_host))
    state = pass_windows(state)
    asked = prompt(state)
    assert asked.kind == "defenders" and asked.seat == 2
    state = play(state, 2, {"kind": "defender", "card": pup})  # its only defender
    state = pass_windows(state)
    assert "direwolf-pup" in state["players"][2]["dead"]
    assert state["players"][1]["dead"] == []


def test_stealth_bypasses_only_characters_of_the_target():
    state = blank_melee(3, first=0)
    lurkers = place(state, 0, "lurkers-at-harrenhal")  # Stealth
    theirs = place(state, 1, "lannisport-steward")
    other = place(state, 2, "lannisport-steward")
    state = challenges_for(state, 0)
    state = play(state, None, challenge_against("intrigue", 1), attacker(lurkers))
    state = pass_windows(state)
    asked = prompt(state)
    assert asked.kind == "stealth"
    assert {m.get("card") for m in asked.legal_moves} == {theirs, None}
    assert other not in {m.get("card") for m in asked.legal_moves}


def test_an_unopposed_win_against_the_target_gains_a_power():
    state = blank_melee(4, first=3)
    knight = place(state, 3, "knight-of-the-tumblestone")
    place(state, 1, "knight-of-the-tumblestone", knelt=True)
    state = challenges_for(state, 3)
    state = play(state, None, challenge_against("military", 1), attacker(knight))
    state = pass_windows(state)
    assert total_power(state, 3) == 1


# ---- Varys (DATA, melee only) ----

def test_varys_trades_plot_decks_and_used_piles_with_an_opponent_until_the_round_ends():
    state = blank_melee(3, first=0, phase="plot")
    varys = place(state, 0, "varys")
    state["players"][0].update(plots=["blockade"], used=["planning-ahead"])
    state["players"][2].update(plots=["the-power-of-arms", "snowed-under"], used=[])
    state = start(state, {"op": "plot_window"})
    use = next(m for m in moves(state, 0) if m.get("card") == "varys" and m["target"] == "p2")
    assert {m["target"] for m in moves(state, 0) if m.get("card") == "varys"} == {"p1", "p2"}
    state = play(state, 0, use)
    assert rec(state, varys)["knelt"]
    assert state["players"][0]["plots"] == ["the-power-of-arms", "snowed-under"]
    assert state["players"][2]["plots"] == ["blockade"]
    assert state["players"][2]["used"] == ["planning-ahead"]
    from domain.games.thrones.phases import run_round
    state["pending"] = [{"op": "round"}]
    run_round(state, state["pending"][-1])
    assert state["players"][0]["plots"] == ["blockade"]
    assert state["players"][0]["used"] == ["planning-ahead"]


def test_varys_does_nothing_with_a_single_opponent():
    state = blank_melee(2, first=0, phase="plot")
    place(state, 0, "varys")
    state = start(state, {"op": "plot_window"}, {"op": "end_phase"})
    assert not state["pending"]  # nobody was asked: no use of Varys to offer


def test_i_never_bet_against_my_family_is_for_the_player_claimed_on_not_a_bystander():
    state = blank_melee(4, first=0)
    knight = place(state, 0, "knight-of-the-tumblestone")
    for seat in (1, 3):  # both Lannister, each with a Lannister character, gold and the event
        place(state, seat, "lannisport-steward")
        give_gold(state, seat, 3)
        state["players"][seat]["hand"] = ["i-never-bet-against-my-family"]
    state = challenges_for(state, 0)
    state = play(state, None, challenge_against("power", 1), attacker(knight))
    offered = {}
    while state["pending"] and prompt(state).kind == "window":  # the challenge's windows
        seat = prompt(state).seat
        offered[seat] = offered.get(seat, False) or bool(
            use_move(state, seat, "i-never-bet-against-my-family"))
        state = play(state, None, PASS)
    assert offered[1] and not offered.get(3, False)
