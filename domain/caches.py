"""The aggregate cache bounded by bytes, not entries.

A thousand cached games weighed from a few hundred kilobytes (Revolution's early games) to
tens of megabytes (long Thrones games, each with its last ``RECENT_STATES`` states): a count
bounds nothing a worker's memory can be held to. This cache keeps the most recently used
aggregates whose estimated size fits a budget (``AGGREGATE_CACHE_MB``, 32 by default).

The estimate is the JSON length of what a game holds that grows (its state, once for the
current one and once for each recent state kept), times a factor for Python's objects over
JSON's bytes; any other aggregate (a player, a game's seat keys) counts a flat amount. A
fast-forward of a cached game grows it without a new weighing; the next save weighs it again.
"""

from __future__ import annotations

from collections import OrderedDict
from threading import Lock
from typing import Any
from uuid import UUID

import orjson
from eventsourcing.application import Cache

from .aggregate import RECENT, Game

# Python's dicts, lists and strings over the same data's JSON bytes (a finished bot game's
# state of each of the four games, measured with tracemalloc: 4.2 to 5.6; rounded up).
PYTHON_OVER_JSON = 6
OTHER_AGGREGATE_BYTES = 4_000
DEFAULT_BUDGET_MB = 32


def weight(aggregate: Any) -> int:
    """The estimated bytes ``aggregate`` keeps alive in the cache."""
    if not isinstance(aggregate, Game):
        return OTHER_AGGREGATE_BYTES
    states = 1 + len(aggregate.__dict__.get(RECENT, {}))
    return OTHER_AGGREGATE_BYTES + states * PYTHON_OVER_JSON * len(orjson.dumps(aggregate.state))


class ByteBoundedCache(Cache[UUID, Any]):
    """Least recently used aggregates whose weights sum to at most ``budget`` bytes (the
    newest is always kept). The repository's interface: ``get(key, evict=)``, ``put``. It
    defines no ``__len__``: the repository tests the cache's truth to see if there is one."""

    def __init__(self, budget: int) -> None:
        super().__init__()
        self.budget = budget
        self.total = 0
        self._weights: OrderedDict[UUID, int] = OrderedDict()
        self._lock = Lock()

    def get(self, key: UUID, *, evict: bool = False) -> Any:
        with self._lock:
            value = self.cache[key]  # KeyError: a miss, as the repository expects
            if evict:
                self._drop(key)
            else:
                self._weights.move_to_end(key)
            return value

    def put(self, key: UUID, value: Any) -> None:
        if value is None:
            return
        size = weight(value)
        with self._lock:
            if key in self._weights:
                self._drop(key)
            self.cache[key] = value
            self._weights[key] = size
            self.total += size
            while self.total > self.budget and len(self._weights) > 1:
                self._drop(next(iter(self._weights)))

    def _drop(self, key: UUID) -> None:
        del self.cache[key]
        self.total -= self._weights.pop(key)
