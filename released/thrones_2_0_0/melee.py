"""Melee (digest §2.4, §6.3; three or more players in the ``lcg`` profile): every challenge
names a target opponent, and the Mutual plots bar one challenge type between two players.

Legal target (ruling, §6.3): any opponent, but not one you support (``titles.supports``) and
not one a plot forbids for that challenge type. With two players the one opponent is the
target, as in the box, and the moves stay the box's.
"""

from __future__ import annotations

from typing import Any

from domain.kernel import Prompt
from domain.kernel.stack import GO, WAIT, Op

from .ability import Ability, CardRules
from .cards import CARDS
from .state import State, melee, note, opponents, other, player
from .targeting import Trig, kneel_self, standing_self

# The Mutual plots: "When revealed, only with 2 or more opponents: pick one; this round
# neither of you may declare a <type> challenge against the other."
MUTUAL = {"mutual-enemies": "military", "mutual-blackmail": "intrigue",
          "mutual-cause": "power"}


def forbidden(st: State, seat: int, target: int, kind: str) -> bool:
    """A Mutual plot picked ``seat`` and ``target`` for challenges of ``kind``."""
    return any(p["type"] == kind and {seat, target} == set(p["seats"])
               for p in st.get("pacts", []))


def legal_targets(st: State, seat: int, kind: str, excluding: int | None = None) -> list[int]:
    """The opponents ``seat`` may challenge with ``kind`` (clockwise from its left)."""
    if not melee(st):
        return [other(seat)]
    from .titles import supports
    return [t for t in opponents(st, seat) if t != excluding and not supports(st, seat, t)
            and not forbidden(st, seat, t, kind)]


def _mutual(plot: str) -> CardRules:
    def when_revealed(st: State, seat: int) -> None:
        if melee(st):  # "only with 2 or more opponents"
            st["pending"].append({"op": "mutual", "seat": seat, "plot": plot})
    return CardRules(when_revealed=when_revealed)


def reveals(st: State, plot: str) -> bool:
    """Whether ``plot`` has a "when revealed" that does something in this game (the Mutual
    plots' does nothing with one opponent)."""
    if plot in MUTUAL:
        return melee(st)
    from .effects import rules_of
    return rules_of(plot).when_revealed is not None


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


def new_round(st: State) -> None:
    """The Mutual plots' bars last "this round"; so do Varys's trades, traded back."""
    if "pacts" in st:
        st["pacts"] = []
    for a, b in reversed(st.pop("traded", [])):
        _trade(st, a, b)
        note(st, a, f"traded plot decks and used piles back with Seat {b} (Varys)")


# Varys (DATA; the lcg profile, GOT-R-42): "action, plot phase; only with 2 or more
# opponents. Cost: kneel Varys. Target: an opponent. Effect: until the round ends, you and
# that opponent trade plot decks and used-plot piles." Its target is "p<seat>".
def _varys_can(st: State, seat: int, source: str, trig: Trig) -> bool:
    return melee(st) and standing_self(st, seat, source, trig)


def _varys_targets(st: State, seat: int, source: str, trig: Trig) -> list[str]:
    return [f"p{s}" for s in opponents(st, seat)]


def _varys(st: State, seat: int, source: str, target: str, trig: Trig) -> None:
    theirs = int(target[1:])
    _trade(st, seat, theirs)
    st.setdefault("traded", []).append([seat, theirs])
    note(st, seat, f"traded plot decks and used piles with Seat {theirs} until the round "
                   "ends (Varys)")


def _trade(st: State, a: int, b: int) -> None:
    first, second = player(st, a), player(st, b)
    for pile in ("plots", "used"):
        first[pile], second[pile] = second[pile], first[pile]


RULES: dict[str, CardRules] = {
    **{plot: _mutual(plot) for plot in MUTUAL},
    "varys": CardRules(abilities=(Ability(
        "kneel Varys: trade plot decks and used piles with an opponent until the round ends",
        _varys, phases=("plot",), can=_varys_can, targets=_varys_targets, pay=kneel_self),)),
}
OPS: dict[str, Op[State]] = {"mutual": Op(run_mutual, ask_mutual, answer_mutual)}

__all__ = ["GO"]
