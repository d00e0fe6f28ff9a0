"""The registry: the one module that names every game."""

from __future__ import annotations

import importlib

from ..kernel import GameError, Rules

_MODULES: dict[str, str] = {
    "revolution": "domain.games.revolution",
    "dominion": "domain.games.dominion",
}
_EXTRA: dict[str, Rules] = {}
_LOADED: dict[str, Rules] = {}


class UnknownGame(GameError):
    code = "unknown-game"


def game_names() -> list[str]:
    return [*_MODULES, *_EXTRA]


def get_rules(name: str) -> Rules:
    """The rules of a hosted game; UnknownGame for any other name."""
    if name in _LOADED:
        return _LOADED[name]
    if name in _EXTRA:
        return _EXTRA[name]
    if name not in _MODULES:
        raise UnknownGame(f"There is no game called {name!r}; this service hosts "
                          f"{', '.join(game_names())}.")
    rules: Rules = importlib.import_module(_MODULES[name]).RULES
    _LOADED[name] = rules
    return rules


def register_extra(name: str, rules: Rules) -> None:
    """Host one more game (for tests of the machinery with a toy game)."""
    _EXTRA[name] = rules
