"""The match state (plain JSON data) and the board queries every rule asks.

A board square is None (empty) or a cell ``{"tile", "up", "down", "under"}``: ``up`` is the
seat that sees the tile upright (its ally, 아군 아이콘), ``down`` is True once the tile is
destroyed (flipped face down, [파괴]), ``under`` is the cell a Tower stands on, or None.
"""

from __future__ import annotations

from typing import Any, TypedDict

from .tiles import (
    CITIZEN,
    DEATH,
    DIAGONAL_SQUARES,
    FACTION_TILES,
    NEUTRALS,
    ORTHOGONAL_SQUARES,
    SHIELDS,
    TILES,
    TOWER,
)


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
    seat: int  # who chooses: the placer, or the player of the re-triggering Bard/Performer
    facing: int  # whose side its directions are read from: the seat it is upright for
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
    revealed: str | None  # a face-down tile just turned up, to be placed now (secret random)


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
            "draft": None, "pending": None, "placed": 0, "revealed": None}


def clone(state: Match) -> Match:
    """A copy of ``state`` whose board list may be changed in place, the one part nearly
    every move changes. All else is shared with ``state`` (every move of a game, and the
    greedy bot's every look ahead, starts with a clone: a deep one cost more than most
    moves), so it is replaced, never changed in place: the piles of tiles (``replaced``,
    ``without``, ``to_hand``, ``to_removed``), the cells (a destroyed or inverted tile gets a
    new cell), the match's records (``counted``), the draft and the pending ability."""
    return {**state, "board": state["board"][:]}


def replaced(piles: list[list[str]], seat: int, pile: list[str]) -> list[list[str]]:
    """The two seats' piles with ``seat``'s replaced by ``pile`` (new lists: see ``clone``)."""
    return [pile, piles[1]] if seat == 0 else [piles[0], pile]


def without(tiles: list[str], tile: str) -> list[str]:
    """``tiles`` less one ``tile`` (a new list: see ``clone``)."""
    rest = tiles[:]
    rest.remove(tile)
    return rest


def without_at(tiles: list[str], index: int) -> list[str]:
    """``tiles`` less the one at ``index`` (a new list: see ``clone``)."""
    return [*tiles[:index], *tiles[index + 1:]]


def to_hand(state: Match, seat: int, tile: str) -> None:
    """Put ``tile`` among ``seat``'s open unused tiles."""
    state["hands"] = replaced(state["hands"], seat, [*state["hands"][seat], tile])


def to_removed(state: Match, tile: str) -> None:
    """Put ``tile`` on the removed tiles (banished, or lifted once destroyed)."""
    state["removed"] = [*state["removed"], tile]


def counted(counts: list[int], seat: int) -> list[int]:
    """``counts`` with one more for ``seat`` (a new list: see ``clone``)."""
    more = counts[:]
    more[seat] += 1
    return more


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
    found = state["board"][square]
    if found is None or found["down"]:
        return False
    return found["tile"] in SHIELDS or any_face_up(state, "sage", ORTHOGONAL_SQUARES[square])


def affectable(state: Match, square: int) -> bool:
    """A face-up, unshielded tile: one that effects may target."""
    return face_up(state, square) is not None and not is_shielded(state, square)


def affectable_squares(state: Match) -> list[bool]:
    """``affectable`` for each square at once (an ability's options ask about most of them)."""
    targets: list[bool] = []
    sages: list[int] = []
    for found in state["board"]:  # one plain pass: this runs for nearly every ability
        if found is None or found["down"]:
            targets.append(False)
        else:
            if found["tile"] == "sage":
                sages.append(len(targets))
            targets.append(found["tile"] not in SHIELDS)
    for sage in sages:
        for guarded in ORTHOGONAL_SQUARES[sage]:
            targets[guarded] = False
    return targets


def any_face_up(state: Match, tile: str, squares: tuple[int, ...]) -> bool:
    """Whether ``tile`` lies face up on top of one of ``squares``."""
    board = state["board"]
    for square in squares:
        found = board[square]
        if found is not None and found["tile"] == tile and not found["down"]:
            return True
    return False


def is_suppressed(state: Match, square: int) -> bool:
    """Shaman (orthogonal) and Sorceress (diagonal) stop the active ability of their
    neighbours (샤먼, 소서러); a shielded tile takes no such effect (ruling 7). One pass over
    the neighbours (``is_shielded`` and ``any_face_up`` in one): asked of every active tile
    placed or re-triggered."""
    board = state["board"]
    found = board[square]
    face_up_here = found is not None and not found["down"]
    if found is not None and face_up_here and found["tile"] in SHIELDS:
        return False
    suppressed = False
    for near in ORTHOGONAL_SQUARES[square]:
        other = board[near]
        if other is not None and not other["down"]:
            if other["tile"] == "shaman":
                suppressed = True
            elif other["tile"] == "sage" and face_up_here:
                return False
    if suppressed:
        return True
    for near in DIAGONAL_SQUARES[square]:
        other = board[near]
        if other is not None and not other["down"] and other["tile"] == "sorceress":
            return True
    return False


def allies(state: Match) -> list[int]:
    """Each seat's allies: squares whose face-up top tile is upright for that seat."""
    counts = [0, 0]
    for top in state["board"]:  # one plain pass, not face_up for each square: a hot path
        if top is not None and not top["down"]:
            counts[top["up"]] += 1
    return counts


def death_loser(state: Match) -> int | None:
    """The seat for whom a face-up, uncovered Death is an ally (사신), if any."""
    for top in state["board"]:
        if top is not None and not top["down"] and top["tile"] == DEATH:
            return int(top["up"])
    return None


def board_full(state: Match) -> bool:
    """All nine squares hold a face-up tile after the effects (ruling 2): a face-down tile
    does not fill its square, so the game goes on until it is removed and replaced."""
    board = state["board"]
    if None in board:  # in C: the commonest answer
        return False
    for found in board:
        if found is None or found["down"]:
            return False
    return True


def unused(state: Match, seat: int) -> list[str]:
    """The tiles ``seat`` may place by name: its own area (open, and face down unless it
    does not know them) and the centre."""
    hidden = [] if owner_blind(state) else state["hidden"][seat]
    return [*state["hands"][seat], *hidden, *state["centre"]]


def placements(state: Match, seat: int) -> list[dict[str, Any]]:
    """Every legal placement. On a game's first turn only the Citizen (게임 시작); a Tower
    only on one of the placer's face-up allies (타워); anything else on an empty square. In
    secret random a face-down tile is chosen by its place and turned up first (ruling 13):
    then only it may be placed."""
    if state["revealed"] is not None:
        return squares_for(state, seat, state["revealed"])
    placed = state["placed"]
    known = [CITIZEN] if placed == 0 else sorted(set(unused(state, seat)))
    on_empty = _PLACEMENTS[empty_squares(state)]
    moves: list[dict[str, Any]] = []
    for tile in known:  # one ``+=`` a tile of moves built once (``_PLACEMENTS``)
        if tile == TOWER:
            moves += _PLACEMENTS[own_allies(state, seat)][tile]
        else:
            moves += on_empty[tile]
    if placed and owner_blind(state):
        moves += [{"kind": "place", "hidden": i} for i in range(len(state["hidden"][seat]))]
    return moves


def squares_for(state: Match, seat: int, tile: str) -> list[dict[str, Any]]:
    """The placements of ``tile``: a Tower on an ally of ``seat``, any other on an empty
    square."""
    squares = own_allies(state, seat) if tile == TOWER else empty_squares(state)
    return list(_PLACEMENTS[squares][tile])


# Every placement as a move, by tile and square, built once: building them afresh on every
# ``next`` was most of what it cost (a player is offered about forty). The same objects are
# offered each time, so like every move they are read, never changed.
PLACE_MOVES: dict[str, tuple[dict[str, Any], ...]] = {
    tile: tuple({"kind": "place", "tile": tile, "square": square} for square in range(9))
    for tile in TILES}


class _OnSquares(dict[str, tuple[dict[str, Any], ...]]):
    """The placements of each tile on one set of squares, in their order, each made the
    first time it is asked for: a prompt is then a few tuples joined, not forty steps."""

    def __init__(self, squares: tuple[int, ...]) -> None:
        super().__init__()
        self.squares = squares

    def __missing__(self, tile: str) -> tuple[dict[str, Any], ...]:
        offered = PLACE_MOVES[tile]
        found = self[tile] = tuple(offered[square] for square in self.squares)
        return found


class _BySquares(dict[tuple[int, ...], _OnSquares]):
    """``_OnSquares`` by set of squares (at most 512), each made the first time it is
    asked for."""

    def __missing__(self, squares: tuple[int, ...]) -> _OnSquares:
        found = self[squares] = _OnSquares(squares)
        return found


_PLACEMENTS = _BySquares()


# These two run on every placement offered: plain loops cost less than comprehensions here.
def empty_squares(state: Match) -> tuple[int, ...]:
    """Where any tile but the Tower may be placed."""
    empty = []
    for square, found in enumerate(state["board"]):
        if found is None:
            empty.append(square)
    return tuple(empty)


def own_allies(state: Match, seat: int) -> tuple[int, ...]:
    """Where ``seat`` may place a Tower: its face-up allies."""
    own = []
    for square, found in enumerate(state["board"]):
        if found is not None and found["up"] == seat and not found["down"]:
            own.append(square)
    return tuple(own)


def owner_blind(state: Match) -> bool:
    """Secret random: a player does not know its own face-down tiles ("그것을 모르는 상태로")."""
    return bool(state["options"]["neutrals"] == "secret_random")


def can_place(state: Match, seat: int) -> bool:
    """Whether ``seat`` has a tile it can place, its face-down ones included (ruling 12):
    a tile but the Tower on an empty square, or the Tower on one of its face-up allies."""
    tiles = [CITIZEN] if state["placed"] == 0 else [
        *state["hands"][seat], *state["hidden"][seat], *state["centre"]]
    if None in state["board"] and tiles.count(TOWER) < len(tiles):
        return True
    return TOWER in tiles and bool(own_allies(state, seat))


def take_unused(state: Match, seat: int, tile: str) -> None:
    """Remove ``tile`` from wherever ``seat`` keeps it: its open tiles, its face-down ones
    or the centre."""
    hands, hidden = state["hands"], state["hidden"]
    if tile in hands[seat]:
        state["hands"] = replaced(hands, seat, without(hands[seat], tile))
    elif tile in hidden[seat]:
        state["hidden"] = replaced(hidden, seat, without(hidden[seat], tile))
    elif tile in state["centre"]:
        state["centre"] = without(state["centre"], tile)
    else:
        raise ValueError(f"{tile} is not among seat {seat}'s unused tiles")


def lift(state: Match, square: int) -> Cell:
    """Take the cell off ``square`` (in place), uncovering what a Tower stood on."""
    found = occupied(state, square)
    state["board"][square] = found["under"]
    return found
