"""The aggregate cache holds what fits its budget in bytes, the most recently used first."""

from __future__ import annotations

from uuid import uuid4

from domain.caches import OTHER_AGGREGATE_BYTES, ByteBoundedCache


def test_the_least_recently_used_aggregates_leave_once_the_budget_is_passed():
    cache = ByteBoundedCache(budget=3 * OTHER_AGGREGATE_BYTES)
    first, second, third, fourth = (uuid4() for _ in range(4))
    for key in (first, second, third):
        cache.put(key, object())
    cache.get(first)  # now the most recently used

    cache.put(fourth, object())

    assert set(cache.cache) == {first, third, fourth}
    assert cache.total == 3 * OTHER_AGGREGATE_BYTES


def test_an_evicting_get_takes_the_aggregate_out_and_a_miss_is_a_key_error():
    cache = ByteBoundedCache(budget=10 * OTHER_AGGREGATE_BYTES)
    key = uuid4()
    cache.put(key, "game")

    assert cache.get(key, evict=True) == "game"

    assert cache.total == 0
    try:
        cache.get(key)
    except KeyError:
        return
    raise AssertionError("a miss raises KeyError")


def test_the_newest_aggregate_is_kept_even_beyond_the_budget():
    cache = ByteBoundedCache(budget=1)
    key = uuid4()

    cache.put(key, object())

    assert key in cache.cache
