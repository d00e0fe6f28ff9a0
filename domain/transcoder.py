"""The event store's JSON: eventsourcing's JSONTranscoder, written and read by orjson.

The library's transcoder (the standard library's json, a Python ``default`` for each
timestamp and an ``object_hook`` for every object read) was about 8% of a bot game's CPU in
the service. This one stores the same thing and reads back the same objects, faster: a
registered type is still written ``{"_type_": name, "_data_": ...}`` by its transcoding and
read back by it, so the stores written by the library's transcoder read as before, and what
this one writes the library's would read the same (tests/test_transcoder.py). For what a
game stores the bytes are even the same (every event and snapshot of the games sampled).

orjson writes and reads plain JSON as the standard library does, but not everything:

- it writes a UUID or an enum member itself (no ``default`` is asked), NaN and infinity as
  ``null``, and a dataclass or datetime itself unless told to pass them on;
- it reads an integer beyond 64 bits as a float, and refuses NaN, infinity, a number too
  large for a float and a lone surrogate.

So a value is written by orjson only when a walk finds nothing in it but plain JSON (exact
dicts with string keys, lists, tuples, strings, integers, booleans, null, finite floats) and
registered types orjson passes to ``default``; data is read by orjson only when it holds no
number of 19 digits or more. Anything else, or anything orjson refuses, takes the library's
own path, byte for byte as before.
"""

from __future__ import annotations

import math
from datetime import UTC, datetime
from enum import Enum
from typing import Any
from uuid import UUID

import orjson
from eventsourcing.persistence import DatetimeAsISO, JSONTranscoder, Transcoding

# Datetimes and dataclasses are passed to ``default`` (the registered transcodings), as the
# standard library's encoder does with every type it does not know.
OPTIONS = orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_PASSTHROUGH_DATACLASS
# Types orjson writes itself, whatever is registered for them: never to be written by it.
NATIVE = (UUID, Enum, str, int, float, dict, list, tuple, orjson.Fragment)
# orjson's deepest nesting; deeper values are the library's to write (or refuse).
MAX_DEPTH = 254
# Exact types orjson writes as the standard library does, whatever their value.
SCALARS = frozenset({str, int, bool, type(None)})
# A number of 19 digits or more: beyond 64 bits orjson would read a float where the standard
# library reads an integer, so data that holds one (or 19 digits in a row in a string) is read
# the library's way. Found as 19 zeros once every digit is made a zero (searched with
# ``find``, not ``in``: on bytes ``in`` first tries its operand as an integer, and the error
# it raises and drops costs more than the search).
ZEROED = bytes.maketrans(b"123456789", b"000000000")
LONG_NUMBER = b"0" * 19
TYPE_KEY = b'"_type_"'


def iso(moment: datetime) -> str:
    """``moment.isoformat()``: the one way a time is written, in an event's hash and in the
    store. A UTC time (the service's clock) is written by orjson, byte for byte the same
    (tested) for under a third of the instructions. Written twice an event (for its hash, then
    for the store), each time: a cache of the times written (a dict keyed by the time) cost
    more than the second writing, as an aware datetime's hash is costlier than orjson's write
    (callgrind: 4,500 instructions a call with the cache, 3,400 without)."""
    if type(moment) is datetime and moment.tzinfo is UTC:
        return orjson.dumps(moment)[1:-1].decode()
    return moment.isoformat()


def kept(written: bytes) -> bytes:
    """orjson's output copied into bytes of their own size, for bytes that are kept (what the
    store writes: a save's events, all alive until its insert, and a store in memory keeps
    them). orjson's bytes object is made in a larger buffer then shrunk, and glibc's malloc
    handles that pattern badly when many are alive at once: each cost 3-5 us to make (a
    tenth of an event's cost in the service), against 0.5 us for the copy of the same bytes."""
    return memoryview(written).tobytes()


class FastDatetimeAsISO(DatetimeAsISO):
    """The library's datetime transcoding (same name, same stored form), written by ``iso``."""

    def encode(self, obj: datetime) -> str:
        return iso(obj)


class FastJSONTranscoder(JSONTranscoder):
    """The library's JSONTranscoder, with orjson where it gives the same result."""

    def __init__(self) -> None:
        super().__init__()
        # The registered types orjson passes to ``default`` (see NATIVE).
        self._deferred: frozenset[type] = frozenset()

    def register(self, transcoding: Transcoding) -> None:
        """As the library's; its own datetime transcoding is registered as FastDatetimeAsISO
        (the same name and stored form)."""
        if type(transcoding) is DatetimeAsISO:
            transcoding = FastDatetimeAsISO()
        super().register(transcoding)
        self._deferred = frozenset(kind for kind in self.types if not issubclass(kind, NATIVE))

    def encode(self, obj: Any) -> bytes:
        if self._plain(obj, 0):
            try:
                written = orjson.dumps(obj, default=self._encode_plain, option=OPTIONS)
            except TypeError:  # orjson.JSONEncodeError is one: an integer beyond 64 bits...
                pass
            else:
                return kept(written)
        return super().encode(obj)

    def encode_with_made(self, obj: dict[str, Any], made: str) -> bytes:
        """``encode`` of a dict whose field ``made`` its caller has just written in its stored
        form (an event's timestamp: ``domain.event_store``): the walk looks at every other
        field as ``encode``'s does, so the bytes are the same, one call a field shorter."""
        for key, value in obj.items():
            if type(key) is not str:
                return super().encode(obj)
            if key != made and type(value) not in SCALARS and not self._plain(value, 1):
                return super().encode(obj)
        try:
            written = orjson.dumps(obj, default=self._encode_plain, option=OPTIONS)
        except TypeError:  # as in ``encode``
            return super().encode(obj)
        return kept(written)

    def decode(self, data: bytes) -> Any:
        if data.translate(ZEROED).find(LONG_NUMBER) < 0:  # see LONG_NUMBER
            try:
                value = orjson.loads(data)
                count = data.count(TYPE_KEY)
                # With no \u escape in the data, every "_type_" key is among the ones counted,
                # so the walk may stop once it has revived that many; else it walks it all.
                return value if count == 0 else self._revive(
                    value, [-1 if data.find(b"\\u") >= 0 else count])
            except (orjson.JSONDecodeError, RecursionError):
                pass  # NaN, infinity, a lone surrogate, a depth orjson or the walk refuses
        return super().decode(data)

    def _plain(self, value: Any, depth: int) -> bool:
        """Whether orjson writes ``value`` as the standard library would (see the module).
        Scalars are looked at where they are met, not by a call each: this walk is the price
        of writing with orjson, and most of a small event is scalars."""
        kind = type(value)
        if kind is dict:
            if depth >= MAX_DEPTH:
                return False
            for key, item in value.items():
                if type(key) is not str or (type(item) not in SCALARS
                                            and not self._plain(item, depth + 1)):
                    return False
            return True
        if kind is list or kind is tuple:
            if depth >= MAX_DEPTH:
                return False
            for item in value:
                if type(item) not in SCALARS and not self._plain(item, depth + 1):
                    return False
            return True
        if kind is float:
            return math.isfinite(value)
        return kind in SCALARS or kind in self._deferred

    def _encode_plain(self, obj: Any) -> dict[str, Any]:
        """``default``: a registered type as its transcoding writes it, if what that writes is
        plain in turn (else orjson gives up, and the library's encoder writes the value)."""
        encoded = self._encode_obj(obj)
        data = encoded["_data_"]
        if type(data) is not str and not self._plain(data, 0):  # the library's write strings
            raise TypeError("not plain JSON")
        return encoded

    def _revive(self, value: Any, left: list[int]) -> Any:
        """``value`` with each object the library's ``object_hook`` would turn into a
        registered type so turned, innermost first as the hook is called; ``left`` counts down
        the revivals still to come (below zero: unknown, so the walk goes everywhere)."""
        kind = type(value)
        if kind is dict or kind is list:
            for place, item in value.items() if kind is dict else enumerate(value):
                if type(item) is dict or type(item) is list:
                    revived = self._revive(item, left)
                    if revived is not item:
                        value[place] = revived
                    if left[0] == 0:
                        break
            if kind is dict and len(value) == 2 and "_type_" in value and "_data_" in value:
                left[0] -= 1
                return self._decode_obj(value)
        return value
