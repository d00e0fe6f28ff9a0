"""Work of concurrent callers carried out in batches, one batch at a time.

The first caller leads: it carries out the work queued so far (its own, and any queued with
it) while the callers that come meanwhile queue; once that batch is done its callers are
answered, and the first caller queued meanwhile leads the next batch, for every caller
queued by then. So a caller's work is carried out after it was queued, never in a batch
already on its way (SQLite's saves share a commit: ``group_commit``; PostgreSQL's version
checks share a statement: ``postgres_store``)."""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeVar

from eventsourcing.persistence import PersistenceError


class Queued:
    """One caller's work: then its outcome, or whether it leads the next batch."""

    def __init__(self) -> None:
        self.done = threading.Event()
        self.leads = False
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
    (what it leaves unsettled, or all of it if it raises, fails)."""

    def __init__(self, carry_out: Callable[[Sequence[Q]], None]) -> None:
        self._carry_out = carry_out
        self._lock = threading.Lock()
        self._queue: list[Q] = []
        self._leading = False

    def run(self, work: Q) -> Any:
        """``work`` carried out in a batch queued from now on; its outcome."""
        with self._lock:
            self._queue.append(work)
            follows, self._leading = self._leading, True
        if follows:
            work.done.wait()
        if not follows or work.leads:
            self._lead()
        return work.outcome()

    def _lead(self) -> None:
        with self._lock:
            batch, self._queue = self._queue, []
        try:
            self._carry_out(batch)
        except BaseException as error:  # every piece of the batch fails with it
            for work in batch:
                work.settle(error=error)
            raise
        finally:
            with self._lock:
                successor = self._queue[0] if self._queue else None
                self._leading = successor is not None
            for work in batch[1:]:
                work.done.set()
            if successor is not None:
                successor.leads = True
                successor.done.set()
