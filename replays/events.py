"""What each viewer may read of a game's history, with the log line the game writes for them
(``replays.words``, in the public narration: seats by name, "You" for the viewer's own seat
during play only).

During play, the game's ``redact`` hides what the viewer may not see, and the hashes are
withheld: an event's hash (or the state hash after it) covers its hidden part, and a hidden
choice among a few options could be found by hashing each candidate. Once the game is over,
everything is public, hashes included.
"""

from __future__ import annotations

from typing import Any

from domain.history import (
    FINISHED,
    STARTS,
    EventRecord,
    EventType,
    Life,
    begin,
    live,
    options_seen,
    rules_state_after,
)
from domain.kernel import Audience, Rules, State

from .fold import Records, is_over, rules_event, rules_of
from .words import Audiences, line_of


def visible_events(records: Records, viewer: int | None,
                   after: int = 0) -> list[dict[str, Any]]:
    """The events after ``after`` as ``viewer`` (a seat, or None for a spectator) may see them."""
    reader = Reader(rules_of(records), None, viewer)
    return [item for item in reader.read(records) if item["seq"] > after]


class Reader:
    """One viewer's reading of a game, event after event: it keeps the rules state and the
    game's life it has reached, so a follower that comes back pays only for the events it has
    not read yet. ``state`` and ``life`` are those after the events already read (None: from
    the start); once the life says the game is over, everything is shown whole."""

    def __init__(self, rules: Rules, state: State | None, viewer: int | None,
                 life: Life | None = None) -> None:
        self.rules, self.state, self.viewer, self.life = rules, state, viewer, life
        self.over = life is not None and life["status"] in FINISHED
        self.audiences = Audiences(viewer)

    def read(self, records: Records) -> list[dict[str, Any]]:
        """The next ``records`` (those after what was read) as the viewer may see them. An end
        among them shows all of them whole, as once the game is over."""
        self.over = self.over or is_over(records)
        shown = []
        for record in records:
            after = rules_state_after(self.rules, self.state, record["type"],
                                      record["payload"])
            kind, payload = record["type"], record["payload"]
            self.life = begin(payload) if kind in STARTS else live(self._life(), kind, payload)
            shown.append(self._item(self.state, record, after))
            self.state = after
        return shown

    def _life(self) -> Life:
        assert self.life is not None, "a history starts with its created or forked event"
        return self.life

    def audience(self) -> Audience:
        """Who reads: the viewer's own seat says "You" during play; the public record after."""
        return self.audiences(self._life()["seats"], self.over)

    def _item(self, before: State | None, record: EventRecord,
              state_after: State) -> dict[str, Any]:
        event = rules_event(record)
        payload = record["payload"]
        log = line_of(self.rules, before, state_after, record, self.audience())
        if event is not None and before is not None:
            seen = event if self.over else self.rules.redact(before, event, self.viewer)
            payload = _payload_from(record, seen)
        elif record["type"] in STARTS:  # the options: other seats' own decks kept back
            payload = {**payload, "options": options_seen(
                self.rules, payload["options"], self.viewer, self.over)}
        elif record["type"] == EventType.TAKEN_BACK and not self.over:
            payload = {**payload, "state": None}  # the whole state: hidden until the end
        item = {"seq": record["seq"], "type": record["type"], "seat": record["seat"],
                "payload": payload, "at": record["at"], "log": log}
        if self.over:
            item.update(prev_hash=record["prev_hash"], state_hash=record["state_hash"],
                        hash=record["hash"])
        return item


def _payload_from(record: Any, seen: dict[str, Any]) -> dict[str, Any]:
    if seen["type"] == "move":
        return {**record["payload"], "move": seen["move"]}
    return {**record["payload"], "outcome": seen["outcome"]}
