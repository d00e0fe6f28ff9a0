"""Following a game: its events as the caller may see them, by long-poll or Server-Sent Events.

Both subscribe to the game's Redis channel before reading the event store, so an event
recorded between the read and the wait still wakes them. Waits are bounded (30 s for a
long-poll; a stream ends after ``STREAM_MAX_SECONDS`` and the client resumes with
``Last-Event-ID``), and under gevent workers an open stream holds no thread.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any
from uuid import UUID

from flask import Response, current_app, request

from domain.application import GameService
from domain.history import EventRecord
from projections import Subscription
from replays import is_complete, visible_events

from .auth import caller_seat
from .blueprint import Blueprint
from .errors import ApiError
from .hall import hall
from .schemas import EventsQuery, EventsSchema, StreamQuery

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
    records = h.service.records(game_id)
    if records[-1]["seq"] <= after and wait > 0 and not is_complete(records):
        records = _wait_for_more(h.service, h.store.subscribe(str(game_id)), game_id, after,
                                 wait)
    return {"game_id": str(game_id), "version": records[-1]["seq"],
            "events": _visible(records, seat, after)}


def _wait_for_more(service: GameService, subscription: Subscription, game_id: UUID,
                   after: int, wait: float) -> list[EventRecord]:
    deadline = time.monotonic() + wait
    try:
        records = service.records(game_id)  # read again: now subscribed, nothing is missed
        while records[-1]["seq"] <= after and (left := deadline - time.monotonic()) > 0:
            if subscription.wait(left) is not None:
                records = service.records(game_id)
        return records
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
    subscription = h.store.subscribe(str(game_id))
    frames = _frames(h.service, subscription, game_id, seat, after,
                     config["STREAM_KEEPALIVE"], config["STREAM_MAX_SECONDS"])
    response = Response(frames, mimetype="text/event-stream",
                        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})
    response.call_on_close(subscription.close)
    return response


def _resume_point(query: dict[str, Any]) -> int:
    header = request.headers.get("Last-Event-ID")
    if header is None:
        return int(query.get("after", 0))
    if not header.isdigit() or len(header) > 12:
        raise ApiError(400, "invalid-request", "Last-Event-ID must be an event number.")
    return int(header)


def _frames(service: GameService, subscription: Subscription, game_id: UUID, seat: int | None,
            after: int, keepalive: float, max_seconds: float) -> Iterator[str]:
    deadline = time.monotonic() + max_seconds
    last = after
    try:
        yield "retry: 2000\n\n"
        while True:
            records = service.records(game_id)
            for item in _visible(records, seat, last):
                last = item["seq"]
                yield f"id: {last}\ndata: {json.dumps(item)}\n\n"
            if is_complete(records):
                yield f"event: end\ndata: {json.dumps({'version': records[-1]['seq']})}\n\n"
                return
            if time.monotonic() > deadline:
                return
            if subscription.wait(keepalive) is None:
                yield ": keepalive\n\n"
    finally:
        subscription.close()


def _visible(records: list[EventRecord], seat: int | None,
             after: int) -> list[dict[str, Any]]:
    if records[-1]["seq"] <= after:
        return []
    return visible_events(records, seat, after)
