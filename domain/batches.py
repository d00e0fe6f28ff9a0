"""Work of concurrent callers carried out in batches, one batch at a time.

The first caller leads: it carries out the work queued so far (its own, and any queued with
it) while the callers that come meanwhile queue; once that batch is done its callers are
answered, and the first caller queued meanwhile leads the next batch, for every caller
queued by then. So a caller's work is carried out after it was queued, never in a batch
already on its way (SQLite's saves share a commit: ``group_commit``; PostgreSQL's version
checks share a statement: ``postgres_store``). With more lanes than one, as many batches
may be on their way at once: a caller that finds a lane free leads at once."""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeVar

from eventsourcing.persistence import PersistenceError


class Queued:
    """One caller's work: then its outcome, or the batch it leads."""

    def __init__(self) -> None:
        self.done = threading.Event()
        self.batch: Sequence[Any] | None = None  # the batch it leads, when it is given one
        self.settled = False
        self.result: Any = None
        self.error: BaseException | None = None

    def settle(self, result: Any = None, error: BaseException | None = None) -> None:
        if not self.settled:
            self.settled, self.result, self.error = True, result, error

    def outcome(self) -> Any:
        if not self.settled:
            raise PersistenceError("the work was not carried out")
        if self.error is not None:
            raise self.error
        return self.result


Q = TypeVar("Q", bound=Queued)


class Batches(Generic[Q]):
    """The queue of one kind of work; ``carry_out`` does a batch of it and settles each one
    (what it leaves unsettled, or all of it if it raises, fails). ``lanes``: how many batches
    may be on their way at once."""

    def __init__(self, carry_out: Callable[[Sequence[Q]], None], lanes: int = 1) -> None:
        self._carry_out = carry_out
        self._lanes = lanes
        self._lock = threading.Lock()
        self._queue: list[Q] = []
        self._leading = 0  # batches on their way (the queue waits only while all lanes do)

    def run(self, work: Q) -> Any:
        """``work`` carried out in a batch queued from now on; its outcome."""
        batch: Sequence[Q] | None = None
        with self._lock:
            self._queue.append(work)
            if self._leading < self._lanes:
                self._leading += 1
                batch, self._queue = self._queue, []
        if batch is None:
            work.done.wait()
            batch = work.batch
        if batch is not None:
            self._lead(batch)
        return work.outcome()

    def _lead(self, batch: Sequence[Q]) -> None:
        try:
            self._carry_out(batch)
        except BaseException as error:  # every piece of the batch fails with it
            for work in batch:
                work.settle(error=error)
            raise
        finally:
            with self._lock:
                following, self._queue = self._queue, []
                self._leading -= not following  # else the next batch takes the lane
            for work in batch:
                work.done.set()
            if following:
                following[0].batch = following
                following[0].done.set()
