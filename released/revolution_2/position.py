"""Positions anyone can set up (the kernel's ``position`` hook, domain/kernel/position.py):
a game of the match in progress, a player to place, stated in the rulebook's terms.

A description (README.md, "Positions")::

    {"board": {"4": {"tile": "King", "ally": 0},
               "3": {"tile": "Tower", "ally": 1, "on": {"tile": "Monk", "ally": 1}},
               "0": {"tile": "Assassin", "ally": 1, "destroyed": true}},
     "turn": 0, "starter": 0,
     "hands": [["Queen", ...], [...]], "centre": ["Sage"], "removed": ["Bard"],
     "face_down": [[], []], "game": 1, "wins": [0, 0], "points": [0, 0], "placed": 3}

Squares are 0 to 8, row by row from seat 1's side; ``ally`` is the seat that sees the tile
upright; ``destroyed`` a tile flipped face down; ``on`` the tile a Tower stands on. Tiles are
named as printed. Every part may be left out: the board is empty, seat 0 places (and started
the game), each hand is its faction's tiles less those on the board or removed, the centre,
the removed tiles and the face-down tiles are empty, and it is game 1 with no wins or points.
``placed`` counts the tiles placed this game (by default those on the board): while it is 0
the next placement is the game's first, the Citizen.
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

from .flow import setup
from .state import Cell, Match
from .tiles import FACTION_TILES, TILES, TOWER

PARTS = ("board", "turn", "starter", "hands", "centre", "removed", "face_down", "game",
         "wins", "points", "placed")
CELL_PARTS = ("tile", "ally", "destroyed", "on")
TILE_NAMES = name_index({tid: tile.name for tid, tile in TILES.items()})


def build(options: dict[str, Any], seats: int, description: Mapping[str, Any]) -> Match:
    """The match ``description`` states (the module's docstring), or BadPosition."""
    problems = Problems()
    known_keys(description, PARTS, "the position", problems)
    state = setup(options, seats)
    board = _board(description.get("board", {}), problems)
    placed = [tile for cell in board if cell is not None for tile in _tiles_of(cell)]
    removed = ids_of(description.get("removed", []), TILE_NAMES, "removed", problems, "tile")
    state["board"], state["removed"] = board, removed
    state["placed"] = whole_number(description.get("placed", len(placed)), "placed", problems,
                                   len(placed), 99)
    state["centre"] = ids_of(description.get("centre", []), TILE_NAMES, "centre", problems,
                             "tile")
    state["hands"] = _per_seat(description, "hands", _default_hands(placed + removed),
                               problems)
    state["hidden"] = _per_seat(description, "face_down", [[], []], problems)
    state["stage"] = "play"
    state["turn"] = seat_number(description.get("turn", 0), 2, "turn", problems)
    state["starter"] = seat_number(description.get("starter", 0), 2, "starter", problems)
    state["game_no"] = whole_number(description.get("game", 1), "game", problems, 1, 99)
    state["wins"] = _pair(description.get("wins", [0, 0]), "wins", problems)
    state["points"] = _pair(description.get("points", [0, 0]), "points", problems)
    _check_each_tile_once(state, problems)
    problems.check()
    state["pool"] = [tile for tile in state["pool"] if tile not in _everywhere(state)]
    return state


def _board(value: Any, problems: Problems) -> list[Cell | None]:
    board: list[Cell | None] = [None] * 9
    if not isinstance(value, dict):
        problems.add("the board maps square numbers (0 to 8) to the tile on each")
        return board
    for square, given in value.items():
        if square not in {str(n) for n in range(9)}:
            problems.add(f"the board has squares 0 to 8, not {square!r}")
            continue
        board[int(square)] = _cell(given, f"square {square}", problems)
    return board


def _cell(value: Any, where: str, problems: Problems) -> Cell | None:
    if not isinstance(value, dict):
        problems.add(f"{where} holds a tile: {{\"tile\", \"ally\"}}")
        return None
    known_keys(value, CELL_PARTS, where, problems)
    found = ids_of([value.get("tile")], TILE_NAMES, where, problems, "tile")
    up = seat_number(value.get("ally"), 2, f"{where}'s ally", problems)
    down = value.get("destroyed", False)
    if not isinstance(down, bool):
        problems.add(f"{where}'s destroyed is true or false")
    under = None
    if "on" in value:
        under = _cell(value["on"], f"the tile under {where}", problems)
        if found and found[0] != TOWER:
            problems.add(f"{where}: only a Tower stands on another tile")
    if not found:
        return None
    return {"tile": found[0], "up": up, "down": down is True, "under": under}


def _tiles_of(cell: Cell) -> list[str]:
    under = cell["under"]
    return [cell["tile"], *(_tiles_of(under) if under is not None else [])]


def _default_hands(gone: list[str]) -> list[list[str]]:
    return [[tile for tile in tiles if tile not in gone] for tiles in FACTION_TILES]


def _per_seat(description: Mapping[str, Any], part: str, default: list[list[str]],
              problems: Problems) -> list[list[str]]:
    value = description.get(part, default)
    if not isinstance(value, list) or len(value) != 2:
        problems.add(f"{part} is a list of two lists of tile names, seat 0's first")
        return default
    return [ids_of(tiles, TILE_NAMES, f"seat {seat}'s {part.replace('_', ' ')}", problems,
                   "tile") for seat, tiles in enumerate(value)]


def _pair(value: Any, part: str, problems: Problems) -> list[int]:
    if not isinstance(value, list) or len(value) != 2:
        problems.add(f"{part} is a list of two whole numbers, seat 0's first")
        return [0, 0]
    return [whole_number(n, f"seat {seat}'s {part}", problems, 0, 99)
            for seat, n in enumerate(value)]


def _check_each_tile_once(state: Match, problems: Problems) -> None:
    """Each tile is in the box once: on the board, in a hand, the centre or removed."""
    everywhere = _everywhere(state)
    for tile in sorted(set(everywhere)):
        if everywhere.count(tile) > 1:
            problems.add(f"there is one {TILES[tile].name}, not {everywhere.count(tile)}")


def _everywhere(state: Match) -> list[str]:
    """Every tile of the game being played: on the board, in the hands, centre or removed."""
    on_board = [tile for cell in state["board"] if cell is not None for tile in _tiles_of(cell)]
    return [*on_board, *state["centre"], *state["removed"], *state["hands"][0],
            *state["hands"][1], *state["hidden"][0], *state["hidden"][1]]
