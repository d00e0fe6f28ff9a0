"""Dominion's catalog entry, options and rules version (kept apart so every module may
import them).

* ``edition``: ``second`` (default), ``first`` or ``both``: the pool a random kingdom is drawn
  from, and the wording of Mine, Moneylender and Throne Room (first edition: not optional;
  ``second`` and ``both`` use the second-edition wording).
* ``kingdom_choice``: ``first_game`` (default: the seed's recommended first-game set) or
  ``random`` (10 cards drawn from the edition's pool: a public Chance step).
* ``kingdom``: an explicit list of 10 kingdom card ids; when given it is the kingdom, and it
  may not be combined with ``kingdom_choice: random``.
"""

from __future__ import annotations

from domain.kernel import GameInfo, OptionSpec, Traits

from .cards import KINGDOM, card_catalogue

VERSION = "2.0.0"

OPTIONS = (
    OptionSpec("edition", "choice", "second",
               "Which edition: the pool of a random kingdom and the wording of Mine, "
               "Moneylender and Throne Room (first: not optional)",
               choices=("second", "first", "both")),
    OptionSpec("kingdom_choice", "choice", "first_game",
               "How the 10 kingdom cards are chosen when no explicit kingdom is given: the "
               "rulebook's first-game set, or 10 drawn at random from the edition's pool",
               choices=("first_game", "random")),
    OptionSpec("first_seat", "int", None,
               "A fixed first player, the seat that starts (for tournaments); by default "
               "the first player is drawn by lot", minimum=0, maximum=3),
    OptionSpec("kingdom", "list", None,
               "An explicit list of 10 kingdom card ids (overrides kingdom_choice)",
               choices=KINGDOM, minimum=10, maximum=10),
)

BOTS = ("random", "big_money", "big_money_ultimate", "smithy", "militia", "witch")

INFO = GameInfo(
    name="dominion",
    title="Dominion",
    min_seats=2,
    max_seats=4,
    options=OPTIONS,
    bots=BOTS,
    summary="Build your deck from a shared Supply; the most Victory points when the Provinces "
            "or any three piles run out wins. Base set, first and second editions.",
    traits=Traits(hidden_information=True),
    extra={"cards": card_catalogue()},
)
