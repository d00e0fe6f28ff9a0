"""Group commit: the saves of concurrent requests written to SQLite in one transaction.

A save is acknowledged only once its transaction is committed, and SQLite commits with an
fsync (about 3 ms on the benchmark's disk), one writer at a time. One commit per move caps a
server at a few hundred moves a second, and in a gevent worker the fsync also stalls every
other request of the worker, since the SQLite call does not yield. So the saves are queued:
the first saver leads, writing every save queued meanwhile in one transaction (each in its
own savepoint, so that a save losing the store's version check fails alone) and committing
once; the others wait for that commit, and the first of those queued during it leads the
next. The transaction runs where ``elsewhere`` puts it (a native thread in a gevent worker:
the event loop keeps serving while the disk works, and queues the next batch). The leaders
of the server's processes take turns by a file lock beside the store: SQLite's own wait for
its write lock polls with sleeps of up to 100 ms, which made one worker's saves wait
seconds while the other's committed back to back. Durability is unchanged: SQLite's
synchronous setting is left as it is, and no save returns before the commit that holds it.
"""

from __future__ import annotations

import fcntl
import os
import sqlite3
import threading
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any, TypeVar

from eventsourcing.persistence import IntegrityError, PersistenceError
from eventsourcing.sqlite import SQLiteAggregateRecorder, SQLiteConnection, SQLiteCursor

from .sqlite_reads import in_a_file

T = TypeVar("T")
Elsewhere = Callable[[Callable[[], None]], None]


def run_here(work: Callable[[], None]) -> None:
    work()


class _Save:
    """One queued save: its SQL (``write``), then its outcome, or whether it leads next."""

    def __init__(self, write: Callable[[SQLiteCursor], Any]) -> None:
        self.write = write
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
            raise PersistenceError("the save was not written")
        if self.error is not None:
            raise self.error
        return self.result


class GroupCommit:
    """The queue of saves of one SQLite store (``install`` routes the recorders' inserts
    through it)."""

    def __init__(self, recorder: SQLiteAggregateRecorder, elsewhere: Elsewhere = run_here) -> None:
        self.datastore = recorder.datastore
        self.elsewhere = elsewhere
        try:
            self._turns = os.open(f"{self.datastore.pool.db_name}.writer",
                                  os.O_RDWR | os.O_CREAT, 0o600)
        except OSError:  # a folder this process may not write: SQLite's own wait serves
            self._turns = -1
        self._lock = threading.Lock()
        self._queue: list[_Save] = []
        self._leading = False

    def write(self, write: Callable[[SQLiteCursor], T]) -> T:
        """Run ``write`` in a transaction shared with the saves queued with it; answer its
        result once that transaction is committed."""
        save = _Save(write)
        with self._lock:
            self._queue.append(save)
            follows, self._leading = self._leading, True
        if follows:
            save.done.wait()
            if not save.leads:
                result: T = save.outcome()
                return result
        self._lead()
        result = save.outcome()
        return result

    def _lead(self) -> None:
        with self._lock:
            batch, self._queue = self._queue, []
        try:
            with self.datastore.get_connection(commit=True) as connection:
                self.elsewhere(partial(self._commit_in_turn, connection, batch))
        except BaseException as error:  # no connection, or the leader was stopped
            for save in batch:
                save.settle(error=error)
            raise
        finally:
            with self._lock:
                successor = self._queue[0] if self._queue else None
                self._leading = successor is not None
            for save in batch[1:]:
                save.done.set()
            if successor is not None:
                successor.leads = True
                successor.done.set()


    def _commit_in_turn(self, connection: SQLiteConnection, batch: Sequence[_Save]) -> None:
        if self._turns < 0:
            commit(connection, batch)
            return
        fcntl.flock(self._turns, fcntl.LOCK_EX)
        try:
            commit(connection, batch)
        finally:
            fcntl.flock(self._turns, fcntl.LOCK_UN)

    def close(self) -> None:
        if self._turns >= 0:
            os.close(self._turns)
            self._turns = -1


def commit(connection: SQLiteConnection, batch: Sequence[_Save]) -> None:
    """Write ``batch`` in one transaction and commit it; each save's outcome is set. Alone, a
    save runs as the library runs it; among others, in a savepoint, so that a save refused by
    the version check (IntegrityError) is undone alone and the rest commit."""
    try:
        with connection.transaction(commit=True) as cursor:
            for save in batch:
                if len(batch) == 1:
                    result = save.write(cursor)
                else:
                    result = _in_savepoint(cursor, save)
                if not save.settled:
                    save.result = result
    except Exception as error:  # the transaction rolled back: every save fails with it
        for save in batch:
            save.settle(error=error)
        return
    for save in batch:  # committed
        save.settle(save.result)


def _in_savepoint(cursor: SQLiteCursor, save: _Save) -> Any:
    """``save`` written in a savepoint; refused by the version check, it is undone and
    settled as failed (the transaction goes on with the others)."""
    cursor.execute("SAVEPOINT save")
    try:
        result = save.write(cursor)
    except sqlite3.IntegrityError as refused:
        cursor.execute("ROLLBACK TO save")
        save.settle(error=IntegrityError(refused))
        result = None
    cursor.execute("RELEASE save")
    return result


def install(recorders: Sequence[Any], elsewhere: Elsewhere = run_here) -> GroupCommit | None:
    """Route the inserts of ``recorders`` (SQLite recorders of one store) through one
    ``GroupCommit``; None when the store is not SQLite (or is in memory)."""
    sqlite = [r for r in recorders if isinstance(r, SQLiteAggregateRecorder)]
    if not sqlite or not in_a_file(sqlite[0]):
        return None
    group = GroupCommit(sqlite[0], elsewhere)
    for recorder in sqlite:
        recorder.insert_events = partial(_insert_events, group, recorder)  # type: ignore[method-assign]
    return group


def _insert_events(group: GroupCommit, recorder: SQLiteAggregateRecorder,
                   stored_events: Sequence[Any], **kwargs: Any) -> Sequence[int] | None:
    return group.write(lambda cursor: recorder._insert_events(cursor, stored_events, **kwargs))
