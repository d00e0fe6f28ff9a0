"""The public position builder (positions.py; README "Positions"): a position stated in the
rulebook's terms, and the results a player reads off the table in the view (each side's STR,
the winner, unopposed, the initiative winner) rather than in log text."""

from __future__ import annotations

import pytest

from domain.games.thrones import RULES, BadPosition, position
from domain.games.thrones.cards import BOX
from domain.kernel import Decision
from tests.games.driver import play, prompt

STARK_SIDE = {"house": "Stark", "revealed_plot": "Blockade"}
LANNISTER_SIDE = {"house": "Lannister", "revealed_plot": "Blockade"}


def test_cards_named_by_printed_name_stand_or_kneel_with_their_power_and_attachments():
    state = position({}, 2, {"phase": "challenges", "players": [
        {**STARK_SIDE, "standing": [{"card": "Eddard Stark", "power": 2,
                                     "attachments": ["Ice"]}], "gold": 3, "power": 4,
         "hand": ["Summer"]},
        {**LANNISTER_SIDE, "kneeling": ["Tyrion Lannister"]}]})
    played = {rec["card"]: rec for rec in state["play"]}
    assert played["eddard-stark-box"]["power"] == 2 and not played["eddard-stark-box"]["knelt"]
    assert played["ice"]["host"] == played["eddard-stark-box"]["uid"]
    assert played["tyrion-lannister"]["knelt"]
    stark = state["players"][0]
    assert (stark["gold"], stark["power"], stark["hand"]) == (3, 4, ["summer"])
    assert state["pool"] == {"gold": 80 - 3, "power": 60 - 4 - 2}  # tokens come from the pool


def test_a_phase_position_starts_at_the_beginning_of_that_phase():
    state = position({}, 2, {"phase": "challenges", "first_player": 1, "players": [
        {**STARK_SIDE, "standing": ["Stark Guard"]},
        {**LANNISTER_SIDE, "standing": ["The Hound"]}]})
    assert state["phase"] == "challenges"
    asked = prompt(state)
    assert (asked.seat, asked.kind) == (1, "challenge")  # the first player declares first


def test_a_challenge_in_progress_asks_the_defender_and_the_view_shows_each_sides_strength():
    state = position({}, 2, {"players": [
        {**STARK_SIDE, "kneeling": ["Eddard Stark"]},
        {**LANNISTER_SIDE, "standing": ["Tyrion Lannister"]}],
        "challenge": {"type": "power", "attacker": 0, "attackers": ["Eddard Stark"]}})
    assert prompt(state).kind == "defenders" and prompt(state).seat == 1
    shown = RULES.view(state, None)["challenge"]
    assert shown["totals"] == {"attacker": 3, "defender": 0}
    assert shown["winner"] is None and shown["unopposed"] is None


def test_an_undefended_military_challenge_shows_its_winner_and_unopposed_in_the_view():
    state = position({}, 2, {"players": [
        {**STARK_SIDE, "kneeling": ["Eddard Stark"]},
        {**LANNISTER_SIDE, "standing": ["The Hound", "Lannisport Steward"]}],
        "challenge": {"type": "military", "attacker": 0, "attackers": ["Eddard Stark"]}})
    state = play(state, None, {"kind": "done"})  # no defenders
    while prompt(state).kind == "window":
        state = play(state, None, {"kind": "pass"})
    assert prompt(state).kind == "military_claim"  # the claim: the defender kills one
    shown = RULES.view(state, 1)["challenge"]
    assert shown["winner"] == 0 and shown["unopposed"] is True
    assert shown["totals"] == {"attacker": 3, "defender": 0}


def test_a_defended_challenge_resolves_next():
    state = position({}, 2, {"players": [
        {**STARK_SIDE, "kneeling": ["Eddard Stark"]},
        {**LANNISTER_SIDE, "kneeling": ["The Hound", "Lannisport Steward"]}],
        "challenge": {"type": "military", "attacker": 0, "attackers": ["Eddard Stark"],
                      "defenders": ["The Hound"]}})
    while prompt(state).kind == "window":
        state = play(state, None, {"kind": "pass"})
    shown = RULES.view(state, None)["challenge"]
    assert shown["winner"] == 0 and shown["unopposed"] is False
    assert shown["totals"] == {"attacker": 3, "defender": 3}  # a tie goes to the attacker


def test_the_view_names_the_initiative_winner_while_the_first_player_is_chosen():
    state = position({}, 2, {"phase": "plot", "players": [
        {"house": "Stark", "plots": ["Blockade"]},  # initiative 4
        {"house": "Lannister", "plots": ["Planning Ahead"]}]})  # initiative 0
    while prompt(state).kind != "first_player":
        step = RULES.next(state)
        assert isinstance(step, Decision)
        first = step.prompts[0]
        state = play(state, first.seat, first.legal_moves[0])
    assert prompt(state).seat == 0
    assert RULES.view(state, 1)["initiative_winner"] == 0


def test_the_initiative_result_stays_in_the_state_and_view_after_the_first_player_is_chosen():
    """Rules 2.2.0: a later position still shows who won initiative, and on what."""
    state = position({}, 2, {"phase": "plot", "players": [
        {"house": "Stark", "plots": ["Blockade"]},  # initiative 4
        {"house": "Lannister", "plots": ["Planning Ahead"]}]})  # initiative 0
    while prompt(state).kind != "first_player":
        state = play(state, None, prompt(state).legal_moves[0])
    state = play(state, 0, {"kind": "first_player", "seat": 1})
    later = RULES.view(state, None)
    assert later["initiative_winner"] is None  # the choice is made
    assert later["last_initiative"] == {"round": state["round"], "initiative": [4, 0],
                                        "winner": 0, "drawn": False}
    assert state["last_initiative"] == later["last_initiative"]


def test_the_last_challenges_result_stays_in_the_state_and_view_after_it_ends():
    """Rules 2.2.0: once the challenge is over (``challenge`` is null) a later position still
    shows each side's STR, the winner and whether it was unopposed."""
    state = position({}, 2, {"players": [
        {**STARK_SIDE, "kneeling": ["Eddard Stark"]},
        {**LANNISTER_SIDE, "standing": ["The Hound", "Lannisport Steward"]}],
        "challenge": {"type": "military", "attacker": 0, "attackers": ["Eddard Stark"]}})
    assert RULES.view(state, None)["last_challenge"] is None  # none resolved yet
    state = play(state, None, {"kind": "done"})  # no defenders
    while state["challenge"] is not None:
        state = play(state, None, prompt(state).legal_moves[0])
    expected = {"round": state["round"], "type": "military", "attacker": 0, "defender": 1,
                "totals": {"attacker": 3, "defender": 0}, "winner": 0, "unopposed": True}
    assert state["last_challenge"] == expected
    assert RULES.view(state, 1)["last_challenge"] == expected


def test_a_defended_challenges_kept_result_names_the_defender_as_winner_not_unopposed():
    state = position({}, 2, {"players": [
        {**STARK_SIDE, "kneeling": ["Eddard Stark"]},
        {**LANNISTER_SIDE, "kneeling": ["The Hound", "Tyrion Lannister"]}],
        "challenge": {"type": "power", "attacker": 0, "attackers": ["Eddard Stark"],
                      "defenders": ["The Hound", "Tyrion Lannister"]}})
    while state["challenge"] is not None:
        state = play(state, None, prompt(state).legal_moves[0])
    kept = RULES.view(state, 0)["last_challenge"]
    assert (kept["winner"], kept["unopposed"]) == (1, False)
    assert kept["totals"]["defender"] > kept["totals"]["attacker"] == 3


def test_a_plot_deck_left_out_is_the_rest_of_the_houses_so_the_next_plot_phase_asks():
    state = position({}, 2, {"phase": "taxation", "players": [
        {"house": "Stark", "revealed_plot": "Snowed Under", "used_plots": ["Mutual Enemies"]},
        {**LANNISTER_SIDE, "plots": [], "used_plots": ["Hear Me Roar", "Planning Ahead"]}]})
    stark, lannister = state["players"]
    assert stark["plots"] == sorted(set(BOX.plot_decks["stark"])
                                    - {"snowed-under", "mutual-enemies"})
    # Told empty, the deck takes its used pile back, as an emptied deck does.
    assert (lannister["plots"], lannister["used"]) == (["hear-me-roar", "planning-ahead"], [])
    while state["phase"] != "plot" or not isinstance(RULES.next(state), Decision):
        state = play(state, None, prompt(state).legal_moves[0])
    assert {p.seat for p in RULES.next(state).prompts} == {0, 1}


def test_a_position_with_no_plot_left_anywhere_is_refused_in_words():
    with pytest.raises(BadPosition) as refused:
        position({}, 2, {"players": [{**STARK_SIDE, "plots": []}, LANNISTER_SIDE]})
    assert refused.value.problems == [
        "seat 0: no plot is left in their plot deck or used pile, so the next plot phase "
        "would give them nothing to reveal"]


def test_a_melee_position_takes_a_target_as_the_defender():
    state = position({"profile": "lcg"}, 3, {"players": [
        {"house": "stark", "kneeling": ["Robb Stark"], "revealed_plot": "Blockade"},
        {"house": "lannister", "standing": ["Lannisport Steward"],
         "revealed_plot": "Blockade"},
        {"house": "lannister", "standing": ["Tyrion Lannister"], "revealed_plot": "Blockade"}],
        "challenge": {"type": "power", "attacker": 0, "defender": 2,
                      "attackers": ["Robb Stark"]}})
    while prompt(state).kind in ("window", "redirect"):
        state = play(state, None, {"kind": "pass"} if prompt(state).kind == "window"
                     else {"kind": "decline"})  # the Crown Regent's redirect
    assert (prompt(state).kind, prompt(state).seat) == ("defenders", 2)
    assert RULES.view(state, None)["challenge"]["target"] == 2


def test_a_description_that_states_no_position_is_refused_naming_every_problem():
    with pytest.raises(BadPosition) as refused:
        position({}, 2, {"phase": "lunch", "extra": 1, "players": [
            {"house": "Wolf", "hand": ["Nobody"]}, {"house": "Lannister", "standing": 3}]})
    assert refused.value.problems == [
        "the position has no part called 'extra' (its parts: round, phase, first_player, "
        "players, challenge)",
        "phase is one of plot, draw, marshalling, challenges, dominance, standing, taxation, "
        "not 'lunch'",
        "seat 0: house is one of stark, lannister, not 'wolf'",
        "seat 0 hand: there is no card called 'Nobody'",
        "seat 1 standing is a list"]
    with pytest.raises(BadPosition, match="one player a seat"):
        position({}, 2, {"players": []})
    with pytest.raises(BadPosition, match="seat 1 is an object of named parts"):
        position({}, 2, {"players": [{"house": "stark"}, "lannister"]})
    with pytest.raises(BadPosition, match="an object of named parts"):
        position({}, 2, ["players"])  # type: ignore[arg-type]
    with pytest.raises(BadPosition, match="has no Tyrion Lannister in play"):
        position({}, 2, {"players": [{"house": "stark", "standing": ["Eddard Stark"]},
                                     {"house": "lannister"}],
                         "challenge": {"type": "power", "attacker": 0,
                                       "attackers": ["Eddard Stark"],
                                       "defenders": ["Tyrion Lannister"]}})
