"""An episode as the replay document the service would record for its seed and game id:
the created event, every move and draw with its hashes, the end and the revealed seed."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from domain.history import EventRecord, event_hash, rules_state_after
from domain.kernel import GENESIS_HASH, hash_value, new_commitment
from replays import build_document

from .episode import Episode

# Events carry a time; an episode has no clock, so its events are a millisecond apart from
# this moment (the hashes cover them, and the verifier checks only that they are times).
EPOCH = datetime(2026, 1, 1, tzinfo=UTC)


def episode_records(episode: Episode) -> list[EventRecord]:
    """The records of a finished episode, states re-derived event by event for the hashes."""
    over = episode.over
    if over is None:
        raise ValueError("only a finished episode has a complete replay")
    created = {"game": episode.rules.info.name, "rules_version": episode.rules.version,
               "options": episode.options, "seats": episode.seat_names(),
               "commitment": new_commitment(episode.seed)}
    events: list[tuple[str, dict[str, Any]]] = [
        ("created", created), *episode.events, ("ended", {"result": over.to_json()}),
        ("seed_revealed", {"seed": episode.seed.hex()})]
    records: list[EventRecord] = []
    state = None
    prev_hash = GENESIS_HASH
    for seq, (kind, payload) in enumerate(events, start=1):
        state = rules_state_after(episode.rules, state, kind, payload)
        at = (EPOCH + timedelta(milliseconds=seq)).isoformat()
        state_hash = hash_value(state)
        digest = event_hash(seq, kind, payload, at, prev_hash, state_hash)
        records.append(EventRecord(game_id=episode.game_id, seq=seq, type=kind,
                                   seat=payload.get("seat"), payload=payload, at=at,
                                   prev_hash=prev_hash, state_hash=state_hash, hash=digest))
        prev_hash = digest
    return records


def episode_document(episode: Episode) -> dict[str, Any]:
    """The complete replay document of a finished episode (``replays.verify_document``)."""
    return build_document(episode_records(episode))
