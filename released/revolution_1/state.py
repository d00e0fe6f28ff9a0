"""The match state (plain JSON data) and the board queries every rule asks.

A board square is None (empty) or a cell ``{"tile", "up", "down", "under"}``: ``up`` is the
seat that sees the tile upright (its ally, 아군 아이콘), ``down`` is True once the tile is
destroyed (flipped face down, [파괴]), ``under`` is the cell a Tower stands on, or None.
"""

from __future__ import annotations

from typing import Any, TypedDict

from .tiles import CITIZEN, DEATH, FACTION_TILES, NEUTRALS, TILES, TOWER, shape_squares


class Cell(TypedDict):
    """A tile on a square: ``up`` sees it upright, ``down`` once destroyed, ``under`` the
    cell a Tower stands on."""

    tile: str
    up: int
    down: bool
    under: Cell | None


class Pending(TypedDict, total=False):
    """An ability waiting for its player's choice."""

    tile: str
    square: int
    seat: int
    last: bool
    retrigger: bool


# "pass" is a Python keyword, hence the functional form.
Draft = TypedDict("Draft", {"offer": list[str], "seat": int, "picks": int, "pass": bool},
                  total=False)


class GameResult(TypedDict):
    game: int
    starter: int | None
    winner: int | None
    loser: int | None
    allies: list[int]
    scores: list[int]
    reason: str | None
    neutrals: list[str]


class GameParts(TypedDict):
    """What each game of the match starts afresh."""

    board: list[Cell | None]
    centre: list[str]
    hands: list[list[str]]
    hidden: list[list[str]]
    set_aside: list[list[str]]
    removed: list[str]
    dealt: list[str]
    draft: Draft | None
    pending: Pending | None
    placed: int


class Match(GameParts):
    """The whole match: the options, the games so far, and the game being played."""

    options: dict[str, Any]
    stage: str
    game_no: int
    starter: int | None
    turn: int | None
    wins: list[int]
    points: list[int]
    results: list[GameResult]
    placements: list[int]
    used: list[str]
    pool: list[str]


def turn_of(state: Match) -> int:
    """The seat whose turn it is (only asked while a game is being played)."""
    assert state["turn"] is not None
    return state["turn"]


def starter_of(state: Match) -> int:
    assert state["starter"] is not None
    return state["starter"]


def drafter(state: Match) -> int:
    """Who draws the next four face-down tiles of a secret draft: the starter, then the
    other seat."""
    return starter_of(state) if not state["dealt"] else 1 - starter_of(state)


def pending_of(state: Match) -> Pending:
    """The ability waiting for a choice (only asked at the ability stage)."""
    assert state["pending"] is not None
    return state["pending"]


def draft_of(state: Match) -> Draft:
    assert state["draft"] is not None
    return state["draft"]


def occupied(state: Match, square: int) -> Cell:
    """The cell on a square known to hold one."""
    found = state["board"][square]
    assert found is not None
    return found
# How many neutral tiles each option draws for one game (옵션 규칙).
NEEDED = {"standard": 5, "old_style": 0, "random": 4, "secret_random": 4, "draft": 5,
          "secret_draft": 8}
# In these modes some unused tiles lie face down, hidden from the opponent.
SECRET_MODES = ("secret_random", "secret_draft")


def new_match(options: dict[str, Any]) -> Match:
    """The state before the first player is chosen."""
    return {"options": options, "stage": "first", "game_no": 1, "starter": None, "turn": None,
            "wins": [0, 0], "points": [0, 0], "results": [], "placements": [0, 0],
            "used": [], "pool": list(NEUTRALS), **empty_game()}


def empty_game() -> GameParts:
    """The per-game parts of the state, with each player's own seven tiles (게임 준비 ③)."""
    return {"board": [None] * 9, "centre": [], "hands": [list(t) for t in FACTION_TILES],
            "hidden": [[], []], "set_aside": [[], []], "removed": [], "dealt": [],
            "draft": None, "pending": None, "placed": 0}


def clone(state: Match) -> Match:
    """A copy whose mutable parts may be changed without touching ``state``."""
    return {**state, "board": [None if c is None else _copy_cell(c) for c in state["board"]],
            "centre": list(state["centre"]), "hands": [list(h) for h in state["hands"]],
            "hidden": [list(h) for h in state["hidden"]], "removed": list(state["removed"]),
            "set_aside": [list(h) for h in state["set_aside"]], "dealt": list(state["dealt"]),
            "pool": list(state["pool"]), "used": list(state["used"]),
            "wins": list(state["wins"]), "points": list(state["points"]),
            "results": list(state["results"]), "placements": list(state["placements"])}


def _copy_cell(cell: Cell) -> Cell:
    under = cell["under"]
    return {**cell, "under": None if under is None else _copy_cell(under)}


def cell(tile: str, up: int) -> Cell:
    """A tile just placed: upright for its placer (타일을 낼 때 정위치에 놓으십시오)."""
    return {"tile": tile, "up": up, "down": False, "under": None}


def face_up(state: Match, square: int) -> Cell | None:
    """The top cell of ``square`` if it is face up (a face-down tile takes no effects)."""
    found: Cell | None = state["board"][square]
    return found if found is not None and not found["down"] else None


def top_tile(state: Match, square: int) -> str | None:
    """The id of the face-up tile on top of ``square``, if any."""
    found = face_up(state, square)
    return None if found is None else str(found["tile"])


def is_shielded(state: Match, square: int) -> bool:
    """[방패]: the tile has the icon (Wizard, Monk, Tower) or stands next to the Sage."""
    tile = top_tile(state, square)
    if tile is None:
        return False
    if TILES[tile].shield:
        return True
    return any(top_tile(state, s) == "sage" for s in shape_squares("orthogonal", square))


def affectable(state: Match, square: int) -> bool:
    """A face-up, unshielded tile: one that effects may target."""
    return face_up(state, square) is not None and not is_shielded(state, square)


def is_suppressed(state: Match, square: int) -> bool:
    """Shaman (orthogonal) and Sorceress (diagonal) stop the active ability of their
    neighbours (샤먼, 소서러); a shielded tile takes no such effect (ruling 7)."""
    if is_shielded(state, square):
        return False
    return (any(top_tile(state, s) == "shaman" for s in shape_squares("orthogonal", square))
            or any(top_tile(state, s) == "sorceress" for s in shape_squares("diagonal", square)))


def allies(state: Match) -> list[int]:
    """Each seat's allies: squares whose face-up top tile is upright for that seat."""
    counts = [0, 0]
    for square in range(9):
        top = face_up(state, square)
        if top is not None:
            counts[top["up"]] += 1
    return counts


def death_loser(state: Match) -> int | None:
    """The seat for whom a face-up, uncovered Death is an ally (사신), if any."""
    for square in range(9):
        top = face_up(state, square)
        if top is not None and top["tile"] == DEATH:
            return int(top["up"])
    return None


def board_full(state: Match) -> bool:
    """All nine squares hold a tile, face-down tiles included (ruling 2)."""
    return all(c is not None for c in state["board"])


def unused(state: Match, seat: int) -> list[str]:
    """The tiles ``seat`` may place: its own area (open and face down) and the centre."""
    return [*state["hands"][seat], *state["hidden"][seat], *state["centre"]]


def placements(state: Match, seat: int) -> list[dict[str, Any]]:
    """Every legal placement. On a game's first turn only the Citizen (게임 시작); a Tower
    only on one of the placer's face-up allies (타워); anything else on an empty square."""
    tiles = [CITIZEN] if state["placed"] == 0 else sorted(set(unused(state, seat)))
    empty = [s for s in range(9) if state["board"][s] is None]
    own = [s for s in range(9) if (c := face_up(state, s)) is not None and c["up"] == seat]
    moves = []
    for tile in tiles:
        for square in own if tile == TOWER else empty:
            moves.append({"kind": "place", "tile": tile, "square": square})
    return moves


def take_unused(state: Match, seat: int, tile: str) -> None:
    """Remove ``tile`` from wherever ``seat`` keeps it (in place: ``state`` is a clone)."""
    for pile in (state["hands"][seat], state["hidden"][seat], state["centre"]):
        if tile in pile:
            pile.remove(tile)
            return
    raise ValueError(f"{tile} is not among seat {seat}'s unused tiles")


def lift(state: Match, square: int) -> Cell:
    """Take the cell off ``square`` (in place), uncovering what a Tower stood on."""
    found = occupied(state, square)
    state["board"][square] = found["under"]
    return found
