"""Melee (digest §2.4, §6.3; three or more players in the ``lcg`` profile): every challenge
names a target opponent, and the Mutual plots bar one challenge type between two players.

Legal target (ruling, §6.3): any opponent, but not one you support (``titles.supports``) and
not one a plot forbids for that challenge type. With two players the one opponent is the
target, as in the box, and the moves stay the box's.
"""

from __future__ import annotations

from .hooks import rules_of
from .state import State, melee, note, opponents, other, player
from .titles import KINGSGUARD, holder, once, supports

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
    return [t for t in opponents(st, seat) if t != excluding and not supports(st, seat, t)
            and not forbidden(st, seat, t, kind)]


# ---- no defenders declared (GOT-R-27, GOT-R-28; the frame runs in ``undefended.py``) ----

def kingsguard_taker(st: State) -> int | None:
    """Who may take an undefended challenge onto itself: the Lord Commander of the Kingsguard
    (once a round; a military challenge; neither side; a legal target of the attacker)."""
    ch = st["challenge"]
    taker = holder(st, KINGSGUARD)
    if (taker is None or ch["type"] != "military" or taker in (ch["attacker"], ch["target"])
            or not once(st, KINGSGUARD) or taker not in legal_targets(
                st, ch["attacker"], "military")):
        return None
    return taker


def push_undefended(st: State) -> None:
    """The target declared no defenders: the Lord Commander, then the supporters."""
    asked = [] if kingsguard_taker(st) is not None else ["kingsguard"]
    st["pending"].append({"op": "undefended", "asked": asked})


def reveals(st: State, plot: str) -> bool:
    """Whether ``plot`` has a "when revealed" that does something in this game (the Mutual
    plots' does nothing with one opponent)."""
    if plot in MUTUAL:
        return melee(st)
    return rules_of(plot).when_revealed is not None


def new_round(st: State) -> None:
    """The Mutual plots' bars last "this round"; so do Varys's trades, traded back."""
    if "pacts" in st:
        st["pacts"] = []
    for a, b in reversed(st.pop("traded", [])):
        trade_plot_decks(st, a, b)
        note(st, a, f"traded plot decks and used piles back with Seat {b} (Varys)")


def trade_plot_decks(st: State, a: int, b: int) -> None:
    """Varys (``effects_neutral.py``): two seats swap plot decks and used piles."""
    first, second = player(st, a), player(st, b)
    for pile in ("plots", "used"):
        first[pile], second[pile] = second[pile], first[pile]
