"""Hand-made observations for Revolution and Dominion: every component has its own slots, so
nothing collides and an encoding costs a few dozen writes (these two engines step in tens of
microseconds, and feature hashing cost several times that).

Seat-indexed parts are relative to the observing seat: its own first, then the next seats
in turn order. Each function takes the view (``rules.view(state, seat)``) and the seat, and
reads only the view. docs/research.md, "Observations", lists every slot.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from domain.games.dominion.cards import CARDS
from domain.games.revolution.tiles import TILES

# ---- Revolution ----

TILE = {tile: index for index, tile in enumerate(TILES)}
T = len(TILE)
SQUARE = T + 4  # a square: its tile, then mine, theirs, face down, a tile under it
STAGES = ("first", "deal", "draft", "refill", "play")
# The tile-count blocks after the board, in this order.
REVOLUTION_COUNTS = ("my hand", "their hand", "my hidden", "my set aside", "centre", "used",
                     "removed", "pool", "dealt", "draft offer", "pending")
REVOLUTION_SCALARS = ("game_no", "my turn", "I started", "my wins", "their wins", "my points",
                      "their points", "my placements", "their placements", "placed",
                      "their hidden", "their set aside", "pool_count", "my draft")
_COUNTS = 9 * SQUARE
_SCALARS = _COUNTS + T * len(REVOLUTION_COUNTS)
REVOLUTION_SIZE = _SCALARS + len(STAGES) + len(REVOLUTION_SCALARS)


class Slots:
    """Writes gathered as (slot, value) pairs and summed into an array at once: one numpy
    call instead of one a write."""

    def __init__(self) -> None:
        self.slots: list[int] = []
        self.values: list[float] = []

    def add(self, slot: int, value: float = 1.0) -> None:
        self.slots.append(slot)
        self.values.append(value)

    def run(self, start: int, values: list[float]) -> None:
        self.slots += range(start, start + len(values))
        self.values += values

    def array(self, size: int) -> np.ndarray:
        return np.bincount(self.slots, self.values, size).astype(np.float32)


def _tiles(out: Slots, block: int, tiles: Any) -> None:
    if tiles:
        start = _COUNTS + block * T
        out.slots += [start + TILE[tile] for tile in tiles]
        out.values += [1.0] * len(tiles)


def revolution(view: dict[str, Any], seat: int) -> np.ndarray:
    out = Slots()
    other = 1 - seat
    for square, placed in enumerate(view.get("board") or ()):
        if placed:
            base = square * SQUARE
            if placed.get("tile") in TILE:  # a face-down tile's name may be hidden
                out.add(base + TILE[placed["tile"]])
            out.add(base + T + (0 if placed.get("up") == seat else 1))
            out.add(base + T + 2, float(bool(placed.get("down"))))
            out.add(base + T + 3, float(placed.get("under") is not None))
    pair = view.get("hands") or [None, None]
    hidden = view.get("hidden") or [None, None]
    aside = view.get("set_aside") or [None, None]
    draft = view.get("draft") or {}
    pending = view.get("pending") or {}
    for block, tiles in enumerate((
            pair[seat], pair[other], hidden[seat], aside[seat], view.get("centre"),
            view.get("used"), view.get("removed"), view.get("pool"), view.get("dealt"),
            draft.get("offer"), [pending["tile"]] if pending.get("tile") in TILE else None)):
        _tiles(out, block, tiles)
    stage = view.get("stage")
    if stage in STAGES:
        out.add(_SCALARS + STAGES.index(stage))
    out.run(_SCALARS + len(STAGES), _revolution_scalars(view, seat, other, draft))
    return out.array(REVOLUTION_SIZE)


def _revolution_scalars(view: dict[str, Any], seat: int, other: int,
                        draft: dict[str, Any]) -> list[float]:
    def pair(key: str) -> tuple[float, float]:
        values = view.get(key) or [0, 0]
        return float(values[seat] or 0), float(values[other] or 0)

    return [float(view.get("game_no") or 0), float(view.get("turn") == seat),
            float(view.get("starter") == seat), *pair("wins"), *pair("points"),
            *pair("placements"), float(view.get("placed") or 0),
            pair("hidden_counts")[1], pair("set_aside_counts")[1],
            float(view.get("pool_count") or 0), float(draft.get("seat") == seat)]


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
_CARD_BLOCKS = len(DOMINION_TABLE) + len(MINE) + OTHERS * len(THEIRS)
_DOMINION_SCALARS = _CARD_BLOCKS * C
DOMINION_SIZE = _DOMINION_SCALARS + len(PHASES) + 4 + (1 + OTHERS) * len(SEAT_SCALARS)


def _cards(out: Slots, block: int, cards: Any) -> None:
    """A list of cards counted, a {card: count} object as its counts, or one card's name."""
    if not cards:
        return
    start = block * C
    if isinstance(cards, str):
        out.add(start + CARD[cards])
    elif isinstance(cards, dict):
        out.slots += [start + CARD[card] for card in cards]
        out.values += cards.values()
    else:
        out.slots += [start + CARD[card] for card in cards]
        out.values += [1.0] * len(cards)


def dominion(view: dict[str, Any], seat: int) -> np.ndarray:
    out = Slots()
    supply = view.get("supply") or {}
    _cards(out, 0, supply)
    _cards(out, 1, dict.fromkeys(supply, 1))
    _cards(out, 2, view.get("trash"))
    players = view.get("players") or []
    order = [(seat + step) % len(players) for step in range(len(players))]
    for offset, key in enumerate(MINE):
        _cards(out, 3 + offset, players[seat].get(key) if players else None)
    for rank, other in enumerate(order[1:]):
        for offset, key in enumerate(THEIRS):
            _cards(out, 3 + len(MINE) + rank * len(THEIRS) + offset, players[other].get(key))
    turn = view.get("turn") or {}
    at = _DOMINION_SCALARS
    if turn.get("phase") in PHASES:
        out.add(at + PHASES.index(turn["phase"]))
    at += len(PHASES)
    out.run(at, [turn.get("actions") or 0, turn.get("buys") or 0, turn.get("coins") or 0,
                 float(view.get("first") == seat)])
    at += 4
    for other in order:
        player = players[other]
        out.run(at, [1.0, player.get("hand_size") or 0, player.get("deck_size") or 0,
                     player.get("looking_at_size") or 0, player.get("victory_points") or 0,
                     player.get("turns") or 0, float(turn.get("seat") == other)])
        at += len(SEAT_SCALARS)
    return out.array(DOMINION_SIZE)
