"""A game's components (its cards, tiles...), for clients: what each one is called, costs and
does, one hover or tap away.

The hook is generic and optional: a game lists its components in its catalog entry, as
``INFO.extra["components"]``, a list of ``{"id", "name", "types", "text"}`` objects with an
optional ``cost`` and any other public fields. Adding a game therefore touches only its own
package. The games released before the hook existed are digest-locked (changing their
packages would force a new rules version), so each gets a small adapter below that reads the
data its package already loads: Dominion's card catalogue (``INFO.extra["cards"]``),
Revolution's ``tiles.TILES``, God of War's ``content.CONTENT`` and Thrones' ``cards.CARDS``.
A game with none has no components (an empty list).

God of War prints no card text (its README, "Content"): a card's text is said from its types,
icons and effects. Scene cards carry both faces, since either may show during a game.
"""

from __future__ import annotations

import dataclasses
import importlib
from collections.abc import Callable
from typing import Any

from ..kernel import Rules
from . import RELEASES, get_rules

Component = dict[str, Any]


def components(name: str, version: str | None = None) -> list[Component]:
    """The components of ``name`` under ``version`` (by default the current version).

    UnknownGame / UnknownRulesVersion as ``get_rules``."""
    rules = get_rules(name, version)
    listed = rules.info.extra.get("components")
    if listed is not None:
        return [dict(item) for item in listed]
    adapter = ADAPTERS.get(name)
    return adapter(rules) if adapter is not None else []


def _dominion_cards(rules: Rules) -> list[Component]:
    cards: dict[str, dict[str, Any]] = dict(rules.info.extra.get("cards", {}))
    return [{"id": cid, **card} for cid, card in cards.items()]


def _module(game: str, rules: Rules, name: str) -> Any:
    """The module ``name`` of the package that implements ``rules`` (a released copy included)."""
    return importlib.import_module(f"{RELEASES[game][rules.version]}.{name}")


def _revolution_tiles(rules: Rules) -> list[Component]:
    tiles = _module("revolution", rules, "tiles").TILES
    return [_tile(dataclasses.asdict(tile)) for tile in tiles.values()]


def _tile(fields: dict[str, Any]) -> Component:
    kinds = [fields["faction"], fields["ability"]]
    return {"id": fields["id"], "name": fields["name"],
            "types": [kind for kind in kinds if kind != "none"], "text": fields["text"],
            **{k: fields[k] for k in ("korean", "faction", "ability", "shield", "twin")}}


def _effect(effect: Any) -> str:
    params = ", ".join(f"{_words(k)} {_words(v)}" for k, v in effect.params.items())
    kind = _words(effect.kind)
    return f"{kind} ({params})" if params else kind


def _words(value: Any) -> str:
    """An authored value as words (``chosen_hero``: "chosen hero")."""
    return str(value).replace("_", " ")


def _effects(effects: Any) -> str:
    return "; ".join(_effect(e) for e in effects)


def _sentence(*parts: str) -> str:
    shown = [p[0].upper() + p[1:] for p in parts if p]
    return " ".join(p if p.endswith(".") else p + "." for p in shown)


def _godofwar(rules: Rules) -> list[Component]:
    content = _module("godofwar", rules, "content").CONTENT
    items: list[Component] = [_action_card(card) for card in content.cards.values()]
    items += [{"id": s.id, "name": s.name, "types": ["status"],
               "text": _sentence(_effects(s.effects) or "A status card")}
              for s in content.status.values()]
    for dashboard in content.dashboards.values():
        items += [_hero(tile, dashboard) for tile in dashboard.tiles]
        items += [_companion(ability) for ability in dashboard.companions]
    items += [_scene_card(card) for card in content.scene_cards.values()]
    items += [_quest(q, "quest") for q in content.quests.values()]
    items += [_quest(q, "boss") for q in content.bosses.values()]
    return items


def _action_card(card: Any) -> Component:
    values = ", ".join(f"{t} {'+' + str(v) if v is not None else ''}".strip()
                       for t, v in card.types.items())
    icons = [name for name, on in (("rage icon", card.rage), ("stun icon", card.stun)) if on]
    text = _sentence(f"Plays as {values}" if values else "", ", ".join(icons),
                     f"Rune {card.rune}" if card.rune else "", _effects(card.effects))
    return {"id": card.id, "name": card.name, "types": list(card.types),
            "text": text, "deck": card.deck, "rune": card.rune}


def _hero(tile: Any, dashboard: Any) -> Component:
    rage = "no rage track" if tile.rage_max is None else f"rage up to {tile.rage_max}"
    abilities = "; ".join(f"{a.name}: {_effects(a.effects)}" for a in dashboard.rage_abilities
                          if a.tile == tile.id)
    return {"id": tile.id, "name": tile.name, "types": ["hero"], "health": tile.health,
            "text": _sentence(f"Health {tile.health}, {rage}",
                              f"Rage: {abilities}" if abilities else "")}


def _companion(ability: Any) -> Component:
    """A solo companion ability (GOW-R-44, GOW-R-45): once a quest, in one of two modes."""
    modes = "; or ".join(f"{m.id}: {_effects(m.effects)}" for m in ability.modes)
    return {"id": ability.id, "name": ability.name, "types": ["companion"],
            "text": _sentence("Solo, once a quest", modes)}


def _face(face: Any) -> str:
    parts = [face.name]
    if face.enemy is not None:
        e = face.enemy
        attack = "no attack" if e.attack is None else f"{e.attack.type} attack {e.attack.value}"
        armor = f", armor {'/'.join(map(str, e.armor))}" if e.armor else ""
        per_hero = getattr(e, "health_per_hero", 0)  # rules 1.1.0 on; 1.0.0 has none
        more = f" (+{per_hero} for every further hero)" if per_hero else ""
        parts.append(f"{e.name}: health {e.health}{more}{armor}, {attack}"
                     + (f", {', '.join(e.abilities)}" if e.abilities else "")
                     + (f", runes {', '.join(e.runes)}" if e.runes else ""))
    parts += [i.text for i in face.interactions] + [b.text for b in face.boxes]
    if face.reward:
        parts.append(f"Reward: {_effects(face.reward)}")
    return _sentence(*parts)


def _scene_card(card: Any) -> Component:
    shown = card.front.name or (card.front.enemy.name if card.front.enemy else card.id)
    text = f"Front: {_face(card.front)}"
    if card.back is not None:
        text += f" Back: {_face(card.back)}"
    return {"id": card.id, "name": shown, "types": ["scene", card.row], "text": text}


def _quest(quest: Any, kind: str) -> Component:
    text = _sentence(*quest.special_rules, f"Scene {quest.scene}",
                     f"Victory: {_effects(quest.victory)}" if quest.victory else "",
                     f"Hindrance if lost: {quest.hindrance.text}")
    return {"id": quest.id, "name": quest.title, "types": [kind], "text": text}


def _thrones(rules: Rules) -> list[Component]:
    cards = _module("thrones", rules, "cards").CARDS
    return [_thrones_card(card) for card in cards.values()]


def _thrones_card(card: Any) -> Component:
    stats = {"cost": card.cost, "strength": card.strength, "gold": card.gold_bonus,
             "initiative": card.initiative, "claim": card.claim, "reserve": card.income,
             "influence": card.influence}
    shown = [f"{k} {v}" for k, v in stats.items() if v is not None and k != "cost"]
    facts = [", ".join(shown), ("icons " + ", ".join(card.icons)) if card.icons else "",
             ", ".join(card.traits), ", ".join(card.keywords)]
    item: Component = {"id": card.id, "name": card.name, "types": [card.type, card.house],
                       "text": _sentence(*facts, card.text), "icons": list(card.icons),
                       "unique": card.unique, "house": card.house}
    if card.cost is not None:
        item["cost"] = card.cost
    return item


# The games released before the hook: adapters over the data their packages already load.
ADAPTERS: dict[str, Callable[[Rules], list[Component]]] = {
    "dominion": _dominion_cards,
    "revolution": _revolution_tiles,
    "godofwar": _godofwar,
    "thrones": _thrones,
}
