"""The log line of each event of a history, in either narration a document may be written in
(``domain.kernel.narration``: ``NARRATIONS``), written by the builder and recomputed by the
verifier from the same function, so that a document's words are checked like its moves.

Narration 2 (the public narration) has the game's ``narrate`` tell its events, and names
seats by name in the service's own events ("ann (seat 0) resigned."); "You" only for the
reader's own seat during play. Narration 1 (legacy, documents made before words were
checked) is the rules' ``describe`` written as each event's mover saw it, and the service's
old lines ("Seat 0 resigned."): kept word for word, so that old documents keep verifying.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from domain.clocks import AUTOPILOT
from domain.history import EventRecord, EventType, Life, begin, live
from domain.kernel import (
    LEGACY_NARRATION,
    NARRATIONS,
    PUBLIC_NARRATION,
    Audience,
    Rules,
    State,
    log_line,
)
from domain.preferences import PREFERENCE, chosen_line, passed_line

from .fold import Records, rules_event, rules_of, walk


def narration_of(document: Mapping[str, Any]) -> int:
    """A document's narration (absent: legacy); ValueError for one this code does not know."""
    narration = document.get("narration", LEGACY_NARRATION)
    if type(narration) is not int or narration not in NARRATIONS:
        known = " or ".join(map(str, NARRATIONS))
        raise ValueError(f"narration {narration!r} is not one this verifier knows ({known})")
    return narration


class Audiences:
    """``Audience.of`` for one reader, kept while the seats are the same list (a game's life
    makes a new one only when a seat is taken): a line an event, and the names built once."""

    def __init__(self, viewer: int | None = None) -> None:
        self.viewer = viewer
        self._kept: tuple[object, bool, Audience] | None = None

    def __call__(self, seats: Sequence[Mapping[str, Any]], everything: bool) -> Audience:
        kept = self._kept
        if kept is None or kept[0] is not seats or kept[1] != everything:
            kept = self._kept = (seats, everything,
                                 Audience.of(seats, self.viewer, everything=everything))
        return kept[2]


def public_lines(records: Records, narration: int) -> Iterator[tuple[State, str]]:
    """Each record's rules state after it, and its log line in ``narration`` as the public
    record tells it (seat names as of that event): a complete document's lines."""
    rules, audiences = rules_of(records), Audiences()
    life: Life | None = None
    for before, record, after in walk(records):
        kind, payload = record["type"], record["payload"]
        life = begin(payload) if life is None else live(life, kind, payload)
        yield after, line_of(rules, before, after, record, audiences(life["seats"], True),
                             narration)


def line_of(rules: Rules, before: State | None, after: State, record: EventRecord,
            audience: Audience, narration: int = PUBLIC_NARRATION) -> str:
    """The log line of ``record`` (the rules state ``before`` it and ``after`` it) for
    ``audience``, in ``narration``; the legacy narration ignores the audience (a complete
    document's lines were written as each event's mover saw it)."""
    if narration == LEGACY_NARRATION:
        event = rules_event(record)
        if event is not None and before is not None:
            return rules.describe(before, after, event, event.get("seat"))
        return legacy_service_line(record)
    event = rules_event(record, read_back=True)
    if event is not None and before is not None:
        by = record["payload"].get("by")
        if by == PREFERENCE:  # the service passed for the seat
            seat = event["seat"]
            return passed_line(rules, before, rules.next(before), seat, audience.who(seat))
        line = log_line(rules, before, after, event, audience)
        return line + AUTOPILOT_NOTE if by == AUTOPILOT else line
    if record["type"] == EventType.PREFERENCES_SET:
        payload = record["payload"]
        return chosen_line(rules, payload["skip"], audience.who(payload["seat"]))
    return service_line(record, audience)


def legacy_lines(rules: Rules, before: State | None, after: State,
                 record: EventRecord) -> Iterator[str]:
    """The legacy line of a move with its keys in every other order: a legacy document read
    back from JSON with sorted keys (as the API sends it) holds its moves in another order
    than the one its lines were written from, and some games' ``describe`` lists a move's
    fields in order. Only the order differs: every candidate tells the same move."""
    event = rules_event(record)
    if event is None or before is None or event["type"] != "move":
        return
    move = event["move"]
    if not isinstance(move, dict) or len(move) > MAX_REORDERED_KEYS:
        return
    for keys in itertools.permutations(move):
        reordered = {**event, "move": {key: move[key] for key in keys}}
        yield rules.describe(before, after, reordered, event["seat"])


# Told after the line of a move the autopilot made for a seat whose time ran out.
AUTOPILOT_NOTE = " (Played by the autopilot.)"

# A move with more keys is not tried in every order (6 keys: 720 orders).
MAX_REORDERED_KEYS = 6


def service_line(record: EventRecord, audience: Audience) -> str:
    """The log line of an event the service writes, not the game, naming seats by name."""
    payload, kind = record["payload"], record["type"]
    if kind == EventType.CREATED:
        return f"A new game was created for {seat_list(payload['seats'], audience)}."
    if kind == EventType.FORKED and "position" in payload:
        return (f"A sandbox was set up from a position, for "
                f"{seat_list(payload['seats'], audience)}.")
    if kind == EventType.FORKED:
        origin = payload["origin"]
        return (f"A sandbox was forked from game {origin['game_id']} after its event "
                f"{origin['seq']}, for {seat_list(payload['seats'], audience)}.")
    if kind == EventType.SEAT_TAKEN:
        return f"{payload['name']} took seat {payload['seat']}."
    if kind == EventType.TAKEBACK_ASKED:
        return (f"{audience.who(payload['seat'])} asked to take back the moves made after "
                f"event {payload['to']}.")
    if kind == EventType.TAKEBACK_ANSWERED:
        answer = "accepted" if payload["accepted"] else "declined"
        return f"{audience.who(payload['seat'])} {answer} the takeback."
    if kind == EventType.RESIGNED:
        return f"{audience.who(payload['seat'])} resigned."
    if kind == EventType.TIMED_OUT:
        return (f"{audience.who(payload['seat'])} ran out of time for a decision (the "
                f"deadline was {payload['deadline']}).")
    if kind == EventType.ENDED:
        result = payload["result"]
        return f"The game is over ({result['reason']}); {outcome_text(result, audience)}."
    return legacy_service_line(record)  # the lines that name no seat are the same


def seat_list(seats: Sequence[Mapping[str, Any]], audience: Audience) -> str:
    """The seats of a new game in words: "ann (seat 0), seat 1 (open)"."""
    return ", ".join(audience.names[i] if seat.get("name") else f"seat {i} (open)"
                     for i, seat in enumerate(seats))


def outcome_text(result: dict[str, Any], audience: Audience | None = None) -> str:
    """Who won, in words: a shared win or loss of a co-operative game says so; winners by
    name for an ``audience`` (legacy: by seat number)."""
    if result.get("shared") == "win":
        return "the players won together"
    if result.get("shared") == "loss":
        return "the players lost together"
    if audience is None:
        winners = ", ".join(f"seat {w}" for w in result["winners"]) or "nobody"
        return f"winner: {winners}"
    named = [audience.who(w) for w in result["winners"]]
    if not named:
        return "nobody won"
    return f"{'winners' if len(named) > 1 else 'winner'}: {', '.join(named)}"


def legacy_service_line(record: EventRecord) -> str:
    """The service's log lines of narration 1, word for word as every document made before
    narration 2 holds them."""
    payload, kind = record["payload"], record["type"]
    if kind in (EventType.CREATED, EventType.FORKED):
        names = ", ".join(s["name"] or "(open seat)" for s in payload["seats"])
        if kind == EventType.CREATED:
            return f"A game of {payload['game']} was created for {names}."
        if "position" in payload:
            return f"A sandbox of {payload['game']} was set up from a position, for {names}."
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
    result = payload["result"]
    if kind == EventType.RESIGNED:
        return f"Seat {payload['seat']} resigned."
    if kind == EventType.ABANDONED:
        return f"The game was abandoned: {result['reason']}."
    return f"The game is over ({result['reason']}); {outcome_text(result)}."
