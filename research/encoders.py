"""Hand-made observations for Revolution and Dominion: every component has its own slots, so
nothing collides (these two engines step in tens of microseconds, and feature hashing cost
several times that).

Seat-indexed parts are relative to the observing seat: its own first, then the next seats
in turn order. Each encoding reads only the view (``rules.view(state, seat)``) and the seat.
docs/research.md, "Observations", lists every slot.

An encoding is a ``Layout``: ``Part``s, each the writer of its own slots from some top-level
keys of the view. Written into a ``Memory`` (one seat's buffer and the view values it was
last written from), only the parts whose keys changed are written again: an environment
keeps one ``Memory`` a seat, and from one turn to the next most of a view is the same (the
board but one square, the other seat's hand...). A fresh ``Memory`` writes every part, so
the encoding of a view never depends on the views before it (tests/research/test_encoders.py
compares the two over random episodes).

The values kept are the view's own (no copy): a view shares its lists with the game's
state, which the rules replace and never change in place once a move has produced it
(``revolution.state.clone``, Dominion's copy-on-apply), and the encoder changes nothing.
"""

from __future__ import annotations

import functools
from array import array
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from itertools import compress
from operator import is_not, ne
from typing import Any, NamedTuple

import numpy as np

from domain.games.dominion.cards import CARDS
from domain.games.revolution.tiles import TILES

View = dict[str, Any]


class Last:
    """The view values a seat's encoding was last written from, by key (``UNSEEN`` before
    the first write)."""

    def __init__(self, positions: dict[str, int], values: list[Any]) -> None:
        self.positions = positions
        self.values = values

    def __getitem__(self, key: str) -> Any:
        return self.values[self.positions[key]]


# A part's writer: (buffer, view, the values it was last written from, seat).
Writer = Callable[["array[float]", View, Last, int], None]


class Part(NamedTuple):
    keys: tuple[str, ...]  # the view's top-level keys it reads
    write: Writer  # writes all its slots (zeros included), from the view


UNSEEN = object()  # a key's last value before the first write: unequal to any value


@dataclass(frozen=True)
class Layout:
    size: int
    parts: tuple[Part, ...]
    keys: tuple[str, ...] = field(init=False)
    positions: dict[str, int] = field(init=False, repr=False)
    parts_of: dict[str, tuple[Part, ...]] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        keys = tuple(dict.fromkeys(key for part in self.parts for key in part.keys))
        object.__setattr__(self, "keys", keys)
        object.__setattr__(self, "positions", {key: i for i, key in enumerate(keys)})
        object.__setattr__(self, "parts_of", {
            key: tuple(part for part in self.parts if key in part.keys) for key in keys})

    def write(self, memory: Memory, view: View, seat: int) -> None:
        """``memory``'s buffer brought to ``view``: the parts whose keys changed since the
        view it was last written from are written again (the comparisons run in C)."""
        values = list(map(view.get, self.keys))
        changed = list(compress(self.keys, map(ne, values, memory.values)))
        if not changed:
            return
        last = Last(self.positions, memory.values)
        parts_of = self.parts_of
        for part in {part for key in changed for part in parts_of[key]}:
            part.write(memory.buffer, view, last, seat)
        memory.values = values

    def encode(self, view: View, seat: int) -> np.ndarray:
        """The view encoded from nothing (no memory of earlier views)."""
        memory = Memory(self, self.size)
        self.write(memory, view, seat)
        return memory.array()


class Memory:
    """One seat's encoding buffer (float32) and the view values it was written from. Its
    ``size`` may exceed the layout's: the slots after are the codec's (the overflow moves)."""

    def __init__(self, layout: Layout, size: int) -> None:
        self.buffer = array("f", bytes(4 * size))
        self.numbers = np.frombuffer(self.buffer, np.float32)  # the same memory
        self.values: list[Any] = [UNSEEN] * len(layout.keys)

    def array(self) -> np.ndarray:
        return self.numbers.copy()


@functools.cache
def _zeros(size: int) -> array[float]:
    return array("f", bytes(4 * size))


def clear(buffer: array[float], start: int, size: int) -> None:
    if size:  # (an empty slice assigned counts as a resize, which the numpy view forbids)
        buffer[start:start + size] = _zeros(size)


def count_into(buffer: array[float], start: int, index: dict[str, int], items: Any) -> None:
    """Counts of a list of names, a {name: count} object's counts, or one name's 1, at
    ``start`` plus each name's index (the block cleared first by the caller)."""
    if not items:
        return
    if isinstance(items, str):
        buffer[start + index[items]] = 1.0
    elif isinstance(items, dict):
        for name, count in items.items():
            buffer[start + index[name]] = count
    else:
        for name in items:
            buffer[start + index[name]] += 1.0


def _pair(values: Any, seat: int) -> tuple[float, float]:
    """A two-seat list as (mine, theirs)."""
    values = values or (0, 0)
    return float(values[seat] or 0), float(values[1 - seat] or 0)


# ---- Revolution ----

TILE = {tile: index for index, tile in enumerate(TILES)}
T = len(TILE)
SQUARES = 9
SQUARE = T + 4  # a square: its tile, then mine, theirs, face down, a tile under it
STAGES = ("first", "deal", "draft", "refill", "play")
# The tile-count blocks after the board, in this order.
REVOLUTION_COUNTS = ("my hand", "their hand", "my hidden", "my set aside", "centre", "used",
                     "removed", "pool", "dealt", "draft offer", "pending")
REVOLUTION_SCALARS = ("game_no", "my turn", "I started", "my wins", "their wins", "my points",
                      "their points", "my placements", "their placements", "placed",
                      "their hidden", "their set aside", "pool_count", "my draft")
_COUNTS = SQUARES * SQUARE
_STAGE = _COUNTS + T * len(REVOLUTION_COUNTS)
_SCALARS = _STAGE + len(STAGES)
REVOLUTION_SIZE = _SCALARS + len(REVOLUTION_SCALARS)


def _board(buffer: array[float], view: View, last: Last, seat: int) -> None:
    """Each square that differs from the last board written."""
    board = view.get("board") or ()
    was = last["board"] if type(last["board"]) is list else ()
    if len(board) == len(was) == SQUARES:  # the squares whose cell is another (compared in C)
        squares: Iterable[int] = compress(range(SQUARES), map(is_not, board, was))
    else:
        squares, was = range(SQUARES), ()
    for square in squares:
        placed = board[square] if square < len(board) else None
        if square < len(was) and was[square] == placed:
            continue
        base = square * SQUARE
        buffer[base:base + SQUARE] = _square(
            (placed.get("tile"), placed.get("up") == seat, bool(placed.get("down")),
             placed.get("under") is not None) if placed else None)


def _square(cell: tuple[Any, bool, bool, bool] | None) -> array[float]:
    """A square's slots: its tile (a face-down tile's name may be hidden), mine or theirs,
    face down, a tile under it; kept by those."""
    found = SQUARES_SEEN.get(cell)
    if found is None:
        found = SQUARES_SEEN[cell] = array("f", bytes(4 * SQUARE))
        if cell is not None:
            tile, mine, down, under = cell
            if tile in TILE:
                found[TILE[tile]] = 1.0
            found[T + (0 if mine else 1)] = 1.0
            found[T + 2], found[T + 3] = float(down), float(under)
    return found


SQUARES_SEEN: dict[tuple[Any, bool, bool, bool] | None, array[float]] = {}


def _tiles(buffer: array[float], block: int, tiles: Any) -> None:
    """A block of tile counts, kept by the tiles (the same piles come again and again)."""
    start = _COUNTS + block * T
    key = tuple(tiles) if type(tiles) is list else tiles
    found = PILES_SEEN.get(key)
    if found is None:
        if len(PILES_SEEN) > PILES_LIMIT:
            PILES_SEEN.clear()
        found = PILES_SEEN[key] = array("f", bytes(4 * T))
        count_into(found, 0, TILE, tiles)
    buffer[start:start + T] = found


PILES_SEEN: dict[Any, array[float]] = {}
PILES_LIMIT = 50_000


def _seat_tiles(key: str, block: int, theirs: int | None = None) -> Part:
    """A two-seat list of piles: mine in ``block`` (theirs in ``theirs``, if given)."""
    def write(buffer: array[float], view: View, last: Last, seat: int) -> None:
        piles = view.get(key) or (None, None)
        _tiles(buffer, block, piles[seat])
        if theirs is not None:
            _tiles(buffer, theirs, piles[1 - seat])
    return Part((key,), write)


def _pile(key: str, block: int) -> Part:
    def write(buffer: array[float], view: View, last: Last, seat: int) -> None:
        _tiles(buffer, block, view.get(key))
    return Part((key,), write)


def _pending(buffer: array[float], view: View, last: Last, seat: int) -> None:
    pending = view.get("pending") or {}
    _tiles(buffer, 10, [pending["tile"]] if pending.get("tile") in TILE else None)


def _draft(buffer: array[float], view: View, last: Last, seat: int) -> None:
    draft = view.get("draft") or {}
    _tiles(buffer, 9, draft.get("offer"))
    buffer[_SCALARS + 13] = float(draft.get("seat") == seat)


def _stage(buffer: array[float], view: View, last: Last, seat: int) -> None:
    clear(buffer, _STAGE, len(STAGES))
    stage = view.get("stage")
    if stage in STAGES:
        buffer[_STAGE + STAGES.index(stage)] = 1.0


def _scalar(key: str, slot: int, how: Callable[[Any, int], float]) -> Part:
    def write(buffer: array[float], view: View, last: Last, seat: int) -> None:
        buffer[_SCALARS + slot] = how(view.get(key), seat)
    return Part((key,), write)


def _pair_scalars(key: str, slot: int, mine: bool = True) -> Part:
    """A two-seat list: mine at ``slot`` and theirs after it, or theirs alone at ``slot``."""
    def write(buffer: array[float], view: View, last: Last, seat: int) -> None:
        my, their = _pair(view.get(key), seat)
        if mine:
            buffer[_SCALARS + slot:_SCALARS + slot + 2] = array("f", (my, their))
        else:
            buffer[_SCALARS + slot] = their
    return Part((key,), write)


def _number(value: Any, seat: int) -> float:
    return float(value or 0)


def _is_seat(value: Any, seat: int) -> float:
    return float(value == seat)


REVOLUTION = Layout(REVOLUTION_SIZE, (
    Part(("board",), _board),
    _seat_tiles("hands", 0, theirs=1), _seat_tiles("hidden", 2), _seat_tiles("set_aside", 3),
    *(_pile(key, block) for block, key in enumerate(
        ("centre", "used", "removed", "pool", "dealt"), start=4)),
    Part(("draft",), _draft), Part(("pending",), _pending), Part(("stage",), _stage),
    _scalar("game_no", 0, _number), _scalar("turn", 1, _is_seat),
    _scalar("starter", 2, _is_seat), _pair_scalars("wins", 3), _pair_scalars("points", 5),
    _pair_scalars("placements", 7), _scalar("placed", 9, _number),
    _pair_scalars("hidden_counts", 10, mine=False),
    _pair_scalars("set_aside_counts", 11, mine=False), _scalar("pool_count", 12, _number)))


def revolution(view: View, seat: int) -> np.ndarray:
    return REVOLUTION.encode(view, seat)


# ---- Dominion ----

CARD = {card: index for index, card in enumerate(CARDS)}
C = len(CARD)
PHASES = ("action", "buy", "cleanup")
DOMINION_TABLE = ("supply", "in supply", "trash")
MINE = ("hand", "owned", "in_play", "set_aside", "looking_at", "discard_top")
THEIRS = ("in_play", "discard_top")
OTHERS = 3  # up to four seats
SEAT_SCALARS = ("present", "hand_size", "deck_size", "looking_at_size", "victory_points",
                "turns", "their turn")
_MINE = len(DOMINION_TABLE) * C
_THEIRS = _MINE + len(MINE) * C
_CARD_BLOCKS = len(DOMINION_TABLE) + len(MINE) + OTHERS * len(THEIRS)
_DOMINION_SCALARS = _CARD_BLOCKS * C
_SEATS = _DOMINION_SCALARS + len(PHASES) + 4
DOMINION_SIZE = _SEATS + (1 + OTHERS) * len(SEAT_SCALARS)


def _cards(buffer: array[float], block_start: int, cards: Any) -> None:
    buffer[block_start:block_start + C] = _zeros(C)
    count_into(buffer, block_start, CARD, cards)


def _supply(buffer: array[float], view: View, last: Last, seat: int) -> None:
    """The piles' counts and which cards are in the supply; when the same cards are, only
    the counts that changed (a buy changes one)."""
    supply = view.get("supply") or {}
    was = last["supply"]
    if type(was) is dict and was.keys() == supply.keys():
        for card, count in supply.items():
            if was[card] != count:
                buffer[CARD[card]] = count
        return
    _cards(buffer, 0, supply)
    _cards(buffer, C, dict.fromkeys(supply, 1.0))


def _trash(buffer: array[float], view: View, last: Last, seat: int) -> None:
    _cards(buffer, 2 * C, view.get("trash"))


def _seat_order(players: list[Any], seat: int) -> list[int]:
    return [(seat + step) % len(players) for step in range(len(players))]


def _players(buffer: array[float], view: View, last: Last, seat: int) -> None:
    """Each seat's card blocks and numbers, a seat's written again when anything of it
    changed (of mine, only the blocks that changed)."""
    players = view.get("players") or []
    was = last["players"] if type(last["players"]) is list \
        and len(last["players"]) == len(players) else None
    if was is None:  # every block and number, the ranks no seat holds included
        clear(buffer, _MINE, _DOMINION_SCALARS - _MINE)
        for rank in range(1 + OTHERS):
            clear(buffer, _SEATS + rank * len(SEAT_SCALARS), len(SEAT_SCALARS) - 1)
    if not players:
        return
    mine, my_last = players[seat], (was[seat] if was else None)
    if my_last is None or mine != my_last:
        for offset, key in enumerate(MINE):
            if my_last is None or mine.get(key) != my_last.get(key):
                _cards(buffer, _MINE + offset * C, mine.get(key))
        _seat_numbers(buffer, 0, mine)
    for rank, other in enumerate(_seat_order(players, seat)[1:], start=1):
        player = players[other]
        if was is None or player != was[other]:
            for offset, key in enumerate(THEIRS):
                _cards(buffer, _THEIRS + ((rank - 1) * len(THEIRS) + offset) * C,
                       player.get(key))
            _seat_numbers(buffer, rank, player)


def _seat_numbers(buffer: array[float], rank: int, player: dict[str, Any]) -> None:
    """A seat's numbers but the last ("their turn", the turn's part writes it)."""
    at = _SEATS + rank * len(SEAT_SCALARS)
    buffer[at:at + len(SEAT_SCALARS) - 1] = array("f", (
        1.0, player.get("hand_size") or 0, player.get("deck_size") or 0,
        player.get("looking_at_size") or 0, player.get("victory_points") or 0,
        player.get("turns") or 0))


def _turn(buffer: array[float], view: View, last: Last, seat: int) -> None:
    """The phase, the turn's counters, and whose turn it is among the seats."""
    turn = view.get("turn") or {}
    at = _DOMINION_SCALARS
    clear(buffer, at, len(PHASES))
    if turn.get("phase") in PHASES:
        buffer[at + PHASES.index(turn["phase"])] = 1.0
    at += len(PHASES)
    buffer[at:at + 3] = array("f", (
        turn.get("actions") or 0, turn.get("buys") or 0, turn.get("coins") or 0))
    order = _seat_order(view.get("players") or [], seat)
    turn_seat = turn.get("seat")
    for rank in range(1 + OTHERS):
        buffer[_SEATS + rank * len(SEAT_SCALARS) + len(SEAT_SCALARS) - 1] = float(
            rank < len(order) and order[rank] == turn_seat)


def _first(buffer: array[float], view: View, last: Last, seat: int) -> None:
    buffer[_DOMINION_SCALARS + len(PHASES) + 3] = float(view.get("first") == seat)


DOMINION = Layout(DOMINION_SIZE, (
    Part(("supply",), _supply), Part(("trash",), _trash), Part(("turn", "players"), _turn),
    Part(("first",), _first), Part(("players",), _players)))


def dominion(view: View, seat: int) -> np.ndarray:
    return DOMINION.encode(view, seat)
