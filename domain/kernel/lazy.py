"""A seat's view whose parts are built only when read: what a game hands its bots.

A bot reads a few parts of its seat's view (Dominion's Big Money reads the coins and the
Supply), yet building the whole view for every decision cost about as much as the rules.
A game that offers ``GameRules.bot_view`` gives each part of its view as a function;
``LazyView`` calls one the first time the bot reads it, and ``settled`` builds them all. A
game defines its ``view`` as the settled lazy one, so what a bot can read is exactly the
seat's view, never more (``tests/games/test_bot_views.py`` checks it for every game).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, overload

Part = Callable[[], Any]


class LazyView(Mapping[str, Any]):
    """A mapping of the view's keys to parts built on first reading, then kept."""

    __slots__ = ("_built", "_parts")

    def __init__(self, parts: Mapping[str, Part]) -> None:
        self._parts = parts
        self._built: dict[str, Any] = {}

    def __getitem__(self, key: str) -> Any:
        built = self._built
        if key in built:
            return built[key]
        value = built[key] = self._parts[key]()
        return value

    def __iter__(self) -> Iterator[str]:
        return iter(self._parts)

    def __len__(self) -> int:
        return len(self._parts)


class LazyList(Sequence[Any]):
    """A list (the players' parts of a view) whose items are built on first reading."""

    __slots__ = ("_built", "_items")

    def __init__(self, items: Sequence[Part]) -> None:
        self._items = items
        self._built: dict[int, Any] = {}

    @overload
    def __getitem__(self, index: int) -> Any: ...

    @overload
    def __getitem__(self, index: slice) -> list[Any]: ...

    def __getitem__(self, index: int | slice) -> Any:
        if isinstance(index, slice):
            return [self[i] for i in range(len(self))[index]]
        index = range(len(self._items))[index]  # a negative index counts from the end
        if index not in self._built:
            self._built[index] = self._items[index]()
        return self._built[index]

    def __len__(self) -> int:
        return len(self._items)


def once(build: Part) -> Part:
    """``build``, called the first time only (``functools.cache`` costs more to set up than a
    step costs to compute, and a bot view is set up for every decision)."""
    built: list[Any] = []

    def value() -> Any:
        if not built:
            built.append(build())
        return built[0]
    return value


def settled(value: Any) -> Any:
    """``value`` with every lazy part built: plain dicts and lists, as a view is sent."""
    if isinstance(value, LazyView):
        return {key: settled(value[key]) for key in value}
    if isinstance(value, LazyList):
        return [settled(item) for item in value]
    return value
