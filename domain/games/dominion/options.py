"""The options a game of Dominion is created with, and ``setup``.

* ``edition``: ``second`` (default), ``first`` or ``both``: the pool a random kingdom is drawn
  from, and the wording of Mine, Moneylender and Throne Room (first edition: not optional;
  ``second`` and ``both`` use the second-edition wording).
* ``kingdom_choice``: ``first_game`` (default: the seed's recommended first-game set) or
  ``random`` (10 cards drawn from the edition's pool: a public Chance step).
* ``kingdom``: an explicit list of 10 kingdom card ids; when given it is the kingdom, and it
  may not be combined with ``kingdom_choice: random``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.kernel import BadOptions, OptionSpec, validate_options

from .cards import CARDS, FIRST_GAME, KINGDOM, by_order
from .moves import start
from .state import State, new_player, new_turn

OPTIONS = (
    OptionSpec("edition", "choice", "second",
               "Which edition: the pool of a random kingdom and the wording of Mine, "
               "Moneylender and Throne Room (first: not optional)",
               choices=("second", "first", "both")),
    OptionSpec("kingdom_choice", "choice", "first_game",
               "How the 10 kingdom cards are chosen when no explicit kingdom is given: the "
               "rulebook's first-game set, or 10 drawn at random from the edition's pool",
               choices=("first_game", "random")),
    OptionSpec("kingdom", "list", None,
               "An explicit list of 10 kingdom card ids (overrides kingdom_choice)",
               choices=KINGDOM, minimum=10, maximum=10),
)


def setup(options: Mapping[str, Any], seats: int) -> State:
    opts = validate_options(OPTIONS, options)
    if not isinstance(seats, int) or not 2 <= seats <= 4:
        raise BadOptions("Dominion is for 2 to 4 players.")
    if opts["kingdom"] is not None and (options or {}).get("kingdom_choice") == "random":
        raise BadOptions("Give either an explicit kingdom or kingdom_choice random, not both.")
    players = [new_player() for _ in range(seats)]
    players[0]["turns"] = 1  # seat 0 starts: the lot for the first player is the seating
    st: State = {"options": opts, "seats": seats, "kingdom": None, "supply": {}, "trash": [],
                 "players": players, "turn": new_turn(0), "pending": [], "shuffle": None,
                 "result": None, "notes": []}
    if opts["kingdom"] is not None:
        start(st, by_order(opts["kingdom"]))
    elif opts["kingdom_choice"] == "first_game":
        start(st, by_order(FIRST_GAME))
    return st


def card_catalogue() -> dict[str, Any]:
    """Every card's public data, for clients (the catalog's ``extra``)."""
    return {cid: {"name": c.name, "cost": c.cost, "types": list(c.types),
                  "editions": list(c.editions), "text": c.text} for cid, c in CARDS.items()}
