"""The eventsourcing Application: the use cases of the game service.

Create a game, fork a finished one into a sandbox, take a seat, play one move or a list of
moves (all or none), resign, abandon; signed move receipts and takebacks by consent are in
``domain.audits``, a mixin of the service. After every command the service drives the game
forward by itself: it resolves chance steps with fair draws derived from the game's secret
seed, lets bot seats answer their prompts, and when the game is over records the result and
reveals the seed. Two writers on one game: the store's version check lets one win; the loser
reloads, re-validates and retries, unless the caller named the version it expected, which is
then stale.

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
from typing import TYPE_CHECKING, Any, ClassVar
from uuid import NAMESPACE_URL, UUID, uuid5

from eventsourcing.application import AggregateNotFoundError, Application, LRUCache
from eventsourcing.domain import Aggregate
from eventsourcing.domain import Snapshot as LibrarySnapshot
from eventsourcing.persistence import IntegrityError, Transcoder

from .aggregate import Game, event_record
from .audits import Audits
from .decks import Decks
from .history import FINISHED, EventRecord, Life, Status
from .kernel import (
    Chance,
    Decision,
    DrawStream,
    GameError,
    Over,
    Rules,
    State,
    ask_bot,
    bot_context,
    chance_context,
    derive_outcome,
    hash_value,
    sha256_hex,
)
from .players import Players
from .receipts import SigningKey
from .transcoder import FastJSONTranscoder

# One request drives at most this many automatic steps (chance draws and bot moves): far more
# than any hosted game needs between two human decisions (a 200-game Revolution points match
# of bots takes about 10,000). A game that runs past it is stalled and is abandoned explicitly
# (turn caps are not rules, so it is not given a winner).
MAX_AUTOMATIC_STEPS = 50_000
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


class GameNotFound(GameError):
    code = "game-not-found"


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


class SeatKeysSnapshot(LibrarySnapshot):
    TOPIC: ClassVar[str] = "gamehall:SeatKeys.Snapshot"


class SeatKeys(Aggregate):
    """The hashes of a game's seat tokens, kept apart from the game's history (never in it)."""

    TOPIC: ClassVar[str] = "gamehall:SeatKeys"

    class Event(Aggregate.Event):
        TOPIC: ClassVar[str] = "gamehall:SeatKeys.Event"

    class Created(Event, Aggregate.Created):
        TOPIC: ClassVar[str] = "gamehall:SeatKeys.Created"
        game_id: str

        def apply(self, aggregate: Any) -> None:
            aggregate.game_id = self.game_id
            aggregate.hashes = {}

    class KeyIssued(Event):
        TOPIC: ClassVar[str] = "gamehall:SeatKeys.KeyIssued"
        seat: int
        key_hash: str

        def apply(self, aggregate: Any) -> None:
            aggregate.hashes[str(self.seat)] = self.key_hash

    Snapshot = SeatKeysSnapshot

    if TYPE_CHECKING:
        hashes: dict[str, str]

    @staticmethod
    def id_for(game_id: UUID) -> UUID:
        return uuid5(NAMESPACE_URL, f"gamehall:seat-keys:{game_id}")


class Receipt(Aggregate):
    """That a request with an idempotency key was applied, and the game version it left; kept
    apart from the game's history (never exported) and saved in the same transaction as the
    moves, so a retry answers the original result after any restart or a flushed Redis. Its
    id is derived from an HMAC of the key under the master secret: the store holds no key."""

    TOPIC: ClassVar[str] = "gamehall:Receipt"

    class Event(Aggregate.Event):
        TOPIC: ClassVar[str] = "gamehall:Receipt.Event"

    class Created(Event, Aggregate.Created):
        TOPIC: ClassVar[str] = "gamehall:Receipt.Created"
        fingerprint: str
        game_version: int

        def apply(self, aggregate: Any) -> None:
            aggregate.fingerprint = self.fingerprint
            aggregate.game_version = self.game_version

    if TYPE_CHECKING:
        fingerprint: str
        game_version: int


def _named_seats(players: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The seats of a new game: a bot seat named after its bot."""
    seats = [{"name": p.get("name"), "bot": p.get("bot")} for p in players]
    for seat in seats:
        if seat["bot"] is not None and seat["name"] is None:
            seat["name"] = f"{seat['bot'].replace('_', ' ')} bot"  # "big money bot", in words
    return seats


def token_hash(token: str) -> str:
    return sha256_hex(token)


def project_game(aggregate: Any, events: Iterable[Any]) -> Any:
    """The library's ``project_aggregate`` without its per-event ``isinstance`` check against
    a runtime protocol, which cost as much as the rules when a game was rebuilt."""
    for event in events:
        aggregate = event.mutate(aggregate)
    return aggregate


class GameService(Audits, Decks, Players, Application[UUID]):
    """The use cases. Build one per process, after fork, and close it at exit."""

    name = "gamehall"
    snapshotting_intervals: ClassVar[dict[Any, int]] = {Game: SNAPSHOT_INTERVAL}
    snapshotting_projectors: ClassVar[dict[Any, Any]] = {Game: project_game}
    env: ClassVar[dict[str, str]] = {"AGGREGATE_CACHE_MAXSIZE": "1000"}

    def __init__(self, env: Mapping[str, str] | None = None, *, secret: bytes,
                 clock: Callable[[], datetime], new_token: Callable[[], str],
                 signing_key: SigningKey | None = None,
                 retired_keys: tuple[bytes, ...] = ()) -> None:
        super().__init__(env)
        self.signing_key = signing_key
        self._retired_keys = retired_keys
        self._saving = threading.local()  # .games: the games this thread's save() saves
        # The events of each game's last save here (a mover's receipts are made from them).
        self._saved_events: LRUCache[UUID, list[Any]] = LRUCache(maxsize=1000)
        self._seats_of_tokens: LRUCache[tuple[UUID, str], int] = LRUCache(maxsize=10_000)
        self._secret = secret
        self._clock = clock
        self._new_token = new_token

    def construct_transcoder(self) -> Transcoder:
        """The store's JSON written and read by orjson (``domain.transcoder``: the same stored
        form, the same objects read back), unless the environment names a transcoder."""
        if self.factory.env.get(self.factory.TRANSCODER_TOPIC):
            return super().construct_transcoder()
        transcoder = FastJSONTranscoder()
        self.register_transcodings(transcoder)
        return transcoder

    def save(self, *objs: Any, **kwargs: Any) -> Any:
        """Save, then keep a copy of each game saved in the aggregate cache. The library
        leaves a fast-forwarding cache as it was, so the next load of the game would apply
        the events just saved again (the rules and a state hash each, for states this
        command has just computed); a copy, because the caller still reads the game it
        saved while later loads may fast-forward the cached one."""
        games = {saved.id: saved for saved in objs if isinstance(saved, Game)}
        self._saving.games = games
        pending = {game_id: list(game.pending_events) for game_id, game in games.items()}
        try:
            recordings = super().save(*objs, **kwargs)
        finally:
            self._saving.games = {}
        for game_id, events in pending.items():  # what a mover's receipts are made from
            self._saved_events.put(game_id, events)
            self._snapshot_on_the_way(games[game_id], len(events))
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

    def version_of(self, game_id: UUID) -> int:
        """The game's current version, from the store's newest event alone (no aggregate is
        loaded): what a projection's version is checked against."""
        newest = self.recorder.select_events(game_id, desc=True, limit=1)
        if not newest or not newest[0].topic.startswith(GAME_TOPIC_PREFIX):
            raise GameNotFound(f"There is no game {game_id}.")
        return int(newest[0].originator_version)

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

    def seat_keys(self, game_id: UUID, copy: bool = False) -> Any:
        """The game's ``SeatKeys`` (token hashes and the seats' players)."""
        try:
            return self.repository.get(SeatKeys.id_for(game_id), deepcopy_from_cache=copy)
        except AggregateNotFoundError:
            raise GameNotFound(f"There is no game {game_id}.") from None

    def seed_of(self, game_id: UUID) -> bytes:
        """The game's secret seed: HMAC of the service's master secret over the game id, so
        revealing one game's seed tells nothing about another's."""
        return hmac.new(self._secret, f"gamehall-seed:{game_id}".encode(), hashlib.sha256).digest()

    # ---- commands ----

    def create_game(self, game: str, options: dict[str, Any] | None,
                    players: list[dict[str, Any]], game_id: UUID | None = None,
                    compute: Callable[[Callable[[], None]], None] | None = None,
                    takebacks: bool = False,
                    decks: list[UUID | None] | None = None) -> tuple[Game, dict[int, str]]:
        """A new game and the tokens of the human seats named at creation (seat -> token).
        ``game_id`` is for reproducible runs; by default a fresh UUID. ``compute`` runs the
        automatic steps up to the first human decision (all of a game of bots), where the
        caller wants that CPU-heavy part elsewhere (a bounded pool); it touches no store.
        ``takebacks``: whether seats may take back their last moves by consent. ``decks``:
        a registered deck id (or None: the ready-made deck) a seat, for a game whose players
        bring their own (``domain.decks``); the game records the decklists themselves."""
        options = self.with_decks(game, options, decks or [None] * len(players))
        seats = _named_seats(players)
        # The id is chosen first because the seed (and so its commitment) is bound to it.
        game_id = game_id or Game.create_id()
        created = Game.create(game_id, game, options, seats, self.seed_of(game_id), self._clock(),
                              takebacks)
        return self._open(created, players, compute)

    def fork_game(self, source_id: UUID, at: int, players: list[dict[str, Any]],
                  compute: Callable[[Callable[[], None]], None] | None = None,
                  takebacks: bool = False, game_id: UUID | None = None,
                  ) -> tuple[Game, dict[int, str]]:
        """A sandbox: a new game from the state of the finished game ``source_id`` after its
        event ``at``, with new seats (as in ``create_game``) and a seed of its own (``game_id``
        as in ``create_game``). Refused
        for a game not finished (its state is not public yet) and at a point where the game
        was not being played (before its seats were taken, or once the rules had ended it)."""
        source = self.get(source_id, reading=True)
        if source.status not in FINISHED:
            raise NotFinished("Only a finished game can be forked: until it is over, its "
                              "states are not public.")
        past = self._fork_point(source, at)
        origin = {"game_id": str(source_id), "seq": at, "state_hash": hash_value(past.state)}
        game_id = game_id or Game.create_id()
        forked = Game.fork(game_id, source, past.state, origin, _named_seats(players),
                           self.seed_of(game_id), self._clock(), takebacks)
        return self._open(forked, players, compute)

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

    def _open(self, game: Game, players: list[dict[str, Any]],
              compute: Callable[[Callable[[], None]], None] | None) -> tuple[Game, dict[int, str]]:
        """Issue the human seats' tokens, drive the game to its first human decision and save
        it; ``compute`` runs the automatic steps where the caller wants that CPU-heavy part
        (a bounded pool); it touches no store."""
        keys = SeatKeys._create(SeatKeys.Created, id=SeatKeys.id_for(game.id),
                                game_id=str(game.id))
        tokens = {i: self._issue(keys, i) for i, s in enumerate(players)
                  if s.get("name") is not None and s.get("bot") is None}
        self.seat_players(keys, players)  # seats taken by players (domain.players)
        advance = partial(self._advance, game)
        advance() if compute is None else compute(advance)
        self.save(game, keys)
        return game, tokens

    def join(self, game_id: UUID, seat: int, name: str,
             player: UUID | None = None) -> tuple[Game, str]:
        """Take an open seat (for ``player``, if given); answers the game and the seat's
        token."""
        def attempt() -> tuple[Game, Any, str]:
            game = self.get(game_id)
            game.take_seat(seat, name, self._clock())
            keys: Any = self.repository.get(SeatKeys.id_for(game_id))
            token = self._issue(keys, seat)
            if player is not None:
                self.seat_player(keys, seat, player)
            self._advance(game)
            return game, keys, token

        game, token = self._with_retries(attempt, expected_version=None)
        assert token is not None
        return game, token

    def play(self, game_id: UUID, seat: int, moves: list[dict[str, Any]], by: str | None = None,
             expected_version: int | None = None) -> Game:
        """Apply the moves in order, all or none, each followed by any automatic steps.
        ``by`` names the mover in the history (by default the seat's name)."""
        return self._with_retries(
            lambda: (self._played(self.get(game_id), seat, moves, by, expected_version), None,
                     None),
            expected_version)[0]

    def play_once(self, game_id: UUID, seat: int, moves: list[dict[str, Any]], by: str | None,
                  key: str, fingerprint: str,
                  expected_version: int | None = None) -> tuple[Game, bool]:
        """``play``, once per idempotency ``key`` of the seat: a repeat of the request (same
        ``fingerprint``) is not applied again and answers the game as the first one left it.
        Answers that game and whether this was a repeat."""
        receipt_id = self._receipt_id(game_id, seat, key)

        def attempt() -> tuple[Game, Any, bool]:
            # The game is read before the receipt: a twin that commits in between has its
            # receipt found here, never its move refused as out of turn.
            game = self.get(game_id)
            try:
                earlier: Any = self.repository.get(receipt_id, deepcopy_from_cache=False)
            except AggregateNotFoundError:
                game = self._played(game, seat, moves, by, expected_version)
                receipt = Receipt._create(Receipt.Created, id=receipt_id,
                                          fingerprint=fingerprint, game_version=game.version)
                return game, receipt, False
            if not hmac.compare_digest(earlier.fingerprint, fingerprint):
                raise IdempotencyKeyReused("This Idempotency-Key was used for a different "
                                           "request.")
            return self.get(game_id, version=earlier.game_version), None, True

        # A racing twin of this request loses on the store's version check and, tried again,
        # finds the receipt (so the expected version is checked inside the attempt).
        game, repeated = self._with_retries(attempt, None)
        return game, bool(repeated)

    def _played(self, game: Game, seat: int, moves: list[dict[str, Any]], by: str | None,
                expected_version: int | None) -> Game:
        """``game`` (a copy, as loaded for this command) after the moves."""
        if not moves:
            raise GameError("Send at least one move.")
        by = by if by is not None else game.seats[seat]["name"]
        if expected_version is not None and game.version != expected_version:
            raise StaleVersion(expected_version, game.version)
        for index, move in enumerate(moves):
            game.make_move(seat, move, by, self._clock())
            own_version = game.version
            self._advance(game)
            if game.version != own_version and index < len(moves) - 1:
                raise MoveListCrossesDraw(
                    f"Move {index + 1} of the list led to a random draw or another "
                    "seat's move; send the moves after it separately (nothing was "
                    "recorded).")
        return game

    def _receipt_id(self, game_id: UUID, seat: int, key: str) -> UUID:
        tag = hmac.new(self._secret, f"gamehall-request:{game_id}:{seat}:{key}".encode(),
                       hashlib.sha256).hexdigest()
        return uuid5(NAMESPACE_URL, f"gamehall:receipt:{tag}")

    def resign(self, game_id: UUID, seat: int) -> Game:
        return self._close(game_id, lambda game: game.resign(seat, self._clock()))

    def abandon(self, game_id: UUID, reason: str) -> Game:
        return self._close(game_id, lambda game: game.abandon(reason, self._clock()))

    # ---- internals ----

    def _close(self, game_id: UUID, ending: Callable[[Game], None]) -> Game:
        """End the game by ``ending`` (a resignation or abandonment) and reveal its seed."""
        def attempt() -> tuple[Game, None, None]:
            game = self.get(game_id)
            ending(game)
            self._finish(game)
            return game, None, None

        return self._with_retries(attempt, None)[0]

    def _issue(self, keys: SeatKeys, seat: int) -> str:
        token = self._new_token()
        keys.trigger_event(SeatKeys.KeyIssued, seat=seat, key_hash=token_hash(token))
        return token

    def _with_retries(self, attempt: Callable[[], tuple[Game, Any, Any]],
                      expected_version: int | None) -> tuple[Game, Any]:
        """Save what ``attempt`` answers (the game, another aggregate or None, and a value for
        the caller), trying again from a reload while other writers win the version check."""
        for _ in range(MAX_RETRIES):
            game, extra, token = attempt()
            try:
                self.save(game, *([extra] if extra is not None else []))
            except IntegrityError:
                if expected_version is not None:
                    raise StaleVersion(expected_version, self.get(game.id).version) from None
                continue
            return game, token
        raise BusyGame("The game is busy with other players' moves; try again.")

    def _advance(self, game: Game) -> None:
        """Resolve chance steps and bot prompts until a human must decide or the game is over
        (or a takeback waits for answers)."""
        if game.status != Status.ACTIVE or game.pending_takeback is not None:
            return
        seed = self.seed_of(game.id)
        named = str(game.id)  # in every draw's context: written once, not once a step
        for _ in range(MAX_AUTOMATIC_STEPS):
            step = game.step()
            if isinstance(step, Over):
                game.end(step, self._clock())
                self._finish(game)
                return
            if isinstance(step, Chance):
                context = chance_context(named, game.version + 1)
                game.resolve_chance(derive_outcome(step.spec, seed, context), self._clock(),
                                    step)
                continue
            if not self._play_bots(game, step, seed, named):
                return
        game.abandon(f"stalled: no end and no human decision after {MAX_AUTOMATIC_STEPS} "
                     "automatic steps", self._clock())
        self._finish(game)

    def _play_bots(self, game: Game, step: Decision, seed: bytes, named: str) -> bool:
        """Let the first bot seat asked answer; False when only humans are asked. ``named``:
        the game's id as draw contexts name it."""
        for prompt in step.prompts:
            bot_name = game.seats[prompt.seat]["bot"]
            if bot_name is None:
                continue
            stream = DrawStream(seed, bot_context(named, game.version + 1))
            move = ask_bot(game.rules, game.rules.bots[bot_name], game.state, prompt,
                           stream.below)
            game.make_move(prompt.seat, move, game.seats[prompt.seat]["name"], self._clock(),
                           step)
            return True
        return False

    def _finish(self, game: Game) -> None:
        game.reveal_seed(self.seed_of(game.id), self._clock())
