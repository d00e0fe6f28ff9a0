"""Every word a player reads is a sentence: random games of every game, at every seat count
and in both Thrones profiles, read as every seat, a spectator and the public record."""

from __future__ import annotations

import pytest

from domain.games import get_rules
from domain.kernel.narration import Audience, name_seats

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


def test_a_rules_text_that_numbers_seats_is_asked_with_their_names():
    """Rules of any version may number seats ("Discard seat 1's revealed Copper?", Dominion
    1.0.0's Spy); the prompt a player reads names them ("your" for the reader's own; a seat
    as a subject keeps its name, since the verb after it cannot be told to agree)."""
    names = ("ann (seat 0)", "bob (seat 1)")
    text = "Discard seat 1's revealed Copper? Seat 0 decides; ann (seat 0) waits."
    assert name_seats(text, Audience(names, 0)) == \
        "Discard bob (seat 1)'s revealed Copper? ann (seat 0) decides; ann (seat 0) waits."
    assert name_seats("Seat 1's challenge", Audience(names, 1)) == "Your challenge"
    assert name_seats("Discard seat 1's Copper", Audience((), 0)) == "Discard seat 1's Copper"
