"""Applying moves and chance outcomes. Each function copies the state first (``clone``) and
changes only the copy; the kernel has already checked the move is legal."""

from __future__ import annotations

from typing import Any

from domain.kernel import Move

from .effects import EFFECTS
from .flow import after_placement, finish_turn, start_game
from .state import Match, cell, clone, draft_of, pending_of, starter_of, take_unused
from .tiles import TOWER


def apply_chance(state: Match, outcome: Any) -> Match:
    """The first player (게임 준비 ⑤), or the neutral tiles drawn for a game."""
    new = clone(state)
    if new["stage"] == "first":
        return start_game(new, int(outcome))
    tiles = [new["pool"][i] for i in outcome]
    new["pool"] = [t for t in new["pool"] if t not in tiles]
    new["dealt"] = [*new["dealt"], *tiles]
    mode = new["options"]["neutrals"]
    if mode == "standard":
        new["centre"], new["stage"] = tiles, "play"
    elif mode in ("random", "secret_random"):
        # Two each: the first two drawn to seat 0, the next two to seat 1.
        piles = new["hands"] if mode == "random" else new["hidden"]
        piles[0] += tiles[:2]
        piles[1] += tiles[2:]
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


def _place(state: Match, seat: int, tile: str, square: int) -> Match:
    """Put the tile upright for its placer; a Tower goes on top of an ally (타워)."""
    take_unused(state, seat, tile)
    board = state["board"]
    # 중요: the tile that fills the last square does not [파괴] (ruling 3).
    last = tile != TOWER and all(board[s] is not None for s in range(9) if s != square)
    placed = cell(tile, seat)
    if tile == TOWER:
        placed["under"] = board[square]
    board[square] = placed
    state["placed"] += 1
    state["placements"][seat] += 1
    return after_placement(state, seat, tile, square, last)


def _take(state: Match, seat: int, tile: str) -> Match:
    """Open draft: first player, second, first; the second player gets the last two."""
    draft = draft_of(state)
    draft = {**draft, "offer": [t for t in draft["offer"] if t != tile]}
    state["hands"][seat].append(tile)
    draft["picks"] += 1
    draft["seat"] = 1 - seat
    if draft["picks"] == 3:
        state["hands"][1 - seat] += draft["offer"]
        state["draft"], state["stage"] = None, "play"
    else:
        state["draft"] = draft
    return state


def _keep(state: Match, seat: int, tile: str) -> Match:
    """Secret draft: keep one, pass three; the receiver keeps one and sets two aside. Then the
    same from four more tiles the other way round (비밀 드래프트)."""
    draft = draft_of(state)
    rest = [t for t in draft["offer"] if t != tile]
    state["hidden"][seat].append(tile)
    if draft["pass"]:
        state["draft"] = {"offer": rest, "seat": 1 - seat, "pass": False}
        return state
    state["set_aside"][seat] += rest
    state["draft"] = None
    state["stage"] = "deal" if len(state["dealt"]) == 4 else "play"
    return state
