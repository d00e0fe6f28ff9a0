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

from .ability import CardRules
from .cards import CARDS
from .state import State, melee, note, opponents, other, player

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
    """The Mutual plots' bars last "this round"."""
    if "pacts" in st:
        st["pacts"] = []


def titles_of(st: State) -> dict[str, int]:
    found: dict[str, int] = st.get("titles", {})
    return found


def house_name(st: State, seat: int) -> str:
    return f"Seat {seat} ({player(st, seat)['house'].capitalize()})"


RULES: dict[str, CardRules] = {plot: _mutual(plot) for plot in MUTUAL}
OPS: dict[str, Op[State]] = {"mutual": Op(run_mutual, ask_mutual, answer_mutual)}

__all__ = ["GO"]
