"""Positions anyone can set up: the contract of a game's optional ``position`` hook, and the
small checks every builder shares.

A game that lets a position be set up gives ``GameRules(position=build)``, where
``build(options, seats, description) -> State`` is pure (no I/O, clock or randomness): it
makes the rules state the ``description`` states in the rulebook's terms (zones, cards and
tiles by their printed NAME, a phase or step, whose turn, scores and tokens as the game has
them) for a game with these complete ``options`` and ``seats`` seats, or raises
``BadPosition`` saying in words everything wrong with it. A builder adds nothing the
description does not say but what the rules' own setup gives, so the same description under
the same rules version always builds the same state: that is what lets a verifier rebuild a
sandbox's start from its recorded position (replays/README.md, "Sandboxes from a position").
Each game documents its description in its README ("Positions").

``build_position`` is the one door: it refuses a game without the hook, turns any slip of a
builder on a malformed description into ``BadPosition`` (a description comes from anyone),
and makes sure the rules can go on from the state built.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from .contract import Rules, State
from .errors import BrokenRules, GameError


class BadPosition(GameError):
    """A position description that does not state a position of the game; ``problems``
    lists each thing wrong, in words."""

    code = "bad-position"

    def __init__(self, problems: list[str]) -> None:
        super().__init__("This is not a position of the game: " + "; ".join(problems) + ".",
                         problems=problems)
        self.problems = problems


class Problems:
    """The problems a builder finds, gathered so that one answer names them all."""

    def __init__(self) -> None:
        self.found: list[str] = []

    def add(self, problem: str) -> None:
        self.found.append(problem)

    def check(self) -> None:
        """Raise BadPosition with every problem found so far, if any."""
        if self.found:
            raise BadPosition(self.found)


def build_position(rules: Rules, options: dict[str, Any], seats: int,
                   description: Any) -> State:
    """The rules state ``description`` sets up under ``rules`` (see the module's docstring),
    or BadPosition in words."""
    build = rules.position
    if build is None:
        raise BadPosition([f"{rules.info.title} (rules {rules.version}) does not set up "
                           "positions"])
    if not isinstance(description, dict):
        raise BadPosition(["a position is an object of named parts"])
    try:
        state = build(options, seats, description)
        rules.next(state)
    except BadPosition:
        raise
    except BrokenRules as breach:  # e.g. it would ask a seat with nothing to choose
        raise BadPosition([f"the rules cannot go on from it: {breach}"]) from None
    except (KeyError, IndexError, TypeError, ValueError, AttributeError, AssertionError,
            RecursionError) as slip:
        # A builder checks what the rulebook asks of a position; whatever shape it did not
        # foresee must still be the describer's error in words, never the server's.
        raise BadPosition([f"the rules cannot go on from it ({type(slip).__name__})"]) from None
    return state


def known_keys(description: Mapping[str, Any], allowed: Iterable[str], where: str,
               problems: Problems) -> None:
    """A problem for each key of ``description`` that is none of ``allowed``."""
    allowed = list(allowed)
    for key in description:
        if key not in allowed:
            problems.add(f"{where} has no part called {key!r} (its parts: "
                         f"{', '.join(allowed)})")


def name_index(names: Mapping[str, str]) -> dict[str, tuple[str, ...]]:
    """A lookup from a component's printed name (and its id), in any case, to the ids it
    may name; ``names`` maps each id to its printed name. A name printed on several
    components (God of War's rune variants) names them all: ``ids_of`` asks for the id."""
    index: dict[str, tuple[str, ...]] = {}
    for cid, name in names.items():
        index[_plain(name)] = (*index.get(_plain(name), ()), cid)
    index.update({_plain(cid): (cid,) for cid in names})
    return index


def ids_of(value: Any, index: Mapping[str, tuple[str, ...]], where: str, problems: Problems,
           kind: str = "card") -> list[str]:
    """The ids of a list of printed names (a problem for anything else, an unknown name, or
    a name several components share)."""
    if not isinstance(value, list):
        problems.add(f"{where} is a list of {kind} names")
        return []
    found = []
    for name in value:
        ids = index.get(_plain(name), ()) if isinstance(name, str) else ()
        if len(ids) == 1:
            found.append(ids[0])
        elif ids:
            problems.add(f"{where}: {name!r} is printed on several {kind}s; name one by its "
                         f"id ({', '.join(ids)})")
        else:
            problems.add(f"{where}: there is no {kind} called {name!r}")
    return found


def whole_number(value: Any, where: str, problems: Problems, minimum: int = 0,
                 maximum: int | None = None) -> int:
    """``value`` as a whole number within bounds (a problem otherwise, and ``minimum``)."""
    if type(value) is not int or value < minimum or (maximum is not None and value > maximum):
        bound = f"from {minimum} to {maximum}" if maximum is not None else f"at least {minimum}"
        problems.add(f"{where} is a whole number {bound}, not {value!r}")
        return minimum
    return value


def seat_number(value: Any, seats: int, where: str, problems: Problems) -> int:
    """``value`` as one of the game's seats, 0 to seats - 1."""
    return whole_number(value, where, problems, 0, seats - 1)


def _plain(name: str) -> str:
    return " ".join(name.replace("_", " ").replace("-", " ").split()).casefold()
