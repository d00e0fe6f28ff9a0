"""The service on a durable store (SQLite, and PostgreSQL where the tests are given one):
history survives a restart, past versions, snapshots, racing writers, durable receipts."""

from __future__ import annotations

import threading
from uuid import uuid4

import pytest

from domain.aggregate import GameNotFound
from domain.application import (
    SHORT_INTERVAL,
    SNAPSHOT_INTERVAL,
    IdempotencyKeyReused,
    StaleVersion,
    project_game,
)
from domain.kernel import NotYourTurn
from replays import build_document, verify_document

from .conftest import STORES, make_service, postgres_admin


@pytest.fixture(params=STORES)
def durable_env(request, tmp_path):
    """A durable store: the SQLite file (embedded default), or a PostgreSQL schema."""
    if request.param == "postgres":
        return request.getfixturevalue("postgres_env")
    return {"PERSISTENCE_MODULE": "eventsourcing.sqlite",
            "SQLITE_DBNAME": str(tmp_path / "games.sqlite"), "SQLITE_LOCK_TIMEOUT": "10"}


def test_a_game_survives_a_restart_and_still_verifies(durable_env):
    first = make_service(durable_env)
    created, _ = first.create_game("toy", {"goal": 20}, [{"bot": "random"}, {"bot": "first"}])
    first.close()
    second = make_service(durable_env)
    reloaded = second.get(created.id)
    assert reloaded.status == "over" and reloaded.state == created.state
    assert verify_document(build_document(second.records(created.id))).valid
    second.close()


def test_a_past_version_is_the_state_after_that_event(durable_env):
    service = make_service(durable_env)
    created, _ = service.create_game("toy", {}, [{"bot": "random"}, {"bot": "random"}])
    records = service.records(created.id)
    for record in records[::5]:
        past = service.get(created.id, version=record["seq"])
        from domain.kernel import hash_value

        assert hash_value(past.state) == record["state_hash"]
    service.close()


def assert_snapshots_are_rebuilds(service, game_id):
    """Each snapshot of the game is the game as its events alone rebuild it there."""
    for snapshot in service.snapshots.get(game_id):
        past = snapshot.mutate(None)
        rebuilt = project_game(None, service.repository.event_store.get(
            game_id, lte=snapshot.originator_version))
        assert (past.version, past.state, past.life, past.last_hash) == (
            rebuilt.version, rebuilt.state, rebuilt.life, rebuilt.last_hash)


def test_long_games_are_snapshotted_and_load_from_the_snapshot(durable_env):
    service = make_service(durable_env)
    created, _ = service.create_game("toy", {"goal": 150}, [{"bot": "first"}, {"bot": "first"}])
    assert created.version > 100
    snapshots = list(service.snapshots.get(created.id))
    assert snapshots and all(s.originator_version % SNAPSHOT_INTERVAL == 0 for s in snapshots)
    service.repository.cache = None
    assert service.get(created.id).state == created.state
    assert_snapshots_are_rebuilds(service, created.id)
    service.close()


def test_a_game_played_move_by_move_is_snapshotted_every_few_dozen_events(durable_env):
    service = make_service(durable_env)
    created, _ = service.create_game("toy", {"goal": 150}, [{"name": "a"}, {"name": "b"}])
    game = created
    while game.status == "active" and game.version < 130:
        prompt = game.step().prompts[0]
        game = service.play(game.id, prompt.seat, [prompt.legal_moves[0]])
    versions = [s.originator_version for s in service.snapshots.get(game.id)]
    gaps = [b - a for a, b in zip([0, *versions], [*versions, game.version], strict=True)]
    assert versions and max(gaps) < 2 * SHORT_INTERVAL
    assert_snapshots_are_rebuilds(service, game.id)
    service.close()


def test_two_seats_answering_a_simultaneous_prompt_at_once_both_land(durable_env):
    service = make_service(durable_env)
    errors: list[BaseException] = []
    for _ in range(10):
        created, _ = service.create_game("toy", {}, [{"name": "a"}, {"name": "b"}])
        barrier = threading.Barrier(2)

        def answer(seat: int, game_id=created.id, barrier=barrier) -> None:
            barrier.wait()
            try:
                service.play(game_id, seat, [{"kind": "secret", "n": seat + 1}], f"p{seat}")
            except BaseException as error:  # noqa: BLE001 - reported by the assert below
                errors.append(error)

        threads = [threading.Thread(target=answer, args=(seat,)) for seat in (0, 1)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert service.get(created.id).state["secret"] == [1, 2]
    assert errors == []
    service.close()


def test_of_two_writers_naming_the_same_version_exactly_one_wins(durable_env):
    service = make_service(durable_env)
    created, _ = service.create_game("toy", {}, [{"name": "a"}, {"name": "b"}])
    version = created.version
    outcomes: list[str] = []
    barrier = threading.Barrier(2)

    def answer(seat: int) -> None:
        barrier.wait()
        try:
            service.play(created.id, seat, [{"kind": "secret", "n": 1}], "p",
                         expected_version=version)
            outcomes.append("won")
        except StaleVersion as stale:
            outcomes.append(f"stale at {stale.current}")

    threads = [threading.Thread(target=answer, args=(seat,)) for seat in (0, 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == [f"stale at {version + 1}", "won"]
    service.close()


def test_a_snapshot_taken_by_the_first_aggregate_version_still_loads(service):
    """Version 1 of the Game aggregate kept the game's life in separate attributes; stores
    written by it hold snapshots in that shape, and they load as the same game."""
    from domain.aggregate import Game, GameSnapshot

    created, _ = service.create_game("toy", {}, [{"bot": "random"}, {"bot": "random"}])
    game = service.get(created.id)
    state = {k: v for k, v in vars(game).items()
             if k not in ("_id", "_version", "_pending_events", "life")}
    names = {"game": "game_name", "rules_version": "rules_version", "options": "options",
             "seats": "seats", "commitment": "commitment", "status": "status",
             "result": "result", "seed": "seed"}
    state.update({old: game.life[key] for key, old in names.items()})
    old_snapshot = GameSnapshot(originator_id=game.id, originator_version=game.version,
                                timestamp=game.modified_on, topic="gamehall:Game", state=state)
    loaded = old_snapshot.mutate(None)
    assert isinstance(loaded, Game)
    assert loaded.life == game.life and loaded.state == game.state
    assert loaded.status == "over" and loaded.seed == game.seed


def test_an_idempotency_receipt_survives_a_restart_and_is_kept_out_of_the_history(durable_env):
    first = make_service(durable_env)
    created, _ = first.create_game("toy", {}, [{"name": "a"}, {"name": "b"}])
    move = {"kind": "secret", "n": 2}
    played, repeated = first.play_once(created.id, 0, [move], "a", "key-1", "print")
    assert not repeated
    first.close()  # as after kill -9: nothing but the store is left
    second = make_service(durable_env)
    second.play(created.id, 1, [{"kind": "secret", "n": 1}], "b")
    again, repeated = second.play_once(created.id, 0, [move], "a", "key-1", "print")
    assert repeated and again.version == played.version and again.state == played.state
    with pytest.raises(IdempotencyKeyReused):
        second.play_once(created.id, 0, [move], "a", "key-1", "another request")
    second.resign(created.id, 1)
    records = second.records(created.id)
    assert [r["seat"] for r in records if r["type"] == "move_made"] == [0, 1]
    assert "key-1" not in repr(records)  # the receipt is not part of the game
    assert verify_document(build_document(records)).valid
    second.close()


def test_a_service_sees_at_once_what_another_service_wrote_to_the_same_store(durable_env):
    """Two hosts (or processes) on one store: what one remembers of a game (its cached
    aggregate, the seats of tokens it has seen) never hides what the other wrote."""
    here, there = make_service(durable_env, "here"), make_service(durable_env, "there")
    created, tokens = here.create_game("toy", {}, [{"name": "a"}, {}])
    assert here.seat_of_token(created.id, tokens[0]) == 0
    cached_version = here.get(created.id).version

    joined, token = there.join(created.id, 1, "b")
    there.play(created.id, 0, [{"kind": "secret", "n": 2}], "a")

    assert here.version_of(created.id) == here.get(created.id).version == joined.version + 1
    assert here.seat_of_token(created.id, token) == 1
    with pytest.raises(StaleVersion) as stale:
        here.play(created.id, 1, [{"kind": "secret", "n": 1}], "b",
                  expected_version=cached_version)
    assert stale.value.current == joined.version + 1
    answered = here.play(created.id, 1, [{"kind": "secret", "n": 1}], "b")
    assert there.get(created.id).state == answered.state
    assert there.get(created.id).state["secret"] == [2, 1]
    here.close()
    there.close()


def checked_at_once(service, game_ids: list) -> list[object]:
    """``service.version_of`` of each game, each asked on a thread of its own, all at once
    (GameNotFound as an answer)."""
    answers: list[object] = [None] * len(game_ids)

    def check(index: int, game_id) -> None:
        try:
            answers[index] = service.version_of(game_id)
        except GameNotFound as error:
            answers[index] = error

    threads = [threading.Thread(target=check, args=pair) for pair in enumerate(game_ids)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(10)
    return answers


def test_version_checks_asked_at_once_on_one_host_see_each_move_the_other_host_saved(
        durable_env):
    """A view's version check on one host, after a move saved on another, answers the move's
    version, also among many checks asked at once (on PostgreSQL they go together, one
    statement for a batch of them: each is answered by a statement sent after it was
    asked); a game that is not there is still not found."""
    here, there = make_service(durable_env, "here"), make_service(durable_env, "there")
    created, _ = here.create_game("toy", {"goal": 20}, [{"name": "a"}, {"name": "b"}])
    other, _ = here.create_game("toy", {}, [{"name": "a"}, {"name": "b"}])
    missing = uuid4()
    moves = [(0, {"kind": "secret", "n": 2}), (1, {"kind": "secret", "n": 1})]
    for seat, chosen in [*moves, (None, {"kind": "advance", "by": "roll"})]:
        seat = there.get(created.id).state["turn"] if seat is None else seat
        moved = there.play(created.id, seat, [chosen], "p")
        answers = checked_at_once(here, [created.id, other.id, missing] * 8)
        assert answers[0::3] == [moved.version] * 8
        assert answers[1::3] == [other.version] * 8
        assert all(isinstance(answer, GameNotFound) for answer in answers[2::3])
    here.close()
    there.close()


def counted_reads(service) -> list[int]:
    """The reads of events ``service`` asks its store for, counted from now on (one entry a
    read: how many events it answered)."""
    reads: list[int] = []
    select = service.recorder.select_events

    def counting(*args, **kwargs):
        events = select(*args, **kwargs)
        reads.append(len(events))
        return events

    service.recorder.select_events = counting
    return reads


def test_hosts_moving_in_turn_from_stale_caches_land_every_move_once_in_order(durable_env):
    """Each host decides a move on the game as it cached it, without reading the store's newer
    events first; where the other host moved meanwhile, the store refuses the save and the
    move is decided again on the latest game. Every move lands once, in order, exactly as one
    host alone would have played it (the same draws, the same states); a move legal only on
    the stale copy is refused in words; a repeated request is answered, not applied again."""
    here, there = make_service(durable_env, "here"), make_service(durable_env, "there")
    alone = make_service()  # the same moves on one host in memory: the game they must make
    created, _ = here.create_game("toy", {"goal": 20}, [{"name": "a"}, {"name": "b"}])
    alone.create_game("toy", {"goal": 20}, [{"name": "a"}, {"name": "b"}], game_id=created.id)
    there.get(created.id)  # both hosts hold the game in their caches
    reads_here = counted_reads(here)

    def move(host, seat: int, chosen: dict) -> None:
        answered = host.play(created.id, seat, [chosen], "p")
        expected = alone.play(created.id, seat, [chosen], "p")
        assert (answered.version, answered.state) == (expected.version, expected.state)

    move(there, 0, {"kind": "secret", "n": 2})
    with pytest.raises(NotYourTurn, match="not your turn: the game is waiting for seat 1"):
        here.play(created.id, 0, [{"kind": "secret", "n": 3}], "p")  # legal on here's copy
    move(here, 1, {"kind": "secret", "n": 1})
    hosts = [there, here]
    for turn in range(6):  # each move from a cache a move behind
        seat = alone.get(created.id).state["turn"]
        move(hosts[turn % 2], seat, {"kind": "advance", "by": "roll" if turn % 3 else "secret"})

    seat, roll = alone.get(created.id).state["turn"], {"kind": "advance", "by": "roll"}
    played, _ = here.play_once(created.id, seat, [roll], "p", "key", "print")
    alone.play(created.id, seat, [roll], "p")
    again, repeated = there.play_once(created.id, seat, [roll], "p", "key", "print")
    assert repeated and (again.version, again.state) == (played.version, played.state)

    del reads_here[:]
    while alone.get(created.id).status != "over":  # here alone, its cache always the latest
        move(here, alone.get(created.id).state["turn"], {"kind": "advance", "by": "roll"})
    assert reads_here[1:] == []  # but the first move (there moved last), none read the store

    records, expected = there.records(created.id), alone.records(created.id)
    assert [(r["seq"], r["type"], r.get("seat"), r.get("move"), r["state_hash"])
            for r in records] == [(r["seq"], r["type"], r.get("seat"), r.get("move"),
                                   r["state_hash"]) for r in expected]
    assert verify_document(build_document(records)).valid
    for service in (here, there, alone):
        service.close()


@pytest.mark.postgres
def test_hosts_starting_at_once_on_an_empty_postgres_all_find_the_schema_made(postgres_env):
    from bootstrap import build_service

    environ = {**postgres_env, "GAMEHALL_STORE": "postgres", "GAMEHALL_SECRET": "ab" * 32}
    barrier = threading.Barrier(4)
    built, failed = [], []

    def start() -> None:
        barrier.wait()
        try:
            built.append(build_service(environ))
        except BaseException as error:  # noqa: BLE001 - reported by the assert below
            failed.append(error)

    for _ in range(3):  # the race is not lost every time: start several times on fresh tables
        threads = [threading.Thread(target=start) for _ in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        created, _ = built[0].create_game("toy", {}, [{"bot": "random"}, {"bot": "first"}])
        assert all(other.get(created.id).status == "over" for other in built)
        for service in built:
            service.close()
        built.clear()
        with postgres_admin() as admin:
            admin.execute(f"DROP SCHEMA {postgres_env['POSTGRES_SCHEMA']} CASCADE")
            admin.execute(f"CREATE SCHEMA {postgres_env['POSTGRES_SCHEMA']}")
    assert failed == []
