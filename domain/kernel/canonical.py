"""Canonical JSON and SHA-256: the byte form every hash in a game's history is taken over.

Canonical JSON here means: UTF-8, keys sorted, no insignificant white space, no NaN or
infinity, non-ASCII characters written as themselves. Two equal JSON values always give the
same bytes, so a state or an event hashes the same on any machine.
"""

from __future__ import annotations

import copy
import hashlib
import json
from typing import Any

import orjson

GENESIS_HASH = "0" * 64
# Types whose equal values (same type, ==) are equal JSON values: no walk needed.
_SCALARS = frozenset({str, int, bool, type(None)})
# Bound once for ``hash_value``, asked twice for every event verified.
_dumps, _SORT_KEYS, _sha256 = orjson.dumps, orjson.OPT_SORT_KEYS, hashlib.sha256


def canonical_json(value: Any) -> str:
    """The canonical text of a JSON-native value (dicts with string keys, lists, scalars)."""
    return canonical_bytes(value).decode("utf-8")


def canonical_bytes(value: Any) -> bytes:
    """The canonical form as UTF-8 bytes, what every hash is taken over.

    Written by orjson, several times faster than the standard library and byte for byte the
    same for the values a history holds: strings, integers, booleans, null, lists and objects
    (tested on every recorded game). Floats are not among them: no game keeps one, and a
    float move is never legal (the form is RFC 8785's, which floats would complicate). A
    value orjson refuses (a key that is not a string, an integer beyond 64 bits) takes the
    standard library's path."""
    try:
        return orjson.dumps(value, option=orjson.OPT_SORT_KEYS)
    except (TypeError, orjson.JSONEncodeError):
        return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                          allow_nan=False).encode("utf-8")


def json_equal(a: Any, b: Any) -> bool:
    """Equal as JSON values, type included: ``true`` is not ``1`` and ``4.0`` is not ``4``,
    though Python's ``==`` says they are (a move must be recorded exactly as it is legal)."""
    # Python's == (in C) first: it holds whenever json_equal does, so unequal values are
    # told apart without a walk in Python. Equal scalars of one type are equal JSON values.
    kind = type(a)
    return kind is type(b) and a == b and (kind in _SCALARS or same_json_types(a, b))


def same_json_types(a: Any, b: Any) -> bool:
    """Whether ``a`` and ``b``, known to be ``==`` and of one type, have the same JSON type
    at every place: ``json_equal`` without its ``==``, for a caller that has just found ``a``
    by ``==`` (a move among the legal moves: a second == would compare it again)."""
    kind = type(a)
    return kind in _SCALARS or (kind is dict and _flat_same_types(a, b)) \
        or _same_json_types(a, b)


def _flat_same_types(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Whether ``a`` and ``b``, known to be ``==``, hold scalars of the same type under every
    key: a move's usual shape (``{"kind": "buy", "card": "smithy"}``), settled by a glance at
    each value's type, where serialising both costs several times more. False: not settled
    here (a nested or float value, or types that differ), for ``_same_json_types`` to decide."""
    for key, value in a.items():
        kind = type(value)
        if kind not in _SCALARS or kind is not type(b[key]):
            return False
    return True


def _same_json_types(a: Any, b: Any) -> bool:
    """Whether ``a`` and ``b``, known to be ``==``, have the same JSON type at every place.

    orjson's bytes tell the types apart in C (``1``, ``1.0`` and ``true`` are written
    differently; a list and a tuple are never ``==``), so equal bytes settle it. Where they
    cannot, the walk decides: bytes that differ (keys in another order, ``-0.0`` and ``0.0``),
    a ``null`` that may stand for a NaN (orjson writes NaN and the infinities as ``null``, and
    NaN is never equal to itself), or a value orjson will not write (a subclass of str or int,
    a key that is not a string, a huge integer).

    A ``null`` is settled in C too when the bytes read back equal ``a``: every ``null`` then
    stands for a real null (a NaN or an infinity would have read back as None, unequal to it).
    A result carries nulls (``scores`` on a resignation, a game's ``loser``), and the walk over
    Revolution's result took about 25 µs, three times a game."""
    try:
        left = orjson.dumps(a, option=orjson.OPT_PASSTHROUGH_SUBCLASS)
        if left == orjson.dumps(b, option=orjson.OPT_PASSTHROUGH_SUBCLASS) \
                and (b"null" not in left or orjson.loads(left) == a):
            return True
    except TypeError:  # orjson.JSONEncodeError is one
        pass
    return _same_types(a, b)


def _same_types(a: Any, b: Any) -> bool:
    """Whether ``a`` and ``b``, known to be ``==``, have the same JSON type at every place:
    the walk in Python."""
    kind = type(a)
    if kind is not type(b):
        return False
    if kind in _SCALARS:
        return True
    if isinstance(a, dict):  # == holds, so the keys are the same
        return all(_same_types(value, b[key]) for key, value in a.items())
    if isinstance(a, list):  # == holds, so the lengths are the same
        return all(_same_types(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)  # a float: NaN is not equal to itself, even inside an equal list


def sha256_hex(text: str | bytes) -> str:
    data = text.encode("utf-8") if isinstance(text, str) else text
    return hashlib.sha256(data).hexdigest()


def hash_value(value: Any) -> str:
    """SHA-256 of a value's canonical JSON: the state hash and the event hash. orjson is
    called here and not through ``canonical_bytes`` (the same bytes): two hashes are taken of
    every event verified, and a call costs a tenth of a small one."""
    try:
        data = _dumps(value, option=_SORT_KEYS)
    except (TypeError, orjson.JSONEncodeError):
        data = canonical_bytes(value)
    return _sha256(data).hexdigest()


def json_copy(value: Any) -> Any:
    """A deep copy of a plain JSON value (a rules state), through orjson: several times
    faster than ``copy.deepcopy``; a value orjson refuses is copied by ``deepcopy``."""
    try:
        return orjson.loads(orjson.dumps(value))
    except (TypeError, orjson.JSONEncodeError):
        return copy.deepcopy(value)


def round_trip(value: Any) -> Any:
    """The value as it comes back from canonical JSON (tuples become lists, int keys strings).
    Through orjson (every move played is read back: several times faster than the standard
    library, and the same values); a value orjson will not write (an integer beyond 64 bits,
    which it would read back as a float) takes the standard library's path both ways."""
    try:
        return orjson.loads(orjson.dumps(value, option=orjson.OPT_SORT_KEYS))
    except (TypeError, orjson.JSONEncodeError):
        return json.loads(canonical_json(value))
