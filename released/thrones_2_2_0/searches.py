"""Searching a deck ("look through your deck for one X, show it, add it to your hand (or put
it into play), then shuffle": Building Season, Summoning Season, Winterfell Kennels, Bran the
Builder's Legacy). The searcher is always asked, with ``none`` among its moves, so whether
its deck holds such a card tells the other seat nothing; the card taken is shown to all;
then the deck is shuffled (a hidden Chance step, ``setup_flow``'s ``shuffle`` frame)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.kernel import Prompt

from .cards import CARDS
from .frames import push_window
from .state import State, enter_play, note, player

FINDS: dict[str, Callable[[str], bool]] = {
    "location": lambda c: CARDS[c].type == "location",
    "character": lambda c: CARDS[c].type == "character",
    "direwolf": lambda c: "Direwolf" in CARDS[c].traits,
    "cheap location": lambda c: CARDS[c].type == "location" and (CARDS[c].cost or 0) <= 2,
    "dragon": lambda c: "Dragon" in CARDS[c].traits,
    "knight": lambda c: CARDS[c].type == "character" and "Knight" in CARDS[c].traits,
}


def push_search(st: State, seat: int, what: str, into_play: bool = False,
                by: int | None = None) -> None:
    """``seat`` searches its deck; ``by`` controls the effect (the plot's owner for Building
    and Summoning Season), whose opponent's Pycelle may answer the card shown."""
    st["pending"] += [{"op": "shuffle", "seat": seat},
                      {"op": "search", "seat": seat, "what": what, "into_play": into_play,
                       "by": seat if by is None else by}]


def run_search(st: State, frame: dict[str, Any]) -> bool:
    return True  # always asked (see above)


def ask_search(st: State, frame: dict[str, Any]) -> Prompt:
    found = sorted({c for c in player(st, frame["seat"])["deck"] if FINDS[frame["what"]](c)})
    moves: list[dict[str, Any]] = [{"kind": "take", "card": c} for c in found]
    moves.append({"kind": "none"})
    return Prompt(frame["seat"], "search",
                  f"Look through your deck for a {frame['what']} card (then it is shuffled)",
                  moves)


def answer_search(st: State, frame: dict[str, Any], move: dict[str, Any]) -> None:
    st["pending"].pop()
    seat = frame["seat"]
    if move["kind"] == "none":
        note(st, seat, "searched their deck and took nothing")
        return
    p = player(st, seat)
    p["deck"].remove(move["card"])
    if frame["into_play"]:  # put into play, not revealed (README, Pycelle ruling)
        enter_play(st, seat, move["card"])
        note(st, seat, "put into play from their deck", [move["card"]])
        return
    p["hand"].append(move["card"])
    note(st, seat, "took from their deck, showing it,", [move["card"]])
    st["triggers"].append({"kind": "revealed", "seat": frame["by"], "used": []})
    push_window(st, "response")  # Grand Maester Pycelle may answer
