"""Scenarios from a custom setup: small constructors for Revolution test positions."""

from __future__ import annotations

from typing import Any

from domain.games import get_rules
from domain.games.revolution import RULES
from domain.games.revolution.state import empty_game, new_match
from domain.games.revolution.tiles import FACTION_TILES
from domain.kernel import Audience, State, log_line, validate_options
from tests.games.driver import chance, play, position

Spot = tuple[Any, ...]


def described(spot: Spot) -> dict[str, Any]:
    """A square as the position builder reads it: ("king", 0) is a King upright for seat 0;
    add "down" for a face-down tile; a Tower is ("tower", 0, ("king", 0)): a Tower on a King."""
    tile, up, *rest = spot
    square: dict[str, Any] = {"tile": tile, "ally": up, "destroyed": "down" in rest}
    under = next((described(r) for r in rest if isinstance(r, tuple)), None)
    if under is not None:
        square["on"] = under
    return square


def scenario(board: dict[int, Spot] | None = None, *, turn: int = 0,
             hands: list[list[str]] | None = None, centre: list[str] | None = None,
             hidden: list[list[str]] | None = None, removed: list[str] | None = None,
             placed: int | None = None, **options: Any) -> State:
    """A game in progress, ``turn`` to place, set up by the game's position builder
    (tests.games.driver.position). Hands default to each faction's seven tiles less those on
    the board or removed; the centre to no neutral tiles; ``placed`` to the tiles on the
    board, and to 1 on an empty one (``placed=0``: the game's first placement, the
    Citizen's)."""
    parts: dict[str, Any] = {"board": {str(s): described(spot)
                                       for s, spot in (board or {}).items()},
                             "turn": turn, "centre": centre or [], "removed": removed or [],
                             "face_down": hidden or [[], []]}
    if hands is not None:
        parts["hands"] = hands
    if placed is not None or not board:
        parts["placed"] = 1 if placed is None else placed
    return position("revolution", options, **parts)


def cell(spot: Spot) -> dict[str, Any]:
    """("king", 0) is a King upright for seat 0; add "down" for a face-down tile; a Tower
    is ("tower", 0, ("king", 0)): a Tower on a King."""
    tile, up, *rest = spot
    under = next((cell(r) for r in rest if isinstance(r, tuple)), None)
    return {"tile": tile, "up": up, "down": "down" in rest, "under": under}


def with_copies(board: dict[int, Spot] | None = None, *, turn: int = 0,
                hands: list[list[str]] | None = None, centre: list[str] | None = None,
                hidden: list[list[str]] | None = None, removed: list[str] | None = None,
                placed: int = 1, **options: Any) -> State:
    """A game in progress, ``turn`` to place, built by hand, not by the position builder:
    for the few tests that stand several copies of one tile on the board for brevity (five
    Castles), which no real position holds and the builder rightly refuses. Hands default to
    each faction's seven tiles less those on the board; the centre to no neutral tiles."""
    board = board or {}
    on_board = {spot[0] for spot in board.values()}
    state = new_match(validate_options(RULES.info.options, options))
    state.update(empty_game())
    state["board"] = [cell(board[s]) if s in board else None for s in range(9)]
    state["hands"] = hands if hands is not None else [
        [t for t in tiles if t not in on_board] for tiles in FACTION_TILES]
    state.update(stage="play", starter=0, turn=turn, placed=placed,
                 centre=centre or [], hidden=hidden or [[], []], removed=removed or [])
    return state


def started(**options: Any) -> State:
    """A match whose first player (seat 0) has been drawn."""
    return chance(RULES.setup(options, 2), 0)


def place(state: State, seat: int, tile: str, square: int) -> State:
    return play(state, seat, {"kind": "place", "tile": tile, "square": square})


def tile_at(state: State, square: int) -> str | None:
    found = state["board"][square]
    return None if found is None else found["tile"]


def up_at(state: State, square: int) -> int | None:
    found = state["board"][square]
    return None if found is None else found["up"]


def narrated(before: State, event: dict[str, Any], audience: Audience,
             version: str | None = None) -> str:
    """The log line of ``event`` at ``before`` for ``audience`` in the public narration
    (narration.py) of ``version`` (by default the current one)."""
    rules = get_rules("revolution", version)
    if event["type"] == "chance":
        after = rules.apply_chance(before, event["outcome"])
    else:
        after = rules.apply_move(before, event["seat"], event["move"])
    return log_line(rules, before, after, event, audience)
