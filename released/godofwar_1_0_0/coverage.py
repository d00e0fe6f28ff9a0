"""What the content holds, measured: the box counts (every count the rulebook or the digest's
pack gives, checked against ``campaign.json``'s ``box``) and the features that exercise each
rule of the rulebook (``rules.json``'s ``rules``, each with the features it needs)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator

from . import walk
from .walk import Item, Raw


def _copies(cards: list[Item]) -> int:
    return sum(int(c["copies"]) for c in cards)


def _status(raw: Raw, cid: str) -> int:
    return _copies([c for c in raw["cards"]["status"] if c["id"] == cid])


def _per_deck(raw: Raw) -> set[int]:
    """The distinct sizes of the starting decks (one value when every deck has the same size)."""
    sizes = Counter({b["id"]: 0 for b in walk.dashboards(raw)})
    for card in raw["cards"]["starting"]:
        sizes[card["deck"]] += card["copies"]
    return set(sizes.values())


def _per_rune(raw: Raw) -> set[int]:
    sizes = Counter({r["id"]: 0 for r in raw["campaign"]["runes"]["runes"]})
    for card in raw["cards"]["upgrades"]:
        sizes[card.get("rune")] += card["copies"]
    return set(sizes.values())


def _scene_sizes(raw: Raw, kind: str) -> set[int]:
    numbers = {item["scene"] for item in raw["campaign"][kind]}
    return {len(s["cards"]) for s in walk.scenes(raw) if s["number"] in numbers}


# Each count of the box: a number, or for "per" counts the set of sizes (which must be {n}).
COUNTERS: dict[str, Callable[[Raw], int | set[int]]] = {
    "dashboards": lambda raw: len(walk.dashboards(raw)),
    "hero_tiles": lambda raw: sum(1 for _ in walk.tiles(raw)),
    "rage_tracks": lambda raw: sum(1 for _, t in walk.tiles(raw) if t["rage_max"] is not None),
    "starting_cards": lambda raw: _copies(raw["cards"]["starting"]),
    "starting_cards_per_dashboard": _per_deck,
    "upgrade_cards": lambda raw: _copies(raw["cards"]["upgrades"]),
    "action_cards": lambda raw: _copies(walk.action_cards(raw)),
    "upgrade_cards_per_rune": _per_rune,
    "scene_cards": lambda raw: sum(1 for _ in walk.scene_cards(raw)),
    "scenes": lambda raw: len(walk.scenes(raw)),
    "quest_scene_cards": lambda raw: _scene_sizes(raw, "quests"),
    "boss_scene_cards": lambda raw: _scene_sizes(raw, "bosses"),
    "quests": lambda raw: len(raw["campaign"]["quests"]),
    "bosses": lambda raw: len(raw["campaign"]["bosses"]),
    "stun_cards": lambda raw: _status(raw, "stun"),
    "poison_cards": lambda raw: _status(raw, "poison"),
    "crystal_cards": lambda raw: _status(raw, "destruction-crystal"),
    "die_faces": lambda raw: len(raw["campaign"]["die"]["faces"]),
    "runes": lambda raw: len(raw["campaign"]["runes"]["runes"]),
}


def count_problems(raw: Raw) -> list[str]:
    box = raw["campaign"]["box"]
    found = [f"box count {name!r} has no counter" for name in box if name not in COUNTERS]
    found += [f"box count {name!r} is not stated" for name in COUNTERS if name not in box]
    for name in box.keys() & COUNTERS.keys():
        expected, actual = box[name]["expected"], COUNTERS[name](raw)
        if actual != expected and actual != {expected}:
            found.append(f"box count {name!r}: the box has {expected}, the content {actual}")
    return found


def _card_features(raw: Raw) -> Iterator[str]:
    for card in walk.action_cards(raw):
        types = card["types"]
        yield from (f"card:{t}" for t in types)
        if len(types) > 1:
            yield "card:dual-type"
        if any(v is None for t, v in types.items() if t in ("melee", "ranged", "defense")):
            yield "card:no-printed-value"
        yield from ["card:rage-icon"] * card["rage"] + ["card:stun"] * card["stun"]
        if card["deck"] == "upgrade":
            yield from ["upgrade:card"] + ["upgrade:rune"] * ("rune" in card)
    yield from (f"status:{c['id'].split('-')[-1]}" for c in raw["cards"]["status"]
                if c["id"] != "destruction-crystal" or c["effects"])
    if 0 in raw["campaign"]["die"]["faces"]:
        yield "die:zero-face"


def _hero_features(raw: Raw) -> Iterator[str]:
    decks = {c["deck"] for c in raw["cards"]["starting"]}
    yield from ["deck:starting"] * all(b["id"] in decks for b in walk.dashboards(raw))
    for board in walk.dashboards(raw):
        yield from ["hero:two-tiles"] * (len(board["tiles"]) > 1)
        yield from ["hero:solo-side"] * (board["solo_side"] is not None)
    for _, tile in walk.tiles(raw):
        yield "hero:health"
        yield "hero:takes-space" if tile["takes_space"] else "hero:no-space"
        yield from ["hero:no-rage"] * (tile["rage_max"] is None)
    yield from ["hero:rage-ability"] * any(True for _ in walk.abilities(raw))
    yield from ("hero:companion-modes" for _, c in walk.companions(raw) if len(c["modes"]) == 2)


def _enemy_features(card: Item, enemy: Item) -> Iterator[str]:
    row = card["position"]["row"]
    yield from [f"enemy:{row}-row"] * (row != "aux")
    attack = enemy["attack"]
    if attack is not None:
        yield f"enemy:{attack['type']}"
        yield from ["enemy:melee-multi-arrow"] * (len(attack["arrows"]) > 1)
    yield from ["enemy:armor"] * bool(enemy["armor"]) + ["enemy:multi-armor"] * (
        len(enemy["armor"]) > 1)
    yield from (f"enemy:{a}" for a in enemy["abilities"])
    yield from ["enemy:attack-effect"] * bool(enemy["attack_effects"])
    yield from ["scene:rune-in-status"] * bool(enemy["runes"])


def _face_features(card: Item, face: Item) -> Iterator[str]:
    enemy = face["enemy"]
    if enemy is not None:
        yield from _enemy_features(card, enemy)
        if not any(f["trigger"] == "enemy_dies" for f in face["flip_conditions"]):
            yield "scene:death-token"
    for box in face["boxes"]:
        yield from ["scene:rune-in-box"] * (box["rune"] is not None)
        yield from ["scene:linked-box"] * box["linked_enemy"]
    for point in face["interactions"]:
        yield "scene:interaction"
        yield from ["scene:interaction-number"] * (point["requirement"]["number_total"] > 0)
        yield from ["scene:interaction-once"] * point["once"]
    yield from ["scene:storage"] * (face["storage_slots"] > 0)
    yield from ["scene:reward"] * bool(face["reward"])
    yield from ["scene:health-track"] * face["health_track"]
    yield from ["scene:attack-point"] * (face["attack_point_for"] is not None)
    for flip in face["flip_conditions"]:
        yield f"flip:{flip['trigger']}"
        yield from ["flip:multi-card"] * (len(flip["flips"]) > 1)
        yield from ("flip:expect-back" for r in flip["flips"] if r["expect"] == "back")
        if enemy and card["back"] and card["back"]["enemy"] and any(
                r["card"] == card["id"] for r in flip["flips"]):
            yield "scene:enemy-both-faces"


def _scene_features(raw: Raw) -> Iterator[str]:
    for card, _, face in walk.faces(raw):
        yield from _face_features(card, face)
    for scene in walk.scenes(raw):
        rows: dict[str, set[str]] = {"top": set(), "bottom": set()}
        for card in scene["cards"]:
            if card["front"]["enemy"] and card["position"]["row"] in rows:
                rows[card["position"]["row"]] |= set(card["front"]["enemy"]["runes"])
        yield from ["scene:shared-rune"] * bool(rows["top"] & rows["bottom"])


def _campaign_features(raw: Raw) -> Iterator[str]:
    campaign = raw["campaign"]
    for quest in campaign["quests"]:
        yield from ["quest:defeat"] * bool(quest["defeat"])
        yield from ["quest:special-rule"] * bool(quest["special_rules"])
    for item in walk.campaign_cards(raw):
        yield f"hindrance:{item['hindrance']['duration']}"
    yield from ["boss:scene"] * bool(campaign["bosses"])
    for _, _, effect in walk.effects(raw):
        yield f"effect:{effect['kind']}"
        if effect["kind"] == "change_hand_limit":
            yield "hand-limit:plus" if effect["amount"] > 0 else "hand-limit:minus"
    yield from (f"condition:{c['kind']}" for _, _, c in walk.conditions(raw))
    reveals = campaign["setup"]["reveals_per_round"]
    if all(reveals.get(str(n)) == n + 1 for n in (2, 3, 4)):
        yield "setup:reveals"
    yield from ["setup:first-game-quest"] * bool(campaign["setup"]["first_game_quest"])


def features(raw: Raw) -> set[str]:
    """Every feature the content shows (the names of ``rules.json``'s ``features``, plus
    ``effect:<kind>`` and ``condition:<kind>``)."""
    found: set[str] = set()
    for source in (_card_features, _hero_features, _scene_features, _campaign_features):
        found |= set(source(raw))
    return found


def known_features(raw: Raw) -> set[str]:
    rules = raw["rules"]
    return (set(rules["features"]) | {f"effect:{k}" for k in rules["effects"]}
            | {f"condition:{k}" for k in rules["conditions"]})


def coverage_problems(raw: Raw) -> list[str]:
    """Every rule names known features, and the content shows every one of them."""
    known, shown = known_features(raw), features(raw)
    found = [f"rule {r['id']}: unknown feature {need!r}"
             for r in raw["rules"]["rules"] for need in r["needs"] if need not in known]
    found += [f"rule {r['id']}: nothing in the content shows {need!r}"
              for r in raw["rules"]["rules"] for need in r["needs"]
              if need in known and need not in shown]
    found += [f"rule {r['id']}: needs no feature" for r in raw["rules"]["rules"] if not r["needs"]]
    found += [f"feature {name!r} is not in rules.json's features" for name in sorted(shown - known)]
    return found
