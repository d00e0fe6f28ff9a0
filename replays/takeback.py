"""Verifying takebacks by consent (replays/README.md, "Takebacks"): each takeback event only
where the service records it, and a rewind only to a state the game really had.

Pure reasons, no exceptions: the verifier names the failing step.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain.history import CROSSABLE, EventType, Life, Status, takeback_refusal
from domain.kernel import Rules, State, hash_value, json_equal


class RecentStates:
    """The rules states after the last events, as far back as a takeback may go: from the
    last event no takeback crosses (a draw, a seat taken...), or from the last move of the
    seat that moved before the latest mover, whichever is later (a takeback crossing either
    is refused whoever asks). A verifier keeps these rather than every state of the game."""

    def __init__(self) -> None:
        # (seq, the mover's seat or None, the state after the event)
        self.kept: list[tuple[int, int | None, State]] = []
        self.mover: int | None = None

    def add(self, seq: int, kind: str, seat: Any, state: State) -> None:
        if kind not in CROSSABLE:
            self.kept, self.mover = [], None
        elif kind == EventType.MOVE_MADE and seat != self.mover:
            if self.mover is not None:
                last = max(i for i, entry in enumerate(self.kept) if entry[1] == self.mover)
                self.kept = self.kept[last:]
            self.mover = seat
        self.kept.append((seq, seat if kind == EventType.MOVE_MADE else None, state))

    def after(self, seq: int) -> State | None:
        """The state after event ``seq`` if kept (a takeback to an earlier event is refused
        before its state is needed)."""
        return next((state for number, _, state in self.kept if number == seq), None)


_TAKEN_BACK = EventType.TAKEN_BACK  # bound once: asked of every event verified


def while_pending(kind: str, life: Life, seats: int) -> str | None:
    """Why ``kind`` may not come here given the pending takeback, or None: while one is
    pending, no move, draw or end; once every other seat has accepted, only the rewind (or a
    resignation or abandonment); and no rewind without an agreed takeback."""
    asked = life.get("takeback")
    agreed = asked is not None and len(asked["accepted"]) == seats - 1
    if kind == _TAKEN_BACK:
        return None if agreed else "a takeback can happen only once every other seat accepted"
    if asked is None:
        return None
    if agreed and kind not in (EventType.RESIGNED, EventType.ABANDONED):
        return "every seat accepted the takeback: the rewind must follow"
    if kind in (EventType.MOVE_MADE, EventType.CHANCE_RESOLVED, EventType.ENDED,
                EventType.TAKEBACK_ASKED):
        return f"a {kind} event while a takeback waits for answers"
    return None


def takeback_failure(kind: str, payload: dict[str, Any], seq: int, life: Life,
                     events: Sequence[dict[str, Any]], state_hashes: Sequence[str],
                     rules: Rules, recent: RecentStates | None) -> str | None:
    """Why a takeback event ``seq`` is not what the service records, or None.
    ``state_hashes``: the state hash after each event before it (index 0: event 1);
    ``recent``: None where the game allows no takebacks (no state is needed to refuse one)."""
    if life["status"] != Status.ACTIVE:
        return f"a {kind} event while the game is {life['status']}"
    if kind == EventType.TAKEBACK_ASKED:
        return _asked_failure(payload, seq, life, events, rules, recent)
    if kind == EventType.TAKEBACK_ANSWERED:
        asked, seat = life.get("takeback"), payload["seat"]
        if asked is None or type(payload["accepted"]) is not bool or type(seat) is not int \
                or not 0 <= seat < len(life["seats"]) or seat == asked["seat"] \
                or seat in asked["accepted"]:
            return "an answer to a takeback comes from each other seat once, true or false"
        return None
    asked = life.get("takeback")
    assert asked is not None  # while_pending checked
    ask_seq = seq - len(life["seats"])  # the ask, then one answer from each other seat
    if type(payload["to"]) is not int or payload["to"] != asked["to"]:
        return "the rewind is not to the point the takeback asked for"
    if not json_equal(payload["undone"], list(range(asked["to"] + 1, ask_seq))):
        return "the rewind does not name the moves it undoes"
    if hash_value(payload["state"]) != state_hashes[asked["to"] - 1]:
        return f"the state rewound to is not the state after event {asked['to']}"
    return None


def _asked_failure(payload: dict[str, Any], seq: int, life: Life,
                   events: Sequence[dict[str, Any]], rules: Rules,
                   recent: RecentStates | None) -> str | None:
    seat, to = payload["seat"], payload["to"]
    if type(seat) is not int or not 0 <= seat < len(life["seats"]) or type(to) is not int \
            or not 1 <= to < seq:
        return "a takeback names its seat and an earlier event"
    crossed = [(event["type"], event["payload"]) for event in events[to:seq - 1]]
    state_then = None if recent is None else recent.after(to)
    return takeback_refusal(life, rules, seat, state_then, crossed)
