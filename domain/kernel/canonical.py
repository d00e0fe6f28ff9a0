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


def sha256_hex(text: str | bytes) -> str:
    data = text.encode("utf-8") if isinstance(text, str) else text
    return hashlib.sha256(data).hexdigest()


def hash_value(value: Any) -> str:
    """SHA-256 of a value's canonical JSON: the state hash and the event hash."""
    return sha256_hex(canonical_json(value))


def round_trip(value: Any) -> Any:
    """The value as it comes back from canonical JSON (tuples become lists, int keys strings)."""
    return json.loads(canonical_json(value))
