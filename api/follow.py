"""Following a game: its events as the caller may see them, by long-poll or Server-Sent Events.

Both subscribe to the game's Redis channel before reading the event store, so an event
recorded between the read and the wait still wakes them. Waits are bounded (30 s for a
long-poll; a stream ends after ``STREAM_MAX_SECONDS`` and the client resumes with
``Last-Event-ID``), and under gevent workers an open stream holds no thread. An open stream or
waiting long-poll holds a lease on a slot (api/streams.py: per address, per token, per worker).
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any
from uuid import UUID

from eventsourcing.application import LRUCache
from flask import Response, current_app, request

from domain.application import GameService
from domain.history import EventType, Life
from domain.kernel import Rules, State
from projections import Subscription
from replays import Reader, rules_of

from .auth import caller_seat
from .blueprint import Blueprint
from .errors import ApiError
from .hall import hall
from .schemas import EventsQuery, EventsSchema, StreamQuery
from .streams import Lease, leased, take_lease

blp = Blueprint("follow", __name__, url_prefix="/games",
                description="Follow a game's events (long-poll or Server-Sent Events).")

@blp.route("/<uuid:game_id>/events", methods=["GET"])
@blp.arguments(EventsQuery, location="query")
@blp.response(200, EventsSchema)
@blp.problems(400, 401, 404)
def events(query: dict[str, Any], game_id: UUID) -> dict[str, Any]:
    """The events after `after` that the caller may see, each with its log line.

    With `wait=S` (at most 30) and nothing new, waits up to S seconds for the next event.
    During play hidden parts are null and hashes are withheld; once the game is over every
    event is shown whole."""
    h = hall()
    seat = caller_seat(game_id, required=False)
    after, wait = query["after"], query["wait"]
    position = Position(h.service, game_id, seat, after, h.reached)
    items = position.more()
    if not items and wait > 0 and not position.complete:
        with leased() as lease:
            items = _wait_for_more(position, h.store.subscribe(str(game_id)), wait, lease)
    return {"game_id": str(game_id), "version": position.last, "events": items}


# Where one follower's read ended: the rules, and the rules state and the game's life (its
# seats' names, whether it had ended, whether its seed was revealed) reached.
Spot = tuple[Rules, State, Life]


class Reached(LRUCache[tuple[UUID, int], Spot]):
    """The rules states where followers' calls ended lately (this process), by game and
    version: the next call of a follower usually starts where its last one ended. The states
    are shared, never changed (the rules make new states)."""

    def __init__(self, size: int = 512) -> None:
        super().__init__(maxsize=size)


class Position:
    """Where one follower of a game is: the events it has read (kept by a ``Reader`` that
    holds the rules state reached, so each call costs what it returns: a follower that comes
    back starts where a recent call ended, or from the game's nearest snapshot, never from
    its first event)."""

    def __init__(self, service: GameService, game_id: UUID, viewer: int | None,
                 after: int, reached: Reached | None = None) -> None:
        self.service, self.game_id, self.viewer, self.after = service, game_id, viewer, after
        self.reached = reached
        current = service.version_of(game_id)
        self.last = min(max(after, 0), current)
        self.reader: Reader | None = None
        self.complete = False
        if self.last > 0:
            found = _spot(reached, game_id, self.last)
            if found is None:
                found = service.state_after(game_id, self.last)
            rules, state, life = found
            self.complete = life["seed"] is not None
            self.reader = Reader(rules, state, viewer, life)

    def more(self) -> list[dict[str, Any]]:
        """The events recorded since the last call, as the viewer may see them."""
        records = self.service.records_after(self.game_id, self.last)
        if not records:
            return []
        if self.reader is None:
            self.reader = Reader(rules_of(records), None, self.viewer)
        items = self.reader.read(records)
        self.last = records[-1]["seq"]
        self.complete = records[-1]["type"] == EventType.SEED_REVEALED
        reader = self.reader
        if self.reached is not None and reader.state is not None and reader.life is not None:
            self.reached.put((self.game_id, self.last), (reader.rules, reader.state, reader.life))
        return [item for item in items if item["seq"] > self.after]


def _spot(reached: Reached | None, game_id: UUID, version: int) -> Spot | None:
    if reached is None:
        return None
    try:
        return reached.get((game_id, version))
    except KeyError:
        return None


def _wait_for_more(position: Position, subscription: Subscription, wait: float,
                   lease: Lease) -> list[dict[str, Any]]:
    deadline = time.monotonic() + wait
    try:
        items = position.more()  # read again: now subscribed, nothing is missed
        while not items and (left := deadline - time.monotonic()) > 0:
            if subscription.wait(min(left, lease.renew_every)) is not None:
                items = position.more()
            lease.renew_if_due()
        return items
    finally:
        subscription.close()


@blp.route("/<uuid:game_id>/stream", methods=["GET"])
@blp.arguments(StreamQuery, location="query")
@blp.response(200, content_type="text/event-stream",
              description="Server-Sent Events: each event a `data:` JSON line with `id:` its "
              "sequence number; `event: end` when the game is over; keepalive comments.")
@blp.problems(400, 401, 404)
def stream(query: dict[str, Any], game_id: UUID) -> Response:
    """The same events as Server-Sent Events, resuming after `Last-Event-ID` (or `after`)."""
    h = hall()
    seat = caller_seat(game_id, required=False)
    after = _resume_point(query)
    config = current_app.config
    position = Position(h.service, game_id, seat, after, h.reached)
    lease = take_lease()
    try:
        subscription = h.store.subscribe(str(game_id))
    except BaseException:
        lease.release()
        raise
    frames = _frames(position, subscription, lease, config["STREAM_KEEPALIVE"],
                     config["STREAM_MAX_SECONDS"])
    response = Response(frames, mimetype="text/event-stream",
                        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})
    # Also when the answer is never read (the client went away before its first frame).
    response.call_on_close(subscription.close)
    response.call_on_close(lease.release)
    return response


def _resume_point(query: dict[str, Any]) -> int:
    header = request.headers.get("Last-Event-ID")
    if header is None:
        return int(query.get("after", 0))
    if not header.isdigit() or len(header) > 12:
        raise ApiError(400, "invalid-request", "Last-Event-ID must be an event number.")
    return int(header)


def _frames(position: Position, subscription: Subscription, lease: Lease, keepalive: float,
            max_seconds: float) -> Iterator[str]:
    deadline = time.monotonic() + max_seconds
    try:
        yield "retry: 2000\n\n"
        while True:
            for item in position.more():
                yield f"id: {item['seq']}\ndata: {json.dumps(item)}\n\n"
            if position.complete:
                yield f"event: end\ndata: {json.dumps({'version': position.last})}\n\n"
                return
            if time.monotonic() > deadline:
                return
            if subscription.wait(min(keepalive, lease.renew_every)) is None:
                yield ": keepalive\n\n"
            lease.renew_if_due()
    finally:
        subscription.close()
        lease.release()
