"""Refilling Redis from the event store by following its notification log.

The event store numbers every recorded event in one increasing sequence (eventsourcing's
notification log). The follower keeps its position in Redis beside the views; ``catch_up``
reads the notifications after it and recomputes the views of every game whose stored version
is behind. A flushed Redis has position 0, so catching up rebuilds every game's views and the
game index from the events alone.

On PostgreSQL, writes commit in parallel (no table lock: see docs/scale.md),
so a write that took its notification id first may commit after one that took a later id.
The follower remembers each id it passed over while missing (a *hole*) and looks for it again
on every catch-up, until it appears or ``HOLE_SECONDS`` have passed: a write that rolled back
(one that lost a race for a game's next version) leaves its id unused for good. Only ids near
the newest are remembered, since a write in flight holds one of the latest ids.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any
from uuid import UUID

from .projector import Projector

GAME_TOPICS = "gamehall:Game."
BATCH = 500
HOLE_SECONDS = 60.0
HOLE_REACH = 1000  # how far below the newest id a hole may be and still be in flight


def catch_up(projector: Projector, batch: int = BATCH,
             clock: Callable[[], float] = time.time) -> int:
    """Bring the views and the index up to the event store's newest event; answers how many
    games were recomputed."""
    recorder = projector.service.recorder
    store = projector.store
    position = store.position()
    top = recorder.max_notification_id() or 0
    if position > top:  # Redis has followed another (or a reset) event store: start afresh
        store.clear()
        position = 0
    now = clock()
    refreshed = _fill_holes(projector, now)
    while position < top:
        notes = recorder.select_notifications(start=position + 1, limit=batch, stop=top)
        if not notes:
            break
        store.note_holes([hole for hole in _missing(position, notes)
                          if hole > top - HOLE_REACH], now)
        refreshed += _refresh_behind(projector, _latest(notes))
        position = notes[-1].id
        store.advance(position)
    return refreshed


def _missing(position: int, notes: Sequence[Any]) -> list[int]:
    """The ids after ``position`` that the notes, in order, pass over."""
    missing: list[int] = []
    expected = position + 1
    for note in notes:
        missing.extend(range(expected, note.id))
        expected = note.id + 1
    return missing


def _fill_holes(projector: Projector, now: float) -> int:
    """Refresh the games of the holes that have appeared since; forget those found, and
    those waited for long enough."""
    recorder = projector.service.recorder
    found: list[Any] = []
    done: list[int] = []
    for hole, seen in projector.store.holes().items():
        notes = recorder.select_notifications(start=hole, limit=1, stop=hole)
        found.extend(notes)
        if notes or now - seen > HOLE_SECONDS:
            done.append(hole)
    refreshed = _refresh_behind(projector, _latest(found))
    projector.store.forget_holes(done)
    return refreshed


def _latest(notes: Sequence[Any]) -> dict[UUID, int]:
    """Each game's newest version among the notes."""
    latest: dict[UUID, int] = {}
    for note in notes:
        if note.topic.startswith(GAME_TOPICS):
            game_id = UUID(str(note.originator_id))
            latest[game_id] = max(latest.get(game_id, 0), note.originator_version)
    return latest


def _refresh_behind(projector: Projector, latest: dict[UUID, int]) -> int:
    ids = list(latest)
    stored = projector.store.versions([str(game_id) for game_id in ids])
    behind = [game_id for game_id, have in zip(ids, stored, strict=True)
              if have < latest[game_id]]
    for game_id in behind:
        projector.refresh(game_id)
    return len(behind)


def rebuild(projector: Projector) -> int:
    """Forget everything in Redis and rebuild it from the event store."""
    projector.store.clear()
    return catch_up(projector)
