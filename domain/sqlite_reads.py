"""A SQLite store's event reads on one connection of their own.

Each request reads a game's newest events at least once (a view's version check, a move's
fast-forward of the cached game), each a query of a few microseconds that the library wraps
in about thirty more: its connection pool's locks and semaphores, and an explicit
transaction (``BEGIN``, ``ROLLBACK``) around a single statement, which SQLite already reads
as one snapshot. Here the same statement runs on a connection kept for it, behind a lock;
a reader that finds the lock taken (another native thread reading) goes the library's way.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Sequence
from typing import Any
from uuid import UUID

from eventsourcing.persistence import StoredEvent
from eventsourcing.sqlite import SQLiteAggregateRecorder


class EventReads:
    """``select_events`` of ``recorder``, on a connection of its own."""

    def __init__(self, recorder: SQLiteAggregateRecorder) -> None:
        self.recorder = recorder
        self._library = recorder.select_events
        pool = recorder.datastore.pool
        self._connection = sqlite3.connect(pool.db_name, isolation_level=None,
                                           check_same_thread=False,
                                           timeout=pool.lock_timeout or 5)
        self._lock = threading.Lock()

    def select_events(self, originator_id: UUID | str, *, gt: int | None = None,
                      lte: int | None = None, desc: bool = False,
                      limit: int | None = None) -> Sequence[StoredEvent]:
        if not self._lock.acquire(blocking=False):
            return self._library(originator_id, gt=gt, lte=lte, desc=desc, limit=limit)
        try:
            rows = self._connection.execute(*self._query(originator_id, gt, lte, desc,
                                                         limit)).fetchall()
        finally:
            self._lock.release()
        convert = self.recorder.convert_originator_id
        return [StoredEvent(originator_id=convert(row[0]), originator_version=row[1],
                            topic=row[2], state=row[3]) for row in rows]

    def _query(self, originator_id: UUID | str, gt: int | None, lte: int | None,
               desc: bool, limit: int | None) -> tuple[str, list[Any]]:
        """The library's statement for the same arguments."""
        statement = self.recorder.select_events_statement
        params: list[Any] = [originator_id.hex if isinstance(originator_id, UUID)
                             else originator_id]
        if gt is not None:
            statement += "AND originator_version>? "
            params.append(gt)
        if lte is not None:
            statement += "AND originator_version<=? "
            params.append(lte)
        statement += "ORDER BY originator_version " + ("DESC " if desc else "ASC ")
        if limit is not None:
            statement += "LIMIT ? "
            params.append(limit)
        return statement, params

    def close(self) -> None:
        self._connection.close()


def in_a_file(recorder: Any) -> bool:
    """Whether ``recorder`` is a SQLite recorder of a store in a file (not one in memory, not
    a ``file:`` URI): the stores that other connections may open by name."""
    if not isinstance(recorder, SQLiteAggregateRecorder):
        return False
    pool = recorder.datastore.pool
    return not (pool.is_sqlite_memory_mode or pool.db_name.startswith("file:"))


def install(recorders: Sequence[Any]) -> list[EventReads]:
    """Route ``select_events`` of each SQLite recorder of ``recorders`` (a file, not one in
    memory) through an ``EventReads``."""
    installed = []
    for recorder in filter(in_a_file, recorders):
        reads = EventReads(recorder)
        recorder.select_events = reads.select_events
        installed.append(reads)
    return installed
