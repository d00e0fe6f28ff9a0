"""The card catalogue of Thrones, loaded once from ``cards.json``: the first-edition Core Set
cards of the shared data (stats as facts, effects paraphrased; titles corrected, see the
file's ``corrections``), the cards authored for the two-player box (``authored``, each with
its ``basis``), and the box's content: two 50-card house decks, two fixed 7-plot decks and
the 32-plot draft pool (digest §9.2-9.4).

The rules of the cards are in ``effects.py``; README.md ("Status") says which cards play as
their text says."""

from __future__ import annotations

import importlib.resources
import json
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Card:
    """One card as printed (a plot's numbers in ``income``, ``initiative`` and ``claim``)."""

    id: str
    name: str
    type: str
    house: str
    houses: tuple[str, ...]
    unique: bool
    cost: int | None
    strength: int | None
    icons: tuple[str, ...]
    traits: tuple[str, ...]
    keywords: tuple[str, ...]
    crests: tuple[str, ...]
    gold_bonus: int | None
    influence: int | None
    income: int | None
    initiative: int | None
    claim: int | None
    text: str
    authored: bool
    basis: str | None
    shadow_cost: int | None = None  # the gold after the "s" of a Shadows card (§6.5)


@dataclass(frozen=True, slots=True)
class Box:
    """The two-player box: each House's draw deck and fixed plot deck, and the draft pool."""

    decks: dict[str, tuple[tuple[str, int], ...]]
    plot_decks: dict[str, tuple[str, ...]]
    plot_pool: tuple[tuple[str, int], ...]


def _card(row: dict[str, Any]) -> Card:
    return Card(id=row["id"], name=row["name"], type=row["type"], house=row["house"],
                houses=tuple(row["houses"]), unique=bool(row["unique"]), cost=row["cost"],
                strength=row["strength"], icons=tuple(row["icons"]),
                traits=tuple(row["traits"]), keywords=tuple(row["keywords"]),
                crests=tuple(row["crest"]), gold_bonus=row["gold_bonus"],
                influence=row["influence"], income=row["plot_income"],
                initiative=row["plot_initiative"], claim=row["plot_claim"],
                text=row["effect"], authored=bool(row.get("authored", False)),
                basis=row.get("basis"), shadow_cost=row.get("shadow_cost"))


def _load() -> tuple[dict[str, Card], Box]:
    raw = json.loads(
        importlib.resources.files(__package__).joinpath("cards.json").read_text("utf-8"))
    cards = {row["id"]: _card(row) for row in raw["cards"]}
    box = raw["box"]
    return cards, Box(
        decks={house: tuple((cid, n) for cid, n in rows) for house, rows in box["decks"].items()},
        plot_decks={house: tuple(plots) for house, plots in box["plot_decks"].items()},
        plot_pool=tuple((cid, n) for cid, n in box["plot_pool"]))


CARDS, BOX = _load()
HOUSES = ("stark", "lannister")
