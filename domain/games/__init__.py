"""The registry: the one module that names every game."""

from __future__ import annotations

from ..kernel import GameError, Rules

_REGISTRY: dict[str, str] = {
    "revolution": "domain.games.revolution",
    "dominion": "domain.games.dominion",
}


def game_names() -> list[str]:
    return [name for name in _REGISTRY if _available(name)]


def get_rules(name: str) -> Rules:
    """The rules of a registered game; GameError for a name the service does not host."""
    if name not in _REGISTRY or not _available(name):
        raise UnknownGame(f"There is no game called {name!r}; this service hosts "
                          f"{', '.join(game_names())}.")
    module = __import__(_REGISTRY[name], fromlist=["RULES"])
    return module.RULES


class UnknownGame(GameError):
    code = "unknown-game"


def _available(name: str) -> bool:
    import importlib.util

    return importlib.util.find_spec(_REGISTRY[name]) is not None
