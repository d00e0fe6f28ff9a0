"""A game's history: the one vocabulary of event types and statuses, the event record, the
event hash, and the one fold of events, used alike by the aggregate, replays, projections,
the API and the CLI.

Pure, and free of the event store: anyone can fold or verify a history with this module, the
kernel and the game packages alone. ``replays/README.md`` specifies the record and its hash.

A history folds into two things: the game's *life* (``Life``: which game under which rules
version, its seats, status, result and revealed seed), changed by the service's events, and
the *rules state*, changed by moves and chance outcomes through the game's rules.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import Any, NotRequired, TypedDict

from .clocks import Timing, clocked_seats, handed_over, hands_over, start_timing, tick
from .games import get_rules
from .kernel import GameError, Rules, State, hash_value, json_copy, round_trip


class EventType(StrEnum):
    CREATED = "created"
    FORKED = "forked"        # a sandbox: from a finished game's state, or from a position
    SEAT_TAKEN = "seat_taken"
    MOVE_MADE = "move_made"
    CHANCE_RESOLVED = "chance_resolved"
    ENDED = "ended"          # the rules say the game is over
    RESIGNED = "resigned"    # a seat gave up
    ABANDONED = "abandoned"  # the service gave up on a stalled game
    SEED_REVEALED = "seed_revealed"
    TAKEBACK_ASKED = "takeback_asked"        # a seat asks to take back its last moves
    TAKEBACK_ANSWERED = "takeback_answered"  # another seat accepts or declines
    TAKEN_BACK = "taken_back"                # all accepted: the game goes back
    TIMED_OUT = "timed_out"                  # a seat's time for a decision ran out
    PREFERENCES_SET = "preferences_set"      # the windows a seat chose not to be asked in


# Each event type's payload, key for key (replays/README.md: "Event types and payloads").
PAYLOAD_KEYS: dict[str, frozenset[str]] = {
    EventType.CREATED: frozenset({"game", "rules_version", "options", "seats", "commitment"}),
    EventType.FORKED: frozenset({"game", "rules_version", "options", "seats", "commitment",
                                 "state"}),
    EventType.SEAT_TAKEN: frozenset({"seat", "name"}),
    EventType.MOVE_MADE: frozenset({"seat", "move", "by"}),
    EventType.CHANCE_RESOLVED: frozenset({"spec", "outcome"}),
    EventType.ENDED: frozenset({"result"}),
    EventType.RESIGNED: frozenset({"seat", "result"}),
    EventType.ABANDONED: frozenset({"result"}),
    EventType.SEED_REVEALED: frozenset({"seed"}),
    EventType.TAKEBACK_ASKED: frozenset({"seat", "to"}),
    EventType.TAKEBACK_ANSWERED: frozenset({"seat", "accepted"}),
    EventType.TAKEN_BACK: frozenset({"to", "undone", "state"}),
    EventType.TIMED_OUT: frozenset({"seat", "deadline"}),
    EventType.PREFERENCES_SET: frozenset({"seat", "skip"}),
}
# Keys a payload may carry besides its own: ``takebacks`` (always true: absent means off)
# where the game allows takebacks by consent; ``clock`` where the game is played on a clock
# (``domain.clocks``); ``game_id``, the game's own id, in every first event recorded since it
# binds the record to its id (absent from histories made before).
OPTIONAL_KEYS: dict[str, frozenset[str]] = {
    EventType.CREATED: frozenset({"takebacks", "clock", "game_id"}),
    EventType.FORKED: frozenset({"takebacks", "clock", "game_id"}),
}


# A sandbox (``forked``) names exactly one source of its state: ``origin``, a finished game's
# event, or ``position``, a position described in the rulebook's terms (its game's builder,
# domain/kernel/position.py, rebuilds the state from it).
SANDBOX_SOURCES = frozenset({"origin", "position"})


def payload_keys_fit(type_: str, keys: set[str]) -> bool:
    """Whether a payload of ``type_`` has exactly its keys, and perhaps its optional ones (a
    sandbox's: one of SANDBOX_SOURCES too)."""
    required = PAYLOAD_KEYS[type_]
    if type_ == EventType.FORKED:
        sources = keys & SANDBOX_SOURCES
        if len(sources) != 1:
            return False
        keys = keys - sources
    return required <= keys <= required | OPTIONAL_KEYS.get(type_, frozenset())


class Status(StrEnum):
    WAITING = "waiting"      # some seat is still open
    ACTIVE = "active"
    OVER = "over"            # ended or resigned
    ABANDONED = "abandoned"


# The keys of a fork's ``origin``: the source game, the event it was forked after, and the
# state hash that event recorded.
ORIGIN_KEYS = frozenset({"game_id", "seq", "state_hash"})
STARTS = frozenset({EventType.CREATED, EventType.FORKED})  # a history's first event
ENDINGS = frozenset({EventType.ENDED, EventType.RESIGNED, EventType.ABANDONED})
FINISHED = frozenset({Status.OVER, Status.ABANDONED})
RULES_EVENTS = frozenset({EventType.MOVE_MADE, EventType.CHANCE_RESOLVED})
TAKEBACK_EVENTS = frozenset({EventType.TAKEBACK_ASKED, EventType.TAKEBACK_ANSWERED,
                             EventType.TAKEN_BACK})
# The events that end the running decision of the seat they name (on a clock).
DECIDING = frozenset({EventType.MOVE_MADE, EventType.TAKEBACK_ANSWERED, EventType.TIMED_OUT})


class EventRecord(TypedDict):
    """One recorded event as plain data; ``hash`` covers every other field but ``game_id``
    and ``seat`` (the game id is bound by the seed's commitment, and ``seat`` repeats the
    payload's)."""

    game_id: str
    seq: int
    type: str
    seat: int | None
    payload: dict[str, Any]
    at: str
    prev_hash: str
    state_hash: str
    hash: str


class Life(TypedDict):
    """``origin`` only in a fork, ``position`` only in a sandbox from a position,
    ``takebacks`` only where the game allows them, ``takeback``
    once one was asked (all absent from lives kept before they existed)."""

    game: str
    rules_version: str
    options: dict[str, Any]
    seats: list[dict[str, Any]]
    commitment: str
    status: str
    result: dict[str, Any] | None
    seed: str | None
    origin: NotRequired[dict[str, Any]]
    position: NotRequired[dict[str, Any]]
    takebacks: NotRequired[bool]
    # A takeback asked and not yet settled: {seat, to, accepted: [seats]}.
    takeback: NotRequired[dict[str, Any] | None]
    # A game played on a clock: the option, each seat's running decision, and the seats a
    # timeout handed to the autopilot for the rest of the game (``domain.clocks``).
    clock: NotRequired[dict[str, Any]]
    timing: NotRequired[Timing]
    autopilot: NotRequired[list[int]]
    # The window kinds each seat chose not to be asked in (``domain.preferences``), once one
    # chose.
    skip: NotRequired[list[list[str]]]


class HistoryDiverged(GameError):
    """The recorded history no longer reproduces under its rules: the store or the rules code
    changed underneath it. Such a game is not served."""

    code = "history-diverged"


def event_hash(sequence: int, type_: str, payload: dict[str, Any], at: str, prev_hash: str,
               state_hash: str) -> str:
    """The hash an event carries: SHA-256 of the canonical JSON of its fields."""
    return hash_value({"seq": sequence, "type": type_, "payload": payload, "at": at,
                       "prev_hash": prev_hash, "state_hash": state_hash})


def record_hash(record: Mapping[str, Any]) -> str:
    """The hash of a record, or of a replay document's event (which adds its log line)."""
    return event_hash(record["seq"], record["type"], record["payload"], record["at"],
                      record["prev_hash"], record["state_hash"])


# ---- the life of a game ----


def begin(payload: dict[str, Any]) -> Life:
    """The life a ``created`` or ``forked`` event starts."""
    seats = [dict(seat) for seat in payload["seats"]]
    life = Life(game=payload["game"], rules_version=payload["rules_version"],
                options=payload["options"], seats=seats, commitment=payload["commitment"],
                status=_seated_status(seats), result=None, seed=None)
    if "origin" in payload:
        life["origin"] = payload["origin"]
    if "position" in payload:
        life["position"] = payload["position"]
    if payload.get("takebacks") is True:
        life["takebacks"] = True
    if "clock" in payload:
        life["clock"] = payload["clock"]
        life["timing"] = start_timing(payload["clock"], len(seats))
    return life


def live(life: Life, type_: str, payload: dict[str, Any]) -> Life:
    """The life after one more event (``created`` or ``forked`` starts one: see ``begin``)."""
    if type_ in RULES_EVENTS:  # most events: moves and draws change only the rules state
        return life
    if type_ == EventType.SEAT_TAKEN:
        seats = [dict(seat) for seat in life["seats"]]
        seats[payload["seat"]]["name"] = payload["name"]
        return {**life, "seats": seats, "status": _seated_status(seats)}
    if type_ in ENDINGS:
        status = Status.ABANDONED if type_ == EventType.ABANDONED else Status.OVER
        return {**life, "status": str(status), "result": payload["result"]}
    if type_ == EventType.SEED_REVEALED:
        return {**life, "seed": payload["seed"]}
    if type_ == EventType.TAKEBACK_ASKED:
        return {**life, "takeback": {"seat": payload["seat"], "to": payload["to"],
                                     "accepted": []}}
    if type_ == EventType.TAKEBACK_ANSWERED:
        asked = life.get("takeback")
        if not payload["accepted"] or asked is None:
            return {**life, "takeback": None}
        return {**life, "takeback": {**asked, "accepted": [*asked["accepted"],
                                                           payload["seat"]]}}
    if type_ == EventType.TAKEN_BACK:
        return {**life, "takeback": None}
    if type_ == EventType.PREFERENCES_SET:
        skip = [list(kinds) for kinds in life.get("skip", [[] for _ in life["seats"]])]
        skip[payload["seat"]] = list(payload["skip"])
        return {**life, "skip": skip}
    if type_ == EventType.TIMED_OUT and hands_over(
            life["clock"], len(life["seats"]), rules_for(life).info.traits.cooperative):
        return {**life, "autopilot": [*handed_over(life), payload["seat"]]}
    return life


def timed(life: Life, rules: Rules, state: State, type_: str, payload: dict[str, Any],
          at: str) -> Life:
    """The life after an event at ``at`` whose fold gave ``life`` and the rules ``state``:
    in a game played on a clock, each seat's running decision (``domain.clocks.tick``)."""
    clock = life.get("clock")
    if clock is None:
        return life
    asked = clocked_seats(life, rules, state) if life["status"] == Status.ACTIVE else []
    decided = payload.get("seat") if type_ in DECIDING else None
    return {**life, "timing": tick(life["timing"], clock, asked, decided, at)}


def _seated_status(seats: list[dict[str, Any]]) -> str:
    return str(Status.WAITING if any(s["name"] is None for s in seats) else Status.ACTIVE)


def rules_for(life: Life) -> Rules:
    """The rules the game was created under (its version, not necessarily today's)."""
    return get_rules(life["game"], life["rules_version"])


def options_seen(rules: Rules, options: dict[str, Any], viewer: int | None,
                 over: bool) -> dict[str, Any]:
    """A game's options as ``viewer`` (a seat; None: anyone) may see them: whole once the game
    is over; while it is played, without what the game keeps to each seat (the other seats'
    own decks: ``DeckRules.public``)."""
    decks = rules.decks
    if over or decks is None or decks.option not in options:
        return options
    return decks.public(options, viewer)


# ---- the rules state ----


def rules_state_after(rules: Rules, state: State | None, type_: str,
                      payload: dict[str, Any]) -> State:
    """The rules state after an event (no legality checks: the verifier does those)."""
    if type_ == EventType.CREATED:
        return rules.setup(payload["options"], len(payload["seats"]))
    if type_ == EventType.FORKED:
        return forked_state(payload)
    if type_ == EventType.TAKEN_BACK:
        return json_copy(payload["state"])  # a state recorded whole: never shared with it
    assert state is not None, "a history starts with its created or forked event"
    if type_ == EventType.MOVE_MADE:
        return rules.apply_move(state, payload["seat"], payload["move"])
    if type_ == EventType.CHANCE_RESOLVED:
        return rules.apply_chance(state, payload["outcome"])
    return state


def forked_state(payload: dict[str, Any]) -> State:
    """The rules state a fork starts from. A rules version may depend on the order of an
    object's keys (God of War's does), which JSON does not keep: a document read back with
    sorted keys (the API's, NDJSON's) would play on from another state than the server's. So a
    fork recorded with its ``game_id`` (every fork since) starts from ``state`` with every
    object's keys sorted, as its canonical JSON holds them, wherever it is read; one made
    before keeps the order its record holds."""
    if "game_id" in payload:
        return round_trip(payload["state"])
    return json_copy(payload["state"])


def check_reproduces(state: State, seq: int, recorded_hash: str, life: Life) -> None:
    """Raise HistoryDiverged unless ``state`` hashes to the state hash event ``seq`` recorded."""
    if hash_value(state) != recorded_hash:
        raise HistoryDiverged(
            f"Event {seq} of this game no longer reproduces under {life['game']} rules "
            f"{life['rules_version']}: the state it leads to does not match the recorded "
            "state hash. The game cannot be served until its history or rules are restored.",
            seq=seq)


# ---- takebacks by consent ----

# What a takeback may cross besides the asker's own moves: earlier takebacks' bookkeeping.
CROSSABLE = frozenset({EventType.MOVE_MADE, *TAKEBACK_EVENTS})


def takeback_refusal(life: Life, rules: Rules, seat: int, state_then: State,
                     crossed: list[tuple[str, dict[str, Any]]]) -> str | None:
    """Why ``seat`` may not go back to ``state_then`` across the events ``crossed`` (type and
    payload, oldest first: every event after the point it goes back to), or None. The rule
    (docs/takebacks-forks-receipts.md; replays/README.md, "Takebacks"): only where the game allows
    takebacks, while it is played and no other takeback is pending; every event crossed is
    one of the seat's own moves or an earlier takeback's bookkeeping (no draw, no other
    seat's or bot's move, no other event), at least one of them a move; and none of those moves
    showed the seat anything (the game's ``reveals``), whoever the game waits on now."""
    if not life.get("takebacks"):
        return "This game does not allow takebacks (an option chosen when it was created)."
    if life["status"] != Status.ACTIVE or life.get("takeback") is not None:
        return "A takeback can be asked only while the game is played and none is pending."
    if any(type_ not in CROSSABLE or (type_ == EventType.MOVE_MADE and payload["seat"] != seat)
           for type_, payload in crossed):
        return ("Only your own last moves can be taken back: not across a draw, another "
                "seat's move or any other event since.")
    if not any(type_ == EventType.MOVE_MADE for type_, _ in crossed):
        return "There is no move to take back."
    if revealing_move(rules, seat, state_then, crossed) is not None:
        return ("One of these moves showed you something that was hidden from you (a card "
                "drawn, a face-down tile turned up, a game's end...): it cannot be undone.")
    return None


def revealing_move(rules: Rules, seat: int, state_then: State,
                   crossed: list[tuple[str, dict[str, Any]]]) -> int | None:
    """The index in ``crossed`` (the seat's own moves and takeback bookkeeping, from
    ``state_then`` on) of the first move that showed ``seat`` something, by the game's
    ``reveals``; None when none did. A ``taken_back`` among them puts back its state, so each
    move is judged from the state it was made in. A game without hidden information reveals
    nothing; one with hidden information and no ``reveals`` is taken to reveal with every
    move (it cannot allow takebacks: ``takebacks_offered``)."""
    if not rules.info.traits.hidden_information:
        return None
    reveals = rules.reveals
    state = state_then
    for index, (type_, payload) in enumerate(crossed):
        if type_ == EventType.TAKEN_BACK:
            state = payload["state"]
        elif type_ == EventType.MOVE_MADE:
            after = rules.apply_move(state, payload["seat"], payload["move"])
            event = {"type": "move", "seat": payload["seat"], "move": payload["move"]}
            if reveals is None or reveals(state, after, event, seat):
                return index
            state = after
    return None


def takebacks_offered(rules: Rules) -> str | None:
    """None when a game under ``rules`` may allow takebacks, else why not. A game with hidden
    information may only if its rules say which moves show a seat something (``reveals``):
    a seat's own move can show it something without a draw (a card drawn from a deck
    shuffled earlier, a choice revealed when a prompt completes), and a takeback must never
    undo a move that did."""
    if rules.info.traits.hidden_information and rules.reveals is None:
        return (f"{rules.info.title} has hidden information and its rules do not say which "
                "moves reveal it, so it offers no takebacks.")
    return None
