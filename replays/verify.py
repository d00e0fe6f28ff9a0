"""Verifying a replay document offline: the first step that fails, and why.

Checks, event by event: the sequence numbers; the hash chain (each event's ``prev_hash`` is
the hash before it, and its ``hash`` is recomputed from its fields); every move legal for the
seat that made it, at that moment, under the rules version the game was created under (each
released version stays loadable, so a game verifies under its own rules whatever changed
since); every chance step the game asked for, with the outcome re-derived from the revealed
seed; every state hash; every log line, recomputed in the document's narration (no hash
covers it: ``replays.words``); the result the rules give; the seed against its commitment; the
document's header against what its events say. A document passes only when all of these hold.
A failure is told twice: ``reason`` for programs, ``explanation`` for people
(``replays.explain``).

It needs only ``domain.history``, the kernel and the game packages: no event store.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any, cast

from domain.clocks import AUTOPILOT
from domain.games import get_rules
from domain.history import (
    FINISHED,
    ORIGIN_KEYS,
    PAYLOAD_KEYS,
    RULES_EVENTS,
    STARTS,
    TAKEBACK_EVENTS,
    EventRecord,
    EventType,
    Life,
    Status,
    begin,
    forked_state,
    live,
    payload_keys_fit,
    record_hash,
    takebacks_offered,
    timed,
)
from domain.kernel import (
    GENESIS_HASH,
    LEGACY_NARRATION,
    PREFERENCE,
    BadPosition,
    Chance,
    GameError,
    Over,
    Rules,
    State,
    Step,
    build_position,
    chance_context,
    derive_outcome,
    hash_value,
    json_copy,
    json_equal,
    new_commitment,
    play_move,
)
from domain.preferences import preference_failure, preference_refusal

from .clocks import clock_failure, created_clock_failure, time_failure
from .document import FORMAT, FORMAT_VERSION, header_of
from .explain import event_in_words, explain
from .takeback import RecentStates, takeback_failure, while_pending
from .words import Audiences, legacy_lines, line_of, narration_of

# An event of a complete document, key for key (``log`` is its line, covered by no hash).
EVENT_KEYS = frozenset({"seq", "type", "seat", "payload", "at", "log", "prev_hash",
                        "state_hash", "hash"})
MALFORMED = (KeyError, TypeError, ValueError, AttributeError, IndexError)


@dataclass(frozen=True)
class Verdict:
    """``reason``: why, for programs (stable texts); ``explanation``: the same for people, in
    plain words: the step, what that event says and which check failed."""

    valid: bool
    events: int
    failed_step: int | None = None
    reason: str | None = None
    # With receipts: how many were checked, and the first one the history does not honour.
    receipts: int | None = None
    failed_receipt: int | None = None
    explanation: str | None = None

    def to_json(self) -> dict[str, Any]:
        answer: dict[str, Any] = {"valid": self.valid, "events": self.events,
                                  "failed_step": self.failed_step, "reason": self.reason,
                                  "explanation": self.explanation}
        if self.receipts is not None:
            answer.update(receipts=self.receipts, failed_receipt=self.failed_receipt)
        return answer


class StepFailed(Exception):
    """A check failed at event ``seq`` (None: the document as a whole). ``check``: which one,
    a key of ``explain.CHECKS``; ``detail``: what the explanation adds after it."""

    def __init__(self, seq: int | None, reason: str, check: str = "other",
                 detail: str | None = None) -> None:
        super().__init__(reason)
        self.seq, self.reason, self.check, self.detail = seq, reason, check, detail


# A fork's source document by game id (None: not at hand).
Sources = Callable[[str], Any]


def no_sources(game_id: str) -> Any:
    return None


def verify_document(doc: Any, sources: Sources = no_sources,
                    visiting: frozenset[str] = frozenset()) -> Verdict:
    """Verify a replay document; never raises for a malformed one. A fork is checked against
    its source game's document, found with ``sources`` (see ``check_origin``); ``visiting``:
    the forks whose origins are being checked (a circle of origins fails)."""
    events = doc.get("events") if isinstance(doc, dict) else None
    count = len(events) if isinstance(events, list) else 0
    verifier: _Verifier | None = None
    try:
        _check_header(doc)
        verifier = _Verifier(doc, sources, visiting | {str(doc.get("game_id"))})
        verifier.run()
    except StepFailed as failure:
        return _failed(count, failure, verifier)
    except MALFORMED as error:
        return _failed(count, StepFailed(None, f"the document is malformed: {error!r}",
                                         "malformed"), None)
    return Verdict(True, count)


def _failed(count: int, failure: StepFailed, verifier: _Verifier | None) -> Verdict:
    told = None if verifier is None or failure.seq is None else verifier.told(failure.seq)
    return Verdict(False, count, failure.seq, failure.reason, explanation=explain(
        failure.seq, failure.check, failure.reason, failure.detail, told))


def _quoted(text: Any, most: int = 200) -> str:
    """A document's text quoted in an explanation, cut short (it may be anything)."""
    whole = str(text)
    return whole if len(whole) <= most else whole[:most] + "…"


def check_position(rules: Rules, forked: dict[str, Any]) -> str | None:
    """None when a sandbox from a position starts where its position says, else why not: the
    game's builder under the document's rules version (domain/kernel/position.py) builds,
    from the recorded ``position``, options and number of seats, the very ``state`` the
    sandbox starts from (a forged start does not)."""
    try:
        built = build_position(rules, forked["options"], len(forked["seats"]),
                               forked["position"])
    except BadPosition as error:
        return f"the sandbox's position is not one of the game's: {error.message}"
    if not json_equal(built, forked["state"]):
        return ("the sandbox's starting state is not the state its position builds: it does "
                "not start where it says")
    return None


def check_origin(forked: dict[str, Any], sources: Sources,
                 visiting: frozenset[str] = frozenset()) -> str | None:
    """None when a ``forked`` payload's origin holds, else why not: its source game's
    document (from ``sources``) verifies, is of the same game, rules version, options and
    number of seats, and records at event ``origin.seq`` (before its end) the state hash the
    origin names, which is the hash of the state the fork starts from."""
    origin = forked["origin"]
    if (not isinstance(origin, dict) or set(origin) != ORIGIN_KEYS
            or not isinstance(origin["game_id"], str) or type(origin["seq"]) is not int
            or not isinstance(origin["state_hash"], str)):
        return f"a fork's origin has exactly the keys {sorted(ORIGIN_KEYS)}"
    if hash_value(forked["state"]) != origin["state_hash"]:
        return "the fork's starting state is not the state its origin names"
    if origin["game_id"] in visiting:
        return "the fork's origins go round in a circle"
    source = sources(origin["game_id"])
    if source is None:
        return (f"this is a fork of game {origin['game_id']}: its origin is checked against "
                "that game's replay, which was not given")
    verdict = verify_document(source, sources, visiting | {origin["game_id"]})
    if not verdict.valid:
        return f"the fork's source game does not verify: {verdict.reason}"
    if source.get("game_id") != origin["game_id"] or any(
            not json_equal(source.get(field), forked[field])
            for field in ("game", "rules_version", "options")):
        return "the fork is not of its source's game, rules version and options"
    if len(source["seats"]) != len(forked["seats"]):
        return "a fork keeps its source's number of seats"
    events = source["events"]
    if not 1 <= origin["seq"] < len(events) or \
            events[origin["seq"] - 1]["state_hash"] != origin["state_hash"]:
        return (f"the source game did not record that state hash at event {origin['seq']}: "
                "the fork does not start where it says")
    return None


def _check_header(doc: Any) -> None:
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise StepFailed(None, f"not a {FORMAT} document", "format")
    if not json_equal(doc.get("format_version"), FORMAT_VERSION):
        raise StepFailed(None, f"format version {doc.get('format_version')!r} is not "
                               f"{FORMAT_VERSION}", "format")
    if doc.get("complete") is not True or not isinstance(doc.get("seed"), str):
        raise StepFailed(None, "the document is not complete: the game is not over, so its "
                               "seed is not revealed and its draws cannot be checked yet",
                         "incomplete")
    _check_header_keys(doc)
    _check_seed_text(doc["seed"])
    if not isinstance(doc.get("events"), list) or not doc["events"]:
        raise StepFailed(None, "the document has no events", "empty")
    try:
        narration_of(doc)
    except ValueError as error:
        raise StepFailed(None, str(error), "narration") from None


# A complete document's keys (``narration`` absent from those made before it existed; ``viewer``
# null or absent: a complete document is everyone's).
HEADER_KEYS = frozenset({"format", "format_version", "game_id", "game", "rules_version",
                         "options", "seats", "commitment", "status", "result", "seed",
                         "narration", "complete", "viewer", "events"})


def _check_header_keys(doc: dict[str, Any]) -> None:
    """No key the specification does not name: a verifier cannot vouch for what it does not
    read, and a reader might take an unknown key for a checked one."""
    unknown = set(doc) - HEADER_KEYS
    if unknown:
        raise StepFailed(None, f"the document has keys the format does not have: "
                               f"{_quoted(sorted(unknown))}", "format")
    if doc.get("viewer") is not None:
        raise StepFailed(None, "a complete document is everyone's: its viewer is null",
                         "format")


_HEX_DIGITS = frozenset("0123456789abcdef")


def _check_seed_text(seed: str) -> None:
    """The seed as the server writes it: 64 lower-case hex digits (``bytes.fromhex`` would
    also read capitals and spaces, another text for the same seed)."""
    if len(seed) != 64 or not _HEX_DIGITS.issuperset(seed):
        raise StepFailed(None, "the seed is not 64 lower-case hex digits", "format")


def _check_game_id(doc: dict[str, Any], first: dict[str, Any]) -> None:
    """The record is bound to its game id: a first event that names it (every game recorded
    since) names the document's. One made before names none, and is bound through its draws."""
    if "game_id" in first and (not isinstance(first["game_id"], str)
                               or first["game_id"] != doc["game_id"]):
        raise StepFailed(1, "the document's game id is not the one its first event records",
                         "game_id")


# The hot path's names, bound once: an enum member is slow to look up on its class.
_MOVE, _CHANCE, _ENDED = EventType.MOVE_MADE, EventType.CHANCE_RESOLVED, EventType.ENDED
_SEAT_TAKEN, _RESIGNED = EventType.SEAT_TAKEN, EventType.RESIGNED
_ABANDONED, _SEED_REVEALED = EventType.ABANDONED, EventType.SEED_REVEALED
_ACTIVE, _WAITING = Status.ACTIVE, Status.WAITING
_PREFERENCES = EventType.PREFERENCES_SET
_TIMED_OUT, _TAKEN_BACK = EventType.TIMED_OUT, EventType.TAKEN_BACK
# Each type's payload keys when it has no optional ones (compared as a whole, in C).
_EXACT_KEYS = {kind: keys for kind, keys in PAYLOAD_KEYS.items() if kind not in STARTS}


class _Verifier:
    def __init__(self, doc: dict[str, Any], sources: Sources, visiting: frozenset[str]) -> None:
        self.doc = doc
        self.sources = sources
        self.visiting = visiting  # the games whose verification is under way: no circles
        self.seed = bytes.fromhex(doc["seed"])
        self.rules: Rules | None = None
        self.state: State = {}
        self.prev = GENESIS_HASH
        self.result: dict[str, Any] | None = None
        self.seats = 0
        self.life: Life | None = None
        self.step: Step | None = None
        self.state_hashes: list[str] = []  # after each event so far (a rewind's target)
        # The states a takeback may still go back to, kept only where the game allows
        # takebacks: elsewhere every takeback event is refused before a state is needed.
        self.recent: RecentStates | None = None
        self.narration = narration_of(doc)
        self.audiences = Audiences()  # the public record's, seat names as of each event
        self.before: State | None = None  # the rules state before the event being checked
        self.moment: datetime | None = None  # the time of the last event checked

    def run(self) -> None:
        for index, event in enumerate(self.doc["events"], start=1):
            try:
                self._check_event(index, event)
            except MALFORMED as error:  # a forged value the rules cannot even read
                raise StepFailed(index, f"the event is malformed: {error!r}",
                                 "malformed") from None
        self._check_summary()

    def _check_event(self, index: int, event: Any) -> None:
        """Every check of one event, in the order a forgery is first caught by: the record
        (shape, chain, time), the life cycle, the rules, the state hash, the words. One pass,
        the life and the rules read once; a move or a draw (nearly every event) leaves the
        life as it was."""
        payload = event.get("payload") if isinstance(event, dict) else None
        if not isinstance(payload, dict):
            raise StepFailed(index, "an event is an object with a payload object", "shape")
        seq = event.get("seq")
        if type(seq) is not int or seq != index:
            raise StepFailed(index, f"expected event {index} here, found {seq!r}", "order")
        kind = event.get("type")
        life, rules = self.life, self.rules
        self.before = self.state if seq > 1 else None
        self._check_record(seq, kind, event, payload, life)
        # What the rules wait for here, computed once for every check of this event.
        step = self.step = (rules.next(self.state) if rules is not None and life is not None
                            and life["status"] == _ACTIVE else None)
        self._check_life_cycle(seq, kind, payload, life, step)
        try:
            self._check_step(seq, kind, payload)
        except GameError as error:
            raise StepFailed(seq, f"the rules refuse this event: {error.message}", "rules",
                             error.message) from None
        if life is None:
            life = begin(payload)
        elif kind not in RULES_EVENTS:
            life = live(life, kind, payload)
        if "clock" in life:
            life = timed(life, self._rules(), self.state, kind, payload, event["at"])
        self.life = life
        state_hash = event["state_hash"]
        if hash_value(self.state) != state_hash:
            raise StepFailed(seq, "the state after this event does not match its state hash",
                             "state")
        self._check_words(seq, event, life)
        self.prev = event["hash"]
        self.state_hashes.append(state_hash)
        if seq == 1 and life.get("takebacks"):
            self.recent = RecentStates()
        if self.recent is not None:
            self.recent.add(seq, kind, payload.get("seat"), self.state)

    def _life(self) -> Life:
        assert self.life is not None
        return self.life

    def _check_record(self, seq: int, kind: Any, event: dict[str, Any],
                      payload: dict[str, Any], life: Life | None) -> None:
        """The event as a record, in one pass: its keys and its payload's for its type, its
        place in the hash chain, its seat, and its time (forward, and the clock's deadlines:
        ``replays.clocks``). ``life``: the game's before it (None: the first event)."""
        if event.keys() != EVENT_KEYS:
            raise StepFailed(seq, f"an event has exactly the keys {sorted(EVENT_KEYS)}", "shape")
        exact = _EXACT_KEYS.get(kind)  # a known type but the two that start a history
        if exact is None or payload.keys() != exact:
            self._check_payload_keys(seq, kind, payload)
        at = event["at"]
        if not isinstance(at, str):
            raise StepFailed(seq, "the event's time is not an ISO 8601 text", "shape")
        moment = datetime.fromisoformat(at)
        if event["prev_hash"] != self.prev:
            raise StepFailed(seq, "the previous-event hash does not match the event before it",
                             "chain")
        if record_hash(event) != event["hash"]:
            raise StepFailed(seq, "the event's content does not match its hash (edited?)", "hash")
        seat = event["seat"]  # it repeats the payload's, and is most often a small int or null
        if not ((seat is None or type(seat) is int) and seat is payload.get("seat")) \
                and not json_equal(seat, payload.get("seat")):
            raise StepFailed(seq, "the event's seat is not the seat its payload names", "seat")
        before = self.moment  # None before the first event
        failure = time_failure(moment, before) if moment.tzinfo is None or (
            before is not None and moment < before) else None
        if failure is not None:
            pass
        elif life is None:
            failure = created_clock_failure(payload)
        elif life.get("clock") is not None or kind == _TIMED_OUT or (
                kind == _MOVE and payload["by"] == AUTOPILOT):  # else the clock has no say
            failure = clock_failure(life, kind, payload, at)
        if failure is not None:
            raise StepFailed(seq, failure, "clock", failure)
        self.moment = moment

    @staticmethod
    def _check_payload_keys(seq: int, kind: Any, payload: dict[str, Any]) -> None:
        """The payload's keys where they are not exactly its type's: a type with optional
        keys (the two that start a history) or a forgery."""
        if kind not in PAYLOAD_KEYS:
            raise StepFailed(seq, f"unknown event type {kind!r}", "shape")
        if not payload_keys_fit(kind, set(payload)):
            also = " (and perhaps takebacks, clock, game_id)" if kind in STARTS else ""
            also = " and one of origin, position" + also if kind == EventType.FORKED else also
            raise StepFailed(seq, f"a {kind} payload has exactly the keys "
                                  f"{sorted(PAYLOAD_KEYS[kind])}{also}", "shape")

    def _check_words(self, seq: int, event: dict[str, Any], life: Life) -> None:
        """The event's log line is the one the document's narration writes for it: no hash
        covers it, so it is recomputed (seat names as the events so far give them)."""
        try:
            line = line_of(self._rules(), self.before, self.state, cast(EventRecord, event),
                           self.audiences(life["seats"], True), self.narration)
        except Exception as error:  # words are not rules: any failure of theirs is refused
            raise StepFailed(seq, f"the rules cannot write the log line of event {seq}: "
                                  f"{error!r}", "words") from None
        if event["log"] != line and not (
                self.narration == LEGACY_NARRATION and event["log"] in legacy_lines(
                    self._rules(), self.before, self.state, cast(EventRecord, event))):
            raise StepFailed(seq, f"the log line of event {seq} is not the one the rules "
                                  "write", "words",
                             f"the document says “{_quoted(event['log'])}”, which is not "
                             "what happened")

    def told(self, seq: int) -> str | None:
        """Event ``seq``, the one that failed, in words (see ``explain.event_in_words``)."""
        events = self.doc["events"]
        if not 1 <= seq <= len(events):
            return None
        seats = None if self.life is None else self.life["seats"]
        return event_in_words(self.rules, self.before if seq > 1 else None, events[seq - 1],
                              seats)

    def _check_life_cycle(self, seq: int, kind: str, payload: dict[str, Any], life: Life | None,
                          step: Step | None) -> None:
        """Each event only where the service records it: created first and only first; seats
        taken while the game waits, each open seat once; moves, draws, an end, a
        resignation while it is played; an abandonment before it has ended; the seed
        revealed once, after the end, and nothing after it. ``life``: the game's before the
        event (None: the first); ``step``: what the rules wait for there."""
        if (life is None) != (kind in STARTS):
            raise StepFailed(seq, "a history starts with its one created or forked event",
                             "life")
        if life is None:
            return
        status, seats = life["status"], life["seats"]
        if life["seed"] is not None:
            raise StepFailed(seq, "nothing may follow the seed's reveal", "life")
        if status == _ACTIVE and kind != _ENDED and isinstance(step, Over):
            raise StepFailed(seq, "the rules had ended the game here: only its end may follow",
                             "life")
        if kind == _TAKEN_BACK or life.get("takeback") is not None:  # else nothing is pending
            blocked = while_pending(kind, life, len(seats))
            if blocked is not None:
                raise StepFailed(seq, blocked, "life")
        if kind == _MOVE or kind == _CHANCE or kind == _ENDED or kind == _RESIGNED:
            if status != _ACTIVE:
                raise StepFailed(seq, f"a {kind} event while the game is {status}", "life")
            seat = payload.get("seat")
            if (kind == _MOVE or kind == _RESIGNED) and (
                    type(seat) is not int or not 0 <= seat < len(seats)):
                raise StepFailed(seq, "the event names a seat the game does not have", "life")
        elif kind == _SEAT_TAKEN:
            seat = payload.get("seat")
            if (status != _WAITING or type(seat) is not int or not 0 <= seat < len(seats)
                    or seats[seat]["name"] is not None or not isinstance(payload.get("name"),
                                                                         str)):
                raise StepFailed(seq, "a seat may be taken only while the game waits, and "
                                      "only an open one", "life")
        elif kind == _PREFERENCES:
            seat = payload.get("seat")
            if status in FINISHED or type(seat) is not int or not 0 <= seat < len(seats):
                raise StepFailed(seq, "a seat chooses its windows only while the game is not "
                                      "over, and only a seat of the game", "life")
        elif kind == _ABANDONED:
            if status in FINISHED:
                raise StepFailed(seq, "a game that has ended cannot be abandoned", "life")
        elif kind == _SEED_REVEALED:
            if status not in FINISHED:
                raise StepFailed(seq, "the seed is revealed only once the game has ended", "life")

    def _check_step(self, seq: int, kind: str, payload: dict[str, Any]) -> None:
        if seq == 1:
            self._check_created(kind, payload)
        elif kind == _MOVE:
            rules = self._rules()
            if payload["by"] == PREFERENCE:
                self._check_preference(seq, preference_failure(
                    rules, self._life(), self.state, self.step, payload))
            self.state = play_move(rules, self.state, payload["seat"], payload["move"], self.step)
        elif kind == _CHANCE:
            self._check_chance(seq, payload)
        elif kind == _ENDED:
            self._check_ended(seq, payload)
        elif kind == _RESIGNED or kind == _ABANDONED:
            self._check_given_up(seq, kind, payload)
        elif kind == _SEED_REVEALED:
            if not json_equal(payload["seed"], self.doc["seed"]):
                raise StepFailed(seq, "the revealed seed is not the document's seed", "seed")
        elif kind in TAKEBACK_EVENTS:
            failure = takeback_failure(kind, payload, seq, self._life(), self.doc["events"],
                                       self.state_hashes, self._rules(), self.recent)
            if failure is not None:
                raise StepFailed(seq, failure, "takeback", failure)
            if kind == EventType.TAKEN_BACK:
                self.state = json_copy(payload["state"])
        elif kind == _PREFERENCES:
            self._check_preference(seq, preference_refusal(
                self._life(), self._rules(), payload["seat"], payload["skip"]))
        elif kind != _SEAT_TAKEN and kind != EventType.TIMED_OUT:
            raise StepFailed(seq, f"unknown event type {kind!r}", "shape")

    @staticmethod
    def _check_preference(seq: int, failure: str | None) -> None:
        """A choice of windows, or a pass made for it, as ``domain.preferences`` has it."""
        if failure is not None:
            raise StepFailed(seq, failure, "preference")

    def _rules(self) -> Rules:
        assert self.rules is not None
        return self.rules

    def _check_created(self, kind: str, payload: dict[str, Any]) -> None:
        # The game's own rules version; GameError (an unknown game or version) names it.
        self.rules = get_rules(payload["game"], payload["rules_version"])
        if new_commitment(self.seed) != payload["commitment"]:
            raise StepFailed(1, "the revealed seed does not match the commitment made at creation",
                             "commitment")
        _check_game_id(self.doc, payload)
        self.seats = len(payload["seats"])
        if "takebacks" in payload and (payload["takebacks"] is not True
                                       or takebacks_offered(self.rules) is not None):
            raise StepFailed(1, "takebacks, where allowed, is true (and absent otherwise), "
                                "and a game with hidden information allows them only if its "
                                "rules say which moves reveal it", "takeback")
        if kind == EventType.FORKED:
            reason = (check_position(self.rules, payload) if "position" in payload
                      else check_origin(payload, self.sources, self.visiting))
            if reason is not None:
                raise StepFailed(1, reason, "origin", reason)
            self.state = forked_state(payload)
        else:
            self.state = self.rules.setup(payload["options"], self.seats)

    def _check_chance(self, seq: int, payload: dict[str, Any]) -> None:
        step = self.step
        if not isinstance(step, Chance) or not json_equal(step.spec, payload["spec"]):
            raise StepFailed(seq, "the game did not ask for this draw here", "draw")
        expected = derive_outcome(step.spec, self.seed, chance_context(self.doc["game_id"], seq))
        if not json_equal(payload["outcome"], expected):
            raise StepFailed(seq, f"the draw was {payload['outcome']!r}, but the seed gives "
                                  f"{expected!r}", "draw")
        # The outcome is the very one the seed gives, and every derived outcome is a possible
        # outcome of its spec (tests/test_fair_draws.py pins it): play_chance's check of
        # that would be asked twice.
        self.state = self._rules().apply_chance(self.state, payload["outcome"])

    def _check_given_up(self, seq: int, kind: str, payload: dict[str, Any]) -> None:
        """A resignation or abandonment carries the result the rules give for it."""
        rules, result = self._rules(), payload["result"]
        if kind == EventType.RESIGNED:
            expected = rules.resign(self.state, payload["seat"], self.seats)
        else:
            expected = rules.abandon(self.state, result["reason"])
        if not json_equal(result, expected.to_json()):
            raise StepFailed(seq, f"the recorded result is not the one the rules give for "
                                  f"this {kind} event", "result")
        self.result = result

    def _check_ended(self, seq: int, payload: dict[str, Any]) -> None:
        step = self.step
        if not isinstance(step, Over):
            raise StepFailed(seq, "the game was recorded as over, but the rules say it is not",
                             "result")
        if not json_equal(payload["result"], step.to_json()):
            raise StepFailed(seq, "the recorded result is not the result the rules give", "result")
        self.result = payload["result"]

    def _check_summary(self) -> None:
        if self.result is None:
            raise StepFailed(None, "the history has no end", "unfinished")
        if not json_equal(self.doc.get("result"), self.result):
            raise StepFailed(None, "the document's result is not the one its events give",
                             "header", "its result")
        if self.doc["events"][-1]["type"] != EventType.SEED_REVEALED:
            raise StepFailed(None, "the history does not end with the seed's reveal", "unfinished")
        # The life folded event by event above is the header's source: no second fold.
        # Its result is the ending event's, the very object compared above: not compared twice
        # (a result is the largest field, and a walk of it when it holds a null).
        for field, value in header_of(self._life()).items():
            if value is not self.result and not json_equal(self.doc.get(field), value):
                raise StepFailed(None, f"the document's {field} is not what its events say",
                                 "header", f"its {field}")
