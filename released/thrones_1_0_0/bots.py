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
    plays = [m for m in legal if m["kind"] in ("marshal", "duplicate")
             and (not m.get("host") or _good_host(view, m, seat))
             and (m["card"] != "varys-box" or _enemy_allies(view, seat))]
    if plays:
        return max(plays, key=_value)
    for move in legal:
        if move["kind"] == "use" and _good_target(view, move, seat):
            return move
    return {"kind": "pass"}


def _enemy_allies(view: View, seat: int) -> list[str]:
    return [c["uid"] for c in view["in_play"] if c["controller"] != seat
            and "Ally" in CARDS[c["card"]].traits and c["type"] == "character"]


def _discard_ally(view: View, prompt: Prompt, seat: int) -> Move:
    theirs = set(_enemy_allies(view, seat))
    return next((m for m in prompt.legal_moves if m["card"] in theirs), prompt.legal_moves[0])


def _good_host(view: View, move: Move, seat: int) -> bool:
    """Attachments on its own characters, but Milk of the Poppy on the other side's."""
    if move["host"] == "house":
        return True
    theirs = _card(view, move["host"])["controller"] != seat
    return bool(theirs == (move["card"] in HOSTILE_ATTACHMENTS))


HOSTILE_ATTACHMENTS = ("milk-of-the-poppy",)
# Abilities aimed at the other side's characters; every other target is the bot's own.
HOSTILE = ("the-lions-will", "a-lannister-pays-his-debts", "distraction", "cerseis-attendant",
           "enemy-informer", "ser-ilyn-payne", "shae", "cersei-lannister", "robb-stark", "ice",
           "catelyn-stark", "chella-daughter-of-cheyk")
NEVER = ("youve-killed-the-wrong-dwarf",)  # it gives the target power


def _good_target(view: View, move: Move, seat: int) -> bool:
    target = move["target"].split(">")[-1]
    if move["card"] in NEVER:
        return False
    aimed = next((c for c in view["in_play"] if c["uid"] == target), None)
    if aimed is None:  # no target, two costs "a,b", a pile, a challenge type, a card name
        return True
    return bool((aimed["controller"] != seat) == (move["card"] in HOSTILE))


def _standing_power(view: View, seat: int, kind: str) -> int:
    return sum(c["strength"] or 0 for c in view["in_play"] if c["controller"] == seat
               and c["type"] == "character" and not c["knelt"] and kind in c["icons"])


PREFERENCE = ("power", "military", "intrigue")  # power takes power; military kills


def _challenge(view: View, prompt: Prompt, seat: int) -> Move:
    """The first type, in order of preference, where its standing characters out-STR every
    standing character that could defend."""
    offered = {m["type"] for m in prompt.legal_moves if m["kind"] == "challenge"}
    for kind in PREFERENCE:
        if kind in offered and _standing_power(view, seat, kind) > _standing_power(
                view, 1 - seat, kind):
            return {"kind": "challenge", "type": kind}
    return {"kind": "end_challenges"}


def _attackers(view: View, prompt: Prompt, seat: int) -> Move:
    """The strongest attackers until they out-STR every possible defender, then done."""
    ch = view["challenge"]
    attack = sum(_card(view, u)["strength"] or 0 for u in ch["attackers"])
    if ch["attackers"] and attack > _standing_power(view, 1 - seat, ch["type"]):
        return {"kind": "done"}
    options = [m for m in prompt.legal_moves if m["kind"] == "attacker"]
    return max(options, key=lambda m: _card(view, m["card"])["strength"] or 0)


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
        "attackers": lambda: _attackers(view, prompt, seat),
        "military_claim": lambda: _cheapest(view, prompt),
        "deadly": lambda: _cheapest(view, prompt),
        "hound": lambda: {"kind": "hound", "discard": "deck"},
        "varys": lambda: _discard_ally(view, prompt, seat),
    }
    handler = handlers.get(prompt.kind)
    move = handler() if handler else prompt.legal_moves[0]
    return move if move in prompt.legal_moves else prompt.legal_moves[0]


BOTS: dict[str, Bot] = {"random": random_bot, "planner": planner}
