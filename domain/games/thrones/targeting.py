"""Small helpers card rules share: who may be targeted, lasting effects, a card's House."""

from __future__ import annotations

from typing import Any

from .cards import CARDS
from .state import InPlay, State, characters, find, player


def house_of(card_id: str) -> str:
    return CARDS[card_id].house


def targetable(st: State, rec: InPlay, seat: int, by_event: bool) -> bool:
    """Immunity: "Immune to character abilities" / "immunity to events" (a card is never
    immune to its own abilities)."""
    words = CARDS[rec["card"]].keywords
    if by_event:
        return not any("events" in w for w in words if w.startswith("Immun"))
    return "Immune to character abilities" not in words


def char_uids(st: State, ok: Any = None, seat: int | None = None,
              by_event: bool = True) -> list[str]:
    """Characters in play (of ``seat``) that satisfy ``ok(rec)`` and may be targeted."""
    return [c["uid"] for c in characters(st, seat) if (ok is None or ok(c))
            and targetable(st, c, seat if seat is not None else -1, by_event)]


def add_lasting(st: State, uid: str, until: str, source: str, strength: int = 0,
                icons: list[str] | None = None, keywords: list[str] | None = None) -> None:
    st["lasting"].append({"uid": uid, "str": strength, "icons": list(icons or []),
                          "keywords": list(keywords or []), "until": until,
                          "source": source})


def source_rec(st: State, source: str) -> InPlay:
    rec = find(st, source)
    assert rec is not None
    return rec


def participating(st: State, uid: str) -> bool:
    ch = st["challenge"]
    return ch is not None and (uid in ch["attackers"] or uid in ch["defenders"])


def gold(st: State, seat: int) -> int:
    value: int = player(st, seat)["gold"]
    return value
