"""House Lannister's events and the I'm Your Writ Small attachment, each with its text
(``cards.json``)."""

from __future__ import annotations

from typing import Any

from domain.kernel import Prompt
from domain.kernel.stack import GO, WAIT, Op

from .ability import Ability, CardRules, State
from .cards import CARDS
from .decks import deck_pool
from .effects_lannister import ANY, house_only, lannister_card
from .state import (
    characters,
    enter_play,
    find,
    gain_power,
    kneel,
    note,
    opponent,
    opponents,
    pay_gold,
    player,
    spendable,
)
from .targeting import (
    Trig,
    add_lasting,
    char_uids,
    characters_where,
    every,
    gold_at_least,
    kneel_it,
    mine,
    participating,
    pays,
    standing,
    then,
)
from .zones import push_kill


# Secret Means (insidious-ways): "Timing: challenges phase. Target: a House Lannister
# character that is attacking. Effect: it has +2 STR until the phase ends; if you go on to
# win this challenge, you draw 2 cards." (GOT-EX-3 step 4)
def _insidious_targets(st: State, seat: int, source: str, trig: Trig) -> list[str]:
    ch = st["challenge"]
    if ch is None or ch["attacker"] != seat:
        return []
    return char_uids(st, lambda c: c["uid"] in ch["attackers"] and lannister_card(c["card"]),
                     seat, user=seat, source=source)


def _insidious(st: State, seat: int, source: str, target: str, trig: Trig) -> None:
    add_lasting(st, target, "phase", source, strength=2)
    st["challenge"]["after_win"].append({"seat": seat, "draw": 2})


# A Lannister Pays His Debts: "Response: you have lost a challenge. Cost: kneel a House
# Lannister character you control. Target: a character of the winning opponent that
# participated. Effect: kill it." (GOT-EX-12, GOT-R-40) The target is "cost>victim".
def _debts_targets(st: State, seat: int, source: str, trig: Trig) -> list[str]:
    if st["challenge"] is None:
        return []
    costs = [c["uid"] for c in characters(st, seat) if not c["knelt"]
             and lannister_card(c["card"])]  # a cost is no target: immunity does not stop it
    victims = char_uids(st, lambda c: participating(st, c["uid"]), opponent(st, seat), user=seat,
                       source=source)
    return [f"{cost}>{victim}" for cost in costs for victim in victims]


def _debts_pay(st: State, seat: int, source: str, target: str, trig: Trig) -> None:
    kneel(st, target.split(">")[0])


def _debts_kill(st: State, seat: int, source: str, target: str, trig: Trig) -> None:
    push_kill(st, target.split(">")[1])


# I Never Bet Against My Family: "pay X gold and kneel a House Lannister character: that
# opponent's claim is X lower (minimum 0) until this challenge ends". Target "cost>X".
def _bet_targets(st: State, seat: int, source: str, trig: Trig) -> list[str]:
    ch = st["challenge"]
    if ch is None or seat not in (ch["defender"], ch.get("target")):  # the side claimed on
        return []
    costs = [c["uid"] for c in characters(st, seat) if not c["knelt"] and lannister_card(c["card"])]
    gold = min(spendable(st, seat), 3)
    return [f"{cost}>{x}" for cost in costs for x in range(1, gold + 1)]


def _bet_pay(st: State, seat: int, source: str, target: str, trig: Trig) -> None:
    cost, x = target.split(">")
    kneel(st, cost)
    pay_gold(st, seat, int(x))


def _bet(st: State, seat: int, source: str, target: str, trig: Trig) -> None:
    st["claim_bonus"].append({"house": player(st, st["challenge"]["attacker"])["house"],
                              "n": -int(target.split(">")[1])})


# Call Their Bluff: "pay 2 gold: name any card; every opponent shows their hand and discards
# all copies of the named card": any card an opponent's deck may hold in the profile played,
# as every seat knows it (``deck_pool``: the box deck, or in ``lcg`` the House's whole pool).
def _names(st: State, seat: int, source: str, trig: Trig) -> list[str]:
    return sorted({cid for theirs in opponents(st, seat) for cid in deck_pool(st, theirs)})


def _bluff(st: State, seat: int, source: str, target: str, trig: Trig) -> None:
    shown = False
    for who in opponents(st, seat):
        theirs = player(st, who)
        note(st, who, "showed their hand", sorted(theirs["hand"]))
        lost = [c for c in theirs["hand"] if c == target]
        theirs["hand"] = [c for c in theirs["hand"] if c != target]
        theirs["discard"] += lost
        if lost:
            note(st, who, "discarded", lost)
        shown = shown or bool(theirs["hand"] or lost)
    if shown:  # "revealed at least one card" (Pycelle): not an empty hand
        st["triggers"].append({"kind": "revealed", "seat": seat, "used": []})


# I'm Your Writ Small (im-you-writ-small): "any character: it has deadly until the phase ends.
# Afterwards this event becomes an attachment on a House Lannister character, a Boon that
# gives its bearer +2 STR". Its player picks the bearer among its Lannister characters.
def _writ(st: State, seat: int, source: str, target: str, trig: Trig) -> None:
    add_lasting(st, target, "phase", source, keywords=["Deadly"])
    st["pending"].append({"op": "writ", "seat": seat})


def _lannister_bearers(st: State, seat: int) -> list[str]:
    return [c["uid"] for c in characters(st, seat) if lannister_card(c["card"])]


def run_writ(st: State, frame: dict[str, Any]) -> bool:
    bearers = _lannister_bearers(st, frame["seat"])
    if len(bearers) > 1:
        return WAIT
    st["pending"].pop()
    if bearers:
        _attach_writ(st, frame["seat"], bearers[0])
    return GO


def ask_writ(st: State, frame: dict[str, Any]) -> Prompt:
    return Prompt(frame["seat"], "writ", "I'm Your Writ Small: attach it to a Lannister "
                  "character (+2 STR)", [{"kind": "attach", "card": u}
                                         for u in _lannister_bearers(st, frame["seat"])])


def answer_writ(st: State, frame: dict[str, Any], move: dict[str, Any]) -> None:
    st["pending"].pop()
    _attach_writ(st, frame["seat"], move["card"])


def _attach_writ(st: State, seat: int, host: str) -> None:
    player(st, seat)["discard"].remove("im-you-writ-small")
    enter_play(st, seat, "im-you-writ-small", host)
    note(st, seat, "attached I'm Your Writ Small to", [find(st, host)["card"]])  # type: ignore[index]


def _boon(st: State, source: dict[str, Any], target: dict[str, Any]) -> Any:
    return {"str": 2} if source["host"] == target["uid"] else None



RULES: dict[str, CardRules] = {
    "insidious-ways": CardRules(abilities=(Ability(
        "+2 STR to an attacking Lannister character; draw 2 if you win", _insidious,
        phases=("challenges",), targets=_insidious_targets),)),
    "the-lions-will": CardRules(abilities=(Ability(
        "pay 2 gold: kneel a character", kneel_it, can=every(gold_at_least(2), house_only),
        targets=characters_where(standing), pay=pays(2)),)),
    "a-lannister-pays-his-debts": CardRules(abilities=(Ability(
        "kneel a Lannister character: kill a participating character", _debts_kill,
        trigger="lost", can=mine, targets=_debts_targets, pay=_debts_pay),)),
    "youve-killed-the-wrong-dwarf": CardRules(abilities=(Ability(
        "kneel a character without the Noble crest; it gains 1 power",
        then(kneel_it, lambda st, seat, source, target, trig: gain_power(
            st, find(st, target)["controller"], 1, target)),  # type: ignore[index]
        can=house_only, targets=characters_where(
            lambda st, c: standing(st, c) and "noble" not in CARDS[c["card"]].crests)),)),
    "i-never-bet-against-my-family": CardRules(abilities=(Ability(
        "pay X gold, kneel a Lannister character: the opponent's claim is X lower", _bet,
        phases=("challenges",), targets=_bet_targets, pay=_bet_pay),)),
    "call-their-bluff": CardRules(abilities=(Ability(
        "pay 2 gold: name a card; the opponent discards every copy in hand", _bluff,
        phases=("dominance",), can=every(gold_at_least(2), house_only), targets=_names,
        pay=pays(2)),)),
    "im-you-writ-small": CardRules(constant=_boon, abilities=(Ability(
        "a character has Deadly this phase; then this becomes a +2 STR attachment", _writ,
        phases=("challenges",), can=house_only, targets=ANY),)),
}

OPS: dict[str, Op[State]] = {"writ": Op(run_writ, ask_writ, answer_writ)}
