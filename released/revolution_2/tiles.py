"""The 31 tiles (loaded once from tiles.toml) and the geometry of the 3x3 board.

Squares are numbered 0..8, row by row, from the top row (seat 1's side) to the bottom row
(seat 0's side): the players sit facing each other (게임 준비 ①), seat 0 at the bottom.
Directions named in moves ("forward", "left"...) are read from the acting player's side:
"forward" is towards the opponent.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib import resources


@dataclass(frozen=True)
class Tile:
    """One tile as printed: its ability type, what it does (effect) and where (shape)."""

    id: str
    name: str
    korean: str
    faction: str
    ability: str
    effect: str
    shape: str
    shield: bool
    twin: str
    text: str


def _load() -> dict[str, Tile]:
    raw = tomllib.loads(resources.files(__package__).joinpath("tiles.toml").read_text("utf-8"))
    return {row["id"]: Tile(**row) for row in raw["tile"]}


TILES: dict[str, Tile] = _load()
FACTIONS = ("regality", "religion")
# Seat 0 takes the red royal tiles, seat 1 the blue religious ones (게임 준비 ③).
FACTION_TILES: tuple[list[str], ...] = tuple(
    [t.id for t in TILES.values() if t.faction == faction] for faction in FACTIONS)
# The neutral tiles drawn for a game: all but the Citizen (게임 준비 ④).
NEUTRALS: list[str] = sorted(t.id for t in TILES.values()
                             if t.faction == "neutral" and t.id != "citizen")
CITIZEN = "citizen"
TOWER = "tower"
DEATH = "death"

Delta = tuple[int, int]
ORTHOGONAL: tuple[Delta, ...] = ((-1, 0), (0, 1), (1, 0), (0, -1))
DIAGONAL: tuple[Delta, ...] = ((-1, -1), (-1, 1), (1, 1), (1, -1))
AROUND: tuple[Delta, ...] = ORTHOGONAL + DIAGONAL
# The eight directions as the acting player names them, for seat 0 (at the bottom).
DIRECTIONS: dict[str, Delta] = {
    "forward": (-1, 0), "forward_right": (-1, 1), "right": (0, 1), "back_right": (1, 1),
    "back": (1, 0), "back_left": (1, -1), "left": (0, -1), "forward_left": (-1, -1),
}


def absolute(seat: int, delta: Delta) -> Delta:
    """A direction named from ``seat``'s side as a board delta: seat 1 faces the other way."""
    return delta if seat == 0 else (-delta[0], -delta[1])


def step(square: int, delta: Delta) -> int | None:
    """The square one step from ``square`` along ``delta``, or None off the board."""
    row, col = divmod(square, 3)
    row, col = row + delta[0], col + delta[1]
    return row * 3 + col if 0 <= row < 3 and 0 <= col < 3 else None


def neighbours(square: int, deltas: tuple[Delta, ...]) -> list[int]:
    """The squares one step away along each of ``deltas`` that are on the board."""
    found = (step(square, d) for d in deltas)
    return [s for s in found if s is not None]


def ray(square: int, delta: Delta) -> list[int]:
    """Every square from ``square`` (excluded) along ``delta`` to the board's edge."""
    squares = []
    nxt = step(square, delta)
    while nxt is not None:
        squares.append(nxt)
        nxt = step(nxt, delta)
    return squares


def front_and_sides(seat: int, square: int) -> tuple[int, ...]:
    """The Fortuneteller's squares: in front of it (from ``seat``'s side), left and right."""
    return _FRONT_AND_SIDES[seat][square]


def shape_squares(shape: str, square: int) -> tuple[int, ...]:
    """The squares of a fixed shape around ``square`` (orthogonal, diagonal or around)."""
    return _SHAPES[shape][square]


def direction_rays(seat: int, square: int) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """Each direction named from ``seat``'s side (in the order of DIRECTIONS) with the ray
    from ``square`` that way to the board's edge, leaving out those that leave the board at
    once."""
    return _DIRECTION_RAYS[seat][square]


def _front_and_sides(seat: int, square: int) -> tuple[int, ...]:
    names = ("forward", "left", "right")
    return tuple(neighbours(square, tuple(absolute(seat, DIRECTIONS[n]) for n in names)))


def _rays(seat: int, square: int) -> tuple[tuple[str, tuple[int, ...]], ...]:
    named = ((name, tuple(ray(square, absolute(seat, delta))))
             for name, delta in DIRECTIONS.items())
    return tuple((name, squares) for name, squares in named if squares)


# The geometry, worked out once for every seat and square: effects ask for it on every
# ability offered.
_SHAPES: dict[str, tuple[tuple[int, ...], ...]] = {
    shape: tuple(tuple(neighbours(square, deltas)) for square in range(9))
    for shape, deltas in (("orthogonal", ORTHOGONAL), ("diagonal", DIAGONAL),
                          ("around", AROUND))}
_FRONT_AND_SIDES = tuple(tuple(_front_and_sides(seat, sq) for sq in range(9)) for seat in (0, 1))
_DIRECTION_RAYS = tuple(tuple(_rays(seat, square) for square in range(9)) for seat in (0, 1))
ORTHOGONAL_SQUARES = _SHAPES["orthogonal"]
DIAGONAL_SQUARES = _SHAPES["diagonal"]
# The tiles with the shield icon (Wizard, Monk, Tower: 방패).
SHIELDS: frozenset[str] = frozenset(t.id for t in TILES.values() if t.shield)
