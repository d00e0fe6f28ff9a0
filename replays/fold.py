"""Folding a game's records through its rules: the states before and after each event.

Records are the plain form of a game's events (``domain.application.event_record``):
``{game_id, seq, type, seat, payload, at, prev_hash, state_hash, hash}``. Only ``move_made``
and ``chance_resolved`` change the rules state; ``created`` sets it up.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from domain.games import get_rules
from domain.kernel import Rules, State

FINAL_TYPES = ("ended", "resigned", "abandoned")


def rules_of(records: list[dict[str, Any]]) -> Rules:
    return get_rules(records[0]["payload"]["game"])


def is_over(records: list[dict[str, Any]]) -> bool:
    return any(r["type"] in FINAL_TYPES for r in records)


def is_complete(records: list[dict[str, Any]]) -> bool:
    """Over, with the seed revealed (always the last event): nothing left to hide."""
    return is_over(records) and records[-1]["type"] == "seed_revealed"


def rules_event(record: dict[str, Any]) -> dict[str, Any] | None:
    """The record as the game's ``redact``/``describe`` see it, or None for service events."""
    payload = record["payload"]
    if record["type"] == "move_made":
        return {"type": "move", "seat": payload["seat"], "move": payload["move"]}
    if record["type"] == "chance_resolved":
        return {"type": "chance", "spec": payload["spec"], "outcome": payload["outcome"]}
    return None


def apply_record(rules: Rules, state: State | None, record: dict[str, Any]) -> State:
    """The state after ``record`` (no legality checks: see ``verify`` for those)."""
    payload = record["payload"]
    if record["type"] == "created":
        return rules.setup(payload["options"], len(payload["seats"]))
    assert state is not None
    if record["type"] == "move_made":
        return rules.apply_move(state, payload["seat"], payload["move"])
    if record["type"] == "chance_resolved":
        return rules.apply_chance(state, payload["outcome"])
    return state


def walk(records: list[dict[str, Any]]) -> Iterator[tuple[State | None, dict[str, Any], State]]:
    """Each record with the state before it and the state after it."""
    rules = rules_of(records)
    state: State | None = None
    for record in records:
        after = apply_record(rules, state, record)
        yield state, record, after
        state = after


def state_at(records: list[dict[str, Any]], seq: int) -> State:
    """The rules state after event ``seq``."""
    state: State | None = None
    for _, record, after in walk(records):
        state = after
        if record["seq"] >= seq:
            break
    assert state is not None
    return state
