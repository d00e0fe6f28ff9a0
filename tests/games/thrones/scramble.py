"""What a seat may not know in Thrones, dealt anew (``tests/games/hidden.py``): the other
seat's hand, deck and face-down setup cards shuffled together and dealt back in the same
sizes (half the time the hand stays, so its cards can be played the same in both), its plot
chosen but not revealed, and its answer to a pending mulligan. The seat's own deck order stays
(its draws show it to the seat)."""

from __future__ import annotations

import random
from typing import Any

from tests.games.hidden import everything


def scramble(state: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any] | None:
    if state["result"] is not None or not state["players"][0]["house"]:
        return None
    if state.get("draft") is not None and state["round"] == 0:
        return None  # during the draft (its hidden picks are not dealt anew here)
    players = [dict(p) for p in state["players"]]
    theirs = players[1 - seat]
    keep_hand = rng.random() < 0.5
    pool = ([] if keep_hand else theirs["hand"]) + theirs["deck"] + theirs["setup"]
    rng.shuffle(pool)
    hand = 0 if keep_hand else len(theirs["hand"])
    deck = len(theirs["deck"])
    if not keep_hand:
        theirs["hand"] = pool[:hand]
    theirs["deck"] = pool[hand:hand + deck]
    theirs["setup"] = pool[hand + deck:]
    if theirs["choice"] is not None:
        theirs["choice"] = rng.choice(sorted(set(theirs["plots"])))
    pending = [dict(f) for f in state["pending"]]
    if pending and pending[-1]["op"] == "mulligan" and str(1 - seat) in pending[-1].get(
            "answers", {}):
        pending[-1]["answers"] = {**pending[-1]["answers"],
                                  str(1 - seat): rng.choice(["keep", "mulligan"])}
    return {**state, "players": players, "pending": pending}


OPEN_FIELDS = ("house", "discard", "dead", "plot_deck", "used_plots", "revealed_plot", "gold",
               "power", "total_power")


def shown(view: dict[str, Any], lines: str) -> object:
    """What a view and a log line show openly: everything in play, the challenge, the public
    piles, gold and power, and the log (whose secret lines only count cards); not hand or deck
    sizes nor who is asked, which only follow from hidden cards."""
    if "result" in view:
        return everything(view, lines)
    return (view["in_play"], view["challenge"], view["token_pool"], view["phase"],
            view.get("looking_at"),  # a card looked at privately is shown to its looker
            [{key: p[key] for key in OPEN_FIELDS} for p in view["players"]],
            [sentence for sentence in lines.split(". ") if " drew " not in sentence])
