"""The receipt and rewind test vectors of replays/README.md, re-derived by a re-implementation
written from that page alone (hmac, json and the cryptography library), and checked against the
server's."""

from __future__ import annotations

import hashlib
import hmac
import json
from pathlib import Path

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

from domain.receipts import SigningKey, seal

README = (Path(__file__).resolve().parent.parent / "replays" / "README.md").read_text()
SEED = bytes(31) + b"\x01"
GAME_ID = "00000000-0000-4000-8000-000000000000"
PUBLIC = "03a107bff3ce10be1d70dd18e74bc09967e4d6309ba50d5f1ddc8664125531b8"
KEY_ID = "56475aa75463474c"
SEAL = "c2edfacbbc7f18b232ab5aa5295dd589aae40cfd6ae2acc4fdb2c226f05a83e8"
SIGNATURE = ("d9a352939f3de5ae74413139c0d161c6e74bbe37743c30453d304b354ef6b662"
             "b4e7b82246d2a95dd477a516b6505bb6662c0940abff99c4b883bdfd0bfba205")


def canonical(value):
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                      allow_nan=False)


def reference_receipt():
    private = Ed25519PrivateKey.from_private_bytes(bytes(range(32)))
    public = private.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)
    sealed = hmac.new(SEED, f"gamehall-receipt:{GAME_ID}:7:{'ab' * 32}".encode(),
                      hashlib.sha256).hexdigest()
    unsigned = {"format": "gamehall-receipt", "format_version": 1,
                "key_id": hashlib.sha256(public).hexdigest()[:16], "game_id": GAME_ID, "seq": 7,
                "seat": 0, "move": {"kind": "buy", "card": "smithy"},
                "at": "2026-01-01T00:00:07+00:00", "sealed_hash": sealed}
    text = canonical(unsigned)
    return public, unsigned, text, private.sign(text.encode("utf-8")).hex()


def test_the_readme_vectors_are_what_a_reimplementation_from_the_readme_computes():
    public, unsigned, text, signature = reference_receipt()
    assert (public.hex(), unsigned["key_id"], unsigned["sealed_hash"], signature) == (
        PUBLIC, KEY_ID, SEAL, SIGNATURE)
    for value in (PUBLIC, KEY_ID, SEAL, SIGNATURE, f"`{text}`"):
        assert value in README


def test_the_server_signs_the_vector_receipt_byte_for_byte_as_the_readme_says():
    _, unsigned, _, signature = reference_receipt()
    key = SigningKey.from_seed(bytes(range(32)))
    fields = {k: v for k, v in unsigned.items() if k != "key_id"}
    assert seal(SEED, GAME_ID, 7, "ab" * 32) == SEAL
    assert key.sign(fields) == {**unsigned, "signature": signature}


def test_the_rewind_vectors_hash_as_the_readme_says_by_both_implementations():
    from domain.history import event_hash

    state = {"pos": [3, 0], "turn": 0}
    state_hash = hashlib.sha256(canonical(state).encode()).hexdigest()
    asked = {"seq": 6, "type": "takeback_asked", "payload": {"seat": 0, "to": 4},
             "at": "2026-01-01T00:00:06+00:00", "prev_hash": "ab" * 32,
             "state_hash": state_hash}
    back = {"seq": 8, "type": "taken_back",
            "payload": {"to": 4, "undone": [5], "state": state},
            "at": "2026-01-01T00:00:08+00:00", "prev_hash": "cd" * 32,
            "state_hash": state_hash}
    expected = {6: "3c77e024102f93d022f043f093f4c8fc437a6c4facbfba5fa1c88d51725a6093",
                8: "8388f727c6d6214d774be7b923c4c48fe459d4aa4dd874792256bd64a79164bc"}
    assert state_hash in README
    for event in (asked, back):
        text = canonical(event)
        assert f"`{text}`" in README and expected[event["seq"]] in README
        assert hashlib.sha256(text.encode()).hexdigest() == expected[event["seq"]]
        assert event_hash(event["seq"], event["type"], event["payload"], event["at"],
                          event["prev_hash"], event["state_hash"]) == expected[event["seq"]]
