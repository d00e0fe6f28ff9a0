"""The PostgreSQL store's own statements (domain/postgres_store.py), on a real server: what
they write and read is what the library's wrote and read, with no NOTIFY."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from uuid import UUID, uuid4

import psycopg
import pytest
from eventsourcing.persistence import IntegrityError, StoredEvent

from .conftest import POSTGRES_URL, make_service, postgres_admin, wait_for_inserts_waiting

pytestmark = pytest.mark.postgres


@pytest.fixture
def service(postgres_env):
    made = make_service(postgres_env)
    yield made
    made.close()


def events(count: int, first: int = 1) -> list[StoredEvent]:
    game = uuid4()
    return [StoredEvent(originator_id=game, originator_version=version, topic=f"t{version}",
                        state=bytes([version % 256]) * version)
            for version in range(first, first + count)]


@pytest.mark.parametrize("count", [1, 48, 49, 90])
def test_a_save_answers_its_notification_ids_in_order_and_reads_back_the_same(service, count):
    written = events(count)
    ids = service.recorder.insert_events(written)
    assert len(ids) == count and ids == sorted(ids)
    notes = service.recorder.select_notifications(ids[0], count)
    assert [(n.id, n.originator_version, n.topic, n.state) for n in notes] == [
        (i, e.originator_version, e.topic, e.state) for i, e in zip(ids, written, strict=True)]
    read = service.recorder.select_events(written[0].originator_id)
    assert read == written and all(type(e.state) is bytes for e in read)


def test_reads_of_each_shape_are_the_librarys(service):
    written = events(10)
    game, select = written[0].originator_id, service.recorder.select_events
    service.recorder.insert_events(written)
    assert select(game, gt=3, lte=7) == written[3:7]
    assert select(game, desc=True, limit=1) == written[-1:]
    assert select(game, gt=8, desc=True) == written[:7:-1]
    assert select(game, lte=2, limit=5) == written[:2]
    assert select(uuid4()) == []
    assert select(str(game), gt=9) == written[9:]  # an id given as text, as the library takes


def test_a_save_refused_by_the_version_check_writes_nothing_and_the_next_one_lands(service):
    written = events(3)
    service.recorder.insert_events(written)
    clash = events(4, first=3)
    clash = [StoredEvent(written[0].originator_id, e.originator_version, e.topic, e.state)
             for e in clash]
    with pytest.raises(IntegrityError):
        service.recorder.insert_events(clash)
    assert service.recorder.select_events(written[0].originator_id) == written
    assert service.recorder.insert_events(clash[1:])


def test_a_save_notifies_no_listener(service, postgres_env):
    with postgres_admin() as listener:
        listener.execute(f"LISTEN {service.recorder.channel_name}")
        service.recorder.insert_events(events(2))
        assert list(listener.notifies(timeout=0.3)) == []


def test_the_newest_events_of_several_games_are_read_in_one_statement(service):
    long, short = events(40), events(1)
    for written in (long, short):
        service.recorder.insert_events(written)
    ids = [long[0].originator_id, short[0].originator_id, uuid4()]
    assert service._checks.statements.newest_events(ids) == {
        ids[0]: (40, "t40"), ids[1]: (1, "t1")}
    assert service._checks.newest(ids[0]) == (40, "t40")
    assert service._checks.newest(ids[2]) is None
    assert service._checks.newest(str(ids[1])) == (1, "t1")  # an id given as text


def test_concurrent_saves_go_in_one_statement_and_a_refused_one_fails_alone(service):
    """Saves queued while one is on its way are inserted together: each answers the
    notification ids of its own events; where the version check refuses one of them, the
    others land all the same and only that one fails."""
    statements = service.recorder.insert_events.__self__
    alone, first_sent, statements_sent = statements._insert_now, threading.Event(), []

    def held_first(stored_events):
        statements_sent.append(len(stored_events))
        if not first_sent.is_set():
            first_sent.set()
            for _ in range(500):  # until the other saves queue behind this one
                if len(statements._saves._queue) == 7:
                    break
                threading.Event().wait(0.01)
        return alone(stored_events)

    statements._insert_now = held_first
    statements._saves._lanes = 1  # one batch on its way at a time: the others queue behind it
    taken = events(2)
    saves = [events(1), *(events(count) for count in (1, 2, 3, 1, 2)), taken,
             [StoredEvent(taken[0].originator_id, 2, "again", b"")]]
    answers: list[object] = [None] * len(saves)

    def save(index: int) -> None:
        try:
            answers[index] = service.recorder.insert_events(saves[index])
        except IntegrityError as refused:
            answers[index] = refused

    threads = [threading.Thread(target=save, args=(0,))]
    threads[0].start()
    first_sent.wait(5)
    threads += [threading.Thread(target=save, args=(index,)) for index in range(1, 8)]
    for thread in threads[1:]:
        thread.start()
    for thread in threads:
        thread.join(10)
    assert statements_sent[:2] == [1, 12]  # the first alone, then the seven together ...
    assert sorted(statements_sent[2:]) == [1, 1, 1, 2, 2, 2, 3]  # refused, then each alone
    refused = [index for index, answer in enumerate(answers) if isinstance(answer, IntegrityError)]
    assert len(refused) == 1 and refused[0] in (6, 7)
    for index, written in enumerate(saves):
        if index in refused:
            continue
        ids = answers[index]
        notes = service.recorder.select_notifications(min(ids), max(ids) - min(ids) + 1)
        assert [(n.id, n.originator_id, n.originator_version) for n in notes] == [
            (i, e.originator_id, e.originator_version) for i, e in zip(ids, written, strict=True)]


def test_saves_queued_together_land_in_one_statement_when_none_is_refused(service):
    statements = service.recorder.insert_events.__self__
    saves = [events(count) for count in (1, 2, 1, 3)]
    from domain.postgres_store import _Save

    batch = [_Save(written) for written in saves]
    sent = []
    alone = statements._insert_now
    statements._insert_now = lambda stored: sent.append(len(stored)) or alone(stored)
    statements._insert_together(batch)
    assert sent == [7]
    for save, written in zip(batch, saves, strict=True):
        assert service.recorder.select_events(written[0].originator_id) == written
        assert len(save.outcome()) == len(written)


class AnswerLost:
    """The store's connections as they come, but for the first ``INSERT`` sent through
    them: it commits, then its connection is lost before the answer arrives (the server
    killed, the network cut), which the client only sees as a failure; ``before``: the
    connection is lost before the statement is sent (nothing committed)."""

    def __init__(self, datastore: object, before: bool = False) -> None:
        self.datastore, self.before, self.inserts, self.lost = datastore, before, 0, False

    @contextmanager
    def get_connection(self) -> Iterator[object]:
        with self.datastore.get_connection() as connection:
            yield self.Connection(connection, self)

    class Connection:
        def __init__(self, connection: object, fault: AnswerLost) -> None:
            self.connection, self.fault = connection, fault

        @contextmanager
        def cursor(self, **options: object) -> Iterator[object]:
            with self.connection.cursor(**options) as cursor:
                yield AnswerLost.Cursor(cursor, self.fault)

    class Cursor:
        def __init__(self, cursor: object, fault: AnswerLost) -> None:
            self.cursor, self.fault = cursor, fault

        def __getattr__(self, name: str) -> object:
            return getattr(self.cursor, name)

        def execute(self, query: bytes, *args: object, **kwargs: object) -> object:
            fault = self.fault
            if query.startswith(b"INSERT") and not fault.lost and fault.before:
                fault.lost = True
                raise psycopg.OperationalError("server closed the connection unexpectedly")
            done = self.cursor.execute(query, *args, **kwargs)
            if query.startswith(b"INSERT"):
                fault.inserts += 1
                if not fault.lost:
                    fault.lost = True
                    raise psycopg.OperationalError("server closed the connection unexpectedly")
            return done


def test_a_save_whose_answer_is_lost_after_its_commit_lands_once_and_answers_its_ids(
        service, monkeypatch):
    statements = service.recorder.insert_events.__self__
    fault = AnswerLost(statements.datastore)
    monkeypatch.setattr(statements, "datastore", fault)
    written = events(3)
    ids = service.recorder.insert_events(written)
    assert fault.lost and fault.inserts == 1  # found there: not inserted a second time
    notes = service.recorder.select_notifications(ids[0], 3)
    assert [(n.id, n.originator_version, n.state) for n in notes] == [
        (i, e.originator_version, e.state) for i, e in zip(ids, written, strict=True)]


def test_a_save_lost_before_its_commit_is_inserted_again(service, monkeypatch):
    statements = service.recorder.insert_events.__self__
    fault = AnswerLost(statements.datastore, before=True)
    monkeypatch.setattr(statements, "datastore", fault)
    written = events(2)
    assert len(service.recorder.insert_events(written)) == 2
    assert fault.lost and fault.inserts == 1
    assert service.recorder.select_events(written[0].originator_id) == written


def test_a_lost_save_whose_versions_another_writer_took_is_refused(service, monkeypatch):
    """Another writer's events at the save's versions are not taken for the save's own
    (their bytes differ): it is inserted again and refused, as any stale save."""
    statements = service.recorder.insert_events.__self__
    written = events(2)
    other = [StoredEvent(e.originator_id, e.originator_version, e.topic, b"other")
             for e in written]
    service.recorder.insert_events(other)
    fault = AnswerLost(statements.datastore, before=True)
    monkeypatch.setattr(statements, "datastore", fault)
    with pytest.raises(IntegrityError):
        service.recorder.insert_events(written)
    assert fault.lost and service.recorder.select_events(written[0].originator_id) == other


def test_a_move_whose_answer_is_lost_after_its_commit_is_played_once(service, monkeypatch):
    """Sent without an Idempotency-Key, the move is not decided a second time on the game
    that holds it already (refused here as a second secret, or in another game played
    twice): it is answered as played, and the history has it once."""
    game, _ = service.create_game("toy", {}, [{"name": "ann"}, {"name": "bob"}])
    statements = service.recorder.insert_events.__self__
    fault = AnswerLost(statements.datastore)
    monkeypatch.setattr(statements, "datastore", fault)
    played = service.play(game.id, 0, [{"kind": "secret", "n": 2}], "ann")
    assert fault.lost
    moves = [e for e in service.history(game.id) if e.type_name == "move_made"]
    assert len(moves) == 1 and played.version == game.version + 1


@pytest.fixture
def patient_service(postgres_env):
    """A service whose statements wait up to 5 s for another's row (the library's lock
    timeout, 1 s, is no longer than PostgreSQL's wait before it looks for a deadlock)."""
    made = make_service({**postgres_env, "POSTGRES_LOCK_TIMEOUT": "5"})
    yield made
    made.close()


def test_two_saves_racing_for_the_same_rows_wait_in_one_order_and_the_first_lands(
        patient_service, postgres_env):
    """A save whose rows come in another order than a rival's (here: three games, the last
    one first) does not hold a row the rival waits for while it waits for one the rival
    holds: the first save lands, the rival is refused by the version check at once, and
    no deadlock is broken (PostgreSQL breaks one after a second, failing one statement: the
    first save's, here, which is then refused)."""
    first_game, held_game, last_game = (UUID(int=n) for n in (1, 2, 3))

    def row(game: UUID, state: bytes) -> StoredEvent:
        return StoredEvent(originator_id=game, originator_version=1, topic="t", state=state)

    first = [row(last_game, b"1"), row(held_game, b"1"), row(first_game, b"1")]
    rival = [row(first_game, b"2"), row(last_game, b"2")]
    answers: dict[str, object] = {}

    def save(name: str, stored: list[StoredEvent]) -> None:
        try:
            answers[name] = patient_service.recorder.insert_events(stored)
        except Exception as refused:  # noqa: BLE001 (the test looks at what it is)
            answers[name] = refused

    schema = postgres_env["POSTGRES_SCHEMA"]
    table = f"{schema}.{patient_service.recorder.events_table_name}"
    with postgres_admin() as admin:
        deadlock_timeout = admin.execute(
            "SELECT setting::float / 1000 FROM pg_settings WHERE name = 'deadlock_timeout'"
        ).fetchone()[0]
    with psycopg.connect(POSTGRES_URL) as holder:
        # Another writer holds one of the first save's rows, uncommitted: the first save
        # waits there, having written what comes before it.
        holder.execute(f"INSERT INTO {table} (originator_id, originator_version, topic, "
                       "state) VALUES (%s, 1, 't', '\\x00')", [held_game])
        threads = [threading.Thread(target=save, args=("first", first))]
        threads[0].start()
        wait_for_inserts_waiting(schema)
        threads.append(threading.Thread(target=save, args=("rival", rival)))
        threads[1].start()
        wait_for_inserts_waiting(schema, 2)
        # Past PostgreSQL's check for a deadlock of the rival's wait (there is none yet):
        # were the first save then to wait for the rival, its own check would find one.
        threading.Event().wait(deadlock_timeout + 0.2)
        holder.rollback()  # the held row freed: the first save goes on
        for thread in threads:
            thread.join(10)
    assert isinstance(answers["rival"], IntegrityError)
    assert len(answers["first"]) == 3
    assert [patient_service.recorder.select_events(game)[0].state
            for game in (first_game, held_game, last_game)] == [b"1", b"1", b"1"]
