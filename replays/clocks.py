"""The verifier's checks of times and clocks (README, "Times" and "Clocks"): times run
forward, a clock recorded as the service records it, a timeout no earlier than the deadline
the recorded times give, and no move of a seat on the clock after its deadline."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from domain.clocks import AUTOPILOT, clock_option, deadline
from domain.history import EventType, Life, Status
from domain.kernel import GameError
from domain.transcoder import iso


def time_failure(moment: datetime, before: datetime | None) -> str | None:
    """Why an event at ``moment`` may not follow one at ``before`` (None: the first), or
    None."""
    if moment.tzinfo is None:
        return "the event's time names no time zone"
    if before is not None and moment < before:
        return "the event's time is earlier than the event before it: times run forward"
    return None


def created_clock_failure(payload: dict[str, Any]) -> str | None:
    """Why a first event's ``clock`` is not one the service records, or None."""
    if "clock" not in payload:
        return None
    try:
        normal = clock_option(payload["clock"])
    except GameError as error:
        return f"the clock is not a valid clock: {error.message}"
    return None if normal == payload["clock"] else "the clock is not written in its one form"


# Bound once: an enum member is slow to look up on its class, and every event verified asks.
_TIMED_OUT, _MOVE_MADE, _ACTIVE = EventType.TIMED_OUT, EventType.MOVE_MADE, Status.ACTIVE


def clock_failure(life: Life, kind: str, payload: dict[str, Any], at: str) -> str | None:
    """Why an event at ``at`` breaks the clock of the game whose life before it is ``life``,
    or None: a timeout only of a seat on the clock, naming its deadline, at or after it; a
    move of a seat on the clock no later than its deadline; the autopilot only in a game on
    a clock."""
    clock = life.get("clock")
    if kind == _TIMED_OUT:
        if clock is None or life["status"] != _ACTIVE:
            return "a timed_out event in a game not played on a clock, or not being played"
        seat = payload["seat"]
        due = deadline(life["timing"], clock, seat) if type(seat) is int else None
        if due is None:
            return "a timed_out event for a seat that was not on the clock"
        if payload["deadline"] != iso(due):
            return f"the timeout names the deadline {payload['deadline']}, but the record's " \
                   f"times give {iso(due)}"
        if datetime.fromisoformat(at) < due:
            return f"a timed_out event before the seat's deadline ({iso(due)})"
    elif kind != _MOVE_MADE:
        return None
    elif clock is not None and type(payload["seat"]) is int:
        due = deadline(life["timing"], clock, payload["seat"])
        if due is not None and datetime.fromisoformat(at) > due:
            return f"a move recorded after its deadline had passed ({iso(due)})"
    elif clock is None and payload.get("by") == AUTOPILOT:
        return "a move by the autopilot in a game not played on a clock"
    return None
