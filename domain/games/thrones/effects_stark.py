"""House Stark's cards (the box's Stark deck), each with its text (``cards.json``)."""

from __future__ import annotations

from typing import Any

from .ability import Ability, CardRules, Mod, Src, State
from .cards import CARDS
from .state import draw, find, gain_power, kneel, note
from .targeting import source_rec

Trig = dict[str, Any] | None


def _standing(st: State, seat: int, source: str, trig: Trig) -> bool:
    rec = find(st, source)
    return rec is not None and not rec["knelt"]


def _kneel_self(st: State, seat: int, source: str, target: str, trig: Trig) -> None:
    kneel(st, source)


def _is_me(st: State, seat: int, source: str, trig: Trig) -> bool:
    return trig is not None and trig.get("uid") == source


# Jon Snow (box): "Response: after a challenge in which Jon Snow was defending has resolved,
# stand him." (GOT-EX-3 step 6)
def _jon_can(st: State, seat: int, source: str, trig: Trig) -> bool:
    ch = st["challenge"]
    rec = find(st, source)
    return ch is not None and rec is not None and rec["knelt"] and source in ch["defenders"]


def _stand(st: State, seat: int, source: str, target: str, trig: Trig) -> None:
    source_rec(st, source)["knelt"] = False
    note(st, seat, "stood", [source_rec(st, source)["card"]])


# Eddard Stark (box): "Response: after you play Eddard Stark from your hand, he gains 1
# power from the token pool." (GOT-EX-6; placing him at setup is not playing him)
def _eddard_power(st: State, seat: int, source: str, target: str, trig: Trig) -> None:
    gain_power(st, seat, 1, source)


def _draw(n: int) -> Any:
    def resolve(st: State, seat: int, source: str, target: str, trig: Trig) -> None:
        draw(st, seat, n)
    return resolve


# Not Today: "Response: when a character would be killed, save it." (GOT-EX-13)
def _save(st: State, seat: int, source: str, target: str, trig: Trig) -> None:
    assert trig is not None
    st["saved"].append(trig["uid"])
    note(st, seat, "saved", [trig["card"]])


def _winterfell(st: State, source: Src, target: dict[str, Any]) -> Mod | None:
    """Winterfell: +1 STR to every House Stark character you control (GOT-EX-14)."""
    spec = CARDS[target["card"]]
    if (spec.type == "character" and spec.house == "stark"
            and target["controller"] == source["controller"]):
        return {"str": 1}
    return None


def _summer(st: State, source: Src, target: dict[str, Any]) -> Mod | None:
    """Summer: bearer +2 STR and a military icon; on Bran, Stealth too."""
    if source["host"] != target["uid"]:
        return None
    mod: Mod = {"str": 2, "icons": ["military"]}
    if target["card"] == "bran-stark":
        mod["keywords"] = ["Stealth"]
    return mod


def _hand_of_the_king(st: State, source: Src, target: dict[str, Any]) -> Mod | None:
    """Hand of the King: +2 STR and a power icon."""
    if source["host"] != target["uid"]:
        return None
    return {"str": 2, "icons": ["power"]}


RULES: dict[str, CardRules] = {
    "jon-snow-box": CardRules(abilities=(Ability(
        "stand Jon Snow after a challenge he defended", _stand, trigger="resolved",
        can=_jon_can),)),
    "eddard-stark-box": CardRules(abilities=(Ability(
        "Eddard Stark gains 1 power", _eddard_power, trigger="played", can=_is_me),)),
    "stark-guard": CardRules(abilities=(Ability(
        "draw 1 card", _draw(1), trigger="defending", can=_is_me),)),
    "maester-luwin": CardRules(abilities=(Ability(
        "kneel Maester Luwin to draw 2 cards", _draw(2), phases=("dominance",),
        can=_standing, pay=_kneel_self),)),
    "not-today": CardRules(abilities=(Ability(
        "save the character", _save, trigger="would_die", save=True),)),
    "winterfell-castle": CardRules(constant=_winterfell),
    "summer": CardRules(constant=_summer),
    "hand-of-the-king-attachment": CardRules(constant=_hand_of_the_king),
}

OPS: dict[str, Any] = {}
