"""The game state (plain JSON data) and the small helpers every rule uses to move cards.

Shape::

    {"options": {...}, "seats": 2, "kingdom": [10 ids] | None (a random pick is pending),
     "supply": {card: count}, "trash": [card...],
     "players": [{"deck": [...top last], "hand": [...], "discard": [...top last],
                  "play": [...], "aside": [...public set-aside/revealed],
                  "look": [...looked at privately], "turns": n}],
     "turn": {"seat", "phase", "actions", "buys", "coins", "merchants", "silver", "bought",
              "immune"},
     "pending": [frames, the top last], "shuffle": seat | None, "result": None | {...},
     "notes": [what the last event did, for the log]}

Cards are named by their id only (never a per-copy id), so nothing lets a player follow a
hidden card. ``apply_*`` work on ``working(state)``: a copy of the parts an event changes in
place (the turn, the pending frames, each player's record), so the engine may then change them
without touching the caller's state. A player's zones, the Supply and the trash are shared
with the caller's state instead, and never changed in place: a change puts a new list (or
dict) in their place (``put``, ``take``, ``shift``; their types are read-only). An event
changes one or two of them, so it copies those and not all of them (copying every zone made a
fifth of an engine game).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Literal, TypedDict

from .cards import CARDS, COST

Zone = Literal["deck", "hand", "discard", "play", "aside", "look"]


class Player(TypedDict):
    # Read-only: shared with earlier states (the module's docstring); ``put``, ``take``.
    deck: Sequence[str]  # the top last
    hand: Sequence[str]
    discard: Sequence[str]  # the top last
    play: Sequence[str]
    aside: Sequence[str]  # set aside or revealed: public
    look: Sequence[str]  # looked at privately
    turns: int


class Turn(TypedDict):
    seat: int
    phase: str  # action, buy or cleanup
    actions: int
    buys: int
    coins: int
    merchants: int
    silver: bool
    bought: bool
    immune: list[int]


class Frame(TypedDict, total=False):
    """A pending effect on the stack: ``op`` names it (``effects.OPS``); the other keys are
    those its op uses."""

    op: str
    seat: int
    by: int
    card: str | None
    again: bool
    n: int | None
    left: int
    count: int
    found: int
    set: list[str]
    stage: str
    i: int
    targets: list[int]
    immune: list[int]
    treasure: bool
    max: int
    to: Zone


class Note(TypedDict, total=False):
    seat: int
    act: str
    cards: list[str]
    secret: bool


class Result(TypedDict):
    scores: list[int]
    winners: list[int]
    reason: str
    turns: list[int]


class State(TypedDict):
    options: dict[str, Any]
    seats: int
    first: int | None  # the first player, None until drawn
    kingdom: list[str] | None  # None while a random pick is pending
    supply: Mapping[str, int]  # read-only, as a player's zones
    trash: Sequence[str]  # read-only, as a player's zones
    players: list[Player]
    turn: Turn
    pending: list[Frame]  # the top last
    shuffle: int | None  # the seat whose discard pile must be shuffled
    result: Result | None
    notes: list[Note]  # what the last event did, for the log


def new_turn(seat: int) -> Turn:
    """A turn's counters: 1 Action, 1 Buy, $0 ("+액션" cards add to these)."""
    return {"seat": seat, "phase": "action", "actions": 1, "buys": 1, "coins": 0,
            "merchants": 0, "silver": False, "bought": False, "immune": []}


def new_player() -> Player:
    # The starting 7 Copper and 3 Estate begin as the discard pile, so the first draw of 5
    # shuffles them into the deck exactly as "잘 섞어 더미로 만들어" asks, through a Chance step.
    return {"deck": [], "hand": [], "discard": ["copper"] * 7 + ["estate"] * 3, "play": [],
            "aside": [], "look": [], "turns": 0}


def supply_for(kingdom: list[str], seats: int) -> dict[str, int]:
    """The Supply: treasures, victory cards and Curses by player count, 10 of each kingdom
    card (Gardens as many as the other Victory piles)."""
    victory = 8 if seats == 2 else 12
    supply = {"copper": 60 - 7 * seats, "silver": 40, "gold": 30, "estate": victory,
              "duchy": victory, "province": victory, "curse": 10 * (seats - 1)}
    for cid in kingdom:
        supply[cid] = victory if "victory" in CARDS[cid].types else 10
    return supply


def working(state: State) -> State:
    """A copy of ``state`` whose turn, pending frames and players' records may be changed in
    place (a player's zones, the Supply and the trash are replaced, never changed)."""
    pending = state["pending"]
    return {**state, "players": [{**p} for p in state["players"]], "turn": {**state["turn"]},
            # Most events find the stack empty: no comprehension to set up then.
            "pending": [_frame_copy(f) for f in pending] if pending else [], "notes": []}


def _frame_copy(frame: Frame) -> Frame:
    """A copy of ``frame`` whose lists (those ``Frame`` has) may be changed in place."""
    copy: Frame = {**frame}
    if "set" in copy:
        copy["set"] = list(copy["set"])
    if "targets" in copy:
        copy["targets"] = list(copy["targets"])
    if "immune" in copy:
        copy["immune"] = list(copy["immune"])
    return copy


def put(player: Player, zone: Zone, cards: Iterable[str]) -> None:
    """Add ``cards`` at the end (the top of a deck or discard pile) of ``player``'s ``zone``."""
    player[zone] = [*player[zone], *cards]


def take(player: Player, zone: Zone, cards: Iterable[str]) -> None:
    """Take one of each of ``cards`` (the first found) out of ``player``'s ``zone``."""
    rest = list(player[zone])
    for card in cards:
        rest.remove(card)
    player[zone] = rest


def shift(player: Player, source: Zone, to: Zone, card: str) -> None:
    """Move one ``card`` from ``player``'s ``source`` zone onto the end of its ``to`` zone."""
    take(player, source, (card,))
    put(player, to, (card,))


def take_last(player: Player, zone: Zone) -> str:
    """Take the last card (the top of a deck or discard pile) of ``player``'s ``zone``."""
    cards = player[zone]
    player[zone] = cards[:-1]
    return cards[-1]


def note(st: State, seat: int, act: str, cards: list[str] | None = None,
         secret: bool = False) -> None:
    """Record what happened for the log; a ``secret`` note's cards are for ``seat`` only."""
    entry: Note = {"seat": seat, "act": act, "cards": cards or []}
    if secret:
        entry["secret"] = True
    st["notes"].append(entry)


def others(st: State, seat: int) -> list[int]:
    """Every other player in turn order from ``seat``'s left ("시계 방향 순서대로")."""
    n = st["seats"]
    return [(seat + i) % n for i in range(1, n)]


def gain(st: State, seat: int, card: str, to: Zone = "discard") -> bool:
    """Gain ``card`` from the Supply to the discard pile (or ``hand``/``deck``); False if empty."""
    left = st["supply"].get(card, 0)
    if left <= 0:
        return False
    st["supply"] = {**st["supply"], card: left - 1}
    put(st["players"][seat], to, (card,))
    note(st, seat, "gained" if to == "discard" else f"gained to {to}", [card])
    return True


def trash(st: State, seat: int, zone: Zone, card: str) -> None:
    take(st["players"][seat], zone, (card,))
    st["trash"] = [*st["trash"], card]
    note(st, seat, "trashed", [card])


def discard(st: State, seat: int, zone: Zone, card: str) -> None:
    shift(st["players"][seat], zone, "discard", card)
    note(st, seat, "discarded", [card])


def gainable(st: State, limit: int, treasure_only: bool = False) -> list[str]:
    """Supply piles with cards left costing up to ``limit`` (coins in hand never add to it)."""
    return [c for c, n in st["supply"].items()
            if n > 0 and COST[c] <= limit and (not treasure_only or "treasure" in CARDS[c].types)]


def empty_piles(st: State) -> int:
    """Empty Supply piles (Curse and Copper count; the Trash is not a Supply pile)."""
    return list(st["supply"].values()).count(0)


def owned(player: Player) -> list[str]:
    """Every card a player owns: deck, hand, discard, in play and set aside."""
    return [*player["deck"], *player["hand"], *player["discard"], *player["play"],
            *player["aside"], *player["look"]]


def victory_points(player: Player) -> int:
    return points_of(owned(player))


def points_of(cards: Sequence[str]) -> int:
    """The victory points of ``cards``: each card's own, and a Gardens 1 per 10 cards."""
    points = sum(map(VP.__getitem__, cards))
    if "gardens" in cards:
        points += cards.count("gardens") * (len(cards) // 10)
    return points


VP = {cid: 0 if cid == "gardens" else card.vp for cid, card in CARDS.items()}


def card_of(frame: Frame) -> str:
    """The card a frame has revealed or been given (once it has one)."""
    card = frame["card"]
    assert card is not None
    return card


def count_of(frame: Frame) -> int:
    """How many a frame still has to do (once counted)."""
    n = frame["n"]
    assert n is not None
    return n
