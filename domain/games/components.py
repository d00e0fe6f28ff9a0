"""A game's components (its cards, tiles...), for clients: what each one is called, costs and
does, one hover or tap away.

The hook is generic and optional: a game lists its components in its catalog entry, as
``INFO.extra["components"]``, a list of ``{"id", "name", "types", "text"}`` objects with an
optional ``cost`` and any other public fields. Adding a game therefore touches only its own
package. The games released before the hook existed are digest-locked (changing their
packages would force a new rules version), so each gets a small adapter below that reads the
data its package already loads: Dominion's card catalogue (``INFO.extra["cards"]``),
Revolution's ``tiles.TILES``, God of War's ``content.CONTENT`` and Thrones' ``cards.CARDS``
(the adapters live in ``components_more.py``). A game with none has no components (an empty
list).
"""

from __future__ import annotations

import dataclasses
import importlib
from collections.abc import Callable
from typing import Any

from ..kernel import Rules
from . import RELEASES, components_more, get_rules

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


def _revolution_tiles(rules: Rules) -> list[Component]:
    package = RELEASES["revolution"][rules.version]
    tiles = importlib.import_module(f"{package}.tiles").TILES
    return [_tile(dataclasses.asdict(tile)) for tile in tiles.values()]


def _tile(fields: dict[str, Any]) -> Component:
    kinds = [fields["faction"], fields["ability"]]
    return {"id": fields["id"], "name": fields["name"],
            "types": [kind for kind in kinds if kind != "none"], "text": fields["text"],
            **{k: fields[k] for k in ("korean", "faction", "ability", "shield", "twin")}}


# The games released before the hook: adapters over the data their packages already load.
ADAPTERS: dict[str, Callable[[Rules], list[Component]]] = {
    "dominion": _dominion_cards,
    "revolution": _revolution_tiles,
    "godofwar": components_more.godofwar,
    "thrones": components_more.thrones,
}
