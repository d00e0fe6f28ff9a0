"""A failed verification in plain words, for people: the step, what that event says (its log
line, recomputed, where the rules can write it; else its kind and its seat by name) and
which check failed. The verdict's ``reason`` stays as it is, for programs.

"Event 7 (ann (seat 0) bought Gold) was changed after it was recorded: its content no longer
matches its hash."
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from domain.history import PAYLOAD_KEYS, STARTS, EventRecord, EventType, rules_state_after
from domain.kernel import Audience, Rules, State

from .words import line_of, service_line

# Each check (``StepFailed.check``): what it means of a failing event, and of a document
# failing as a whole.
CHECKS: dict[str, tuple[str, str]] = {
    "shape": ("is not written as the replay format requires",
              "is not written as the replay format requires"),
    "order": ("is not where it should be: an event before it is missing, doubled or moved",
              "has its events out of order"),
    "chain": ("does not follow the event before it: the chain of hashes is broken, so an "
              "event was removed, added or changed before it", "has a broken chain of hashes"),
    "hash": ("was changed after it was recorded: its content no longer matches its hash",
             "was changed after it was recorded"),
    "seat": ("names another seat than the one its content names",
             "names seats inconsistently"),
    "life": ("could not have happened at that point of the game",
             "tells a game that could not have happened"),
    "rules": ("is not allowed by the game's rules at that point",
              "holds a move the game's rules do not allow"),
    "draw": ("is a random draw that the game's revealed secret seed does not give",
             "holds a random draw that the game's secret seed does not give"),
    "commitment": ("names a game whose revealed secret seed is not the one the server "
                   "committed to before play began",
                   "reveals another secret seed than the one committed to before play"),
    "seed": ("reveals another secret seed than the document's", "reveals two secret seeds"),
    "state": ("does not lead to the position recorded after it (its state hash)",
              "records positions its events do not lead to"),
    "result": ("records a result the game's rules do not give",
               "records a result the game's rules do not give"),
    "words": ("is told in other words than the rules write for it",
              "holds log lines the rules do not write"),
    "takeback": ("is a takeback the rules do not allow", "holds a takeback the rules refuse"),
    "game_id": ("belongs to another game: it records another game id than the document's",
                "is filed under another game's id"),
    "preference": ("is a pass the seat's choice of windows not to be asked in does not "
                   "cover, or a choice the game does not offer",
                   "holds a pass made for a seat that did not choose it"),
    "clock": ("breaks the order of time or the game's clock",
              "holds times that run backwards or break the game's clock"),
    "origin": ("starts a sandbox from a state its source game or its position does not give",
               "is a sandbox whose origin cannot be checked"),
    "malformed": ("holds a value of a kind the rules cannot read",
                  "could not be read: a field holds a value of the wrong kind"),
    "format": ("", "is not a gamehall replay document of a version this verifier reads"),
    "incomplete": ("", "is not complete: the game is not over, or its secret seed is not "
                       "revealed yet, so its draws cannot be checked"),
    "empty": ("", "holds no events"),
    "narration": ("", "says its log lines are written in a narration this verifier does "
                      "not know"),
    "unfinished": ("", "does not tell the game to its end and the reveal of its secret seed"),
    "header": ("", "says something of the game that its events do not"),
}
# Checks whose reason is already plain words: it is the explanation's detail.
PLAIN_REASONS = frozenset({"life", "takeback", "origin", "preference"})


def explain(seq: int | None, check: str, reason: str, detail: str | None,
            told: str | None) -> str:
    """The sentence of a failure at event ``seq`` (None: the document as a whole) of
    ``check``, the event being ``told`` in words."""
    for_event, for_document = CHECKS.get(check, ("failed a check", "failed a check"))
    if detail is None and check in PLAIN_REASONS:
        detail = reason
    if seq is None:
        sentence = f"The document {for_document}"
    else:
        told = told.removesuffix(".") if told else told  # inside brackets, mid-sentence
        sentence = f"Event {seq}{f' ({told})' if told else ''} {for_event or 'failed'}"
    return f"{sentence}: {detail}." if detail else f"{sentence}."


def event_in_words(rules: Rules | None, before: State | None, event: Any,
                   seats: Sequence[Mapping[str, Any]] | None) -> str | None:
    """What ``event`` (of a document; the rules state ``before`` it, the game's ``seats``
    then) says, in the public narration: its log line where the rules can write it, else
    its kind and its seat by name; None for what is no event at all. Never raises."""
    if not isinstance(event, dict) or not isinstance(event.get("payload"), dict):
        return None
    payload, kind = event["payload"], event.get("type")
    try:
        named = payload["seats"] if kind in STARTS else seats
        audience = Audience.of(named or [], everything=True)
    except Exception:  # seats the document garbled: told without names
        audience = Audience(())
    try:
        if kind in STARTS:  # the service's words: no rules state needed
            return service_line(cast(EventRecord, event), audience)
        assert rules is not None
        after = rules_state_after(rules, before, str(kind), payload)
        line = line_of(rules, before, after, cast(EventRecord, event), audience)
    except Exception:  # an event the rules cannot apply or tell: said in brief
        return in_brief(kind, payload.get("seat"), audience)
    seat = payload.get("seat")
    if type(seat) is int and 0 <= seat < len(audience.names) \
            and audience.names[seat] not in line:  # words that do not name the seat
        return f"{in_brief(kind, seat, audience)}: {line}"
    return line


def in_brief(kind: Any, seat: Any, audience: Audience) -> str:
    """An event told by its kind and seat alone: "a move by ann (seat 0)"."""
    by = f" by {audience.who(seat, start=False)}" if type(seat) is int and seat >= 0 else ""
    if kind == EventType.MOVE_MADE:
        return f"a move{by}"
    if kind == EventType.CHANCE_RESOLVED:
        return "a random draw"
    if isinstance(kind, str) and kind in PAYLOAD_KEYS:
        return f"a {kind.replace('_', ' ')} event{by}"
    return "an event of no kind the format knows"
