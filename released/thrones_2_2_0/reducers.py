"""Cost reducers: "your next X played this phase is N gold cheaper" (Godswood, the
Fiefdoms, Hall of Heroes, Street of Steel, Shadowblack Lane, Sunset Sea, House Tully
Recruiter, Narrow Sea, Street of Sisters), and the printed discounts of Grey Wind and Lady.
A reducer waits in ``st["reducers"]`` until the next matching card is played, or the phase ends."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .cards import CARDS
from .state import State, lcg, player
from .targeting import Trig

FILTERS: dict[str, Callable[[str], bool]] = {
    "stark character": lambda c: CARDS[c].house == "stark" and CARDS[c].type == "character",
    "stark card": lambda c: CARDS[c].house == "stark",
    "lannister character": lambda c: CARDS[c].house == "lannister"
    and CARDS[c].type == "character",
    "lannister card": lambda c: CARDS[c].house == "lannister",
    "military character": lambda c: CARDS[c].type == "character"
    and "military" in CARDS[c].icons,
    "intrigue character": lambda c: CARDS[c].type == "character"
    and "intrigue" in CARDS[c].icons,
    "power character": lambda c: CARDS[c].type == "character" and "power" in CARDS[c].icons,
    "stark or baratheon character": lambda c: CARDS[c].type == "character"
    and bool({"stark", "baratheon"} & set(CARDS[c].houses)),
}


def reduces(what: str, n: int) -> Any:
    """An ability's resolve: the next ``what`` this seat plays this phase costs ``n`` less."""
    def resolve(st: State, seat: int, source: str, target: str, trig: Trig) -> None:
        st["reducers"].append({"seat": seat, "what": what, "n": n})
    return resolve


def _printed_discount(st: State, seat: int, card_id: str) -> int:
    """Grey Wind: 2 cheaper while Robb Stark is in play; Lady: while Sansa Stark is."""
    needs = {"grey-wind": "Robb Stark", "lady": "Sansa Stark"}.get(card_id)
    if needs and any(CARDS[c["card"]].name == needs for c in st["play"]):
        return 2
    return 0


OUT_OF_HOUSE = 2  # "他のHouseのカードをmarshallするときはgold cost +2" (§6.2)


def penalty(st: State, seat: int, card_id: str) -> int:
    """The out-of-House gold penalty (``lcg``, §6.2, GOT-R-36): +2 for a card of another
    House; none for a neutral card; a dual-House card counts as both its Houses."""
    houses = CARDS[card_id].houses
    if not lcg(st) or "neutral" in houses or player(st, seat)["house"] in houses:
        return 0
    return OUT_OF_HOUSE


def cost(st: State, seat: int, card_id: str) -> int:
    """The gold to marshal ``card_id``: printed, plus the out-of-House penalty, less waiting
    reducers and printed discounts."""
    printed = (CARDS[card_id].cost or 0) + penalty(st, seat, card_id)
    waiting: int = sum(r["n"] for r in st["reducers"] if r["seat"] == seat
                  and FILTERS[r["what"]](card_id))
    return max(0, printed - waiting - _printed_discount(st, seat, card_id))


def use_reducers(st: State, seat: int, card_id: str) -> None:
    st["reducers"] = [r for r in st["reducers"] if not (
        r["seat"] == seat and FILTERS[r["what"]](card_id))]
