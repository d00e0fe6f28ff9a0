"""Thrones' catalog entry, options and rules version (kept apart so every module may import
them).

* ``houses``: ``fixed`` (default: seat 0 plays Stark, seat 1 Lannister, as the players agree,
  digest §2.1 step 2) or ``random`` (the assignment is drawn: a public Chance step).
* ``plot_draft``: the plot-draft variant of §2.2 (``draft.py``), agreed at creation.
"""

from __future__ import annotations

from domain.kernel import GameInfo, OptionSpec, Traits

VERSION = "1.0.0"

OPTIONS = (
    OptionSpec("houses", "choice", "fixed",
               "Who plays which House: fixed (seat 0 Stark, seat 1 Lannister) or drawn at "
               "random", choices=("fixed", "random")),
    OptionSpec("plot_draft", "bool", False,
               "The plot-draft variant: draft 6 more plots each from the other 18, then build "
               "a plot deck of 7 from your 13"),
)

BOTS = ("random", "planner")

INFO = GameInfo(
    name="thrones",
    title="A Game of Thrones: The Card Game (two-player box)",
    min_seats=2,
    max_seats=2,
    options=OPTIONS,
    bots=BOTS,
    summary="Stark against Lannister: plots, marshalling, military, intrigue and power "
            "challenges; the first House to 15 power wins. First edition, two-player box.",
    traits=Traits(simultaneous=True, hidden_information=True),
)
