"""The event-sourced Game aggregate: one aggregate per game (a whole match is one game).

Public command methods validate through the rules and compute what the event will record;
each event class's ``apply`` only applies. Every event carries the hash of the event before it
and the hash of the rules state after it, plus its own hash over both and its content, so the
history is a hash chain: editing any byte of any event breaks the chain at that event.

The rules state is never stored as the truth: it is rebuilt by folding the events through the
game's rules (snapshots and the aggregate cache only speed that up).
"""

from __future__ import annotations

import copy
import threading
from datetime import datetime
from functools import cache
from typing import TYPE_CHECKING, Any, ClassVar
from uuid import UUID

from eventsourcing.domain import Aggregate, ProgrammingError
from eventsourcing.domain import Snapshot as LibrarySnapshot
from eventsourcing.utils import resolve_topic

from .clocks import clock_option, deadline, due, next_deadline
from .games import get_rules
from .history import (
    FINISHED,
    RULES_EVENTS,
    STARTS,
    EventRecord,
    EventType,
    Life,
    Status,
    begin,
    check_reproduces,
    event_hash,
    forked_state,
    live,
    rules_for,
    rules_state_after,
    takeback_refusal,
    takebacks_offered,
    timed,
)
from .kernel import (
    GENESIS_HASH,
    BadOptions,
    Chance,
    GameError,
    GameOver,
    Over,
    Rules,
    State,
    Step,
    Windows,
    build_position,
    hash_value,
    json_copy,
    new_commitment,
    play_chance,
    play_move,
    validate_options,
)
from .preferences import preference_refusal
from .transcoder import iso

# The rules object a game is played under, looked up once from its life (the game and rules
# version never change after its first event) instead of on every access, several times an
# event; kept in memory only (never in a snapshot: a snapshot's game looks it up again).
RULES = "rules_object"
# The rules state a new game's first event leads to, handed by ``Game._begin`` (which has
# just computed it, and its hash for the event) to the event's apply, which the library's
# ``_create`` calls: otherwise the apply computed it again (the rules' setup) and checked its
# hash, as for a first event read back from the store. Per thread, as games are created on
# several; taken by the apply, so a first event read from the store later finds none.
_BEGUN = threading.local()
# The rules' next step at the game's state, with the state it was computed at: asked up to
# three times a state (the driver, the views, the next move's check), so it is computed
# once. A state is never changed in place, so the step
# is the current one exactly while ``state`` is that same object; kept in memory only.
STEP = "next_step"
# The attributes of a Game that a copy of it shares: plain JSON values replaced by each event
# and never changed in place, its rules (never changed at all) and its next step (a value).
SHARED_ATTRIBUTES = frozenset({"state", "life", RULES, STEP})
# The rules state and life after each of a game's latest events, by version, kept in memory
# only (never in a snapshot): a follower that starts from one of them reads on without
# rebuilding the game from a snapshot, so its first call costs what it returns.
RECENT, RECENT_STATES = "recent_states", 8
# What a snapshot leaves out of a game: what it keeps in memory only.
MEMORY_ONLY = (RECENT, RULES, STEP)
# The types of a Game's other attributes that a copy can share too (its id, version, times
# and last hash); deepcopy of a UUID alone cost more than the rest of a copy.
IMMUTABLE_TYPES = frozenset({UUID, datetime, int, str})


class GameNotFound(GameError):
    code = "game-not-found"


class SeatUnavailable(GameError):
    code = "seat-unavailable"


class GameClosed(GameError):
    code = "game-closed"


class TakebackPending(GameError):
    code = "takeback-pending"


class TakebackRefused(GameError):
    code = "takeback-refused"


class DeadlinePassed(GameError):
    """A move after the seat's deadline for it (its timeout is recorded at once)."""

    code = "deadline-passed"


class GameSnapshot(LibrarySnapshot):
    """Snapshots with a stable topic, so stored snapshots survive code moves."""

    TOPIC: ClassVar[str] = "gamehall:Game.Snapshot"

    @classmethod
    def take(cls, aggregate: Any) -> Any:
        """A snapshot of the game's history so far, without what it keeps in memory only
        (MEMORY_ONLY: its recent states, rebuilt as events are applied, and its rules)."""
        snapshot = super().take(aggregate)
        for key in MEMORY_ONLY:
            snapshot.state.pop(key, None)
        return snapshot


class Game(Aggregate):
    """A game's history; ``life`` and ``state`` are what it folds into so far."""

    TOPIC: ClassVar[str] = "gamehall:Game"
    # Version 2 keeps the game's life as one ``life`` record (version 1 spread it over
    # attributes); snapshots taken by version 1 are upcast when loaded.
    class_version: ClassVar[int] = 2
    Snapshot = GameSnapshot

    class Event(Aggregate.Event):
        TOPIC: ClassVar[str] = "gamehall:Game.Event"
        type_name: ClassVar[EventType]
        payload: dict[str, Any]
        prev_hash: str
        state_hash: str
        hash: str

        def apply(self, aggregate: Any) -> None:
            game: Game = aggregate
            fields = game.__dict__  # read and written as a dict: no attribute is a property
            computed = fields.pop("_pending", None)
            kind = self.type_name
            if kind in STARTS:
                fields["life"] = begin(self.payload)
                computed = _BEGUN.__dict__.pop("state", None)
            elif kind not in RULES_EVENTS:  # a move or a draw changes only the rules state
                fields["life"] = live(fields["life"], kind, self.payload)
            if computed is None:  # rebuilt from the store: the history must still reproduce
                computed = rules_state_after(game.rules, fields.get("state"), kind,
                                             self.payload)
                if kind in STARTS or kind in RULES_EVENTS:
                    check_reproduces(computed, self.originator_version, self.state_hash,
                                     fields["life"])
            life = fields["life"]
            if "clock" in life:  # each seat's running decision, from this event's time
                life = fields["life"] = timed(life, game.rules, computed, kind, self.payload,
                                              iso(self.timestamp))
            fields["state"] = computed
            fields["last_hash"] = self.hash
            # The state and life after this event, among the latest RECENT_STATES.
            recent = fields.get(RECENT)
            if recent is None:
                recent = fields[RECENT] = {}
            recent[self.originator_version] = (computed, life)
            if len(recent) > RECENT_STATES:
                del recent[next(iter(recent))]  # the oldest: versions are kept in order

    class Created(Event, Aggregate.Created):
        TOPIC: ClassVar[str] = "gamehall:Game.Created"
        type_name: ClassVar[EventType] = EventType.CREATED

    class Forked(Event, Aggregate.Created):
        TOPIC: ClassVar[str] = "gamehall:Game.Forked"
        type_name: ClassVar[EventType] = EventType.FORKED

    class SeatTaken(Event):
        TOPIC: ClassVar[str] = "gamehall:Game.SeatTaken"
        type_name: ClassVar[EventType] = EventType.SEAT_TAKEN

    class MoveMade(Event):
        TOPIC: ClassVar[str] = "gamehall:Game.MoveMade"
        type_name: ClassVar[EventType] = EventType.MOVE_MADE

    class ChanceResolved(Event):
        TOPIC: ClassVar[str] = "gamehall:Game.ChanceResolved"
        type_name: ClassVar[EventType] = EventType.CHANCE_RESOLVED

    class Ended(Event):
        TOPIC: ClassVar[str] = "gamehall:Game.Ended"
        type_name: ClassVar[EventType] = EventType.ENDED

    class Resigned(Event):
        TOPIC: ClassVar[str] = "gamehall:Game.Resigned"
        type_name: ClassVar[EventType] = EventType.RESIGNED

    class Abandoned(Event):
        TOPIC: ClassVar[str] = "gamehall:Game.Abandoned"
        type_name: ClassVar[EventType] = EventType.ABANDONED

    class SeedRevealed(Event):
        TOPIC: ClassVar[str] = "gamehall:Game.SeedRevealed"
        type_name: ClassVar[EventType] = EventType.SEED_REVEALED

    class TakebackAsked(Event):
        TOPIC: ClassVar[str] = "gamehall:Game.TakebackAsked"
        type_name: ClassVar[EventType] = EventType.TAKEBACK_ASKED

    class TakebackAnswered(Event):
        TOPIC: ClassVar[str] = "gamehall:Game.TakebackAnswered"
        type_name: ClassVar[EventType] = EventType.TAKEBACK_ANSWERED

    class TakenBack(Event):
        TOPIC: ClassVar[str] = "gamehall:Game.TakenBack"
        type_name: ClassVar[EventType] = EventType.TAKEN_BACK

    class TimedOut(Event):
        TOPIC: ClassVar[str] = "gamehall:Game.TimedOut"
        type_name: ClassVar[EventType] = EventType.TIMED_OUT

    class PreferencesSet(Event):
        TOPIC: ClassVar[str] = "gamehall:Game.PreferencesSet"
        type_name: ClassVar[EventType] = EventType.PREFERENCES_SET

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        """A copy for a command (the repository copies the games it caches). The rules state
        and the life are shared, not copied: they are plain JSON values that nothing changes
        in place (the rules return a new state and never change their input, which every
        game's contract test checks; each event replaces ``life``), so a command that fails
        leaves the cached game as it was. Copying them grew with the state (a long match's
        state is tens of kB) and was most of a move's load."""
        copied = object.__new__(type(self))
        for key, value in self.__dict__.items():
            copied.__dict__[key] = (value if key in SHARED_ATTRIBUTES
                                    or type(value) in IMMUTABLE_TYPES
                                    else dict(value) if key == RECENT  # of shared states
                                    else copy.deepcopy(value, memo))
        return copied

    def collect_events(self) -> list[Game.Event]:
        """The library's, without its ``pop(0)`` an event (a bot game saves about 90 at
        once): the pending events taken in one copy, their list emptied in place as the
        library's empties it."""
        pending: list[Game.Event] = self.__dict__["_pending_events"]
        collected = list(pending)
        pending.clear()
        return collected

    def recent(self, version: int) -> tuple[State, Life] | None:
        """The rules state and life after event ``version``, if kept (see RECENT)."""
        if version == self.version:
            return self.state, self.life
        kept: tuple[State, Life] | None = self.__dict__.get(RECENT, {}).get(version)
        return kept

    if TYPE_CHECKING:  # attributes set by the events (kept out of the generated __init__)
        life: Life
        state: State
        last_hash: str

    @staticmethod
    def upcast_v1_v2(state: dict[str, Any]) -> None:
        """A version-1 snapshot's attributes become the ``life`` record."""
        names = {"game": "game_name", "rules_version": "rules_version", "options": "options",
                 "seats": "seats", "commitment": "commitment", "status": "status",
                 "result": "result", "seed": "seed"}
        state["life"] = {key: state.pop(old) for key, old in names.items()}

    @classmethod
    def create(cls, game_id: UUID, game: str, options: dict[str, Any] | None,
               seats: list[dict[str, Any]], seed: bytes, at: datetime,
               takebacks: bool = False, clock: Any = None) -> Game:
        """A new game under the game's current rules; ``seats`` are ``{"name", "bot"}``;
        ``takebacks``: whether a seat may take back its last moves by consent; ``clock``:
        the game's clock (``domain.clocks``), if it is played on one."""
        rules = get_rules(game)
        _check_seats(rules, seats)
        _check_takebacks(rules, takebacks)
        full_options = _complete_options(rules, options)
        state = rules.setup(full_options, len(seats))
        payload = {"game": game, "rules_version": rules.version, "options": full_options,
                   "seats": _seat_records(seats), "commitment": new_commitment(seed),
                   "game_id": str(game_id), **_service_options(takebacks, clock)}
        return cls._begin(cls.Created, game_id, payload, state, at)

    @classmethod
    def fork(cls, game_id: UUID, source: Game, at_state: State, origin: dict[str, Any],
             seats: list[dict[str, Any]], seed: bytes, at: datetime,
             takebacks: bool = False, clock: Any = None) -> Game:
        """A sandbox that starts from ``at_state``, the state of the finished game ``source``
        after its event ``origin["seq"]``, under the source's rules and options, with new
        seats and its own seed (so every draw after the fork is fresh)."""
        rules = source.rules
        _check_seats(rules, seats)
        _check_takebacks(rules, takebacks)
        if len(seats) != len(source.seats):
            raise BadOptions(f"A fork keeps the source's {len(source.seats)} seats, not "
                             f"{len(seats)}.")
        payload = {"game": source.game_name, "rules_version": source.rules_version,
                   "options": source.options, "seats": _seat_records(seats),
                   "commitment": new_commitment(seed), "origin": origin,
                   "state": json_copy(at_state), "game_id": str(game_id),
                   **_service_options(takebacks, clock)}
        return cls._begin(cls.Forked, game_id, payload, forked_state(payload), at)

    @classmethod
    def from_position(cls, game_id: UUID, game: str, options: dict[str, Any] | None,
                      position: dict[str, Any], seats: list[dict[str, Any]], seed: bytes,
                      at: datetime, takebacks: bool = False, clock: Any = None) -> Game:
        """A sandbox that starts from the state the game's current rules build from
        ``position`` (domain/kernel/position.py; BadPosition, in words, when it states no
        position of the game), with its own seed for every draw after."""
        rules = get_rules(game)
        _check_seats(rules, seats)
        _check_takebacks(rules, takebacks)
        full_options = _complete_options(rules, options)
        state = build_position(rules, full_options, len(seats), position)
        payload = {"game": game, "rules_version": rules.version, "options": full_options,
                   "seats": _seat_records(seats), "commitment": new_commitment(seed),
                   "position": json_copy(position), "state": json_copy(state),
                   "game_id": str(game_id), **_service_options(takebacks, clock)}
        return cls._begin(cls.Forked, game_id, payload, forked_state(payload), at)

    @classmethod
    def _begin(cls, event_class: type[Game.Created] | type[Game.Forked], game_id: UUID,
               payload: dict[str, Any], state: State, at: datetime) -> Game:
        state_hash = hash_value(state)
        digest = event_hash(1, event_class.type_name, payload, iso(at), GENESIS_HASH,
                            state_hash)
        _BEGUN.state = state  # for the event's apply, inside the library's _create
        try:
            return cls._create(event_class, id=game_id, payload=payload,
                               prev_hash=GENESIS_HASH, state_hash=state_hash, hash=digest,
                               timestamp=at)
        finally:
            _BEGUN.__dict__.pop("state", None)

    @property
    def origin(self) -> dict[str, Any] | None:
        """A fork's source game, the event it was forked after and that event's state hash."""
        return self.life.get("origin")

    # ---- what the history says ----

    @property
    def rules(self) -> Rules:
        """The rules this game was created under (its own version, not necessarily today's)."""
        rules: Rules | None = self.__dict__.get(RULES)
        if rules is None:
            rules = self.__dict__[RULES] = rules_for(self.life)
        return rules

    @property
    def game_name(self) -> str:
        return self.life["game"]

    @property
    def rules_version(self) -> str:
        return self.life["rules_version"]

    @property
    def options(self) -> dict[str, Any]:
        return self.life["options"]

    @property
    def seats(self) -> list[dict[str, Any]]:
        return self.life["seats"]

    @property
    def commitment(self) -> str:
        return self.life["commitment"]

    @property
    def status(self) -> str:
        return self.life["status"]

    @property
    def result(self) -> dict[str, Any] | None:
        return self.life["result"]

    @property
    def seed(self) -> str | None:
        return self.life["seed"]

    def step(self) -> Step:
        """The rules' next step at the game's state (computed once a state: see STEP)."""
        state = self.state
        known: tuple[State, Step] | None = self.__dict__.get(STEP)
        if known is not None and known[0] is state:
            return known[1]
        step = self.rules.next(state)
        self.__dict__[STEP] = (state, step)
        return step

    def view(self, seat: int | None) -> dict[str, Any]:
        """The rules' view of the game's state for ``seat`` (None: a spectator); a game whose
        view shows the next step is handed the one kept (``step``), not computing it again
        for the board and each seat."""
        view_with_step = self.rules.view_with_step
        if view_with_step is None:
            return self.rules.view(self.state, seat)
        return view_with_step(self.state, self.step(), seat)

    # ---- commands ----

    def take_seat(self, seat: int, name: str, at: datetime) -> None:
        if self.status != Status.WAITING or not 0 <= seat < len(self.seats):
            raise SeatUnavailable(f"Seat {seat} cannot be taken in this game.")
        if self.seats[seat]["name"] is not None:
            raise SeatUnavailable(f"Seat {seat} is already taken by {self.seats[seat]['name']}.")
        self._record(self.SeatTaken, {"seat": seat, "name": name}, self.state, at)

    def make_move(self, seat: int, move: dict[str, Any], by: str, at: datetime,
                  step: Step | None = None) -> None:
        """``step``: the rules' next step at this state, where the caller has it already."""
        if "clock" in self._check_playing():
            due = self.deadline(seat)
            if due is not None and at > due:
                raise DeadlinePassed(f"Your time for this decision ran out at {iso(due)}.")
        new_state = play_move(self.rules, self.state, seat, move,
                              self.step() if step is None else step)
        self._record(self.MoveMade, {"seat": seat, "move": move, "by": by}, new_state, at)

    def resolve_chance(self, outcome: Any, at: datetime, step: Step | None = None) -> None:
        self._check_playing()
        step = self.step() if step is None else step
        new_state = play_chance(self.rules, self.state, outcome, step)
        assert isinstance(step, Chance)
        self._record(self.ChanceResolved, {"spec": step.spec, "outcome": outcome}, new_state, at)

    def end(self, over: Over, at: datetime) -> None:
        self._record(self.Ended, {"result": over.to_json()}, self.state, at)

    def resign(self, seat: int, at: datetime) -> None:
        self._check_active()
        result = self.rules.resign(self.state, seat, len(self.seats)).to_json()
        self._record(self.Resigned, {"seat": seat, "result": result}, self.state, at)

    def abandon(self, reason: str, at: datetime) -> None:
        if self.status in FINISHED:
            raise GameClosed("The game has already ended.")
        result = self.rules.abandon(self.state, reason).to_json()
        self._record(self.Abandoned, {"result": result}, self.state, at)

    def reveal_seed(self, seed: bytes, at: datetime) -> None:
        if self.status not in FINISHED:
            raise GameClosed("The seed is revealed only once the game is over.")
        if new_commitment(seed) != self.commitment:
            raise GameError("That seed does not match the game's commitment.")
        self._record(self.SeedRevealed, {"seed": seed.hex()}, self.state, at)

    def set_preferences(self, seat: int, skip: list[str], at: datetime) -> None:
        """Record the window kinds ``seat`` chooses not to be asked in (``domain.preferences``)."""
        windows = self.rules.windows
        chosen = skip if windows is None else _declared_order(windows, skip)
        refusal = preference_refusal(self.life, self.rules, seat, chosen)
        if refusal is not None:
            raise GameError(refusal)
        self._record(self.PreferencesSet, {"seat": seat, "skip": chosen}, self.state, at)

    # ---- clocks ----

    def deadline(self, seat: int) -> datetime | None:
        """When the seat's running decision times out (None: not on a clock now)."""
        clock = self.life.get("clock")
        return None if clock is None else deadline(self.life["timing"], clock, seat)

    def due(self, now: datetime) -> list[tuple[int, datetime]]:
        """The seats whose deadline has passed at ``now``, earliest first."""
        clock = self.life.get("clock")
        if clock is None or self.status != Status.ACTIVE:
            return []
        return due(self.life["timing"], clock, now)

    def next_deadline(self) -> datetime | None:
        clock = self.life.get("clock")
        if clock is None or self.status != Status.ACTIVE:
            return None
        return next_deadline(self.life["timing"], clock)

    def time_out(self, seat: int, at: datetime) -> None:
        """Record that the seat's time ran out (at or after its deadline)."""
        self._check_active()
        due = self.deadline(seat)
        if due is None or at < due:
            raise GameError(f"Seat {seat}'s time has not run out.")
        self._record(self.TimedOut, {"seat": seat, "deadline": iso(due)}, self.state, at)

    # ---- takebacks by consent ----

    @property
    def pending_takeback(self) -> dict[str, Any] | None:
        """The takeback asked and not yet settled (``{seat, to, accepted}``); none once the
        game is no longer played."""
        return self.life.get("takeback") if self.status == Status.ACTIVE else None

    def ask_takeback(self, seat: int, to: int, state_then: State,
                     crossed: list[tuple[str, dict[str, Any]]], at: datetime) -> None:
        """``state_then``: the rules state after event ``to``; ``crossed``: the events after
        it (type and payload, whole), which the takeback undoes."""
        refusal = takeback_refusal(self.life, self.rules, seat, state_then, crossed)
        if refusal is not None:
            raise TakebackRefused(refusal)
        self._record(self.TakebackAsked, {"seat": seat, "to": to}, self.state, at)

    def answer_takeback(self, seat: int, accepted: bool, at: datetime) -> None:
        asked = self.pending_takeback
        if asked is None or self.status != Status.ACTIVE:
            raise TakebackRefused("No takeback is waiting for an answer.")
        if seat == asked["seat"] or seat in asked["accepted"]:
            raise TakebackRefused("Your seat does not answer this takeback: you asked for it "
                                  "or have answered already.")
        self._record(self.TakebackAnswered, {"seat": seat, "accepted": accepted}, self.state, at)

    def takeback_agreed(self) -> bool:
        """Whether every other seat has accepted the pending takeback."""
        asked = self.pending_takeback
        return asked is not None and sorted([asked["seat"], *asked["accepted"]]) == list(
            range(len(self.seats)))

    def take_back(self, state_then: State, at: datetime) -> None:
        """The agreed takeback: the game goes back to ``state_then``, the state after the
        event the takeback named; the moves it undoes stay in the history, named."""
        asked = self.pending_takeback
        assert asked is not None and self.takeback_agreed()
        undone = list(range(asked["to"] + 1, self._asked_at()))
        self._record(self.TakenBack, {"to": asked["to"], "undone": undone,
                                      "state": state_then}, json_copy(state_then), at)

    # ---- internals ----

    def _asked_at(self) -> int:
        """The number of the pending takeback's ``takeback_asked`` event: the events after
        the ask are its answers, one a seat but the asker."""
        return self.version - (len(self.seats) - 1)

    def _check_playing(self) -> Life:
        """The game's life, once the game is known to be played with no takeback waiting
        (checked before every move and draw, with the life read once)."""
        life = self.life
        if life["status"] != Status.ACTIVE:
            self._check_active()
        if life.get("takeback") is not None:
            raise TakebackPending("A takeback is waiting for the other seats' answers.")
        return life

    def _check_active(self) -> None:
        if self.status == Status.WAITING:
            raise GameClosed("The game starts when every seat is taken.")
        if self.status != Status.ACTIVE:
            raise GameOver("The game is over.")

    def _record(self, event_class: type[Game.Event], payload: dict[str, Any], new_state: State,
                at: datetime) -> None:
        fields = self.__dict__  # the library's attributes, read and written without properties
        version = fields["_version"] + 1
        # Times run forward (a host whose clock is behind the last writer's records the
        # last time again): a timeout's proof rests on the events' times.
        last = fields["_modified_on"]
        if last > at:
            at = last
        state_hash, last_hash = hash_value(new_state), fields["last_hash"]
        digest = event_hash(version, event_class.type_name, payload, iso(at), last_hash,
                            state_hash)
        fields["_pending"] = new_state  # the event's apply takes it: no second fold
        # The library's trigger_event, without its cost an event (a fifth of an event's
        # fixed cost in the service, by callgrind): the event is made as the library's mapper
        # makes the events it reads, with the same fields in the dataclass's order (so the
        # same object, equal to the one its constructor makes), and its class's topic is
        # checked once, not once an event. Then what the library's ``mutate`` does, without
        # its checks that the event is this game's and its next (it is made so here).
        event = object.__new__(_topic_checked(event_class))
        object.__setattr__(event, "__dict__", {
            "originator_id": fields["_id"], "originator_version": version, "timestamp": at,
            "payload": payload, "prev_hash": last_hash, "state_hash": state_hash,
            "hash": digest})
        event.apply(self)
        fields["_version"] = version
        fields["_modified_on"] = at
        fields["_pending_events"].append(event)


def _declared_order(windows: Windows, skip: list[str]) -> list[str]:
    """``skip`` as the game declares its kinds (as given when it names an unknown one, for
    the refusal to say so)."""
    try:
        return windows.chosen(skip)
    except (ValueError, TypeError):
        return skip


@cache
def _topic_checked(event_class: type[Game.Event]) -> type[Game.Event]:
    """``event_class``, once its explicit topic is found to name it (trigger_event's check:
    a class that forgot its own TOPIC would be stored under its parent's)."""
    named: object = resolve_topic(event_class.TOPIC)
    if named is not event_class:
        raise ProgrammingError(f"{event_class} has no explicit topic of its own.")
    return event_class


def _check_takebacks(rules: Rules, takebacks: bool) -> None:
    refusal = takebacks_offered(rules) if takebacks else None
    if refusal is not None:
        raise BadOptions(refusal)


def _service_options(takebacks: bool, clock: Any) -> dict[str, Any]:
    """The service's options a first event records beside the game's (absent when off)."""
    return {**({"takebacks": True} if takebacks else {}),
            **({"clock": clock_option(clock)} if clock is not None else {})}


def _seat_records(seats: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{"name": s.get("name"), "bot": s.get("bot")} for s in seats]


def _complete_options(rules: Rules, options: dict[str, Any] | None) -> dict[str, Any]:
    """The options with defaults filled in, and the seats' decklists as the service resolved
    them (``DeckRules.option``: the game's own setup checks those)."""
    given = dict(options or {})
    option = rules.decks.option if rules.decks is not None else None
    decks = {option: given.pop(option)} if option is not None and option in given else {}
    return {**validate_options(rules.info.options, given), **decks}


def _check_seats(rules: Rules, seats: list[dict[str, Any]]) -> None:
    info = rules.info
    if not info.min_seats <= len(seats) <= info.max_seats:
        raise BadOptions(f"{info.title} takes {info.min_seats} to {info.max_seats} players, "
                         f"not {len(seats)}.")
    for seat in seats:
        bot = seat.get("bot")
        if bot is not None and bot not in rules.bots:
            raise BadOptions(f"There is no bot called {bot!r}; {info.title} has "
                             f"{', '.join(rules.bots)}.")


def event_record(event: Game.Event) -> EventRecord:
    """One recorded event as plain data (``domain.history.EventRecord``)."""
    return EventRecord(game_id=str(event.originator_id), seq=event.originator_version,
                       type=str(event.type_name), seat=event.payload.get("seat"),
                       payload=event.payload, at=iso(event.timestamp),
                       prev_hash=event.prev_hash, state_hash=event.state_hash, hash=event.hash)
