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
A save's rows are written by ``insert_rows``: the library's rows, in one statement.
"""

from __future__ import annotations

import fcntl
import os
import sqlite3
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any, TypeVar
from uuid import UUID

from eventsourcing.persistence import IntegrityError, StoredEvent
from eventsourcing.sqlite import (
    SQLiteAggregateRecorder,
    SQLiteApplicationRecorder,
    SQLiteConnection,
    SQLiteCursor,
)

from .batches import Batches, Queued
from .sqlite_reads import in_a_file

T = TypeVar("T")
Elsewhere = Callable[[Callable[[], None]], None]


def run_here(work: Callable[[], None]) -> None:
    work()


class _Save(Queued):
    """One queued save: its SQL (``write``), then its outcome."""

    def __init__(self, write: Callable[[SQLiteCursor], Any]) -> None:
        super().__init__()
        self.write = write


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
        self._batches: Batches[_Save] = Batches(self._commit)

    def write(self, write: Callable[[SQLiteCursor], T]) -> T:
        """Run ``write`` in a transaction shared with the saves queued with it; answer its
        result once that transaction is committed."""
        result: T = self._batches.run(_Save(write))
        return result

    def _commit(self, batch: Sequence[_Save]) -> None:
        with self.datastore.get_connection(commit=True) as connection:
            self.elsewhere(partial(self._commit_in_turn, connection, batch))

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


# The recorders whose rows ``insert_rows`` writes (a subclass may write more: tracking rows).
RECORDERS = (SQLiteAggregateRecorder, SQLiteApplicationRecorder)


def install(recorders: Sequence[Any], elsewhere: Elsewhere = run_here,
            numbered: bool = True) -> GroupCommit | None:
    """Route the inserts of ``recorders`` (SQLite recorders of one store) through one
    ``GroupCommit``, each written by ``insert_rows``; None when the store is not SQLite (or is
    in memory). ``numbered``: whether an application recorder's insert answers its rows' ids
    (False for an application that reads none of them: a save is then one statement)."""
    sqlite = [r for r in recorders if type(r) in RECORDERS]
    if not sqlite or not in_a_file(sqlite[0]):
        return None
    group = GroupCommit(sqlite[0], elsewhere)
    for recorder in sqlite:
        recorder.insert_events = partial(_insert_events, group, recorder, numbered)
    return group


def _insert_events(group: GroupCommit, recorder: SQLiteAggregateRecorder, numbered: bool,
                   stored_events: Sequence[StoredEvent], **_: Any) -> list[int] | None:
    return group.write(lambda cursor: insert_rows(cursor, recorder, stored_events, numbered))


def insert_rows(cursor: SQLiteCursor, recorder: SQLiteAggregateRecorder,
                stored_events: Sequence[StoredEvent], numbered: bool) -> list[int] | None:
    """The rows ``recorder``'s own insert writes for ``stored_events``, in their order (each
    event's aggregate id as hex text, its version, topic and state: tests/test_event_store.py
    holds them to the library's rows). ``numbered`` (and an application recorder's rows): one
    statement a row, answering each row's id as the library's application recorder does;
    else all in one ``executemany``, answering None (that recorder runs an ``execute`` a row
    from a Python loop: about 4,500 instructions an event more, by callgrind). A row at a
    version already stored is refused by the table's key (sqlite3.IntegrityError: the version
    check); the caller's transaction or savepoint then undoes the save's rows written."""
    numbered = numbered and type(recorder) is SQLiteApplicationRecorder  # the others: None
    statement = recorder.insert_events_statement
    # The state bound as a bytearray: the same BLOB, but the sqlite3 module binds one as it
    # is, while it first looks for an adapter of bytes (an attribute search through the
    # type's bases, twice: about 3,000 instructions an event, more than the copy).
    rows = [(stored.originator_id.hex if isinstance(stored.originator_id, UUID)
             else stored.originator_id, stored.originator_version, stored.topic,
             bytearray(stored.state)) for stored in stored_events]
    if not numbered:
        cursor.executemany(statement, rows)
        return None
    ids = []
    for row in rows:
        cursor.execute(statement, row)
        ids.append(cursor.lastrowid)
    return ids
