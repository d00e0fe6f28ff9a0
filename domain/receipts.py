"""Signed move receipts: what the server acknowledged to a mover, signed with its Ed25519 key.

A receipt names the game, the event's sequence number, the seat, the move as sent, the event's
time and the event's hash, *sealed* under the game's seed: ``HMAC-SHA-256(seed, ...)`` of the
hash. During play the seed is secret, so the seal tells the mover nothing (a bare event hash
would: it covers the whole rules state, and a player could hash each candidate for a hidden
choice among a few); once the game is over the seed is in the replay and anyone can recompute
the seal from the event's public hash. The server commits to the seed before the game begins,
so it cannot pick another seed to match a rewritten history.

``replays/README.md`` ("Move receipts") specifies the bytes signed, with test vectors. Pure:
signing with Ed25519 is deterministic, so a receipt issued twice is the same receipt.
"""

from __future__ import annotations

import hashlib
import hmac
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import (
    Ed25519PrivateKey,
    Ed25519PublicKey,
)
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

from .history import EventRecord
from .kernel import canonical_json, sha256_hex

RECEIPT_FORMAT = "gamehall-receipt"
RECEIPT_VERSION = 1
ALGORITHM = "Ed25519"
LOWER_HEX_128 = re.compile(r"[0-9a-f]{128}")

# A receipt, key for key; the signature covers every other key.
RECEIPT_KEYS = frozenset({"format", "format_version", "key_id", "game_id", "seq", "seat",
                          "move", "at", "sealed_hash", "signature"})


def key_id(public_key: bytes) -> str:
    """A key's id: the first 16 hex digits of SHA-256 of its 32 raw public bytes."""
    return sha256_hex(public_key)[:16]


@dataclass(frozen=True)
class SigningKey:
    """The server's receipt key (its 32-byte Ed25519 private seed)."""

    private: Ed25519PrivateKey

    @classmethod
    def from_seed(cls, seed: bytes) -> SigningKey:
        return cls(Ed25519PrivateKey.from_private_bytes(seed))

    # Cached: deriving the public key is an elliptic-curve multiplication, and every
    # receipt names the key's id.
    @cached_property
    def public_key(self) -> bytes:
        return self.private.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)

    @cached_property
    def key_id(self) -> str:
        return key_id(self.public_key)

    def sign(self, fields: Mapping[str, Any]) -> dict[str, Any]:
        """``fields`` with this key's id, and the signature over both."""
        unsigned = {**fields, "key_id": self.key_id}
        signature = self.private.sign(canonical_json(unsigned).encode("utf-8"))
        return {**unsigned, "signature": signature.hex()}


def seal(seed: bytes, game_id: str, seq: int, event_hash: str) -> str:
    """The event hash as a receipt carries it: HMAC-SHA-256 under the game's seed (hex)."""
    message = f"gamehall-receipt:{game_id}:{seq}:{event_hash}".encode()
    return hmac.new(seed, message, hashlib.sha256).hexdigest()


def receipt_for(record: EventRecord, seed: bytes, key: SigningKey) -> dict[str, Any]:
    """The signed receipt of a recorded move."""
    payload = record["payload"]
    return key.sign({"format": RECEIPT_FORMAT, "format_version": RECEIPT_VERSION,
                     "game_id": record["game_id"], "seq": record["seq"],
                     "seat": payload["seat"], "move": payload["move"], "at": record["at"],
                     "sealed_hash": seal(seed, record["game_id"], record["seq"],
                                         record["hash"])})


def signature_holds(receipt: Mapping[str, Any], public_keys: Mapping[str, bytes]) -> str | None:
    """None when ``receipt`` is signed by one of ``public_keys`` (key id -> raw public key),
    else why not."""
    public = public_keys.get(receipt["key_id"]) if isinstance(receipt["key_id"], str) else None
    if public is None:
        return f"it is signed with key {receipt['key_id']!r}, which is not a known key"
    signature = receipt["signature"]
    # One spelling: a signature re-written in upper case is another text for the same bytes,
    # and a receipt is compared and stored as text.
    if not isinstance(signature, str) or not LOWER_HEX_128.fullmatch(signature):
        return "its signature is not 128 lower-case hex digits"
    unsigned = {k: v for k, v in receipt.items() if k != "signature"}
    try:
        Ed25519PublicKey.from_public_bytes(public).verify(
            bytes.fromhex(signature), canonical_json(unsigned).encode("utf-8"))
    except (InvalidSignature, ValueError):
        return "its signature does not verify: it was not issued as it reads (forged or altered)"
    return None


def public_key_entry(public_key: bytes, status: str) -> dict[str, str]:
    """One key as ``GET /keys`` lists it."""
    return {"key_id": key_id(public_key), "algorithm": ALGORITHM,
            "public_key": public_key.hex(), "status": status}


def keys_by_id(entries: Any) -> dict[str, bytes]:
    """The raw public keys of a key list (``GET /keys``'s ``keys``), by key id; a malformed
    list, or an entry whose id is not its key's, raises ValueError."""
    if not isinstance(entries, list):
        raise ValueError("a key list is a JSON list")
    found: dict[str, bytes] = {}
    for entry in entries:
        public = bytes.fromhex(entry["public_key"]) if isinstance(entry, dict) and isinstance(
            entry.get("public_key"), str) else b""
        if len(public) != 32 or entry.get("key_id") != key_id(public):
            raise ValueError(f"not an Ed25519 key entry with its own id: {entry!r}")
        found[key_id(public)] = public
    return found
