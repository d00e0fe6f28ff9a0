"""Clocks that are events: a game's ``clock`` option, and the deadline of each seat's decision
computed from the recorded events' times alone (replays/README.md, "Clocks").

Pure: the times are the events' own (``at``), never a clock read here. The service, the
aggregate and the verifier fold the same ``Timing`` with ``tick``, so a deadline the service
enforced is one anyone can recompute from the record.

The rule, in short: a human seat (not a bot, not handed to the autopilot) that is asked to
decide starts a decision at the time of the event after which it is asked; its deadline is
that time plus ``per_move`` seconds plus what is left of its ``bank``. A decision ends with
the seat's move, its takeback answer or its timeout; the time it took beyond ``per_move`` is
spent from its bank. While a takeback waits for answers, the seats asked to answer it are the
ones on the clock (the others' decisions are over: each starts afresh once it is settled).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime, timedelta
from typing import Any, TypedDict

from .kernel import BadOptions, Decision, Rules, State

CLOCK_KEYS = frozenset({"per_move", "bank", "on_timeout"})
# What a timeout leads to; AUTOPILOT is also who a move the autopilot made is recorded as
# made by (``by``).
AUTOPILOT, FORFEIT = "autopilot", "forfeit"
ON_TIMEOUT = (AUTOPILOT, FORFEIT)
MIN_SECONDS, MAX_SECONDS = 1, 30 * 24 * 3600  # a second to thirty days
MICROSECONDS = 1_000_000
# A player is warned (``deadline-soon``) when this much of a decision is left: a quarter of
# ``per_move``, at most an hour (a day-long move is warned an hour ahead), at least a few
# seconds (a move of seconds is warned as it starts, the warning a loop round may take).
WARNING_SHARE, WARNING_MAX, WARNING_MIN = 0.25, 3600.0, 5.0


class Timing(TypedDict):
    """Each clocked seat's running decision: ``since`` (seat -> ISO time it started) and
    ``bank`` (seat -> microseconds of its bank left), seats as text keys (JSON objects)."""

    since: dict[str, str]
    bank: dict[str, int]


def clock_option(value: Any) -> dict[str, Any]:
    """``value`` as a game's ``clock`` option, checked strictly (BadOptions otherwise):
    ``per_move`` whole seconds, ``bank`` whole seconds (0 when absent), ``on_timeout``
    ``autopilot`` or ``forfeit``."""
    if not isinstance(value, Mapping) or not {"per_move", "on_timeout"} <= set(value) <= CLOCK_KEYS:
        raise BadOptions("clock is {per_move, on_timeout} and perhaps bank.")
    for key in ("per_move", "bank"):
        seconds = value.get(key, MIN_SECONDS)
        low = MIN_SECONDS if key == "per_move" else 0
        if type(seconds) is not int or not low <= seconds <= MAX_SECONDS:
            raise BadOptions(f"clock.{key} is a whole number of seconds from {low} to "
                             f"{MAX_SECONDS}.")
    if value["on_timeout"] not in ON_TIMEOUT:
        raise BadOptions(f"clock.on_timeout is one of {', '.join(ON_TIMEOUT)}.")
    return {"per_move": value["per_move"], "bank": value.get("bank", 0),
            "on_timeout": value["on_timeout"]}


def autopilot_bot(rules: Rules) -> str:
    """The bot that answers for a seat whose time ran out: the first bot the game lists."""
    return next(iter(rules.bots))


def clocked_seats(life: Any, rules: Rules, state: State) -> list[int]:
    """The human seats asked to decide in a game being played: those a pending takeback
    waits for, else those the rules prompt; never a bot seat nor one handed to the
    autopilot."""
    asked = life.get("takeback")
    if asked is not None:
        seats = [s for s in range(len(life["seats"]))
                 if s != asked["seat"] and s not in asked["accepted"]]
    else:
        step = rules.next(state)
        seats = step.seats if isinstance(step, Decision) else []
    handed = handed_over(life)
    return [s for s in seats if life["seats"][s]["bot"] is None and s not in handed]


def handed_over(life: Any) -> list[int]:
    """The seats a timeout handed to the autopilot for the rest of the game."""
    handed: list[int] = life.get("autopilot", [])
    return handed


def start_timing(clock: dict[str, Any], seats: int) -> Timing:
    return Timing(since={}, bank={str(s): clock["bank"] * MICROSECONDS for s in range(seats)})


def tick(timing: Timing, clock: dict[str, Any], asked: list[int], decided: int | None,
         at: str) -> Timing:
    """The timing after an event at ``at``, after which the seats ``asked`` are on the clock.
    The seat ``decided`` (named by a move, takeback answer or timeout) ends its decision (its
    overtime spent from its bank); a seat no longer asked ends its decision without
    spending; a seat asked and not running starts one at ``at``."""
    since, bank = dict(timing["since"]), dict(timing["bank"])
    ended = None if decided is None else str(decided)
    for seat in list(since):
        if seat == ended:
            took = _micro(datetime.fromisoformat(at) - datetime.fromisoformat(since[seat]))
            bank[seat] = max(0, bank[seat] - max(0, took - clock["per_move"] * MICROSECONDS))
        if seat == ended or int(seat) not in asked:
            del since[seat]
    for asked_seat in asked:
        since.setdefault(str(asked_seat), at)
    return Timing(since=since, bank=bank)


def deadline(timing: Timing, clock: dict[str, Any], seat: int) -> datetime | None:
    """When the seat's running decision times out (None: the seat is not on the clock)."""
    started = timing["since"].get(str(seat))
    if started is None:
        return None
    return (datetime.fromisoformat(started) + timedelta(
        seconds=clock["per_move"], microseconds=timing["bank"][str(seat)])).astimezone(UTC)


def warning_window(clock: dict[str, Any]) -> float:
    """How many seconds before a deadline its seat's player is warned."""
    per_move: int = clock["per_move"]
    return max(WARNING_MIN, min(WARNING_SHARE * per_move, WARNING_MAX))


def due(timing: Timing, clock: dict[str, Any], now: datetime) -> list[tuple[int, datetime]]:
    """The seats whose deadline has passed at ``now``, with their deadlines, earliest first."""
    found = [(int(seat), deadline(timing, clock, int(seat))) for seat in timing["since"]]
    return sorted(((seat, when) for seat, when in found if when is not None and when <= now),
                  key=lambda item: item[1])


def next_deadline(timing: Timing, clock: dict[str, Any]) -> datetime | None:
    """The earliest deadline running (None: nobody is on the clock)."""
    found = [deadline(timing, clock, int(seat)) for seat in timing["since"]]
    return min((when for when in found if when is not None), default=None)


def hands_over(clock: dict[str, Any], seats: int, cooperative: bool) -> bool:
    """Whether a timeout hands the seat to the autopilot for the rest of the game (forfeit
    in a co-operative game or with three or more seats); with two seats a forfeit ends it."""
    return clock["on_timeout"] == FORFEIT and (cooperative or seats >= 3)


def _micro(delta: timedelta) -> int:
    return (delta.days * 86400 + delta.seconds) * MICROSECONDS + delta.microseconds
