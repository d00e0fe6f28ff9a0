"""The audit use cases of the game service: signed move receipts and takebacks by consent.

A mixin of ``GameService`` (``domain.application``), which provides the store, the clock, the
retries and the automatic steps these use; kept apart so each module stays one concern.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING, Any
from uuid import UUID

from eventsourcing.application import LRUCache, Repository

from .aggregate import Game, event_record
from .history import EventRecord, EventType
from .receipts import SigningKey, public_key_entry, receipt_for


class Audits:
    """Receipts for moves and takebacks by consent, on top of the service's use cases."""

    if TYPE_CHECKING:  # provided by GameService
        signing_key: SigningKey | None
        _retired_keys: tuple[bytes, ...]
        _saved_events: LRUCache[UUID, list[Any]]
        _clock: Callable[[], datetime]
        repository: Repository[UUID]

        def get(self, game_id: UUID, version: int | None = None,
                reading: bool = False) -> Game: ...

        def records(self, game_id: UUID) -> list[EventRecord]: ...

        def records_after(self, game_id: UUID, after: int) -> list[EventRecord]: ...

        def seed_of(self, game_id: UUID) -> bytes: ...

        def _with_retries(self, attempt: Callable[[], tuple[Game, Any, Any]],
                          expected_version: int | None) -> tuple[Game, Any]: ...

        def _advance(self, game: Game) -> None: ...

    # ---- signed move receipts ----

    def receipt_keys(self) -> list[dict[str, str]]:
        """The public keys receipts are signed with: the current one, then retired ones (still
        listed, so receipts issued before a rotation keep verifying)."""
        current = [] if self.signing_key is None else [
            public_key_entry(self.signing_key.public_key, "current")]
        return current + [public_key_entry(key, "retired") for key in self._retired_keys]

    def move_receipts(self, game: Game, seat: int, count: int) -> list[dict[str, Any]]:
        """Signed receipts of the seat's last ``count`` moves up to ``game``'s version: the moves
        of the request that left the game there (a request's moves come one after another, and
        only bots and draws follow them), so a repeated request answers the same receipts.
        None are given by a service without a signing key."""
        saved = self._records_saved_with(game)
        found = [record for record in reversed(saved)
                 if record["type"] == EventType.MOVE_MADE and record["seat"] == seat]
        newest = game.version - len(saved)  # the store is read below those, if need be
        page_size = count + 3  # the request's moves are among the last events: read few first
        while len(found) < count and newest > 0:  # newest first, a page at a time
            page = list(self.repository.event_store.get(game.id, lte=newest, desc=True,
                                                        limit=page_size))
            page_size = 64
            found += [record for record in map(event_record, page)  # type: ignore[arg-type]
                      if record["type"] == EventType.MOVE_MADE and record["seat"] == seat]
            newest = newest - len(page) if page else 0
        return self._receipts(game.id, found[:count][::-1])

    def _records_saved_with(self, game: Game) -> list[EventRecord]:
        """The records this process saved last for the game, if that save left it at
        ``game``'s version (a request's own moves: no need to read them back); else none."""
        try:
            events = self._saved_events.get(game.id)
        except KeyError:
            return []
        if not events or events[-1].originator_version != game.version:
            return []
        return [event_record(event) for event in events]

    def seat_receipts(self, game_id: UUID, seat: int) -> list[dict[str, Any]]:
        """The receipts of every move of the seat (the same bytes as those given at play time:
        Ed25519 signatures are deterministic)."""
        return self._receipts(game_id, [r for r in self.records(game_id)
                                        if r["type"] == EventType.MOVE_MADE
                                        and r["seat"] == seat])

    def _receipts(self, game_id: UUID, moves: list[EventRecord]) -> list[dict[str, Any]]:
        if self.signing_key is None:
            return []
        seed = self.seed_of(game_id)
        return [receipt_for(record, seed, self.signing_key) for record in moves]

    # ---- takebacks by consent ----

    def ask_takeback(self, game_id: UUID, seat: int, moves: int) -> Game:
        """The seat asks to take back its last ``moves`` moves; bot seats answer at once (a
        bot accepts the takeback of one move, and declines more), and once every other seat
        has accepted, the game goes back."""
        def attempt() -> tuple[Game, None, None]:
            game = self.get(game_id)
            to = self._takeback_point(game, seat, moves)
            crossed = [(r["type"], r["payload"]) for r in self.records_after(game_id, to)]
            # Event 0 is no state: a takeback that would reach it crosses the created event,
            # which the rule refuses before looking at any state.
            state_then = self.get(game_id, version=to, reading=True).state if to else None
            game.ask_takeback(seat, to, state_then, crossed, self._clock())
            for bot_seat, other in enumerate(game.seats):
                if other["bot"] is not None and bot_seat != seat and game.pending_takeback:
                    game.answer_takeback(bot_seat, moves == 1, self._clock())
            self._settle_takeback(game)
            return game, None, None

        return self._with_retries(attempt, None)[0]

    def _takeback_point(self, game: Game, seat: int, moves: int) -> int:
        """The event a takeback of ``seat``'s last ``moves`` moves goes back to: just before
        the ``moves``-th of its moves still in effect, counted from the newest (moves an
        earlier takeback undid are passed over with its bookkeeping), or just before the
        first event on the way that no takeback of the seat crosses (a draw, another seat's
        move...), so that the refusal names it."""
        skip_above = game.version  # events above an earlier rewind's point were undone
        newest = game.version
        while newest > 0:  # newest first, a page at a time
            page = list(self.repository.event_store.get(game.id, lte=newest, desc=True,
                                                        limit=64))
            for record in map(event_record, page):  # type: ignore[arg-type]
                kind, payload, number = record["type"], record["payload"], record["seq"]
                if number > skip_above or kind in (EventType.TAKEBACK_ASKED,
                                                   EventType.TAKEBACK_ANSWERED):
                    continue
                if kind == EventType.TAKEN_BACK:
                    skip_above = payload["to"]
                elif kind != EventType.MOVE_MADE or payload["seat"] != seat:
                    return number - 1
                else:
                    moves -= 1
                    if moves == 0:
                        return number - 1
            newest = newest - len(page) if page else 0
        return 0

    def answer_takeback(self, game_id: UUID, seat: int, accepted: bool) -> Game:
        def attempt() -> tuple[Game, None, None]:
            game = self.get(game_id)
            game.answer_takeback(seat, accepted, self._clock())
            self._settle_takeback(game)
            return game, None, None

        return self._with_retries(attempt, None)[0]

    def _settle_takeback(self, game: Game) -> None:
        """Take the moves back once every other seat has accepted."""
        asked = game.pending_takeback
        if asked is not None and game.takeback_agreed():
            game.take_back(self.get(game.id, version=asked["to"], reading=True).state,
                           self._clock())
            self._advance(game)
