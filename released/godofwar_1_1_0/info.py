"""God of War's catalog entry, options and rules version (kept apart so every module may
import them).

* ``first_game``: the rulebook's first-game variant (p.4, GOW-R-46, GOW-R-47): The Travelers
  is the first quest, and the tiles stand one per column from the left, in turn order.
* ``first_seat``: a fixed first player; by default the first player is drawn by lot (the
  rulebook's "whoever last played the video game" cannot be asked of a server).
"""

from __future__ import annotations

from domain.kernel import GameInfo, OptionSpec, Traits

VERSION = "1.1.0"

OPTIONS = (
    OptionSpec("first_game", "bool", False,
               "The first-game variant: The Travelers first, tiles placed left to right"),
    OptionSpec("first_seat", "int", None,
               "A fixed first player; by default the first player is drawn by lot",
               minimum=0, maximum=3),
)

INFO = GameInfo(
    name="godofwar",
    title="God of War: The Card Game",
    min_seats=1,
    max_seats=4,
    options=OPTIONS,
    bots=("random", "party"),
    summary="Co-operative deck-building for 1-4 heroes (solo: Kratos with Atreus and Mimir): "
            "two quests and a final boss, won or lost together. All card content is authored.",
    traits=Traits(cooperative=True, hidden_information=True),
)
