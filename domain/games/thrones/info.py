"""Thrones' catalog entry, options and rules version (kept apart so every module may import
them).

* ``houses``: ``fixed`` (default: seat 0 plays Stark, seat 1 Lannister, as the players agree,
  digest §2.1 step 2) or ``random`` (the assignment is drawn: a public Chance step).
* ``plot_draft``: the plot-draft variant of §2.2 (``draft.py``), agreed at creation.
* ``profile``: ``box`` (default: the two-player box as its Korean rulebook gives it) or ``lcg``
  (the full card game of the Japanese reference sheet, digest §2.3, §2.4 and §6). One rule set:
  the profile switches only what the digest says it switches (``state.lcg``).
"""

from __future__ import annotations

from domain.kernel import GameInfo, OptionSpec, Traits

VERSION = "2.3.0"

OPTIONS = (
    OptionSpec("houses", "choice", "fixed",
               "Who plays which House: fixed (seat 0 Stark, seat 1 Lannister) or drawn at "
               "random", choices=("fixed", "random")),
    OptionSpec("plot_draft", "bool", False,
               "The plot-draft variant: draft 6 more plots each from the other 18, then build "
               "a plot deck of 7 from your 13"),
    OptionSpec("profile", "choice", "box",
               "box: the two-player box as its rulebook gives it; lcg: the full card game of "
               "the reference sheet (its keywords, draw cap, Shadows, agendas, out-of-House "
               "gold)", choices=("box", "lcg")),
)

BOTS = ("random", "planner")
MAX_SEATS = 6  # the lcg profile's melee: one player a title (GOT-R-37); the box takes 2

INFO = GameInfo(
    name="thrones",
    title="A Game of Thrones: The Card Game (two-player box; 2-6 with profile lcg)",
    min_seats=2,
    max_seats=MAX_SEATS,
    options=OPTIONS,
    bots=BOTS,
    summary="Stark against Lannister: plots, marshalling, military, intrigue and power "
            "challenges; the first House to 15 power wins. First edition: the two-player box, "
            "or the full card game for 2 to 6 with titles (profile lcg).",
    traits=Traits(simultaneous=True, hidden_information=True),
)
