"""The sheet's keywords whose rules live outside one card's text (digest §6.1; GOT-R-41:
every one works in both profiles): Ambush (a player action putting a card into play from
hand, GOT-R-35), Intimidate (GOT-R-33), Vengeful and Vigilant (standing after a challenge),
Deathbound is ``zones.leave_play`` (from play) and ``windows.use`` (an event played), as
Stalwart is,
Deadly and Renown ``resolution.py``, Stealth ``challenges.py``, Limited and No Attachments
``marshal.py``, Setup ``setup_flow.py``, Infamy ``infamy.py``, immunity ``targeting.py``.

Whether a seat may Ambush depends only on what is public: its deck's pool
(``decks.deck_pool``; README "Windows never tell what a hand holds").
"""

from __future__ import annotations

from typing import Any

from domain.kernel import Prompt
from domain.kernel.stack import GO, WAIT

from .cards import CARDS
from .decks import deck_pool
from .entering import hosts, may_enter
from .reducers import penalty
from .state import (
    InPlay,
    State,
    enter_play,
    find,
    in_order,
    note,
    pay_gold,
    player,
    spendable,
)
from .stats import has_keyword, strength

# ---- Ambush: "Any Phaseに(gold costを支払って)手札からput into playできる" ----

def ambush_cost(st: State, seat: int, card_id: str) -> int:
    """Its printed gold cost plus the out-of-House penalty (GOT-R-36); no reducer applies
    (they reduce cards played, and an Ambush card is put into play)."""
    return (CARDS[card_id].cost or 0) + penalty(st, seat, card_id)


def ambush_moves(st: State, seat: int) -> list[dict[str, Any]]:
    """Every Ambush card of the hand that ``seat`` can pay for, onto every legal host."""
    moves: list[dict[str, Any]] = []
    for card_id in sorted(set(player(st, seat)["hand"])):
        if ("Ambush" in CARDS[card_id].keywords and may_enter(st, seat, card_id)
                and ambush_cost(st, seat, card_id) <= spendable(st, seat)):
            moves += [{"kind": "ambush", "card": card_id, "host": host}
                      for host in hosts(st, card_id)]
    return moves


def may_ambush(st: State, seat: int) -> bool:
    """Public: holding any card, could ``seat`` pay for an Ambush card of its deck?"""
    return bool(player(st, seat)["hand"]) and any(
        "Ambush" in CARDS[cid].keywords and ambush_cost(st, seat, cid) <= spendable(st, seat)
        for cid in deck_pool(st, seat))


def ambush(st: State, seat: int, move: dict[str, Any]) -> None:
    """Put into play, not played (GOT-R-3): no "played" trigger, no Limited; it cannot be
    cancelled (FAQ 4.14; nothing cancels in this engine anyway)."""
    card_id = move["card"]
    paid = ambush_cost(st, seat, card_id)
    pay_gold(st, seat, paid)
    player(st, seat)["hand"].remove(card_id)
    enter_play(st, seat, card_id, move["host"] or None)
    note(st, seat, f"put into play by Ambush (paying {paid} gold)", [card_id])


# ---- Intimidate (GOT-R-33): the defenders weaker than the strongest Intimidate attacker ----

def intimidation(st: State) -> int:
    """The STR of the strongest attacking character with Intimidate (0 without one): a
    defending character with lower STR does not count its STR."""
    ch = st["challenge"]
    found = [strength(st, rec) for rec in (find(st, u) for u in ch["attackers"])
             if rec is not None and has_keyword(st, rec, "Intimidate")]
    return max(found, default=0)


# ---- Vengeful and Vigilant: stand any number after the challenge ----

def standers(st: State, seat: int, word: str) -> list[InPlay]:
    """``seat``'s knelt cards with ``word`` (they need not have taken part)."""
    return [c for c in st["play"] if c["controller"] == seat and c["knelt"]
            and "moribund" not in c and has_keyword(st, c, word)]


def keyword_seats(st: State) -> list[tuple[int, str]]:
    """After the attacker wins: its Vigilant cards, and the defender's Vengeful cards."""
    ch = st["challenge"]
    if ch["winner"] is None or ch["winner"] != ch["attacker"]:
        return []
    word = {ch["attacker"]: "Vigilant", ch["defender"]: "Vengeful"}
    return [(seat, word[seat]) for seat in in_order(st) if seat in word]


def run_keyword_stand(st: State, frame: dict[str, Any]) -> bool:
    if "left" not in frame:
        frame["left"] = [[seat, word] for seat, word in keyword_seats(st)]
    while frame["left"] and not standers(st, *frame["left"][0]):
        frame["left"].pop(0)
    if not frame["left"]:
        st["pending"].pop()
        return GO
    return WAIT


def ask_keyword_stand(st: State, frame: dict[str, Any]) -> Prompt:
    seat, word = frame["left"][0]
    why = "won as the attacker" if word == "Vigilant" else "lost as the defender"
    moves: list[dict[str, Any]] = [{"kind": "stand", "card": c["uid"]}
                                   for c in standers(st, seat, word)]
    moves.append({"kind": "done"})
    return Prompt(seat, "keyword_stand", f"{word}: you {why}; stand any of your knelt "
                  f"{word} cards, one at a time, then done", moves)


def answer_keyword_stand(st: State, frame: dict[str, Any], move: dict[str, Any]) -> None:
    seat, word = frame["left"][0]
    if move["kind"] == "done":
        frame["left"].pop(0)
        return
    rec = find(st, move["card"])
    assert rec is not None
    rec["knelt"] = False
    note(st, seat, f"stood by {word}", [rec["card"]])
