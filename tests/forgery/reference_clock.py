"""The reference verifier's times and clocks, written from replays/README.md ("Times and
clocks") alone: times run forward; a clock of the one form; each running decision's
deadline from the events' times; a timeout no earlier than its deadline and naming it; no
move of a seat on the clock after its deadline. Which seats a decision asks is the rules'
to say: without them (``reference.rules`` None) only the order of times and the clock's form
are checked. Like reference.py, it imports nothing of the project."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

LIMIT = 2592000
MICRO = 1_000_000


def is_int(value: Any, low: int) -> bool:
    return type(value) is int and low <= value <= LIMIT


class ReferenceClock:
    def __init__(self) -> None:
        self.last: datetime | None = None
        self.clock: dict[str, Any] | None = None
        self.bank: dict[int, int] = {}
        self.since: dict[int, datetime] = {}
        self.handed: set[int] = set()
        self.tracking = True  # the rules are given: each decision's deadline is known

    def deadline(self, seat: int) -> datetime:
        assert self.clock is not None
        return (self.since[seat] + timedelta(seconds=self.clock["per_move"],
                                             microseconds=self.bank[seat])).astimezone(UTC)

    def before(self, index: int, kind: str, payload: dict[str, Any], at: str,
               playing: bool) -> bool:
        """Whether the event may come at ``at`` (checked before the rules see it)."""
        moment = datetime.fromisoformat(at)
        if moment.tzinfo is None or (self.last is not None and moment < self.last):
            return False
        self.last = moment
        if index == 1:
            return self.start(payload)
        seat = payload.get("seat")
        if kind == "timed_out" and not self.tracking:
            return playing and self.clock is not None and type(seat) is int
        if kind == "timed_out":
            return (playing and self.clock is not None and type(seat) is int
                    and seat in self.since
                    and payload["deadline"] == self.deadline(seat).isoformat()
                    and moment >= self.deadline(seat))
        if kind == "move_made":
            if payload.get("by") == "autopilot" and self.clock is None:
                return False
            return type(seat) is not int or seat not in self.since or (
                moment <= self.deadline(seat))
        return True

    def start(self, payload: dict[str, Any]) -> bool:
        if "clock" not in payload:
            return True
        clock = payload["clock"]
        if (not isinstance(clock, dict) or set(clock) != {"per_move", "bank", "on_timeout"}
                or not is_int(clock["per_move"], 1) or not is_int(clock["bank"], 0)
                or clock["on_timeout"] not in ("autopilot", "forfeit")):
            return False
        self.clock = clock
        self.bank = {seat: clock["bank"] * MICRO for seat in range(len(payload["seats"]))}
        return True

    def after(self, kind: str, payload: dict[str, Any], at: str, reference: Any) -> None:
        """The decisions running after the event (``reference``: the verifier, its game
        folded through this event)."""
        if self.clock is None:
            return
        if reference.rules is None:
            self.tracking = False
            return
        moment = datetime.fromisoformat(at)
        seats = reference.seats
        if kind == "timed_out" and self.clock["on_timeout"] == "forfeit" and (
                reference.rules.cooperative or len(seats) >= 3):
            self.handed.add(payload["seat"])
        seat = payload.get("seat")
        if kind in ("move_made", "takeback_answered", "timed_out") and seat in self.since:
            took = (moment - self.since.pop(seat)) // timedelta(microseconds=1)
            self.bank[seat] = max(0, self.bank[seat] - max(0, took - self.clock["per_move"]
                                                           * MICRO))
        on = [s for s in self.asked(reference)
              if seats[s]["bot"] is None and s not in self.handed]
        self.since = {s: self.since.get(s, moment) for s in on}

    @staticmethod
    def asked(reference: Any) -> list[int]:
        if reference.status != "active":
            return []
        if reference.pending is not None:
            asker, _, accepted = reference.pending
            return [s for s in range(len(reference.seats)) if s != asker and s not in accepted]
        kind, asked = reference.rules.next(reference.state)
        return list(asked) if kind == "decision" else []
