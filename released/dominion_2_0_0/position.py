"""Positions anyone can set up (the kernel's ``position`` hook, domain/kernel/position.py):
a player's turn in the action or buy phase, stated in the rulebook's terms.

A description (README.md, "Positions")::

    {"kingdom": ["Cellar", "Market", ...10 names],
     "players": [{"hand": ["Village", "Copper"], "deck": ["Gold", "Estate"],
                  "discard": ["Copper"], "in_play": [], "set_aside": [], "turns": 3},
                 {...}],
     "turn": {"seat": 0, "phase": "action", "actions": 1, "buys": 1, "coins": 0},
     "supply": {"Province": 2}, "trash": ["Curse"], "first": 0}

Cards are named as printed. ``deck`` and ``discard`` are listed from the top down. Every part
may be left out: the kingdom is the options' (an explicit one, or the first-game set), each
player's zones are empty, seat 0 is in the action phase of its first turn with 1 Action,
1 Buy and $0, it went first, each player has taken the turns its seat has come round to, the
trash is empty, and each Supply pile holds what setup put there less the copies the position
has elsewhere (beyond each player's 7 Coppers and 3 Estates).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.kernel.position import (
    Problems,
    ids_of,
    known_keys,
    name_index,
    seat_number,
    whole_number,
)

from .cards import CARDS, FIRST_GAME, KINGDOM, by_order
from .flow import setup
from .state import Player, State, Turn, Zone, new_turn, supply_for

PARTS = ("kingdom", "players", "turn", "supply", "trash", "first")
ZONES: dict[str, Zone] = {"hand": "hand", "deck": "deck", "discard": "discard",
                         "in_play": "play", "set_aside": "aside"}
TURN_PARTS = ("seat", "phase", "actions", "buys", "coins")
CARD_NAMES = name_index({cid: card.name for cid, card in CARDS.items()})
STARTING = {"copper": 7, "estate": 3}  # each player's own, out of the Supply at setup


def build(options: dict[str, Any], seats: int, description: Mapping[str, Any]) -> State:
    """The position ``description`` states (the module's docstring), or BadPosition."""
    problems = Problems()
    state = setup({**options, "first_seat": None}, seats)
    known_keys(description, PARTS, "the position", problems)
    kingdom = _kingdom(description, options, problems)
    turn = _turn(description.get("turn", {}), seats, problems)
    first = seat_number(description.get("first", turn["seat"]), seats, "first", problems)
    players = _players(description.get("players", [{}] * seats), seats, first, turn,
                       problems)
    trash = ids_of(description.get("trash", []), CARD_NAMES, "the trash", problems)
    problems.check()
    supply = _supply(description.get("supply", {}), kingdom, seats,
                     [*trash, *(c for p in players for z in ZONES.values() for c in p[z])],
                     problems)
    problems.check()
    state["first"], state["kingdom"], state["supply"] = first, kingdom, supply
    state["trash"], state["players"], state["turn"] = trash, players, turn
    state["pending"], state["shuffle"], state["result"], state["notes"] = [], None, None, []
    return state


def _kingdom(description: Mapping[str, Any], options: dict[str, Any],
             problems: Problems) -> list[str]:
    if "kingdom" not in description:
        if options.get("kingdom") is not None:
            return by_order(options["kingdom"])
        if options.get("kingdom_choice") == "random":
            problems.add("a random kingdom is drawn: name the 10 kingdom cards of the position")
        return by_order(FIRST_GAME)
    kingdom = ids_of(description["kingdom"], CARD_NAMES, "the kingdom", problems)
    for cid in kingdom:
        if cid not in KINGDOM:
            problems.add(f"{CARDS[cid].name} is not a kingdom card")
    if len(set(kingdom)) != 10:
        problems.add("the kingdom is 10 different kingdom cards")
    return by_order(kingdom)


def _turn(value: Any, seats: int, problems: Problems) -> Turn:
    if not isinstance(value, dict):
        problems.add("the turn is an object: {seat, phase, actions, buys, coins}")
        return new_turn(0)
    known_keys(value, TURN_PARTS, "the turn", problems)
    turn = new_turn(seat_number(value.get("seat", 0), seats, "the turn's seat", problems))
    phase = value.get("phase", "action")
    if phase not in ("action", "buy"):
        problems.add(f"a position's turn is in the action or the buy phase, not {phase!r}")
    turn["phase"] = "buy" if phase == "buy" else "action"
    turn["actions"] = whole_number(value.get("actions", 1), "actions", problems, 0, 99)
    turn["buys"] = whole_number(value.get("buys", 1), "buys", problems, 0, 99)
    turn["coins"] = whole_number(value.get("coins", 0), "coins", problems, 0, 999)
    return turn


def _players(value: Any, seats: int, first: int, turn: Turn,
             problems: Problems) -> list[Player]:
    if not isinstance(value, list) or len(value) != seats:
        problems.add(f"players is a list of {seats} players, seat 0's first")
        value = [{}] * seats
    # Turns go round from the first player: a seat that the turn has reached or passed has
    # begun as many turns as the turn player, the others one fewer.
    given = value[turn["seat"]]
    turn_player_turns = given.get("turns", 1) if isinstance(given, dict) else 1
    if type(turn_player_turns) is not int:
        turn_player_turns = 1  # its own check reports it
    order = [(first + i) % seats for i in range(seats)]
    reached = order[:order.index(turn["seat"]) + 1]
    return [_player(given, f"seat {seat}", problems,
                    turn_player_turns if seat in reached else turn_player_turns - 1)
            for seat, given in enumerate(value)]


def _player(value: Any, where: str, problems: Problems, turns: int) -> Player:
    player: Player = {"deck": [], "hand": [], "discard": [], "play": [], "aside": [],
                      "look": [], "turns": 0}
    if not isinstance(value, dict):
        problems.add(f"{where} is an object of zones: {', '.join(ZONES)} and turns")
        return player
    known_keys(value, [*ZONES, "turns"], where, problems)
    for zone, key in ZONES.items():
        cards = ids_of(value.get(zone, []), CARD_NAMES, f"{where}'s {zone.replace('_', ' ')}",
                       problems)
        # The state keeps the deck and discard pile with the top last.
        player[key] = cards[::-1] if zone in ("deck", "discard") else cards
    player["turns"] = whole_number(value.get("turns", max(turns, 0)), f"{where}'s turns",
                                   problems, 0, 999)
    return player


def _supply(value: Any, kingdom: list[str], seats: int, elsewhere: list[str],
            problems: Problems) -> dict[str, int]:
    """Each pile as setup lays it out, less the copies the position has elsewhere, or as the
    description counts it; never more than the box holds."""
    supply = supply_for(kingdom, seats)
    if not isinstance(value, dict):
        problems.add("the supply maps card names to the number left in each pile")
        value = {}
    for cid in sorted(set(elsewhere)):
        if cid not in supply:
            problems.add(f"{CARDS[cid].name} is not in this game's Supply")
    given = {}
    for name, count in value.items():
        found = ids_of([name], CARD_NAMES, "the supply", problems)
        if not found:
            continue
        cid = found[0]
        if cid not in supply:
            problems.add(f"the supply has no pile of {CARDS[cid].name}")
            continue
        given[cid] = whole_number(count, f"the {CARDS[cid].name} pile", problems, 0,
                                  supply[cid])
    for cid, pile in supply.items():
        outside = max(elsewhere.count(cid) - STARTING.get(cid, 0) * seats, 0)
        left = given.get(cid, max(pile - outside, 0))
        if left + outside > pile:
            problems.add(f"the game has {pile} {CARDS[cid].name} cards besides the starting "
                         f"ones, not {left + outside} ({outside} out of the Supply)")
        supply[cid] = left
    return supply
