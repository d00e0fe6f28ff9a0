"""Infamy (§6.1, a House keyword; DATA: Ser Jaime Lannister): "When you claim power for your
House, or move power to it, you may put that power on your Infamy card instead." The power is
put on the House first (so the win is checked at once, and the totals are the same either
way); then its player may move it onto a character of theirs with Infamy."""

from __future__ import annotations

from typing import Any

from domain.kernel import Prompt
from domain.kernel.stack import GO, WAIT

from .state import State, characters, note, player
from .stats import has_keyword


def infamous(st: State, seat: int) -> list[str]:
    return [c["uid"] for c in characters(st, seat) if has_keyword(st, c, "Infamy")]


def offer_infamy(st: State, seat: int, n: int) -> None:
    if n > 0 and infamous(st, seat):
        st["pending"].append({"op": "infamy", "seat": seat, "n": n})


def run_infamy(st: State, frame: dict[str, Any]) -> bool:
    if infamous(st, frame["seat"]) and player(st, frame["seat"])["power"] >= frame["n"]:
        return WAIT
    st["pending"].pop()
    return GO


def ask_infamy(st: State, frame: dict[str, Any]) -> Prompt:
    moves: list[dict[str, Any]] = [{"kind": "infamy", "card": uid}
                                   for uid in infamous(st, frame["seat"])]
    moves.append({"kind": "infamy", "card": ""})
    return Prompt(frame["seat"], "infamy", f"Infamy: put the {frame['n']} power just gained "
                  "on a character with Infamy instead of your House?", moves)


def answer_infamy(st: State, frame: dict[str, Any], move: dict[str, Any]) -> None:
    st["pending"].pop()
    if not move["card"]:
        return
    rec = next(c for c in st["play"] if c["uid"] == move["card"])
    player(st, frame["seat"])["power"] -= frame["n"]
    rec["power"] += frame["n"]
    note(st, frame["seat"], f"put {frame['n']} power by Infamy on", [rec["card"]])
