"""Bulk export of replay documents: NDJSON (one document a line) or CSV (one row an event)."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Iterator
from typing import Any

from domain.history import EventType
from domain.kernel import canonical_json

CSV_COLUMNS = ("game_id", "game", "seq", "type", "seat", "by", "move_kind", "move_args",
               "chance_kind", "chance_spec", "chance_outcome", "at", "undone_by")


def to_ndjson_lines(docs: Iterable[dict[str, Any]]) -> Iterator[str]:
    for doc in docs:
        yield canonical_json(doc) + "\n"


def to_csv_lines(docs: Iterable[dict[str, Any]]) -> Iterator[str]:
    yield CSV_HEADER
    for doc in docs:
        yield from to_csv_rows(doc)


def to_csv_rows(doc: dict[str, Any]) -> Iterator[str]:
    """One game's CSV rows, one an event (no header)."""
    undone = undone_by(doc)
    for event in doc["events"]:
        yield _csv_line((*csv_row(doc, event), undone.get(event["seq"], "")))


def undone_by(doc: dict[str, Any]) -> dict[int, int]:
    """Each event a takeback rewound past, mapped to the ``taken_back`` event that undid it:
    the moves stay in the history (nothing is deleted), so an analysis that counts moves
    played needs to tell the undone ones apart without re-reading every takeback."""
    return {seq: event["seq"] for event in doc["events"]
            if event["type"] == EventType.TAKEN_BACK for seq in event["payload"]["undone"]}


def csv_row(doc: dict[str, Any], event: dict[str, Any]) -> tuple[Any, ...]:
    payload = event["payload"]
    move = payload.get("move") if event["type"] == EventType.MOVE_MADE else None
    spec = payload.get("spec") if event["type"] == EventType.CHANCE_RESOLVED else None
    move_args = {k: v for k, v in move.items() if k != "kind"} if isinstance(move, dict) else None
    return (
        doc["game_id"], doc["game"], event["seq"], event["type"],
        "" if event.get("seat") is None else event["seat"],
        payload.get("by", "") if move is not None else "",
        move.get("kind", "") if isinstance(move, dict) else "",
        canonical_json(move_args) if move_args else "",
        spec["kind"] if spec else "",
        canonical_json(spec) if spec else "",
        canonical_json(payload["outcome"]) if spec else "",
        event["at"],
    )


def _csv_line(values: Iterable[Any]) -> str:
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\n").writerow(values)
    return buffer.getvalue()


CSV_HEADER = _csv_line(CSV_COLUMNS)
