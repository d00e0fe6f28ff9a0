"""Setup beyond the box's (digest §2.3): attachments with the Setup keyword (both profiles,
GOT-R-41), Shadows placements within the 5 setup gold and the out-of-House penalty on the
budget (``lcg``, GOT-R-36), and the ``lcg`` mulligan announced in turn (GOT-R-2).

A Setup attachment is placed face down like any setup card, only while a legal host is among
its owner's own setup cards (FAQ); after the reveal, each player in player order attaches
theirs (``setup_attach``: asked only when there is a choice of host)."""

from __future__ import annotations

from typing import Any

from domain.kernel import Prompt
from domain.kernel.stack import GO, WAIT

from .cards import CARDS
from .entering import may_host
from .reducers import penalty
from .shadows import INTO, is_shadows
from .state import InPlay, State, characters, clockwise, enter_play, lcg, note, player

SETUP_GOLD = 5


def setup_spent(st: State, seat: int) -> int:
    """Gold of the face-down setup: printed costs (plus the penalty), 2 a Shadows card."""
    p = player(st, seat)
    return (sum((CARDS[c].cost or 0) + penalty(st, seat, c) for c in p["setup"])
            + INTO * len(p.get("setup_shadows", [])))


def _as_host(card_id: str) -> InPlay:
    """A setup card not yet in play, as the record ``may_host`` reads."""
    return {"uid": "", "card": card_id, "owner": -1, "controller": -1, "knelt": False,
            "power": 0, "host": None, "dups": []}


def has_setup_host(st: State, seat: int, card_id: str) -> bool:
    """A Setup attachment needs a legal host among its owner's own setup cards."""
    return any(CARDS[c].type == "character" and may_host(st, _as_host(c), card_id)
               for c in player(st, seat)["setup"])


def may_place(st: State, seat: int, card_id: str) -> bool:
    spec = CARDS[card_id]
    if spec.type in ("character", "location"):
        return True
    return (spec.type == "attachment" and "Setup" in spec.keywords
            and has_setup_host(st, seat, card_id))


def shadow_places(st: State, seat: int) -> list[dict[str, Any]]:
    """``lcg``: Shadows cards of the hand, face down into Shadows for 2 of the 5 gold."""
    p = player(st, seat)
    if not lcg(st) or setup_spent(st, seat) + INTO > SETUP_GOLD:
        return []
    return [{"kind": "place_shadow", "card": c} for c in sorted(set(p["hand"]))
            if is_shadows(c)]


def setup_attachments(st: State) -> list[list[Any]]:
    """Each seat's placed Setup attachments, in player order, taken out of its setup."""
    found: list[list[Any]] = []
    for seat in setup_order(st):
        p = player(st, seat)
        found += [[seat, c] for c in p["setup"] if CARDS[c].type == "attachment"]
        p["setup"] = [c for c in p["setup"] if CARDS[c].type != "attachment"]
    return found


def setup_hosts(st: State, seat: int, card_id: str) -> list[InPlay]:
    return [c for c in characters(st, seat) if may_host(st, c, card_id)]


def run_setup_attach(st: State, frame: dict[str, Any]) -> bool:
    while frame["left"]:
        seat, card_id = frame["left"][0]
        found = setup_hosts(st, seat, card_id)
        if len(found) > 1:
            return WAIT
        frame["left"].pop(0)
        if found:
            _attach(st, seat, card_id, found[0]["uid"])
        else:  # its host proved illegal after all (two "max one" on one host)
            player(st, seat)["discard"].append(card_id)
            note(st, seat, "had no legal host for", [card_id])
    st["pending"].pop()
    return GO


def _attach(st: State, seat: int, card_id: str, host: str) -> None:
    enter_play(st, seat, card_id, host)
    note(st, seat, "attached a setup card", [card_id])


def ask_setup_attach(st: State, frame: dict[str, Any]) -> Prompt:
    seat, card_id = frame["left"][0]
    moves = [{"kind": "attach", "card": card_id, "host": c["uid"]}
             for c in setup_hosts(st, seat, card_id)]
    return Prompt(seat, "setup_attach", f"Attach {CARDS[card_id].name} to one of your setup "
                  "characters", moves)


def answer_setup_attach(st: State, frame: dict[str, Any], move: dict[str, Any]) -> None:
    seat, card_id = frame["left"].pop(0)
    _attach(st, seat, card_id, move["host"])


# ---- the lcg mulligan: announced in turn from the setup first player (GOT-R-2) ----

def setup_order(st: State) -> list[int]:
    """Every seat in turn from the setup first player (§2.3 step 1: drawn by the decks
    part's setup announcement into ``setup_first``; seat 0 until then), clockwise."""
    return clockwise(st, st.get("setup_first") or 0)


def mulligan_frame(st: State) -> dict[str, Any]:
    if not lcg(st):
        return {"op": "mulligan"}  # the box's: simultaneous and hidden
    return {"op": "mulligan_in_turn", "left": setup_order(st)}


def run_mulligan_in_turn(st: State, frame: dict[str, Any]) -> bool:
    if frame["left"]:
        return WAIT
    st["pending"].pop()
    return GO


def ask_mulligan_in_turn(st: State, frame: dict[str, Any]) -> Prompt:
    return Prompt(frame["left"][0], "mulligan", "Keep your 7 cards, or mulligan (shuffle "
                  "them back and draw 7 new ones, once); announced in turn",
                  [{"kind": "keep"}, {"kind": "mulligan"}])


def answer_mulligan_in_turn(st: State, frame: dict[str, Any], move: dict[str, Any]) -> None:
    seat = frame["left"].pop(0)
    if move["kind"] == "keep":
        note(st, seat, "kept their hand")
        return
    p = player(st, seat)
    p["deck"] += p["hand"]
    p["hand"] = []
    note(st, seat, "took a mulligan")
    st["pending"] += [{"op": "redraw", "seat": seat}, {"op": "shuffle", "seat": seat}]
