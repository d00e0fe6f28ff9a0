"""The content validator: ``problems(raw)`` lists everything wrong with the content files, as
sentences; an empty list means the content is sound. The shapes come first (``shapes``); then
ids (unique, stable slugs), references (every id named resolves, in the right scene), the
effect and condition vocabularies (``rules.json``), and the authored marks. The box counts and
the rule coverage are ``coverage``'s."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from typing import Any

from . import walk
from .walk import SIDES, Item, Raw

SLUG = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
TYPES = ("melee", "ranged", "defense", "special", "number")
ROWS = ("top", "bottom", "aux")
ARROWS = ("left", "own", "right")
ENEMY_ABILITIES = ("stun", "poison")
DURATIONS = ("quest", "permanent", "game")
TRIGGERS = ("enemy_dies", "enemy_attacks", "armor_broken", "rune")


def _ids(namespace: str, ids: Iterable[str]) -> list[str]:
    counts = Counter(ids)
    found = [f"duplicate {namespace} id {i!r}" for i, n in counts.items() if n > 1]
    return found + [f"{namespace} id {i!r} is not a slug" for i in counts if not SLUG.match(i)]


def unique_ids(raw: Raw) -> list[str]:
    found = _ids("dashboard", (b["id"] for b in walk.dashboards(raw)))
    found += _ids("tile", (t["id"] for _, t in walk.tiles(raw)))
    found += _ids("ability", [a["id"] for _, a in walk.abilities(raw)]
                  + [c["id"] for _, c in walk.companions(raw)])
    found += _ids("card", (c["id"] for c in walk.action_cards(raw) + raw["cards"]["status"]))
    found += _ids("scene card", (c["id"] for c in walk.scene_cards(raw)))
    found += _ids("quest or boss", (c["id"] for c in walk.campaign_cards(raw)))
    numbers = Counter(s["number"] for s in walk.scenes(raw))
    found += [f"duplicate scene number {n}" for n, k in numbers.items() if k > 1]
    for card, side, face in walk.faces(raw):
        for part in ("boxes", "interactions"):
            found += _ids(f"{card['id']} {side} {part[:-1]}", (x["id"] for x in face[part]))
    return found


def stable_ids(raw: Raw) -> list[str]:
    """An id says where its item belongs, so it never has to change: a scene card is
    ``s<scene>-<row>-<col>``, a starting card starts with its dashboard, an upgrade card ends
    with its rune."""
    found = [f"scene card {c['id']}: its id is not s<scene>-<row>-<col>"
             for c in walk.scene_cards(raw)
             if c["id"] != f"s{c['scene']}-{c['position']['row']}-{c['position']['col']}"]
    found += [f"card {c['id']}: a starting card's id starts with its dashboard"
              for c in raw["cards"]["starting"] if not c["id"].startswith(f"{c['deck']}-")]
    found += [f"card {c['id']}: an upgrade card's id ends with its rune"
              for c in raw["cards"]["upgrades"] if not c["id"].endswith(f"-{c.get('rune')}")]
    return found


def authored_marks(raw: Raw) -> list[str]:
    """Everything the rulebook does not print is marked authored, and everything has a basis."""
    authored = (walk.dashboards(raw) + walk.action_cards(raw) + walk.scenes(raw)
                + list(walk.scene_cards(raw)) + walk.campaign_cards(raw)
                + [raw["campaign"]["die"], raw["campaign"]["runes"]])
    found = [f"{x.get('id', x.get('number'))}: not marked authored" for x in authored
             if x.get("authored") is not True]
    for item in authored + raw["cards"]["status"]:
        if not str(item.get("basis") or "").strip():
            found.append(f"{item.get('id', item.get('number'))}: no basis")
    return found


def _rune_ids(raw: Raw) -> set[str]:
    return {r["id"] for r in raw["campaign"]["runes"]["runes"]}


def action_card_problems(raw: Raw) -> list[str]:
    decks = {b["id"] for b in walk.dashboards(raw)}
    runes = _rune_ids(raw)
    found = []
    for card in walk.action_cards(raw):
        cid, types = card["id"], card["types"]
        upgrade = card in raw["cards"]["upgrades"]
        if upgrade != (card["deck"] == "upgrade") or (not upgrade and card["deck"] not in decks):
            found.append(f"card {cid}: deck {card['deck']!r} does not fit its list")
        if upgrade != ("rune" in card) or (upgrade and card["rune"] not in runes):
            found.append(f"card {cid}: an upgrade card has one known rune, a starting card none")
        if not types or any(t not in TYPES for t in types):
            found.append(f"card {cid}: types must be some of {TYPES}")
        if any(v is not None and (type(v) is not int or v < 0) for v in types.values()):
            found.append(f"card {cid}: a printed value is a whole number >= 0 or null")
        if "number" in types and type(types["number"]) is not int:
            found.append(f"card {cid}: a number card prints its value")
        if card["copies"] < 1:
            found.append(f"card {cid}: copies must be at least 1")
        if ("special" in types) != bool(card["effects"]):
            found.append(f"card {cid}: special cards, and only they, have effects")
    return found + _rage_icons_without_track(raw)


def _rage_icons_without_track(raw: Raw) -> list[str]:
    """A rage icon on a deck whose tiles have no rage track could never count (GOW-R-9)."""
    trackless = {b["id"] for b in walk.dashboards(raw)
                 if all(t["rage_max"] is None for t in b["tiles"])}
    return [f"card {c['id']}: a rage icon in a deck without a rage track"
            for c in raw["cards"]["starting"] if c["rage"] and c["deck"] in trackless]


def hero_problems(raw: Raw) -> list[str]:
    found = []
    for board in walk.dashboards(raw):
        tiles = {t["id"]: t for t in board["tiles"]}
        if not tiles:
            found.append(f"dashboard {board['id']}: no tile")
        for tile in tiles.values():
            if tile["health"] < 1 or (tile["rage_max"] is not None and tile["rage_max"] < 1):
                found.append(f"tile {tile['id']}: health and rage track must be positive")
    for board, ability in walk.abilities(raw):
        tile = {t["id"]: t for t in board["tiles"]}.get(ability["tile"])
        if tile is None or tile["rage_max"] is None:
            found.append(f"ability {ability['id']}: tile {ability['tile']!r} has no rage track")
    for _, companion in walk.companions(raw):
        if len(companion["modes"]) != 2:
            found.append(f"companion {companion['id']}: two modes (GOW-R-44, GOW-R-45)")
    return found


def _param_ok(value: Any, kind: str, enums: dict[str, list[str]], cards: set[str]) -> bool:
    if kind in enums:
        return value in enums[kind]
    if kind == "card":
        return value in cards
    if kind == "flip_refs":
        return (type(value) is list and bool(value)
                and all(type(r) is dict and set(r) == {"card", "expect"} and r["card"] in cards
                        and r["expect"] in SIDES for r in value))
    if kind == "arrows":
        return type(value) is list and all(a in ARROWS for a in value)
    simple = {"int": int, "bool": bool, "str": str}
    return kind in simple and type(value) is simple[kind]


def _scene_card_ids(raw: Raw, scene: int | None) -> set[str]:
    return {c["id"] for c in walk.scene_cards(raw) if scene is None or c["scene"] == scene}


def _call_problems(where: str, call: Item, vocabulary: dict[str, Any], raw: Raw,
                   scene: int | None) -> list[str]:
    """One effect or condition against its vocabulary: a known kind, exactly its parameters,
    each of its type; a card it names is in the same scene."""
    kind = call["kind"]
    if kind not in vocabulary:
        return [f"{where}: unknown kind {kind!r}"]
    params = vocabulary[kind]["params"]
    wanted = {k.rstrip("?"): t for k, t in params.items()}
    required = {k for k in params if not k.endswith("?")}
    given = set(call) - {"kind"}
    found = [f"{where}: {kind} lacks {k!r}" for k in sorted(required - given)]
    found += [f"{where}: {kind} has no parameter {k!r}" for k in sorted(given - set(wanted))]
    enums, cards = raw["rules"]["enums"], _scene_card_ids(raw, scene)
    found += [f"{where}: {kind}'s {k!r} is not a valid {wanted[k]}" for k in sorted(given)
              if k in wanted and not _param_ok(call[k], wanted[k], enums, cards)]
    return found


def vocabulary_problems(raw: Raw) -> list[str]:
    effects, conditions = raw["rules"]["effects"], raw["rules"]["conditions"]
    found = []
    for where, scene, effect in walk.effects(raw):
        found += _call_problems(where, effect, effects, raw, scene)
    for where, scene, condition in walk.conditions(raw):
        found += _call_problems(where, condition, conditions, raw, scene)
    for where, _, condition in walk.conditions(raw):
        if condition["kind"] == "box_fired" and not _box_exists(raw, condition):
            found.append(f"{where}: no box {condition.get('box')!r} on that face")
    return found


def _box_exists(raw: Raw, condition: Item) -> bool:
    card = {c["id"]: c for c in walk.scene_cards(raw)}.get(condition.get("card", ""))
    face = card.get(condition.get("side", "")) if card else None
    return face is not None and any(b["id"] == condition.get("box") for b in face["boxes"])


def campaign_problems(raw: Raw) -> list[str]:
    campaign = raw["campaign"]
    scenes = {s["number"] for s in walk.scenes(raw)}
    found = []
    uses = Counter(item["scene"] for item in walk.campaign_cards(raw))
    found += [f"scene {n} belongs to {uses[n]} quests or bosses, not 1" for n in sorted(scenes)
              if uses[n] != 1]
    found += [f"{item['id']}: scene {item['scene']} does not exist"
              for item in walk.campaign_cards(raw) if item["scene"] not in scenes]
    for quest in campaign["quests"]:
        if quest["number"] != quest["scene"]:
            found.append(f"quest {quest['id']}: quest n uses the scene cards marked n")
        if not quest["victory"]:
            found.append(f"quest {quest['id']}: no victory condition")
    for item in walk.campaign_cards(raw):
        if item["hindrance"]["duration"] not in DURATIONS or not item["hindrance"]["effects"]:
            found.append(f"{item['id']}: a hindrance has effects and a duration in {DURATIONS}")
    for boss in campaign["bosses"]:
        if not boss["victory"] or boss["hindrance"]["duration"] != "game":
            found.append(f"boss {boss['id']}: victory needed; its hindrance lasts the game")
    setup, quests = campaign["setup"], {q["id"] for q in campaign["quests"]}
    boards = {b["id"]: b for b in walk.dashboards(raw)}
    if setup["first_game_quest"] not in quests:
        found.append("setup: the first-game quest is not a quest")
    for hero in [setup["solo"]["hero"]] + setup["solo"]["companions"]:
        if boards.get(hero, {}).get("solo_side") is None:
            found.append(f"setup: solo hero {hero!r} has no solo side")
    return found


def _faces_of(raw: Raw, cid: str, side: str | None = None) -> list[Item]:
    card = next((c for c in walk.scene_cards(raw) if c["id"] == cid), None)
    return [card[s] for s in SIDES if card and card[s] is not None and side in (None, s)]


def _target_problem(raw: Raw, call: Item) -> str | None:
    """What a card named by a condition or a scene effect must hold for the call to make
    sense: an enemy to be dead, storage to fill, armor to remove, a back to show."""
    kind, cid = call["kind"], call["card"]
    faces = _faces_of(raw, cid, call.get("side") if kind != "box_fired" else None)
    if kind in ("enemy_dead", "heal_enemy") and not any(f["enemy"] for f in faces):
        return f"{cid} shows no enemy there"
    if kind == "remove_armor" and not any(f["enemy"] and f["enemy"]["armor"] for f in faces):
        return f"{cid} shows no armor"
    slots = max((f["storage_slots"] for f in faces), default=0)
    if kind in ("add_storage", "remove_storage") and slots < 1:
        return f"{cid} has no storage"
    if kind == "storage_at_least" and not 0 < call["count"] <= slots:
        return f"{cid} cannot hold {call['count']} tokens"
    if kind == "card_side" and not faces:
        return f"{cid} has no {call['side']} side"
    return None


def target_problems(raw: Raw) -> list[str]:
    calls = [(w, e) for w, _, e in walk.effects(raw)] + [(w, c) for w, _, c in
                                                          walk.conditions(raw)]
    found = []
    for where, call in calls:
        known = call.get("card") in _scene_card_ids(raw, None)  # else reported as dangling
        problem = _target_problem(raw, call) if known else None
        if problem:
            found.append(f"{where}: {call['kind']} names a card that does not fit: {problem}")
    return found
