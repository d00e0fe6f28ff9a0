"""A PostgreSQL store's event writes and reads, each one statement written once and
prepared.

* **Writes without NOTIFY.** The library's insert function (``es_insert_events_uuid``, used
  with ``POSTGRES_ENABLE_DB_FUNCTIONS``) sends ``NOTIFY`` with every write, for listeners this
  service never has (its follower polls the notification log). A transaction that notifies
  takes, at its commit, one lock of the whole database cluster that it holds until its
  commit is flushed to disk (so that notifications queue in commit order): every save of
  every host waited for the flushes of the saves ahead of it, one at a time, and PostgreSQL's
  own grouping of concurrent commits into one flush never happened. On this machine 16
  clients inserting a row each committed 350-500 times a second with a NOTIFY and 4,000-4,300
  without (``pgbench``). Here a save is one ``INSERT`` of its events (with the saves queued
  with it, below), in a transaction of its own (one statement, one round trip), which
  returns once its commit is flushed, as PostgreSQL's ``synchronous_commit`` says; the lock
  timeout the function set is the connection's. A few events go as rows of values: psycopg
  dumps a list only after looking at each of its values, which cost more than the rest of
  the statement.
* **Saves together.** The saves of concurrent requests (the events table's, not the
  snapshots') queue while a worker's batches are on their way (``SAVE_LANES``) and go in
  one ``INSERT``, one transaction, one commit: all land or none, and where the store's
  version check refuses one of them, each is inserted again alone, so that only the refused
  one fails (``_insert_together``). A save still returns once its commit is flushed.
* **Rows in one order.** Every ``INSERT`` writes its rows in the order of their keys (game,
  then version), whatever saves they come from. Two statements that race for the same keys
  (two moves on one game, a retried request) then wait for each other's rows in one order:
  the second waits at the first key they share, holding none of the first's. In the order
  the saves gave them, each could hold a row the other waits for (a deadlock: PostgreSQL
  breaks it after a second by failing one statement, which was tried again, and the move
  that came first could be the one refused).
* **Reads** (a game's newest events: a move's fast-forward, a game's load) are the
  library's statement, written once for each shape instead of composed at each call, rows
  as tuples and results in binary.
* **Version checks together.** A view read asks the store for its game's current version
  (``GameService.version_of``: the stored views are served only if they are not behind).
  Under load a worker's checks queue for the pool's connections and for the event loop (15
  to 18 were waiting at each check's start, two workers serving 100 games), each its own
  round trip. Here the checks asked while one is on its way wait for it to come back and
  then go together, one statement for all their games (``NewestEvents``). Each is answered
  by a statement sent after it was asked, as before: it sees every save committed before.

Every statement is prepared once a connection (the server parses and plans it once): no
pipeline is left, in which psycopg could lose track of a statement it prepared.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Sequence
from typing import Any
from uuid import UUID

from eventsourcing.persistence import (
    IntegrityError,
    InterfaceError,
    OperationalError,
    StoredEvent,
)
from eventsourcing.utils import retry

from .batches import Batches, Queued
from .event_store import _made

RETRIED = (InterfaceError, OperationalError)  # as the library retries its own statements
ATTEMPTS, RETRY_WAIT = 10, 0.2  # the library's, for a save too
# Batches of saves on their way at once (a host's): one alone made every save wait for the
# commit of the batch ahead of it, its disk flush included.
SAVE_LANES = 3
ROWS_AS_VALUES = 48  # more events (a bot game's save, many saves) are inserted from lists


class EventStatements:
    """``insert_events`` and ``select_events`` of a PostgreSQL recorder, each one statement
    written once (the library's, but for the NOTIFY)."""

    def __init__(self, recorder: Any, numbered: bool, saves_together: bool = False) -> None:
        """``numbered``: the table numbers its events (the notification log's ids), and an
        insert answers their numbers. ``saves_together``: concurrent saves are inserted in
        one statement (``_insert_together``)."""
        from psycopg.rows import tuple_row  # psycopg is loaded for a PostgreSQL store only
        from psycopg.sql import SQL, Identifier

        self.recorder = recorder
        self.datastore = recorder.datastore
        self._tuples = tuple_row
        table = SQL("{}.{}").format(Identifier(self.datastore.schema),
                                    Identifier(recorder.events_table_name)).as_bytes(None)
        self._into = (b"INSERT INTO " + table
                      + b" (originator_id, originator_version, topic, state) ")
        self._returning = b" RETURNING notification_id" if numbered else b""
        self._select = (b"SELECT originator_id, originator_version, topic, state FROM "
                        + table + b" WHERE originator_id = %b::uuid")
        self._stored = (b"SELECT originator_id, originator_version, state, "
                        + (b"notification_id" if numbered else b"0") + b" FROM " + table
                        + b" WHERE (originator_id, originator_version) IN (SELECT * FROM "
                        b"unnest(%b::uuid[], %b::bigint[]))")
        newest = b"SELECT originator_version, topic FROM " + table + b" WHERE originator_id = "
        last = b" ORDER BY originator_version DESC LIMIT 1"
        self._newest_one = newest + b"%b::uuid" + last
        self._newest = (b"SELECT asked.id, newest.* FROM unnest(%b::uuid[]) AS asked(id) CROSS "
                        b"JOIN LATERAL (" + newest + b"asked.id" + last + b") AS newest")
        self._shapes: dict[tuple[bool, bool, bool, bool], bytes] = {}
        self._inserts: dict[int, bytes] = {}
        # The events table's saves of concurrent requests go together (not the snapshots').
        self._saves: Batches[_Save] | None = (
            Batches(self._insert_together, SAVE_LANES) if saves_together else None)

    def insert_events(self, stored_events: Sequence[StoredEvent],
                      **_: Any) -> Sequence[int] | None:
        """``stored_events`` inserted in a transaction of their own, or with the saves queued
        with them (``_insert_together``); their notification ids, in order (for the events
        table; None for the snapshots')."""
        if not stored_events:
            return []
        if self._saves is None:
            alone: list[int] | None = self._insert_now(stored_events)
            return alone
        ids: list[int] | None = self._saves.run(_Save(stored_events))
        return ids

    def _insert_now(self, stored_events: Sequence[StoredEvent]) -> list[int] | None:
        """``stored_events`` inserted in one statement, in a transaction of its own; tried
        again where the connection fails, as the library tries its own statements.

        A connection lost once the statement was sent leaves unknown whether it committed.
        Inserted again, a save that did would be refused by the version check, which the
        service takes for another writer's move: it would decide the move again on a game
        that already holds it, and apply it twice. So before each later try the store is
        asked whether the save is there as written (``_landed``), and then it is not
        inserted again."""
        uncertain = False
        order = sorted(range(len(stored_events)), key=lambda at: row_key(stored_events[at]))
        rows = [stored_events[at] for at in order]
        for attempt in range(1, ATTEMPTS + 1):
            try:
                landed = self._landed(stored_events) if uncertain else None
                if landed is not None:
                    return landed if self._returning else None
                with self.datastore.get_connection() as connection, \
                        connection.cursor(row_factory=self._tuples) as cursor:
                    cursor.execute(*self._insert(rows), prepare=True)
                    if not self._returning:
                        return None
                    return in_given_order([row[0] for row in cursor.fetchall()], order)
            except RETRIED:
                if attempt == ATTEMPTS:
                    raise
                uncertain = True
                time.sleep(RETRY_WAIT)
        raise AssertionError("unreachable: the last attempt returns or raises")

    def _landed(self, stored_events: Sequence[StoredEvent]) -> list[int] | None:
        """The notification ids of ``stored_events`` (zeros where the table numbers none)
        if every one of them is stored with its bytes as written (one transaction: all of
        them or none); None if not (then they are another writer's, or not there)."""
        with self.datastore.get_connection() as connection, \
                connection.cursor(row_factory=self._tuples) as cursor:
            cursor.execute(self._stored, [[e.originator_id for e in stored_events],
                                          [e.originator_version for e in stored_events]],
                           prepare=True)
            rows = {(str(game), version): (state, number)
                    for game, version, state, number in cursor.fetchall()}
        found = [rows.get((str(e.originator_id), e.originator_version)) for e in stored_events]
        if not all(row is not None and bytes(row[0]) == e.state
                   for row, e in zip(found, stored_events, strict=True)):
            return None
        return [row[1] for row in found if row is not None]

    def _insert_together(self, batch: Sequence[_Save]) -> None:
        """The saves of ``batch`` in one statement, one transaction: all of them land, or
        none. Where the store's version check refuses one (IntegrityError), each is then
        inserted alone, so that only the refused ones fail."""
        if len(batch) > 1:
            try:
                ids = self._insert_now([event for save in batch for event in save.events])
            except IntegrityError:
                pass
            else:
                for save in batch:
                    count = len(save.events)
                    save.settle(None if ids is None else ids[:count])
                    ids = None if ids is None else ids[count:]
                return
        for save in batch:
            try:
                save.settle(self._insert_now(save.events))
            except Exception as failed:  # refused, or the store failed: this save alone
                save.settle(error=failed)

    def _insert(self, stored_events: Sequence[StoredEvent]) -> tuple[bytes, list[Any]]:
        """The insert of ``stored_events`` and its parameters: a row of values each, for a
        few (psycopg dumps a list of values only after looking at each, which cost more
        than the rest of the statement); the library's ``unnest`` of lists, for more."""
        count = len(stored_events)
        if count > ROWS_AS_VALUES:
            return (self._into + b"SELECT * FROM unnest(%b::uuid[], %b::bigint[], "
                    b"%b::text[], %b::bytea[])" + self._returning,
                    [[e.originator_id for e in stored_events],
                     [e.originator_version for e in stored_events],
                     [e.topic for e in stored_events], [e.state for e in stored_events]])
        if count not in self._inserts:
            self._inserts[count] = (self._into + b"VALUES "
                                    + b", ".join([b"(%b::uuid, %b::bigint, %b, %b)"] * count)
                                    + self._returning)
        return self._inserts[count], [value for e in stored_events for value in (
            e.originator_id, e.originator_version, e.topic, e.state)]

    @retry(RETRIED, max_attempts=ATTEMPTS, wait=RETRY_WAIT)
    def select_events(self, originator_id: UUID | str, *, gt: int | None = None,
                      lte: int | None = None, desc: bool = False,
                      limit: int | None = None) -> Sequence[StoredEvent]:
        params = [originator_id, *(v for v in (gt, lte, limit) if v is not None)]
        statement = self._statement(gt is not None, lte is not None, desc, limit is not None)
        with self.datastore.get_connection() as connection, \
                connection.cursor(row_factory=self._tuples) as cursor:
            cursor.execute(statement, params, prepare=True, binary=True)
            rows = cursor.fetchall()
        return [_made(StoredEvent, {"originator_id": row[0], "originator_version": row[1],
                                    "topic": row[2], "state": row[3]}) for row in rows]

    @retry(RETRIED, max_attempts=ATTEMPTS, wait=RETRY_WAIT)
    def newest_events(self, originator_ids: Sequence[UUID]) -> dict[UUID, tuple[int, str]]:
        """The version and topic of the newest event of each of ``originator_ids`` that has
        one, in one statement (each a backward step of the table's key)."""
        with self.datastore.get_connection() as connection, \
                connection.cursor(row_factory=self._tuples) as cursor:
            if len(originator_ids) == 1:  # the plainer statement costs the server less
                cursor.execute(self._newest_one, originator_ids, prepare=True, binary=True)
                found = cursor.fetchone()
                return {} if found is None else {originator_ids[0]: (found[0], found[1])}
            cursor.execute(self._newest, [list(originator_ids)], prepare=True, binary=True)
            return {row[0]: (row[1], row[2]) for row in cursor.fetchall()}

    def _statement(self, gt: bool, lte: bool, desc: bool, limit: bool) -> bytes:
        """The library's select for these arguments, written once."""
        shape = (gt, lte, desc, limit)
        if shape not in self._shapes:
            self._shapes[shape] = (
                self._select + (b" AND originator_version > %b" if gt else b"")
                + (b" AND originator_version <= %b" if lte else b"")
                + b" ORDER BY originator_version " + (b"DESC" if desc else b"ASC")
                + (b" LIMIT %b" if limit else b""))
        return self._shapes[shape]


def row_key(event: StoredEvent) -> tuple[str, int]:
    """The order every statement writes its rows in (the module's docstring)."""
    return str(event.originator_id), event.originator_version


def in_given_order(answers: Sequence[int], order: Sequence[int]) -> list[int]:
    """``answers`` to rows written in ``order`` (the positions of the rows as given), put
    back in the order the rows were given."""
    given = [0] * len(order)
    for answer, at in zip(answers, order, strict=True):
        given[at] = answer
    return given


class _Save(Queued):
    """One save's events, then their notification ids."""

    def __init__(self, events: Sequence[StoredEvent]) -> None:
        super().__init__()
        self.events = events


class _Asked(Queued):
    """One version check: its game, then the version and topic of the game's newest event."""

    def __init__(self, originator_id: UUID) -> None:
        super().__init__()
        self.originator_id = originator_id


class NewestEvents:
    """The newest event's version and topic of a game, asked together with the other checks
    waiting at the time: one statement on its way at a time; the checks asked meanwhile
    queue and go together in the next (``domain.batches``)."""

    def __init__(self, statements: EventStatements) -> None:
        self.statements = statements
        self._batches: Batches[_Asked] = Batches(self._read)

    def newest(self, originator_id: UUID | str) -> tuple[int, str] | None:
        """The version and topic of the game's newest event (None: it has none), read by a
        statement sent after this call began. The game's id may come as text (as the
        library's reads take it)."""
        known = originator_id if isinstance(originator_id, UUID) else UUID(str(originator_id))
        answer: tuple[int, str] | None = self._batches.run(_Asked(known))  # keyed as read
        return answer

    def _read(self, batch: Sequence[_Asked]) -> None:
        found = self.statements.newest_events(list({a.originator_id for a in batch}))
        for asked in batch:
            asked.settle(found.get(asked.originator_id))


def install(recorders: Sequence[Any]) -> NewestEvents | None:
    """Route the reads and inserts of the PostgreSQL recorders among ``recorders`` (events
    and snapshots) through ``EventStatements``; answer the version checks of the events'
    recorder (None: no PostgreSQL store)."""
    postgres = sys.modules.get("eventsourcing.postgres")  # imported for a PostgreSQL store
    if postgres is None:
        return None
    found = [r for r in recorders if isinstance(r, postgres.PostgresAggregateRecorder)
             and r.datastore.originator_id_type == "uuid"]  # the statements' own type
    for datastore in {id(r.datastore): r.datastore for r in found}.values():
        with_lock_timeout(datastore)
    checks = None
    for recorder in found:
        numbered = isinstance(recorder, postgres.PostgresApplicationRecorder)
        statements = EventStatements(recorder, numbered, saves_together=recorder is recorders[0])
        recorder.select_events = statements.select_events
        recorder.insert_events = statements.insert_events
        if recorder is recorders[0]:
            checks = NewestEvents(statements)
    return checks


def with_lock_timeout(datastore: Any) -> None:
    """Every connection the store's pool makes from now on waits ``POSTGRES_LOCK_TIMEOUT``
    seconds at most for a lock (the insert function set it for each write: a write racing
    another for a game's next version, or a table locked by hand, then fails and is tried
    again), and the ones made so far are replaced."""
    if datastore.lock_timeout:
        datastore.pool.kwargs["options"] = f"-c lock_timeout={int(datastore.lock_timeout)}s"
        datastore.pool.drain()
