"""What a seat may not know in Thrones, dealt anew (``tests/games/hidden.py``): each other
seat's hand, deck, face-down setup cards and (lcg) cards in Shadows shuffled together and
dealt back in the same sizes (half the time the hand stays, so its cards can be played the
same in both), its plot chosen but not revealed, and its answer to a pending mulligan. The
seat's own deck order stays (its draws show it to the seat). In the plot draft
(``draft_scramble``): the plots the other seat was dealt and kept unseen, and the draft
deck's cards still to be dealt to it, dealt anew among themselves; its plot-deck picks of
the last step chosen anew. In the ``lcg`` profile also each other seat's plot deck (each name
another plot) and its decklist in the options (other cards and plots; the House and agenda
stay, announced at setup)."""

from __future__ import annotations

import random
from typing import Any

from domain.games.thrones.cards import CARDS
from domain.games.thrones.decks import ready_for
from tests.games.hidden import everything
from tests.games.thrones.decklists import lannister_sworn_banners, stark_fealty

# Positions with the players' own decks and agendas (their lists hidden from each other).
VARIANTS = [{"profile": "lcg", "decks": [stark_fealty(), lannister_sworn_banners()]}]

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
    options = state["options"]
    for other in range(len(players)):  # every other seat, however many play (melee)
        if other == seat:
            continue
        theirs = players[other]
        _deal_anew(theirs, rng)
        if options.get("profile") == "lcg":  # an opponent's own plot deck and decklist
            theirs["plots"] = renamed_plots(theirs["plots"], theirs["used"], rng)
            options = scrambled_decklists(options, other, len(players), rng)
        if theirs["choice"] is not None:
            theirs["choice"] = rng.choice(sorted(set(theirs["plots"])))
        if pending and pending[-1]["op"] == "mulligan" and str(other) in pending[-1].get(
                "answers", {}):
            pending[-1]["answers"] = {**pending[-1]["answers"],
                                      str(other): rng.choice(["keep", "mulligan"])}
    return {**state, "options": options, "players": players, "pending": pending}


def _deal_anew(theirs: dict[str, Any], rng: random.Random) -> None:
    """Its hand (half the time), deck, setup cards and (lcg) Shadows dealt anew."""
    keep_hand = rng.random() < 0.5
    # lcg: its cards face down in Shadows and its Shadows placements at setup (issue 11)
    hidden = ("deck", "setup", *(k for k in ("shadows", "setup_shadows") if k in theirs))
    pool = ([] if keep_hand else theirs["hand"]) + [c for k in hidden for c in theirs[k]]
    rng.shuffle(pool)
    hand = 0 if keep_hand else len(theirs["hand"])
    if not keep_hand:
        theirs["hand"] = pool[:hand]
    for key in hidden:
        size = len(theirs[key])
        theirs[key], pool = pool[hand:hand + size], pool[:hand] + pool[hand + size:]


def renamed_plots(plots: list[str], used: list[str], rng: random.Random) -> list[str]:
    """An opponent's plot deck with each name swapped for another plot not in its used pile
    (copies stay copies: a deck of one name left is chosen without asking, which is public)."""
    names = sorted(set(plots))
    others = sorted(c for c, card in CARDS.items() if card.type == "plot" and c not in used)
    swap = dict(zip(names, rng.sample(others, len(names)), strict=True))
    return [swap[p] for p in plots]


def scrambled_decklists(options: dict[str, Any], theirs: int, seats: int,
                        rng: random.Random) -> dict[str, Any]:
    """Options whose ``decks`` hold another list for ``theirs`` (of ``seats``): same House and
    agenda (both announced at setup), other cards and plots."""
    decks = list(options.get("decks") or [None] * seats)
    own = decks[theirs] or ready_for(theirs)
    cards = sorted(c for c, card in CARDS.items() if card.type != "plot")
    decks[theirs] = {**own, "plots": rng.sample(sorted(c for c, card in CARDS.items()
                                                       if card.type == "plot"), 7),
                     "cards": [[c, rng.randint(1, 3)] for c in rng.sample(cards, 30)]}
    return {**options, "decks": decks}


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
