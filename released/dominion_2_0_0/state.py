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
hidden card. ``apply_*`` work on ``working(state)``: a copy of every mutable part, so the
engine may then change it in place without touching the caller's state.
"""

from __future__ import annotations

from typing import Any, Literal, TypedDict, cast

from .cards import CARDS, COST

Zone = Literal["deck", "hand", "discard", "play", "aside", "look"]


class Player(TypedDict):
    deck: list[str]  # the top last
    hand: list[str]
    discard: list[str]  # the top last
    play: list[str]
    aside: list[str]  # set aside or revealed: public
    look: list[str]  # looked at privately
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
    supply: dict[str, int]
    trash: list[str]
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
    """A copy of ``state`` whose every mutable part may be changed in place."""
    st = dict(state)
    # list.copy rather than a slice: the copy is made on every event, and this is its bulk.
    st["players"] = [{"deck": p["deck"].copy(), "hand": p["hand"].copy(),
                      "discard": p["discard"].copy(), "play": p["play"].copy(),
                      "aside": p["aside"].copy(), "look": p["look"].copy(), "turns": p["turns"]}
                     for p in state["players"]]
    st["supply"] = dict(state["supply"])
    st["trash"] = state["trash"].copy()
    st["turn"] = dict(state["turn"])
    st["pending"] = [{k: (v.copy() if type(v) is list else v) for k, v in f.items()}
                     for f in state["pending"]]
    st["notes"] = []
    return cast(State, st)


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
    if st["supply"].get(card, 0) <= 0:
        return False
    st["supply"][card] -= 1
    st["players"][seat][to].append(card)
    note(st, seat, "gained" if to == "discard" else f"gained to {to}", [card])
    return True


def trash(st: State, seat: int, zone: Zone, card: str) -> None:
    st["players"][seat][zone].remove(card)
    st["trash"].append(card)
    note(st, seat, "trashed", [card])


def discard(st: State, seat: int, zone: Zone, card: str) -> None:
    st["players"][seat][zone].remove(card)
    st["players"][seat]["discard"].append(card)
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
    return (player["deck"] + player["hand"] + player["discard"] + player["play"]
            + player["aside"] + player["look"])


def victory_points(player: Player) -> int:
    return points_of(owned(player))


def points_of(cards: list[str]) -> int:
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
