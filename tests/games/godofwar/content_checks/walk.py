"""Walks over the raw content (the parsed JSON files, before any dataclass is built): every
scene card, face, effect and condition with a label saying where it sits. The validator
(``schema``) and the rule coverage (``coverage``) both read the content through these."""

from __future__ import annotations

from collections.abc import Iterator

from domain.games.godofwar.content import Item, Raw

SIDES = ("front", "back")


def party_sizes(raw: Raw) -> list[int]:
    """The party sizes the setup table knows (its reveals per round, digest §2.2)."""
    table = raw["campaign"]["setup"].get("reveals_per_round", {})
    return [int(n) for n in table if str(n).isdigit()] or [1]


def dashboards(raw: Raw) -> list[Item]:
    return list(raw["heroes"]["dashboards"])


def tiles(raw: Raw) -> Iterator[tuple[Item, Item]]:
    """(dashboard, tile) for every hero tile."""
    for board in dashboards(raw):
        for tile in board["tiles"]:
            yield board, tile


def abilities(raw: Raw) -> Iterator[tuple[Item, Item]]:
    """(dashboard, ability) for every rage ability, solo sides included."""
    for board in dashboards(raw):
        yield from ((board, a) for a in board["rage_abilities"])
        if board["solo_side"] is not None:
            yield from ((board, a) for a in board["solo_side"]["rage_abilities"])


def companions(raw: Raw) -> Iterator[tuple[Item, Item]]:
    """(dashboard, companion ability) for every solo companion ability."""
    for board in dashboards(raw):
        if board["solo_side"] is not None:
            yield from ((board, c) for c in board["solo_side"]["companion_abilities"])


def action_cards(raw: Raw) -> list[Item]:
    return list(raw["cards"]["starting"]) + list(raw["cards"]["upgrades"])


def scenes(raw: Raw) -> list[Item]:
    return list(raw["scenes"]["scenes"])


def scene_cards(raw: Raw) -> Iterator[Item]:
    for scene in scenes(raw):
        yield from scene["cards"]


def faces(raw: Raw) -> Iterator[tuple[Item, str, Item]]:
    """(scene card, side, face) for every printed face (a back may be blank: ``null``)."""
    for card in scene_cards(raw):
        for side in SIDES:
            if card[side] is not None:
                yield card, side, card[side]


def face_effects(face: Item) -> Iterator[tuple[str, Item]]:
    enemy = face["enemy"]
    if enemy is not None:
        yield from (("attack effect", e) for e in enemy["attack_effects"])
    for box in face["boxes"]:
        yield from ((f"box {box['id']}", e) for e in box["effects"])
    for point in face["interactions"]:
        yield from ((f"interaction {point['id']}", e) for e in point["effects"])
    yield from (("reward", e) for e in face["reward"])


def campaign_cards(raw: Raw) -> list[Item]:
    """Quests and bosses: the cards that name a scene and its conditions."""
    return list(raw["campaign"]["quests"]) + list(raw["campaign"]["bosses"])


def effects(raw: Raw) -> Iterator[tuple[str, int | None, Item]]:
    """(where, scene number or None, effect) for every effect in the content."""
    for board, ability in abilities(raw):
        yield from ((f"{board['id']}/{ability['id']}", None, e) for e in ability["effects"])
    for board, companion in companions(raw):
        for mode in companion["modes"]:
            where = f"{board['id']}/{companion['id']}/{mode['id']}"
            yield from ((where, None, e) for e in mode["effects"])
    for card in action_cards(raw) + list(raw["cards"]["status"]):
        yield from ((card["id"], None, e) for e in card["effects"])
    for card, side, face in faces(raw):
        for label, effect in face_effects(face):
            yield f"{card['id']}/{side}/{label}", card["scene"], effect
    for item in campaign_cards(raw):
        for effect in item["setup_effects"] + item["hindrance"]["effects"]:
            yield item["id"], item["scene"], effect


def conditions(raw: Raw) -> Iterator[tuple[str, int, Item]]:
    """(where, scene number, condition) for every victory and defeat condition."""
    for item in campaign_cards(raw):
        for part in ("victory", "defeat"):
            yield from ((f"{item['id']}/{part}", item["scene"], c) for c in item[part])
