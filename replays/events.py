"""What each viewer may read of a game's history, with the log line the game writes for them.

During play, the game's ``redact`` hides what the viewer may not see, and the hashes are
withheld: an event's hash (or the state hash after it) covers its hidden part, and a hidden
choice among a few options could be found by hashing each candidate. Once the game is over,
everything is public, hashes included.
"""

from __future__ import annotations

from typing import Any

from domain.history import STARTS, EventRecord, EventType, options_seen, rules_state_after
from domain.kernel import Rules, State

from .fold import Records, is_over, rules_event, rules_of


def visible_events(records: Records, viewer: int | None,
                   after: int = 0) -> list[dict[str, Any]]:
    """The events after ``after`` as ``viewer`` (a seat, or None for a spectator) may see them."""
    reader = Reader(rules_of(records), None, viewer, over=is_over(records))
    return [item for item in reader.read(records) if item["seq"] > after]


class Reader:
    """One viewer's reading of a game, event after event: it keeps the rules state it has
    reached, so a follower that comes back pays only for the events it has not read yet.
    ``state`` is the rules state after the events already read (None: from the start);
    ``over`` whether the game had ended by then (everything is then shown whole)."""

    def __init__(self, rules: Rules, state: State | None, viewer: int | None,
                 over: bool) -> None:
        self.rules, self.state, self.viewer, self.over = rules, state, viewer, over

    def read(self, records: Records) -> list[dict[str, Any]]:
        """The next ``records`` (those after what was read) as the viewer may see them. An end
        among them shows all of them whole, as once the game is over."""
        self.over = self.over or is_over(records)
        shown = []
        for record in records:
            after = rules_state_after(self.rules, self.state, record["type"],
                                      record["payload"])
            shown.append(self._item(self.state, record, after))
            self.state = after
        return shown

    def _item(self, before: State | None, record: EventRecord,
              state_after: State) -> dict[str, Any]:
        event = rules_event(record)
        payload = record["payload"]
        if event is not None and before is not None:
            seen = event if self.over else self.rules.redact(before, event, self.viewer)
            # After the end the log is written as the player who made the move saw it.
            writer = event.get("seat") if self.over else self.viewer
            log = self.rules.describe(before, state_after, event, writer)
            payload = _payload_from(record, seen)
        else:
            log = service_log_line(record)
            if record["type"] in STARTS:  # the options: other seats' own decks kept back
                payload = {**payload, "options": options_seen(
                    self.rules, payload["options"], self.viewer, self.over)}
            if record["type"] == EventType.TAKEN_BACK and not self.over:
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


def service_log_line(record: Any) -> str:
    """The log line of an event the service writes, not the game."""
    payload = record["payload"]
    kind = record["type"]
    if kind == EventType.CREATED:
        names = ", ".join(s["name"] or "(open seat)" for s in payload["seats"])
        return f"A game of {payload['game']} was created for {names}."
    if kind == EventType.FORKED:
        names = ", ".join(s["name"] or "(open seat)" for s in payload["seats"])
        origin = payload["origin"]
        return (f"A sandbox of {payload['game']} was forked from game {origin['game_id']} "
                f"after its event {origin['seq']}, for {names}.")
    if kind == EventType.SEAT_TAKEN:
        return f"{payload['name']} took seat {payload['seat']}."
    if kind == EventType.SEED_REVEALED:
        return "The game's secret seed was revealed: every draw can now be checked."
    if kind == EventType.TAKEBACK_ASKED:
        return (f"Seat {payload['seat']} asked to take back its moves after event "
                f"{payload['to']}.")
    if kind == EventType.TAKEBACK_ANSWERED:
        answer = "accepted" if payload["accepted"] else "declined"
        return f"Seat {payload['seat']} {answer} the takeback."
    if kind == EventType.TAKEN_BACK:
        undone = ", ".join(map(str, payload["undone"]))
        return (f"Taken back by consent: the game is back as after event {payload['to']}; "
                f"events {undone} no longer count.")
    if kind == EventType.TIMED_OUT:
        return (f"Seat {payload['seat']}'s time for its decision ran out (its deadline was "
                f"{payload['deadline']}).")
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
