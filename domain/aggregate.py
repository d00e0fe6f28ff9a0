"""The event-sourced Game aggregate: one aggregate per game (a whole match is one game).

Public command methods validate through the rules and compute what the event will record;
each event class's ``apply`` only applies. Every event carries the hash of the event before it
and the hash of the rules state after it, plus its own hash over both and its content, so the
history is a hash chain: editing any byte of any event breaks the chain at that event.

The rules state is never stored as the truth: it is rebuilt by folding the events through the
game's rules (snapshots and the aggregate cache only speed that up).
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any, ClassVar
from uuid import UUID

from eventsourcing.domain import Aggregate, Snapshot

from .games import get_rules
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
    hash_value,
    new_commitment,
    play_chance,
    play_move,
    validate_options,
)


def event_hash(sequence: int, type_: str, payload: dict[str, Any], at: str, prev_hash: str,
               state_hash: str) -> str:
    """The hash an event carries; ``replays/README.md`` specifies it for verifiers."""
    return hash_value({"seq": sequence, "type": type_, "payload": payload, "at": at,
                       "prev_hash": prev_hash, "state_hash": state_hash})


def iso(moment: datetime) -> str:
    return moment.isoformat()


class SeatUnavailable(GameError):
    code = "seat-unavailable"


class GameClosed(GameError):
    code = "game-closed"


class Game(Aggregate):
    """A game's history; ``state`` is the rules state after the latest event."""

    TOPIC: ClassVar[str] = "gamehall:Game"

    class Event(Aggregate.Event):
        TOPIC: ClassVar[str] = "gamehall:Game.Event"
        type_name: ClassVar[str] = ""
        payload: dict[str, Any]
        prev_hash: str
        state_hash: str
        hash: str

        def apply(self, aggregate: Any) -> None:
            game: Game = aggregate
            game.last_hash = self.hash
            self.apply_payload(game)
            game.__dict__.pop("_pending", None)

        def apply_payload(self, game: Game) -> None:
            raise NotImplementedError

    class Created(Event, Aggregate.Created):
        TOPIC: ClassVar[str] = "gamehall:Game.Created"
        type_name: ClassVar[str] = "created"

        def apply_payload(self, game: Game) -> None:
            p = self.payload
            game.game_name = p["game"]
            game.rules_version = p["rules_version"]
            game.options = p["options"]
            game.seats = [dict(seat) for seat in p["seats"]]
            game.commitment = p["commitment"]
            game.status = "waiting" if any(s["name"] is None for s in game.seats) else "active"
            game.result = None
            game.seed = None
            game.state = game.rules.setup(p["options"], len(p["seats"]))

    class SeatTaken(Event):
        TOPIC: ClassVar[str] = "gamehall:Game.SeatTaken"
        type_name: ClassVar[str] = "seat_taken"

        def apply_payload(self, game: Game) -> None:
            game.seats[self.payload["seat"]]["name"] = self.payload["name"]
            if all(s["name"] is not None for s in game.seats):
                game.status = "active"

    class MoveMade(Event):
        TOPIC: ClassVar[str] = "gamehall:Game.MoveMade"
        type_name: ClassVar[str] = "move_made"

        def apply_payload(self, game: Game) -> None:
            p = self.payload
            game.state = game.take_pending() or game.rules.apply_move(game.state, p["seat"],
                                                                      p["move"])

    class ChanceResolved(Event):
        TOPIC: ClassVar[str] = "gamehall:Game.ChanceResolved"
        type_name: ClassVar[str] = "chance_resolved"

        def apply_payload(self, game: Game) -> None:
            game.state = game.take_pending() or game.rules.apply_chance(game.state,
                                                                        self.payload["outcome"])

    class Ended(Event):
        TOPIC: ClassVar[str] = "gamehall:Game.Ended"
        type_name: ClassVar[str] = "ended"
        final_status: ClassVar[str] = "over"

        def apply_payload(self, game: Game) -> None:
            game.status = self.final_status
            game.result = self.payload["result"]

    class Resigned(Ended):
        TOPIC: ClassVar[str] = "gamehall:Game.Resigned"
        type_name: ClassVar[str] = "resigned"

    class Abandoned(Ended):
        TOPIC: ClassVar[str] = "gamehall:Game.Abandoned"
        type_name: ClassVar[str] = "abandoned"
        final_status: ClassVar[str] = "abandoned"

    class SeedRevealed(Event):
        TOPIC: ClassVar[str] = "gamehall:Game.SeedRevealed"
        type_name: ClassVar[str] = "seed_revealed"

        def apply_payload(self, game: Game) -> None:
            game.seed = self.payload["seed"]

    # The snapshot class needs a stable topic too, so stored snapshots survive code moves.
    class Snapshot(Snapshot):  # type: ignore[no-redef]
        TOPIC: ClassVar[str] = "gamehall:Game.Snapshot"

    if TYPE_CHECKING:  # attributes set by the events (kept out of the generated __init__)
        game_name: str
        rules_version: str
        options: dict[str, Any]
        seats: list[dict[str, Any]]
        commitment: str
        status: str
        result: dict[str, Any] | None
        seed: str | None
        state: State
        last_hash: str

    @classmethod
    def create(cls, game_id: UUID, game: str, options: dict[str, Any] | None,
               seats: list[dict[str, Any]], seed: bytes, at: datetime) -> Game:
        """A new game; ``seats`` are ``{"name": str | None, "bot": str | None}``."""
        rules = get_rules(game)
        _check_seats(rules, seats)
        full_options = validate_options(rules.info.options, options)
        state = rules.setup(full_options, len(seats))
        payload = {"game": game, "rules_version": rules.version, "options": full_options,
                   "seats": [{"name": s.get("name"), "bot": s.get("bot")} for s in seats],
                   "commitment": new_commitment(seed)}
        state_hash = hash_value(state)
        digest = event_hash(1, "created", payload, iso(at), GENESIS_HASH, state_hash)
        return cls._create(cls.Created, id=game_id, payload=payload, prev_hash=GENESIS_HASH,
                           state_hash=state_hash, hash=digest, timestamp=at)

    # ---- derived ----

    @property
    def rules(self) -> Rules:
        return get_rules(self.game_name)

    def step(self) -> Step:
        return self.rules.next(self.state)

    def take_pending(self) -> State | None:
        """The state a command already computed for the event being applied, if any."""
        pending: State | None = self.__dict__.pop("_pending", None)
        return pending

    # ---- commands ----

    def take_seat(self, seat: int, name: str, at: datetime) -> None:
        if self.status != "waiting" or not 0 <= seat < len(self.seats):
            raise SeatUnavailable(f"Seat {seat} cannot be taken in this game.")
        if self.seats[seat]["name"] is not None:
            raise SeatUnavailable(f"Seat {seat} is already taken by {self.seats[seat]['name']}.")
        self._record(self.SeatTaken, {"seat": seat, "name": name}, self.state, at)

    def make_move(self, seat: int, move: dict[str, Any], by: str, at: datetime) -> None:
        self._check_active()
        new_state = play_move(self.rules, self.state, seat, move)
        self._record(self.MoveMade, {"seat": seat, "move": move, "by": by}, new_state, at)

    def resolve_chance(self, outcome: Any, at: datetime) -> None:
        self._check_active()
        step = self.step()
        new_state = play_chance(self.rules, self.state, outcome)
        assert isinstance(step, Chance)
        self._record(self.ChanceResolved, {"spec": step.spec, "outcome": outcome}, new_state, at)

    def end(self, over: Over, at: datetime) -> None:
        self._record(self.Ended, {"result": over.to_json()}, self.state, at)

    def resign(self, seat: int, at: datetime) -> None:
        self._check_active()
        result = self.rules.resign(self.state, seat, len(self.seats)).to_json()
        self._record(self.Resigned, {"seat": seat, "result": result}, self.state, at)

    def abandon(self, reason: str, at: datetime) -> None:
        if self.status in ("over", "abandoned"):
            raise GameClosed("The game has already ended.")
        result = self.rules.abandon(self.state, reason).to_json()
        self._record(self.Abandoned, {"result": result}, self.state, at)

    def reveal_seed(self, seed: bytes, at: datetime) -> None:
        if self.status not in ("over", "abandoned"):
            raise GameClosed("The seed is revealed only once the game is over.")
        if new_commitment(seed) != self.commitment:
            raise GameError("That seed does not match the game's commitment.")
        self._record(self.SeedRevealed, {"seed": seed.hex()}, self.state, at)

    # ---- internals ----

    def _check_active(self) -> None:
        if self.status == "waiting":
            raise GameClosed("The game starts when every seat is taken.")
        if self.status != "active":
            raise GameOver("The game is over.")

    def _record(self, event_class: type[Game.Event], payload: dict[str, Any], new_state: State,
                at: datetime) -> None:
        state_hash = hash_value(new_state)
        digest = event_hash(self.version + 1, event_class.type_name, payload, iso(at),
                            self.last_hash, state_hash)
        self.__dict__["_pending"] = new_state
        self.trigger_event(event_class, payload=payload, prev_hash=self.last_hash,
                           state_hash=state_hash, hash=digest, timestamp=at)


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
