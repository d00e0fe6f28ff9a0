"""The validator's scene checks: positions on the grid, enemies, boxes, interactions, flip
conditions and diagrams, health-track cards and attack points, and the runes every scene shows
(digest §4.12, §7.5)."""

from __future__ import annotations

from collections import Counter

from . import walk
from .schema import ARROWS, ENEMY_ABILITIES, ROWS, TRIGGERS, TYPES
from .walk import SIDES, Item, Raw, for_party

COLUMNS = 4  # digest §7.1: every scene is 4 columns wide


def _enemy_problems(where: str, enemy: Item, runes: set[str]) -> list[str]:
    found = []
    if enemy["health"] < 1 or any(type(a) is not int or a < 1 for a in enemy["armor"]):
        found.append(f"{where}: health and armor values are positive")
    if enemy.get("health_per_hero", 0) < 0:
        found.append(f"{where}: health per hero is never negative")
    attack = enemy["attack"]
    if attack is not None:
        melee = attack["type"] == "melee"
        if attack["type"] not in ("melee", "ranged") or attack["value"] < 1:
            found.append(f"{where}: an attack is melee or ranged, with a positive value")
        if melee != bool(attack["arrows"]) or any(a not in ARROWS for a in attack["arrows"]):
            found.append(f"{where}: melee attacks, and only they, have arrows in {ARROWS}")
    if any(a not in ENEMY_ABILITIES for a in enemy["abilities"]):
        found.append(f"{where}: abilities are some of {ENEMY_ABILITIES}")
    if any(r not in runes for r in enemy["runes"]):
        found.append(f"{where}: unknown rune")
    return found


def _flip_problems(where: str, face: Item, cards: dict[str, Item], scene: int,
                   runes: set[str]) -> list[str]:
    found = []
    enemy = face["enemy"]
    for flip in face["flip_conditions"]:
        trigger = flip["trigger"]
        if trigger not in TRIGGERS:
            found.append(f"{where}: unknown flip trigger {trigger!r}")
        elif trigger == "storage_full" and face["storage_slots"] < 1:
            found.append(f"{where}: storage_full needs storage spaces")
        elif trigger not in ("rune", "storage_full") and enemy is None:
            found.append(f"{where}: {trigger} needs an enemy on this face")
        elif trigger == "armor_broken" and not enemy["armor"]:
            found.append(f"{where}: armor_broken needs armor")
        elif trigger == "enemy_attacks" and (
                enemy["attack"] is None or enemy["attack"]["type"] != flip.get("attack_type")):
            found.append(f"{where}: enemy_attacks names the enemy's own attack type")
        elif trigger == "rune" and flip.get("rune") not in runes:
            found.append(f"{where}: a rune flip names a known rune")
        for ref in flip["flips"]:
            target = cards.get(ref["card"])
            if target is None or target["scene"] != scene:
                found.append(f"{where}: flips {ref['card']!r}, not a card of this scene")
            elif ref["expect"] not in SIDES or target["back"] is None:
                found.append(f"{where}: flips {ref['card']!r}, which has no back to show")
    return found


def _health(enemy: Item, heroes: int) -> int:
    return for_party(enemy["health"], enemy.get("health_per_hero", 0), heroes)


def _cascade_problems(card: Item, party_sizes: list[int]) -> list[str]:
    """GOW-R-20: wounds stay through a death flip, so the new face's enemy must outlast them
    (more health than the enemy that just died, in a party of every size), or it would die at
    once."""
    front, back = card["front"], card["back"]
    dies_into_back = any(f["trigger"] == "enemy_dies" and {"card": card["id"], "expect": "front"}
                         in f["flips"] for f in front["flip_conditions"])
    if dies_into_back and back is not None and back["enemy"] is not None and any(
            _health(back["enemy"], n) <= _health(front["enemy"], n) for n in party_sizes):
        return [f"{card['id']}: its back's enemy would die of the wounds it inherits"]
    return []


def _face_problems(card: Item, side: str, face: Item, raw: Raw) -> list[str]:
    where = f"{card['id']} {side}"
    cards = {c["id"]: c for c in walk.scene_cards(raw)}
    runes = {r["id"] for r in raw["campaign"]["runes"]["runes"]}
    found = []
    if face["enemy"] is not None:
        found += _enemy_problems(where, face["enemy"], runes)
    if face["health_track"] and face["enemy"] is None:
        found.append(f"{where}: a health-track card carries its enemy")
    target = cards.get(face["attack_point_for"] or "")
    tracked = target is not None and target["scene"] == card["scene"] and target["front"][
        "health_track"]
    if face["attack_point_for"] is not None and not tracked:
        found.append(f"{where}: an attack point names a health-track card of its scene")
    for box in face["boxes"]:
        if box["rune"] is not None and box["rune"] not in runes:
            found.append(f"{where}: box {box['id']} has an unknown rune")
        if box["linked_enemy"] and face["enemy"] is None and target is None:
            found.append(f"{where}: box {box['id']} is linked to no enemy")
    for point in face["interactions"]:
        need = point["requirement"]
        if any(i not in TYPES for i in need["icons"]) or need["number_total"] < 0 or not (
                need["icons"] or need["number_total"]):
            found.append(f"{where}: interaction {point['id']} needs icons of {TYPES} or numbers")
    if face["storage_slots"] < 0 or face.get("storage_per_hero", 0) < 0:
        found.append(f"{where}: storage slots are never negative")
    return found + _flip_problems(where, face, cards, card["scene"], runes)


def _grid_problems(scene: Item) -> list[str]:
    found = []
    for card in scene["cards"]:
        row, col = card["position"]["row"], card["position"]["col"]
        if card["scene"] != scene["number"]:
            found.append(f"{card['id']}: listed under scene {scene['number']}")
        if row not in ROWS or not 1 <= col <= COLUMNS:
            found.append(f"{card['id']}: position {row} {col} is off the grid")
    places = Counter((c["position"]["row"], c["position"]["col"]) for c in scene["cards"])
    found += [f"scene {scene['number']}: two cards at {p}" for p, n in places.items() if n > 1]
    grid = {p for p in places if p[0] != "aux"}
    if grid != {(r, c) for r in ("top", "bottom") for c in range(1, COLUMNS + 1)}:
        found.append(f"scene {scene['number']}: the grid is not 2 rows of {COLUMNS}")
    return found


def _front_runes(scene: Item) -> set[str]:
    shown: set[str] = set()
    for card in scene["cards"]:
        face = card["front"]
        shown |= set(face["enemy"]["runes"]) if face["enemy"] else set()
        shown |= {b["rune"] for b in face["boxes"] if b["rune"]}
    return shown


def _reached(raw: Raw) -> set[str]:
    """The cards some flip can reach: a flip condition's diagram or a flip effect."""
    reached = {r["card"] for _, _, face in walk.faces(raw) for flip in face["flip_conditions"]
               for r in flip["flips"]}
    return reached | {r["card"] for _, _, e in walk.effects(raw) if e["kind"] == "flip"
                      for r in e.get("cards", [])}


def scene_problems(raw: Raw) -> list[str]:
    runes = {r["id"] for r in raw["campaign"]["runes"]["runes"]}
    found = []
    for scene in walk.scenes(raw):
        found += _grid_problems(scene)
        missing = runes - _front_runes(scene)
        if missing:
            # digest §7.5: each rune should activate something in every scene
            found.append(f"scene {scene['number']}: no front face shows {sorted(missing)}")
    for card, side, face in walk.faces(raw):
        found += _face_problems(card, side, face, raw)
    reached = _reached(raw)
    sizes = walk.party_sizes(raw)
    for card in walk.scene_cards(raw):
        found += _cascade_problems(card, sizes)
        if card["back"] is not None and card["id"] not in reached:
            found.append(f"{card['id']}: no flip reaches its back (leave it null)")
    return found
