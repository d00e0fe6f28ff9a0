"""Every game with hidden information: what a seat may not know changes nothing it is shown
(see ``hidden.py``), at positions of random playouts of every option variant."""

from __future__ import annotations

import importlib
import random
from dataclasses import replace

import pytest

from domain.games import get_rules
from domain.kernel import Decision, Prompt, Rules
from tests import toygame

from .hidden import Scrambler, Shown, check_position, everything
from .playout import option_variants, walk
from .test_contract import registered

# A game's scrambler lives in tests/games/<game>/scramble.py as ``scramble``; the toy games'
# beside them.
EXTRA: dict[str, Scrambler] = {"toy": toygame.scramble, "coop": toygame.scramble}
GAMES_PER_VARIANT = 3
POSITIONS_PER_GAME = 12


def scrambler(name: str) -> Scrambler:
    if name in EXTRA:
        return EXTRA[name]
    module = importlib.import_module(f"tests.games.{name}.scramble")
    found: Scrambler = module.scramble
    return found


def shown_of(name: str) -> Shown:
    """The game's ``shown`` (``hidden.py``), beside its scrambler."""
    if name in EXTRA:
        return everything
    found: Shown = getattr(importlib.import_module(f"tests.games.{name}.scramble"), "shown",
                           everything)
    return found


def variants(name: str) -> list[dict]:
    """The option variants of the contract suite, and any the game's scramble module adds
    (positions its hidden cards matter in, a kingdom of such cards say)."""
    extra = [] if name in EXTRA else getattr(
        importlib.import_module(f"tests.games.{name}.scramble"), "VARIANTS", [])
    return [*option_variants(get_rules(name)), *extra]


def hidden_games() -> list[str]:
    return [name for name in registered() if get_rules(name).info.traits.hidden_information]


def seated_variants(name: str) -> list[tuple[dict, int]]:
    """Option variants with more seats than the fewest, from the game's scramble module
    (Thrones' melee)."""
    return [] if name in EXTRA else getattr(
        importlib.import_module(f"tests.games.{name}.scramble"), "SEATED_VARIANTS", [])


@pytest.mark.parametrize("name", hidden_games())
def test_what_a_seat_may_not_know_changes_nothing_it_is_shown(name):
    rules = get_rules(name)
    checked = sum(check_playouts(rules, scrambler(name), shown_of(name), options)
                  for options in variants(name))
    checked += sum(check_playouts(rules, scrambler(name), shown_of(name), options, seats=n)
                   for options, n in seated_variants(name))
    assert checked > 0, "the scrambler passed on every position"


def check_playouts(rules: Rules, scramble: Scrambler, shown: Shown, options: dict,
                   games: int = GAMES_PER_VARIANT, seats: int | None = None) -> int:
    """Random playouts of ``options`` (with ``seats`` players, by default the fewest),
    checking positions along the way; how many were checked (the scrambler may pass on
    some)."""
    name, checked = rules.info.name, 0
    seats = seats or rules.info.min_seats
    for game in range(games):
        rng = random.Random(f"{name}:{options}:{game}" + (
            f":{seats}" if seats != rules.info.min_seats else ""))
        positions = 0
        for visit in walk(rules, rules.setup(options, seats), rng, label="h:{count}"):
            if isinstance(visit.step, Decision) and positions < POSITIONS_PER_GAME and (
                    rng.random() < 0.3):
                for seat in range(seats):
                    checked += check_position(rules, scramble, visit.state, seat, rng, shown)
                positions += 1
    return checked


def test_the_check_finds_a_view_that_shows_another_seats_secret():
    leaky = replace(toygame.RULES, view=lambda state, seat: {"secret": state["secret"]})
    state = toygame.setup({}, 2)
    state = {**state, "markers": [0, 1, 2, 3]}
    state = leaky.apply_move(state, 1, {"kind": "secret", "n": 3})
    with pytest.raises(AssertionError, match="view depends"):
        check_position(leaky, toygame.scramble, state, 0, FixedChoice(1))


def test_the_check_finds_a_prompt_that_depends_on_another_seats_secret():
    # Seat 1 is asked to confirm whenever its secret is 3: seat 0 would learn it from
    # waiting_for alone.
    def next_step(state):
        if state["secret"][1] == 3 and state["roll"] is not None:
            return Decision((Prompt(1, "confirm", "Confirm", [{"kind": "confirm"}]),))
        return toygame.next_step(state)

    leaky = replace(toygame.RULES, next=next_step)
    state = {**toygame.setup({}, 2), "markers": [0, 1, 2, 3], "secret": [1, 3], "roll": 4}
    assert check_position(toygame.RULES, toygame.scramble, state, 0, FixedChoice(1))
    with pytest.raises(AssertionError, match="next step depends"):
        check_position(leaky, toygame.scramble, state, 0, FixedChoice(1))


def test_the_check_finds_an_event_whose_reading_depends_on_another_seats_secret():
    # A careless redaction that attaches the secrets to every event it lets through.
    leaky = replace(toygame.RULES, redact=lambda state, event, viewer: {
        **toygame.redact(state, event, viewer), "peek": state["secret"]})
    state = {**toygame.setup({}, 2), "markers": [0, 1, 2, 3], "secret": [2, 2], "roll": 2,
             "turn": 1}
    assert check_position(toygame.RULES, toygame.scramble, state, 0, FixedChoice(2))
    with pytest.raises(AssertionError, match="reads differently"):
        check_position(leaky, toygame.scramble, state, 0, FixedChoice(3))


class FixedChoice(random.Random):
    """A generator whose choices are the given value (to force a scramble to differ)."""

    def __init__(self, value: int) -> None:
        super().__init__(0)
        self.value = value

    def choice(self, seq):  # type: ignore[override]
        return self.value
