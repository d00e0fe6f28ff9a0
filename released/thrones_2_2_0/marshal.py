"""Marshalling (§3.3, §5): what the active player may put into play from hand, and doing it.

A character or location is played for its printed cost; an attachment onto a character in
play (either side) it may go on; a unique character's duplicate onto the same-name character
its owner controls, for nothing (§5.7). Checks: gold, one Limited card a round, and those
every way into play shares (``entering.py``). In the ``lcg`` profile a Shadows card may go
into Shadows instead (``shadows.py``).
"""

from __future__ import annotations

from typing import Any

from .cards import CARDS
from .entering import hosts, may_enter
from .frames import push_window
from .hooks import rules_of
from .reducers import cost, use_reducers
from .shadows import into_shadows, into_shadows_moves
from .state import (
    InPlay,
    State,
    characters,
    enter_play,
    find,
    lcg,
    note,
    pay_gold,
    player,
    spendable,
)
from .stats import blanked


def duplicate_targets(st: State, seat: int, card_id: str) -> list[InPlay]:
    spec = CARDS[card_id]
    if not spec.unique or spec.type != "character":
        return []
    return [c for c in characters(st, seat) if c["owner"] == seat
            and CARDS[c["card"]].name == spec.name]


def marshal_moves(st: State, seat: int) -> list[dict[str, Any]]:
    p = player(st, seat)
    moves: list[dict[str, Any]] = []
    for card_id in sorted(set(p["hand"])):
        spec = CARDS[card_id]
        moves += [{"kind": "duplicate", "card": card_id, "onto": c["uid"]}
                  for c in duplicate_targets(st, seat, card_id)]
        if spec.type not in ("character", "location", "attachment"):
            continue
        if cost(st, seat, card_id) > spendable(st, seat) or not may_enter(st, seat, card_id):
            continue
        if "Limited" in spec.keywords and p["limited"]:
            continue
        moves += [{"kind": "marshal", "card": card_id, "host": host}
                  for host in hosts(st, card_id)]
    if lcg(st):
        moves += into_shadows_moves(st, seat)
    return moves


def marshal(st: State, seat: int, move: dict[str, Any]) -> None:
    p = player(st, seat)
    card_id = move["card"]
    if move["kind"] == "shadow":
        into_shadows(st, seat, card_id)
        return
    p["hand"].remove(card_id)
    if move["kind"] == "duplicate":
        target = next(c for c in st["play"] if c["uid"] == move["onto"])
        target["dups"].append(card_id)
        note(st, seat, "put a duplicate on", [target["card"]])
        return
    spec = CARDS[card_id]
    paid = cost(st, seat, card_id)
    pay_gold(st, seat, paid)
    use_reducers(st, seat, card_id)
    if "Limited" in spec.keywords:
        p["limited"] = True
    rec = enter_play(st, seat, card_id, move["host"] or None)
    host = find(st, move["host"]) if move["host"] not in ("", "house") else None
    if host is not None and host["card"] == "sansa-stark" and not blanked(st, host):
        st["pending"].append({"op": "sansa", "seat": seat})
    note(st, seat, f"marshalled (paying {paid} gold)", [card_id])
    st["triggers"].append({"kind": "played", "seat": seat, "uid": rec["uid"],
                           "card": card_id, "used": []})
    push_window(st, "response")
    passive = rules_of(card_id).on_played
    if passive is not None:
        passive(st, seat, rec["uid"])
