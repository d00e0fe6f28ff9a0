"""A game that takes its next step with the state (``view_with_step``, which the service's
``Game.view`` hands the step it keeps) shows what ``view(state, seat)`` shows, for the board
and every seat, at every state of random games, the last included."""

from __future__ import annotations

import random

import pytest

from domain.games import get_rules
from domain.kernel import Over

from .playout import walk
from .test_contract import registered

GAMES = 3


@pytest.mark.parametrize("name", [n for n in registered() if get_rules(n).view_with_step])
def test_a_view_handed_the_step_is_the_view(name):
    rules = get_rules(name)
    view_with_step = rules.view_with_step
    assert view_with_step is not None
    seats = rules.info.min_seats
    for game in range(GAMES):
        rng = random.Random(f"view with step:{name}:{game}")
        for visit in walk(rules, rules.setup({}, seats), rng, label="v:{count}"):
            state, step = visit.state, visit.step
            for seat in [None, *range(seats)]:
                assert view_with_step(state, step, seat) == rules.view(state, seat)
        assert isinstance(visit.step, Over)
