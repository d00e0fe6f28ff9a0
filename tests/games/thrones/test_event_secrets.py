"""Nothing a seat may not know reaches it through events: every card a redacted move names
to a viewer is one that viewer is shown anyway (in its view before or after the move), at
positions of random playouts of the box, the full card game and a melee. A card put into
Shadows (rules 2.1.0 on) is named to its owner only; rules 2.0.0, frozen, still named it to
every seat while its games are live (README, "Shadows").

The generic check (``tests/games/hidden.py``) compares a move's reading only when the same
move is legal in a position and its scramble, so a move naming a card of a hand it scrambles
is never compared: this check reads each event on its own."""

from __future__ import annotations

import random
from typing import Any

import pytest

from domain.games import get_rules
from domain.games.thrones.cards import CARDS
from domain.kernel import Audience, Prompt, Rules, canonical_json, log_line
from tests.games.playout import walk
from tests.games.thrones.decklists import lannister_sworn_banners, stark_fealty, with_row

from .helpers import STARK, blank_lcg, give_gold, window


def shadowy(deck: dict) -> dict:
    """``deck`` with three of each Shadows card of its House (none in the ready-made decks)."""
    cards = {"stark": ("the-crannogman", "hidden-holdfast"),
             "lannister": ("whisperer-in-the-dark",)}[deck["house"]]
    for card in cards:
        deck = with_row(deck, card, 3)
    return deck


SHADOWY = {"profile": "lcg", "decks": [shadowy(stark_fealty()),
                                       shadowy(lannister_sworn_banners())]}
PLAYOUTS = [({}, 2), ({"profile": "lcg"}, 2), ({"profile": "lcg"}, 4), (SHADOWY, 2)]
GAMES = 4


def cards_named(value: Any) -> set[str]:
    """The card ids among a move's values (a target "a,b" or "a>b" names uids, not cards). A
    use's target is declared aloud (Call Their Bluff's is a name said to the table)."""
    if isinstance(value, dict):
        return set().union(*(cards_named(v) for k, v in value.items()
                             if not (value.get("kind") == "use" and k == "target")))
    if isinstance(value, list):
        return set().union(*(cards_named(v) for v in value))
    return {value} if isinstance(value, str) and value in CARDS else set()


def leaks(rules: Rules, before: dict, after: dict, seat: int, move: dict) -> list[str]:
    """What the move's event, as each other viewer reads it, names that the viewer is not
    shown: in its views before and after the move, or openly in its log line (a card a search
    takes, a card Call Their Bluff names)."""
    event = {"type": "move", "seat": seat, "move": move}
    names = tuple(f"Seat {i}" for i in range(len(before["players"])))
    found = []
    for viewer in (v for v in [*range(len(names)), None] if v != seat):
        seen = rules.redact(before, event, viewer)
        shown = canonical_json([rules.view(before, viewer), rules.view(after, viewer)])
        line = log_line(rules, before, after, event, Audience(names, viewer))
        found += [f"{move} shows {card} to {viewer}"
                  for card in sorted(cards_named(seen["move"]))
                  if f'"{card}"' not in shown and CARDS[card].name not in line]
    return found


def shadows_half_the_time(state: dict, prompt: Prompt, rng: random.Random) -> dict:
    """A move of ``prompt`` at random, but a Shadows move half the time one is offered
    (they are rare among a window's moves)."""
    shadows = [m for m in prompt.legal_moves if m["kind"] in ("shadow", "place_shadow")]
    pool = shadows if shadows and rng.random() < 0.5 else prompt.legal_moves
    return pool[rng.randrange(len(pool))]


def play_and_collect(rules: Rules, options: dict, seats: int, game: int) -> tuple[list, int]:
    rng = random.Random(f"event-secrets:{options}:{seats}:{game}")
    found, read = [], 0
    for visit in walk(rules, rules.setup(options, seats), rng, label="e:{count}",
                      choose=shadows_half_the_time):
        if visit.move is not None:
            found += leaks(rules, visit.before, visit.state, visit.seat, visit.move)
            read += 1
    return found, read


@pytest.mark.parametrize(("options", "seats"), PLAYOUTS)
def test_no_event_names_a_card_its_reader_is_not_shown(options, seats):
    rules = get_rules("thrones")
    found: list[str] = []
    for game in range(GAMES):
        leaked, read = play_and_collect(rules, options, seats, game)
        found += leaked
        assert read > 0
    assert found == []


def test_a_card_put_into_shadows_is_named_in_its_event_to_its_owner_only():
    rules = get_rules("thrones")
    state = shadows_position(rules)
    move = {"kind": "shadow", "card": "the-crannogman"}
    event = {"type": "move", "seat": STARK, "move": move}
    assert rules.redact(state, event, 0) == event
    assert rules.redact(state, event, 1)["move"] == {"kind": "shadow", "card": None}
    assert rules.redact(state, event, None)["move"] == {"kind": "shadow", "card": None}


def test_the_check_catches_the_frozen_2_0_0_events_that_named_a_card_put_into_shadows():
    frozen = get_rules("thrones", "2.0.0")
    state = shadows_position(frozen)
    move = {"kind": "shadow", "card": "the-crannogman"}
    after = frozen.apply_move(state, STARK, move)
    assert leaks(frozen, state, after, STARK, move) != []


def shadows_position(rules: Rules) -> dict:
    """A two-player lcg game in seat 0's marshalling turn, a Shadows card in its hand."""
    state = blank_lcg(first=STARK, phase="marshalling")
    state["players"][STARK]["hand"] = ["the-crannogman", "stark-guard"]
    give_gold(state, STARK, 2)
    return window(state, "marshalling", active=STARK)
