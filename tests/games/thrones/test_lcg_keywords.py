"""The reference sheet's keywords (digest §6.1), each on an authored card that carries it,
in both profiles where the sheet's keyword is concerned (GOT-R-41), and the box-variant
cards' DATA versions that ``lcg`` decks hold (GOT-R-42/43)."""

from __future__ import annotations

from domain.games.thrones import RULES
from domain.games.thrones.zones import discard_from_play, leave_play
from tests.games.driver import chance, moves, play, prompt

from .helpers import (
    LANNISTER,
    PASS,
    STARK,
    blank,
    blank_lcg,
    challenges_for,
    give_gold,
    pass_windows,
    place,
    rec,
    start,
    window,
)


def attack(state: dict, seat: int, kind: str, attackers: list[str],
           defenders: list[str]) -> dict:
    """``seat`` declares a ``kind`` challenge with ``attackers``; the other side defends with
    ``defenders``; windows pass; up to the resolution's first question."""
    state = challenges_for(state, seat)
    state = play(state, None, {"kind": "challenge", "type": kind})
    for uid in attackers:
        state = play(state, None, {"kind": "attacker", "card": uid})
    if question_kind(state) == "attackers":
        state = play(state, None, {"kind": "done"})
    state = pass_windows(state)
    if question_kind(state) == "stealth":
        state = play(state, None, {"kind": "skip"})
    for uid in defenders:
        state = play(state, None, {"kind": "defender", "card": uid})
    if question_kind(state) == "defenders":
        state = play(state, None, {"kind": "done"})
    return pass_windows(state)


def question_kind(state: dict) -> str | None:
    """The kind of the next question, if any."""
    return prompt(state).kind if state["pending"] else None


# ---- Ambush (GOT-R-35) ----

def test_ambush_puts_the_card_into_play_from_hand_in_any_phase_by_any_player():
    state = blank_lcg(first=STARK)
    state["players"][LANNISTER]["hand"] = ["lannisport-cutthroat"]
    give_gold(state, LANNISTER, 2)
    state = window(state, "dominance")  # not Lannister's marshalling turn: any window
    offered = {"kind": "ambush", "card": "lannisport-cutthroat", "host": ""}
    assert offered in moves(state, LANNISTER)
    state = play(state, LANNISTER, offered)
    cutthroat = next(c for c in state["play"] if c["card"] == "lannisport-cutthroat")
    assert not cutthroat["knelt"] and cutthroat["controller"] == LANNISTER
    assert state["players"][LANNISTER]["gold"] == 0 and state["players"][LANNISTER]["hand"] == []


def test_an_ambushed_card_is_put_into_play_not_played_so_limited_and_played_responses_stay():
    state = blank_lcg(first=STARK, phase="marshalling")
    state["players"][STARK]["hand"] = ["wolfswood-raider"]
    give_gold(state, STARK, 3)
    state = window(state, "marshalling", active=STARK)
    state = play(state, STARK, {"kind": "ambush", "card": "wolfswood-raider", "host": ""})
    assert state["players"][STARK]["limited"] is False
    assert all(t["kind"] != "played" for t in state["triggers"])
    line = RULES.describe(state, state, {"type": "move", "seat": STARK}, LANNISTER)
    assert "put into play by Ambush" in line and "Wolfswood Raider" in line


def test_ambush_needs_the_whole_gold_cost_and_the_out_of_house_penalty_in_lcg():
    state = blank_lcg(first=STARK)
    state["players"][STARK]["hand"] = ["lannisport-cutthroat"]  # a Lannister card: 2 + 2
    give_gold(state, STARK, 3)
    state = window(state, "challenges")
    assert not any(m["kind"] == "ambush" for m in moves(state, STARK))
    give_gold(state, STARK, 1)
    state = window(state, "challenges")
    state = play(state, STARK, {"kind": "ambush", "card": "lannisport-cutthroat", "host": ""})
    assert state["players"][STARK]["gold"] == 0


def test_ambush_works_in_the_box_profile_too_without_any_penalty():
    state = blank(first=STARK)
    state["players"][STARK]["hand"] = ["lannisport-cutthroat"]
    give_gold(state, STARK, 2)
    state = window(state, "challenges")
    state = play(state, STARK, {"kind": "ambush", "card": "lannisport-cutthroat", "host": ""})
    assert [c["card"] for c in state["play"]] == ["lannisport-cutthroat"]


def test_a_seat_that_could_pay_for_an_ambush_card_its_deck_may_hold_is_asked_whatever_it_holds():
    # Its decklist is hidden, so what may be in it is every card a Stark deck may hold: the
    # cheapest Ambush card of those is the Wolfswood Raider (3 gold; the Cutthroat costs 2 + 2).
    state = blank_lcg(first=STARK)
    state["players"][STARK]["hand"] = ["great-keep"]  # no Ambush card in it
    give_gold(state, STARK, 3)
    state = window(state, "challenges")
    assert prompt(state).seat == STARK and moves(state) == [PASS]
    state["players"][STARK]["hand"] = []  # holding nothing, it is asked nothing
    assert not (start(state, {"op": "window", "mode": "action", "phase": "challenges",
                              "seat": STARK, "passes": 0, "active": None})["pending"])


# ---- Intimidate (GOT-R-33) ----

def test_intimidate_defenders_with_lower_str_than_the_attacker_count_no_str():
    state = blank_lcg(first=LANNISTER)
    outrider = place(state, LANNISTER, "clegane-outrider")  # STR 4, Intimidate
    guards = [place(state, STARK, "stark-guard") for _ in range(3)]  # STR 2 each: 6
    state = attack(state, LANNISTER, "military", [outrider], guards)
    # 4 against 0, not 4 against 6: the attacker wins and Stark must pay the claim.
    assert prompt(state).kind == "military_claim" and prompt(state).seat == STARK


def test_intimidate_spares_defenders_as_strong_and_never_touches_the_attackers():
    state = blank(first=LANNISTER)  # a keyword of the sheet: both profiles (GOT-R-41)
    attackers = [place(state, LANNISTER, "clegane-outrider"),  # STR 4, Intimidate
                 place(state, LANNISTER, "westerlands-avenger")]  # STR 2: counts
    defenders = [place(state, STARK, "winterfell-honor-guard"),  # STR 4: counts
                 place(state, STARK, "winterfell-sentry"), place(state, STARK, "stark-guard")]
    state["players"][STARK]["power"] = 3
    state["pool"]["power"] -= 3
    state = finish(attack(state, LANNISTER, "power", attackers, defenders[:2]))
    # 6 against 4 (not 6 against 6 + 2, nor unopposed): claim 2, no unopposed power.
    assert state["players"][LANNISTER]["power"] == 2
    assert state["players"][STARK]["power"] == 1


def finish(state: dict) -> dict:
    """Pass every window and decline every stand, up to the end of the challenge."""
    while state["challenge"] is not None and question_kind(state) in ("window", "keyword_stand"):
        state = play(state, None, PASS if question_kind(state) == "window" else {"kind": "done"})
    return state


# ---- Vigilant and Vengeful ----

def test_vigilant_cards_may_stand_after_winning_as_the_attacker_even_if_not_attacking():
    state = blank_lcg(first=STARK)
    sentry = place(state, STARK, "winterfell-sentry")
    resting = place(state, STARK, "winterfell-sentry", knelt=True)  # did not take part
    state = attack(state, STARK, "power", [sentry], [])
    asked = prompt(state)
    assert asked.kind == "keyword_stand" and asked.seat == STARK
    assert {m.get("card") for m in asked.legal_moves} == {sentry, resting, None}
    state = play(state, None, {"kind": "stand", "card": sentry}, {"kind": "stand", "card": resting})
    assert not rec(state, sentry)["knelt"] and not rec(state, resting)["knelt"]


def test_vengeful_cards_may_stand_after_losing_as_the_defender():
    state = blank(first=LANNISTER)  # both profiles (GOT-R-41)
    avenger = place(state, LANNISTER, "westerlands-avenger")  # STR 2
    bannerman = place(state, STARK, "bereaved-bannerman")  # STR 2, Vengeful: ties lose
    state = attack(state, LANNISTER, "power", [avenger], [bannerman])
    assert prompt(state).kind == "keyword_stand" and prompt(state).seat == STARK
    state = play(state, None, {"kind": "stand", "card": bannerman})
    assert not rec(state, bannerman)["knelt"]


def test_nothing_stands_when_the_defender_wins():
    state = blank_lcg(first=STARK)
    sentry = place(state, STARK, "winterfell-sentry")  # Vigilant, STR 2
    sentinel = place(state, LANNISTER, "casterly-rock-sentinel")  # Vigilant, STR 3
    state = finish(attack(state, STARK, "military", [sentry], [sentinel]))
    assert rec(state, sentry)["knelt"] and rec(state, sentinel)["knelt"]
    assert state["challenge"] is None


# ---- Deathbound ----

def test_a_deathbound_card_discarded_from_play_goes_to_the_dead_pile():
    state = blank_lcg()
    sellsword = place(state, LANNISTER, "doomed-sellsword")
    discard_from_play(state, sellsword)
    assert state["players"][LANNISTER]["dead"] == ["doomed-sellsword"]
    assert state["players"][LANNISTER]["discard"] == []


def test_a_deathbound_card_discarded_from_hand_goes_to_the_discard_pile():
    state = blank_lcg()
    state["players"][LANNISTER]["hand"] = ["doomed-sellsword"]
    state = start(state, {"op": "random_discard", "seat": LANNISTER, "k": 1, "why": "claim"})
    state = chance(state, [0])
    assert state["players"][LANNISTER]["discard"] == ["doomed-sellsword"]
    assert state["players"][LANNISTER]["dead"] == []


def test_a_deathbound_event_played_from_hand_goes_to_the_dead_pile_after_it_resolves():
    state = blank_lcg(first=STARK)
    state["players"][STARK]["hand"] = ["a-last-letter"]
    state["players"][STARK]["deck"] = ["great-keep"]
    state = window(state, "dominance")
    state = play(state, STARK, {"kind": "use", "source": "hand", "card": "a-last-letter",
                                "ability": 0, "target": "", "trigger": -1})
    assert state["players"][STARK]["hand"] == ["great-keep"]
    assert state["players"][STARK]["dead"] == ["a-last-letter"]
    assert state["players"][STARK]["discard"] == []


# ---- Stalwart (GOT-R-34), on the DATA Eddard Stark of lcg decks ----

def test_stalwart_sends_a_killed_card_to_the_top_of_its_deck_but_not_one_discarded_from_hand():
    state = blank_lcg()
    state["players"][STARK]["deck"] = ["great-keep"]
    eddard = place(state, STARK, "eddard-stark")
    leave_play(state, eddard, "dead")
    assert state["players"][STARK]["deck"][-1] == "eddard-stark"
    assert state["players"][STARK]["dead"] == []
    state["players"][STARK]["hand"] = ["eddard-stark"]
    state = start(state, {"op": "random_discard", "seat": STARK, "k": 1, "why": "claim"})
    state = chance(state, [0])
    assert state["players"][STARK]["discard"] == ["eddard-stark"]


# ---- No Attachments except Weapon ----

def test_no_attachments_except_weapon_takes_a_weapon_and_refuses_any_other_attachment():
    state = blank_lcg(first=STARK, phase="marshalling")
    jon = place(state, STARK, "jon-snow")
    guard = place(state, STARK, "stark-guard")
    state["players"][STARK]["hand"] = ["heirloom-blade", "milk-of-the-poppy"]
    give_gold(state, STARK, 5)
    state = window(state, "marshalling", active=STARK)
    offered = {(m["card"], m["host"]) for m in moves(state, STARK) if m["kind"] == "marshal"}
    assert ("heirloom-blade", jon) in offered and ("heirloom-blade", guard) in offered
    assert ("milk-of-the-poppy", jon) not in offered
    assert ("milk-of-the-poppy", guard) in offered


# ---- Stealth and immunity (§6.1: "Immunity to the opponent's effects also blocks it") ----

def stealth_choices(state: dict) -> set[str]:
    ghost = place(state, STARK, "ghost")  # Stealth, military
    place(state, LANNISTER, "ser-jacelyn-bywater")  # immune to character abilities
    place(state, LANNISTER, "the-hound-box")
    state = challenges_for(state, STARK)
    state = play(state, None, {"kind": "challenge", "type": "military"},
                 {"kind": "attacker", "card": ghost})
    state = pass_windows(state)
    assert prompt(state).kind == "stealth"
    return {rec(state, m["card"])["card"] for m in moves(state) if m["kind"] == "stealth"}


def test_in_lcg_stealth_cannot_choose_a_character_immune_to_character_abilities():
    assert stealth_choices(blank_lcg(first=STARK)) == {"the-hound-box"}


def test_the_box_keeps_its_rulebooks_stealth_which_may_choose_an_immune_character():
    assert stealth_choices(blank(first=STARK)) == {"the-hound-box", "ser-jacelyn-bywater"}
