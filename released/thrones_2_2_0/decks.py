"""Deck construction for the full card game (digest §2.3, §6.4, GOT-R-45): what a player's own
deck may hold, checked as pure rules, every violation reported at once.

A decklist is plain JSON::

    {"house": "stark" | "lannister", "agenda": agenda id | None,
     "plots": [7 plot ids, a repeat once per extra copy],
     "cards": [[card id, copies], ...]}   (the house deck: 60 cards or more)

``check`` answers the violations, each ``{"rule", "card", "message"}`` (``card`` None where
the deck as a whole breaks the rule); ``normal`` the canonical form a game records. The
ready-made decks for quick play are in ``ready_decks.json`` (authored, with their basis).
"""

from __future__ import annotations

import functools
import importlib.resources
import json
import re
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from typing import Any, TypedDict

from .cards import BOX, CARDS, HOUSES, Card
from .state import State, lcg, player

PLOTS = 7
MIN_HOUSE_CARDS = 60
MAX_COPIES = 3  # a name, of any card type (FAQ)
HOUSE_CARD_TYPES = ("character", "location", "attachment", "event")
# Structural bounds: far above any legal deck, so only garbage hits them.
MAX_ROWS = 200
MAX_PLOT_IDS = 50
MAX_COUNT = 99
_DECK_LIMIT = re.compile(r"Deck limit: (?:up to )?(\d+) cop")


class Decklist(TypedDict):
    house: str
    agenda: str | None
    plots: list[str]
    cards: list[list[Any]]  # [card id, copies]


class Violation(TypedDict):
    rule: str
    card: str | None
    message: str


def _violation(rule: str, card: str | None, message: str) -> Violation:
    return {"rule": rule, "card": card, "message": message}


def box_only(card: Card) -> bool:
    """A box version of a named card (``eddard-stark-box``): written for the two-player box's
    rulebook examples, not a card of the card pool (the pool has the DATA card)."""
    return card.authored and card.id.endswith("-box")


def plot_copies_allowed(plot: Card) -> int:
    """GOT-R-45: one copy a name unless the plot's own text says more ("Deck limit: up to 2
    copies", The Power of Blood, The Power of Arms); Valar Morghulis says at most one."""
    found = _DECK_LIMIT.search(plot.text)
    return int(found.group(1)) if found else 1


def copies_allowed(card: Card) -> int:
    """At most 3 of a name (§6.4), fewer where the card's own text says so ("Deck limit: 1
    copy", Street of Sisters; rules 2.1.0)."""
    found = _DECK_LIMIT.search(card.text)
    return min(MAX_COPIES, int(found.group(1))) if found else MAX_COPIES


def house_only(card: Card) -> str | None:
    """The House a "House X only" card is restricted to, or None."""
    for word in card.keywords:
        if word.startswith("House ") and word.endswith(" only"):
            return word.split()[1].lower()
    return None


# ---- structure (type confusion, sizes) ----


def _is_count(value: Any) -> bool:
    return type(value) is int and 1 <= value <= MAX_COUNT


def _shape(raw: Any) -> list[Violation]:
    """What makes ``raw`` not a decklist at all (wrong types, absurd sizes)."""
    if not isinstance(raw, dict):
        return [_violation("shape", None, "A deck is an object with house, agenda, plots "
                           "and cards.")]
    found = []
    extra = sorted(set(raw) - {"house", "agenda", "plots", "cards"})
    if extra:
        found.append(_violation("shape", None, f"Unknown deck fields: {', '.join(extra)}."))
    if not isinstance(raw.get("house"), str):
        found.append(_violation("shape", None, "house must be a string."))
    if raw.get("agenda") is not None and not isinstance(raw.get("agenda"), str):
        found.append(_violation("shape", None, "agenda must be a card id or null."))
    plots = raw.get("plots")
    if not (isinstance(plots, list) and len(plots) <= MAX_PLOT_IDS
            and all(isinstance(p, str) for p in plots)):
        found.append(_violation("shape", None, f"plots must be a list of at most "
                                f"{MAX_PLOT_IDS} card ids."))
    rows = raw.get("cards")
    if not (isinstance(rows, list) and len(rows) <= MAX_ROWS and all(
            isinstance(r, list) and len(r) == 2 and isinstance(r[0], str) and _is_count(r[1])
            for r in rows)):
        found.append(_violation("shape", None, f"cards must be a list of at most {MAX_ROWS} "
                                f"[card id, copies] pairs, copies a whole number from 1 to "
                                f"{MAX_COUNT}."))
    return found


# ---- the construction rules ----


def _house(deck: Decklist) -> list[Violation]:
    if deck["house"] in HOUSES:
        return []
    return [_violation("house", None, f"House {deck['house']!r} is not in the card pool: "
                       f"choose one of {', '.join(HOUSES)}.")]


# ---- agendas' deck restrictions (digest §6.4; their in-game effects: effects_agendas.py) ----

FEALTY_MAX_NEUTRAL = 15


def _rows(deck: Any) -> Iterator[tuple[str, int]]:
    for card_id, copies in deck["cards"]:
        if card_id in CARDS:
            yield card_id, copies


def _fealty_broken(deck: Any) -> list[tuple[str | None, str]]:
    neutral = sum(n for cid, n in _rows(deck) if CARDS[cid].house == "neutral")
    if neutral <= FEALTY_MAX_NEUTRAL:
        return []
    return [(None, f"Fealty allows at most {FEALTY_MAX_NEUTRAL} neutral cards; the house "
                   f"deck holds {neutral}.")]


def _sworn_banners_broken(deck: Any) -> list[tuple[str | None, str]]:
    return [(cid, f"Sworn Banners allows only characters of your House; {CARDS[cid].name} "
                  f"is {CARDS[cid].house}.")
            for cid, _ in sorted(set(_rows(deck)))
            if CARDS[cid].type == "character" and CARDS[cid].house != deck["house"]]


RESTRICTIONS: dict[str, Callable[[Any], list[tuple[str | None, str]]]] = {
    "fealty": _fealty_broken,
    "sworn-banners": _sworn_banners_broken,
}


def restriction_broken(agenda: str, deck: Any) -> list[tuple[str | None, str]]:
    """(card at fault or None, why) for each way ``deck`` breaks its agenda's restriction."""
    return RESTRICTIONS[agenda](deck)


def _agenda(deck: Decklist) -> list[Violation]:
    agenda = deck["agenda"]
    if agenda is None:
        return []
    if agenda not in CARDS or CARDS[agenda].type != "agenda":
        return [_violation("agenda", agenda, f"{agenda!r} is not an agenda of the card pool.")]
    return [_violation("agenda-restriction", card, message)
            for card, message in restriction_broken(agenda, deck)]


def _plots(deck: Decklist) -> list[Violation]:
    found = []
    if len(deck["plots"]) != PLOTS:
        found.append(_violation("plot-count", None, f"A plot deck holds exactly {PLOTS} "
                                f"plots, not {len(deck['plots'])}."))
    for plot, copies in sorted(Counter(deck["plots"]).items()):
        if plot not in CARDS or CARDS[plot].type != "plot":
            found.append(_violation("not-a-plot", plot, f"{plot!r} is not a plot of the card "
                                    "pool."))
        elif copies > plot_copies_allowed(CARDS[plot]):
            allowed = plot_copies_allowed(CARDS[plot])
            found.append(_violation("plot-copies", plot, f"{CARDS[plot].name}: {copies} "
                                    f"copies, its plot deck limit is {allowed}."))
    return found


def _house_cards(deck: Decklist) -> list[Violation]:
    found = []
    names: Counter[str] = Counter()
    for card_id, copies in deck["cards"]:
        card = CARDS.get(card_id)
        if card is None:
            found.append(_violation("unknown-card", card_id, f"{card_id!r} is not in the "
                                    "card pool."))
            continue
        if card.type not in HOUSE_CARD_TYPES or box_only(card):
            what = "a box-only version" if box_only(card) else f"a {card.type}"
            found.append(_violation("not-a-house-card", card_id, f"{card.name} is {what}, "
                                    "not a card for the house deck."))
            continue
        names[card.name] += copies
    for name, n in sorted(names.items()):
        first = _first_with_name(deck, name)
        if n > copies_allowed(CARDS[first]):
            found.append(_violation("copies", first, f"{name}: {n} copies, at most "
                                    f"{copies_allowed(CARDS[first])} a name."))
    total = sum(copies for _, copies in deck["cards"])
    if total < MIN_HOUSE_CARDS:
        found.append(_violation("deck-size", None, f"The house deck holds {total} cards; it "
                                f"needs {MIN_HOUSE_CARDS} or more."))
    return found


@functools.cache
def house_pool(house: str) -> tuple[str, ...]:
    """Every card a legal deck of ``house`` may hold: what the others know of a deck whose
    list is hidden (other Houses' cards are legal, at +2 gold; "House X only" ones are not)."""
    return tuple(sorted(cid for cid, card in CARDS.items()
                        if card.type in HOUSE_CARD_TYPES and not box_only(card)
                        and house_only(card) in (None, house)))


def _first_with_name(deck: Decklist, name: str) -> str:
    return str(next(cid for cid, _ in deck["cards"] if cid in CARDS and CARDS[cid].name == name))


def _house_only(deck: Decklist) -> list[Violation]:
    """"House X only" cards (and plots) belong in House X decks only."""
    ids = sorted({cid for cid, _ in deck["cards"]} | set(deck["plots"]))
    return [_violation("house-only", cid, f"{CARDS[cid].name} is House "
                       f"{str(house_only(CARDS[cid])).capitalize()} only.")
            for cid in ids if cid in CARDS and house_only(CARDS[cid]) not in (None, deck["house"])]


def check(raw: Any) -> list[Violation]:
    """Every way ``raw`` breaks the deck-construction rules (empty: a legal deck)."""
    shape = _shape(raw)
    if shape:
        return shape
    deck: Decklist = {"house": raw["house"], "agenda": raw.get("agenda"),
                      "plots": raw["plots"], "cards": raw["cards"]}
    return [*_house(deck), *_agenda(deck), *_plots(deck), *_house_cards(deck),
            *_house_only(deck)]


def normal(raw: Any) -> Decklist:
    """The canonical form of a legal decklist: plots sorted, one row a card id, sorted."""
    merged: Counter[str] = Counter()
    for card_id, copies in raw["cards"]:
        merged[card_id] += copies
    return {"house": raw["house"], "agenda": raw.get("agenda"),
            "plots": sorted(raw["plots"]),
            "cards": [[cid, n] for cid, n in sorted(merged.items())]}


def card_ids(deck: Decklist) -> list[str]:
    """The house deck as a list of card ids, one a copy, sorted."""
    return sorted(cid for cid, n in deck["cards"] for _ in range(n))


def public_options(options: Mapping[str, Any], viewer: int | None) -> dict[str, Any]:
    """The options as ``viewer`` may see them during play: its own decklist whole, of every
    other seat only the House and agenda announced at setup (README, "Hidden decklists"); a
    ready-made deck is shown the same way, so nobody learns who brought a deck of their own."""
    given = options.get("decks")
    if given is None:
        return dict(options)
    shown: list[Any] = []
    for seat, deck in enumerate(given):
        if seat == viewer:
            shown.append(deck)
        else:
            whole = deck if deck is not None else ready_for(seat)
            shown.append({"house": whole["house"], "agenda": whole["agenda"]})
    return {**options, "decks": shown}


def _ready() -> dict[str, Decklist]:
    raw = json.loads(importlib.resources.files(__package__).joinpath("ready_decks.json")
                     .read_text("utf-8"))
    return {house: normal(deck) for house, deck in raw["decks"].items()}


READY: dict[str, Decklist] = _ready()


def ready_for(seat: int) -> Decklist:
    """The ready-made deck of a seat without its own deck: Stark at even seats, Lannister at
    odd ones (the box's pairing, kept for N seats)."""
    return READY[HOUSES[seat % 2]]


def deck_pool(st: State, seat: int) -> list[str]:
    """The distinct cards ``seat``'s deck may hold, as far as every seat knows: in the box its
    House's fixed deck (public); in ``lcg`` every card a legal deck of its House may hold,
    because its decklist is hidden from the others (README, "Hidden decklists") and whether a
    window asks a seat must not tell them what the list holds."""
    house = player(st, seat)["house"]
    if lcg(st):
        return list(house_pool(house))
    return sorted({cid for cid, _ in BOX.decks[house]})
