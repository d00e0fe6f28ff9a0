"""What a bot is handed is its seat's view, no more: for every game, in random games, the view
``ask_bot`` hands a bot (built part by part where the game offers ``bot_view``) equals
``view(state, seat)`` once settled, whichever parts the bot read first."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import pytest

from domain.games import get_rules
from domain.kernel import Move, Prompt, Rules, State, ask_bot
from domain.kernel.lazy import LazyList, LazyView, settled

from .playout import walk
from .test_contract import registered

GAMES = {"thrones": 2}
DEFAULT_GAMES = 4


class Handed:
    """A bot that keeps the view it is handed and reads some of its parts first."""

    def __init__(self, rules: Rules, rng: random.Random) -> None:
        self.rules = rules
        self.rng = rng
        self.view: Mapping[str, Any] = {}
        self.answered = 0

    def __call__(self, view: Mapping[str, Any], prompt: Prompt, draw: Any) -> Move:
        self.view = view
        for key in self.rng.sample(sorted(view), k=self.rng.randrange(len(view) + 1)):
            part = view[key]
            if isinstance(part, LazyList) and len(part):
                part[self.rng.randrange(-len(part), len(part))]
        return prompt.legal_moves[self.rng.randrange(len(prompt.legal_moves))]

    def answer(self, state: State, prompt: Prompt, rng: random.Random) -> Move:
        """A walk's chooser: this bot's answer, once it is checked that the bot was handed
        exactly its seat's view."""
        move = ask_bot(self.rules, self, state, prompt, rng.randrange)
        assert settled(self.view) == self.rules.view(state, prompt.seat)
        self.answered += 1
        return move


@pytest.mark.parametrize("name", registered())
def test_a_bot_is_handed_exactly_its_seats_view(name):
    rules = get_rules(name)
    checked = 0
    for game in range(GAMES.get(name, DEFAULT_GAMES)):
        rng = random.Random(f"bot views:{name}:{game}")
        bot = Handed(rules, rng)
        for _ in walk(rules, rules.setup({}, rules.info.min_seats), rng, label="b:{count}",
                      choose=bot.answer):
            pass
        checked += bot.answered
    assert checked > 0


def test_a_lazy_view_builds_each_part_once_and_only_when_read():
    built: list[str] = []

    def part(key: str) -> Any:
        built.append(key)
        return key.upper()

    view = LazyView({"a": lambda: part("a"), "b": lambda: LazyList([lambda: part("b0")])})
    assert view["a"] == view["a"] == "A"
    assert built == ["a"]
    assert settled(view) == {"a": "A", "b": ["B0"]}
    assert built == ["a", "b0"]
