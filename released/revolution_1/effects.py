"""The active abilities, as small functions keyed by tile id (EFFECTS).

Each ability offers its ``options`` (the moves the activating player may choose, besides
skipping) and ``resolve``s the one chosen. ``pending`` says whose ability it is: ``tile`` and
``square`` (where it stands), ``seat`` (who activates it: the placer, or the player whose Bard
or Performer re-triggers it, ruling 8) and ``last`` (it came from the tile that filled the
last square, so [파괴] does not happen: ruling 3). ``resolve`` is given a clone to change.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from domain.kernel import Move

from .state import (
    Match,
    Pending,
    affectable,
    face_up,
    is_shielded,
    is_suppressed,
    lift,
    occupied,
    top_tile,
)
from .tiles import DIRECTIONS, TILES, absolute, front_and_sides, ray, shape_squares


@dataclass(frozen=True)
class Effect:
    """An active ability: what it offers, and what the chosen option does."""

    options: Callable[[Match, Pending], list[Move]]
    resolve: Callable[[Match, Pending, Move], None]


def _shape(pending: Pending) -> str:
    return TILES[pending["tile"]].shape


def _destroy_options(state: Match, pending: Pending) -> list[Move]:
    # 중요: a tile placed on the last square does not [파괴] (ruling 3).
    if pending["last"]:
        return []
    squares = shape_squares(_shape(pending), pending["square"])
    return [{"kind": "destroy", "square": s} for s in squares if affectable(state, s)]


def _pirate_options(state: Match, pending: Pending) -> list[Move]:
    # 해적: only a tile with a shield, which it destroys despite the shield (ruling 6).
    if pending["last"]:
        return []
    squares = shape_squares("around", pending["square"])
    return [{"kind": "destroy", "square": s} for s in squares
            if face_up(state, s) is not None and is_shielded(state, s)]


def _destroy(state: Match, pending: Pending, move: Move) -> None:
    # [파괴] flips the tile face down; it is removed later (ruling 1).
    occupied(state, move["square"])["down"] = True


def _banish_options(state: Match, pending: Pending) -> list[Move]:
    squares = shape_squares(_shape(pending), pending["square"])
    return [{"kind": "banish", "square": s} for s in squares if affectable(state, s)]


def _banish(state: Match, pending: Pending, move: Move) -> None:
    # [추방] removes the tile at once.
    state["removed"].append(lift(state, move["square"])["tile"])


def _invert_squares(state: Match, squares: list[int]) -> list[int]:
    # A tile that takes no effects is left out; every other one turns (반전 ※).
    return [s for s in squares if affectable(state, s)]


def _invert_options(state: Match, pending: Pending) -> list[Move]:
    shape, square, seat = _shape(pending), pending["square"], pending["seat"]
    if shape == "ray":
        moves = [{"kind": "invert", "direction": name,
                  "squares": _invert_squares(state, ray(square, absolute(seat, delta)))}
                 for name, delta in DIRECTIONS.items()]
    elif shape == "orthogonal_or_diagonal":
        moves = [{"kind": "invert", "pattern": pattern,
                  "squares": _invert_squares(state, shape_squares(pattern, square))}
                 for pattern in ("orthogonal", "diagonal")]
    else:
        squares = (front_and_sides(seat, square) if shape == "front_and_sides"
                   else shape_squares(shape, square))
        moves = [{"kind": "invert", "squares": _invert_squares(state, squares)}]
    return [m for m in moves if m["squares"]]


def _invert(state: Match, pending: Pending, move: Move) -> None:
    # [반전]: a half turn, so the ally of one player becomes the ally of the other.
    for square in move["squares"]:
        state["board"][square]["up"] = 1 - state["board"][square]["up"]


def _retrigger_options(state: Match, pending: Pending) -> list[Move]:
    squares = shape_squares(_shape(pending), pending["square"])
    return [{"kind": "retrigger", "square": s} for s in squares
            if can_retrigger(state, pending, s)]


def can_retrigger(state: Match, pending: Pending, square: int) -> bool:
    """Ruling 8: an unshielded, unsuppressed active tile other than a Bard or Performer,
    whose ability would have something to do for the re-triggering player."""
    tile = top_tile(state, square)
    if tile is None or tile not in EFFECTS or TILES[tile].effect == "retrigger":
        return False
    if not affectable(state, square) or is_suppressed(state, square):
        return False
    return bool(EFFECTS[tile].options(state, retriggered(pending, tile, square)))


def retriggered(pending: Pending, tile: str, square: int) -> Pending:
    """The pending ability of a re-triggered tile: the re-triggering player activates it."""
    return {"tile": tile, "square": square, "seat": pending["seat"], "last": pending["last"],
            "retrigger": True}


def _resolve_retrigger(state: Match, pending: Pending, move: Move) -> None:
    square = move["square"]
    state["pending"] = retriggered(pending, str(top_tile(state, square)), square)


def _return_options(state: Match, pending: Pending) -> list[Move]:
    # 마녀: one of the player's own allies, not the Witch itself (ruling 9).
    return [{"kind": "return", "square": s} for s in range(9)
            if s != pending["square"] and affectable(state, s)
            and occupied(state, s)["up"] == pending["seat"]]


def _return(state: Match, pending: Pending, move: Move) -> None:
    state["hands"][pending["seat"]].append(lift(state, move["square"])["tile"])


def _move_options(state: Match, pending: Pending) -> list[Move]:
    # 요정: any unshielded face-up tile (the Fairy too) to another empty square.
    empty = [s for s in range(9) if state["board"][s] is None]
    return [{"kind": "move_tile", "from": a, "to": b}
            for a in range(9) if affectable(state, a) for b in empty]


def _move(state: Match, pending: Pending, move: Move) -> None:
    board = state["board"]
    board[move["to"]], board[move["from"]] = board[move["from"]], None


def _assassin_options(state: Match, pending: Pending) -> list[Move]:
    # 암살자: an open tile by its name, a face-down one by its place (ruling 9).
    other = 1 - pending["seat"]
    moves: list[Move] = [{"kind": "banish_unused", "tile": t}
                         for t in sorted(set(state["hands"][other]))]
    moves += [{"kind": "banish_unused", "hidden": i} for i in range(len(state["hidden"][other]))]
    return moves


def _assassinate(state: Match, pending: Pending, move: Move) -> None:
    other = 1 - pending["seat"]
    if "tile" in move:
        state["hands"][other].remove(move["tile"])
        state["removed"].append(move["tile"])
    else:
        state["removed"].append(state["hidden"][other].pop(move["hidden"]))


def _recover_options(state: Match, pending: Pending) -> list[Move]:
    # 은둔자: a removed tile (banished, or removed after a destroy), not a set-aside one.
    return [{"kind": "recover", "tile": t} for t in sorted(set(state["removed"]))]


def _recover(state: Match, pending: Pending, move: Move) -> None:
    state["removed"].remove(move["tile"])
    state["hands"][pending["seat"]].append(move["tile"])


_BY_EFFECT: dict[str, Effect] = {
    "destroy": Effect(_destroy_options, _destroy),
    "destroy_shielded": Effect(_pirate_options, _destroy),
    "banish": Effect(_banish_options, _banish),
    "invert": Effect(_invert_options, _invert),
    "retrigger": Effect(_retrigger_options, _resolve_retrigger),
    "return": Effect(_return_options, _return),
    "move": Effect(_move_options, _move),
    "banish_unused": Effect(_assassin_options, _assassinate),
    "recover": Effect(_recover_options, _recover),
}
EFFECTS: dict[str, Effect] = {t.id: _BY_EFFECT[t.effect] for t in TILES.values()
                              if t.ability == "active"}
