"""Canonical JSON and SHA-256: the byte form every hash in a game's history is taken over.

Canonical JSON here means: UTF-8, keys sorted, no insignificant white space, no NaN or
infinity, non-ASCII characters written as themselves. Two equal JSON values always give the
same bytes, so a state or an event hashes the same on any machine.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

GENESIS_HASH = "0" * 64


def canonical_json(value: Any) -> str:
    """The canonical text of a JSON-native value (dicts with string keys, lists, scalars)."""
    return json.dumps(
        value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
    )


def json_equal(a: Any, b: Any) -> bool:
    """Equal as JSON values, type included: ``true`` is not ``1`` and ``4.0`` is not ``4``,
    though Python's ``==`` says they are (a move must be recorded exactly as it is legal)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(json_equal(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(json_equal(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


def sha256_hex(text: str | bytes) -> str:
    data = text.encode("utf-8") if isinstance(text, str) else text
    return hashlib.sha256(data).hexdigest()


def hash_value(value: Any) -> str:
    """SHA-256 of a value's canonical JSON: the state hash and the event hash."""
    return sha256_hex(canonical_json(value))


def round_trip(value: Any) -> Any:
    """The value as it comes back from canonical JSON (tuples become lists, int keys strings)."""
    return json.loads(canonical_json(value))
