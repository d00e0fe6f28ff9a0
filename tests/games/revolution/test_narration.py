"""Revolution's words (narration.py, both rules versions): the public record names every seat
in the third person, a seat reads its own acts as "You", nothing hidden is told to a reader
who may not know it, and every legal move reads as a button."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from domain.games import get_rules
from domain.games.revolution.tiles import TILES
from domain.kernel import (
    Audience,
    Decision,
    Rules,
    canonical_json,
    log_line,
    move_labels,
)
from tests.games.driver import chance, moves, play
from tests.games.playout import playout
from tests.games.words import check_game

from .scenario import narrated, place, scenario, started

VERSIONS = ("revolution-1", "revolution-2", "revolution-3")
SEATS = [{"name": "ann"}, {"name": "bob"}]
ANN, BOB, SPECTATOR = Audience.of(SEATS, 0), Audience.of(SEATS, 1), Audience.of(SEATS)
RECORD = Audience.of(SEATS, everything=True)
NAME = re.compile(r"\b(" + "|".join(t.name for t in TILES.values()) + r")\b")
BY_NAME = {t.name: t.id for t in TILES.values()}


def labels(state: Any, version: str | None = None) -> list[str]:
    rules = get_rules("revolution", version)
    step = rules.next(state)
    assert isinstance(step, Decision)
    return move_labels(rules, state, step.prompts[0])


def events(rules: Rules, options: dict[str, Any], seed: int) -> Iterator[tuple[Any, dict, Any]]:
    """Each event of one random match (a ``playout``'s) as (state before, event, after)."""
    played, _, _ = playout(rules, options, 2, seed, check_every=10**6)  # words, not rules
    state = rules.setup(options, 2)
    for kind, payload in played:
        if kind == "chance":
            spec = rules.next(state).spec
            event: dict[str, Any] = {"type": "chance", "spec": spec, "outcome": payload}
            after = rules.apply_chance(state, payload)
        else:
            event = {"type": "move", "seat": payload[0], "move": payload[1]}
            after = rules.apply_move(state, *payload)
        yield state, event, after
        state = after


def test_the_public_record_names_every_seat_by_name_in_the_third_person():
    state = scenario({0: ("temple", 1)})
    event = {"type": "move", "seat": 0, "move": {"kind": "place", "tile": "king", "square": 4}}
    assert narrated(state, event, RECORD) == "ann (seat 0) places the King on square 4."
    rules = get_rules("revolution")
    for before, event, after in events(rules, {"neutrals": "secret_draft"}, seed=3):
        line = log_line(rules, before, after, event, RECORD)
        assert not re.search(r"\b(you|your)\b", line, re.IGNORECASE), line
        if event["type"] == "move":
            assert SPECTATOR.names[event["seat"]] in line, line


def test_a_seat_reads_its_own_acts_as_you_with_the_verb_agreeing():
    state = scenario({0: ("temple", 1)})
    event = {"type": "move", "seat": 0, "move": {"kind": "place", "tile": "king", "square": 4}}
    assert narrated(state, event, ANN) == "You place the King on square 4."
    assert narrated(state, event, BOB) == "ann (seat 0) places the King on square 4."
    first = {"type": "chance", "spec": {}, "outcome": 1}
    setup = get_rules("revolution").setup({}, 2)
    assert narrated(setup, first, BOB) == "You go first."
    assert narrated(setup, first, SPECTATOR) == "bob (seat 1) goes first."


def test_an_ability_reads_as_its_tile_acting_and_a_game_end_names_the_winner():
    state = scenario({1: ("temple", 1), 3: ("castle", 1), 5: ("monk", 1), 0: ("citizen", 0),
                      2: ("paladin", 1), 6: ("bishop", 1), 7: ("hierophant", 1),
                      8: ("cardinal", 1)}, hands=[["king", "queen"], ["saint"]])
    state = place(state, 0, "queen", 4)
    event = {"type": "move", "seat": 0,
             "move": {"kind": "invert", "direction": "forward", "squares": [1]}}
    assert narrated(state, event, ANN) == (
        "Your Queen on square 4 inverts the Temple on square 1. "
        "Game 1 is over: bob (seat 1) wins with 6 allies to 3.")
    assert narrated(state, event, BOB) == (
        "ann (seat 0)'s Queen on square 4 inverts the Temple on square 1. "
        "Game 1 is over: you win with 6 allies to 3.")


def test_a_retriggered_tile_is_credited_to_its_own_seat_and_to_who_retriggered_it():
    state = scenario({1: ("cardinal", 1), 0: ("castle", 1), 2: ("temple", 1)},
                     centre=["bard"], hands=[["king"], ["monk"]])
    state = play(place(state, 0, "bard", 4), 0, {"kind": "retrigger", "square": 1})
    event = {"type": "move", "seat": 0,
             "move": {"kind": "invert", "direction": "left", "squares": [2]}}
    assert narrated(state, event, ANN) == (
        "bob (seat 1)'s Cardinal on square 1, re-triggered by you, inverts the Temple on "
        "square 2.")
    assert narrated(state, event, BOB).startswith(
        "Your Cardinal on square 1, re-triggered by ann (seat 0), inverts")


def test_a_secret_draft_draw_and_kept_tile_are_told_only_to_who_may_know_them():
    before = started(neutrals="secret_draft")
    drawn = {"type": "chance", "spec": {}, "outcome": [0, 1, 2, 3]}
    four = "the Assassin, the Bard, Death and the Dragon"
    assert narrated(before, drawn, ANN) == f"You draw four face-down neutral tiles: {four}."
    for reader in (BOB, SPECTATOR):
        assert narrated(before, drawn, reader) == \
            "ann (seat 0) draws four face-down neutral tiles."
    assert narrated(before, drawn, RECORD).endswith(f"tiles: {four}.")
    offer = chance(before, [0, 1, 2, 3])
    keep = {"type": "move", "seat": 0, "move": {"kind": "keep", "tile": "assassin"}}
    passed = "the Bard, Death and the Dragon"
    assert narrated(offer, keep, ANN) == \
        f"You keep the Assassin and pass the other three to bob (seat 1): {passed}."
    assert narrated(offer, keep, BOB) == (
        f"ann (seat 0) keeps one tile secretly and passes the other three to you: {passed}.")
    assert narrated(offer, keep, SPECTATOR) == \
        "ann (seat 0) keeps one tile secretly and passes the other three to bob (seat 1)."
    redacted = get_rules("revolution").redact(offer, keep, 1)
    assert narrated(offer, redacted, BOB) == \
        "ann (seat 0) keeps one tile secretly and passes the other three to you."


def test_set_aside_tiles_are_named_only_to_the_seat_that_set_them_aside():
    state = chance(started(neutrals="secret_draft"), [0, 1, 2, 3])
    state = play(state, 0, {"kind": "keep", "tile": "assassin"})
    keep = {"type": "move", "seat": 1, "move": {"kind": "keep", "tile": "bard"}}
    assert narrated(state, keep, BOB) == \
        "You keep the Bard and set the other two aside: Death and the Dragon."
    for reader in (ANN, SPECTATOR):
        assert narrated(state, keep, reader) == \
            "bob (seat 1) keeps one tile secretly and sets the other two aside."


@pytest.mark.parametrize(("version", "owner_knows"), [("revolution-1", True),
                                                      ("revolution-2", False),
                                                      ("revolution-3", False)])
def test_secret_random_tells_a_seat_its_own_face_down_tiles_only_where_the_version_shows_them(
        version, owner_knows):
    """revolution-1 let a seat look at its face-down tiles; revolution-2 does not (ruling 13),
    and neither ever names the other seat's."""
    before = chance(get_rules("revolution", version).setup({"neutrals": "secret_random"}, 2), 0)
    deal = {"type": "chance", "spec": {}, "outcome": [5, 0, 9, 3]}
    mine, theirs = ("Fortuneteller", "Assassin"), ("Pirate", "Dragon")
    line = narrated(before, deal, ANN, version)
    assert all(name in line for name in mine) == owner_knows
    assert not any(name in line for name in theirs)
    assert narrated(before, deal, SPECTATOR, version) == (
        "ann (seat 0) receives two face-down neutral tiles. "
        "bob (seat 1) receives two face-down neutral tiles.")
    assert narrated(before, deal, RECORD, version) == (
        "ann (seat 0) receives the Fortuneteller and the Assassin face down. "
        "bob (seat 1) receives the Pirate and the Dragon face down.")


def known_tiles(rules: Rules, before: Any, after: Any, event: dict, seat: int | None) -> set:
    """The tiles ``seat`` may know around ``event``: every tile its views before and after
    and its redacted event hold."""
    seen = canonical_json([rules.view(before, seat), rules.view(after, seat),
                           rules.redact(before, event, seat)])
    return {tile for tile in TILES if f'"{tile}"' in seen}


@pytest.mark.parametrize("version", VERSIONS)
@pytest.mark.parametrize("neutrals", ["secret_draft", "secret_random"])
def test_no_log_line_names_a_tile_its_reader_may_not_know(version, neutrals):
    rules = get_rules("revolution", version)
    for seed in range(3):
        for before, event, after in events(rules, {"neutrals": neutrals}, seed):
            for reader in (ANN, BOB, SPECTATOR):
                line = log_line(rules, before, after, event, reader)
                named = {BY_NAME[name] for name in NAME.findall(line)}
                hidden = named - known_tiles(rules, before, after, event, reader.seat)
                assert not hidden, f"{line!r} tells {reader.seat} of {hidden}"


def test_labels_read_as_buttons_naming_tiles_squares_and_directions():
    state = scenario({1: ("temple", 1), 0: ("castle", 1)}, centre=["queen", "tower"],
                     hands=[["king"], ["monk"]])
    assert "Place the Queen on square 4" in labels(state)
    ability = place(state, 0, "queen", 4)
    assert labels(ability) == ["Invert forward: the Temple on square 1",
                               "Invert forward left: the Castle on square 0",
                               "Do not use the Queen's ability"]
    stacked = scenario({5: ("king", 0), 0: ("monk", 1)}, centre=["tower"], hands=[[], []])
    assert labels(stacked) == ["Place the Tower on top of the King on square 5"]
    princess = place(scenario({1: ("temple", 1), 0: ("castle", 1)}, centre=["princess"],
                              hands=[["king"], ["monk"]]), 0, "princess", 4)
    assert labels(princess) == ["Invert orthogonally: the Temple on square 1",
                                "Invert diagonally: the Castle on square 0",
                                "Do not use the Princess's ability"]


def test_a_face_down_tile_is_offered_by_its_place_and_never_by_its_name():
    state = scenario({0: ("temple", 1)}, hands=[["king"], ["monk", "castle"]],
                     hidden=[["ninja", "sage"], ["samurai", "bard"]],
                     centre=["assassin"], neutrals="secret_random")
    assert labels(state)[-2:] == ["Turn up your first face-down tile",
                                  "Turn up your second face-down tile"]
    assert not any("Ninja" in label or "Sage" in label for label in labels(state))
    assassin = place(state, 0, "assassin", 4)
    assert labels(assassin) == ["Banish the opponent's unused Castle",
                                "Banish the opponent's unused Monk",
                                "Banish the opponent's first face-down tile",
                                "Banish the opponent's second face-down tile",
                                "Do not use the Assassin's ability"]


def test_draft_labels_name_the_tiles_offered():
    state = chance(started(neutrals="draft"), [0, 1, 2, 3, 4])
    assert labels(state) == ["Take the Assassin", "Take the Bard", "Take Death",
                             "Take the Dragon", "Take the Fairy"]
    secret = chance(started(neutrals="secret_draft"), [0, 1, 2, 3])
    assert labels(secret) == ["Keep the Assassin", "Keep the Bard", "Keep Death",
                              "Keep the Dragon"]


@pytest.mark.parametrize("version", VERSIONS)
def test_no_two_moves_of_one_prompt_read_the_same(version):
    rules = get_rules("revolution", version)
    for neutrals in ("standard", "secret_draft", "secret_random", "draft"):
        for before, _, _ in events(rules, {"neutrals": neutrals}, seed=1):
            step = rules.next(before)
            if isinstance(step, Decision):
                words = move_labels(rules, before, step.prompts[0])
                assert len(set(words)) == len(words), words


def test_the_fairy_and_the_witch_name_what_they_move():
    state = scenario({1: ("temple", 1), 0: ("castle", 0)}, centre=["fairy", "witch"],
                     hands=[["king"], ["monk"]])
    fairy = place(state, 0, "fairy", 4)
    assert "Move the Temple from square 1 to square 2" in labels(fairy)
    witch = place(state, 0, "witch", 4)
    assert labels(witch)[0] == "Return the Castle on square 0 to your unused tiles"
    event = {"type": "move", "seat": 0, "move": {"kind": "return", "square": 0}}
    assert narrated(witch, event, ANN) == \
        "Your Witch on square 4 returns the Castle on square 0 to your unused tiles."
    assert moves(witch)[0] == event["move"]


@pytest.mark.parametrize("neutrals", ["standard", "secret_random", "secret_draft"])
def test_revolution_1s_prompts_labels_and_log_lines_read_as_words(neutrals):
    faults = check_game("revolution", {"neutrals": neutrals, "match": "points", "games": 4}, 2,
                        seed=5, max_steps=800, version="revolution-1")
    assert not faults, "\n".join(faults[:10])
