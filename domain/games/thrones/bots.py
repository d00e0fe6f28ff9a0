"""Bots: ``random`` (any legal move, uniformly) and ``planner``: marshal by value (the
dearest character it can afford first, then locations), attack where its attackers out-STR
the standing defenders that could oppose them, defend a claim it cannot afford to lose, and
kill its cheapest characters when a claim demands. Bots see their seat's view only."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.kernel import Bot, Draw, Prompt

from .cards import CARDS

Move = dict[str, Any]
View = dict[str, Any]


def random_bot(view: View, prompt: Prompt, draw: Draw) -> Move:
    return prompt.legal_moves[draw(len(prompt.legal_moves))]


def _card(view: View, uid: str) -> dict[str, Any]:
    return next(c for c in view["in_play"] if c["uid"] == uid)


def _value(move: Move) -> int:
    spec = CARDS[move["card"]]
    order = {"character": 3, "location": 2, "attachment": 1}
    return order.get(spec.type, 0) * 100 + (spec.cost or 0)


def _window(view: View, prompt: Prompt, seat: int) -> Move:
    legal = prompt.legal_moves
    plays = [m for m in legal if m["kind"] in ("marshal", "duplicate")]
    attach = [m for m in plays if m["kind"] == "marshal" and m["host"]
              and _card(view, m["host"])["controller"] != seat]
    plays = [m for m in plays if m not in attach]
    if plays:
        return max(plays, key=_value)
    for move in legal:
        if move["kind"] == "use" and _good_target(view, move, seat):
            return move
    return {"kind": "pass"}


# Abilities aimed at the other side's characters; every other target is the bot's own.
HOSTILE = ("the-lions-will", "a-lannister-pays-his-debts", "distraction", "cerseis-attendant",
           "enemy-informer", "ser-ilyn-payne", "shae", "cersei-lannister", "robb-stark")
NEVER = ("youve-killed-the-wrong-dwarf",)  # it gives the target power


def _good_target(view: View, move: Move, seat: int) -> bool:
    target = move["target"].split(">")[-1]
    if move["card"] in NEVER:
        return False
    if not target or "," in target:
        return True
    controller = _card(view, target)["controller"]
    return bool((controller != seat) == (move["card"] in HOSTILE))


def _standing_power(view: View, seat: int, kind: str) -> int:
    return sum(c["strength"] or 0 for c in view["in_play"] if c["controller"] == seat
               and c["type"] == "character" and not c["knelt"] and kind in c["icons"])


def _challenge(view: View, prompt: Prompt, seat: int) -> Move:
    best = None
    for move in prompt.legal_moves:
        if move["kind"] != "challenge":
            continue
        mine = _standing_power(view, seat, move["type"])
        theirs = _standing_power(view, 1 - seat, move["type"])
        if mine > theirs and (best is None or mine - theirs > best[0]):
            best = (mine - theirs, move)
    return best[1] if best else {"kind": "end_challenges"}


def _defend(view: View, prompt: Prompt, seat: int) -> Move:
    ch = view["challenge"]
    attack = sum(_card(view, u)["strength"] or 0 for u in ch["attackers"])
    defense = sum(_card(view, u)["strength"] or 0 for u in ch["defenders"])
    options = [m for m in prompt.legal_moves if m["kind"] == "defender"]
    reachable = defense + sum(_card(view, m["card"])["strength"] or 0 for m in options)
    if defense > attack or reachable <= attack or not options:
        return {"kind": "done"}
    return max(options, key=lambda m: _card(view, m["card"])["strength"] or 0)


def _cheapest(view: View, prompt: Prompt) -> Move:
    return min(prompt.legal_moves, key=lambda m: (
        CARDS[_card(view, m["card"])["card"]].cost or 0) if m.get("card") in {
        c["uid"] for c in view["in_play"]} else 99)


def _plot(view: View, prompt: Prompt, seat: int) -> Move:
    return max(prompt.legal_moves, key=lambda m: (CARDS[m["card"]].income or 0,
                                                  CARDS[m["card"]].claim or 0))


def _setup(view: View, prompt: Prompt, seat: int) -> Move:
    places = [m for m in prompt.legal_moves if m["kind"] == "place"]
    if not places:
        return {"kind": "done"}
    return max(places, key=_value)


def planner(view: View, prompt: Prompt, draw: Draw) -> Move:
    seat = prompt.seat
    handlers: dict[str, Callable[[], Move]] = {
        "mulligan": lambda: {"kind": "keep"},
        "setup": lambda: _setup(view, prompt, seat),
        "plot": lambda: _plot(view, prompt, seat),
        "first_player": lambda: {"kind": "first_player", "seat": seat},
        "window": lambda: _window(view, prompt, seat),
        "challenge": lambda: _challenge(view, prompt, seat),
        "defenders": lambda: _defend(view, prompt, seat),
        "military_claim": lambda: _cheapest(view, prompt),
        "deadly": lambda: _cheapest(view, prompt),
        "hound": lambda: {"kind": "hound", "discard": "deck"},
    }
    handler = handlers.get(prompt.kind)
    move = handler() if handler else prompt.legal_moves[0]
    return move if move in prompt.legal_moves else prompt.legal_moves[0]


BOTS: dict[str, Bot] = {"random": random_bot, "planner": planner}
