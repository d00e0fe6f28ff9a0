"""Every registered game through the same random-playout checks (the rules-engine contract)."""

from __future__ import annotations

import pytest

from domain.games import game_names, get_rules, load_all
from domain.kernel import BadOptions

from .playout import option_variants, playout, refold

# Per game: how many playouts per option variant, and how often to run the slower checks.
BUDGET = {"dominion": (3, 5), "thrones": (3, 25)}
DEFAULT_BUDGET = (12, 1)


def registered() -> list[str]:
    """Every hosted game. A game that does not import fails here (collection errors), so it
    is never silently left out of the contract checks."""
    load_all()
    return game_names()


# Seat counts between the fewest and the most that a game plays only under some options
# (Thrones: the box is for 2, the full card game's melee for 3 to 6): also played out.
MORE_SEATS = {"thrones": [({"profile": "lcg"}, seats) for seats in (3, 4, 5)]}


def accepts(rules, options, seats) -> bool:
    """Whether the game sets up ``seats`` players under ``options`` (the Thrones box takes
    only 2 although the game takes up to 6: it refuses the rest with BadOptions)."""
    try:
        rules.setup(options, seats)
    except BadOptions:
        return False
    return True


def cases():
    for name in registered():
        rules = get_rules(name)
        for options in option_variants(rules):
            for seats in sorted({rules.info.min_seats, rules.info.max_seats}):
                if accepts(rules, options, seats):
                    yield pytest.param(name, options, seats, id=f"{name}-{seats}p-{options}")
        for options, seats in MORE_SEATS.get(name, []):
            yield pytest.param(name, options, seats, id=f"{name}-{seats}p-{options}")


@pytest.mark.parametrize(("name", "options", "seats"), list(cases()))
def test_random_playouts_keep_the_contract_and_replay_to_the_same_hashes(name, options, seats):
    rules = get_rules(name)
    games, every = BUDGET.get(name, DEFAULT_BUDGET)
    for seed in range(games):
        events, hashes, result = playout(rules, options, seats, seed, check_every=every)
        assert refold(rules, options, seats, events) == hashes
        assert len(result.scores) == seats and set(result.winners) <= set(range(seats))


@pytest.mark.parametrize("name", registered())
def test_unknown_options_and_wrong_seat_counts_are_refused(name):
    rules = get_rules(name)
    with pytest.raises(BadOptions):
        rules.setup({"no_such_option": 1}, rules.info.min_seats)
    with pytest.raises(BadOptions):
        rules.setup({}, rules.info.max_seats + 1)


@pytest.mark.parametrize("name", registered())
def test_every_option_variant_plays_with_the_fewest_seats(name):
    # A variant refused at the most seats (above) must still be played out at the fewest.
    rules = get_rules(name)
    assert all(accepts(rules, options, rules.info.min_seats)
               for options in option_variants(rules))


@pytest.mark.parametrize("name", registered())
def test_every_game_offers_a_random_bot(name):
    assert "random" in get_rules(name).bots
