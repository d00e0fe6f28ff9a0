"""Refilling Redis from the event store by following its notification log.

The event store numbers every recorded event in one increasing sequence (eventsourcing's
notification log). The follower keeps its position in Redis beside the views; ``catch_up``
reads the notifications after it and recomputes the views of every game whose stored version
is behind. A flushed Redis has position 0, so catching up rebuilds every game's views and the
game index from the events alone.
"""

from __future__ import annotations

from uuid import UUID

from .projector import Projector

GAME_TOPICS = "gamehall:Game."
BATCH = 500


def catch_up(projector: Projector, batch: int = BATCH) -> int:
    """Bring the views and the index up to the event store's newest event; answers how many
    games were recomputed."""
    recorder = projector.service.recorder
    store = projector.store
    position = store.position()
    top = recorder.max_notification_id() or 0
    if position > top:  # Redis has followed another (or a reset) event store: start afresh
        store.clear()
        position = 0
    refreshed = 0
    while position < top:
        notes = recorder.select_notifications(start=position + 1, limit=batch, stop=top)
        if not notes:
            break
        latest: dict[UUID, int] = {}
        for note in notes:
            if note.topic.startswith(GAME_TOPICS):
                game_id = UUID(str(note.originator_id))
                latest[game_id] = max(latest.get(game_id, 0), note.originator_version)
        refreshed += _refresh_behind(projector, latest)
        position = notes[-1].id
        store.advance(position)
    return refreshed


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
