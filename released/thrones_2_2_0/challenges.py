"""The challenges phase (§3.4): each player in turn, from the first player, initiates up to
one military, one intrigue and one power challenge: declaring attackers, Stealth, defenders
(the resolution is ``resolution.py``).

Frames: ``challenge_turn`` (a window, then declare or end), ``attackers``, ``stealth``,
``defenders``; then ``resolve_challenge`` and the rest of ``resolution.py``.
"""

from __future__ import annotations

from typing import Any

from domain.kernel import Prompt
from domain.kernel.stack import GO, WAIT

from .cards import CARDS
from .frames import push, push_window
from .melee import legal_targets, push_undefended
from .phases import END, begin
from .state import (
    CHALLENGE_TYPES,
    Challenge,
    InPlay,
    State,
    characters,
    find,
    hand_gold,
    in_order,
    lcg,
    melee,
    note,
    opponent,
    player,
    spendable,
)
from .stats import has_keyword, icons, revealed, strength
from .targeting import immune
from .titles import strength_bonus

DONE = {"kind": "done"}


def name(st: State, uid: str) -> str:
    rec = find(st, uid)
    return CARDS[rec["card"]].name if rec else uid


def run_challenges(st: State, frame: dict[str, Any]) -> bool:
    st["pending"].pop()
    begin(st, "challenges")
    push(st, *({"op": "challenge_turn", "seat": s, "stage": "window"} for s in in_order(st)),
         END)
    return GO


def can_attack(st: State, rec: InPlay, kind: str) -> bool:
    return (not rec["knelt"] and kind in icons(st, rec) and rec["card"] != "hodor")


def open_types(st: State, seat: int) -> list[str]:
    """Unused types with an eligible attacker and a legal target; Uneasy Truce: a military
    challenge needs 2 gold to hand to the defender."""
    used = player(st, seat)["challenges"]
    truce = bool(revealed(st, "uneasy-truce")) and spendable(st, seat) < 2
    return [t for t in CHALLENGE_TYPES if t not in used and not (truce and t == "military")
            and any(can_attack(st, c, t) for c in characters(st, seat))
            and legal_targets(st, seat, t)]


def run_challenge_turn(st: State, frame: dict[str, Any]) -> bool:
    if not open_types(st, frame["seat"]):
        st["pending"].pop()
        return GO
    if frame["stage"] == "window":
        frame["stage"] = "declare"
        push_window(st)
        return GO
    return WAIT


def ask_declare(st: State, frame: dict[str, Any]) -> Prompt:
    seat = frame["seat"]
    moves: list[dict[str, Any]] = []
    for kind in open_types(st, seat):
        if melee(st):  # each challenge names its target (§2.4)
            moves += [{"kind": "challenge", "type": kind, "target": t}
                      for t in legal_targets(st, seat, kind)]
        else:
            moves.append({"kind": "challenge", "type": kind})
    moves.append({"kind": "end_challenges"})
    text = ("Initiate a challenge against an opponent, or end your challenges" if melee(st)
            else "Initiate a challenge, or end your challenges")
    return Prompt(seat, "challenge", text, moves)


def answer_declare(st: State, frame: dict[str, Any], move: dict[str, Any]) -> None:
    seat = frame["seat"]
    if move["kind"] == "end_challenges":
        st["pending"].pop()
        note(st, seat, "ended their challenges")
        return
    frame["stage"] = "window"
    kind = move["type"]
    player(st, seat)["challenges"].append(kind)
    for toll in st["tolls"]:  # Magister Illyrio
        if toll["payer"] == seat and toll["type"] == kind and player(st, seat)["gold"]:
            player(st, seat)["gold"] -= 1
            player(st, toll["to"])["gold"] += 1
            note(st, seat, "paid 1 gold to the opponent (Magister Illyrio)")
    target = int(move["target"]) if melee(st) else opponent(st, seat)
    if kind == "military" and revealed(st, "uneasy-truce"):
        hand_gold(st, seat, target, 2)
        note(st, seat, "handed 2 gold to the defender (Uneasy Truce)")
    challenge: Challenge = {"type": kind, "attacker": seat, "defender": target,
                            "attackers": [], "defenders": [], "stealthed": [],
                            "stealth_left": [], "winner": None, "strength": [0, 0],
                            "after_win": []}
    if melee(st):
        challenge["target"] = target
    st["challenge"] = challenge
    note(st, seat, f"initiated a {kind} challenge" + (
        f" against Seat {target}" if melee(st) else ""))
    st["pending"].append({"op": "attackers", "seat": seat})


def stays_standing(st: State, rec: InPlay, role: str) -> bool:
    """Ser Rodrik Cassel "stays standing when declared as a defender"; Ser Jaime Lannister
    "in military challenges ... when declared as attacker or as defender"."""
    if rec["card"] == "ser-rodrik-cassel":
        return role == "defending"
    return rec["card"] == "ser-jaime-lannister" and st["challenge"]["type"] == "military"


def eligible_attackers(st: State) -> list[InPlay]:
    ch = st["challenge"]
    return [c for c in characters(st, ch["attacker"]) if can_attack(st, c, ch["type"])
            and c["uid"] not in ch["attackers"]]


def run_attackers(st: State, frame: dict[str, Any]) -> bool:
    ch = st["challenge"]
    if ch["attackers"] and not eligible_attackers(st):
        return _attackers_done(st)
    return WAIT


def ask_attackers(st: State, frame: dict[str, Any]) -> Prompt:
    ch = st["challenge"]
    moves: list[dict[str, Any]] = [{"kind": "attacker", "card": c["uid"]}
                                   for c in eligible_attackers(st)]
    if ch["attackers"]:
        moves.append(DONE)
    return Prompt(frame["seat"], "attackers",
                  f"Declare attackers for your {ch['type']} challenge, one at a time", moves)


def answer_attackers(st: State, frame: dict[str, Any], move: dict[str, Any]) -> None:
    ch = st["challenge"]
    if move["kind"] == "done":
        _attackers_done(st)
        return
    rec = find(st, move["card"])
    assert rec is not None
    rec["knelt"] = not stays_standing(st, rec, "attacking")  # attacking kneels
    ch["attackers"].append(rec["uid"])
    note(st, ch["attacker"], "declared as an attacker", [rec["card"]])


def _attackers_done(st: State) -> bool:
    st["pending"].pop()
    ch = st["challenge"]
    ch["stealth_left"] = [u for u in ch["attackers"]
                          if has_keyword(st, in_play(st, u), "Stealth")]
    push(st, {"op": "plot_window"}, {"op": "stealth"}, {"op": "defenders"},
         {"op": "plot_window"}, {"op": "resolve_challenge"})
    if melee(st):
        st["pending"].append({"op": "regent"})  # before the window after attackers (GOT-R-29)
    return GO


def in_play(st: State, uid: str) -> InPlay:
    rec = find(st, uid)
    assert rec is not None
    return rec


def stealth_targets(st: State) -> list[InPlay]:
    """Characters without Stealth of the defending player, not yet chosen (GOT-R-15), that
    could otherwise defend (standing, with the icon: choosing another changes nothing, so it
    is not asked); Hodor: "stealth cannot be used to bypass him"."""
    ch = st["challenge"]
    return [c for c in characters(st, ch["defender"]) if not has_keyword(st, c, "Stealth")
            and c["uid"] not in ch["stealthed"] and c["card"] != "hodor"
            and not c["knelt"] and ch["type"] in icons(st, c)
            and not _immune_to_stealth(st, c)]


def _immune_to_stealth(st: State, rec: InPlay) -> bool:
    """``lcg`` (§6.1, FAQ): immunity to the attacker's character abilities also keeps a
    character from being chosen by Stealth. The box keeps its rulebook's Stealth."""
    ch = st["challenge"]
    return lcg(st) and bool(ch["stealth_left"]) and immune(
        st, rec, ch["attacker"], ch["stealth_left"][0])


def run_stealth(st: State, frame: dict[str, Any]) -> bool:
    ch = st["challenge"]
    while ch["stealth_left"] and (not stealth_targets(st)
                                  or find(st, ch["stealth_left"][0]) is None):
        ch["stealth_left"].pop(0)
    if not ch["stealth_left"]:
        st["pending"].pop()
        return GO
    return WAIT


def ask_stealth(st: State, frame: dict[str, Any]) -> Prompt:
    ch = st["challenge"]
    who = name(st, ch["stealth_left"][0])
    moves: list[dict[str, Any]] = [{"kind": "stealth", "card": c["uid"]}
                                   for c in stealth_targets(st)]
    moves.append({"kind": "skip"})
    return Prompt(ch["attacker"], "stealth",
                  f"{who} has Stealth: choose a character that cannot defend, or skip", moves)


def answer_stealth(st: State, frame: dict[str, Any], move: dict[str, Any]) -> None:
    ch = st["challenge"]
    attacker = ch["stealth_left"].pop(0)
    if move["kind"] == "stealth":
        ch["stealthed"].append(move["card"])
        note(st, ch["attacker"], f"used {name(st, attacker)}'s Stealth to bypass",
             [in_play(st, move["card"])["card"]])


def eligible_defenders(st: State, seat: int | None = None) -> list[InPlay]:
    """Characters of the defending player (or of ``seat``, a supporter asked whether it
    defends instead, GOT-R-28) that may be declared as defenders."""
    ch = st["challenge"]
    herding = bool(revealed(st, "herding-the-masses"))  # "must be unique to defend"
    whose = ch["defender"] if seat is None else seat
    return [c for c in characters(st, whose) if not c["knelt"]
            and ch["type"] in icons(st, c) and c["uid"] not in ch["stealthed"]
            and c["uid"] not in ch["defenders"]
            and not (herding and not CARDS[c["card"]].unique)]


def run_defenders(st: State, frame: dict[str, Any]) -> bool:
    if not eligible_defenders(st):
        return _defenders_done(st)
    return WAIT


def ask_defenders(st: State, frame: dict[str, Any]) -> Prompt:
    ch = st["challenge"]
    attack = sum(strength(st, in_play(st, u)) for u in ch["attackers"]) + strength_bonus(
        st, ch["attacker"], ch["type"], ch["attackers"])  # a title's +3 (melee)
    names = ", ".join(f"{name(st, u)}, STR {strength(st, in_play(st, u))}"
                      for u in ch["attackers"])
    moves: list[dict[str, Any]] = [{"kind": "defender", "card": c["uid"]}
                                   for c in eligible_defenders(st)]
    moves.append(DONE)
    return Prompt(ch["defender"], "defenders",
                  f"Declare defenders for Seat {ch['attacker']}'s {ch['type']} challenge "
                  f"({names}; total {attack}), one at a time, then done", moves)


def answer_defenders(st: State, frame: dict[str, Any], move: dict[str, Any]) -> None:
    ch = st["challenge"]
    if move["kind"] == "done":
        _defenders_done(st)
        return
    rec = in_play(st, move["card"])
    rec["knelt"] = not stays_standing(st, rec, "defending")
    ch["defenders"].append(rec["uid"])
    note(st, ch["defender"], "declared as a defender", [rec["card"]])
    st["triggers"].append({"kind": "defending", "seat": ch["defender"], "uid": rec["uid"],
                           "card": rec["card"], "used": []})


def _defenders_done(st: State) -> bool:
    st["pending"].pop()
    if not st["challenge"]["defenders"]:
        note(st, st["challenge"]["defender"], "declared no defenders")
        if melee(st):
            push_undefended(st)  # the Lord Commander, then the supporters, then responses
            return GO
    push_window(st, "response")
    return GO
