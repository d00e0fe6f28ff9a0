"""House Lannister's cards (the box's Lannister deck), each with its text (``cards.json``)."""

from __future__ import annotations

from typing import Any

from domain.kernel import Prompt
from domain.kernel.stack import GO, WAIT, Op

from .ability import Ability, CardRules, State
from .cards import CARDS
from .marshal import house_allows
from .state import find, kneel, note, pay_gold, player
from .targeting import add_lasting, char_uids, participating, source_rec
from .zones import discard_from_play, push_kill

Trig = dict[str, Any] | None


def _lannister(card_id: str) -> bool:
    return CARDS[card_id].house == "lannister"


# Secret Means (insidious-ways): "Timing: challenges phase. Target: a House Lannister
# character that is attacking. Effect: it has +2 STR until the phase ends; if you go on to
# win this challenge, you draw 2 cards." (GOT-EX-3 step 4)
def _insidious_targets(st: State, seat: int, source: str, trig: Trig) -> list[str]:
    ch = st["challenge"]
    if ch is None or ch["attacker"] != seat:
        return []
    return char_uids(st, lambda c: c["uid"] in ch["attackers"] and _lannister(c["card"]),
                     seat)


def _insidious(st: State, seat: int, source: str, target: str, trig: Trig) -> None:
    add_lasting(st, target, "phase", source, strength=2)
    st["challenge"]["after_win"].append({"seat": seat, "draw": 2})


# The Lion's Will: "Timing: any phase. Cost: pay 2 gold. Target: any character. Effect:
# kneel it." (GOT-EX-7) A knelt character is no target: the effect could not resolve.
def _lions_can(st: State, seat: int, source: str, trig: Trig) -> bool:
    return player(st, seat)["gold"] >= 2 and house_allows(st, seat, CARDS[source])


def _standing_targets(st: State, seat: int, source: str, trig: Trig) -> list[str]:
    return char_uids(st, lambda c: not c["knelt"])


def _pay(n: int) -> Any:
    def pay(st: State, seat: int, source: str, target: str, trig: Trig) -> None:
        pay_gold(st, seat, n)
    return pay


def _kneel_target(st: State, seat: int, source: str, target: str, trig: Trig) -> None:
    kneel(st, target)
    note(st, seat, "knelt", [source_rec(st, target)["card"]])


# A Lannister Pays His Debts: "Response: you have lost a challenge. Cost: kneel a House
# Lannister character you control. Target: a character of the winning opponent that
# participated. Effect: kill it." (GOT-EX-12, GOT-R-40) The target is "cost>victim".
def _debts_can(st: State, seat: int, source: str, trig: Trig) -> bool:
    return trig is not None and trig["seat"] == seat and st["challenge"] is not None


def _debts_targets(st: State, seat: int, source: str, trig: Trig) -> list[str]:
    ch = st["challenge"]
    winner = 1 - seat
    costs = char_uids(st, lambda c: not c["knelt"] and _lannister(c["card"]), seat,
                      by_event=False)
    victims = char_uids(st, lambda c: participating(st, c["uid"]), winner)
    del ch
    return [f"{cost}>{victim}" for cost in costs for victim in victims]


def _debts_pay(st: State, seat: int, source: str, target: str, trig: Trig) -> None:
    kneel(st, target.split(">")[0])


def _debts_kill(st: State, seat: int, source: str, target: str, trig: Trig) -> None:
    push_kill(st, target.split(">")[1])


# Varys (box): "after you play Varys, you must choose an Ally character in play and discard
# it; if he is the only Ally in play, discard Varys." (GOT-EX-11; GOT-R-20: any Ally on
# either side, Varys included; mandatory)
def _allies(st: State) -> list[str]:
    return [c["uid"] for c in st["play"] if "Ally" in CARDS[c["card"]].traits
            and CARDS[c["card"]].type == "character"]


def _varys_played(st: State, seat: int, uid: str) -> None:
    st["pending"].append({"op": "varys", "seat": seat, "uid": uid})


def run_varys(st: State, frame: dict[str, Any]) -> bool:
    allies = _allies(st)
    if len(allies) > 1:
        return WAIT
    st["pending"].pop()
    if allies:
        discard_from_play(st, allies[0])
    return GO


def ask_varys(st: State, frame: dict[str, Any]) -> Prompt:
    return Prompt(frame["seat"], "varys", "Varys: choose an Ally character in play to discard",
                  [{"kind": "discard", "card": uid} for uid in _allies(st)])


def answer_varys(st: State, frame: dict[str, Any], move: dict[str, Any]) -> None:
    st["pending"].pop()
    discard_from_play(st, move["card"])


# The Hound (box): "when killed he goes to your discard pile, not the dead pile. Forced at
# the start of the dominance phase: either discard your deck's top card or discard The
# Hound from play (no save possible)."
def _hound_start(st: State, uid: str) -> None:
    rec = find(st, uid)
    assert rec is not None
    st["pending"].append({"op": "hound", "seat": rec["controller"], "uid": uid})


def run_hound(st: State, frame: dict[str, Any]) -> bool:
    if find(st, frame["uid"]) is None:
        st["pending"].pop()
        return GO
    if not player(st, frame["seat"])["deck"]:
        st["pending"].pop()
        discard_from_play(st, frame["uid"])
        return GO
    return WAIT


def ask_hound(st: State, frame: dict[str, Any]) -> Prompt:
    return Prompt(frame["seat"], "hound", "The Hound: discard the top card of your deck, or "
                  "discard The Hound from play", [{"kind": "hound", "discard": "deck"},
                                                  {"kind": "hound", "discard": "hound"}])


def answer_hound(st: State, frame: dict[str, Any], move: dict[str, Any]) -> None:
    st["pending"].pop()
    if move["discard"] == "hound":
        discard_from_play(st, frame["uid"])
        return
    p = player(st, frame["seat"])
    top = p["deck"].pop()
    p["discard"].append(top)
    note(st, frame["seat"], "discarded from the top of their deck", [top])


RULES: dict[str, CardRules] = {
    "insidious-ways": CardRules(abilities=(Ability(
        "+2 STR to an attacking Lannister character; draw 2 if you win", _insidious,
        phases=("challenges",), targets=_insidious_targets),)),
    "the-lions-will": CardRules(abilities=(Ability(
        "pay 2 gold: kneel a character", _kneel_target, can=_lions_can,
        targets=_standing_targets, pay=_pay(2)),)),
    "a-lannister-pays-his-debts": CardRules(abilities=(Ability(
        "kneel a Lannister character: kill a participating character", _debts_kill,
        trigger="lost", can=_debts_can, targets=_debts_targets, pay=_debts_pay),)),
    "varys-box": CardRules(on_played=_varys_played),
    "the-hound-box": CardRules(dominance_start=_hound_start, killed_to="discard"),
}

OPS: dict[str, Op[State]] = {
    "varys": Op(run_varys, ask_varys, answer_varys),
    "hound": Op(run_hound, ask_hound, answer_hound),
}
