"""The audit collaborators of the game service: signed move receipts, and the decisions of
takebacks by consent.

Each is given what it reads (the event store, the game's seed, a past state) by the service
(``domain.application``), which runs the commands that use them in its unit of work.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from datetime import datetime
from typing import Any, Protocol
from uuid import UUID

from .aggregate import Game, event_record
from .history import EventRecord, EventType
from .kernel import State
from .receipts import SigningKey, public_key_entry, receipt_for


class EventReader(Protocol):
    """The event store, as the audits read it (eventsourcing's ``EventStore.get``)."""

    def get(self, originator_id: UUID, *, gt: int | None = None, lte: int | None = None,
            desc: bool = False, limit: int | None = None) -> Iterable[Any]: ...


class Receipts:
    """Signed receipts of moves: made from the events a command saved, or read back."""

    def __init__(self, events: EventReader, seed_of: Callable[[UUID], bytes],
                 signing_key: SigningKey | None, retired_keys: tuple[bytes, ...] = ()) -> None:
        self.events = events
        self.seed_of = seed_of
        self.signing_key = signing_key
        self.retired_keys = retired_keys

    def keys(self) -> list[dict[str, str]]:
        """The public keys receipts are signed with: the current one, then retired ones (still
        listed, so receipts issued before a rotation keep verifying)."""
        current = [] if self.signing_key is None else [
            public_key_entry(self.signing_key.public_key, "current")]
        return current + [public_key_entry(key, "retired") for key in self.retired_keys]

    def of_moves(self, game: Game, seat: int, count: int,
                 saved: Sequence[EventRecord] = ()) -> list[dict[str, Any]]:
        """Signed receipts of the seat's last ``count`` moves up to ``game``'s version: the moves
        of the request that left the game there (a request's moves come one after another, and
        only bots and draws follow them), so a repeated request answers the same receipts.
        ``saved``: the records of the save that left the game there, if the caller has them
        (no need to read them back). None are given by a service without a signing key."""
        if self.signing_key is None:
            return []
        found = [record for record in reversed(saved)
                 if record["type"] == EventType.MOVE_MADE and record["seat"] == seat]
        newest = game.version - len(saved)  # the store is read below those, if need be
        page_size = count + 3  # the request's moves are among the last events: read few first
        while len(found) < count and newest > 0:  # newest first, a page at a time
            page = list(self.events.get(game.id, lte=newest, desc=True, limit=page_size))
            page_size = 64
            found += [record for record in map(event_record, page)
                      if record["type"] == EventType.MOVE_MADE and record["seat"] == seat]
            newest = newest - len(page) if page else 0
        return self._signed(game.id, found[:count][::-1])

    def of_seat(self, game_id: UUID, seat: int) -> list[dict[str, Any]]:
        """The receipts of every move of the seat (the same bytes as those given at play time:
        Ed25519 signatures are deterministic)."""
        return self._signed(game_id, [record for record in map(event_record,
                                                                 self.events.get(game_id))
                                      if record["type"] == EventType.MOVE_MADE
                                      and record["seat"] == seat])

    def _signed(self, game_id: UUID, moves: list[EventRecord]) -> list[dict[str, Any]]:
        if self.signing_key is None:
            return []
        seed = self.seed_of(game_id)
        return [receipt_for(record, seed, self.signing_key) for record in moves]


class Takebacks:
    """The decisions of takebacks by consent on a game in hand; ``state_after(game_id, n)``
    is the game's rules state after its event n."""

    def __init__(self, events: EventReader,
                 state_after: Callable[[UUID, int], State]) -> None:
        self.events = events
        self.state_after = state_after

    def ask(self, game: Game, seat: int, moves: int, at: datetime) -> None:
        """The seat asks to take back its last ``moves`` moves; bot seats answer at once (a
        bot accepts the takeback of one move, and declines more)."""
        to = self.point(game, seat, moves)
        crossed = [(r["type"], r["payload"])
                   for r in map(event_record, self.events.get(game.id, gt=to))]
        # Event 0 is no state: a takeback that would reach it crosses the created event,
        # which the rule refuses before looking at any state.
        state_then = self.state_after(game.id, to) if to else None
        game.ask_takeback(seat, to, state_then, crossed, at)
        for bot_seat, other in enumerate(game.seats):
            if other["bot"] is not None and bot_seat != seat and game.pending_takeback:
                game.answer_takeback(bot_seat, moves == 1, at)

    def settle(self, game: Game, at: datetime) -> bool:
        """Take the moves back once every other seat has accepted; whether it did."""
        asked = game.pending_takeback
        if asked is None or not game.takeback_agreed():
            return False
        game.take_back(self.state_after(game.id, asked["to"]), at)
        return True

    def point(self, game: Game, seat: int, moves: int) -> int:
        """The event a takeback of ``seat``'s last ``moves`` moves goes back to: just before
        the ``moves``-th of its moves still in effect, counted from the newest (moves an
        earlier takeback undid are passed over with its bookkeeping), or just before the
        first event on the way that no takeback of the seat crosses (a draw, another seat's
        move...), so that the refusal names it."""
        skip_above = game.version  # events above an earlier rewind's point were undone
        newest = game.version
        while newest > 0:  # newest first, a page at a time
            page = list(self.events.get(game.id, lte=newest, desc=True, limit=64))
            for record in map(event_record, page):
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
