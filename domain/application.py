"""The eventsourcing Application: the use cases of the game service.

Create a game, fork a finished one into a sandbox, take a seat, play one move or a list of
moves (all or none), resign, abandon, take back by consent. A caller gives ``run`` a command
(``domain.commands``), which the service carries out as one unit of work: load the game,
decide, save in one transaction, write the read models (a ``ReadModels`` it is given), sign
the mover's receipts (``domain.audits``), and answer one ``Outcome``. After every command the
service drives the game forward by itself: it resolves chance steps with fair draws derived
from the game's secret seed, lets bot seats answer their prompts, and when the game is over
records the result and reveals the seed. Two writers on one game: the store's version check
lets one win; the loser reloads, re-validates and retries, unless the caller named the version
it expected, which is then stale.

Storage is chosen by environment (eventsourcing's ``PERSISTENCE_MODULE``; in memory by default).
The clock and the master secret are given by the entrypoint, so this module draws nothing.
"""

from __future__ import annotations

import copy
import hashlib
import hmac
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping
from datetime import datetime
from functools import partial
from typing import Any, ClassVar, Protocol
from uuid import NAMESPACE_URL, UUID, uuid5

from eventsourcing.application import (
    AggregateNotFoundError,
    Application,
    LRUCache,
    ProcessingEvent,
)
from eventsourcing.domain import BaseAggregate
from eventsourcing.persistence import (
    ApplicationRecorder,
    EventStore,
    IntegrityError,
    Mapper,
    Transcoder,
)
from eventsourcing.popo import POPOApplicationRecorder

from . import group_commit, postgres_store, sqlite_reads
from .aggregate import Game, GameNotFound, event_record
from .audits import Receipts, Takebacks
from .bookkeeping import Receipt, SeatKeys, token_hash
from .caches import DEFAULT_BUDGET_MB, ByteBoundedCache
from .commands import (
    Abandon,
    AnswerTakeback,
    AskTakeback,
    Change,
    Command,
    CreateGame,
    ForkGame,
    Idempotency,
    Outcome,
    PlayMoves,
    Resign,
    SetPreferences,
    TakeSeat,
    TimeOut,
)
from .deck_library import DeckLibrary
from .driver import BotFailed, advance, time_out, unheard
from .event_store import GameEventStore, GameMapper, MemoryRecorder
from .history import FINISHED, EventRecord, Life, Status
from .kernel import (
    GameError,
    Over,
    Rules,
    State,
    bot_seat_name,
    hash_value,
)
from .players import Players
from .receipts import SigningKey
from .transcoder import FastJSONTranscoder

MAX_RETRIES = 8
# Snapshots: a past version (a follower that starts cold, a fork point, a past view) is
# rebuilt from the nearest snapshot before it, each event after it a rules step and a state
# hash. Every SNAPSHOT_INTERVAL events (the library's rule), and on the way of a game played
# move by move also every SHORT_INTERVAL: a save of fewer events than that which crosses a
# multiple of it leaves a snapshot of the game in hand (no rebuild; one more insert), so a
# cold follower of a long game replays a few dozen events at most. Saves of many events
# (bots playing a whole game at once) keep to the library's rule, as they would pay an
# insert for snapshots nobody follows.
SNAPSHOT_INTERVAL = 100
SHORT_INTERVAL = 20
GAME_TOPIC_PREFIX = "gamehall:Game."


class StaleVersion(GameError):
    code = "stale-version"

    def __init__(self, expected: int, current: int) -> None:
        super().__init__(f"The game is at version {current}, not {expected}: reload and retry.",
                         expected=expected, current=current)
        self.current = current


class MoveListCrossesDraw(GameError):
    """A list of moves may not run past a random draw or another seat's move: otherwise a
    refused list (nothing recorded) would tell the player what the draw was."""

    code = "move-list-crosses-draw"


class NotFinished(GameError):
    code = "game-not-finished"


class BadForkPoint(GameError):
    code = "bad-fork-point"


class BusyGame(GameError):
    code = "busy"


class IdempotencyKeyReused(GameError):
    code = "idempotency-key-reused"


def _named_seats(players: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The seats of a new game: a bot seat named after its bot."""
    seats = [{"name": p.get("name"), "bot": p.get("bot")} for p in players]
    for seat in seats:
        if seat["bot"] is not None and seat["name"] is None:
            seat["name"] = bot_seat_name(seat["bot"])
    return seats


def project_game(aggregate: Any, events: Iterable[Any]) -> Any:
    """The library's ``project_aggregate`` without its per-event ``isinstance`` check against
    a runtime protocol, which cost as much as the rules when a game was rebuilt."""
    for event in events:
        aggregate = event.mutate(aggregate)
    return aggregate


class SeatNotFound(GameError):
    code = "seat-not-found"


class ReadModels(Protocol):
    """Where the service writes what readers read (the web layer's Redis views,
    ``projections.Projector``); the service writes them in each command's unit of work."""

    def record(self, game: Game, meanwhile: Callable[[], None] | None = None,
               ) -> Mapping[str, Any]:
        """Write the views of ``game``, just saved; answer them (field name to document).
        ``meanwhile``: the caller's own work, run while the write is under way (before it
        is known to be done, so nothing another reader could see)."""

    def recorded(self, game: Game) -> Mapping[str, Any]:
        """The views of ``game``, an earlier version of a game (a repeated request's), once
        the game's current views are known to be written."""


class NoReadModels:
    """A service without read models (the command line, the domain's tests)."""

    def record(self, game: Game, meanwhile: Callable[[], None] | None = None,
               ) -> Mapping[str, Any]:
        if meanwhile is not None:
            meanwhile()
        return {}

    def recorded(self, game: Game) -> Mapping[str, Any]:
        return {}


class GameService(Application[UUID]):
    """The use cases. Build one per process, after fork, and close it at exit. Its
    collaborators: ``receipts`` (signed move receipts), ``takebacks`` (their decisions),
    ``decks`` (players' own decks), ``players`` (players, their seats and webhooks) and
    ``read_models`` (given by the web layer)."""

    name = "gamehall"
    snapshotting_intervals: ClassVar[dict[Any, int]] = {Game: SNAPSHOT_INTERVAL}
    snapshotting_projectors: ClassVar[dict[Any, Any]] = {Game: project_game}
    env: ClassVar[dict[str, str]] = {"AGGREGATE_CACHE_MAXSIZE": "1000"}

    def __init__(self, env: Mapping[str, str] | None = None, *, secret: bytes,
                 clock: Callable[[], datetime], new_token: Callable[[], str],
                 signing_key: SigningKey | None = None,
                 retired_keys: tuple[bytes, ...] = ()) -> None:
        super().__init__(env)
        # The library's cache bounded by a count (AGGREGATE_CACHE_MAXSIZE > 0) is bounded by
        # bytes instead; unset, none, and 0 or less, the library's unbounded one.
        if isinstance(self.repository.cache, LRUCache):
            megabytes = float(self.env.get("AGGREGATE_CACHE_MB", str(DEFAULT_BUDGET_MB)))
            self.repository.cache = ByteBoundedCache(int(megabytes * 1e6))
        self._saving = threading.local()  # .games: the games this thread's save() saves
        self._seats_of_tokens: LRUCache[tuple[UUID, str], int] = LRUCache(maxsize=10_000)
        self._secret = secret
        self._clock = clock
        self._new_token = new_token
        events = self.repository.event_store
        self.receipts = Receipts(events, self.seed_of, signing_key, retired_keys)
        self.takebacks = Takebacks(events, self._state_after)
        self.decks = DeckLibrary(self.repository, self.save, clock)
        self.players = Players(self.repository, self.recorder, self.save, self.get, secret,
                               clock, new_token)
        self.read_models: ReadModels = NoReadModels()
        # Told of each bot that could not answer and was stood in for (``driver._bot_answers``):
        # the server logs it for its operator, the command line prints it.
        self.bot_failed: BotFailed = unheard
        # Concurrent saves share a transaction and its commit (SQLite; None otherwise), and
        # reads go without the library's pool; on PostgreSQL, reads and saves are the
        # service's own prepared statements (no NOTIFY). A save's rows are numbered only for
        # an event store that makes recordings of them.
        recorders = [self.recorder, *([self.snapshots.recorder] if self.snapshots else [])]
        numbered = not isinstance(self.events, GameEventStore) or self.events.recordings
        self.group_commit = group_commit.install(recorders, numbered=numbered)
        self._event_reads = sqlite_reads.install(recorders)
        self._checks = postgres_store.install(recorders)  # version checks asked together

    def close(self) -> None:
        if self.group_commit is not None:
            self.group_commit.close()
        for reads in self._event_reads:
            reads.close()
        super().close()

    def construct_transcoder(self) -> Transcoder:
        """The store's JSON written and read by orjson (``domain.transcoder``: the same stored
        form, the same objects read back), unless the environment names a transcoder."""
        if self.factory.env.get(self.factory.TRANSCODER_TOPIC):
            return super().construct_transcoder()
        transcoder = FastJSONTranscoder()
        self.register_transcodings(transcoder)
        return transcoder

    def construct_mapper(self) -> Mapper[UUID]:
        """The library's mapper, or, when it is the library's own class, ``GameMapper``
        (``domain.event_store``: the same stored bytes, in fewer steps an event)."""
        mapper = super().construct_mapper()
        if type(mapper) is not Mapper:
            return mapper
        return GameMapper(mapper.transcoder, mapper.compressor, mapper.cipher)

    def construct_recorder(self) -> ApplicationRecorder:
        """The library's recorder; in memory, ``MemoryRecorder`` (``domain.event_store``)."""
        recorder = super().construct_recorder()
        return MemoryRecorder() if type(recorder) is POPOApplicationRecorder else recorder

    def construct_event_store(self) -> EventStore[UUID]:
        """The library's event store, its recordings made cheaper (``domain.event_store``),
        and made at all only when this class reads them (its own ``_notify``): the library's
        ``_notify`` does nothing, and nothing here reads what ``save`` answers."""
        wanted = type(self)._notify is not Application._notify
        return GameEventStore(self.mapper, self.recorder, recordings=wanted)

    def save(self, *objs: Any, **kwargs: Any) -> Any:
        """Save, then keep a copy of each game saved in the aggregate cache. The library
        leaves a fast-forwarding cache as it was, so the next load of the game would apply
        the events just saved again (the rules and a state hash each, for states this
        command has just computed); a copy, because the caller still reads the game it
        saved while later loads may fast-forward the cached one."""
        games = {saved.id: saved for saved in objs if isinstance(saved, Game)}
        self._saving.games = games
        counts = {game_id: len(game.pending_events) for game_id, game in games.items()}
        try:
            recordings = self._save_aggregates(objs, kwargs)
        finally:
            self._saving.games = {}
        for game_id, count in counts.items():
            self._snapshot_on_the_way(games[game_id], count)
        cache = self.repository.cache
        for saved in objs:
            if cache is not None and isinstance(saved, Game):
                try:
                    newer = cache.get(saved.id).version >= saved.version
                except KeyError:
                    newer = False
                if not newer:
                    cache.put(saved.id, copy.deepcopy(saved))
        return recordings

    def _save_aggregates(self, objs: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
        """The library's ``save`` for aggregates, without its checks of each one against two
        runtime protocols (about 30 us a save, a few percent of a move's request)."""
        if not all(isinstance(obj, BaseAggregate) for obj in objs):
            return super().save(*objs, **kwargs)
        processing = ProcessingEvent[UUID]()
        for aggregate in objs:
            processing.events.extend(aggregate.collect_events())
            processing.aggregates[aggregate.id] = aggregate
        processing.saved_kwargs.update(kwargs)
        recordings = self._record(processing)
        self._take_snapshots(processing)
        self._notify(recordings)
        self.notify(processing.events)
        return recordings

    def _take_snapshots(self, processing_event: ProcessingEvent[UUID]) -> None:
        """The library's, shown only the events at a version the snapshot interval divides
        (the only ones it snapshots at): it looks every event's aggregate up by its UUID,
        whose hash is a Python call, about 90 times a bot game's save for one snapshot at
        most."""
        intervals = set(self.snapshotting_intervals.values())
        if self.snapshots is None or len(intervals) != 1:
            super()._take_snapshots(processing_event)
            return
        (interval,) = intervals
        due = [event for event in processing_event.events
               if event.originator_version % interval == 0]
        if due:
            narrowed = ProcessingEvent[UUID](processing_event.tracking)
            narrowed.events, narrowed.aggregates = due, processing_event.aggregates
            super()._take_snapshots(narrowed)

    def _snapshot_on_the_way(self, game: Game, saved: int) -> None:
        """A snapshot of ``game`` (in hand, just saved with ``saved`` events) where a short
        save crossed a multiple of SHORT_INTERVAL the library's rule does not snapshot."""
        before = game.version - saved
        if (self.snapshots is not None and saved < SHORT_INTERVAL
                and before // SHORT_INTERVAL < game.version // SHORT_INTERVAL
                and before // SNAPSHOT_INTERVAL == game.version // SNAPSHOT_INTERVAL):
            self.snapshots.put([Game.Snapshot.take(game)])

    def take_snapshot(self, aggregate_id: UUID, version: int | None = None,
                      projector_func: Any = project_game) -> None:
        """Snapshot the game being saved when it is at ``version`` (the library would rebuild
        it from the store); any other aggregate or version the library's way."""
        saving = getattr(self._saving, "games", {}).get(aggregate_id)
        if saving is None or saving.version != version or self.snapshots is None:
            super().take_snapshot(aggregate_id, version, projector_func)
            return
        self.snapshots.put([Game.Snapshot.take(saving)])

    # ---- queries ----

    def get(self, game_id: UUID, version: int | None = None, reading: bool = False) -> Game:
        """The game (at ``version``). ``reading``: the cached game itself, not a copy, for a
        caller that only reads it (a command changes its copy, so a refused one leaves the
        cache as it was)."""
        try:
            game: Any = self.repository.get(game_id, version=version,
                                            deepcopy_from_cache=not reading,
                                            projector_func=project_game)
        except AggregateNotFoundError:
            raise GameNotFound(f"There is no game {game_id}.") from None
        if not isinstance(game, Game):
            raise GameNotFound(f"There is no game {game_id}.")
        return game

    def state_after(self, game_id: UUID, version: int) -> tuple[Rules, State, Life]:
        """The game's rules, and its rules state and life after event ``version``: kept by
        the game in hand for its latest events (no rebuild), else rebuilt from the nearest
        snapshot before that version."""
        game = self.get(game_id, reading=True)
        kept = game.recent(version)
        if kept is None:
            game = self.get(game_id, version=version)
            kept = game.state, game.life
        return game.rules, *kept

    def deadline_of(self, game_id: UUID, seat: int) -> tuple[datetime, datetime] | None:
        """Since when the seat's running decision runs, and its deadline (None: the seat is
        not on a clock now): what an inbox shows and warns of."""
        game = self.get(game_id, reading=True)
        due = game.deadline(seat)
        if due is None:
            return None
        return datetime.fromisoformat(game.life["timing"]["since"][str(seat)]), due

    def _state_after(self, game_id: UUID, version: int) -> State:
        return self.get(game_id, version=version, reading=True).state

    def version_of(self, game_id: UUID) -> int:
        """The game's current version, from the store's newest event alone (no aggregate is
        loaded): what a projection's version is checked against."""
        newest = self._newest_event(game_id)
        if newest is None or not newest[1].startswith(GAME_TOPIC_PREFIX):
            raise GameNotFound(f"There is no game {game_id}.")
        return newest[0]

    def _newest_event(self, game_id: UUID) -> tuple[int, str] | None:
        """The version and topic of the game's newest stored event (None: there is none)."""
        if self._checks is not None:
            return self._checks.newest(game_id)
        newest = self.recorder.select_events(game_id, desc=True, limit=1)
        return (newest[0].originator_version, newest[0].topic) if newest else None

    def game_ids(self, batch: int = 1000) -> Iterator[UUID]:
        """Every stored game's id, oldest first (from the store's notification log)."""
        start = 1
        while True:
            notes = self.recorder.select_notifications(start, batch, topics=[
                Game.Created.TOPIC, Game.Forked.TOPIC])
            yield from (UUID(str(note.originator_id)) for note in notes)
            if len(notes) < batch:
                return
            start = notes[-1].id + 1

    def records_after(self, game_id: UUID, after: int) -> list[EventRecord]:
        """The game's records after event ``after`` (what a follower has not seen yet)."""
        events = self.repository.event_store.get(game_id, gt=after)
        return [event_record(event) for event in events]  # type: ignore[arg-type]

    def history(self, game_id: UUID) -> list[Game.Event]:
        """Every recorded event of the game, oldest first."""
        self.version_of(game_id)  # GameNotFound, without loading the game
        return list(self.repository.event_store.get(game_id))  # type: ignore[arg-type]

    def records(self, game_id: UUID) -> list[EventRecord]:
        """The game's history as plain records, the form replays and the API work with."""
        return [event_record(event) for event in self.history(game_id)]

    def known_seat(self, game_id: UUID, token: str) -> int | None:
        """The seat of a token found before in this process (None: not seen, or no seat)."""
        try:  # a token, once issued, belongs to its seat for good: found ones are remembered
            return self._seats_of_tokens.get((game_id, token_hash(token)))
        except KeyError:
            return None

    def seat_of_token(self, game_id: UUID, token: str) -> int | None:
        known = self.known_seat(game_id, token)
        if known is not None:
            return known
        wanted = token_hash(token)
        try:
            keys: Any = self.repository.get(SeatKeys.id_for(game_id), deepcopy_from_cache=False)
        except AggregateNotFoundError:
            return None
        for seat, digest in keys.hashes.items():
            if hmac.compare_digest(digest, wanted):
                self._seats_of_tokens.put((game_id, wanted), int(seat))
                return int(seat)
        return None

    def seed_of(self, game_id: UUID) -> bytes:
        """The game's secret seed: HMAC of the service's master secret over the game id, so
        revealing one game's seed tells nothing about another's."""
        return hmac.new(self._secret, f"gamehall-seed:{game_id}".encode(), hashlib.sha256).digest()

    # ---- the unit of work ----

    def run(self, command: Command, compute: Callable[[Callable[[], None]], None] | None = None,
            ) -> Outcome:
        """Carry out ``command`` as one unit of work: load the game, decide, save what changed
        in one transaction (from a reload again while other writers win the store's version
        check, unless the command named the version it expected, which is then stale), write
        the read models, sign the mover's receipts. A move is first decided on the game as
        cached, without asking the store for newer events (``_cached_game`` says why);
        refused there, or its save refused, it is decided again on the game loaded up to
        date. ``compute`` runs a new game's automatic steps where the caller wants that
        CPU-heavy part (a bounded pool); it touches no store."""
        decide = partial(self._decide, command, compute)
        expected = command.expected_version if isinstance(command, PlayMoves) else None
        cached = self._cached_game(command)
        for _ in range(MAX_RETRIES):
            try:
                change = decide(cached)
            except GameError:
                if cached is None:
                    raise
                cached = None  # refused on a game that may be stale: decide on the latest
                continue
            events = tuple(change.game.pending_events)
            if not change.repeated:
                try:
                    self.save(change.game, *change.also)
                except IntegrityError:
                    if not change.retry:
                        raise
                    # Decided on the cached copy, the copy may be what was stale, not the
                    # version the caller expected: decided again, ``_played`` tells which.
                    if expected is not None and cached is None:
                        raise StaleVersion(expected, self.get(change.game.id).version) from None
                    cached = None
                    continue
            return self._outcome(command, change, events)
        raise BusyGame("The game is busy with other players' moves; try again.")

    def _cached_game(self, command: Command) -> Game | None:
        """For a move, a copy of its game as this process's cache holds it, NOT brought up to
        date from the store (None: not a move, or not cached; it is loaded as usual).

        A move is decided on that copy first, optimistically: bringing the cached game up to
        date costs a read of the store's newer events before every move (a round trip of
        100-250 us a worker on PostgreSQL), to catch what another host wrote, which is rare.
        The store's own version check catches it instead: a save at a version already stored
        is refused (the events table's key on the game and its version; and an idempotency
        record's, whose id is its key's), and nothing of that save is kept. So a save that
        lands was decided on the latest game, exactly as a reload would have decided it; a
        refused save, or a move refused on the copy (stale, it may say "not your turn"), is
        decided again as before, on the game loaded up to date. A move is never applied
        twice: only one save can take the game's next version."""
        cache = self.repository.cache
        if not isinstance(command, PlayMoves) or cache is None:
            return None
        try:
            game = cache.get(command.game_id)
        except KeyError:
            return None
        return copy.deepcopy(game) if isinstance(game, Game) else None

    def _outcome(self, command: Command, change: Change, events: tuple[Any, ...]) -> Outcome:
        """What the unit of work answers, once ``change`` is saved: the read models written
        and, for moves, the mover's receipts (made from the events just saved, and signed
        while the views are being written)."""
        game = change.game
        receipts: list[dict[str, Any]] = []

        def sign() -> None:
            if isinstance(command, PlayMoves):
                receipts.extend(self.receipts.of_moves(
                    game, command.seat, len(command.moves),
                    [event_record(event) for event in events]))
        if change.repeated:
            views = self.read_models.recorded(game)
            sign()
        elif events:
            views = self.read_models.record(game, sign)
        else:  # nothing was due (a deadline another host fired first): nothing to write
            views = {}
            sign()
        return Outcome(game, views, change.tokens, tuple(receipts), events, change.repeated)

    def _decide(self, command: Command, compute: Callable[[Callable[[], None]], None] | None,
                cached: Game | None = None) -> Change:
        """The change ``command`` makes, on the game as loaded now, or for a move on the
        ``cached`` copy given (``_cached_game``); nothing saved yet."""
        match command:
            case PlayMoves(idempotency=None):
                game = self.get(command.game_id) if cached is None else cached
                return Change(self._played(game, command))
            case PlayMoves():
                return self._played_once(command, cached)
            case CreateGame():
                return self._created(command, compute)
            case ForkGame():
                return self._forked(command, compute)
            case TakeSeat():
                return self._seat_taken(command)
            case Resign() | Abandon():
                return Change(self._closed(command))
            case AskTakeback() | AnswerTakeback():
                return Change(self._taken_back(command))
            case SetPreferences():
                game = self.get(command.game_id)
                game.set_preferences(command.seat, list(command.skip), self._clock())
                self._advance(game)
                return Change(game)
            case TimeOut():
                game = self.get(command.game_id)
                time_out(game, self.seed_of(game.id), self._clock(), self.bot_failed)
                return Change(game)

    # ---- deciding each command ----

    def _played(self, game: Game, command: PlayMoves) -> Game:
        """``game`` (a copy, as loaded for this command) after the moves."""
        if not command.moves:
            raise GameError("Send at least one move.")
        seat = command.seat
        by = command.by if command.by is not None else game.seats[seat]["name"]
        if command.expected_version is not None and game.version != command.expected_version:
            raise StaleVersion(command.expected_version, game.version)
        for index, move in enumerate(command.moves):
            game.make_move(seat, dict(move), by, self._clock())
            own_version = game.version
            self._advance(game)
            if game.version != own_version and index < len(command.moves) - 1:
                raise MoveListCrossesDraw(
                    f"Move {index + 1} of the list led to a random draw or another "
                    "seat's move; send the moves after it separately (nothing was "
                    "recorded).")
        return game

    def _played_once(self, command: PlayMoves, cached: Game | None = None) -> Change:
        """The moves, once per idempotency key of the seat: a repeat of the request (same
        fingerprint) is not applied again and answers the game as the first one left it,
        from the event store (whatever became of the read models meanwhile). A racing twin
        of the request loses on the store's version check and, tried again, finds the
        idempotency record saved with the twin's moves. On a ``cached`` game the record is
        not looked for either: the new one's save is refused where there is one (its id is
        the key's), and the request is decided again, the record looked for."""
        assert command.idempotency is not None
        receipt_id = self._receipt_id(command.game_id, command.seat, command.idempotency)
        if cached is not None:
            return self._recorded_once(self._played(cached, command), receipt_id,
                                       command.idempotency)
        # The game is read before the record: a twin that commits in between has its
        # record found here, never its move refused as out of turn.
        game = self.get(command.game_id)
        try:
            earlier: Any = self.repository.get(receipt_id, deepcopy_from_cache=False)
        except AggregateNotFoundError:
            return self._recorded_once(self._played(game, command), receipt_id,
                                       command.idempotency)
        if not hmac.compare_digest(earlier.fingerprint, command.idempotency.fingerprint):
            raise IdempotencyKeyReused("This Idempotency-Key was used for a different request.")
        return Change(self.get(command.game_id, version=earlier.game_version), repeated=True)

    @staticmethod
    def _recorded_once(game: Game, receipt_id: UUID, idempotency: Idempotency) -> Change:
        """``game`` after the moves, saved with the record of the request's key."""
        record = Receipt._create(Receipt.Created, id=receipt_id,
                                 fingerprint=idempotency.fingerprint, game_version=game.version)
        return Change(game, (record,))

    def _receipt_id(self, game_id: UUID, seat: int, idempotency: Idempotency) -> UUID:
        tag = hmac.new(self._secret,
                       f"gamehall-request:{game_id}:{seat}:{idempotency.key}".encode(),
                       hashlib.sha256).hexdigest()
        return uuid5(NAMESPACE_URL, f"gamehall:receipt:{tag}")

    def _created(self, command: CreateGame,
                 compute: Callable[[Callable[[], None]], None] | None) -> Change:
        """The game and its human seats' tokens. The id is chosen first because the seed (and
        so its commitment) is bound to it."""
        players = [dict(player) for player in command.players]
        if command.rematch_of is not None:  # the finished game's options, its decklists too
            options = dict(command.options or {})
        else:
            options = self.decks.with_decks(command.game, command.options,
                                            list(command.decks or [None] * len(players)))
        game_id = command.game_id or Game.create_id()
        seed = self.seed_of(game_id)
        if command.position is not None:
            created = Game.from_position(game_id, command.game, options, dict(command.position),
                                         _named_seats(players), seed, self._clock(),
                                         command.takebacks, command.clock)
        else:
            created = Game.create(game_id, command.game, options, _named_seats(players), seed,
                                  self._clock(), command.takebacks, command.clock)
        change = self._opened(created, players, seed, compute)
        self.players.mark(change.also[0], command.listed, command.rematch_of)
        return change

    def _forked(self, command: ForkGame,
                compute: Callable[[Callable[[], None]], None] | None) -> Change:
        """A sandbox from the state of a finished game after event ``at``, with new seats and
        a seed of its own. Refused for a game not finished (its state is not public yet) and
        at a point where the game was not being played (before its seats were taken, or once
        the rules had ended it)."""
        source = self.get(command.source_id, reading=True)
        if source.status not in FINISHED:
            raise NotFinished("Only a finished game can be forked: until it is over, its "
                              "states are not public.")
        past = self._fork_point(source, command.at)
        origin = {"game_id": str(source.id), "seq": command.at,
                  "state_hash": hash_value(past.state)}
        players = [dict(player) for player in command.players] or [
            {"name": f"seat {seat}"} for seat in range(len(source.seats))]
        game_id = command.game_id or Game.create_id()
        seed = self.seed_of(game_id)
        forked = Game.fork(game_id, source, past.state, origin, _named_seats(players), seed,
                           self._clock(), command.takebacks, command.clock)
        return self._opened(forked, players, seed, compute)

    def _fork_point(self, source: Game, at: int) -> Game:
        """The source game after event ``at``, if the game was being played there."""
        if at >= source.version:
            raise BadForkPoint(f"The game has {source.version} events: fork it after event 1 "
                               f"to {source.version - 1}, while it was being played.")
        past = self.get(source.id, version=at, reading=True)
        if past.status != Status.ACTIVE or isinstance(past.step(), Over):
            raise BadForkPoint(f"After event {at} the game was {past.status}"
                               f"{', its end decided' if past.status == Status.ACTIVE else ''}: "
                               "fork it at a point where it was being played.")
        return past

    def _opened(self, game: Game, players: list[dict[str, Any]], seed: bytes,
                compute: Callable[[Callable[[], None]], None] | None) -> Change:
        """A new game with its human seats' tokens issued, driven to its first human
        decision (by ``compute``, where given); ``seed``: its seed, derived already."""
        keys = SeatKeys._create(SeatKeys.Created, id=SeatKeys.id_for(game.id),
                                game_id=str(game.id))
        tokens = {i: self._issue(keys, i) for i, s in enumerate(players)
                  if s.get("name") is not None and s.get("bot") is None}
        self.players.seat_all(keys, players)
        driven = partial(advance, game, seed, self._clock, self.bot_failed)
        driven() if compute is None else compute(driven)
        return Change(game, (keys,), tokens, retry=False)

    def _seat_taken(self, command: TakeSeat) -> Change:
        game = self.get(command.game_id)
        if not 0 <= command.seat < len(game.seats):
            raise SeatNotFound(f"This game has no seat {command.seat}.")
        game.take_seat(command.seat, command.name, self._clock())
        keys: Any = self.repository.get(SeatKeys.id_for(command.game_id))
        token = self._issue(keys, command.seat)
        if command.player is not None:
            self.players.seat(keys, command.seat, command.player)
        self._advance(game)
        return Change(game, (keys,), {command.seat: token})

    def _closed(self, command: Resign | Abandon) -> Game:
        """The game ended by a resignation or abandonment, its seed revealed."""
        game = self.get(command.game_id)
        if isinstance(command, Resign):
            game.resign(command.seat, self._clock())
        else:
            game.abandon(command.reason, self._clock())
        self._finish(game)
        return game

    def _taken_back(self, command: AskTakeback | AnswerTakeback) -> Game:
        """The takeback asked or answered; once every other seat has accepted, the game goes
        back and plays on."""
        game = self.get(command.game_id)
        if isinstance(command, AskTakeback):
            self.takebacks.ask(game, command.seat, command.moves, self._clock())
        else:
            game.answer_takeback(command.seat, command.accepted, self._clock())
        if self.takebacks.settle(game, self._clock()):
            self._advance(game)
        return game

    def _issue(self, keys: SeatKeys, seat: int) -> str:
        token = self._new_token()
        keys.trigger_event(SeatKeys.KeyIssued, seat=seat, key_hash=token_hash(token))
        return token

    def _advance(self, game: Game) -> None:
        advance(game, self.seed_of(game.id), self._clock, self.bot_failed)

    def _finish(self, game: Game) -> None:
        game.reveal_seed(self.seed_of(game.id), self._clock())

    # ---- shorthand for scripts and tests: one command each, answering its game ----

    def create_game(self, game: str, options: dict[str, Any] | None,
                    players: list[dict[str, Any]], game_id: UUID | None = None,
                    compute: Callable[[Callable[[], None]], None] | None = None,
                    takebacks: bool = False, decks: list[UUID | None] | None = None,
                    clock: dict[str, Any] | None = None) -> tuple[Game, dict[int, str]]:
        """A new game and the tokens of the human seats named at creation (seat -> token)."""
        outcome = self.run(CreateGame(game, options, tuple(players), takebacks,
                                      None if decks is None else tuple(decks), game_id, clock),
                           compute)
        return outcome.game, dict(outcome.tokens)

    def fork_game(self, source_id: UUID, at: int, players: list[dict[str, Any]],
                  compute: Callable[[Callable[[], None]], None] | None = None,
                  takebacks: bool = False, game_id: UUID | None = None,
                  ) -> tuple[Game, dict[int, str]]:
        outcome = self.run(ForkGame(source_id, at, tuple(players), takebacks, game_id), compute)
        return outcome.game, dict(outcome.tokens)

    def join(self, game_id: UUID, seat: int, name: str,
             player: UUID | None = None) -> tuple[Game, str]:
        outcome = self.run(TakeSeat(game_id, seat, name, player))
        return outcome.game, outcome.tokens[seat]

    def play(self, game_id: UUID, seat: int, moves: list[dict[str, Any]], by: str | None = None,
             expected_version: int | None = None) -> Game:
        return self.run(PlayMoves(game_id, seat, tuple(moves), by, expected_version)).game

    def play_once(self, game_id: UUID, seat: int, moves: list[dict[str, Any]], by: str | None,
                  key: str, fingerprint: str,
                  expected_version: int | None = None) -> tuple[Game, bool]:
        outcome = self.run(PlayMoves(game_id, seat, tuple(moves), by, expected_version,
                                     Idempotency(key, fingerprint)))
        return outcome.game, outcome.repeated

    def resign(self, game_id: UUID, seat: int) -> Game:
        return self.run(Resign(game_id, seat)).game

    def abandon(self, game_id: UUID, reason: str) -> Game:
        return self.run(Abandon(game_id, reason)).game

    def ask_takeback(self, game_id: UUID, seat: int, moves: int) -> Game:
        return self.run(AskTakeback(game_id, seat, moves)).game

    def answer_takeback(self, game_id: UUID, seat: int, accepted: bool) -> Game:
        return self.run(AnswerTakeback(game_id, seat, accepted)).game

    def set_preferences(self, game_id: UUID, seat: int, skip: list[str]) -> Game:
        return self.run(SetPreferences(game_id, seat, tuple(skip))).game
