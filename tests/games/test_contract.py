"""Every registered game through the same random-playout checks (the rules-engine contract),
and the kernel's refusal of a question no seat could answer."""

from __future__ import annotations

import pytest

from domain.games import game_names, get_rules, load_all
from domain.kernel import BadOptions, BrokenRules, Decision, Prompt

from .playout import MAX_STEPS, option_variants, playout, refold

# Per game: how many playouts per option variant, and how often to run the slower checks.
BUDGET = {"dominion": (3, 5), "thrones": (3, 25)}
DEFAULT_BUDGET = (12, 1)


def registered() -> list[str]:
    """Every hosted game. A game that does not import fails here (collection errors), so it
    is never silently left out of the contract checks."""
    load_all()
    return game_names()


# Random games of each game at each seat count it takes, played only to see what they ask.
GAMES_A_SEAT_COUNT = 2

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


def every_seat_count():
    """Each game at each seat count it takes, under the first option variant that accepts it
    (the Thrones box takes two: more are played with the full card game's melee)."""
    for name in registered():
        rules = get_rules(name)
        for seats in range(rules.info.min_seats, rules.info.max_seats + 1):
            options = next(o for o in option_variants(rules) if accepts(rules, o, seats))
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


def test_a_prompt_with_no_legal_moves_is_refused_where_the_rules_make_it():
    with pytest.raises(BrokenRules, match=r"asked seat 1 with no legal moves \(a prompt of "
                       r"kind 'discard': 'Discard a card'\)"):
        Prompt(1, "discard", "Discard a card", [])


def test_a_decision_that_asks_no_seat_is_refused_where_the_rules_make_it():
    with pytest.raises(BrokenRules, match="a decision that asks no seat"):
        Decision(())


@pytest.mark.parametrize(("name", "options", "seats"), list(every_seat_count()))
def test_random_play_never_asks_a_seat_with_nothing_to_choose(name, options, seats):
    # Such a prompt raises BrokenRules where the game makes it (it would otherwise wait
    # forever for an answer). The contract's slower checks are the playouts' above: here
    # they run on the first step only.
    rules = get_rules(name)
    for seed in range(100, 100 + GAMES_A_SEAT_COUNT):
        playout(rules, options, seats, seed, check_every=MAX_STEPS)
