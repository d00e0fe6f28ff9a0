"""Folding a game's records (``domain.history.EventRecord``) with ``domain.history``'s one fold:
the game's life and its rules state before and after each event."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from domain.history import (
    ENDINGS,
    EventRecord,
    EventType,
    Life,
    begin,
    live,
    rules_for,
    rules_state_after,
)
from domain.kernel import Rules, State, round_trip

Records = Sequence[EventRecord]


def life_of(records: Records) -> Life:
    """What the events say of the game apart from its rules state."""
    life = begin(records[0]["payload"])
    for record in records[1:]:
        life = live(life, record["type"], record["payload"])
    return life


def rules_of(records: Records) -> Rules:
    """The rules the game was created under."""
    return rules_for(begin(records[0]["payload"]))


def is_over(records: Records) -> bool:
    return any(r["type"] in ENDINGS for r in records)


def is_complete(records: Records) -> bool:
    """Over, with the seed revealed (always the last event): nothing left to hide."""
    return is_over(records) and records[-1]["type"] == EventType.SEED_REVEALED


# Bound once: an enum member is slow to look up on its class, and every line verified asks.
_MOVE_MADE, _CHANCE_RESOLVED = EventType.MOVE_MADE, EventType.CHANCE_RESOLVED


def rules_event(record: EventRecord, read_back: bool = False) -> dict[str, Any] | None:
    """The record as the game's ``redact``/``describe`` see it, or None for service events.
    ``read_back``: as canonical JSON reads it back, for words (a line must not depend on the
    order a move's keys came in: the API sends JSON with sorted keys, a bot's move has the
    rules' order). Of a move only the move is read back, the one part whose keys may come in
    another order (a third cheaper than reading back the whole event)."""
    payload, kind = record["payload"], record["type"]
    if kind == _MOVE_MADE:
        move = payload["move"]
        return {"type": "move", "seat": payload["seat"],
                "move": round_trip(move) if read_back else move}
    if kind == _CHANCE_RESOLVED:
        event = {"type": "chance", "spec": payload["spec"], "outcome": payload["outcome"]}
        return round_trip(event) if read_back else event
    return None


def walk(records: Records) -> Iterator[tuple[State | None, EventRecord, State]]:
    """Each record with the rules state before it and the rules state after it."""
    rules = rules_of(records)
    state: State | None = None
    for record in records:
        after = rules_state_after(rules, state, record["type"], record["payload"])
        yield state, record, after
        state = after


def state_at(records: Records, seq: int) -> State:
    """The rules state after event ``seq``."""
    state: State | None = None
    for _, record, after in walk(records):
        state = after
        if record["seq"] >= seq:
            break
    assert state is not None
    return state
