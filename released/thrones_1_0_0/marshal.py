"""Marshalling (§3.3, §5): what the active player may put into play from hand, and doing it.

A character or location is played for its printed cost; an attachment onto a character in
play (either side) it may go on; a unique character's duplicate onto the same-name character
its owner controls, for nothing (§5.7). Checks: gold, one Limited card a round, the unique
rule per player (a name in play or in one's own dead pile, GOT-R-18), "House X only",
No Attachments ("except Weapon"), and the attachment's own host restrictions.
"""

from __future__ import annotations

from typing import Any

from .cards import CARDS, Card
from .reducers import cost, use_reducers
from .state import (
    InPlay,
    State,
    attachments_of,
    characters,
    enter_play,
    find,
    note,
    pay_gold,
    player,
    spendable,
)
from .stats import blanked, traits


def _name_taken(st: State, seat: int, card_id: str) -> bool:
    """A unique name ``seat`` has in play (owned or controlled) or in its own dead pile."""
    name = CARDS[card_id].name
    in_play = any(CARDS[c["card"]].name == name for c in st["play"]
                  if c["owner"] == seat or c["controller"] == seat)
    return in_play or any(CARDS[d].name == name for d in player(st, seat)["dead"])


def house_allows(st: State, seat: int, spec: Card) -> bool:
    """"House X only": only a player whose House is X may play it (§6.1 ruling)."""
    only = [k for k in spec.keywords if k.startswith("House ") and k.endswith(" only")]
    return all(k.split()[1].lower() == player(st, seat)["house"] for k in only)


def may_host(st: State, host: InPlay, attachment: str) -> bool:
    spec, target = CARDS[attachment], CARDS[host["card"]]
    for word in target.keywords:
        if word == "No attachments":
            return False
        if word.startswith("No attachments except"):
            if word.rsplit(" ", 1)[-1] not in spec.traits:
                return False
    for word in spec.keywords + (("Lord or Lady character only",)
                                 if "Lord or Lady character only" in spec.text else ()):
        if word.endswith("character only"):
            wanted = word.removesuffix(" character only")
            if wanted in ("Stark", "Lannister") and target.house != wanted.lower():
                return False
            if wanted == "Lord or Lady" and not {"Lord", "Lady"} & set(traits(st, host)):
                return False
    if "Max one per character" in spec.keywords or attachment == "lordship":
        if any(a["card"] == attachment for a in attachments_of(st, host["uid"])):
            return False
    return True


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
        if cost(st, seat, card_id) > spendable(st, seat) or not house_allows(st, seat, spec):
            continue
        if "Limited" in spec.keywords and p["limited"]:
            continue
        if spec.unique and _name_taken(st, seat, card_id):
            continue
        if "Placement option" in spec.text:  # the Chambers: onto the House card instead
            moves.append({"kind": "marshal", "card": card_id, "host": "house"})
        if spec.type == "attachment":
            moves += [{"kind": "marshal", "card": card_id, "host": c["uid"]}
                      for c in characters(st) if may_host(st, c, card_id)]
        else:
            moves.append({"kind": "marshal", "card": card_id, "host": ""})
    return moves


def marshal(st: State, seat: int, move: dict[str, Any]) -> None:
    from .effects import rules_of
    from .windows import push_window
    p = player(st, seat)
    card_id = move["card"]
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
