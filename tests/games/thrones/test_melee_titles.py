"""Titles (digest §6.3; GOT-R-27..31, GOT-R-44): taking them, supports and opposes, and each
title's effect as the reference sheet words it, as a player at the table would notice it."""

from __future__ import annotations

from domain.games.thrones import RULES
from domain.kernel import Chance
from tests.games.driver import moves, play, prompt, step

from .helpers import (
    attacker,
    blank_melee,
    challenge_against,
    challenges_for,
    defender,
    give_gold,
    pass_windows,
    place,
    rec,
    start,
    use_move,
)

LAWS, HAND, WHISPERS = "master-of-laws", "hand-of-the-king", "master-of-whispers"
COIN, REGENT, KINGSGUARD = "master-of-coins", "crown-regent", "lord-commander-of-the-kingsguard"
DONE = {"kind": "done"}
DECLINE = {"kind": "decline"}


def targets(state: dict, kind: str) -> set[int]:
    return {m["target"] for m in moves(state) if m["kind"] == "challenge" and m["type"] == kind}


# ---- taking titles (GOT-R-30) ----

def test_each_player_takes_an_untaken_title_in_turn_from_the_first_player():
    state = start(blank_melee(4, first=2, phase="plot"), {"op": "titles"}, {"op": "end_phase"})
    asked = prompt(state)
    assert asked.seat == 2 and asked.kind == "title"
    assert {m["title"] for m in asked.legal_moves} == {LAWS, HAND, WHISPERS, COIN, REGENT,
                                                       KINGSGUARD}
    state = play(state, None, {"kind": "title", "title": REGENT})
    asked = prompt(state)
    assert asked.seat == 3 and REGENT not in {m["title"] for m in asked.legal_moves}
    state = play(state, None, {"kind": "title", "title": HAND}, {"kind": "title", "title": COIN},
                 {"kind": "title", "title": LAWS})
    state = start(state, {"op": "choose_plots"})  # what the view shows at the next question
    assert RULES.view(state, 0)["titles"] == [COIN, LAWS, REGENT, HAND]  # public to all
    assert RULES.view(state, None)["titles"] == [COIN, LAWS, REGENT, HAND]


def test_every_title_returns_each_plot_phase_and_the_same_may_be_taken_again():
    state = blank_melee(3, first=0, phase="plot", titles=[REGENT, HAND, LAWS])
    state = start(state, {"op": "titles"}, {"op": "end_phase"})
    assert {m["title"] for m in moves(state)} >= {REGENT, HAND, LAWS}
    state = play(state, None, {"kind": "title", "title": REGENT})
    assert state["titles"] == [REGENT, None, None]


def test_titles_are_taken_after_the_when_revealed_effects_of_the_plot_phase():
    state = blank_melee(3, first=None, phase="plot")
    for seat, plot in enumerate(["mutual-cause", "the-power-of-arms", "the-power-of-arms"]):
        state["players"][seat].update(plots=[plot], revealed=None, used=[])
    state = start(state, {"op": "plot"})
    state = play(state, None, {"kind": "first_player", "seat": 0})
    assert prompt(state).kind == "mutual"  # Mutual Cause's "when revealed" first
    state = play(state, None, {"kind": "opponent", "seat": 1})
    assert prompt(state).kind == "title" and prompt(state).seat == 0


def test_two_players_of_the_full_card_game_take_no_titles():
    state = blank_melee(2, phase="plot")
    state = start(state, {"op": "plot"})
    assert "titles" not in RULES.view(state, 0)


# ---- supports and opposes ----

def test_you_cannot_challenge_a_player_whose_title_you_support():
    state = blank_melee(3, first=0, titles=[LAWS, HAND, REGENT])  # Laws supports Hand
    place(state, 0, "knight-of-the-tumblestone")
    state = challenges_for(state, 0)
    assert targets(state, "military") == {2}


def test_winning_against_a_player_whose_title_you_oppose_claims_1_extra_power_once_a_round():
    state = blank_melee(3, first=0, titles=[COIN, HAND, REGENT])  # Coin opposes Hand
    state["limits"]["title:crown-regent"] = 1  # no redirect to answer here
    knights = [place(state, 0, "knight-of-the-tumblestone") for _ in range(2)]
    state = challenges_for(state, 0)
    state = play(state, None, challenge_against("military", 1), attacker(knights[0]), DONE)
    state = pass_windows(state)
    assert state["players"][0]["power"] == 1 + 1  # unopposed, and the oppose bonus
    state = play(state, None, challenge_against("power", 1), attacker(knights[1]))
    state = pass_windows(state)
    assert state["players"][0]["power"] == 2 + 1  # unopposed only: the bonus is spent


def test_no_oppose_bonus_against_a_player_you_do_not_oppose():
    state = blank_melee(3, first=0, titles=[COIN, LAWS, HAND])  # Coin supports Laws...
    state["titles"] = [COIN, REGENT, HAND]  # ...so the Regent; it redirects nothing here
    state["limits"]["title:crown-regent"] = 1
    knight = place(state, 0, "knight-of-the-tumblestone")
    state = challenges_for(state, 0)
    state = play(state, None, challenge_against("military", 1), attacker(knight))
    state = pass_windows(state)
    assert state["players"][0]["power"] == 1  # unopposed only


def supported_position(strength_card: str) -> tuple[dict, dict[str, str]]:
    """Seat 0 (Crown Regent) attacks seat 1 (Hand of the King) in a power challenge; seat 2
    (Master of Laws) supports the Hand."""
    state = blank_melee(3, first=0, titles=[REGENT, HAND, LAWS])
    state["limits"]["title:crown-regent"] = 1  # its redirect already used this round
    cards = {"attacker": place(state, 0, "knight-of-the-tumblestone"),  # STR 2 + Regent 3
             "theirs": place(state, 1, "knight-of-the-tumblestone"),
             "support": place(state, 2, strength_card)}
    state["players"][1]["power"] = 4
    state = challenges_for(state, 0)
    state = play(state, None, challenge_against("power", 1), attacker(cards["attacker"]))
    state = pass_windows(state)
    assert prompt(state).kind == "defenders" and prompt(state).seat == 1
    state = play(state, 1, DONE)  # the target declares no defenders
    return state, cards


def test_a_supporter_may_defend_for_a_supported_player_who_declared_no_defenders():
    state, cards = supported_position("war-host-of-the-north")  # STR 11, but no power icon
    assert state["challenge"] is None  # not asked: it has no character that could defend
    assert state["players"][1]["power"] == 2  # the claim, unopposed
    state, cards = supported_position("knight-of-the-tumblestone")
    asked = prompt(state)
    assert asked.kind == "support" and asked.seat == 2
    assert {m.get("card") for m in asked.legal_moves} == {cards["support"], None}


def test_the_supporter_who_defends_and_loses_leaves_the_claim_to_the_target():
    state, cards = supported_position("knight-of-the-tumblestone")
    state = play(state, 2, defender(cards["support"]))
    state = pass_windows(state)
    assert rec(state, cards["support"])["knelt"]  # it defended
    # 2 + 3 (Crown Regent, power) against 2: the attacker wins; the target pays claim 2.
    assert state["players"][1]["power"] == 2
    assert state["players"][0]["power"] == 2  # no unopposed power: someone defended
    assert state["players"][2]["power"] == 0


def test_the_supporter_who_declines_leaves_the_challenge_unopposed():
    state, cards = supported_position("knight-of-the-tumblestone")
    state = play(state, 2, DECLINE)
    state = pass_windows(state)
    assert state["players"][0]["power"] == 2 + 1
    assert not rec(state, cards["support"])["knelt"]


# ---- each title's own effect ----

def test_master_of_laws_draws_one_extra_card_in_the_draw_phase():
    state = blank_melee(3, first=0, phase="draw", titles=[HAND, LAWS, REGENT])
    for p in state["players"]:
        p["deck"] = ["direwolf-pup"] * 5
    state = start(state, {"op": "draw"})
    assert [len(p["hand"]) for p in state["players"]] == [2, 3, 2]


def test_master_of_laws_draws_its_extra_card_past_the_draw_cap():
    """GOT-R-26: "at most 5 a round, card effects included. Exception: Master of Laws"."""
    state = blank_melee(3, first=0, phase="draw", titles=[HAND, LAWS, REGENT])
    for p in state["players"]:
        p.update(deck=["direwolf-pup"] * 5, drawn=4)  # one draw left under the cap
    state = start(state, {"op": "draw"})
    assert [len(p["hand"]) for p in state["players"]] == [1, 2, 1]
    assert state["players"][1]["drawn"] == 5  # the title's card counts for nothing


def test_master_of_coin_gains_2_more_gold_of_income():
    state = blank_melee(3, first=0, phase="marshalling", titles=[COIN, LAWS, REGENT])
    state = start(state, {"op": "marshal_turn", "seat": 0})
    assert state["players"][0]["gold"] == 2 + 2  # Mutual Enemies' income 2, and the title
    state = blank_melee(3, first=0, phase="marshalling", titles=[LAWS, COIN, REGENT])
    state = start(state, {"op": "marshal_turn", "seat": 0})
    assert state["players"][0]["gold"] == 2


def strength_contest(kind: str, title: str, card: str) -> dict:
    """Seat 0 (``title``) attacks seat 1 with one ``card`` (STR 2) against two of them."""
    titles = [title, *[t for t in (HAND, COIN) if t != title]]
    state = blank_melee(3, first=0, titles=titles)
    mine = place(state, 0, card)
    theirs = [place(state, 1, card) for _ in range(2)]
    state["players"][1].update(power=3, hand=["direwolf-pup"] * 3)
    state = challenges_for(state, 0)
    state = play(state, None, challenge_against(kind, 1), attacker(mine))
    state = pass_windows(state)
    state = play(state, 1, defender(theirs[0]), defender(theirs[1]))
    return pass_windows(state)


def test_master_of_whispers_adds_3_to_its_total_strength_in_an_intrigue_challenge():
    state = strength_contest("intrigue", WHISPERS, "lannisport-steward")
    found = step(state)  # won 5 to 4: the claim, 2 cards of the target's hand at random
    assert isinstance(found, Chance) and found.spec["k"] == 2
    assert found.spec["what"].endswith("seat 1's hand")
    state = strength_contest("intrigue", KINGSGUARD, "lannisport-steward")
    assert len(state["players"][1]["hand"]) == 3  # lost 2 to 4


def test_the_crown_regent_adds_3_in_a_power_challenge_and_wins_it():
    state = strength_contest("power", REGENT, "knight-of-the-tumblestone")
    assert state["players"][1]["power"] == 1  # won 5 to 4: claim 2 moved
    state = strength_contest("military", REGENT, "knight-of-the-tumblestone")
    assert state["players"][1]["dead"] == []  # no bonus in military: lost 2 to 4


def test_the_lord_commander_adds_3_in_a_military_challenge_and_its_claim_kills():
    state = strength_contest("military", KINGSGUARD, "knight-of-the-tumblestone")
    assert len(state["players"][1]["dead"]) == 2  # won 5 to 4: claim 2
    state = strength_contest("military", REGENT, "knight-of-the-tumblestone")
    assert state["players"][1]["dead"] == []  # lost 2 to 4


def test_a_title_adds_nothing_to_a_side_with_no_participating_character():
    state = blank_melee(3, first=0, titles=[REGENT, WHISPERS, COIN])
    steward = place(state, 0, "lannisport-steward")
    state = challenges_for(state, 0)
    state = play(state, None, challenge_against("intrigue", 1), attacker(steward))
    state = pass_windows(state)
    assert state["challenge"] is None and state["players"][0]["power"] == 1  # unopposed


def test_the_hand_of_the_king_provides_2_influence_once_a_round_without_kneeling():
    state = blank_melee(3, first=0, phase="dominance", titles=[HAND, LAWS, COIN])
    arya = place(state, 0, "arya-stark")  # "kneel 1 influence": no influence card in play
    lurkers = place(state, 1, "lurkers-at-harrenhal")  # Stealth
    state = start(state, {"op": "plot_window"})
    take = next(m for m in use_move(state, 0, "arya-stark")
                if m["target"] == f"{HAND}>{lurkers}")
    state = play(state, 0, take)
    from domain.games.thrones.stats import keywords
    assert "Stealth" in keywords(state, rec(state, arya))
    assert not any(c["knelt"] for c in state["play"])  # the title kneels nothing
    state = start(state, {"op": "plot_window"})
    assert use_move(state, 0, "arya-stark") == []  # used this round


def test_without_the_hand_an_influence_cost_needs_influence_in_play():
    state = blank_melee(3, first=0, phase="dominance", titles=[LAWS, HAND, COIN])
    place(state, 0, "arya-stark")
    place(state, 1, "lurkers-at-harrenhal")
    state = start(state, {"op": "plot_window"}, {"op": "end_phase"})
    assert use_move(state, 0, "arya-stark") == []


# ---- the Crown Regent's redirect (GOT-R-29) ----

def regent_position(titles: list[str]) -> tuple[dict, str]:
    state = blank_melee(4, first=0, titles=titles)
    knight = place(state, 0, "knight-of-the-tumblestone")
    for seat in (1, 2, 3):
        place(state, seat, "direwolf-pup")
    state = challenges_for(state, 0)
    return play(state, None, challenge_against("military", 1), attacker(knight)), knight


def test_the_crown_regent_makes_the_attacker_choose_another_legal_target():
    state, _ = regent_position([COIN, HAND, REGENT, WHISPERS])
    asked = prompt(state)
    assert asked.kind == "redirect" and asked.seat == 2
    state = play(state, None, {"kind": "redirect"})
    asked = prompt(state)
    assert asked.kind == "retarget" and asked.seat == 0
    assert {m["seat"] for m in asked.legal_moves} == {2, 3}  # the Regent included
    state = play(state, None, {"kind": "target", "seat": 2})
    state = pass_windows(state)
    assert prompt(state).kind == "defenders" and prompt(state).seat == 2
    assert state["players"][0]["challenges"] == ["military"]  # counted once


def test_the_crown_regent_redirects_once_a_round():
    state = blank_melee(4, first=0, titles=[COIN, HAND, REGENT, WHISPERS])
    state["limits"]["title:crown-regent"] = 1  # redirected a challenge earlier this round
    knight = place(state, 0, "knight-of-the-tumblestone")
    place(state, 1, "direwolf-pup")
    state = challenges_for(state, 0)
    state = play(state, None, challenge_against("military", 1), attacker(knight))
    state = pass_windows(state)
    assert prompt(state).kind == "defenders" and prompt(state).seat == 1


def test_no_redirect_is_offered_when_the_attacker_has_no_other_legal_target():
    state = blank_melee(3, first=0, titles=[LAWS, REGENT, HAND])  # Laws supports the Hand
    knight = place(state, 0, "knight-of-the-tumblestone")
    place(state, 1, "direwolf-pup")
    state = challenges_for(state, 0)
    state = play(state, None, challenge_against("military", 1), attacker(knight))
    assert prompt(state).kind != "redirect"


# ---- the Lord Commander of the Kingsguard (GOT-R-27) ----

def kingsguard_position(kind: str = "military") -> tuple[dict, dict[str, str]]:
    """Seat 0 attacks seat 1 with a Knight (STR 2); seat 2 is the Lord Commander."""
    state = blank_melee(3, first=0, titles=[REGENT, LAWS, KINGSGUARD])
    cards = {"knight": place(state, 0, "knight-of-the-tumblestone"),
             "pup": place(state, 1, "direwolf-pup"),
             "guard": place(state, 2, "knight-of-the-tumblestone")}
    state["players"][0]["power"] = 3
    state = challenges_for(state, 0)
    state = play(state, None, challenge_against(kind, 1), attacker(cards["knight"]))
    state = pass_windows(state)
    return state, cards


def test_the_lord_commander_may_take_an_undefended_military_challenge_onto_itself():
    state, cards = kingsguard_position()
    state = play(state, 1, DONE)
    asked = prompt(state)
    assert asked.kind == "kingsguard" and asked.seat == 2
    state = play(state, None, {"kind": "take_challenge"})
    assert state["challenge"]["target"] == 2
    state = pass_windows(state)  # the window after attackers, reopened
    asked = prompt(state)
    assert asked.kind == "defenders" and asked.seat == 2
    state = play(state, 2, defender(cards["guard"]))
    state = pass_windows(state)
    # 2 + 3 (its own title's military bonus) against 2: the holder wins and takes 1 power
    # from the attacker's House.
    assert state["players"][0]["power"] == 2 and state["players"][2]["power"] == 1
    assert state["players"][1]["dead"] == []


def test_the_lord_commander_who_takes_the_challenge_and_loses_pays_the_claim():
    state, cards = kingsguard_position()
    state = play(state, 1, DONE)
    state = play(state, None, {"kind": "take_challenge"})
    state = pass_windows(state)
    state = play(state, 2, DONE)  # declares no defender after all
    state = pass_windows(state)
    assert "knight-of-the-tumblestone" in state["players"][2]["dead"]
    assert state["players"][1]["dead"] == []


def test_the_lord_commander_is_not_offered_a_defended_or_a_power_challenge():
    state, cards = kingsguard_position()
    state = play(state, 1, defender(cards["pup"]))  # its only defender
    state = pass_windows(state)
    assert "direwolf-pup" in state["players"][1]["dead"]  # the target paid; nobody took it
    state = blank_melee(3, first=0, titles=[REGENT, LAWS, KINGSGUARD])
    knight = place(state, 0, "knight-of-the-tumblestone")
    place(state, 2, "knight-of-the-tumblestone")
    state["players"][1]["power"] = 3
    state = challenges_for(state, 0)
    state = play(state, None, challenge_against("power", 1), attacker(knight))
    state = pass_windows(state)  # seat 1 has no defender; no question to the holder
    assert state["challenge"] is None
    assert state["players"][1]["power"] == 1 and state["players"][2]["power"] == 0


def test_the_view_shows_who_holds_which_title_to_every_seat():
    state = blank_melee(3, titles=[KINGSGUARD, WHISPERS, COIN])
    state = start(state, {"op": "choose_plots"})
    for seat in (0, 1, 2, None):
        assert RULES.view(state, seat)["titles"] == [KINGSGUARD, WHISPERS, COIN]


def test_gold_in_the_pool_is_untouched_by_titles_outside_marshalling():
    state = blank_melee(3, first=0, phase="dominance", titles=[COIN, LAWS, HAND])
    give_gold(state, 0, 1)
    state = start(state, {"op": "award_dominance"})
    assert state["players"][0]["gold"] == 1
