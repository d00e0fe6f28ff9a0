"""God of War's state (plain JSON data) and the helpers setup uses to build it.

Shape::

    {"options": {...}, "seats": n, "solo": bool, "stage": Stage,
     "players": [{"hero", "deck": [...top last], "hand", "discard", "hand_limit"}],
     "heroes": {tile: {"seat", "wounds", "rage", "column", "back", "knocked_out",
                       "freya_token"}},
     "campaign": {"quests": [bottom, top left, top right], "bosses": [3], "current",
                  "played"},
     "scene": {card id: {"side", "wounds", "stun", "dead", "armor_broken", "storage"}},
     "upgrade_deck": [...top last], "revealed": [...], "supply": {status card: count},
     "dealt": n, "first_player": seat | None, "placing": [seats still to place, next first],
     "round": n, "companions_used": [ability ids]}

Cards are named by their id only (never a per-copy id), so nothing lets a player follow a
hidden card (deck orders are hidden, digest §3.7).
"""

from __future__ import annotations

from typing import Any, Literal, TypedDict

from .content import CONTENT, Dashboard

# hero: heroes picked in seat order; deal: each starting deck shuffled; quests, bosses: drawn;
# upgrades: the upgrade deck shuffled; first: the first player drawn; place: tiles placed;
# round: setup is done and the rounds run on the pending stack (``pending``, round.py).
Stage = Literal["hero", "deal", "quests", "bosses", "upgrades", "first", "place", "round"]
Frame = dict[str, Any]
HAND_LIMIT = 7  # rulebook p.6 「시작 시에는 7장입니다」
COLUMNS = 4  # every scene is 4 columns wide (digest §7.1)


class Player(TypedDict):
    hero: str | None  # a dashboard id
    deck: list[str]  # the top last
    hand: list[str]
    discard: list[str]  # the top last
    hand_limit: int  # the sum of the player's hand-limit tokens (+1 / -1 each)


class Hero(TypedDict):
    """One hero tile: Brok and Sindri are two (GOW-R-13)."""

    seat: int
    wounds: int
    rage: int | None  # None: no rage track (Mimir, GOW-R-9)
    column: int | None  # None: not standing in the scene (unplaced, knocked out, Mimir)
    back: bool  # in the back space of its column (digest §4.1)
    knocked_out: bool
    freya_token: bool  # holds one of the two Freya tokens (GOW-R-11)


class SceneCard(TypedDict):
    side: Literal["front", "back"]
    wounds: int
    stun: int
    dead: bool
    armor_broken: int  # how many armor values are broken, from the highest down
    storage: int


class Campaign(TypedDict):
    quests: list[str]  # in draw order: the first is the bottom card, the first quest (GOW-R-46)
    bosses: list[str]
    current: str | None
    played: list[str]  # the scenes laid out so far, in order (quests, then the boss)


class State(TypedDict):
    options: dict[str, Any]
    seats: int
    solo: bool
    stage: Stage
    players: list[Player]
    heroes: dict[str, Hero]
    campaign: Campaign
    scene: dict[str, SceneCard]
    upgrade_deck: list[str]  # the top last
    revealed: list[str]
    supply: dict[str, int]  # stun, poison and crystal cards left (GOW-R-37)
    dealt: int  # starting decks shuffled so far, in seat order
    first_player: int | None
    placing: list[int]  # seats still to place their tiles, the next first
    round: int  # the round of the current scene (1 at its first round)
    companions_used: list[str]  # solo companion abilities used this quest (GOW-R-45)
    pending: list[Frame]  # the kernel's pending-effect stack, the top last
    result: dict[str, Any] | None  # {"shared": win | loss | None, "reason"} once over
    carrier: str | None  # Mimir's carrier this round (GOW-R-14)
    mimir_column: int | None  # where a stranded Mimir waits (GOW-R-17)
    bonuses: dict[str, dict[str, int]]  # tile -> pending bonuses (GOW-R-10, GOW-R-12)
    used_points: list[str]  # "card/point" of once-only interactions used (GOW-R-49)
    fired: list[list[str]]  # boxes carried out since the last condition check
    quests_won: int
    rounds_played: int
    boxed: list[str]  # cards removed from the game (upgrade-phase removals, GOW-R-35, R-38)
    last_attack: dict[str, Any] | None  # the last hero attack's value, die and wounds


def new_player(hero: str | None) -> Player:
    return {"hero": hero, "deck": [], "hand": [], "discard": [], "hand_limit": 0}


def new_hero(seat: int, rage_max: int | None) -> Hero:
    return {"seat": seat, "wounds": 0, "rage": None if rage_max is None else 0, "column": None,
            "back": False, "knocked_out": False, "freya_token": False}


def new_scene_card() -> SceneCard:
    return {"side": "front", "wounds": 0, "stun": 0, "dead": False, "armor_broken": 0,
            "storage": 0}


def dashboard_of(state: State, seat: int) -> Dashboard:
    hero = state["players"][seat]["hero"]
    assert hero is not None, "every seat has a hero once the heroes are picked"
    return CONTENT.dashboards[hero]


def starting_cards(hero: str) -> list[str]:
    """A dashboard's starting deck, one id per copy, in catalogue order (before shuffling)."""
    return [c.id for c in CONTENT.cards.values() if c.deck == hero for _ in range(c.copies)]


def upgrade_cards() -> list[str]:
    return [c.id for c in CONTENT.cards.values() if c.deck == "upgrade"
            for _ in range(c.copies)]


def tiles_in(state: State, column: int) -> list[str]:
    """The tiles standing below ``column``, the front one first."""
    standing = [t for t, h in state["heroes"].items() if h["column"] == column]
    return sorted(standing, key=lambda t: state["heroes"][t]["back"])
