"""Checking move receipts against a verified replay: every receipt the server signed is honoured
by the history it later published (the move is there, at that sequence, by that seat, at that
time, with the event hash the receipt sealed). A server that rewrote a receipted move, or
anything before it (each event's hash chains every event before it), is caught.

Pure: the public keys are given (``GET /keys`` or ``gamehall keys``); ``replays/README.md``
("Move receipts") specifies the receipt byte for byte.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from domain.history import EventType
from domain.kernel import json_equal
from domain.receipts import (
    RECEIPT_FORMAT,
    RECEIPT_KEYS,
    RECEIPT_VERSION,
    seal,
    signature_holds,
)

from .verify import MALFORMED, Sources, Verdict, no_sources, verify_document


def verify_with_receipts(doc: Any, receipts: Sequence[Any], public_keys: Mapping[str, bytes],
                         sources: Sources = no_sources) -> Verdict:
    """Verify a document, then check that it honours every move receipt (``replays.receipts``);
    a dishonoured receipt fails the document at the receipt's event."""
    verdict = verify_document(doc, sources)
    if not verdict.valid:
        return replace(verdict, receipts=len(receipts))
    try:
        number, reason = check_receipts(doc, receipts, public_keys)
    except MALFORMED as error:  # a receipt the checks cannot even read
        return Verdict(False, verdict.events, None, f"a receipt is malformed: {error!r}",
                       len(receipts), explanation="A move receipt could not be read: a field "
                       "holds a value of the wrong kind.")
    if number is None:
        return replace(verdict, receipts=len(receipts))
    receipt = receipts[number - 1]
    seq = receipt.get("seq") if isinstance(receipt, dict) else None
    step = seq if type(seq) is int and 1 <= seq <= verdict.events else None
    return Verdict(False, verdict.events, step, f"receipt {number}: {reason}", len(receipts),
                   number, f"Move receipt {number} (signed by the server when it accepted "
                   f"a move) is not honoured by this replay: {reason}.")


class ReceiptRefused(Exception):
    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def check_receipts(doc: Mapping[str, Any], receipts: Sequence[Any],
                   public_keys: Mapping[str, bytes]) -> tuple[int | None, str | None]:
    """``(None, None)`` when every receipt is honoured by ``doc`` (a complete document that
    verified), else the first dishonoured receipt's number (1, 2, ...) and why."""
    for number, receipt in enumerate(receipts, start=1):
        try:
            _check_one(doc, receipt, public_keys)
        except ReceiptRefused as refused:
            return number, refused.reason
    return None, None


def _check_one(doc: Mapping[str, Any], receipt: Any, public_keys: Mapping[str, bytes]) -> None:
    if not isinstance(receipt, dict) or set(receipt) != RECEIPT_KEYS:
        raise ReceiptRefused(f"a receipt is an object with exactly the keys "
                             f"{sorted(RECEIPT_KEYS)}")
    if receipt["format"] != RECEIPT_FORMAT or not json_equal(receipt["format_version"],
                                                             RECEIPT_VERSION):
        raise ReceiptRefused(f"not a {RECEIPT_FORMAT} version {RECEIPT_VERSION} receipt")
    refused = signature_holds(receipt, public_keys)
    if refused is not None:
        raise ReceiptRefused(refused)
    if receipt["game_id"] != doc["game_id"]:
        raise ReceiptRefused(f"it is a receipt of game {receipt['game_id']}, not of this one")
    seq, events = receipt["seq"], doc["events"]
    event = events[seq - 1] if type(seq) is int and 1 <= seq <= len(events) else None
    if event is None or event["type"] != EventType.MOVE_MADE:
        raise ReceiptRefused(f"the server acknowledged a move as event {seq}, but the replay "
                             "has no move there")
    payload = event["payload"]
    for field, recorded in (("seat", payload["seat"]), ("move", payload["move"]),
                            ("at", event["at"])):
        if not json_equal(receipt[field], recorded):
            raise ReceiptRefused(f"event {seq} of the replay is not the move acknowledged: its "
                                 f"{field} differs from the receipt's")
    if seal(bytes.fromhex(doc["seed"]), doc["game_id"], seq, event["hash"]) != \
            receipt["sealed_hash"]:
        raise ReceiptRefused(f"event {seq} does not have the hash the server acknowledged: the "
                             "history up to it was rewritten after the move")
