"""A second verifier, written from replays/README.md alone (the proof that the page is a
specification), importing nothing of the project: its own canonical JSON, hashes, fair draws,
life cycle, log lines and header.

The rules of a game cannot be written on a page (the README's "What needs the rules"), so they
are given to it, if at all, as ``rules(game, version)``: an object with ``setup(options,
seats)``, ``next(state)`` (``("decision", {seat: legal moves})``, ``("chance", spec)`` or
``("over", result)``), ``apply_move(state, seat, move)``, ``apply_chance(state, outcome)``,
``resign(state, seat, seats)`` and ``abandon(state, reason)`` (each a result),
``position(options, seats, position)`` (the state a position builds; raises for one the game
refuses), a
``hidden_information`` flag, ``reveals`` (or None), and the lines of game events, ``line(before,
after, event, names)`` (narration 2) and ``describe(before, after, event, seat)`` (narration 1),
and the windows a seat may skip: ``windows`` (kind id -> label, or None), ``pass_move`` and
``window(state, seat)`` (the kind of window the rules ask the seat in, or None).
``tests/forgery/rules.py`` builds one from the project's games.

Without rules it checks everything the page alone decides, and nothing else: the format and
header keys, every event's shape, number, hash and chain, its seat, its place in the game's
life, the seed against the commitment and the game id at event 1, each draw's outcome for the
spec it names (not whether the game asked for it), the state hash of every event that keeps
the state (the one before it), of a fork's start and of a rewind, the takeback bookkeeping but
its reveals, the service's log lines, and the header against the events. It cannot check a
move's legality, which draw the game asks for, the result of an end or a resignation (or an
abandonment), the state hash of a move or draw, a takeback's reveals, whether event 1 may allow
takebacks, nor the line of a move or draw. ``verify`` answers (valid, failed step) like the
project's ``verify_document``.
"""

from __future__ import annotations

import hashlib
import hmac
import itertools
import json
import re
from collections.abc import Callable, Iterator
from datetime import datetime
from typing import Any

from .reference_clock import ReferenceClock

HEADER_KEYS = {"format", "format_version", "game_id", "game", "rules_version", "options",
               "seats", "commitment", "status", "result", "seed", "narration", "complete",
               "viewer", "events"}

EVENT_KEYS = {"seq", "type", "seat", "payload", "at", "log", "prev_hash", "state_hash", "hash"}
PAYLOADS = {"created": {"game", "rules_version", "options", "seats", "commitment"},
            "forked": {"game", "rules_version", "options", "seats", "commitment", "state"},
            "seat_taken": {"seat", "name"}, "move_made": {"seat", "move", "by"},
            "chance_resolved": {"spec", "outcome"}, "ended": {"result"},
            "resigned": {"seat", "result"}, "abandoned": {"result"}, "seed_revealed": {"seed"},
            "takeback_asked": {"seat", "to"}, "takeback_answered": {"seat", "accepted"},
            "taken_back": {"to", "undone", "state"}, "timed_out": {"seat", "deadline"},
            "preferences_set": {"seat", "skip"}}
STARTS = ("created", "forked")
TAKEBACKS = ("takeback_asked", "takeback_answered", "taken_back")
# The events that change the rules state; every other keeps the state hash before it.
STATE_EVENTS = ("created", "forked", "move_made", "chance_resolved", "taken_back")


def payload_fits(kind: str, keys: set[str]) -> bool:
    """Exactly the type's keys; a first event may add ``takebacks``, ``clock`` and
    ``game_id``; a sandbox names one source, its ``origin`` or its ``position``."""
    if kind == "forked":
        if len(keys & {"origin", "position"}) != 1:
            return False
        keys = keys - {"origin", "position"}
    wanted = PAYLOADS.get(kind)
    return wanted is not None and wanted <= keys and (
        keys == wanted or (kind in STARTS and keys <= wanted | {"takebacks", "clock", "game_id"}))


class Failed(Exception):
    def __init__(self, step: int | None) -> None:
        self.step = step


def canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                      allow_nan=False)


def sha(text: str | bytes) -> str:
    return hashlib.sha256(text.encode() if isinstance(text, str) else text).hexdigest()


def same(a: Any, b: Any) -> bool:
    return canonical(a) == canonical(b)  # JSON values, type included: 4.0 is not 4


# ---- the fair-draw function (the page's "The fair-draw function") ----

def words(seed: bytes, context: str) -> Iterator[int]:
    for block in itertools.count():
        digest = hmac.new(seed, f"{context}:{block}".encode(), hashlib.sha256).digest()
        for offset in range(0, 32, 8):
            yield int.from_bytes(digest[offset:offset + 8], "big")


def below(stream: Iterator[int], n: int) -> int:
    limit = 2**64 - (2**64 % n)
    return next(x for x in stream if x < limit) % n


def outcome(spec: dict[str, Any], seed: bytes, context: str) -> Any:
    stream, kind = words(seed, context), spec["kind"]
    ints = [spec[k] for k in ("n", "k") if k in spec]
    if any(type(i) is not int or i < 0 for i in ints) or (kind == "pick" and spec["k"] > spec["n"]):
        raise ValueError("a spec's n and k are JSON integers, k <= n")
    if kind == "shuffle":
        a = list(range(spec["n"]))
        for i in range(spec["n"] - 1, 0, -1):
            j = below(stream, i + 1)
            a[i], a[j] = a[j], a[i]
        return a
    if kind in ("roll", "dice"):
        faces = spec["faces"]
        if not isinstance(faces, list) or not faces:
            raise ValueError("faces is a non-empty list")
        if kind == "roll":
            return faces[below(stream, len(faces))]
        return [faces[below(stream, len(faces))] for _ in range(spec["n"])]
    if kind == "draw":
        return below(stream, spec["n"])
    if kind != "pick":
        raise ValueError(f"unknown kind {kind!r}")
    a = list(range(spec["n"]))
    for i in range(spec["k"]):
        j = i + below(stream, spec["n"] - i)
        a[i], a[j] = a[j], a[i]
    return a[:spec["k"]]


def verify(doc: Any, sources: Any = lambda game_id: None,
           visiting: frozenset[str] = frozenset(),
           rules: Callable[[str, str], Any] | None = None) -> tuple[bool, int | None]:
    """``sources``: a fork's source document by game id (the page's "Forks"); ``rules``: the
    games' rules (above), or None to check what the page alone decides."""
    try:
        Reference(doc, sources, visiting, rules).run()
    except Failed as failure:
        return False, failure.step
    except (KeyError, TypeError, ValueError, AttributeError, IndexError):
        return False, None
    return True, None


SEED_TEXT = re.compile(r"[0-9a-f]{64}")
UNKNOWN = object()  # a rules state only the rules could compute


class Reference:
    def __init__(self, doc: Any, sources: Any, visiting: frozenset[str],
                 rules: Callable[[str, str], Any] | None) -> None:
        if (not isinstance(doc, dict) or doc.get("format") != "gamehall-replay"
                or not same(doc.get("format_version"), 1) or not set(doc) <= HEADER_KEYS
                or doc.get("complete") is not True or doc.get("viewer") is not None
                or not isinstance(doc.get("seed"), str)
                or not isinstance(doc.get("events"), list) or not doc["events"]
                or type(doc.get("narration", 1)) is not int
                or doc.get("narration", 1) not in (1, 2)
                or not SEED_TEXT.fullmatch(doc["seed"])):
            raise Failed(None)
        self.narration = doc.get("narration", 1)
        self.doc, self.seed = doc, bytes.fromhex(doc["seed"])
        self.sources, self.visiting = sources, visiting | {doc.get("game_id")}
        self.rules_of, self.rules = rules, None  # the rules of this game, if given
        self.prev, self.state = "0" * 64, None
        self.seats: list[dict[str, Any]] = []
        self.status, self.result, self.revealed = "", None, None
        self.hashes: list[str] = []  # the state hash after each event so far
        self.states: list[Any] = []  # the state after each event so far
        self.takebacks, self.pending = False, None  # pending: [asker, to, accepted seats]
        self.timer = ReferenceClock()
        self.skip: dict[int, list[str]] = {}  # the window kinds each seat chose to skip

    def run(self) -> None:
        for index, event in enumerate(self.doc["events"], start=1):
            try:
                self.event(index, event)
            except Failed:
                raise
            except Exception:  # a value the rules cannot read, or refuse outright
                raise Failed(index) from None
        self.header()

    def event(self, index: int, event: Any) -> None:
        if (not isinstance(event, dict) or set(event) != EVENT_KEYS
                or type(event["seq"]) is not int or event["seq"] != index
                or not isinstance(event["payload"], dict)
                or not payload_fits(event["type"], set(event["payload"]))
                or not isinstance(event["at"], str)):
            raise Failed(index)
        datetime.fromisoformat(event["at"])
        kind, payload, before = event["type"], event["payload"], self.state
        record = {"seq": index, "type": kind, "payload": payload, "at": event["at"],
                  "prev_hash": event["prev_hash"], "state_hash": event["state_hash"]}
        if (event["prev_hash"] != self.prev or sha(canonical(record)) != event["hash"]
                or not same(event["seat"], payload.get("seat"))):
            raise Failed(index)
        if not self.timer.before(index, kind, payload, event["at"], self.status == "active"):
            raise Failed(index)
        if not self.allowed(index, kind, payload) or not self.apply(index, kind, payload):
            raise Failed(index)
        self.timer.after(kind, payload, event["at"], self)
        if kind not in STATE_EVENTS:  # the state is unchanged: so is its hash
            expected = self.hashes[-1]
        else:
            expected = None if self.state is UNKNOWN else sha(canonical(self.state))
        if expected is not None and expected != event["state_hash"]:
            raise Failed(index)
        told = self.lines(kind, payload, before)
        if told is not None and event["log"] not in told:
            raise Failed(index)
        self.prev = event["hash"]
        self.hashes.append(event["state_hash"])
        self.states.append(self.state)

    def lines(self, kind: str, p: dict[str, Any], before: Any) -> list[str] | None:
        """The page's "Log lines": the lines the document's narration accepts for the event
        (None: a game event, whose line only its rules write, and no rules given)."""
        names = [f"{s['name']} (seat {i})" if s["name"] else f"seat {i}"
                 for i, s in enumerate(self.seats)]
        if kind == "preferences_set":
            if self.rules is None:
                return None  # the kinds' words are the rules'
            labels = ", ".join(self.rules.windows[k] for k in p["skip"])
            return [f"{names[p['seat']]} chose not to be asked in {labels}." if labels
                    else f"{names[p['seat']]} chose to be asked in every window."]
        if kind not in ("move_made", "chance_resolved"):
            return [self.service_line(kind, p, names)]
        if self.rules is None:
            return None
        if kind == "move_made" and p["by"] == "preference":
            label = self.rules.windows[self.rules.window(before, p["seat"])]
            return [f"{names[p['seat']]} passed (chose not to be asked in {label})."]
        told = ({"type": "move", "seat": p["seat"], "move": p["move"]} if kind == "move_made"
                else {"type": "chance", "spec": p["spec"], "outcome": p["outcome"]})
        if self.narration == 2:
            line = self.rules.line(before, self.state, json.loads(canonical(told)), names)
            autopilot = kind == "move_made" and p["by"] == "autopilot"
            return [line + " (Played by the autopilot.)" if autopilot else line]
        orders = [told]
        if kind == "move_made" and isinstance(p["move"], dict) and len(p["move"]) <= 6:
            orders += [{**told, "move": {k: p["move"][k] for k in keys}}
                       for keys in itertools.permutations(p["move"])]
        return [self.rules.describe(before, self.state, t, t.get("seat")) for t in orders]

    def service_line(self, kind: str, p: dict[str, Any], names: list[str]) -> str:
        legacy = self.narration == 1
        if kind in ("created", "forked"):
            listed = ", ".join(
                (s["name"] or "(open seat)") if legacy else
                (f"{s['name']} (seat {i})" if s["name"] else f"seat {i} (open)")
                for i, s in enumerate(p["seats"]))
            if kind == "created":
                return (f"A game of {p['game']} was created for {listed}." if legacy
                        else f"A new game was created for {listed}.")
            head = f"A sandbox of {p['game']} was" if legacy else "A sandbox was"
            if "position" in p:
                return f"{head} set up from a position, for {listed}."
            return (f"{head} forked from game {p['origin']['game_id']} after its event "
                    f"{p['origin']['seq']}, for {listed}.")
        seat = p.get("seat", 0)
        who = f"Seat {seat}" if legacy or kind == "seat_taken" else names[seat]
        if kind == "seat_taken":
            return f"{p['name']} took seat {p['seat']}."
        if kind == "takeback_asked":
            return (f"Seat {p['seat']} asked to take back its moves after event {p['to']}."
                    if legacy else
                    f"{who} asked to take back the moves made after event {p['to']}.")
        if kind == "takeback_answered":
            return f"{who} {'accepted' if p['accepted'] else 'declined'} the takeback."
        if kind == "taken_back":
            return (f"Taken back by consent: the game is back as after event {p['to']}; "
                    f"events {', '.join(map(str, p['undone']))} no longer count.")
        if kind == "resigned":
            return f"{who} resigned."
        if kind == "timed_out":
            return f"{who} ran out of time for a decision (the deadline was {p['deadline']})."
        if kind == "abandoned":
            return f"The game was abandoned: {p['result']['reason']}."
        if kind == "seed_revealed":
            return "The game's secret seed was revealed: every draw can now be checked."
        result = p["result"]
        winners = [f"seat {w}" if legacy else names[w] for w in result["winners"]]
        outcome = {"win": "the players won together", "loss": "the players lost together"}.get(
            result.get("shared"))
        if outcome is None and legacy:
            outcome = f"winner: {', '.join(winners) or 'nobody'}"
        elif outcome is None:
            outcome = (f"{'winners' if len(winners) > 1 else 'winner'}: {', '.join(winners)}"
                       if winners else "nobody won")
        return f"The game is over ({result['reason']}); {outcome}."

    def allowed(self, index: int, kind: str, payload: dict[str, Any]) -> bool:
        """The life cycle of the page's "Verification" paragraph."""
        if (index == 1) != (kind in ("created", "forked")):
            return False
        if index == 1:
            return True
        if self.revealed is not None:
            return False  # nothing after the seed's reveal
        playing = self.status == "active"
        if (playing and kind != "ended" and self.rules is not None
                and self.rules.next(self.state)[0] == "over"):
            return False
        agreed = self.pending is not None and len(self.pending[2]) == len(self.seats) - 1
        if kind == "taken_back" and not agreed:
            return False
        if agreed and kind not in ("taken_back", "resigned", "abandoned"):
            return False
        if self.pending is not None and kind in ("move_made", "chance_resolved", "ended",
                                                 "takeback_asked"):
            return False
        if kind in TAKEBACKS or kind == "timed_out":
            return playing
        seat = payload.get("seat")
        if kind == "seat_taken":
            return (self.status == "waiting" and type(seat) is int
                    and 0 <= seat < len(self.seats) and self.seats[seat]["name"] is None
                    and isinstance(payload["name"], str))
        if kind in ("move_made", "chance_resolved", "ended", "resigned"):
            return playing and (kind not in ("move_made", "resigned") or (
                type(seat) is int and 0 <= seat < len(self.seats)))
        if kind == "abandoned":
            return self.status in ("waiting", "active")
        if kind == "preferences_set":
            return (self.status in ("waiting", "active") and type(seat) is int
                    and 0 <= seat < len(self.seats))
        return self.status in ("over", "abandoned")  # seed_revealed

    def start(self, kind: str, payload: dict[str, Any]) -> bool:
        """Event 1: the rules, if given, and the state they start from; the seats, the
        takebacks flag, the commitment, the game id and a fork's origin."""
        if self.rules_of is not None:
            try:
                self.rules = self.rules_of(payload["game"], payload["rules_version"])
            except Exception:  # an unknown game or version
                return False
        if kind == "forked":  # its state read with its keys sorted when it names its game id
            self.state = json.loads(canonical(payload["state"]) if "game_id" in payload
                                    else json.dumps(payload["state"]))
        elif self.rules is not None:
            try:
                self.state = self.rules.setup(payload["options"], len(payload["seats"]))
            except Exception:  # options the rules refuse
                return False
        else:
            self.state = UNKNOWN
        self.seats = [dict(seat) for seat in payload["seats"]]
        self.status = "waiting" if any(s["name"] is None for s in self.seats) else "active"
        if "takebacks" in payload and (payload["takebacks"] is not True or (
                self.rules is not None and self.rules.hidden_information
                and self.rules.reveals is None)):
            return False
        self.takebacks = payload.get("takebacks") is True
        if sha(self.seed) != payload["commitment"]:
            return False
        if "game_id" in payload and (not isinstance(payload["game_id"], str)
                                     or payload["game_id"] != self.doc["game_id"]):
            return False
        if kind == "forked" and "position" in payload:
            return self.position_holds(payload)
        return kind == "created" or self.origin_holds(payload)

    def position_holds(self, payload: dict[str, Any]) -> bool:
        """The page's "Sandboxes from a position": the game's builder, where the rules are
        given, builds the recorded state from the position, options and number of seats
        (without the rules, only the state hash of event 1 is checked)."""
        if self.rules is None:
            return True
        try:
            built = self.rules.position(payload["options"], len(payload["seats"]),
                                        payload["position"])
        except Exception:  # a position the rules refuse, or a game without positions
            return False
        return same(built, payload["state"])

    def apply(self, index: int, kind: str, payload: dict[str, Any]) -> bool:
        """The rules' part, where given: legal moves, fair draws, true results; False if
        refused."""
        if kind in STARTS:
            return self.start(kind, payload)
        if kind in TAKEBACKS:
            return self.takeback(index, kind, payload)
        if kind == "timed_out":
            return True  # the clock's checks (``reference_clock``) came before
        if kind == "preferences_set":
            return self.chosen(payload)
        if kind == "move_made" and payload["by"] == "preference" and not self.covered(payload):
            return False
        rules = self.rules
        step = rules.next(self.state) if rules is not None and self.status == "active" else None
        if kind == "seat_taken":
            self.seats[payload["seat"]]["name"] = payload["name"]
            self.status = "waiting" if any(s["name"] is None for s in self.seats) else "active"
        elif kind == "move_made":
            if rules is None:
                self.state = UNKNOWN
                return True
            legal = step[1].get(payload["seat"]) if step[0] == "decision" else None
            if not legal or not any(same(payload["move"], m) for m in legal):
                return False
            self.state = rules.apply_move(self.state, payload["seat"], payload["move"])
        elif kind == "chance_resolved":
            if rules is not None and (step[0] != "chance" or not same(step[1], payload["spec"])):
                return False
            expected = outcome(payload["spec"], self.seed, f"{self.doc['game_id']}:{index}")
            if not same(payload["outcome"], expected):
                return False
            self.state = UNKNOWN if rules is None else rules.apply_chance(self.state,
                                                                          payload["outcome"])
        elif kind in ("ended", "resigned", "abandoned"):
            if rules is not None and not same(payload["result"], self.given(kind, step, payload)):
                return False
            self.status = "abandoned" if kind == "abandoned" else "over"
            self.result = payload["result"]
        else:  # seed_revealed
            if not same(payload["seed"], self.doc["seed"]):
                return False
            self.revealed = payload["seed"]
        return True

    def chosen(self, p: dict[str, Any]) -> bool:
        """The page's "Windows a seat is not asked in": distinct kinds the rules declare, in
        their order (without the rules: distinct texts)."""
        skip, windows = p["skip"], None if self.rules is None else self.rules.windows
        if (not isinstance(skip, list) or not all(isinstance(k, str) for k in skip)
                or len(set(skip)) != len(skip)):
            return False
        if self.rules is not None and (windows is None
                                       or skip != [k for k in windows if k in skip]):
            return False
        self.skip[p["seat"]] = skip
        return True

    def covered(self, p: dict[str, Any]) -> bool:
        """A pass made by preference: the rules' pass, in a window of a kind the seat chose
        not to be asked in (only the rules can tell which window it is)."""
        if self.rules is None:
            return True
        rules = self.rules
        return (rules.windows is not None and same(p["move"], rules.pass_move)
                and rules.window(self.state, p["seat"]) in self.skip.get(p["seat"], []))

    def given(self, kind: str, step: Any, payload: dict[str, Any]) -> Any:
        """The result the rules give for an end, a resignation or an abandonment."""
        if kind == "ended":
            return step[1] if step[0] == "over" else None
        if kind == "resigned":
            return self.rules.resign(self.state, payload["seat"], len(self.seats))
        return self.rules.abandon(self.state, payload["result"]["reason"])

    def takeback(self, index: int, kind: str, payload: dict[str, Any]) -> bool:
        """The page's "Takebacks" (rule 3, the reveals, only where the rules are given)."""
        seat = payload.get("seat")
        if kind == "takeback_asked":
            to = payload["to"]
            if (not self.takebacks or type(seat) is not int or not 0 <= seat < len(self.seats)
                    or type(to) is not int or not 1 <= to < index - 1):
                return False
            crossed = self.doc["events"][to:index - 1]
            if not any(e["type"] == "move_made" for e in crossed) or any(
                    e["type"] not in ("move_made", *TAKEBACKS)
                    or (e["type"] == "move_made" and e["payload"]["seat"] != seat)
                    for e in crossed):
                return False
            if (self.rules is not None and self.rules.hidden_information
                    and self.shows(seat, to, crossed)):
                return False
            self.pending = [seat, to, []]
            return True
        if kind == "takeback_answered":
            if (self.pending is None or type(seat) is not int or not 0 <= seat < len(self.seats)
                    or seat == self.pending[0] or seat in self.pending[2]
                    or type(payload["accepted"]) is not bool):
                return False
            if payload["accepted"]:
                self.pending[2].append(seat)
            else:
                self.pending = None
            return True
        to = self.pending[1]
        asked_at = index - len(self.seats)
        if (type(payload["to"]) is not int or payload["to"] != to
                or not same(payload["undone"], list(range(to + 1, asked_at)))
                or sha(canonical(payload["state"])) != self.hashes[to - 1]):
            return False
        self.state, self.pending = json.loads(json.dumps(payload["state"])), None
        return True

    def shows(self, seat: int, to: int, crossed: list[dict[str, Any]]) -> bool:
        """Whether one of the crossed moves showed ``seat`` something (the game's
        ``reveals``, each move from the state it was made in: a ``taken_back`` among them
        puts its state back)."""
        state = self.states[to - 1]
        for e in crossed:
            if e["type"] == "taken_back":
                state = e["payload"]["state"]
            elif e["type"] == "move_made":
                after = self.rules.apply_move(state, seat, e["payload"]["move"])
                if self.rules.reveals(state, after, {"type": "move", "seat": seat,
                                                     "move": e["payload"]["move"]}, seat):
                    return True
                state = after
        return False

    def origin_holds(self, payload: dict[str, Any]) -> bool:
        """The page's "Forks": the origin's shape, the state's hash, and the source document
        verifying and recording that state hash at that event."""
        origin = payload["origin"]
        if (not isinstance(origin, dict) or set(origin) != {"game_id", "seq", "state_hash"}
                or not isinstance(origin["game_id"], str) or type(origin["seq"]) is not int
                or not isinstance(origin["state_hash"], str)
                or sha(canonical(payload["state"])) != origin["state_hash"]
                or origin["game_id"] in self.visiting):
            return False
        source = self.sources(origin["game_id"])
        if source is None or verify(source, self.sources, self.visiting,
                                    self.rules_of) != (True, None):
            return False
        events = source["events"]
        return (source["game_id"] == origin["game_id"]
                and all(same(source[k], payload[k]) for k in ("game", "rules_version",
                                                               "options"))
                and len(source["seats"]) == len(payload["seats"])
                and 1 <= origin["seq"] < len(events)
                and events[origin["seq"] - 1]["state_hash"] == origin["state_hash"])

    def header(self) -> None:
        events = self.doc["events"]
        created = events[0]["payload"]
        expected = {"game": created["game"], "rules_version": created["rules_version"],
                    "options": created["options"], "seats": self.seats,
                    "commitment": created["commitment"], "status": self.status,
                    "result": self.result, "seed": self.revealed}
        if (self.result is None or events[-1]["type"] != "seed_revealed"
                or any(not same(self.doc.get(k), v) for k, v in expected.items())):
            raise Failed(None)
