"""Resolving a challenge (§3.4 step 7, the FAQ order): the winner (ties to the attacker),
claim per type (military: X different characters the defender picks, GOT-R-17; intrigue: X
cards at random, a hidden pick; power: power moved from the defender's House), unopposed,
Renown, Deadly (GOT-R-32), the "if you win" riders, the resolution triggers and their
responses, and the end of the challenge."""

from __future__ import annotations

from typing import Any

from domain.kernel import Prompt
from domain.kernel.stack import GO, WAIT

from .cards import CARDS
from .challenges import in_play
from .frames import push, push_window
from .hooks import control_returns
from .infamy import offer_infamy
from .keywords import intimidation
from .state import (
    Challenge,
    ChallengeResult,
    InPlay,
    State,
    characters,
    check_win,
    claim_payer,
    draw,
    find,
    gain_power,
    note,
    opponent,
    player,
)
from .stats import has_keyword, strength
from .titles import strength_bonus
from .zones import cannot_be_killed, moribund, push_kill


def counted(st: State, uid: str) -> int:
    """A participant's STR in the totals (Catelyn Stark: "its STR is ignored")."""
    rec = in_play(st, uid)
    return 0 if has_keyword(st, rec, "STR ignored") else strength(st, rec)


def totals(st: State) -> tuple[int, int]:
    """Each side's total STR, with its player's title bonus (melee, §6.3); Intimidate:
    defending characters with lower STR than the strongest attacking Intimidate character do
    not count (GOT-R-33)."""
    ch = st["challenge"]
    bar = intimidation(st)
    return (sum(counted(st, u) for u in ch["attackers"])
            + strength_bonus(st, ch["attacker"], ch["type"], ch["attackers"]),
            sum(counted(st, u) for u in ch["defenders"] if strength(st, in_play(st, u)) >= bar)
            + strength_bonus(st, ch["defender"], ch["type"], ch["defenders"]))


def run_resolve(st: State, frame: dict[str, Any]) -> bool:
    """Winner (ties to the attacker; no attacker left, no win: GOT-R-16), then claim,
    unopposed, Renown, Deadly, the "if you win" riders, Vigilant and Vengeful, then the
    responses."""
    st["pending"].pop()
    ch = st["challenge"]
    attack, defense = totals(st)
    ch["strength"] = [attack, defense]
    if ch["attackers"] and attack >= defense:
        ch["winner"] = ch["attacker"]
    elif ch["defenders"]:
        ch["winner"] = ch["defender"]
    st["last_challenge"] = challenge_result(st)
    if ch["winner"] is None:
        note(st, ch["attacker"], f"nobody won the {ch['type']} challenge")
    else:
        note(st, ch["winner"], f"won the {ch['type']} challenge, {attack} to {defense}")
    push(st, {"op": "claim"}, *([{"op": "title_rewards"}] if "target" in ch else []),
         {"op": "unopposed"}, {"op": "renown"}, {"op": "deadly"},
         {"op": "after_win"}, {"op": "keyword_stand"}, {"op": "challenge_triggers"},
         {"op": "end_challenge"})
    return GO


def won_unopposed(ch: Challenge) -> bool:
    """§3.4: the attacker won and no defending STR counted."""
    return ch["winner"] == ch["attacker"] and ch["strength"][1] <= 0


def challenge_result(st: State) -> ChallengeResult:
    """The resolved challenge's result, kept in the state after the challenge ends so that a
    later position still shows it (issue 26, item 4)."""
    ch = st["challenge"]
    attack, defense = ch["strength"]
    result: ChallengeResult = {
        "round": st["round"], "type": ch["type"], "attacker": ch["attacker"],
        "defender": ch["defender"], "totals": {"attacker": attack, "defender": defense},
        "winner": ch["winner"], "unopposed": won_unopposed(ch)}
    if "target" in ch:
        result["target"] = ch["target"]
    return result


def claim_value(st: State) -> int:
    attacker = player(st, st["challenge"]["attacker"])
    plot = attacker["revealed"]
    bonus: int = sum(b["n"] for b in st["claim_bonus"] if b["house"] == attacker["house"])
    # I Never Bet Against My Family lowers it "(minimum 0)".
    return max(0, (CARDS[plot].claim or 0 if plot else 0) + bonus)


def run_claim(st: State, frame: dict[str, Any]) -> bool:
    st["pending"].pop()
    ch = st["challenge"]
    if ch["winner"] != ch["attacker"]:
        return GO
    x = claim_value(st)
    defender = claim_payer(st)  # the target, even when a supporter defended (GOT-R-28)
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
        check_win(st)
        offer_infamy(st, ch["attacker"], moved)
    return GO


def claim_candidates(st: State, frame: dict[str, Any]) -> list[InPlay]:
    """Characters of the defender not yet picked that can be killed (GOT-R-17)."""
    return [c for c in characters(st, claim_payer(st))
            if c["uid"] not in frame["chosen"] and not cannot_be_killed(st, c)
            and not moribund(c)]


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
    return Prompt(claim_payer(st), "military_claim",
                  f"Military claim: choose a character of yours to be killed ({left} more)",
                  moves)


def answer_military_claim(st: State, frame: dict[str, Any], move: dict[str, Any]) -> None:
    frame["chosen"].append(move["card"])


def run_unopposed(st: State, frame: dict[str, Any]) -> bool:
    st["pending"].pop()
    ch = st["challenge"]
    if won_unopposed(ch):
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
    count = [sum(1 for u in side if has_keyword(st, in_play(st, u), "Deadly"))
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
            {"kind": "lost", "seat": opponent(st, ch["winner"]), "used": []}]
    st["triggers"].append({"kind": "resolved", "seat": ch["attacker"], "used": []})
    return_honor_guards(st)
    push_window(st, "response")
    return GO


def return_honor_guards(st: State) -> None:
    """An Honor Guard that took part in a challenge its controller won goes back to its
    owner's control, leaving the challenge (§5.9)."""
    ch = st["challenge"]
    for rec in st["play"]:
        if (control_returns(rec["card"]) and rec["owner"] != rec["controller"]
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
    for rider in ch["after_win"]:
        if rider["seat"] == ch["winner"]:
            draw(st, rider["seat"], rider["draw"])
    return GO
