"""The replay document: a game's whole history in one self-contained JSON object.

A complete document (the game is over) holds every event with its hashes and the revealed
seed, so anyone can verify it offline with ``replays.verify_document``. During play the
document holds only what the requesting viewer may see (see ``replays.events``).
"""

from __future__ import annotations

from typing import Any

from .events import visible_events
from .fold import is_complete

FORMAT = "gamehall-replay"
FORMAT_VERSION = 1


def build_document(records: list[dict[str, Any]], viewer: int | None = None) -> dict[str, Any]:
    """The replay document of a game's records, as ``viewer`` may see it."""
    created = records[0]["payload"]
    complete = is_complete(records)
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "game_id": records[0]["game_id"],
        "game": created["game"],
        "rules_version": created["rules_version"],
        "options": created["options"],
        "seats": seats_of(records),
        "commitment": created["commitment"],
        "status": status_of(records),
        "result": result_of(records),
        "seed": seed_of(records),
        "complete": complete,
        "viewer": None if complete else viewer,
        "events": visible_events(records, None if complete else viewer),
    }


def seats_of(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    seats = [dict(s) for s in records[0]["payload"]["seats"]]
    for record in records:
        if record["type"] == "seat_taken":
            seats[record["payload"]["seat"]]["name"] = record["payload"]["name"]
    return seats


def status_of(records: list[dict[str, Any]]) -> str:
    for record in reversed(records):
        if record["type"] in ("ended", "resigned"):
            return "over"
        if record["type"] == "abandoned":
            return "abandoned"
    seats = seats_of(records)
    return "waiting" if any(s["name"] is None for s in seats) else "active"


def result_of(records: list[dict[str, Any]]) -> dict[str, Any] | None:
    for record in reversed(records):
        if record["type"] in ("ended", "resigned", "abandoned"):
            result: dict[str, Any] = record["payload"]["result"]
            return result
    return None


def seed_of(records: list[dict[str, Any]]) -> str | None:
    for record in reversed(records):
        if record["type"] == "seed_revealed":
            seed: str = record["payload"]["seed"]
            return seed
    return None
