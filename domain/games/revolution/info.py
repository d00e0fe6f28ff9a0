"""The game's catalog entry and rules version (kept apart so every module may import them)."""

from __future__ import annotations

from domain.kernel import GameInfo, OptionSpec, Traits

VERSION = "revolution-3"

INFO = GameInfo(
    name="revolution",
    title="Regality vs. Religion: Revolution",
    min_seats=2,
    max_seats=2,
    options=(
        OptionSpec("match", "choice", "best_of_three",
                   "best_of_three: the first to win two games wins the match; points: play "
                   "a set number of games and add up each game's allies",
                   choices=("best_of_three", "points")),
        OptionSpec("games", "int", 3, "how many games a points match lasts",
                   minimum=1, maximum=200),
        OptionSpec("neutrals", "choice", "standard",
                   "how neutral tiles come into a game: standard (five face up in the "
                   "centre), old_style (only the Citizen), random (two each, face up), "
                   "secret_random (two each, face down), draft (five drafted openly), "
                   "secret_draft (picked secretly from face-down tiles)",
                   choices=("standard", "old_style", "random", "secret_random", "draft",
                            "secret_draft")),
    ),
    bots=("random", "greedy"),
    traits=Traits(hidden_information=True),  # the secret modes hide tiles
    summary="Place royal, religious and neutral characters on a 3x3 realm; the player with "
            "more allies when it is full wins. One game here is a whole match.",
)
