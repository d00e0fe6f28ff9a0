"""Plot cards: their constant effects, "when revealed" abilities and riders."""

from __future__ import annotations

from typing import Any

from domain.kernel.stack import Op

from .ability import CardRules, Mod, Src, State
from .cards import CARDS
from .state import characters, gain_power, note


def _illyrio(st: State, seat: int) -> None:
    """Illyrio's Gift: "If you win dominance this round, gain 3 more power." (GOT-EX-5)"""
    note(st, seat, "gained 3 more power from Illyrio's Gift")
    gain_power(st, seat, 3)


def _hear_me_roar(st: State, source: Src, target: dict[str, Any]) -> Mod | None:
    """Every character without an intrigue icon (as printed) has -1 STR."""
    if "intrigue" in CARDS[target["card"]].icons:
        return None
    return {"str": -1}


def _power_of_arms(st: State, source: Src, target: dict[str, Any]) -> Mod | None:
    """Your War-crest characters have +2 STR."""
    if target["controller"] == source["controller"] and "war" in CARDS[target["card"]].crests:
        return {"str": 2}
    return None


def _holding_the_trident(st: State, source: Src, target: dict[str, Any]) -> Mod | None:
    """While an opponent controls more characters than you: +2 STR to each of yours."""
    mine = source["controller"]
    if (target["controller"] == mine and CARDS[target["card"]].type == "character"
            and len(characters(st, 1 - mine)) > len(characters(st, mine))):
        return {"str": 2}
    return None


def _no_effect_with_two_players() -> CardRules:
    """Mutual Enemies / Blackmail / Cause: "only with 2 or more opponents" does nothing in
    the two-player box."""
    return CardRules()


RULES: dict[str, CardRules] = {
    "illyrios-gift": CardRules(on_dominance=_illyrio),
    "hear-me-roar": CardRules(constant=_hear_me_roar),
    "the-power-of-arms": CardRules(constant=_power_of_arms),
    "holding-the-trident": CardRules(constant=_holding_the_trident),
    "mutual-enemies": _no_effect_with_two_players(),
    "mutual-blackmail": _no_effect_with_two_players(),
    "mutual-cause": _no_effect_with_two_players(),
    # Handled where the rule they change lives: taxation (phases.run_taxation), kills
    # (zones._immune_to_death).
    "planning-ahead": CardRules(),
    "the-power-of-blood": CardRules(),
}

OPS: dict[str, Op[State]] = {}
