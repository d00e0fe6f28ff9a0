"""The challenges phase (§3.4): each player in turn, from the first player, initiates up to
one military, one intrigue and one power challenge; attackers, Stealth, defenders,
strength, the winner (ties to the attacker), claim, unopposed, Renown and Deadly.

Frames: ``challenge_turn`` (a window, then declare or end), ``attackers``, ``stealth``,
``defenders``, ``resolve_challenge``, ``claim`` (military: ``military_claim`` picks; intrigue:
``random_discard`` a random pick), ``deadly``, ``end_challenge``.
"""

from __future__ import annotations

from typing import Any

from domain.kernel import Prompt
from domain.kernel.stack import GO, WAIT

from .cards import CARDS
from .infamy import offer_infamy
from .phases import END, begin, push
from .state import (
    CHALLENGE_TYPES,
    Challenge,
    InPlay,
    State,
    characters,
    find,
    gain_power,
    hand_gold,
    in_order,
    note,
    other,
    player,
    spendable,
)
from .stats import has_keyword, icons, revealed, strength
from .windows import push_window
from .zones import cannot_be_killed, push_kill

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
    """Unused types with an eligible attacker; Uneasy Truce: a military challenge needs 2
    gold to hand to the defender."""
    used = player(st, seat)["challenges"]
    truce = bool(revealed(st, "uneasy-truce")) and spendable(st, seat) < 2
    return [t for t in CHALLENGE_TYPES if t not in used and not (truce and t == "military")
            and any(can_attack(st, c, t) for c in characters(st, seat))]


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
    moves = [{"kind": "challenge", "type": t} for t in open_types(st, frame["seat"])]
    moves.append({"kind": "end_challenges"})
    return Prompt(frame["seat"], "challenge", "Initiate a challenge, or end your challenges",
                  moves)


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
    if kind == "military" and revealed(st, "uneasy-truce"):
        hand_gold(st, seat, other(seat), 2)
        note(st, seat, "handed 2 gold to the defender (Uneasy Truce)")
    challenge: Challenge = {"type": kind, "attacker": seat, "defender": other(seat),
                            "attackers": [], "defenders": [], "stealthed": [],
                            "stealth_left": [], "winner": None, "strength": [0, 0],
                            "after_win": []}
    st["challenge"] = challenge
    note(st, seat, f"initiated a {kind} challenge")
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
                          if has_keyword(st, _rec(st, u), "Stealth")]
    push(st, {"op": "plot_window"}, {"op": "stealth"}, {"op": "defenders"},
         {"op": "plot_window"}, {"op": "resolve_challenge"})
    return GO


def _rec(st: State, uid: str) -> InPlay:
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
            and not c["knelt"] and ch["type"] in icons(st, c)]


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
             [_rec(st, move["card"])["card"]])


def eligible_defenders(st: State) -> list[InPlay]:
    ch = st["challenge"]
    herding = bool(revealed(st, "herding-the-masses"))  # "must be unique to defend"
    return [c for c in characters(st, ch["defender"]) if not c["knelt"]
            and ch["type"] in icons(st, c) and c["uid"] not in ch["stealthed"]
            and c["uid"] not in ch["defenders"]
            and not (herding and not CARDS[c["card"]].unique)]


def run_defenders(st: State, frame: dict[str, Any]) -> bool:
    if not eligible_defenders(st):
        return _defenders_done(st)
    return WAIT


def ask_defenders(st: State, frame: dict[str, Any]) -> Prompt:
    ch = st["challenge"]
    attack = sum(strength(st, _rec(st, u)) for u in ch["attackers"])
    names = ", ".join(f"{name(st, u)}, STR {strength(st, _rec(st, u))}"
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
    rec = _rec(st, move["card"])
    rec["knelt"] = not stays_standing(st, rec, "defending")
    ch["defenders"].append(rec["uid"])
    note(st, ch["defender"], "declared as a defender", [rec["card"]])
    st["triggers"].append({"kind": "defending", "seat": ch["defender"], "uid": rec["uid"],
                           "card": rec["card"], "used": []})


def _defenders_done(st: State) -> bool:
    st["pending"].pop()
    if not st["challenge"]["defenders"]:
        note(st, st["challenge"]["defender"], "declared no defenders")
    push_window(st, "response")
    return GO


def counted(st: State, uid: str) -> int:
    """A participant's STR in the totals (Catelyn Stark: "its STR is ignored")."""
    rec = _rec(st, uid)
    return 0 if has_keyword(st, rec, "STR ignored") else strength(st, rec)


def totals(st: State) -> tuple[int, int]:
    ch = st["challenge"]
    return (sum(counted(st, u) for u in ch["attackers"]),
            sum(counted(st, u) for u in ch["defenders"]))


def run_resolve(st: State, frame: dict[str, Any]) -> bool:
    """Winner (ties to the attacker; no attacker left, no win: GOT-R-16), then claim,
    unopposed, Renown, Deadly, the "if you win" riders, then the responses."""
    st["pending"].pop()
    ch = st["challenge"]
    attack, defense = totals(st)
    ch["strength"] = [attack, defense]
    if ch["attackers"] and attack >= defense:
        ch["winner"] = ch["attacker"]
    elif ch["defenders"]:
        ch["winner"] = ch["defender"]
    if ch["winner"] is None:
        note(st, ch["attacker"], f"nobody won the {ch['type']} challenge")
    else:
        note(st, ch["winner"], f"won the {ch['type']} challenge, {attack} to {defense}")
    push(st, {"op": "claim"}, {"op": "unopposed"}, {"op": "renown"}, {"op": "deadly"},
         {"op": "after_win"}, {"op": "challenge_triggers"}, {"op": "end_challenge"})
    return GO


def claim_value(st: State) -> int:
    attacker = player(st, st["challenge"]["attacker"])
    plot = attacker["revealed"]
    bonus: int = sum(b["n"] for b in st["claim_bonus"] if b["house"] == attacker["house"])
    return (CARDS[plot].claim or 0 if plot else 0) + bonus


def run_claim(st: State, frame: dict[str, Any]) -> bool:
    st["pending"].pop()
    ch = st["challenge"]
    if ch["winner"] != ch["attacker"]:
        return GO
    x = claim_value(st)
    defender = ch["defender"]
    if ch["type"] == "military":
        st["pending"].append({"op": "military_claim", "left": x, "chosen": []})
    elif ch["type"] == "intrigue":
        k = min(x, len(player(st, defender)["hand"]))
        if k:
            st["pending"].append({"op": "random_discard", "seat": defender, "k": k,
                                  "why": "intrigue claim"})
    else:
        moved = min(x, player(st, defender)["power"])
        player(st, defender)["power"] -= moved
        player(st, ch["attacker"])["power"] += moved  # moving power is not gaining it
        note(st, ch["attacker"], f"took {moved} power from Seat {defender}'s House (claim)")
        from .state import check_win
        check_win(st)
        offer_infamy(st, ch["attacker"], moved)
    return GO


def claim_candidates(st: State, frame: dict[str, Any]) -> list[InPlay]:
    """Characters of the defender not yet picked that can be killed (GOT-R-17)."""
    return [c for c in characters(st, st["challenge"]["defender"])
            if c["uid"] not in frame["chosen"] and not cannot_be_killed(st, c)]


def run_military_claim(st: State, frame: dict[str, Any]) -> bool:
    """X different characters the defending player chooses, then killed (GOT-R-17)."""
    candidates = claim_candidates(st, frame)
    if len(frame["chosen"]) < frame["left"] and len(candidates) > frame["left"] - len(
            frame["chosen"]):
        return WAIT
    st["pending"].pop()
    chosen = frame["chosen"] + [c["uid"] for c in candidates][:frame["left"] - len(
        frame["chosen"])]
    for uid in reversed(chosen):
        push_kill(st, uid)
    return GO


def ask_military_claim(st: State, frame: dict[str, Any]) -> Prompt:
    left = frame["left"] - len(frame["chosen"])
    moves = [{"kind": "kill", "card": c["uid"]} for c in claim_candidates(st, frame)]
    return Prompt(st["challenge"]["defender"], "military_claim",
                  f"Military claim: choose a character of yours to be killed ({left} more)",
                  moves)


def answer_military_claim(st: State, frame: dict[str, Any], move: dict[str, Any]) -> None:
    frame["chosen"].append(move["card"])


def run_unopposed(st: State, frame: dict[str, Any]) -> bool:
    st["pending"].pop()
    ch = st["challenge"]
    if ch["winner"] == ch["attacker"] and ch["strength"][1] <= 0:
        note(st, ch["attacker"], "won unopposed and gained 1 power")
        offer_infamy(st, ch["attacker"], gain_power(st, ch["attacker"], 1))
    return GO


def run_renown(st: State, frame: dict[str, Any]) -> bool:
    st["pending"].pop()
    ch = st["challenge"]
    if ch["winner"] is None:
        return GO
    side = ch["attackers"] if ch["winner"] == ch["attacker"] else ch["defenders"]
    for uid in side:
        rec = find(st, uid)
        if rec is not None and has_keyword(st, rec, "Renown"):
            note(st, ch["winner"], "gained 1 power by Renown on", [rec["card"]])
            gain_power(st, ch["winner"], 1, uid)
    return GO


def run_deadly(st: State, frame: dict[str, Any]) -> bool:
    """More Deadly attackers than Deadly defenders: the defending player kills one of its
    defending characters, whoever won (GOT-R-32)."""
    ch = st["challenge"]
    count = [sum(1 for u in side if has_keyword(st, _rec(st, u), "Deadly"))
             for side in (ch["attackers"], ch["defenders"])]
    if count[0] <= count[1] or not ch["defenders"]:
        st["pending"].pop()
        return GO
    if len(ch["defenders"]) == 1:
        st["pending"].pop()
        push_kill(st, ch["defenders"][0])
        return GO
    return WAIT


def ask_deadly(st: State, frame: dict[str, Any]) -> Prompt:
    ch = st["challenge"]
    return Prompt(ch["defender"], "deadly", "Deadly: choose a defending character to kill",
                  [{"kind": "kill", "card": u} for u in ch["defenders"]])


def answer_deadly(st: State, frame: dict[str, Any], move: dict[str, Any]) -> None:
    st["pending"].pop()
    push_kill(st, move["card"])


def run_challenge_triggers(st: State, frame: dict[str, Any]) -> bool:
    """The challenge's resolution triggers (won, lost, resolved) and their response step."""
    st["pending"].pop()
    ch = st["challenge"]
    if ch["winner"] is not None:
        st["triggers"] += [
            {"kind": "won", "seat": ch["winner"], "used": []},
            {"kind": "lost", "seat": other(ch["winner"]), "used": []}]
    st["triggers"].append({"kind": "resolved", "seat": ch["attacker"], "used": []})
    return_honor_guards(st)
    push_window(st, "response")
    return GO


def return_honor_guards(st: State) -> None:
    """An Honor Guard that took part in a challenge its controller won goes back to its
    owner's control, leaving the challenge (§5.9)."""
    from .effects_neutral import HONOR_GUARDS
    ch = st["challenge"]
    for rec in st["play"]:
        if (rec["card"] in HONOR_GUARDS and rec["owner"] != rec["controller"]
                and rec["controller"] == ch["winner"]
                and rec["uid"] in ch["attackers"] + ch["defenders"]):
            rec["controller"] = rec["owner"]
            for side in ("attackers", "defenders"):
                if rec["uid"] in ch[side]:
                    ch[side].remove(rec["uid"])
            note(st, rec["owner"], "took back control of", [rec["card"]])


def run_end_challenge(st: State, frame: dict[str, Any]) -> bool:
    st["pending"].pop()
    st["challenge"] = None
    st["claim_bonus"] = []
    st["lasting"] = [e for e in st["lasting"] if e["until"] != "challenge"]
    return GO


def run_after_win(st: State, frame: dict[str, Any]) -> bool:
    """Riders of events played in this challenge that pay off on a win (Secret Means: "if
    you go on to win this challenge, you draw 2"; GOT-R-14 places them after the claim)."""
    st["pending"].pop()
    ch = st["challenge"]
    from .state import draw
    for rider in ch["after_win"]:
        if rider["seat"] == ch["winner"]:
            draw(st, rider["seat"], rider["draw"])
    return GO
