"""The queue of concurrent callers' work (domain/batches.py): one batch on its way per lane,
the work queued meanwhile goes together in the next, each piece answered its own outcome,
and no lane is left taken."""

from __future__ import annotations

import random
import threading
import time

import pytest

from domain.batches import Batches, Queued


class Number(Queued):
    def __init__(self, value: int) -> None:
        super().__init__()
        self.value = value


def doubled(batches_seen: list[list[int]], on_way: list[int], most: list[int]):
    lock = threading.Lock()

    def carry_out(batch) -> None:
        with lock:
            on_way[0] += 1
            most[0] = max(most[0], on_way[0])
            batches_seen.append([work.value for work in batch])
        time.sleep(random.uniform(0, 0.004))
        for work in batch:
            if work.value == 13:
                work.settle(error=ValueError("unlucky"))
            else:
                work.settle(work.value * 2)
        with lock:
            on_way[0] -= 1

    return carry_out


@pytest.mark.parametrize("lanes", [1, 3])
def test_each_caller_gets_its_own_outcome_in_at_most_as_many_batches_at_once_as_lanes(lanes):
    seen: list[list[int]] = []
    on_way, most = [0], [0]
    batches = Batches(doubled(seen, on_way, most), lanes)
    answers: dict[int, object] = {}

    def call(value: int) -> None:
        time.sleep(random.uniform(0, 0.01))
        try:
            answers[value] = batches.run(Number(value))
        except ValueError as error:
            answers[value] = str(error)

    threads = [threading.Thread(target=call, args=(value,)) for value in range(200)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(10)
    assert answers == {value: "unlucky" if value == 13 else value * 2 for value in range(200)}
    assert sorted(value for batch in seen for value in batch) == list(range(200))
    assert most[0] <= lanes and len(seen) < 200  # some went together
    assert batches._leading == 0 and batches._queue == []


def test_a_lane_that_is_free_is_taken_at_once_while_another_batch_is_on_its_way():
    release, started = threading.Event(), []

    def carry_out(batch) -> None:
        started.append([work.value for work in batch])
        if batch[0].value == 1:
            release.wait(5)
        for work in batch:
            work.settle(work.value)

    batches = Batches(carry_out, lanes=2)
    first = threading.Thread(target=batches.run, args=(Number(1),))
    first.start()
    while not started:
        time.sleep(0.001)
    assert batches.run(Number(2)) == 2  # the second lane, while the first waits
    release.set()
    first.join(5)
    assert started == [[1], [2]] and batches._leading == 0
