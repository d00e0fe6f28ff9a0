"""Setup steps 1-2 of the full card game (digest §2.3), with the players' own decks.

The decks arrive in ``options["decks"]`` (one decklist a seat, or None for the ready-made
deck of that seat), put there by the service from the registered decks, so the creation event
carries the exact lists and a replay needs no deck store. Step 1: the first player for setup
is drawn (a public Chance step); step 2: in clockwise order from that player each announces
House and agenda (public); each seat then holds its own house deck and plot deck, and setup
goes on as in the box (shuffle, deal 7, mulligan, setup cards, reveal, draw up to 7).
"""

from __future__ import annotations

from typing import Any

from domain.kernel import BadOptions

from .cards import CARDS
from .decks import Decklist, card_ids, check, normal, ready_for
from .frames import push
from .info import MAX_SEATS
from .setup_lcg import mulligan_frame
from .state import State, clockwise, note, player, seats


def checked_decks(options: dict[str, Any], given: Any, seats: int) -> list[Decklist | None]:
    """``options["decks"]`` as given at creation, refused unless the ``lcg`` profile holds one
    legal decklist (or None) a seat."""
    if options.get("profile") != "lcg":
        raise BadOptions("Option decks is for the lcg profile: the box plays its own decks.")
    if not isinstance(given, list) or len(given) != seats or seats > MAX_SEATS:
        raise BadOptions("Option decks holds one decklist (or null) a seat.")
    decks: list[Decklist | None] = []
    for seat, raw in enumerate(given):
        if raw is None:
            decks.append(None)
            continue
        broken = check(raw)
        if broken:
            raise BadOptions(f"The deck of seat {seat} is not legal: "
                             f"{'; '.join(v['message'] for v in broken)}")
        decks.append(normal(raw))
    return decks


def deck_of_seat(st: State, seat: int) -> Decklist:
    given = st["options"].get("decks")
    own = given[seat] if given is not None else None
    return own if own is not None else ready_for(seat)


def setup_first_spec(st: State, frame: dict[str, Any]) -> dict[str, Any]:
    return {"kind": "roll", "faces": list(range(len(st["players"]))), "public": True,
            "what": "the first player for setup"}


def setup_first_drawn(st: State, frame: dict[str, Any], outcome: Any) -> None:
    """Step 2: House and agenda announced clockwise from the setup first player; each seat
    takes up its own decks; then setup goes on as in the box."""
    st["pending"].pop()
    st["setup_first"] = outcome
    note(st, outcome, "will go first in setup")
    for seat in clockwise(st, outcome):
        deck = deck_of_seat(st, seat)
        p = player(st, seat)
        p["house"], p["agenda"] = deck["house"], deck["agenda"]
        p["deck"] = card_ids(deck)
        p["plots"] = list(deck["plots"])
        agenda = CARDS[deck["agenda"]].name if deck["agenda"] else "no agenda"
        note(st, seat, f"announced House {deck['house'].capitalize()} and {agenda}")
    push(st, *({"op": "shuffle", "seat": s} for s in seats(st)), {"op": "deal"},
         mulligan_frame(st), {"op": "place"}, {"op": "reveal_setup"}, {"op": "round"})
