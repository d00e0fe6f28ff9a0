"""The registry: the one module that names every game and every released rules version.

A game is played under the rules version current when it was created, for its whole life and
for every later rebuild, view, verification and export. So rules are looked up by (game,
version): each game lists its released versions, oldest first, each with the package that
implements it; the last is the current one, used for new games. A version that is no longer
current lives on as a frozen copy of its package in the top-level ``released/`` folder, outside
the live packages, never edited again (``released/README.md``): ``versions.lock.json`` holds
the digest of each version's code and data, and a test fails when a package changes while its
version does not. docs/rules-versions.md, "Changing a game's rules", says how to release a new
version.
"""

from __future__ import annotations

import dataclasses
import importlib
from typing import Any

from ..kernel import Bot, DeckText, GameError, Narration, Rules, Windows

# game -> {rules version: package}, oldest first; the last is current.
RELEASES: dict[str, dict[str, str]] = {
    "revolution": {"revolution-1": "released.revolution_1",
                   "revolution-2": "released.revolution_2",
                   "revolution-3": "domain.games.revolution"},
    "dominion": {"1.0.0": "released.dominion_1_0_0",
                 "2.0.0": "released.dominion_2_0_0",
                 "2.0.1": "domain.games.dominion"},
    "godofwar": {"1.0.0": "released.godofwar_1_0_0",
                 "1.1.0": "released.godofwar_1_1_0",
                 "1.2.0": "domain.games.godofwar"},
    "thrones": {"1.0.0": "released.thrones_1_0_0",
                "2.0.0": "released.thrones_2_0_0",
                "2.1.0": "released.thrones_2_1_0",
                "2.2.0": "released.thrones_2_2_0",
                "2.3.0": "domain.games.thrones"},
}
_EXTRA: dict[str, dict[str, Rules]] = {}
_LOADED: dict[tuple[str, str], Rules] = {}


class UnknownGame(GameError):
    code = "unknown-game"


class UnknownRulesVersion(GameError):
    code = "unknown-rules-version"


def game_names() -> list[str]:
    return [*RELEASES, *(name for name in _EXTRA if name not in RELEASES)]


def versions(name: str) -> list[str]:
    """The released rules versions of a hosted game, oldest first (the last is current)."""
    if name in _EXTRA:
        return list(_EXTRA[name])
    if name in RELEASES:
        return list(RELEASES[name])
    raise UnknownGame(f"There is no game called {name!r}; this service hosts "
                      f"{', '.join(game_names())}.")


def get_rules(name: str, version: str | None = None) -> Rules:
    """The rules of ``name`` at ``version`` (by default the current version, for new games).

    UnknownGame for a game not hosted; UnknownRulesVersion for a version never released."""
    if version is not None and (name, version) in _LOADED:  # the hot path: every game step
        return _LOADED[(name, version)]
    known = versions(name)
    wanted = known[-1] if version is None else version
    if wanted not in known:
        raise UnknownRulesVersion(
            f"{name} has no rules version {wanted!r}; its versions are {', '.join(known)}.")
    key = (name, wanted)
    if key not in _LOADED:
        _LOADED[key] = _load(name, wanted)
    return _LOADED[key]


def _load(name: str, version: str) -> Rules:
    if name in _EXTRA:
        return _EXTRA[name][version]
    package = RELEASES[name][version]
    rules: Rules = importlib.import_module(package).RULES
    if rules.version != version:
        raise GameError(f"{package} implements {name} {rules.version}, but the "
                        f"registry lists it as {version}.")
    narration: Narration | None = _optional(package, "narration", "NARRATION")
    if narration is not None:  # the words, kept out of the rules digest (kernel.narration)
        rules = dataclasses.replace(rules, narration=narration)  # type: ignore[type-var]
    deck_text: DeckText | None = _optional(package, "decktext", "DECK_TEXT")
    if deck_text is not None and rules.decks is not None:  # out of the digest as well
        decks = dataclasses.replace(rules.decks, text=deck_text)
        rules = dataclasses.replace(rules, decks=decks)  # type: ignore[type-var]
    windows: Windows | None = _optional(package, "asking", "WINDOWS")
    if windows is not None:  # which windows a seat may skip: no outcome (kernel.asking)
        rules = dataclasses.replace(rules, windows=windows)  # type: ignore[type-var]
    return rules


def _optional(package: str, module_name: str, attribute: str) -> Any:
    """``attribute`` of the package's optional module (``narration.py``, ``decktext.py``:
    files left out of the rules digest), None where the package has no such module."""
    try:
        module = importlib.import_module(f"{package}.{module_name}")
    except ModuleNotFoundError as missing:
        if missing.name != f"{package}.{module_name}":
            raise
        return None
    return getattr(module, attribute)


def load_all() -> list[Rules]:
    """Every version of every hosted game, loaded now: a service refuses to start with a
    game that does not import, rather than hiding it."""
    return [get_rules(name, version) for name in game_names() for version in versions(name)]


def registered_extras() -> dict[str, dict[str, Rules]]:
    """The games and versions ``register_extra`` added, by name then version, oldest first
    (for worker processes, which start without them)."""
    return {name: dict(by_version) for name, by_version in _EXTRA.items()}


def add_bot(game: str, name: str, bot: Bot) -> None:
    """Offer one more bot in new games of ``game`` (its current rules version): a policy
    from outside the project, named in the service's configuration or on the command line.
    It plays as the game's own bots do, from its seat's view (``kernel.Bot``)."""
    rules = get_rules(game)
    if rules.bots.get(name) is bot:  # the same policy offered again (a second service)
        return
    if name in rules.bots:
        raise GameError(f"{rules.info.title} already has a bot called {name!r}: name the "
                        "policy otherwise.")
    info = dataclasses.replace(rules.info, bots=(*rules.info.bots, name))
    _LOADED[(game, rules.version)] = dataclasses.replace(  # type: ignore[type-var]
        rules, info=info, bots={**rules.bots, name: bot})


def register_extra(name: str, rules: Rules) -> None:
    """Host one more game, or one more version of it that becomes current (for tests of the
    machinery with a toy game)."""
    _EXTRA.setdefault(name, {})[rules.version] = rules
    _LOADED.pop((name, rules.version), None)


def unregister_extra_version(name: str, version: str) -> None:
    """Withdraw a version ``register_extra`` added (tests only)."""
    _EXTRA[name].pop(version)
    _LOADED.pop((name, version), None)
