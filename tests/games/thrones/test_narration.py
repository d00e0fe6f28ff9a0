"""Thrones' words (``narration.py``): log lines for each audience and the buttons' labels.

Log lines are read from random games through the kernel's ``log_line`` (as every seat, a
spectator and the public record) and from single notes; labels from real prompts of
positions built with ``helpers``."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

from domain.games import get_rules
from domain.games.thrones.cards import CARDS
from domain.kernel import (
    Audience,
    Chance,
    Decision,
    Over,
    chance_context,
    derive_outcome,
    log_line,
    move_labels,
)
from tests.games.driver import play, prompt

from .helpers import LANNISTER, STARK, blank, blank_melee, challenges_for, give_gold, place, window

RULES = get_rules("thrones")
NAMES = ("ann (seat 0)", "bob (seat 1)", "cy (seat 2)", "dee (seat 3)")
YOU = re.compile(r"\b(You|you|Your|your|yourself)\b")

Event = tuple[dict[str, Any], dict[str, Any], dict[str, Any]]


def events(options: dict[str, Any], seats: int, seed: int, steps: int) -> Iterator[Event]:
    """(before, after, event) of a random game's first ``steps`` steps."""
    pick = random.Random(seed)
    state = RULES.setup(options, seats)
    for number in range(steps):
        step = RULES.next(state)
        if isinstance(step, Over):
            return
        if isinstance(step, Chance):
            outcome = derive_outcome(step.spec, bytes(32), chance_context("t", number))
            event = {"type": "chance", "spec": step.spec, "outcome": outcome}
            after = RULES.apply_chance(state, outcome)
        else:
            asked = step.prompts[pick.randrange(len(step.prompts))]
            move = asked.legal_moves[pick.randrange(len(asked.legal_moves))]
            event = {"type": "move", "seat": asked.seat, "move": move}
            after = RULES.apply_move(state, asked.seat, move)
        yield state, after, event
        state = after


def line(before: dict[str, Any], after: dict[str, Any], event: dict[str, Any],
         seat: int | None = None, everything: bool = False) -> str:
    names = NAMES[:len(before["players"])]
    return log_line(RULES, before, after, event, Audience(names, seat, everything))


def first(found: Iterator[Event], test: Any) -> Event:
    return next(e for e in found if test(*e))


def dealt(before: dict[str, Any], after: dict[str, Any], event: dict[str, Any]) -> bool:
    return any(n["act"] == "drew" for n in after["notes"])


def names_of(cards: list[str]) -> set[str]:
    return {CARDS[c].name for c in cards}


# Every card name, the longest first: "Lannisport Steward" is not read as "Lannisport".
CARD_NAMES = re.compile("|".join(re.escape(n) for n in sorted(
    {c.name for c in CARDS.values()}, key=len, reverse=True)))


def mentions(text: str, names: set[str]) -> set[str]:
    """Which of ``names`` the text names as a card."""
    return {m.group(0) for m in CARD_NAMES.finditer(text)} & names


def without_cards(text: str) -> str:
    return CARD_NAMES.sub("a card", text)  # "You've Killed the Wrong Dwarf!" is no "You"


# ---- seats named in the third person, or "You" ----

def test_the_public_record_names_every_seat_by_name_in_the_third_person() -> None:
    for options, seats in (({}, 2), ({"profile": "lcg"}, 3)):
        told = [line(b, a, e, everything=True) for b, a, e in events(options, seats, 3, 300)]

        assert not [t for t in told if YOU.search(without_cards(t))]
        assert all(any(name in t for t in told) for name in NAMES[:seats])


def test_a_seat_reads_its_own_acts_as_you_and_the_other_seats_by_name() -> None:
    before, after, event = first(events({}, 2, 1, 50), dealt)

    mine = line(before, after, event, seat=STARK)

    assert mine.startswith("bob (seat 1) shuffled their deck. You drew ")
    assert mine.endswith(" bob (seat 1) drew 7 cards.")


def test_the_verb_agrees_with_you_and_with_a_named_seat() -> None:
    before, after, event = first(events({"houses": "random"}, 2, 1, 5),
                                 lambda b, a, e: e["type"] == "chance")
    stark = next(s for s, p in enumerate(after["players"]) if p["house"] == "stark")

    assert "You play House Stark." in line(before, after, event, seat=stark)
    assert f"{NAMES[stark]} plays House Stark." in line(before, after, event)


def test_you_keep_your_hand_and_the_public_record_says_whose_hand_was_kept() -> None:
    before, after, event = first(events({}, 2, 1, 50), lambda b, a, e: any(
        n["act"] == "kept their hand" and n["seat"] == STARK for n in a["notes"]))

    assert "You kept your hand." in line(before, after, event, seat=STARK)
    assert "ann (seat 0) kept their hand." in line(before, after, event, everything=True)


# ---- hidden information ----

def test_a_draw_is_counted_for_others_and_named_only_to_its_seat_and_the_record() -> None:
    before, after, event = first(events({}, 2, 1, 50), dealt)
    hand = names_of(after["players"][STARK]["hand"])
    theirs = names_of(after["players"][LANNISTER]["hand"])

    assert mentions(line(before, after, event, seat=STARK), hand) == hand
    assert "ann (seat 0) drew 7 cards." in line(before, after, event, seat=LANNISTER)
    assert not mentions(line(before, after, event, seat=LANNISTER), hand - theirs)
    assert not mentions(line(before, after, event), hand | theirs)
    assert mentions(line(before, after, event, everything=True), hand) == hand


def test_a_setup_card_placed_face_down_is_named_only_to_its_seat() -> None:
    before, after, event = first(events({}, 2, 2, 80), lambda b, a, e: e["type"] == "move"
                                 and e["move"]["kind"] == "place")
    seat, card = event["seat"], CARDS[event["move"]["card"]].name

    assert line(before, after, event, seat=1 - seat) == f"{NAMES[seat]} made a secret setup choice."
    assert line(before, after, event) == f"{NAMES[seat]} made a secret setup choice."
    assert line(before, after, event, seat=seat) == f"You chose to place {card} face down."
    assert card in line(before, after, event, everything=True)


def test_a_plot_chosen_is_named_only_to_its_seat_until_the_plots_are_revealed() -> None:
    before, after, event = first(events({}, 2, 2, 200), lambda b, a, e: e["type"] == "move"
                                 and e["move"]["kind"] == "plot" and not a["notes"])
    seat, plot = event["seat"], CARDS[event["move"]["card"]].name

    assert line(before, after, event, seat=1 - seat) == f"{NAMES[seat]} chose a plot in secret."
    assert line(before, after, event, seat=seat) == f"You chose {plot} as your plot."


def hidden(state: dict[str, Any], seat: int) -> set[str]:
    """The names of the cards only ``seat`` may know (views.py)."""
    p = state["players"][seat]
    cards = p["hand"] + p["setup"] + p.get("shadows", []) + p.get("setup_shadows", [])
    cards += [p["choice"]] if p["choice"] else []
    draft = state.get("draft")
    if draft is not None:
        cards += draft["hands"][seat] + draft["kept"][seat]
    return names_of(cards)


def public(state: dict[str, Any]) -> set[str]:
    cards = [c["card"] for c in state["play"]]
    for p in state["players"]:
        cards += p["discard"] + p["dead"] + p["used"] + ([p["revealed"]] if p["revealed"]
                                                          else [])
    cards += [c for n in state["notes"] if not n.get("secret") for c in n["cards"]]
    return names_of(cards)


def test_no_log_line_names_a_card_its_reader_may_not_know() -> None:
    for options, seats in (({}, 2), ({"plot_draft": True}, 2), ({"profile": "lcg"}, 3)):
        for before, after, event in events(options, seats, 5, 700):
            known = public(before) | public(after)
            for reader in [None, *range(seats)]:
                secrets = set().union(*(hidden(after, s) for s in range(seats) if s != reader))
                mine = hidden(after, reader) if reader is not None else set()

                told = line(before, after, event, seat=reader)

                assert not mentions(told, secrets - known - mine), (event, reader, told)


def test_a_card_put_into_shadows_is_counted_for_others_and_named_for_its_seat() -> None:
    note = {"seat": 0, "act": "put into Shadows (paying 2 gold)", "cards": ["the-crannogman"],
            "secret": True}
    state = blank()
    after = {**state, "notes": [note]}
    event = {"type": "move", "seat": 0, "move": {"kind": "shadow", "card": "the-crannogman"}}

    assert line(state, after, event, seat=1) == ("ann (seat 0) put a card into Shadows "
                                                 "(paying 2 gold).")
    assert line(state, after, event, seat=0) == ("You put The Crannogman into Shadows "
                                                 "(paying 2 gold).")


# ---- what happened to a seat's cards; the end ----

def test_a_card_killed_is_told_as_whose_card_it_was() -> None:
    note = {"seat": 0, "act": "was killed", "cards": ["stark-guard"], "passive": True}
    state = blank()
    after = {**state, "notes": [note]}
    event = {"type": "move", "seat": 1, "move": {"kind": "pass"}}

    assert line(state, after, event, seat=0) == "Your Stark Guard was killed."
    assert line(state, after, event, seat=1) == "ann (seat 0)'s Stark Guard was killed."


def test_the_end_of_the_game_names_the_winner_and_every_seats_power() -> None:
    state = blank()
    after = {**state, "notes": [], "result": {"scores": [15, 9], "winners": [0],
                                              "reason": "seat 0 reached 15 power",
                                              "rounds": 7}}
    event = {"type": "move", "seat": 1, "move": {"kind": "pass"}}

    assert line(state, after, event, everything=True) == (
        "bob (seat 1) passed. The game is over: ann (seat 0) reached 15 power. Final power: "
        "15 for ann (seat 0), 9 for bob (seat 1).")


# ---- labels ----

def labels(state: dict[str, Any], seat: int | None = None) -> list[str]:
    return move_labels(RULES, state, prompt(state, seat))


def test_a_defender_is_offered_by_its_name() -> None:
    state = blank()
    place(state, STARK, "eddard-stark")
    place(state, LANNISTER, "ser-jaime-lannister")
    state = challenges_for(state, LANNISTER)
    state = play(state, None, {"kind": "challenge", "type": "military"}, {"kind": "attacker",
                                                                        "card": "c2"})
    while prompt(state).kind != "defenders":
        state = play(state, None, {"kind": "pass"} if prompt(state).kind == "window"
                     else {"kind": "done"})

    assert labels(state) == ["Defend with Eddard Stark", "Declare no defenders"]


def test_an_attachment_is_marshalled_onto_its_host_by_name() -> None:
    state = blank(first=STARK, phase="marshalling")
    place(state, STARK, "arya-stark")
    state["players"][STARK]["hand"] = ["nymeria"]
    give_gold(state, STARK, 5)
    state = window(state, "marshalling", active=STARK)

    assert labels(state, STARK) == ["Marshal Nymeria onto Arya Stark",
                                    "Pass and end your marshalling turn"]


def test_two_copies_of_a_card_are_told_apart_by_where_they_stand() -> None:
    state = blank(first=LANNISTER, phase="marshalling")
    place(state, STARK, "stark-guard")
    place(state, STARK, "stark-guard", knelt=True)
    state["players"][LANNISTER]["hand"] = ["lordship"]
    give_gold(state, LANNISTER, 5)
    state = window(state, "marshalling", active=LANNISTER)

    assert labels(state, LANNISTER) == [
        "Marshal Lordship onto Stark Guard (standing, in seat 0's play area)",
        "Marshal Lordship onto Stark Guard (knelt, in seat 0's play area)",
        "Pass and end your marshalling turn"]


def test_a_melee_challenge_names_the_seat_it_attacks_by_its_players_name() -> None:
    state = blank_melee(3)
    label = RULES.narration.label  # type: ignore[union-attr]
    named, unnamed = Audience(NAMES[:3], 0), Audience((), 0)

    assert label(state, 0, {"kind": "challenge", "type": "intrigue", "target": 2}, named) == (
        "Initiate an intrigue challenge against cy (seat 2)")
    assert label(state, 0, {"kind": "first_player", "seat": 1}, named) == (
        "Make bob (seat 1) the first player")
    assert label(state, 0, {"kind": "first_player", "seat": 0}, named) == (
        "Make yourself the first player")
    assert label(state, 0, {"kind": "challenge", "type": "intrigue", "target": 2},
                 unnamed) == "Initiate an intrigue challenge against seat 2"  # no names yet


def test_the_labels_of_a_random_game_s_prompts_are_words_and_tell_moves_apart() -> None:
    for options, seats in (({}, 2), ({"profile": "lcg"}, 4)):
        for before, _, _ in events(options, seats, 7, 300):
            step = RULES.next(before)
            if not isinstance(step, Decision):
                continue
            for asked in step.prompts:
                found = move_labels(RULES, before, asked)

                assert len(set(found)) == len(found) or _twins(before), found
                assert not [t for t in found if re.search(r"\bc\d+\b|[-_{]", t)], found


def _twins(state: dict[str, Any]) -> bool:
    """Two cards in play alike in every way a player sees: the same choice either way."""
    seen = [(c["card"], c["controller"], c["knelt"], c["power"], c["host"], len(c["dups"]))
            for c in state["play"]]
    return len(set(seen)) < len(seen)
