"""What a seat may not know in Thrones, dealt anew (``tests/games/hidden.py``): each other
seat's hand, deck and face-down setup cards shuffled together and dealt back in the same
sizes (half the time the hand stays, so its cards can be played the same in both), its plot
chosen but not revealed, and its answer to a pending mulligan. The seat's own deck order stays
(its draws show it to the seat). In the plot draft (``draft_scramble``): the plots the other
seat was dealt and kept unseen, and the draft deck's cards still to be dealt to it, dealt
anew among themselves; its plot-deck picks of the last step chosen anew."""

from __future__ import annotations

import random
from typing import Any

from tests.games.hidden import everything

# Positions beyond the contract suite's option variants at the fewest seats: melee, with the
# hands, decks and plot choices of three other seats dealt anew.
SEATED_VARIANTS = [({"profile": "lcg"}, 4)]


def scramble(state: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any] | None:
    if state["result"] is not None or not state["players"][0]["house"]:
        return None
    if state.get("draft") is not None and state["round"] == 0:
        return draft_scramble(state, 1 - seat, rng)
    players = [dict(p) for p in state["players"]]
    pending = [dict(f) for f in state["pending"]]
    for other in range(len(players)):  # every other seat, however many play (melee)
        if other != seat:
            _deal_anew(players[other], rng)
            if pending and pending[-1]["op"] == "mulligan" and str(other) in pending[-1].get(
                    "answers", {}):
                pending[-1]["answers"] = {**pending[-1]["answers"],
                                          str(other): rng.choice(["keep", "mulligan"])}
    return {**state, "players": players, "pending": pending}


def _deal_anew(theirs: dict[str, Any], rng: random.Random) -> None:
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


def draft_scramble(state: dict[str, Any], theirs: int,
                   rng: random.Random) -> dict[str, Any] | None:
    """The plot draft (``draft.py``) as the other seat ``theirs`` may not know it."""
    pending = [dict(f) for f in state["pending"]]
    top = pending[-1] if pending else None
    if top is not None and top["op"] == "draft_final" and "pool" in top:
        mine = top["pool"][theirs] + top["chosen"][theirs]  # its 13, minus nothing: all known
        rng.shuffle(mine)
        size = len(top["chosen"][theirs])
        top["chosen"] = _with(top["chosen"], theirs, mine[:size])
        top["pool"] = _with(top["pool"], theirs, mine[size:])
        return {**state, "pending": pending}
    draft = {k: [list(x) if isinstance(x, list) else x for x in v] if isinstance(v, list)
             else v for k, v in state["draft"].items()}
    # Unseen by the seat: the other's picks from its own deals (every first pick of a
    # round: ``kept`` alternates own, received), its hand while it is its own deal (a keep
    # of 3), and the deck's cards to be dealt to it (3 of every 6 from the top, seat 0
    # first).
    slots: list[tuple[str, int]] = [("kept", i) for i in range(0, len(draft["kept"][theirs]), 2)]
    if top is not None and top["op"] == "draft_keep" and top["of"] == 3:
        slots += [("hand", i) for i in range(len(draft["hands"][theirs]))]
    deck = draft["deck"]
    for deal in range(len(deck) // 6):
        first = len(deck) - 1 - 6 * deal - 3 * theirs
        slots += [("deck", first - j) for j in range(3)]
    places = {"kept": draft["kept"][theirs], "hand": draft["hands"][theirs], "deck": deck}
    cards = [places[where][i] for where, i in slots]
    if not cards:
        return None
    rng.shuffle(cards)
    for (where, i), plot in zip(slots, cards, strict=True):
        places[where][i] = plot
    return {**state, "draft": draft, "pending": pending}


def _with(pair: list[list[str]], seat: int, value: list[str]) -> list[list[str]]:
    return [value if s == seat else list(v) for s, v in enumerate(pair)]


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
            view.get("draft"),  # so are the plots passed to the seat in the draft
            [{key: p[key] for key in OPEN_FIELDS} for p in view["players"]],
            [sentence for sentence in lines.split(". ") if " drew " not in sentence])
