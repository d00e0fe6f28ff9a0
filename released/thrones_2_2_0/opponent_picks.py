"""Plots that "pick an opponent" (Counting Favors, Drunken Allegations, Building Season,
Summoning Season, Condemned by the Realm) and Good for the Gander ("a plot an opponent has
revealed"), rules 2.1.0. The plot's owner picks one opponent (prompt ``pick_opponent``,
moves ``{"kind": "opponent", "seat"}``); the effect then reaches the owner and that opponent
only ("both of you"), never the other seats of a melee. With one opponent to pick (two
players, or one Gander can copy) nothing is asked; with none, nothing happens.

The Mutual plots (melee only): "pick one; this round neither of you may declare a <type>
challenge against the other" (``melee.forbidden`` holds the bar).

Rules 2.0.0 ran "both of you" for every seat and took the opponent on the owner's left."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.kernel import Prompt
from domain.kernel.stack import GO, WAIT, Op

from .ability import CardRules, State
from .cards import CARDS
from .hooks import rules_of
from .melee import MUTUAL
from .plots import choose, draw_3
from .searches import push_search
from .state import melee, note, opponents, player

GANDER = "good-for-the-gander"


def _both(effect: Callable[[State, int], None]) -> Callable[[State, int, int], None]:
    """``effect`` for the opponent picked, then for the owner: pushed frames run the owner's
    first (GOT-R-24), as the box always did."""
    def run(st: State, seat: int, picked: int) -> None:
        for who in (picked, seat):
            effect(st, who)
    return run


def _both_search(what: str) -> Callable[[State, int, int], None]:
    """Building / Summoning Season: both search, the owner first; the plot's effect is the
    owner's (Grand Maester Pycelle, README)."""
    def run(st: State, seat: int, picked: int) -> None:
        for who in (picked, seat):
            push_search(st, who, what, by=seat)
    return run


def _gander(st: State, seat: int, picked: int) -> None:
    """Good for the Gander: the picked opponent's revealed plot's "when revealed", as a copy
    (the copy is the Gander owner's: a plot that picks an opponent asks it again)."""
    effect = _when_revealed(player(st, picked)["revealed"] or "")
    if effect is not None:
        effect(st, seat)


def _when_revealed(plot: str) -> Callable[[State, int], None] | None:
    """A plot's own "when revealed", wherever its rules live (the Mutual plots: below)."""
    return rules_of(plot).when_revealed if plot else None


PICKED: dict[str, Callable[[State, int, int], None]] = {
    "counting-favors": _both(draw_3),
    "drunken-allegations": _both(choose("drunken")),
    "building-season": _both_search("location"),
    "summoning-season": _both_search("character"),
    "condemned-by-the-realm": lambda st, seat, picked: choose("condemned")(st, picked),
}
WHAT = {"counting-favors": "both of you draw 3 cards",
        "drunken-allegations": "each of you kneels a standing character",
        "building-season": "both of you search your deck for a location",
        "summoning-season": "both of you search your deck for a character",
        "condemned-by-the-realm": "they kill a character they do not control",
        GANDER: "copy the when revealed ability of their plot"}


def push_pick(st: State, seat: int, plot: str) -> None:
    st["pending"].append({"op": "pick_opponent", "seat": seat, "plot": plot})


def candidates(st: State, frame: dict[str, Any]) -> list[int]:
    """The opponents the owner may pick: any, or for the Gander one whose revealed plot has a
    "when revealed" to copy (not another Gander)."""
    seat = frame["seat"]
    if frame["plot"] != GANDER:
        return opponents(st, seat)
    return [s for s in opponents(st, seat) if (plot := player(st, s)["revealed"] or "")
            != GANDER and _when_revealed(plot) is not None]


def run_pick(st: State, frame: dict[str, Any]) -> bool:
    found = candidates(st, frame)
    if len(found) > 1:
        return WAIT
    st["pending"].pop()
    if found:
        _resolve(st, frame, found[0])
    return GO


def ask_pick(st: State, frame: dict[str, Any]) -> Prompt:
    plot = frame["plot"]
    return Prompt(frame["seat"], "pick_opponent",
                  f"{CARDS[plot].name}: pick an opponent; {WHAT[plot]}",
                  [{"kind": "opponent", "seat": s} for s in candidates(st, frame)])


def answer_pick(st: State, frame: dict[str, Any], move: dict[str, Any]) -> None:
    st["pending"].pop()
    note(st, frame["seat"], f"picked Seat {move['seat']}", [frame["plot"]])
    _resolve(st, frame, move["seat"])


def _resolve(st: State, frame: dict[str, Any], picked: int) -> None:
    if frame["plot"] == GANDER:
        _gander(st, frame["seat"], picked)
    else:
        PICKED[frame["plot"]](st, frame["seat"], picked)


def _picks(plot: str) -> CardRules:
    return CardRules(when_revealed=lambda st, seat: push_pick(st, seat, plot))


# ---- the Mutual plots (the bar itself is the engine's: melee.py) ----

def _mutual(plot: str) -> CardRules:
    def when_revealed(st: State, seat: int) -> None:
        if melee(st):  # "only with 2 or more opponents"
            st["pending"].append({"op": "mutual", "seat": seat, "plot": plot})
    return CardRules(when_revealed=when_revealed)


def run_mutual(st: State, frame: dict[str, Any]) -> bool:
    return WAIT


def ask_mutual(st: State, frame: dict[str, Any]) -> Prompt:
    kind = MUTUAL[frame["plot"]]
    return Prompt(frame["seat"], "mutual",
                  f"{CARDS[frame['plot']].name}: pick an opponent; this round neither of you "
                  f"may declare a {kind} challenge against the other",
                  [{"kind": "opponent", "seat": s} for s in opponents(st, frame["seat"])])


def answer_mutual(st: State, frame: dict[str, Any], move: dict[str, Any]) -> None:
    st["pending"].pop()
    kind = MUTUAL[frame["plot"]]
    st.setdefault("pacts", []).append({"seats": [frame["seat"], move["seat"]], "type": kind})
    note(st, frame["seat"], f"picked Seat {move['seat']}: no {kind} challenges between them "
                            "this round", [frame["plot"]])


RULES: dict[str, CardRules] = {**{plot: _picks(plot) for plot in [*PICKED, GANDER]},
                               **{plot: _mutual(plot) for plot in MUTUAL}}
OPS: dict[str, Op[State]] = {"pick_opponent": Op(run_pick, ask_pick, answer_pick),
                             "mutual": Op(run_mutual, ask_mutual, answer_mutual)}
