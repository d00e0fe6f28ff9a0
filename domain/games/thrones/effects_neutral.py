"""Neutral cards of the box's decks, each with its text (``cards.json``)."""

from __future__ import annotations

from typing import Any

from domain.kernel.stack import Op

from .ability import CardRules, Mod, Src, State
from .state import player


def _littlefinger(st: State, source: Src, target: dict[str, Any]) -> Mod | None:
    """Littlefinger: "+1 STR per gold token currently in your gold pool"."""
    if source["uid"] != target["uid"]:
        return None
    return {"str": player(st, source["controller"])["gold"]}


RULES: dict[str, CardRules] = {
    "littlefinger": CardRules(constant=_littlefinger),
}

OPS: dict[str, Op[State]] = {}
