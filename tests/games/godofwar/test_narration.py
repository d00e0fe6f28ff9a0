"""God of War's words (narration.py, and 1.0.0's copy): log lines for every seat, a spectator
and the public record, and the labels of the moves, in games the party bot plays at every
seat count and in scenarios built for one sentence."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from functools import cache
from typing import Any

import pytest

from domain.games import get_rules
from domain.games.godofwar.narration import card, counted, label, listed, narrate
from domain.games.godofwar.views import added
from domain.kernel import (
    Audience,
    Chance,
    Decision,
    Over,
    ask_bot,
    chance_context,
    derive_outcome,
    log_line,
    move_labels,
)
from tests.games.driver import position, prompt
from tests.games.words import check_game

from .helpers import RULES, activation, empty_hands, started, with_frame

NAMES = ("ann (seat 0)", "bob (seat 1)", "cy (seat 2)", "dee (seat 3)")
SEATS = (1, 2, 3, 4)
VERSIONS = ("1.0.0", "1.1.0", "1.2.0")
YOU = re.compile(r"\b[Yy]our?\b")
# "True Aim", Atreus's number card, trips the wording test's check for a leaked True/False
# (tests/games/words.py, NULLS): a card's printed name, not a leak; told to the integrator.
TRUE_AIM = "null ('True') in"


@dataclass(frozen=True)
class Told:
    """One event of a game, with the states around it."""

    before: dict[str, Any]
    after: dict[str, Any]
    event: dict[str, Any]


def audience(seats: int, seat: int | None = None, everything: bool = False) -> Audience:
    return Audience(NAMES[:seats], seat, everything)


def record(seats: int) -> Audience:
    return audience(seats, everything=True)


@cache
def played(seats: int, seed: int = 0, version: str = "1.2.0") -> tuple[Told, ...]:
    """A game the party bot plays on every seat (one move in five at random, to reach more of
    the game), with fair draws, for up to 2,000 steps."""
    rules = get_rules("godofwar", version)
    pick = random.Random(seed)
    state, told = rules.setup({}, seats), []
    for number in range(2000):
        step = rules.next(state)
        if isinstance(step, Over):
            break
        if isinstance(step, Chance):
            outcome = derive_outcome(step.spec, bytes(32), chance_context("words", number))
            event: dict[str, Any] = {"type": "chance", "spec": step.spec, "outcome": outcome}
            after = rules.apply_chance(state, outcome)
        else:
            asked = step.prompts[pick.randrange(len(step.prompts))]
            move = (ask_bot(rules, rules.bots["party"], state, asked, pick.randrange)
                    if pick.random() < 0.8
                    else asked.legal_moves[pick.randrange(len(asked.legal_moves))])
            event = {"type": "move", "seat": asked.seat, "move": move}
            after = rules.apply_move(state, asked.seat, move)
        told.append(Told(state, after, event))
        state = after
    return tuple(told)


def moves_of(told: tuple[Told, ...]) -> list[Told]:
    return [t for t in told if t.event["type"] == "move"]


def line(told: Told, aud: Audience, version: str = "1.2.0") -> str:
    return log_line(get_rules("godofwar", version), told.before, told.after, told.event, aud)


# ---- the public record, and "You" ----


@pytest.mark.parametrize("version", VERSIONS)
@pytest.mark.parametrize("seats", SEATS)
def test_the_public_record_names_every_seat_by_name_in_the_third_person(seats, version):
    told = played(seats, version=version)

    lines = [(t, line(t, record(seats), version)) for t in moves_of(told)]

    assert lines
    for event, text in lines:
        assert text.startswith(NAMES[event.event["seat"]]), text
        assert not YOU.search(text), text


@pytest.mark.parametrize("version", VERSIONS)
@pytest.mark.parametrize("seats", SEATS)
def test_a_seat_reads_its_own_acts_as_you_with_the_verb_agreeing(seats, version):
    told = moves_of(played(seats, version=version))
    first_verb = re.compile(r"^(?:You|\S+ \(seat \d\))(?:, as [^,]+,)? (\w+)")

    for seat in range(seats):
        own = [t for t in told if t.event["seat"] == seat]
        assert own
        for event in own:
            mine = line(event, audience(seats, seat), version)
            theirs = line(event, record(seats), version)
            assert mine.startswith("You"), mine
            assert first_verb.match(mine)[1] != first_verb.match(theirs)[1], (mine, theirs)


@pytest.mark.parametrize("seats", SEATS[1:])
def test_a_seat_reads_the_other_seats_acts_by_their_names(seats):
    told = moves_of(played(seats))

    for event in told:
        for seat in range(seats):
            if seat != event.event["seat"]:
                text = line(event, audience(seats, seat))
                assert text.startswith(NAMES[event.event["seat"]]), text


def test_an_act_reads_with_the_seat_and_the_hero_it_acts_as():
    state = _kratos_attacking(["kratos-focus-1"])
    move = {"kind": "add", "card": "kratos-focus-1"}
    told = Told(state, RULES.apply_move(state, 0, move), {"type": "move", "seat": 0,
                                                           "move": move})

    assert narrate(told.before, told.after, told.event, record(2)) == \
        "ann (seat 0), as Kratos, adds Focus (+1) to the attack."
    assert narrate(told.before, told.after, told.event, audience(2, 0)) == \
        "You, as Kratos, add Focus (+1) to the attack."


# ---- what is hidden ----


@pytest.mark.parametrize("version", VERSIONS)
@pytest.mark.parametrize("seats", SEATS)
def test_a_spectator_reads_how_many_cards_a_seat_draws_and_the_seats_read_which(seats, version):
    told = played(seats, version=version)
    draws = [(t, seat, drawn) for t in told for seat, drawn in _drawn(t).items()]

    assert draws
    for event, seat, drawn in draws:
        names = listed([card(c) for c in drawn])
        spectator = line(event, audience(seats), version)
        assert f"{NAMES[seat]} draws {counted(len(drawn), 'card')}." in spectator, spectator
        assert f"{NAMES[seat]} draws {names}." not in spectator, spectator
        for reader in range(seats):
            assert names in line(event, audience(seats, reader), version)
        assert f"{NAMES[seat]} draws {names}." in line(event, record(seats), version)


def test_the_cards_mimirs_foresight_looks_at_and_orders_are_told_only_to_its_seat():
    state = position("godofwar", seats=1, heroes=["Kratos"], tiles={"Kratos": {"column": 1}},
                     activation=0)
    top = [card(c) for c in reversed(state["upgrade_deck"][-3:])]
    look = {"kind": "companion", "ability": "mimir-foresight", "mode": "reorder-upgrades"}
    looked = Told(state, RULES.apply_move(state, 0, look), {"type": "move", "seat": 0,
                                                            "move": look})
    put = {"kind": "order", "card": looked.after["upgrade_deck"][-1]}
    ordered = Told(looked.after, RULES.apply_move(looked.after, 0, put),
                   {"type": "move", "seat": 0, "move": put})

    spectator = [narrate(t.before, t.after, t.event, audience(1)) for t in (looked, ordered)]
    mine = [narrate(t.before, t.after, t.event, audience(1, 0)) for t in (looked, ordered)]
    public = [narrate(t.before, t.after, t.event, record(1)) for t in (looked, ordered)]

    assert not [name for name in top for text in spectator if name in text]
    assert spectator[1] == "ann (seat 0) puts an upgrade card back on the upgrade deck."
    assert f"You look at the top 3 upgrade cards: {listed(top)}." in mine[0]
    assert mine[1] == f"You put {top[0]} next on the upgrade deck."
    assert f"ann (seat 0) looks at the top 3 upgrade cards: {listed(top)}." in public[0]


# ---- labels ----


def test_each_hero_to_pick_is_labelled_by_its_name():
    state = RULES.setup({}, 2)

    assert [label(state, 0, m, Audience((), 0)) for m in prompt(state).legal_moves] == [
        "Play Kratos", "Play Atreus", "Play Freya", "Play Brok and Sindri", "Play Mimir"]


def test_an_attack_is_labelled_by_its_enemy_card_and_the_type_it_is_played_as():
    state = _kratos_acting(["kratos-axe-swing", "kratos-axe-chop"])

    labels = [label(state, 0, m, Audience((), 0)) for m in prompt(state, 0).legal_moves]

    assert {"Attack Draugr with Leviathan Axe Swing (melee)",
            "Attack Draugr with Returning Chop (melee)",
            "Attack Draugr with Returning Chop (ranged)",
            "Attack Draugr Archer in column 1 with Returning Chop (ranged)",
            "Move to column 2", "Move to column 3, in front of Brok",
            "Move to column 3, behind Brok",
            "End the hero activation"} <= set(labels)


def test_a_seat_of_two_heroes_reads_which_hero_acts():
    state = started(["kratos", "brok-and-sindri"],
                    where={"kratos": (1, False), "brok": (3, False), "sindri": (3, True)})
    state["players"][1]["hand"] = ["brok-and-sindri-quick-repair"]
    state = activation(state, 1)

    labels = [label(state, 1, m, Audience((), 1)) for m in prompt(state, 1).legal_moves]

    assert {"Brok: play Quick Repair", "Sindri: play Quick Repair",
            "Brok: swap places with Sindri", "Sindri: move to column 2"} <= set(labels)


def test_upgrade_cards_of_one_name_are_told_apart_by_their_rune():
    state = empty_hands(started(["kratos", "atreus"]))
    state["revealed"] = ["chaos-slash-fehu", "chaos-slash-uruz"]
    state["first_player"] = 0
    state = with_frame(state, {"op": "upgrade", "stage": "discard", "queue": [], "taken": []})

    labels = [label(state, 0, m, Audience((), 0)) for m in prompt(state, 0).legal_moves]

    assert labels == ["Take Chaos Slash (Fehu)", "Take Chaos Slash (Uruz)", "Pass"]


@pytest.mark.parametrize("version", VERSIONS)
@pytest.mark.parametrize("seats", SEATS)
def test_no_two_moves_of_a_prompt_read_the_same(seats, version):
    rules = get_rules("godofwar", version)

    for told in moves_of(played(seats, version=version)):
        step = rules.next(told.before)
        assert isinstance(step, Decision)
        for asked in step.prompts:
            labels = move_labels(rules, told.before, asked)
            assert len(set(labels)) == len(labels), labels


# ---- 1.0.0 reads as words too ----


@pytest.mark.parametrize("seats", SEATS)
def test_every_prompt_label_and_log_line_of_1_0_0_reads_as_words(seats):
    faults = [f for f in check_game("godofwar", {}, seats, seed=seats * 7, version="1.0.0")
              if not (TRUE_AIM in f and "True Aim" in f)]

    assert not faults, "\n".join(faults[:15])


# ---- scenarios ----


def _kratos_acting(hand: list[str]) -> dict[str, Any]:
    """Kratos below column 1 (The Travelers: a Draugr below, a Draugr Archer above), Brok
    below column 3 and Sindri below column 4, Kratos's activation with ``hand``."""
    state = started(["kratos", "brok-and-sindri"],
                    where={"kratos": (1, False), "brok": (3, False), "sindri": (4, False)})
    state["players"][0]["hand"] = list(hand)
    return activation(state, 0)


def _kratos_attacking(numbers: list[str]) -> dict[str, Any]:
    state = _kratos_acting(["kratos-axe-swing", *numbers])
    return RULES.apply_move(state, 0, {"kind": "attack", "tile": "kratos",
                                       "card": "kratos-axe-swing", "as": "melee",
                                       "target": "s1-bottom-1"})


def _drawn(told: Told) -> dict[int, list[str]]:
    found = {}
    for seat, player in enumerate(told.after["players"]):
        drawn = added(told.before["players"][seat]["hand"], player["hand"])
        if drawn:
            found[seat] = drawn
    return found
