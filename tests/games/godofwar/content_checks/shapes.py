"""The shape of every kind of item in the content files: which keys it has and what JSON type
each holds. ``shape_problems`` checks the whole content against them before anything reads
deeper, so that the meaning checks (``schema``) never trip over a missing key."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from domain.games.godofwar.content import Item, Raw

from .walk import SIDES, conditions, effects

NONE = type(None)
Spec = dict[str, Any]  # key -> a type, or a tuple of types; a key ending in "?" is optional

AUTHORED: Spec = {"authored": bool, "basis": str}
DASHBOARD: Spec = {"id": str, "name": str, "tiles": list, "rage_abilities": list,
                   "solo_side": (dict, NONE), **AUTHORED}
TILE: Spec = {"id": str, "name": str, "health": int, "rage_max": (int, NONE), "takes_space": bool}
ABILITY: Spec = {"id": str, "name": str, "tile": str, "effects": list, "basis": str}
SOLO_SIDE: Spec = {"rage_abilities": list, "companion_abilities": list}
COMPANION: Spec = {"id": str, "name": str, "modes": list, "basis": str}
MODE: Spec = {"id": str, "effects": list}
ACTION_CARD: Spec = {"id": str, "name": str, "deck": str, "types": dict, "copies": int,
                     "rage": bool, "stun": bool, "effects": list, "rune?": str, **AUTHORED}
STATUS_CARD: Spec = {"id": str, "name": str, "copies": int, "effects": list, **AUTHORED}
SCENE: Spec = {"number": int, "name": str, "cards": list, **AUTHORED}
SCENE_CARD: Spec = {"id": str, "scene": int, "position": dict, "front": dict,
                    "back": (dict, NONE), **AUTHORED}
POSITION: Spec = {"row": str, "col": int}
# The "_per_hero" keys (rules 1.1.0): what each hero after the first adds (README "Balance").
FACE: Spec = {"name": str, "enemy": (dict, NONE), "boxes": list, "interactions": list,
              "storage_slots": int, "storage_per_hero?": int, "flip_conditions": list,
              "reward": list, "attack_point_for": (str, NONE), "health_track": bool}
ENEMY: Spec = {"name": str, "health": int, "health_per_hero?": int, "armor": list,
               "attack": (dict, NONE), "abilities": list, "attack_effects": list, "runes": list}
ATTACK: Spec = {"type": str, "arrows": list, "value": int}
# "stands": "above" or "below" the enemy status, as printed (rules 1.2.0, GOW-R-23).
BOX: Spec = {"id": str, "rune": (str, NONE), "linked_enemy": bool, "stands": str, "text": str,
             "effects": list}
INTERACTION: Spec = {"id": str, "requirement": dict, "effects": list, "once": bool, "text": str}
REQUIREMENT: Spec = {"icons": list, "number_total": int}
FLIP_CONDITION: Spec = {"trigger": str, "flips": list, "attack_type?": str, "rune?": str}
FLIP_REF: Spec = {"card": str, "expect": str}
HINDRANCE: Spec = {"text": str, "effects": list, "duration": str}
CAMPAIGN_CARD: Spec = {"id": str, "scene": int, "victory": list, "defeat": list,
                       "setup_effects": list, "hindrance": dict, **AUTHORED}
QUEST: Spec = {**CAMPAIGN_CARD, "number": int, "title": str, "title_ko": str, "flavour": str,
               "special_rules": list}
BOSS: Spec = {**CAMPAIGN_CARD, "name": str, "name_ko": str}


def _type_ok(value: Any, allowed: Any) -> bool:
    kinds = allowed if isinstance(allowed, tuple) else (allowed,)
    # bool is an int to Python, never to this schema
    return any(type(value) is kind for kind in kinds)


def check(where: str, item: Any, spec: Spec) -> list[str]:
    """Problems of one item against its spec: not an object, missing, unknown or mistyped keys."""
    if type(item) is not dict:
        return [f"{where}: expected an object"]
    found = []
    keys = {key.rstrip("?"): allowed for key, allowed in spec.items()}
    for key, allowed in spec.items():
        name = key.rstrip("?")
        if name not in item:
            if not key.endswith("?"):
                found.append(f"{where}: missing {name!r}")
        elif not _type_ok(item[name], allowed):
            found.append(f"{where}: {name!r} has the wrong type")
    found += [f"{where}: unknown key {key!r}" for key in item if key not in keys]
    return found


def _heroes(raw: Raw) -> Iterator[list[str]]:
    for board in raw["heroes"]["dashboards"]:
        yield check(f"dashboard {board.get('id')}", board, DASHBOARD)
        for tile in board.get("tiles", []):
            yield check(f"tile {tile.get('id')}", tile, TILE)
        solo = board.get("solo_side")
        abilities = list(board.get("rage_abilities", []))
        if type(solo) is dict:
            yield check(f"solo side of {board.get('id')}", solo, SOLO_SIDE)
            abilities += solo.get("rage_abilities", [])
            for companion in solo.get("companion_abilities", []):
                yield check(f"companion {companion.get('id')}", companion, COMPANION)
                for mode in companion.get("modes", []):
                    yield check(f"mode {mode.get('id')}", mode, MODE)
        for ability in abilities:
            yield check(f"ability {ability.get('id')}", ability, ABILITY)


def _cards(raw: Raw) -> Iterator[list[str]]:
    for card in raw["cards"]["starting"] + raw["cards"]["upgrades"]:
        yield check(f"card {card.get('id')}", card, ACTION_CARD)
    for card in raw["cards"]["status"]:
        yield check(f"status card {card.get('id')}", card, STATUS_CARD)


def _face(where: str, face: Item) -> Iterator[list[str]]:
    yield check(where, face, FACE)
    if type(face.get("enemy")) is dict:
        yield check(f"{where} enemy", face["enemy"], ENEMY)
        if type(face["enemy"].get("attack")) is dict:
            yield check(f"{where} attack", face["enemy"]["attack"], ATTACK)
    for box in face.get("boxes", []):
        yield check(f"{where} box", box, BOX)
    for point in face.get("interactions", []):
        yield check(f"{where} interaction", point, INTERACTION)
        if type(point) is dict:
            yield check(f"{where} requirement", point.get("requirement"), REQUIREMENT)
    for flip in face.get("flip_conditions", []):
        yield check(f"{where} flip condition", flip, FLIP_CONDITION)
        for ref in flip.get("flips", []) if type(flip) is dict else []:
            yield check(f"{where} flip", ref, FLIP_REF)


def _scenes(raw: Raw) -> Iterator[list[str]]:
    for scene in raw["scenes"]["scenes"]:
        yield check(f"scene {scene.get('number')}", scene, SCENE)
        for card in scene.get("cards", []):
            where = f"scene card {card.get('id')}"
            yield check(where, card, SCENE_CARD)
            yield check(f"{where} position", card.get("position"), POSITION)
            for side in SIDES:
                if type(card.get(side)) is dict:
                    yield from _face(f"{where} {side}", card[side])


def _campaign(raw: Raw) -> Iterator[list[str]]:
    for spec, items in ((QUEST, raw["campaign"]["quests"]), (BOSS, raw["campaign"]["bosses"])):
        for item in items:
            where = f"{'quest' if spec is QUEST else 'boss'} {item.get('id')}"
            yield check(where, item, spec)
            yield check(f"{where} hindrance", item.get("hindrance"), HINDRANCE)


def _has_kind(item: Any) -> bool:
    return type(item) is dict and type(item.get("kind")) is str


def _kinds(raw: Raw) -> Iterator[list[str]]:
    """Every effect and condition is an object with a kind (its parameters are checked later)."""
    yield [f"{where}: an effect without a kind" for where, _, e in effects(raw)
           if not _has_kind(e)]
    yield [f"{where}: a condition without a kind" for where, _, c in conditions(raw)
           if not _has_kind(c)]


FILE_SPECS: dict[str, Spec] = {
    "heroes": {"note": str, "dashboards": list},
    "cards": {"note": str, "starting": list, "upgrades": list, "status": list},
    "scenes": {"note": str, "scenes": list},
    "campaign": {"note": str, "quests": list, "bosses": list, "die": dict, "runes": dict,
                 "setup": dict, "tokens": dict, "box": dict},
    "rules": {"note": str, "enums": dict, "effects": dict, "conditions": dict,
              "features": dict, "rules": list},
}


def shape_problems(raw: Raw) -> list[str]:
    found = [p for stem, spec in FILE_SPECS.items() for p in check(stem, raw.get(stem), spec)]
    if found:
        return found
    for walker in (_heroes, _cards, _scenes, _campaign):
        for problems in walker(raw):
            found += problems
    if not found:
        for problems in _kinds(raw):
            found += problems
    return found
