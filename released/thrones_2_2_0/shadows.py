"""Shadows (digest §6.5, GOT-R-39; ``lcg`` only): cards with the Shadows crest go face down
into their owner's Shadows area for a flat 2 gold (in marshalling, by the active player,
which counts as playing the card from hand: Limited; or at setup, within the 5 gold), and
come out at the beginning of any phase for the gold printed after the "s" (plus the
out-of-House penalty, GOT-R-36), standing, at most one card a player a phase, in player
order from the first player, before the phase's other beginning-of-phase steps.

A card in Shadows is neither in play nor in hand; its owner sees it, the others only count
them (``views.py``). Who is asked at the beginning of a phase (README ruling "Asking about
Shadows tells nothing"): a seat with a card in Shadows whose spendable gold covers the
cheapest way out of Shadows its deck offers. The count, the gold and the deck's cards are
public, so being asked tells nobody which cards wait there.
"""

from __future__ import annotations

from typing import Any

from domain.kernel import Prompt
from domain.kernel.stack import GO, WAIT

from .cards import CARDS
from .decks import deck_pool
from .entering import hosts, house_allows, name_taken
from .phases import begin
from .reducers import penalty
from .state import InPlay, State, enter_play, in_order, note, pay_gold, player, spendable

INTO = 2  # "2 gold into Shadows", without any House penalty (FAQ)
PASS = {"kind": "pass"}


def is_shadows(card_id: str) -> bool:
    return "shadows" in CARDS[card_id].crests


def in_shadows(st: State, seat: int) -> list[str]:
    found: list[str] = player(st, seat).get("shadows", [])
    return found


# ---- into Shadows ----

def into_shadows_moves(st: State, seat: int) -> list[dict[str, Any]]:
    """The marshalling player's Shadows cards of the hand, for 2 gold each; Limited counts
    (it is playing the card from hand). A unique card may go even if its name is in play or
    in the dead pile."""
    p = player(st, seat)
    if spendable(st, seat) < INTO:
        return []
    return [{"kind": "shadow", "card": cid} for cid in sorted(set(p["hand"]))
            if is_shadows(cid) and not ("Limited" in CARDS[cid].keywords and p["limited"])]


def into_shadows(st: State, seat: int, card_id: str) -> None:
    p = player(st, seat)
    p["hand"].remove(card_id)
    pay_gold(st, seat, INTO)
    if "Limited" in CARDS[card_id].keywords:
        p["limited"] = True
    p.setdefault("shadows", []).append(card_id)
    note(st, seat, f"put into Shadows (paying {INTO} gold)", [card_id], secret=True)


# ---- out of Shadows, at the beginning of every phase ----

def out_cost(st: State, seat: int, card_id: str) -> int:
    return (CARDS[card_id].shadow_cost or 0) + penalty(st, seat, card_id)


def _twin(st: State, seat: int, card_id: str) -> InPlay | None:
    """A card of the same unique name that ``seat`` controls in play: the Shadows copy may
    come out as its duplicate."""
    name = CARDS[card_id].name
    return next((c for c in st["play"] if c["controller"] == seat and c["owner"] == seat
                 and CARDS[c["card"]].name == name), None)


def out_moves(st: State, seat: int) -> list[dict[str, Any]]:
    moves: list[dict[str, Any]] = []
    for cid in sorted(set(in_shadows(st, seat))):
        spec = CARDS[cid]
        if out_cost(st, seat, cid) > spendable(st, seat) or not house_allows(st, seat, spec):
            continue
        twin = _twin(st, seat, cid) if spec.unique else None
        dead = spec.unique and any(CARDS[d].name == spec.name
                                   for d in player(st, seat)["dead"])
        if dead:
            continue  # a same-name card in the dead pile keeps it in Shadows (§6.5)
        if twin is not None:
            moves.append({"kind": "from_shadows", "card": cid, "onto": twin["uid"]})
        elif not (spec.unique and name_taken(st, seat, cid)):
            moves += [{"kind": "from_shadows", "card": cid, "host": host}
                      for host in hosts(st, cid)]
    return moves


def may_ask(st: State, seat: int) -> bool:
    """Public: a card in Shadows, and gold for the cheapest way out its deck offers."""
    if not in_shadows(st, seat):
        return False
    costs = [out_cost(st, seat, cid) for cid in deck_pool(st, seat) if is_shadows(cid)]
    return spendable(st, seat) >= min(costs, default=0)


def run_shadows(st: State, frame: dict[str, Any]) -> bool:
    """The phase begins here (``phases.begin``), then each seat in player order may bring
    one card out; the phase's own frame runs next. At the beginning of a plot phase the
    first player is still last round's (this round's is chosen after the reveal)."""
    if "left" not in frame:
        begin(st, frame["phase"])
        st["begun"] = frame["phase"]
        frame["left"] = in_order(st)
    while frame["left"] and not may_ask(st, frame["left"][0]):
        frame["left"].pop(0)
    if not frame["left"]:
        st["pending"].pop()
        return GO
    return WAIT


def ask_shadows(st: State, frame: dict[str, Any]) -> Prompt:
    seat = frame["left"][0]
    moves = out_moves(st, seat) + [PASS]
    return Prompt(seat, "shadows", f"Beginning of the {frame['phase']} phase: bring one card "
                  "out of Shadows (paying its s-cost), or pass", moves)


def answer_shadows(st: State, frame: dict[str, Any], move: dict[str, Any]) -> None:
    seat = frame["left"].pop(0)
    if move["kind"] == "pass":
        return
    card_id = move["card"]
    paid = out_cost(st, seat, card_id)
    pay_gold(st, seat, paid)
    player(st, seat)["shadows"].remove(card_id)
    if "onto" in move:
        twin = next(c for c in st["play"] if c["uid"] == move["onto"])
        twin["dups"].append(card_id)
        note(st, seat, f"brought out of Shadows as a duplicate (paying {paid} gold)",
             [card_id])
        return
    enter_play(st, seat, card_id, move["host"] or None)  # standing
    note(st, seat, f"brought out of Shadows (paying {paid} gold)", [card_id])
