"""Agendas (digest §6.4): each authored agenda's in-game effect (its deck restriction is a
deck-building rule: ``decks.py``). An agenda is announced with the House at setup and is never
in play (FAQ): nothing can target, blank, discard or cancel it, so its effects run as plain
passives at the start of a phase (``phases.begin`` calls ``phase_begins`` through
``hooks.at_phase_start``), never through a window.

* Fealty: at most 15 neutral cards; the first card of your House marshalled in each
  marshalling phase costs 1 gold less (a reducer, like the Fiefdoms', that lapses at the end
  of the phase).
* Sworn Banners: only characters of your House; at the start of the dominance phase, with 3
  or more characters of your House in your control, 1 power for your House.
"""

from __future__ import annotations

from collections.abc import Callable

from .cards import CARDS
from .state import State, characters, gain_power, in_order, note, player

SWORN_BANNERS_CHARACTERS = 3


def _fealty(st: State, seat: int, phase: str) -> None:
    if phase == "marshalling":
        house = player(st, seat)["house"]
        st["reducers"].append({"seat": seat, "what": f"{house} card", "n": 1})


def _sworn_banners(st: State, seat: int, phase: str) -> None:
    house = player(st, seat)["house"]
    own = [c for c in characters(st, seat) if CARDS[c["card"]].house == house]
    if phase == "dominance" and len(own) >= SWORN_BANNERS_CHARACTERS:
        note(st, seat, "gained 1 power from their agenda", ["sworn-banners"])
        gain_power(st, seat, 1)


EFFECTS: dict[str, Callable[[State, int, str], None]] = {
    "fealty": _fealty,
    "sworn-banners": _sworn_banners,
}


def phase_begins(st: State, phase: str) -> None:
    """Each agenda's start-of-phase effect, seat by seat in order (agendas exist only in the
    ``lcg`` profile: the box's players have none)."""
    for seat in in_order(st):
        agenda = player(st, seat).get("agenda")
        if agenda is not None and st["result"] is None:
            EFFECTS[agenda](st, seat, phase)
