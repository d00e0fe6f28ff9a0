"""Applying moves and chance outcomes. Each function copies the state first (``clone``) and
changes only the copy (its board list in place, anything else by replacing it); the kernel
has already checked the move is legal."""

from __future__ import annotations

from typing import Any

from domain.kernel import Move

from .effects import EFFECTS
from .flow import after_placement, end_game, finish_turn, refill, start_game
from .state import (
    Match,
    can_place,
    cell,
    clone,
    counted,
    draft_of,
    pending_of,
    replaced,
    squares_for,
    starter_of,
    take_unused,
    to_hand,
    without_at,
)
from .tiles import TOWER


def apply_chance(state: Match, outcome: Any) -> Match:
    """The first player (게임 준비 ⑤), or the neutral tiles drawn for a game."""
    new = clone(state)
    if new["stage"] == "first":
        return start_game(new, int(outcome))
    if new["stage"] == "refill":
        return refill(new, outcome)
    tiles = [new["pool"][i] for i in outcome]
    new["pool"] = [t for t in new["pool"] if t not in tiles]
    new["dealt"] = [*new["dealt"], *tiles]
    mode = new["options"]["neutrals"]
    if mode == "standard":
        new["centre"], new["stage"] = tiles, "play"
    elif mode in ("random", "secret_random"):
        # Two each: the first two drawn to seat 0, the next two to seat 1.
        drawn = [tiles[:2], tiles[2:]]
        if mode == "random":
            new["hands"] = [new["hands"][seat] + drawn[seat] for seat in (0, 1)]
        else:
            new["hidden"] = [new["hidden"][seat] + drawn[seat] for seat in (0, 1)]
        new["stage"] = "play"
    elif mode == "draft":
        new["draft"] = {"offer": tiles, "seat": starter_of(new), "picks": 0}
        new["stage"] = "draft"
    else:
        drawer = starter_of(new) if len(new["dealt"]) == 4 else 1 - starter_of(new)
        new["draft"] = {"offer": tiles, "seat": drawer, "pass": True}
        new["stage"] = "draft"
    return new


def apply_move(state: Match, seat: int, move: Move) -> Match:
    """A placement, a draft pick, or the choice for a pending ability."""
    new = clone(state)
    kind = move["kind"]
    if kind == "place" and "hidden" in move:
        return _reveal(new, seat, move["hidden"])
    if kind == "place":
        return _place(new, seat, move["tile"], move["square"])
    if kind == "take":
        return _take(new, seat, move["tile"])
    if kind == "keep":
        return _keep(new, seat, move["tile"])
    if kind == "skip":
        return finish_turn(new)
    pending = pending_of(new)
    EFFECTS[pending["tile"]].resolve(new, pending, move)
    if kind == "retrigger":
        return new
    return finish_turn(new)


def _reveal(state: Match, seat: int, index: int) -> Match:
    """Secret random: turn up one's own face-down tile to place it now (ruling 13). A Tower
    with no face-up ally to stand on cannot be placed: it stays in the player's area, face
    up, and the player places another tile, or loses with none (ruling 12)."""
    hidden = state["hidden"]
    tile = hidden[seat][index]
    state["hidden"] = replaced(hidden, seat, without_at(hidden[seat], index))
    if squares_for(state, seat, tile):
        state["revealed"] = tile
        return state
    to_hand(state, seat, tile)
    if not can_place(state, seat):
        return end_game(state, seat, "had no tile to place")
    return state


def _place(state: Match, seat: int, tile: str, square: int) -> Match:
    """Put the tile upright for its placer; a Tower goes on top of an ally (타워)."""
    if state["revealed"] == tile:
        state["revealed"] = None
    else:
        take_unused(state, seat, tile)
    board = state["board"]
    # 중요: the tile that fills the last square does not [파괴] (ruling 3). Any tile but a
    # Tower goes on an empty square, so it is the last when that square is the only one.
    last = tile != TOWER and board.count(None) == 1
    placed = cell(tile, seat)
    if tile == TOWER:
        placed["under"] = board[square]
    board[square] = placed
    state["placed"] += 1
    state["placements"] = counted(state["placements"], seat)
    return after_placement(state, seat, tile, square, last)


def _take(state: Match, seat: int, tile: str) -> Match:
    """Open draft: first player, second, first; the second player gets the last two."""
    draft = draft_of(state)
    draft = {**draft, "offer": [t for t in draft["offer"] if t != tile]}
    to_hand(state, seat, tile)
    draft["picks"] += 1
    draft["seat"] = 1 - seat
    if draft["picks"] == 3:
        other = 1 - seat
        state["hands"] = replaced(state["hands"], other, state["hands"][other] + draft["offer"])
        state["draft"], state["stage"] = None, "play"
    else:
        state["draft"] = draft
    return state


def _keep(state: Match, seat: int, tile: str) -> Match:
    """Secret draft: keep one, pass three; the receiver keeps one and sets two aside. Then the
    same from four more tiles the other way round (비밀 드래프트)."""
    draft = draft_of(state)
    rest = [t for t in draft["offer"] if t != tile]
    state["hidden"] = replaced(state["hidden"], seat, [*state["hidden"][seat], tile])
    if draft["pass"]:
        state["draft"] = {"offer": rest, "seat": 1 - seat, "pass": False}
        return state
    state["set_aside"] = replaced(state["set_aside"], seat, state["set_aside"][seat] + rest)
    state["draft"] = None
    state["stage"] = "deal" if len(state["dealt"]) == 4 else "play"
    return state
