"""The event store's JSON (domain/transcoder.py): what the library's transcoder stored reads back
as it did, and what this one stores reads back the same, by either."""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta, timezone
from functools import partial
from typing import Any
from uuid import UUID

import pytest
from eventsourcing.persistence import JSONTranscoder, Transcoding
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.application import project_game
from domain.transcoder import FastJSONTranscoder, iso
from replays import build_document, verify_document

from .conftest import make_service

# What the library's transcoder is, named to a service (eventsourcing's TRANSCODER_TOPIC).
LIBRARY = {"TRANSCODER_TOPIC": "eventsourcing.persistence:JSONTranscoder"}


class Colour(enum.Enum):
    RED = 1


@dataclasses.dataclass
class Point:
    x: int


class ComplexAsParts(Transcoding):
    """A transcoding of the kind an application may register, writing more than a string."""

    type = complex
    name = "complex_parts"

    def encode(self, obj: complex) -> list[float]:
        return [obj.real, obj.imag]

    def decode(self, data: list[float]) -> complex:
        return complex(*data)


@pytest.fixture(scope="module")
def transcoders() -> Iterator[tuple[JSONTranscoder, JSONTranscoder]]:
    """The library's transcoder and ours, as a service constructs them, and a transcoding of
    the application's own registered on each."""
    services = [make_service(env) for env in (LIBRARY, {})]
    library, ours = (service.mapper.transcoder for service in services)
    assert type(library) is JSONTranscoder and type(ours) is FastJSONTranscoder
    for transcoder in (library, ours):
        transcoder.register(ComplexAsParts())
    yield library, ours
    for service in services:
        service.close()


keys = st.text() | st.integers() | st.booleans() | st.none() | st.floats()
scalars = (st.none() | st.booleans() | st.integers() | st.floats()
           | st.integers(min_value=-2**70, max_value=2**70) | st.text()
           | st.text(st.characters(codec=None, categories=["Cs", "Ll"]))
           | st.uuids() | st.decimals() | st.complex_numbers()
           | st.datetimes(timezones=st.sampled_from([UTC, None, timezone(-timedelta(hours=5))]))
           | st.sampled_from([Colour.RED, Point(1), {1, 2}, "_type_", {"_type_": "uuid_hex"}]))
values = st.recursive(scalars, lambda inner: st.lists(inner) | st.tuples(inner, inner)
                      | st.dictionaries(st.text() | keys, inner)
                      | st.builds(lambda kind, data: {"_type_": kind, "_data_": data},
                                  st.sampled_from(["uuid_hex", "datetime_iso", "decimal_str",
                                                   "complex_parts", "nothing"]), inner),
                      max_leaves=20)
# Values each test meets for sure: what orjson writes or reads otherwise than the library.
EDGES = [float("nan"), [float("inf"), -0.0], 2**64, -(2**63) - 1, {"x": [2**70]}, "\ud800",
         {1: "a", "1": "b"}, UUID(int=7), [Colour.RED], Point(1), complex(float("nan"), 1),
         {"t": datetime(2026, 1, 1, tzinfo=timezone(timedelta(hours=2)))}, [[[[]]]] * 2]
# Stored bytes the library reads, however written: each must read the same.
STORED = [b'{"b":{"_type_":"datetime_iso","_data_":"2026-01-01T00:00:00+00:00"},'
          b'"a":{"\\u005ftype_":"uuid_hex","_data_":"0a0b0c0d0e0f0a0b0c0d0e0f0a0b0c0d"}}',
          b' { "x" : [ 1 , {"_type_" : "decimal_str", "_data_" : "1.5"} ] } ',
          b'[NaN,Infinity,-Infinity]', b'[1e400]', b'["\\ud800"]', b'{"a":1,"b":2,"a":3}',
          b'[18446744073709551616,-9223372036854775809]', b'{"_type_":"nothing","_data_":1}',
          b'{"_type_":"uuid_hex","_data_":"x","more":1}', b'[1.0,1,true,-0.0,1e23]']


def outcome(act: Any) -> str:
    """What ``act()`` gives, as text that tells every type and value apart (1, 1.0 and True;
    NaN, -0.0; key order), or the error it raises."""
    try:
        return repr(act())
    except Exception as error:  # noqa: BLE001 - the same refusal is part of the same outcome
        return f"raises {type(error).__name__}"


def assert_what_the_library_stored_reads_the_same(library, ours, value):
    stored = outcome(lambda: library.encode(value))
    if stored.startswith("raises"):  # never stored: ours refuses it the same way
        assert outcome(lambda: ours.encode(value)) == stored
        return
    data = library.encode(value)
    assert outcome(lambda: ours.decode(data)) == outcome(lambda: library.decode(data))


def assert_what_we_store_reads_as_the_library_would_read_its_own(library, ours, value):
    expected = outcome(lambda: library.decode(library.encode(value)))
    if outcome(lambda: ours.encode(value)).startswith("raises"):
        assert outcome(lambda: library.encode(value)).startswith("raises")
        return
    data = ours.encode(value)
    assert outcome(lambda: ours.decode(data)) == expected
    assert outcome(lambda: library.decode(data)) == expected


@settings(max_examples=400)
@given(value=values)
def test_what_the_library_stored_reads_back_the_same(transcoders, value):
    assert_what_the_library_stored_reads_the_same(*transcoders, value)


@settings(max_examples=400)
@given(value=values)
def test_what_we_store_reads_back_as_the_library_would_have_read_its_own(transcoders, value):
    assert_what_we_store_reads_as_the_library_would_read_its_own(*transcoders, value)


@pytest.mark.parametrize("value", EDGES, ids=repr)
def test_values_orjson_writes_otherwise_are_stored_and_read_as_before(transcoders, value):
    assert_what_the_library_stored_reads_the_same(*transcoders, value)
    assert_what_we_store_reads_as_the_library_would_read_its_own(*transcoders, value)


@pytest.mark.parametrize("data", STORED, ids=repr)
def test_stored_bytes_however_written_read_as_the_library_reads_them(transcoders, data):
    library, ours = transcoders
    assert outcome(lambda: ours.decode(data)) == outcome(lambda: library.decode(data))


offsets = st.timedeltas(min_value=timedelta(hours=-23), max_value=timedelta(hours=23))


@given(st.datetimes(timezones=st.just(UTC) | st.none() | st.builds(timezone, offsets)))
def test_a_time_is_written_as_isoformat_writes_it(moment):
    assert iso(moment) == moment.isoformat()


def play_games(service) -> list[Any]:
    """A bot game of each kind the store holds: a long one (snapshots), a fork, a game played
    move by move and resigned; answers their ids."""
    long, _ = service.create_game("revolution", {"match": "points", "games": 20},
                                  [{"bot": "greedy"}, {"bot": "random"}])
    dominion, _ = service.create_game("dominion", {}, [{"bot": "big_money"}] * 2)
    fork, _ = service.fork_game(long.id, 10, [{"bot": "random"}, {"bot": "greedy"}])
    toy, _ = service.create_game("toy", {}, [{"name": "a"}, {"name": "b"}])
    service.play(toy.id, 0, [{"kind": "secret", "n": 2}], "a")
    service.resign(toy.id, 1)
    return [long.id, dominion.id, fork.id, toy.id]


def stored(service, game_id) -> tuple[list[Any], list[Any]]:
    """The game's stored events and snapshots as the service reads them back."""
    return ([vars(e) for e in service.repository.event_store.get(game_id)],
            [vars(s) for s in service.snapshots.get(game_id)])


def source_document(service, game_id: str) -> Any:
    """A fork's source game's replay (what verifying a fork asks for)."""
    return build_document(service.records(UUID(game_id)))


def test_a_store_the_library_wrote_loads_verifies_and_exports_as_before(tmp_path):
    for writer, reader in ((LIBRARY, {}), ({}, LIBRARY)):
        env = {"PERSISTENCE_MODULE": "eventsourcing.sqlite",
               "SQLITE_DBNAME": str(tmp_path / f"{len(writer)}.sqlite")}
        first = make_service({**env, **writer})
        games = play_games(first)
        first.close()
        written, read = make_service({**env, **writer}), make_service({**env, **reader})
        assert stored(read, games[0])[1], "the long game has snapshots"
        for game_id in games:
            assert stored(read, game_id) == stored(written, game_id)
            document = build_document(read.records(game_id))
            assert document == build_document(written.records(game_id))
            assert verify_document(document, partial(source_document, read)).valid
            # Rebuilt from every stored event (each state hash checked), and from the latest
            # snapshot, with no cache.
            whole = project_game(None, read.repository.event_store.get(game_id))
            loaded, before = read.get(game_id), written.get(game_id)
            assert (whole.life, whole.state, whole.last_hash) == (
                loaded.life, loaded.state, loaded.last_hash) == (
                before.life, before.state, before.last_hash)
        written.close()
        read.close()


def test_a_time_written_again_is_written_as_isoformat_writes_it_whatever_was_written_before():
    moment = datetime(2026, 10, 25, 1, 30, 0, 120, tzinfo=UTC)
    kin = [moment, moment.replace(fold=1), moment.astimezone(timezone(timedelta(hours=2))),
           moment.replace(tzinfo=None), moment + timedelta(microseconds=1)]
    first = [iso(time) for time in kin]
    again = [iso(time) for time in kin]
    assert first == again == [time.isoformat() for time in kin]
