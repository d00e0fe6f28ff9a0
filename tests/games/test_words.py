"""Every word a player reads is a sentence: random games of every game, at every seat count
and in both Thrones profiles, read as every seat, a spectator and the public record."""

from __future__ import annotations

import pytest

from domain.games import get_rules

from .words import check_game

CASES = [
    ("revolution", {}, 2),
    ("revolution", {"neutrals": "secret_draft"}, 2),
    ("revolution", {"neutrals": "secret_random"}, 2),
    # Six games of five neutral tiles: from the fourth, used tiles are turned over (refill).
    ("revolution", {"neutrals": "draft", "match": "points", "games": 6}, 2),
    ("dominion", {}, 2),
    ("dominion", {"kingdom_choice": "random"}, 3),
    ("dominion", {}, 4),
    ("dominion", {"edition": "first", "kingdom_choice": "random"}, 2),
    ("dominion", {"edition": "both", "kingdom_choice": "random"}, 3),
    *[("godofwar", {}, seats) for seats in (1, 2, 3, 4)],
    ("thrones", {}, 2),
    ("thrones", {"plot_draft": True}, 2),
    ("thrones", {"houses": "random"}, 2),
    *[("thrones", {"profile": "lcg"}, seats) for seats in (2, 3, 4, 6)],
]


@pytest.mark.parametrize(("game", "options", "seats"), CASES,
                         ids=[f"{g}-{'-'.join(map(str, o.values())) or 'default'}-{s}"
                              for g, o, s in CASES])
def test_every_prompt_label_and_log_line_reads_as_words(game: str, options: dict[str, object],
                                                         seats: int) -> None:
    assert get_rules(game).narration is not None, f"{game} has no narration.py"
    faults = check_game(game, options, seats, seed=seats * 7 + len(options))
    assert not faults, f"{len(faults)} faults, the first ones:\n" + "\n".join(faults[:15])
