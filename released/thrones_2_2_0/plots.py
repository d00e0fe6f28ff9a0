"""Plot cards: their constant effects, "when revealed" abilities and riders ("pick an
opponent" plots: ``opponent_picks.py``); where several players choose, the plot's owner
chooses first (GOT-R-24). Choices go through one ``choose`` frame (``CHOICES``: what
may be picked, how many, and what happens once picked)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from domain.kernel import Prompt
from domain.kernel.stack import GO, WAIT, Op

from .ability import CardRules, Mod, Src, State
from .cards import CARDS
from .infamy import offer_infamy
from .state import (
    InPlay,
    attachments_of,
    characters,
    clockwise,
    draw,
    gain_power,
    note,
    opponents,
    player,
    seats,
)
from .zones import discard_from_play, leave_play, moribund, push_kill


def _illyrio(st: State, seat: int) -> None:
    """Illyrio's Gift: "If you win dominance this round, gain 3 more power." (GOT-EX-5)"""
    note(st, seat, "gained 3 more power from Illyrio's Gift")
    offer_infamy(st, seat, gain_power(st, seat, 3))


def _hear_me_roar(st: State, source: Src, target: dict[str, Any]) -> Mod | None:
    """Every character without an intrigue icon (as printed) has -1 STR."""
    if "intrigue" in CARDS[target["card"]].icons:
        return None
    return {"str": -1}


def _yours(check: Callable[[State, Src, dict[str, Any]], int]) -> Any:
    """A constant on your characters: +``check(...)`` STR."""
    def constant(st: State, source: Src, target: dict[str, Any]) -> Mod | None:
        if (target["controller"] != source["controller"]
                or CARDS[target["card"]].type != "character"):
            return None
        bonus = check(st, source, target)
        return {"str": bonus} if bonus else None
    return constant


def _war_crest(st: State, source: Src, target: dict[str, Any]) -> int:
    """The Power of Arms: "your War-crest characters have +2 STR"."""
    return 2 if "war" in CARDS[target["card"]].crests else 0


def _outnumbered(st: State, source: Src, target: dict[str, Any]) -> int:
    """Holding the Trident: while an opponent controls more characters, +2 STR each."""
    mine = source["controller"]
    return 2 if any(len(characters(st, s)) > len(characters(st, mine))
                    for s in opponents(st, mine)) else 0


def _per_attachment(st: State, source: Src, target: dict[str, Any]) -> int:
    """Power and Wealth: "+1 STR per attachment on them"."""
    return len(attachments_of(st, target["uid"]))


def _every(effect: Callable[[State, int], None]) -> Callable[[State, int], None]:
    """Run ``effect`` for every seat, the plot's owner first (GOT-R-24)."""
    def when_revealed(st: State, seat: int) -> None:
        for who in reversed(clockwise(st, seat)):  # pushed: the owner's runs first
            effect(st, who)
    return when_revealed


def draw_3(st: State, seat: int) -> None:
    draw(st, seat, 3)


def _valar_morghulis(st: State, seat: int) -> None:
    """"When revealed: all characters in play are killed" (each may be saved)."""
    for rec in reversed(characters(st)):
        push_kill(st, rec["uid"])


def choose(what: str) -> Callable[[State, int], None]:
    def push(st: State, seat: int) -> None:
        st["pending"].append({"op": "choose", "what": what, "seat": seat, "chosen": []})
    return push


def _decree(st: State, seat: int) -> None:
    """Rule by Decree: "whoever holds the most cards discards cards of their choice until
    they hold 4" (both, when tied; the owner first)."""
    sizes = [len(player(st, s)["hand"]) for s in seats(st)]
    for who in reversed(clockwise(st, seat)):
        if sizes[who] == max(sizes) and sizes[who] > 4:
            st["pending"].append({"op": "decree", "seat": who})


def run_decree(st: State, frame: dict[str, Any]) -> bool:
    if len(player(st, frame["seat"])["hand"]) > 4:
        return WAIT
    st["pending"].pop()
    return GO


def ask_decree(st: State, frame: dict[str, Any]) -> Prompt:
    hand = player(st, frame["seat"])["hand"]
    return Prompt(frame["seat"], "decree", f"Rule by Decree: discard down to 4 cards "
                  f"({len(hand) - 4} more)", [{"kind": "discard", "card": c}
                                              for c in sorted(set(hand))])


def answer_decree(st: State, frame: dict[str, Any], move: dict[str, Any]) -> None:
    p = player(st, frame["seat"])
    p["hand"].remove(move["card"])
    p["discard"].append(move["card"])
    note(st, frame["seat"], "discarded", [move["card"]])


def _knights(st: State, source: Src, target: dict[str, Any]) -> Mod | None:
    """Tourney for the Hand: "Knights you control have +1 STR and immunity to opponents'
    character abilities"."""
    if target["controller"] == source["controller"] and "Knight" in CARDS[
            target["card"]].traits:
        return {"str": 1, "keywords": ["Immune to opponents' character abilities"]}
    return None


def snowed_under(st: State, seat: int) -> None:
    """Snowed Under, at the start of the standing phase: its owner picks one knelt character
    or location of each player; the picked cards return to their owners' hands."""
    for each in reversed(seats(st)):  # every player (rules 2.0.0: seats 0 and 1 only)
        st["pending"].append({"op": "choose", "what": "snowed", "seat": seat, "of": each,
                              "chosen": []})


def snowed_under_starts(st: State) -> None:
    """At the start of the standing phase, each revealed Snowed Under, seat by seat."""
    for seat in seats(st):
        if player(st, seat)["revealed"] == "snowed-under":
            snowed_under(st, seat)


def _snowed_candidates(st: State, frame: dict[str, Any]) -> list[InPlay]:
    return [c for c in st["play"] if c["controller"] == frame["of"] and c["knelt"]
            and CARDS[c["card"]].type in ("character", "location") and c["host"] != "house"
            and c["uid"] not in frame["chosen"] and not moribund(c)]


def _to_hands(st: State, frame: dict[str, Any]) -> None:
    for uid in frame["chosen"]:
        rec = next(c for c in st["play"] if c["uid"] == uid)
        note(st, rec["controller"], "returned to hand (Snowed Under)", [rec["card"]],
             passive=True)
        leave_play(st, uid, "hand")


# ---- the choices plots ask for ----

@dataclass(frozen=True)
class Choice:
    text: str
    candidates: Callable[[State, dict[str, Any]], list[InPlay]]
    most: Callable[[State, dict[str, Any]], int]
    finish: Callable[[State, dict[str, Any]], None]
    keep: bool = False  # the picks are kept (done allowed); else exactly ``most`` are picked


def _own(kind: str, standing_only: bool = False) -> Callable[[State, dict[str, Any]],
                                                               list[InPlay]]:
    def candidates(st: State, frame: dict[str, Any]) -> list[InPlay]:
        return [c for c in st["play"] if c["controller"] == frame["seat"]
                and CARDS[c["card"]].type == kind and c["host"] != "house"
                and not (standing_only and c["knelt"])
                and c["uid"] not in frame["chosen"] and not moribund(c)]
    return candidates


def _kill_rest(kind: str, discard: bool) -> Callable[[State, dict[str, Any]], None]:
    """Everything of ``kind`` the seat controls and did not keep leaves play, no save."""
    def finish(st: State, frame: dict[str, Any]) -> None:
        for rec in _own(kind)(st, frame):
            if discard:
                discard_from_play(st, rec["uid"])
            else:  # a kill like any other (its triggers, The Power of Blood), no save
                push_kill(st, rec["uid"], save=False)
    return finish


def _kneel_chosen(st: State, frame: dict[str, Any]) -> None:
    for uid in frame["chosen"]:
        rec = next(c for c in st["play"] if c["uid"] == uid)
        rec["knelt"] = True
        note(st, frame["seat"], "knelt", [rec["card"]])


def _condemned(st: State, frame: dict[str, Any]) -> list[InPlay]:
    return [c for c in characters(st) if c["controller"] != frame["seat"]
            and c["uid"] not in frame["chosen"]
            and not moribund(c)]


def _kill_chosen(st: State, frame: dict[str, Any]) -> None:
    for uid in reversed(frame["chosen"]):
        push_kill(st, uid)


CHOICES: dict[str, Choice] = {
    "drunken": Choice("Drunken Allegations: kneel one of your standing characters",
                      _own("character", standing_only=True), lambda st, f: 1, _kneel_chosen),
    "wildfire": Choice("Wildfire Assault: keep up to 3 of your characters (the others are "
                       "killed)", _own("character"), lambda st, f: 3,
                       _kill_rest("character", discard=False), keep=True),
    "fleeing": Choice("Fleeing to the Wall: keep up to 3 of your locations (the others are "
                      "discarded)", _own("location"), lambda st, f: 3,
                      _kill_rest("location", discard=True), keep=True),
    "snowed": Choice("Snowed Under: pick a knelt character or location to return to hand",
                     _snowed_candidates, lambda st, f: 1, _to_hands),
    "condemned": Choice("Condemned by the Realm: kill one character you do not control",
                        _condemned, lambda st, f: 1, _kill_chosen),
}


def run_choose(st: State, frame: dict[str, Any]) -> bool:
    """Ask while a real choice is left; when the candidates left are no more than the picks
    left, they are all picked (or all kept) without asking: nothing hidden decides it."""
    choice = CHOICES[frame["what"]]
    left = choice.most(st, frame) - len(frame["chosen"])
    options = [c["uid"] for c in choice.candidates(st, frame)]
    if left > 0 and len(options) > left:
        return WAIT
    frame["chosen"] += options[:max(left, 0)]
    st["pending"].pop()
    choice.finish(st, frame)
    return GO


def ask_choose(st: State, frame: dict[str, Any]) -> Prompt:
    choice = CHOICES[frame["what"]]
    moves: list[dict[str, Any]] = [{"kind": "choose", "card": c["uid"]}
                                   for c in choice.candidates(st, frame)]
    if choice.keep:
        moves.append({"kind": "done"})
    return Prompt(frame["seat"], "choose", choice.text, moves)


def answer_choose(st: State, frame: dict[str, Any], move: dict[str, Any]) -> None:
    if move["kind"] == "done":  # keep no more: the rest leaves play
        st["pending"].pop()
        CHOICES[frame["what"]].finish(st, frame)
        return
    frame["chosen"].append(move["card"])


RULES: dict[str, CardRules] = {
    "illyrios-gift": CardRules(on_dominance=_illyrio),
    "hear-me-roar": CardRules(constant=_hear_me_roar),
    "the-power-of-arms": CardRules(constant=_yours(_war_crest)),
    "holding-the-trident": CardRules(constant=_yours(_outnumbered)),
    "power-and-wealth": CardRules(constant=_yours(_per_attachment)),
    "valar-morghulis": CardRules(when_revealed=_valar_morghulis),
    # "Every player" keeps up to 3: each seat, the owner first (GOT-R-24).
    "wildfire-assault": CardRules(when_revealed=_every(choose("wildfire"))),
    "fleeing-to-the-wall": CardRules(when_revealed=_every(choose("fleeing"))),
    # "Pick an opponent" plots and Good for the Gander: opponent_picks.py.
    "rule-by-decree": CardRules(when_revealed=_decree),
    "tourney-for-the-hand": CardRules(constant=_knights),
    # Snowed Under: ``snowed_under_starts`` at the start of the standing phase (a hook,
    # ``hooks.at_standing_start``).
    "snowed-under": CardRules(),
    # Mutual Enemies / Blackmail / Cause ("only with 2 or more opponents"): opponent_picks.py
    # (the bar they set: melee.py).
    # Handled where the rule they change lives: taxation (Planning Ahead), kills (The Power
    # of Blood), income (Blockade, Rains of Autumn), standing (Noose and Swordpoint),
    # defenders (Herding the Masses), declaring military (Uneasy Truce), events (Calm over
    # Westeros).
    "planning-ahead": CardRules(),
    "the-power-of-blood": CardRules(),
    "blockade": CardRules(),
    "rains-of-autumn": CardRules(),
    "noose-and-swordpoint": CardRules(),
    "herding-the-masses": CardRules(),
    "uneasy-truce": CardRules(),
    "calm-over-westeros": CardRules(),
}

OPS: dict[str, Op[State]] = {"choose": Op(run_choose, ask_choose, answer_choose),
                             "decree": Op(run_decree, ask_decree, answer_decree)}
