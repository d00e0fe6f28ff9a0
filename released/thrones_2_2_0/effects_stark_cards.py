"""House Stark's locations, attachments and events (the box's Stark deck), each with its text
(``cards.json``); the characters are in ``effects_stark.py``."""

from __future__ import annotations

from typing import Any

from .ability import Ability, CardRules, Mod, Src, State
from .cards import CARDS
from .effects_stark import host_is, pay_influence
from .reducers import reduces
from .searches import push_search
from .state import characters, player
from .targeting import (
    Trig,
    every,
    gold_at_least,
    influence_sets,
    kill_it,
    kneel_self,
    participating,
    pays,
    save_it,
    source_rec,
    standing_self,
    targetable,
    then,
)
from .zones import discard_from_play


def _winterfell(st: State, source: Src, target: dict[str, Any]) -> Mod | None:
    """Winterfell: +1 STR to every House Stark character you control (GOT-EX-14)."""
    spec = CARDS[target["card"]]
    if (spec.type == "character" and spec.house == "stark"
            and target["controller"] == source["controller"]):
        return {"str": 1}
    return None


def _summer(st: State, source: Src, target: dict[str, Any]) -> Mod | None:
    """Summer: bearer +2 STR and a military icon; on Bran, Stealth too."""
    if not host_is(source, target):
        return None
    mod: Mod = {"str": 2, "icons": ["military"]}
    if target["card"] == "bran-stark":
        mod["keywords"] = ["Stealth"]
    return mod


def _hand_of_the_king(st: State, source: Src, target: dict[str, Any]) -> Mod | None:
    """Hand of the King: +2 STR and a power icon."""
    return {"str": 2, "icons": ["power"]} if host_is(source, target) else None


def _nymeria(st: State, source: Src, target: dict[str, Any]) -> Mod | None:
    """Nymeria: "while on Arya Stark, Arya has +1 STR and stealth"."""
    if host_is(source, target) and target["card"] == "arya-stark":
        return {"str": 1, "keywords": ["Stealth"]}
    return None


def _bearer_would_die(st: State, seat: int, source: str, trig: Trig) -> bool:
    return trig is not None and source_rec(st, source)["host"] == trig["uid"]


def _stark_only(st: State, seat: int, source: str, trig: Trig) -> bool:
    """"House Stark only" (an event in hand: its source is its card id)."""
    return bool(player(st, seat)["house"] == "stark")


def _searching(what: str, into_play: bool = False) -> Any:
    def resolve(st: State, seat: int, source: str, target: str, trig: Trig) -> None:
        push_search(st, seat, what, into_play)
    return resolve


# Ice: "only while the bearer is participating ... kneel Ice, then discard it: kill one
# other participating character".
def _ice_can(st: State, seat: int, source: str, trig: Trig) -> bool:
    host = source_rec(st, source)["host"]
    return standing_self(st, seat, source, trig) and host is not None and participating(
        st, host)


def _ice_targets(st: State, seat: int, source: str, trig: Trig) -> list[str]:
    host = source_rec(st, source)["host"]
    return [c["uid"] for c in characters(st) if participating(st, c["uid"])
            and c["uid"] != host and "moribund" not in c and targetable(st, c, seat, source)]


def _kneel_and_discard(st: State, seat: int, source: str, target: str, trig: Trig) -> None:
    discard_from_play(st, source)


# Guilty: "dominance phase; kneel 3 influence, or kneel one character with the Noble crest:
# kill a character not belonging to House Stark". Target "cost>victim".
def _guilty_targets(st: State, seat: int, source: str, trig: Trig) -> list[str]:
    costs = influence_sets(st, seat, 3) + [
        c["uid"] for c in characters(st, seat) if not c["knelt"]
        and "noble" in CARDS[c["card"]].crests]
    victims = [c["uid"] for c in characters(st) if CARDS[c["card"]].house != "stark"
               and "moribund" not in c and targetable(st, c, seat, source)]
    return [f"{cost}>{victim}" for cost in costs for victim in victims]


def _guilty(st: State, seat: int, source: str, target: str, trig: Trig) -> None:
    kill_it(st, seat, source, target.split(">")[1], trig)



RULES: dict[str, CardRules] = {
    # Not Today: "Response: when a character would be killed, save it." (GOT-EX-13)
    "not-today": CardRules(abilities=(Ability(
        "save the character", save_it, trigger="would_die", save=True),)),
    "winterfell-castle": CardRules(constant=_winterfell),
    "summer": CardRules(constant=_summer),
    "hand-of-the-king-attachment": CardRules(constant=_hand_of_the_king),
    "nymeria": CardRules(constant=_nymeria, abilities=(Ability(
        "kneel Nymeria: save her bearer", save_it, trigger="would_die", save=True,
        can=lambda st, seat, source, trig: standing_self(st, seat, source, trig)
        and _bearer_would_die(st, seat, source, trig), pay=kneel_self),)),
    "northern-fiefdoms": CardRules(abilities=(Ability(
        "kneel: your next Stark card this phase costs 1 less", reduces("stark card", 1),
        phases=("marshalling",), can=standing_self, pay=kneel_self),)),
    "godswood": CardRules(abilities=(Ability(
        "kneel: your next Stark character this phase costs 2 less",
        reduces("stark character", 2), phases=("marshalling",), can=standing_self,
        pay=kneel_self),)),
    "winterfell-kennels": CardRules(abilities=(Ability(
        "kneel, pay 1 gold: search your deck for a Direwolf", _searching("direwolf"),
        can=every(standing_self, gold_at_least(1)), pay=then(kneel_self, pays(1))),)),
    "bran-the-builders-legacy": CardRules(abilities=(Ability(
        "pay 3 gold: put a location costing 2 or less from your deck into play",
        _searching("cheap location", into_play=True), phases=("dominance",),
        can=every(gold_at_least(3), _stark_only), pay=pays(3)),)),
    "ice": CardRules(abilities=(Ability(
        "kneel and discard Ice: kill another participating character", kill_it,
        phases=("challenges",), can=_ice_can, targets=_ice_targets,
        pay=_kneel_and_discard),)),
    "guilty": CardRules(abilities=(Ability(
        "kneel 3 influence or a Noble character: kill a non-Stark character", _guilty,
        phases=("dominance",), can=_stark_only, targets=_guilty_targets,
        pay=pay_influence),)),
    # Lord Eddard's Chambers: "may be put into play attached to your House card": marshal.
    "lord-eddards-chambers": CardRules(),
}
