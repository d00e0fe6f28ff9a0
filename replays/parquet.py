"""Replay documents as two Apache Parquet tables, for analysis tools (DuckDB, pandas, Polars,
Spark) to read directly: one row a game and one row an event (docs/replays.md lists
the columns).

JSON-valued fields (options, seats, result, a move, a draw's spec and outcome) are kept as
canonical JSON text, which every tool can query (DuckDB's ``json_extract``); the fields an
analysis filters or groups on most (a move's kind, the winners, a game's length) have their
own columns."""

from __future__ import annotations

import io
from collections.abc import Iterable
from datetime import datetime
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from domain.history import EventType
from domain.kernel import canonical_json

from .export import undone_by

GAMES = pa.schema([
    ("game_id", pa.string()), ("game", pa.string()), ("rules_version", pa.string()),
    ("options", pa.string()), ("seats", pa.string()), ("status", pa.string()),
    ("result", pa.string()), ("winners", pa.list_(pa.int32())), ("length", pa.int32()),
    ("created_at", pa.timestamp("us", tz="UTC")), ("ended_at", pa.timestamp("us", tz="UTC")),
])
EVENTS = pa.schema([
    ("game_id", pa.string()), ("game", pa.string()), ("seq", pa.int32()),
    ("type", pa.string()), ("seat", pa.int32()), ("by", pa.string()),
    ("move_kind", pa.string()), ("move", pa.string()), ("chance_spec", pa.string()),
    ("chance_outcome", pa.string()), ("at", pa.timestamp("us", tz="UTC")),
    ("undone_by", pa.int32()),
])
TABLES = ("games", "events")


def tables(docs: Iterable[dict[str, Any]]) -> dict[str, pa.Table]:
    """The games table and the events table of ``docs`` (complete replay documents)."""
    games: list[dict[str, Any]] = []
    events: list[dict[str, Any]] = []
    for doc in docs:
        games.append(game_row(doc))
        undone = undone_by(doc)
        events += [{**event_row(doc, event), "undone_by": undone.get(event["seq"])}
                   for event in doc["events"]]
    return {"games": pa.Table.from_pylist(games, schema=GAMES),
            "events": pa.Table.from_pylist(events, schema=EVENTS)}


def game_row(doc: dict[str, Any]) -> dict[str, Any]:
    result = doc["result"]
    ends = [e["at"] for e in doc["events"] if e["type"] in (
        EventType.ENDED, EventType.RESIGNED, EventType.ABANDONED)]
    return {"game_id": doc["game_id"], "game": doc["game"],
            "rules_version": doc["rules_version"], "options": canonical_json(doc["options"]),
            "seats": canonical_json(doc["seats"]), "status": doc["status"],
            "result": None if result is None else canonical_json(result),
            "winners": None if result is None else result["winners"],
            "length": len(doc["events"]), "created_at": _time(doc["events"][0]["at"]),
            "ended_at": _time(ends[0]) if ends else None}


def event_row(doc: dict[str, Any], event: dict[str, Any]) -> dict[str, Any]:
    payload = event["payload"]
    move = payload.get("move") if event["type"] == EventType.MOVE_MADE else None
    chance = event["type"] == EventType.CHANCE_RESOLVED
    return {"game_id": doc["game_id"], "game": doc["game"], "seq": event["seq"],
            "type": event["type"], "seat": event.get("seat"),
            "by": payload.get("by") if move is not None else None,
            "move_kind": move.get("kind") if isinstance(move, dict) else None,
            "move": None if move is None else canonical_json(move),
            "chance_spec": canonical_json(payload["spec"]) if chance else None,
            "chance_outcome": canonical_json(payload["outcome"]) if chance else None,
            "at": _time(event["at"])}


def to_parquet_bytes(table: pa.Table) -> bytes:
    """One table as a Parquet file's bytes (zstd-compressed)."""
    sink = io.BytesIO()
    pq.write_table(table, sink, compression="zstd")
    return sink.getvalue()


def _time(text: str) -> datetime:
    return datetime.fromisoformat(text)
