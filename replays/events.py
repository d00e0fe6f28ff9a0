"""What each viewer may read of a game's history, with the log line the game writes for them.

During play, the game's ``redact`` hides what the viewer may not see, and the hashes are
withheld: an event's hash (or the state hash after it) covers its hidden part, and a hidden
choice among a few options could be found by hashing each candidate. Once the game is over,
everything is public, hashes included.
"""

from __future__ import annotations

from typing import Any

from domain.history import EventType

from .fold import Records, is_over, rules_event, rules_of, walk


def visible_events(records: Records, viewer: int | None,
                   after: int = 0) -> list[dict[str, Any]]:
    """The events after ``after`` as ``viewer`` (a seat, or None for a spectator) may see them."""
    rules = rules_of(records)
    over = is_over(records)
    shown = []
    for before, record, state_after in walk(records):
        if record["seq"] <= after:
            continue
        event = rules_event(record)
        payload = record["payload"]
        if event is not None and before is not None:
            seen = event if over else rules.redact(before, event, viewer)
            # After the end the log is written as the player who made the move saw it.
            writer = event.get("seat") if over else viewer
            log = rules.describe(before, state_after, event, writer)
            payload = _payload_from(record, seen)
        else:
            log = service_log_line(record)
        item = {"seq": record["seq"], "type": record["type"], "seat": record["seat"],
                "payload": payload, "at": record["at"], "log": log}
        if over:
            item.update(prev_hash=record["prev_hash"], state_hash=record["state_hash"],
                        hash=record["hash"])
        shown.append(item)
    return shown


def _payload_from(record: Any, seen: dict[str, Any]) -> dict[str, Any]:
    if seen["type"] == "move":
        return {**record["payload"], "move": seen["move"]}
    return {**record["payload"], "outcome": seen["outcome"]}


def service_log_line(record: Any) -> str:
    """The log line of an event the service writes, not the game."""
    payload = record["payload"]
    kind = record["type"]
    if kind == EventType.CREATED:
        names = ", ".join(s["name"] or "(open seat)" for s in payload["seats"])
        return f"A game of {payload['game']} was created for {names}."
    if kind == EventType.SEAT_TAKEN:
        return f"{payload['name']} took seat {payload['seat']}."
    if kind == EventType.SEED_REVEALED:
        return "The game's secret seed was revealed: every draw can now be checked."
    result = payload["result"]
    if kind == EventType.RESIGNED:
        return f"Seat {payload['seat']} resigned."
    if kind == EventType.ABANDONED:
        return f"The game was abandoned: {result['reason']}."
    return f"The game is over ({result['reason']}); {outcome_text(result)}."


def outcome_text(result: dict[str, Any]) -> str:
    """Who won, in words: a shared win or loss of a co-operative game says so."""
    if result.get("shared") == "win":
        return "the players won together"
    if result.get("shared") == "loss":
        return "the players lost together"
    winners = ", ".join(f"seat {w}" for w in result["winners"]) or "nobody"
    return f"winner: {winners}"
