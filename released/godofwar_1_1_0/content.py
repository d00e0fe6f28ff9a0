"""The content pack of God of War: The Card Game, loaded once from the package's JSON files
(``heroes``, ``cards``, ``scenes``, ``campaign``, ``rules``), validated (``validate``), and
built into frozen dataclasses. The rulebook prints no card text: every item marked authored is
ours, with its basis (README.md, "Content").

Effects and conditions stay small data (``Effect``: a kind from ``rules.json``'s closed
vocabulary and its parameters); the engine maps each kind to one function."""

from __future__ import annotations

import importlib.resources
import json
from dataclasses import dataclass
from typing import Any

from .validate import problems
from .walk import FILES, Item, Raw, for_party


class ContentError(ValueError):
    """The content files break the schema; the message lists every problem."""


@dataclass(frozen=True, slots=True)
class Effect:
    """An effect or a condition: a kind of the vocabulary and its parameters."""

    kind: str
    params: dict[str, Any]


@dataclass(frozen=True, slots=True)
class ActionCard:
    """A starting or upgrade card. ``types`` maps each printed type to its printed value
    (``None``: no printed number, GOW-R-5); ``deck`` is a dashboard id or ``upgrade``."""

    id: str
    name: str
    deck: str
    types: dict[str, int | None]
    copies: int
    rage: bool
    stun: bool
    rune: str | None
    effects: tuple[Effect, ...]
    basis: str


@dataclass(frozen=True, slots=True)
class StatusCard:
    id: str
    name: str
    copies: int
    effects: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class Tile:
    id: str
    name: str
    health: int
    rage_max: int | None  # None: no rage track (Mimir, GOW-R-9)
    takes_space: bool


@dataclass(frozen=True, slots=True)
class Ability:
    """A rage ability (on ``tile``), or one mode of a solo companion ability."""

    id: str
    name: str
    tile: str
    effects: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class Companion:
    """A solo companion ability: two modes, one picked on use, once per quest (GOW-R-45)."""

    id: str
    name: str
    modes: tuple[Ability, ...]


@dataclass(frozen=True, slots=True)
class Dashboard:
    id: str
    name: str
    tiles: tuple[Tile, ...]
    rage_abilities: tuple[Ability, ...]
    solo_rage_abilities: tuple[Ability, ...] | None  # None: no solo side
    companions: tuple[Companion, ...]


@dataclass(frozen=True, slots=True)
class Attack:
    type: str  # melee | ranged
    arrows: tuple[str, ...]  # melee: some of left, own, right (GOW-R-25)
    value: int


@dataclass(frozen=True, slots=True)
class Enemy:
    """``health`` is printed for a party of one hero; ``health_per_hero`` is what each
    further hero adds (the party-size scaling of rules 1.1.0, README "Balance")."""

    name: str
    health: int
    health_per_hero: int
    armor: tuple[int, ...]
    attack: Attack | None  # None: attacks only through its linked boxes
    abilities: tuple[str, ...]  # stun, poison
    attack_effects: tuple[Effect, ...]
    runes: tuple[str, ...]

    def health_for(self, heroes: int) -> int:
        """The enemy's health in a party of ``heroes`` (the seats: solo is one)."""
        return for_party(self.health, self.health_per_hero, heroes)


@dataclass(frozen=True, slots=True)
class Box:
    id: str
    rune: str | None
    linked_enemy: bool
    text: str
    effects: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class Interaction:
    id: str
    icons: tuple[str, ...]
    number_total: int
    effects: tuple[Effect, ...]
    once: bool
    text: str


@dataclass(frozen=True, slots=True)
class Flip:
    """A flip condition: its trigger and the positions it flips, each with the side it is
    expected on (GOW-R-21)."""

    trigger: str
    attack_type: str | None
    rune: str | None
    flips: tuple[tuple[str, str], ...]


@dataclass(frozen=True, slots=True)
class Face:
    name: str
    enemy: Enemy | None
    boxes: tuple[Box, ...]
    interactions: tuple[Interaction, ...]
    storage_slots: int  # for a lone hero; each further hero adds storage_per_hero
    storage_per_hero: int
    flips: tuple[Flip, ...]
    reward: tuple[Effect, ...]
    attack_point_for: str | None
    health_track: bool

    def slots_for(self, heroes: int) -> int:
        """The storage spaces in a party of ``heroes``."""
        return for_party(self.storage_slots, self.storage_per_hero, heroes)


@dataclass(frozen=True, slots=True)
class SceneCard:
    id: str
    scene: int
    row: str  # top | bottom | aux
    col: int
    front: Face
    back: Face | None  # None: a blank back, never reached


@dataclass(frozen=True, slots=True)
class Hindrance:
    text: str
    effects: tuple[Effect, ...]
    duration: str  # quest | permanent | game (GOW-R-40, GOW-R-41)


@dataclass(frozen=True, slots=True)
class Quest:
    """A quest or a final boss card: its scene, conditions and back-side hindrance."""

    id: str
    number: int | None  # None for a boss
    title: str
    scene: int
    special_rules: tuple[str, ...]
    setup_effects: tuple[Effect, ...]
    victory: tuple[Effect, ...]
    defeat: tuple[Effect, ...]
    hindrance: Hindrance


@dataclass(frozen=True, slots=True)
class Content:
    dashboards: dict[str, Dashboard]
    cards: dict[str, ActionCard]
    status: dict[str, StatusCard]
    scenes: dict[int, tuple[SceneCard, ...]]
    scene_cards: dict[str, SceneCard]
    quests: dict[str, Quest]
    bosses: dict[str, Quest]
    die: tuple[int, ...]
    runes: tuple[str, ...]
    setup: dict[str, Any]


def _effects(rows: list[Item]) -> tuple[Effect, ...]:
    return tuple(Effect(r["kind"], {k: v for k, v in r.items() if k != "kind"}) for r in rows)


def _ability(row: Item, tile: str) -> Ability:
    return Ability(row["id"], str(row.get("name", row["id"])), str(row.get("tile", tile)),
                   _effects(row["effects"]))


def _dashboard(row: Item) -> Dashboard:
    solo = row["solo_side"]
    tiles = tuple(Tile(t["id"], t["name"], t["health"], t["rage_max"], t["takes_space"])
                  for t in row["tiles"])
    companions = tuple(
        Companion(c["id"], c["name"], tuple(_ability(m, row["id"]) for m in c["modes"]))
        for c in (solo["companion_abilities"] if solo else []))
    return Dashboard(row["id"], row["name"], tiles,
                     tuple(_ability(a, "") for a in row["rage_abilities"]),
                     tuple(_ability(a, "") for a in solo["rage_abilities"]) if solo else None,
                     companions)


def _card(row: Item) -> ActionCard:
    return ActionCard(row["id"], row["name"], row["deck"], dict(row["types"]), row["copies"],
                      row["rage"], row["stun"], row.get("rune"), _effects(row["effects"]),
                      row["basis"])


def _enemy(row: Item | None) -> Enemy | None:
    if row is None:
        return None
    a = row["attack"]
    attack = Attack(a["type"], tuple(a["arrows"]), a["value"]) if a else None
    return Enemy(row["name"], row["health"], row.get("health_per_hero", 0),
                 tuple(row["armor"]), attack, tuple(row["abilities"]),
                 _effects(row["attack_effects"]), tuple(row["runes"]))


def _face(row: Item | None) -> Face | None:
    if row is None:
        return None
    boxes = tuple(Box(b["id"], b["rune"], b["linked_enemy"], b["text"], _effects(b["effects"]))
                  for b in row["boxes"])
    points = tuple(Interaction(i["id"], tuple(i["requirement"]["icons"]),
                               i["requirement"]["number_total"], _effects(i["effects"]),
                               i["once"], i["text"]) for i in row["interactions"])
    flips = tuple(Flip(f["trigger"], f.get("attack_type"), f.get("rune"),
                       tuple((r["card"], r["expect"]) for r in f["flips"]))
                  for f in row["flip_conditions"])
    return Face(row["name"], _enemy(row["enemy"]), boxes, points, row["storage_slots"],
                row.get("storage_per_hero", 0), flips, _effects(row["reward"]),
                row["attack_point_for"], row["health_track"])


def _scene_card(row: Item) -> SceneCard:
    front = _face(row["front"])
    assert front is not None  # the schema requires a front
    return SceneCard(row["id"], row["scene"], row["position"]["row"], row["position"]["col"],
                     front, _face(row["back"]))


def _quest(row: Item) -> Quest:
    h = row["hindrance"]
    return Quest(row["id"], row.get("number"), str(row.get("title") or row["name"]),
                 row["scene"], tuple(row.get("special_rules", [])),
                 _effects(row["setup_effects"]), _effects(row["victory"]),
                 _effects(row["defeat"]), Hindrance(h["text"], _effects(h["effects"]),
                                                    h["duration"]))


def build(raw: Raw) -> Content:
    """The content as dataclasses; ``ContentError`` if the files break the schema."""
    found = problems(raw)
    if found:
        raise ContentError("; ".join(found))
    cards = [_scene_card(c) for s in raw["scenes"]["scenes"] for c in s["cards"]]
    campaign = raw["campaign"]
    return Content(
        dashboards={r["id"]: _dashboard(r) for r in raw["heroes"]["dashboards"]},
        cards={r["id"]: _card(r) for r in raw["cards"]["starting"] + raw["cards"]["upgrades"]},
        status={r["id"]: StatusCard(r["id"], r["name"], r["copies"], _effects(r["effects"]))
                for r in raw["cards"]["status"]},
        scenes={s["number"]: tuple(c for c in cards if c.scene == s["number"])
                for s in raw["scenes"]["scenes"]},
        scene_cards={c.id: c for c in cards},
        quests={r["id"]: _quest(r) for r in campaign["quests"]},
        bosses={r["id"]: _quest(r) for r in campaign["bosses"]},
        die=tuple(campaign["die"]["faces"]),
        runes=tuple(r["id"] for r in campaign["runes"]["runes"]),
        setup=dict(campaign["setup"]))


def read_raw() -> Raw:
    """The content files as parsed JSON, keyed by file stem."""
    package = importlib.resources.files(__package__)
    return {stem: json.loads(package.joinpath(f"{stem}.json").read_text("utf-8"))
            for stem in FILES}


RAW: Raw = read_raw()
CONTENT: Content = build(RAW)
