"""The plot-draft variant (§2.2, an option agreed at creation; GOT-EX-22): the 18 plots of
the pool left after the two fixed decks are shuffled (a hidden Chance step); three times,
each player is dealt 3, keeps 1 and passes 2 to the opponent, then keeps 1 of the 2 received
and returns the other to the box; finally each builds a plot deck of 7 from its 13 plots.
Picks, hands and final decks are hidden (GOT-R-4): both players answer at once, and the
answers stay hidden; only counts are shown."""

from __future__ import annotations

from collections import Counter
from typing import Any

from domain.kernel import Prompt
from domain.kernel.stack import GO, WAIT

from .cards import BOX
from .state import State, note, player

ROUNDS = 3
DECK = 7


def draft_pool() -> list[str]:
    """The pool less both fixed decks: 32 - 14 = 18 plots."""
    left = Counter({cid: n for cid, n in BOX.plot_pool})
    for plots in BOX.plot_decks.values():
        left.subtract(plots)
    return sorted(left.elements())


def start_draft(st: State) -> None:
    st["draft"] = {"deck": draft_pool(), "round": 0, "hands": [[], []], "kept": [[], []],
                   "returned": 0, "done": [False, False]}
    st["pending"] += [{"op": "draft_final"}, {"op": "draft_round"},
                      {"op": "draft_shuffle"}]


def shuffle_spec(st: State, frame: dict[str, Any]) -> dict[str, Any]:
    return {"kind": "shuffle", "n": len(st["draft"]["deck"]), "what": "the plot draft deck"}


def shuffled(st: State, frame: dict[str, Any], outcome: Any) -> None:
    st["pending"].pop()
    deck = st["draft"]["deck"]
    st["draft"]["deck"] = [deck[i] for i in outcome]


def run_round(st: State, frame: dict[str, Any]) -> bool:
    """Deal 3 to each (from the top of the draft deck) and ask both to keep 1."""
    draft = st["draft"]
    st["pending"].pop()
    if draft["round"] == ROUNDS:
        return GO
    draft["round"] += 1
    for seat in (0, 1):
        draft["hands"][seat] = [draft["deck"].pop() for _ in range(3)]
    note(st, -1, f"plot draft, round {draft['round']}: 3 plots dealt to each player")
    st["pending"] += [{"op": "draft_round"}, {"op": "draft_keep", "of": 2},
                      {"op": "draft_keep", "of": 3}]
    return GO


def ask_keep(st: State, frame: dict[str, Any], seat: int) -> Prompt:
    hand = st["draft"]["hands"][seat]
    what = "pass the other 2" if frame["of"] == 3 else "return the other to the box"
    return Prompt(seat, "draft", f"Plot draft: keep 1 of these {len(hand)} plots and {what}",
                  [{"kind": "draft", "card": c} for c in sorted(set(hand))])


def answer_keep(st: State, frame: dict[str, Any], seat: int, move: dict[str, Any]) -> None:
    draft = st["draft"]
    draft["hands"][seat].remove(move["card"])
    draft["kept"][seat].append(move["card"])
    draft["done"][seat] = True
    if not all(draft["done"]):
        return
    st["pending"].pop()
    draft["done"] = [False, False]
    if frame["of"] == 3:  # pass the other two across
        draft["hands"] = [draft["hands"][1], draft["hands"][0]]
    else:  # the last card of each goes back to the box
        draft["returned"] += sum(len(h) for h in draft["hands"])
        draft["hands"] = [[], []]


def run_final(st: State, frame: dict[str, Any]) -> bool:
    """Each player's 13 plots (the fixed 7 and 6 drafted) become the choice for a deck of 7."""
    draft = st["draft"]
    if "pool" not in frame:
        frame["pool"] = [player(st, s)["plots"] + draft["kept"][s] for s in (0, 1)]
        frame["chosen"] = [[], []]
        for seat in (0, 1):
            player(st, seat)["plots"] = []
    if all(len(c) == DECK for c in frame["chosen"]):
        st["pending"].pop()
        for seat in (0, 1):
            player(st, seat)["plots"] = sorted(frame["chosen"][seat])
        draft["returned"] += sum(len(p) for p in frame["pool"])
        note(st, -1, "both players built their plot decks of 7")
        return GO
    return WAIT


def ask_final(st: State, frame: dict[str, Any], seat: int) -> Prompt:
    left = DECK - len(frame["chosen"][seat])
    return Prompt(seat, "draft_deck", f"Build your plot deck: choose {left} more of your plots",
                  [{"kind": "plot_deck", "card": c} for c in sorted(set(frame["pool"][seat]))])


def answer_final(st: State, frame: dict[str, Any], seat: int, move: dict[str, Any]) -> None:
    frame["pool"][seat].remove(move["card"])
    frame["chosen"][seat].append(move["card"])


def final_unanswered(st: State, frame: dict[str, Any]) -> list[int]:
    if "pool" not in frame:
        return [0, 1]
    return [s for s in (0, 1) if len(frame["chosen"][s]) < DECK]
