"""Verifying a replay document offline: the first step that fails, and why.

Checks, event by event: the sequence numbers; the hash chain (each event's ``prev_hash`` is
the hash before it, and its ``hash`` is recomputed from its fields); every move legal for the
seat that made it, at that moment, under the rules version the game was created under (each
released version stays loadable, so a game verifies under its own rules whatever changed
since); every chance step the game asked for, with the outcome re-derived from the revealed
seed; every state hash; the result the rules give; the seed against its commitment; the
document's header against what its events say. A document passes only when all of these hold.

It needs only ``domain.history``, the kernel and the game packages: no event store.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from domain.games import get_rules
from domain.history import (
    FINISHED,
    PAYLOAD_KEYS,
    EventType,
    Life,
    Status,
    begin,
    live,
    record_hash,
)
from domain.kernel import (
    GENESIS_HASH,
    Chance,
    GameError,
    Over,
    Rules,
    State,
    Step,
    chance_context,
    derive_outcome,
    hash_value,
    json_equal,
    new_commitment,
    play_chance,
    play_move,
)

from .document import FORMAT, FORMAT_VERSION, header
from .receipts import check_receipts

# An event of a complete document, key for key (``log`` is its line, covered by no hash).
EVENT_KEYS = frozenset({"seq", "type", "seat", "payload", "at", "log", "prev_hash",
                        "state_hash", "hash"})
MALFORMED = (KeyError, TypeError, ValueError, AttributeError, IndexError)


@dataclass(frozen=True)
class Verdict:
    valid: bool
    events: int
    failed_step: int | None = None
    reason: str | None = None
    # With receipts: how many were checked, and the first one the history does not honour.
    receipts: int | None = None
    failed_receipt: int | None = None

    def to_json(self) -> dict[str, Any]:
        answer: dict[str, Any] = {"valid": self.valid, "events": self.events,
                                  "failed_step": self.failed_step, "reason": self.reason}
        if self.receipts is not None:
            answer.update(receipts=self.receipts, failed_receipt=self.failed_receipt)
        return answer


class StepFailed(Exception):
    def __init__(self, seq: int | None, reason: str) -> None:
        super().__init__(reason)
        self.seq = seq
        self.reason = reason


def verify_document(doc: Any) -> Verdict:
    """Verify a replay document; never raises for a malformed one."""
    events = doc.get("events") if isinstance(doc, dict) else None
    count = len(events) if isinstance(events, list) else 0
    try:
        _check_header(doc)
        _Verifier(doc).run()
    except StepFailed as failure:
        return Verdict(False, count, failure.seq, failure.reason)
    except MALFORMED as error:
        return Verdict(False, count, None, f"the document is malformed: {error!r}")
    return Verdict(True, count)


def verify_with_receipts(doc: Any, receipts: Sequence[Any],
                         public_keys: Mapping[str, bytes]) -> Verdict:
    """Verify a document, then check that it honours every move receipt (``replays.receipts``);
    a dishonoured receipt fails the document at the receipt's event."""
    verdict = verify_document(doc)
    if not verdict.valid:
        return replace(verdict, receipts=len(receipts))
    try:
        number, reason = check_receipts(doc, receipts, public_keys)
    except MALFORMED as error:  # a receipt the checks cannot even read
        return Verdict(False, verdict.events, None, f"a receipt is malformed: {error!r}",
                       len(receipts))
    if number is None:
        return replace(verdict, receipts=len(receipts))
    receipt = receipts[number - 1]
    seq = receipt.get("seq") if isinstance(receipt, dict) else None
    step = seq if type(seq) is int and 1 <= seq <= verdict.events else None
    return Verdict(False, verdict.events, step,
                   f"receipt {number}: {reason}", len(receipts), number)


def _check_header(doc: Any) -> None:
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise StepFailed(None, f"not a {FORMAT} document")
    if not json_equal(doc.get("format_version"), FORMAT_VERSION):
        raise StepFailed(None, f"format version {doc.get('format_version')!r} is not "
                               f"{FORMAT_VERSION}")
    if doc.get("complete") is not True or not isinstance(doc.get("seed"), str):
        raise StepFailed(None, "the document is not complete: the game is not over, so its "
                               "seed is not revealed and its draws cannot be checked yet")
    if not isinstance(doc.get("events"), list) or not doc["events"]:
        raise StepFailed(None, "the document has no events")


class _Verifier:
    def __init__(self, doc: dict[str, Any]) -> None:
        self.doc = doc
        self.seed = bytes.fromhex(doc["seed"])
        self.rules: Rules | None = None
        self.state: State = {}
        self.prev = GENESIS_HASH
        self.result: dict[str, Any] | None = None
        self.seats = 0
        self.life: Life | None = None
        self.step: Step | None = None

    def run(self) -> None:
        for index, event in enumerate(self.doc["events"], start=1):
            try:
                self._check_event(index, event)
            except MALFORMED as error:  # a forged value the rules cannot even read
                raise StepFailed(index, f"the event is malformed: {error!r}") from None
        self._check_summary()

    def _check_event(self, index: int, event: Any) -> None:
        """Every check of one event, in the order a forgery is first caught by."""
        if not isinstance(event, dict) or not isinstance(event.get("payload"), dict):
            raise StepFailed(index, "an event is an object with a payload object")
        seq = event.get("seq")
        if type(seq) is not int or seq != index:
            raise StepFailed(index, f"expected event {index} here, found {seq!r}")
        self._check_shape(event)
        self._check_chain(event)
        # What the rules wait for here, computed once for every check of this event.
        self.step = (self._rules().next(self.state)
                     if self.life is not None and self.life["status"] == Status.ACTIVE
                     else None)
        self._check_life_cycle(event)
        try:
            self._check_step(event)
        except GameError as error:
            raise StepFailed(seq, f"the rules refuse this event: {error.message}") from None
        self.life = (begin(event["payload"]) if seq == 1 else
                     live(self._life(), event["type"], event["payload"]))
        if hash_value(self.state) != event["state_hash"]:
            raise StepFailed(seq, "the state after this event does not match its state hash")
        self.prev = event["hash"]

    def _life(self) -> Life:
        assert self.life is not None
        return self.life

    def _check_life_cycle(self, event: dict[str, Any]) -> None:
        """Each event only where the service records it: created first and only first; seats
        taken while the game waits, each open seat once; moves, draws, an end, a
        resignation while it is played; an abandonment before it has ended; the seed
        revealed once, after the end, and nothing after it."""
        seq, kind, payload = event["seq"], event["type"], event["payload"]
        if (seq == 1) != (kind == EventType.CREATED):
            raise StepFailed(seq, "a history starts with its one created event")
        if seq == 1:
            return
        life = self._life()
        status, seats = life["status"], life["seats"]
        if life["seed"] is not None:
            raise StepFailed(seq, "nothing may follow the seed's reveal")
        if status == Status.ACTIVE and kind != EventType.ENDED and isinstance(self.step, Over):
            raise StepFailed(seq, "the rules had ended the game here: only its end may follow")
        if kind == EventType.SEAT_TAKEN:
            seat = payload.get("seat")
            if (status != Status.WAITING or type(seat) is not int or not 0 <= seat < len(seats)
                    or seats[seat]["name"] is not None or not isinstance(payload.get("name"),
                                                                         str)):
                raise StepFailed(seq, "a seat may be taken only while the game waits, and "
                                      "only an open one")
        elif kind in (EventType.MOVE_MADE, EventType.CHANCE_RESOLVED, EventType.ENDED,
                      EventType.RESIGNED):
            if status != Status.ACTIVE:
                raise StepFailed(seq, f"a {kind} event while the game is {status}")
            seat = payload.get("seat")
            if kind in (EventType.MOVE_MADE, EventType.RESIGNED) and (
                    type(seat) is not int or not 0 <= seat < len(seats)):
                raise StepFailed(seq, "the event names a seat the game does not have")
        elif kind == EventType.ABANDONED:
            if status in FINISHED:
                raise StepFailed(seq, "a game that has ended cannot be abandoned")
        elif kind == EventType.SEED_REVEALED:
            if status not in FINISHED:
                raise StepFailed(seq, "the seed is revealed only once the game has ended")

    def _check_shape(self, event: dict[str, Any]) -> None:
        """The event's keys, its payload's keys for its type, and its time, exactly."""
        seq, kind = event["seq"], event["type"]
        if set(event) != EVENT_KEYS:
            raise StepFailed(seq, f"an event has exactly the keys {sorted(EVENT_KEYS)}")
        if kind not in PAYLOAD_KEYS:
            raise StepFailed(seq, f"unknown event type {kind!r}")
        if set(event["payload"]) != PAYLOAD_KEYS[kind]:
            raise StepFailed(seq, f"a {kind} payload has exactly the keys "
                                  f"{sorted(PAYLOAD_KEYS[kind])}")
        if not isinstance(event["at"], str):
            raise StepFailed(seq, "the event's time is not an ISO 8601 text")
        datetime.fromisoformat(event["at"])  # ValueError: malformed

    def _check_chain(self, event: dict[str, Any]) -> None:
        seq = event["seq"]
        if event["prev_hash"] != self.prev:
            raise StepFailed(seq, "the previous-event hash does not match the event before it")
        if record_hash(event) != event["hash"]:
            raise StepFailed(seq, "the event's content does not match its hash (edited?)")
        if not json_equal(event["seat"], event["payload"].get("seat")):  # it repeats this
            raise StepFailed(seq, "the event's seat is not the seat its payload names")

    def _check_step(self, event: dict[str, Any]) -> None:
        kind, payload, seq = event["type"], event["payload"], event["seq"]
        if seq == 1:
            self._check_created(payload)
        elif kind == EventType.MOVE_MADE:
            self.state = play_move(self._rules(), self.state, payload["seat"], payload["move"],
                                   self.step)
        elif kind == EventType.CHANCE_RESOLVED:
            self._check_chance(seq, payload)
        elif kind == EventType.ENDED:
            self._check_ended(seq, payload)
        elif kind in (EventType.RESIGNED, EventType.ABANDONED):
            self._check_given_up(seq, kind, payload)
        elif kind == EventType.SEED_REVEALED:
            if not json_equal(payload["seed"], self.doc["seed"]):
                raise StepFailed(seq, "the revealed seed is not the document's seed")
        elif kind != EventType.SEAT_TAKEN:
            raise StepFailed(seq, f"unknown event type {kind!r}")

    def _rules(self) -> Rules:
        assert self.rules is not None
        return self.rules

    def _check_created(self, payload: dict[str, Any]) -> None:
        # The game's own rules version; GameError (an unknown game or version) names it.
        self.rules = get_rules(payload["game"], payload["rules_version"])
        if new_commitment(self.seed) != payload["commitment"]:
            raise StepFailed(1, "the revealed seed does not match the commitment made at creation")
        self.seats = len(payload["seats"])
        self.state = self.rules.setup(payload["options"], self.seats)

    def _check_chance(self, seq: int, payload: dict[str, Any]) -> None:
        step = self.step
        if not isinstance(step, Chance) or not json_equal(step.spec, payload["spec"]):
            raise StepFailed(seq, "the game did not ask for this draw here")
        expected = derive_outcome(step.spec, self.seed, chance_context(self.doc["game_id"], seq))
        if not json_equal(payload["outcome"], expected):
            raise StepFailed(seq, f"the draw was {payload['outcome']!r}, but the seed gives "
                                  f"{expected!r}")
        self.state = play_chance(self._rules(), self.state, payload["outcome"], step)

    def _check_given_up(self, seq: int, kind: str, payload: dict[str, Any]) -> None:
        """A resignation or abandonment carries the result the rules give for it."""
        rules, result = self._rules(), payload["result"]
        if kind == EventType.RESIGNED:
            expected = rules.resign(self.state, payload["seat"], self.seats)
        else:
            expected = rules.abandon(self.state, result["reason"])
        if not json_equal(result, expected.to_json()):
            raise StepFailed(seq, f"the recorded result is not the one the rules give for "
                                  f"this {kind} event")
        self.result = result

    def _check_ended(self, seq: int, payload: dict[str, Any]) -> None:
        step = self.step
        if not isinstance(step, Over):
            raise StepFailed(seq, "the game was recorded as over, but the rules say it is not")
        if not json_equal(payload["result"], step.to_json()):
            raise StepFailed(seq, "the recorded result is not the result the rules give")
        self.result = payload["result"]

    def _check_summary(self) -> None:
        if self.result is None:
            raise StepFailed(None, "the history has no end")
        if not json_equal(self.doc.get("result"), self.result):
            raise StepFailed(None, "the document's result is not the one its events give")
        if self.doc["events"][-1]["type"] != EventType.SEED_REVEALED:
            raise StepFailed(None, "the history does not end with the seed's reveal")
        for field, value in header(self.doc["events"]).items():
            if not json_equal(self.doc.get(field), value):
                raise StepFailed(None, f"the document's {field} is not what its events say")
