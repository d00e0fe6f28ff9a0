"""The card catalogue, loaded once from ``cards.toml``, and the fast lookup tables the engine
uses in its hot path (cost, coin value, type sets). Card effects beyond the plain bonuses are
code: ``effects.EFFECTS``, keyed by the same card ids."""

from __future__ import annotations

import importlib.resources
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Card:
    """One card as printed: cost, types, and the plain bonuses it gives when played."""

    id: str
    name: str
    cost: int
    types: tuple[str, ...]
    editions: tuple[str, ...]
    kingdom: bool
    text: str
    value: int = 0
    vp: int = 0
    cards: int = 0
    actions: int = 0
    buys: int = 0
    coins: int = 0


def _load() -> dict[str, Card]:
    raw = tomllib.loads(
        importlib.resources.files(__package__).joinpath("cards.toml").read_text("utf-8"))
    return {cid: Card(id=cid, name=row["name"], cost=row["cost"], types=tuple(row["types"]),
                      editions=tuple(row["editions"]), kingdom=row.get("kingdom", False),
                      text=row["text"], value=row.get("value", 0), vp=row.get("vp", 0),
                      cards=row.get("cards", 0), actions=row.get("actions", 0),
                      buys=row.get("buys", 0), coins=row.get("coins", 0))
            for cid, row in raw.items()}


CARDS: dict[str, Card] = _load()
# Catalogue order: legal moves and views list cards in this order, never in hand or deck order.
ORDER: dict[str, int] = {cid: i for i, cid in enumerate(CARDS)}
COST: dict[str, int] = {cid: c.cost for cid, c in CARDS.items()}
VALUE: dict[str, int] = {cid: c.value for cid, c in CARDS.items()}
ACTIONS = frozenset(cid for cid, c in CARDS.items() if "action" in c.types)
TREASURES = frozenset(cid for cid, c in CARDS.items() if "treasure" in c.types)
VICTORIES = frozenset(cid for cid, c in CARDS.items() if "victory" in c.types)
ATTACK_CARDS = frozenset(cid for cid, c in CARDS.items() if "attack" in c.types)

KINGDOM = tuple(cid for cid, c in CARDS.items() if c.kingdom)
POOLS: dict[str, tuple[str, ...]] = {
    "second": tuple(cid for cid in KINGDOM if "second" in CARDS[cid].editions),
    "first": tuple(cid for cid in KINGDOM if "first" in CARDS[cid].editions),
    "both": KINGDOM,
}
# The seed's recommended first game ("처음 게임을 한다면 ... 지하저장고, 시장, 군대, 광산, 해자,
# 개조, 대장간, 마을, 나무꾼, 작업실을 사용할 것을 추천합니다").
FIRST_GAME = ("cellar", "market", "militia", "mine", "moat", "remodel", "smithy", "village",
              "woodcutter", "workshop")


def by_order(cards: Iterable[str]) -> list[str]:
    """Distinct card ids of ``cards`` in catalogue order (how hands and choices are listed)."""
    return sorted(set(cards), key=ORDER.__getitem__)


def name(cid: str) -> str:
    return CARDS[cid].name


def plural(word: str) -> str:
    """The plural of a card's name or a noun: Duchies, Witches, Gardens, Throne Rooms."""
    if word.endswith("s"):
        return word
    if word.endswith("y") and word[-2:-1] not in "aeiou":
        return word[:-1] + "ies"
    if word.endswith(("ch", "sh", "x")):
        return word + "es"
    return word + "s"


def amount(n: int, noun: str) -> str:
    """``n`` of ``noun`` in words: "1 buy", "2 actions", "3 Coppers", "-1 point"."""
    return f"{n} {noun if abs(n) == 1 else plural(noun)}"


def card_catalogue() -> dict[str, object]:
    """Every card's public data, for clients (the catalog's ``extra``)."""
    return {cid: {"name": c.name, "cost": c.cost, "types": list(c.types),
                  "editions": list(c.editions), "text": c.text} for cid, c in CARDS.items()}
