"""The event store's write path (domain/event_store.py): every stored event is the bytes the
library's mapper writes with the library's own JSON transcoder, its recordings are the objects
the library's event store returns, the store in memory records and refuses as the library's
does, and a save on SQLite (domain/group_commit.py's ``insert_rows``) writes the library's
rows and is refused at a version already stored."""

from __future__ import annotations

from datetime import datetime
from typing import Any
from uuid import uuid4

import pytest
from eventsourcing.persistence import (
    EventStore,
    IntegrityError,
    JSONTranscoder,
    Mapper,
    StoredEvent,
    Transcoding,
)
from eventsourcing.popo import POPOApplicationRecorder
from eventsourcing.sqlite import SQLiteAggregateRecorder, SQLiteApplicationRecorder, SQLiteDatastore

from domain.application import GameService
from domain.event_store import GameEventStore, GameMapper, MemoryRecorder
from domain.games import get_rules
from domain.group_commit import insert_rows

from .conftest import make_service

GAMES = ["dominion", "revolution", "godofwar"]


def library_mapper(service: GameService) -> Mapper[Any]:
    """The library's mapper with the library's transcoder, the transcodings registered as the
    service registers them."""
    transcoder = JSONTranscoder()
    service.register_transcodings(transcoder)
    return Mapper(transcoder)


def every_event(service: GameService) -> list[Any]:
    """Every event the service stored (games, seats' keys, players...) and every snapshot."""
    notes = service.recorder.select_notifications(1, 100_000)
    events = [service.mapper.to_domain_event(note) for note in notes]
    assert service.snapshots is not None
    for game_id in service.game_ids():
        events += [service.snapshots.mapper.to_domain_event(stored)
                   for stored in service.snapshots.recorder.select_events(game_id)]
    return events


@pytest.mark.parametrize("game", GAMES)
def test_every_stored_event_is_what_the_library_writes(game):
    service = make_service()
    assert type(service.mapper) is GameMapper and type(service.events) is GameEventStore
    bots = list(get_rules(game).bots)[:2]
    for _ in range(3):
        service.create_game(game, {}, [{"bot": bots[0]}, {"bot": bots[-1]}])
    created, _ = service.create_game(game, {}, [{"name": "ann"}, {"bot": bots[0]}])
    service.resign(created.id, 0)
    service.take_snapshot(created.id, version=1)  # no rule snapshots version 1
    library = library_mapper(service)
    events = every_event(service)
    assert len(events) > 50 and any("Snapshot" in type(e).__name__ for e in events)
    for event in events:
        assert service.mapper.to_stored_event(event) == library.to_stored_event(event)


@pytest.mark.parametrize("game", GAMES)
def test_every_event_is_stored_as_the_library_writes_it(game):
    """Each event as the game made it (``Game._record``'s, its attributes in the order it
    sets them: not read back), and its row as stored: the library's mapper's bytes."""
    service = make_service()
    saved: list[Any] = []
    put = service.events.put
    service.events.put = lambda events, **kwargs: (saved.extend(events), put(events, **kwargs))[1]
    bots = list(get_rules(game).bots)[:2]
    for _ in range(3):
        service.create_game(game, {}, [{"bot": bots[0]}, {"bot": bots[-1]}])
    created, _ = service.create_game(game, {}, [{"name": "ann"}, {"bot": bots[0]}])
    service.resign(created.id, 0)
    library = library_mapper(service)
    rows = {(row.originator_id, row.originator_version): row
            for row in service.recorder.select_notifications(1, 100_000)}
    assert len(saved) > 50 and len(rows) == len(saved)
    for event in saved:
        written = library.to_stored_event(event)
        row = rows[event.originator_id, event.originator_version]
        assert (row.topic, row.state) == (written.topic, written.state)
        assert service.mapper.to_stored_event(event) == written


def test_a_timestamp_that_is_not_a_datetime_takes_the_library_path():
    service = make_service()
    created, _ = service.create_game("dominion", {}, [{"bot": "big_money"}] * 2)
    event = service.history(created.id)[-1]
    object.__setattr__(event, "timestamp", "not a time")
    assert service.mapper.to_stored_event(event) == \
        Mapper(service.mapper.transcoder).to_stored_event(event)


def test_recordings_are_what_the_library_event_store_returns():
    service = make_service()
    created, _ = service.create_game("dominion", {}, [{"bot": "big_money"}] * 2)
    events = service.history(created.id)
    ours = GameEventStore(service.mapper, MemoryRecorder()).put(events)
    theirs = EventStore(service.mapper, POPOApplicationRecorder()).put(events)
    assert ours == theirs and len(ours) == len(events)


def test_the_store_in_memory_records_and_refuses_as_the_library_does():
    service = make_service()
    assert type(service.recorder) is MemoryRecorder
    created, _ = service.create_game("dominion", {}, [{"bot": "big_money"}] * 2)
    stored = service.recorder.select_events(created.id)
    ours, theirs = MemoryRecorder(), POPOApplicationRecorder()
    assert ours.insert_events(stored) == theirs.insert_events(stored)
    assert ours.select_events(created.id) == theirs.select_events(created.id) == stored
    assert ours.select_notifications(1, 10) == theirs.select_notifications(1, 10)
    again = StoredEvent(created.id, 1, stored[0].topic, stored[0].state)
    twice = StoredEvent(created.id, len(stored) + 1, stored[0].topic, stored[0].state)
    elsewhere = StoredEvent(uuid4(), 1, stored[0].topic, stored[0].state)
    for recorder in (ours, theirs):
        with pytest.raises(IntegrityError, match="already recorded"):
            recorder.insert_events([again])
        with pytest.raises(IntegrityError, match="not unique"):
            recorder.insert_events([twice, twice])
        with pytest.raises(IntegrityError, match="not unique"):  # in two runs of its game
            recorder.insert_events([twice, elsewhere, twice])
    assert ours.select_events(created.id) == theirs.select_events(created.id) == stored


def test_a_service_that_reads_no_recordings_is_answered_none():
    """The game service does not read what a save answers: its event store makes no
    recordings; a subclass that reads them (its own ``_notify``) is given them."""
    assert make_service().events.recordings is False

    class Reading(GameService):
        def _notify(self, recordings: Any) -> None:
            self.read = recordings

    service = make_service()
    reading = Reading({}, secret=b"s", clock=service._clock, new_token=lambda: "t")
    assert reading.events.recordings is True
    created, _ = reading.create_game("dominion", {}, [{"bot": "big_money"}] * 2)
    games = [r for r in reading.read if r.domain_event.originator_id == created.id]
    assert len(games) == created.version


def test_a_datetime_written_another_way_takes_the_library_path():
    """An application that registers its own datetime transcoding (whatever it writes) has
    its events stored as the library's mapper stores them."""

    class DatetimeAsParts(Transcoding):
        type = datetime
        name = "datetime_iso"

        def encode(self, obj: datetime) -> list[Any]:
            return [obj.isoformat(), {"tz": str(obj.tzinfo)}]

        def decode(self, data: list[Any]) -> datetime:
            return datetime.fromisoformat(data[0])

    service = make_service()
    created, _ = service.create_game("dominion", {}, [{"bot": "big_money"}] * 2)
    events = service.history(created.id)
    service.mapper.transcoder.register(DatetimeAsParts())
    library = library_mapper(service)
    library.transcoder.register(DatetimeAsParts())
    for event in events:
        assert service.mapper.to_stored_event(event) == library.to_stored_event(event)


def library_recorder(path: Any, kind: type[Any]) -> Any:
    """The library's own SQLite recorder of ``kind`` on a store of its own (its own insert)."""
    recorder = kind(SQLiteDatastore(str(path)))
    recorder.create_table()
    return recorder


def table_rows(recorder: Any) -> list[tuple[Any, ...]]:
    """Every row of ``recorder``'s table, each with its rowid where the table has one."""
    rowid = "" if type(recorder) is SQLiteAggregateRecorder else "rowid, "
    with recorder.datastore.transaction(commit=False) as cursor:
        cursor.execute(f"SELECT {rowid}* FROM {recorder.events_table_name} ORDER BY 1, 2")
        return [tuple(row) for row in cursor.fetchall()]


@pytest.fixture
def on_sqlite(tmp_path):
    service = make_service({"PERSISTENCE_MODULE": "eventsourcing.sqlite",
                            "SQLITE_DBNAME": str(tmp_path / "ours.sqlite")})
    yield service
    service.close()


@pytest.mark.parametrize("numbered", [True, False])
def test_a_save_on_sqlite_writes_the_rows_the_library_writes(on_sqlite, tmp_path, numbered):
    created, _ = on_sqlite.create_game("dominion", {}, [{"bot": "big_money"}] * 2)
    # Version 1: a snapshot at the last version may already be there (every 100th event).
    on_sqlite.take_snapshot(created.id, version=1)
    assert on_sqlite.snapshots is not None
    saves = [(SQLiteApplicationRecorder, on_sqlite.recorder.select_notifications(1, 10_000)),
             (SQLiteAggregateRecorder, on_sqlite.snapshots.recorder.select_events(created.id))]
    for kind, stored in saves:
        ours, theirs = (library_recorder(tmp_path / f"{name}-{kind.__name__}", kind)
                        for name in ("ours", "theirs"))
        with ours.datastore.transaction(commit=True) as cursor:
            answered = insert_rows(cursor, ours, stored, numbered)
        library_answer = theirs.insert_events(stored)
        assert answered == (library_answer if numbered else None)
        assert table_rows(ours) == table_rows(theirs) and len(table_rows(ours)) == len(stored)


def test_a_save_on_sqlite_at_a_version_already_stored_is_refused_and_writes_nothing(on_sqlite):
    created, _ = on_sqlite.create_game("dominion", {}, [{"bot": "big_money"}] * 2)
    stored = on_sqlite.recorder.select_events(created.id)
    last = stored[-1]
    stale = [StoredEvent(created.id, last.originator_version + 1, last.topic, last.state),
             last]  # its first event new, its second already stored: the store refuses both
    with pytest.raises(IntegrityError):
        on_sqlite.recorder.insert_events(stale)
    assert on_sqlite.recorder.select_events(created.id) == stored
