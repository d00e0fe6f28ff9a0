"""The active abilities, as small functions keyed by tile id (EFFECTS).

Each ability offers its ``options`` (the moves the activating player may choose, besides
skipping) and ``resolve``s the one chosen. ``pending`` says whose ability it is: ``tile`` and
``square`` (where it stands), ``seat`` (who activates it: the placer, or the player whose Bard
or Performer re-triggers it, ruling 8) and ``last`` (it came from the tile that filled the
last square, so [파괴] does not happen: ruling 3). ``resolve`` is given a clone to change
(``state.clone``: its board list in place, anything else by replacing it).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from domain.kernel import Move

from .state import (
    Match,
    Pending,
    affectable,
    affectable_squares,
    face_up,
    is_shielded,
    is_suppressed,
    lift,
    occupied,
    replaced,
    to_hand,
    to_removed,
    top_tile,
    without,
    without_at,
)
from .tiles import TILES, direction_rays, front_and_sides, shape_squares


@dataclass(frozen=True)
class Effect:
    """An active ability: what it offers, and what the chosen option does."""

    options: Callable[[Match, Pending], list[Move]]
    resolve: Callable[[Match, Pending, Move], None]


def _shape(pending: Pending) -> str:
    return TILES[pending["tile"]].shape


# The moves naming one square, built once (like ``state.PLACE_MOVES``): the same objects
# are offered each time, read and never changed.
_ON_SQUARE: dict[str, tuple[Move, ...]] = {
    kind: tuple({"kind": kind, "square": square} for square in range(9))
    for kind in ("destroy", "banish", "retrigger", "return")}


def _on_targets(kind: str, squares: tuple[int, ...], targets: list[bool]) -> list[Move]:
    """The ``kind`` move on each of ``squares`` that effects may target (a plain loop: a
    comprehension is a call of its own in this Python, and every ability asks)."""
    offered, moves = _ON_SQUARE[kind], []
    for square in squares:
        if targets[square]:
            moves.append(offered[square])
    return moves


def _destroy_options(state: Match, pending: Pending) -> list[Move]:
    # 중요: a tile placed on the last square does not [파괴] (ruling 3).
    if pending["last"]:
        return []
    squares = shape_squares(_shape(pending), pending["square"])
    return _on_targets("destroy", squares, affectable_squares(state))


def _pirate_options(state: Match, pending: Pending) -> list[Move]:
    # 해적: only a tile with a shield, which it destroys despite the shield (ruling 6).
    if pending["last"]:
        return []
    squares = shape_squares("around", pending["square"])
    return [{"kind": "destroy", "square": s} for s in squares
            if face_up(state, s) is not None and is_shielded(state, s)]


def _destroy(state: Match, pending: Pending, move: Move) -> None:
    # [파괴] flips the tile face down; it is removed later (ruling 1). A new cell: the old
    # one is shared with the state before (see ``clone``).
    square = move["square"]
    state["board"][square] = {**occupied(state, square), "down": True}


def _banish_options(state: Match, pending: Pending) -> list[Move]:
    squares = shape_squares(_shape(pending), pending["square"])
    return _on_targets("banish", squares, affectable_squares(state))


def _banish(state: Match, pending: Pending, move: Move) -> None:
    # [추방] removes the tile at once.
    to_removed(state, lift(state, move["square"])["tile"])


def _invert_options(state: Match, pending: Pending) -> list[Move]:
    shape, square, seat = _shape(pending), pending["square"], pending["facing"]
    # A tile that takes no effects is left out; every other one turns (반전 ※).
    targets = affectable_squares(state)
    if shape == "ray":  # the commonest: each way offered only if it turns something
        ways = direction_rays(seat, square)
    elif shape == "orthogonal_or_diagonal":
        ways = _PATTERNS[square]
    else:
        squares = (front_and_sides(seat, square) if shape == "front_and_sides"
                   else shape_squares(shape, square))
        ways = (("", squares),)
    moves: list[Move] = []
    for name, squares in ways:  # plain loops: see ``_on_targets``
        turned = []
        for target in squares:
            if targets[target]:
                turned.append(target)
        if turned:
            moves.append(_inverting(shape, name, turned))
    return moves


def _inverting(shape: str, name: str, turned: list[int]) -> Move:
    """An invert move: a ray names its direction, the either-or its pattern."""
    if shape == "ray":
        return {"kind": "invert", "direction": name, "squares": turned}
    if shape == "orthogonal_or_diagonal":
        return {"kind": "invert", "pattern": name, "squares": turned}
    return {"kind": "invert", "squares": turned}


# The two patterns of the either-or inverts, for each square, in the order they are offered.
_PATTERNS = tuple(tuple((pattern, shape_squares(pattern, square))
                        for pattern in ("orthogonal", "diagonal")) for square in range(9))


def _invert(state: Match, pending: Pending, move: Move) -> None:
    # [반전]: a half turn, so the ally of one player becomes the ally of the other. New
    # cells: the old ones are shared with the state before (see ``clone``).
    board = state["board"]
    for square in move["squares"]:
        turned = occupied(state, square)
        board[square] = {**turned, "up": 1 - turned["up"]}


def _retrigger_options(state: Match, pending: Pending) -> list[Move]:
    squares = shape_squares(_shape(pending), pending["square"])
    offered = _ON_SQUARE["retrigger"]
    return [offered[s] for s in squares if can_retrigger(state, pending, s)]


def can_retrigger(state: Match, pending: Pending, square: int) -> bool:
    """Ruling 8: an unshielded, unsuppressed active tile whose ability would have something
    to do for the re-triggering player. A Bard may re-trigger the Performer and the reverse:
    no loop can follow (the one Bard reaches orthogonal squares, the one Performer diagonal
    ones), but neither re-triggers the tile that re-triggered it."""
    tile = top_tile(state, square)
    if tile is None or tile not in EFFECTS or tile == pending["tile"]:
        return False
    if not affectable(state, square) or is_suppressed(state, square):
        return False
    return bool(EFFECTS[tile].options(state, retriggered(state, pending, tile, square)))


def retriggered(state: Match, pending: Pending, tile: str, square: int) -> Pending:
    """The pending ability of a re-triggered tile: the re-triggering player chooses, and the
    tile reads its directions from its own top ("이 타일의 위"), the side of the seat it is
    upright for (ruling 8)."""
    return {"tile": tile, "square": square, "seat": pending["seat"],
            "facing": occupied(state, square)["up"], "last": pending["last"],
            "retrigger": True}


def _resolve_retrigger(state: Match, pending: Pending, move: Move) -> None:
    square = move["square"]
    state["pending"] = retriggered(state, pending, str(top_tile(state, square)), square)


def _return_options(state: Match, pending: Pending) -> list[Move]:
    # 마녀: one of the player's own allies, the Witch itself included (ruling 9).
    targets = affectable_squares(state)
    offered = _ON_SQUARE["return"]
    return [offered[s] for s in range(9)
            if targets[s] and occupied(state, s)["up"] == pending["seat"]]


def _return(state: Match, pending: Pending, move: Move) -> None:
    to_hand(state, pending["seat"], lift(state, move["square"])["tile"])


def _move_options(state: Match, pending: Pending) -> list[Move]:
    # 요정: any unshielded face-up tile (the Fairy too) to another empty square.
    empty = [s for s in range(9) if state["board"][s] is None]
    targets = affectable_squares(state)
    return [{"kind": "move_tile", "from": a, "to": b}
            for a in range(9) if targets[a] for b in empty]


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
    hands, hidden = state["hands"], state["hidden"]
    if "tile" in move:
        state["hands"] = replaced(hands, other, without(hands[other], move["tile"]))
        to_removed(state, move["tile"])
    else:
        to_removed(state, hidden[other][move["hidden"]])
        state["hidden"] = replaced(hidden, other, without_at(hidden[other], move["hidden"]))


def _recover_options(state: Match, pending: Pending) -> list[Move]:
    # 은둔자: a removed tile (banished, or removed after a destroy), not a set-aside one.
    return [{"kind": "recover", "tile": t} for t in sorted(set(state["removed"]))]


def _recover(state: Match, pending: Pending, move: Move) -> None:
    state["removed"] = without(state["removed"], move["tile"])
    to_hand(state, pending["seat"], move["tile"])


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
