"""The engine's small shared pieces: the pending stack (push, pop), what the scene shows
(faces, living enemies, positions), the heroes standing, and the party's end checks.

Everything works in place on the working copy ``flow.apply_move``/``apply_chance`` made.
"""

from __future__ import annotations

from typing import Any

from .content import CONTENT, Enemy, Face
from .state import COLUMNS, Frame, State, tiles_in

ROWS = ("top", "bottom", "aux")  # activation order: top row, bottom row, then the aux cards


def push(st: State, frame: Frame) -> None:
    st["pending"].append(frame)


def pop(st: State) -> None:
    st["pending"].pop()


def push_all(st: State, frames: list[Frame]) -> None:
    """Push ``frames`` so that the first of them runs first."""
    for frame in reversed(frames):
        push(st, frame)


# ---- the scene ----

def scene_number(st: State) -> int:
    current = st["campaign"]["current"]
    assert current is not None
    card = CONTENT.quests.get(current) or CONTENT.bosses[current]
    return card.scene


def face(st: State, card: str) -> Face | None:
    """The face the scene card shows now."""
    printed = CONTENT.scene_cards[card]
    return printed.front if st["scene"][card]["side"] == "front" else printed.back


def positions(st: State) -> list[str]:
    """The scene's cards in activation order (GOW-R-22): top row left to right, the bottom
    row, then the auxiliary cards (health tracks and the like)."""
    cards = [CONTENT.scene_cards[c] for c in st["scene"]]
    return [c.id for c in sorted(cards, key=lambda c: (ROWS.index(c.row), c.col))]


def card_at(st: State, row: str, column: int) -> str | None:
    return next((c for c in st["scene"] if CONTENT.scene_cards[c].row == row
                 and CONTENT.scene_cards[c].col == column), None)


def column_of(card: str) -> int:
    return CONTENT.scene_cards[card].col


def living_enemy(st: State, card: str) -> Enemy | None:
    """The enemy on the card, if it is alive."""
    shown = face(st, card)
    if shown is None or shown.enemy is None or st["scene"][card]["dead"]:
        return None
    return shown.enemy


def wounded_card(st: State, card: str) -> str | None:
    """The card whose enemy an attack on ``card`` wounds: the card itself, or the health-track
    card it is an attack point for (GOW-R-48); None if no living enemy is there."""
    shown = face(st, card)
    if shown is not None and shown.attack_point_for is not None:
        track = shown.attack_point_for
        return track if track in st["scene"] and living_enemy(st, track) else None
    return card if living_enemy(st, card) else None


def living_enemies(st: State) -> list[str]:
    return [c for c in positions(st) if living_enemy(st, c)]


# ---- heroes ----

def tile_info(tile: str) -> Any:
    return next(t for d in CONTENT.dashboards.values() for t in d.tiles if t.id == tile)


def standing(st: State, tile: str) -> bool:
    hero = st["heroes"][tile]
    if hero["knocked_out"]:
        return False
    return tile != "mimir" or mimir_column(st) is not None


def mimir_column(st: State) -> int | None:
    """Mimir's column: his carrier's, or where he waits once it fell (GOW-R-17)."""
    if "mimir" not in st["heroes"] or st["heroes"]["mimir"]["knocked_out"]:
        return None
    carrier = st["carrier"]
    if carrier is not None and not st["heroes"][carrier]["knocked_out"]:
        return st["heroes"][carrier]["column"]
    return None


def stranded(st: State) -> bool:
    return "mimir" in st["heroes"] and st["carrier"] is not None and \
        st["heroes"][st["carrier"]]["knocked_out"]


def hero_column(st: State, tile: str) -> int | None:
    return mimir_column(st) if tile == "mimir" else st["heroes"][tile]["column"]


def fighting_tiles(st: State) -> list[str]:
    """The tiles standing in the scene that take a space (everyone but Mimir)."""
    return [t for t, h in st["heroes"].items() if h["column"] is not None
            and not h["knocked_out"]]


def tiles_of(st: State, seat: int) -> list[str]:
    return [t for t, h in st["heroes"].items() if h["seat"] == seat]


def standing_tiles_of(st: State, seat: int) -> list[str]:
    return [t for t in tiles_of(st, seat) if standing(st, t)]


def front_hero(st: State, column: int) -> str | None:
    tiles = [t for t in tiles_in(st, column) if not st["heroes"][t]["knocked_out"]]
    return tiles[0] if tiles else None


def occupied_columns(st: State) -> list[int]:
    return [c for c in range(1, COLUMNS + 1) if front_hero(st, c) is not None]


def player_of(st: State, tile: str) -> int:
    return st["heroes"][tile]["seat"]


def seat_order(st: State, start: int) -> list[int]:
    return [(start + i) % st["seats"] for i in range(st["seats"])]


def bonus(st: State, tile: str) -> dict[str, int]:
    return st["bonuses"].setdefault(tile, {})
