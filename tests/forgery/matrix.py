"""The forgery matrix: ways to forge a finished game's replay document, each with the step a
verifier must name (None: the document as a whole). Every forger here recomputes the whole
hash chain afterwards, as one who wants the forgery to pass would.

Left out on purpose, as no verifier can catch them: labels the rules never read and no hash
can anchor once the chain is recomputed (seat names, a move's ``by``, event times that keep
their order and a clock's deadlines, an abandonment's reason). replays/README.md says so. The
``log`` lines are covered by no hash either, but they follow from the events: an edited one
is caught at its step by recomputing it (replays/README.md, "Log lines").
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from domain.games import get_rules
from domain.history import event_hash
from domain.kernel import hash_value

Doc = dict[str, Any]


@dataclass(frozen=True)
class Forgery:
    kind: str
    doc: Doc
    step: int | None  # the step a verifier must name


def rehashed(doc: Doc) -> Doc:
    """``doc`` renumbered and with its whole hash chain recomputed."""
    previous = "0" * 64
    for seq, event in enumerate(doc["events"], start=1):
        event["seq"] = seq
        event["prev_hash"] = previous
        event["hash"] = event_hash(seq, event["type"], event["payload"], event["at"], previous,
                                   event["state_hash"])
        previous = event["hash"]
    return doc


def positions(doc: Doc) -> dict[str, int]:
    """The index of the first event of each type."""
    found: dict[str, int] = {}
    for index, event in enumerate(doc["events"]):
        found.setdefault(event["type"], index)
    return found


def edit(doc: Doc, index: int, change: Callable[[dict[str, Any]], None],
         rehash: bool = True) -> Doc:
    forgery = copy.deepcopy(doc)
    change(forgery["events"][index])
    return rehashed(forgery) if rehash else forgery


def confusions(value: Any, path: str = "") -> Iterator[tuple[str, Any]]:
    """Values a JSON comparison that forgets types would take for ``value`` (a field at
    ``path``; labels are left alone)."""
    if type(value) is int:
        yield "int as float", float(value)
        if value in (0, 1):
            yield "int as bool", bool(value)
        yield "int as text", str(value)
    elif type(value) is str:
        yield "text changed", value + "x"
    elif isinstance(value, list) and value:
        yield "list reversed" if len(value) > 1 and value != value[::-1] else "list extended", (
            value[::-1] if len(value) > 1 and value != value[::-1] else [*value, value[0]])
        yield "list item confused", [next(confusions(value[0]))[1], *value[1:]] if list(
            confusions(value[0])) else [*value, None]
    elif isinstance(value, dict):
        yield "extra key", {**value, "forged": 1}
        for key in sorted(value):
            if f"{path}.{key}" in LABELS:
                continue
            for name, other in confusions(value[key], f"{path}.{key}"):
                yield f"{key}: {name}", {**value, key: other}
                break


def forgeries(name: str, doc: Doc, sources: Callable[[str], Doc | None]) -> Iterator[Forgery]:
    """Every forgery of the matrix that applies to ``doc`` (a finished game's document; a
    fork's source found with ``sources``)."""
    events, first = doc["events"], positions(doc)
    last = len(events) - 1

    def kind(text: str) -> str:
        return f"{name}: {text}"

    # ---- the document as a whole ----
    for field, value in (("format", "other"), ("format_version", 2), ("format_version", 1.0),
                         ("complete", False), ("seed", None), ("events", [])):
        yield Forgery(kind(f"header {field}={value!r}"), {**copy.deepcopy(doc), field: value},
                      None)
    for field in ("game", "rules_version", "commitment", "status"):
        yield Forgery(kind(f"header {field} changed"),
                      {**copy.deepcopy(doc), field: doc[field] + "x"}, None)
    yield Forgery(kind("header options changed"),
                  {**copy.deepcopy(doc), "options": {**doc["options"], "forged": 1}}, None)
    yield Forgery(kind("header seats renamed"), {**copy.deepcopy(doc), "seats": [
        {**seat, "name": f"{seat['name']}x"} for seat in doc["seats"]]}, None)
    yield Forgery(kind("header result changed"),
                  {**copy.deepcopy(doc), "result": {**doc["result"], "forged": 1}}, None)
    other_seed = format(int(doc["seed"], 16) ^ 1, "064x")
    yield Forgery(kind("another seed"), {**copy.deepcopy(doc), "seed": other_seed}, 1)
    yield Forgery(kind("seed not hex"), {**copy.deepcopy(doc), "seed": "zz"}, None)
    yield Forgery(kind("the seed's reveal cut off"),
                  rehashed({**copy.deepcopy(doc), "events": copy.deepcopy(events[:-1])}), None)
    other_id = doc["game_id"][:-1] + ("0" if doc["game_id"][-1] != "0" else "1")
    # The record is bound to its game id at event 1, whatever its draws.
    yield Forgery(kind("another game id"), {**copy.deepcopy(doc), "game_id": other_id}, 1)
    renamed = copy.deepcopy(doc)
    renamed["events"][0]["payload"]["game_id"] = other_id
    yield Forgery(kind("event 1 names another game id, chain recomputed"), rehashed(renamed), 1)
    for field, value in (("viewer", 0), ("extra", 1), ("game_id_", doc["game_id"]),
                         ("seed", doc["seed"].upper()), ("seed", " " + doc["seed"])):
        yield Forgery(kind(f"header {field}={str(value)[:8]!r}"),
                      {**copy.deepcopy(doc), field: value}, None)
    for field, value in (("narration", 3), ("narration", "2"), ("narration", 2.0),
                         ("narration", True), ("narration", None)):
        yield Forgery(kind(f"header {field}={value!r}"), {**copy.deepcopy(doc), field: value},
                      None)
    # Told in legacy words instead: the first line (the creation's) is not the legacy one.
    yield Forgery(kind("narration removed"), {
        key: value for key, value in copy.deepcopy(doc).items() if key != "narration"}, 1)
    yield from log_forgeries(doc, kind)
    yield Forgery(kind("created with a seat more"), edit(doc, 0, lambda e: e["payload"].update(
        seats=[*e["payload"]["seats"], {"name": "eve", "bot": None}])), 1)

    # ---- one event moved, lost, doubled or retyped ----
    for type_, index in first.items():
        step = index + 1
        yield Forgery(kind(f"{type_} deleted"), rehashed(
            {**copy.deepcopy(doc), "events": copy.deepcopy(events[:index] + events[index + 1:])}),
            step if index < last else None)
        yield Forgery(kind(f"{type_} doubled"), rehashed({**copy.deepcopy(doc), "events": [
            copy.deepcopy(e) for e in events[:index + 1] + events[index:]]}), step + 1)
        if index < last:
            swapped = copy.deepcopy(events)
            swapped[index], swapped[index + 1] = swapped[index + 1], swapped[index]
            yield Forgery(kind(f"{type_} swapped with the next"),
                          rehashed({**copy.deepcopy(doc), "events": swapped}), step)
        for other in ("move_made", "ended", "abandoned", "seed_revealed", "created", "forked"):
            if other != type_:
                yield Forgery(kind(f"{type_} retyped {other}"),
                              edit(doc, index, lambda e, t=other: e.update(type=t)), step)
        yield Forgery(kind(f"{type_} seq off by one"),
                      edit(doc, index, lambda e: e.update(seq=e["seq"] + 1), rehash=False), step)
        yield Forgery(kind(f"{type_} seat changed"),
                      edit(doc, index, lambda e: e.update(seat=7), rehash=False), step)
        yield Forgery(kind(f"{type_} hash edited"), edit(
            doc, index, lambda e: e.update(hash="f" * 64), rehash=False), step)
        yield Forgery(kind(f"{type_} state hash replaced"), edit(
            doc, index, lambda e: e.update(state_hash="e" * 64)), step)
        yield Forgery(kind(f"{type_} extra key"), edit(
            doc, index, lambda e: e.update(forged=True), rehash=False), step)
        yield Forgery(kind(f"{type_} time not ISO 8601"), edit(
            doc, index, lambda e: e.update(at="yesterday")), step)
        if index > 0:  # times run forward
            yield Forgery(kind(f"{type_} dated before the event before it"), edit(
                doc, index, lambda e: e.update(at="2001-01-01T00:00:00+00:00")), step)
        # ---- its payload, field by field ----
        for key in sorted(events[index]["payload"]):
            if f"{type_}.{key}" in LABELS:
                continue
            for change, value in confusions(events[index]["payload"][key], f"{type_}.{key}"):
                yield Forgery(kind(f"{type_}.{key}: {change}"), edit(
                    doc, index, lambda e, k=key, v=value: _set_payload(e, k, v)), step)
        yield Forgery(kind(f"{type_} payload extra key"), edit(
            doc, index, lambda e: e["payload"].update(forged=1)), step)

    if events[0]["type"] == "forked" and "position" in events[0]["payload"]:
        yield from position_forgeries(doc, kind)
    elif events[0]["type"] == "forked":
        yield from fork_forgeries(doc, kind, sources)
    if "takeback_asked" in first:
        yield from takeback_forgeries(doc, kind, first)
    if "timed_out" in first:
        yield from clock_forgeries(doc, kind, first)

    # ---- events inserted where the service never records them ----
    middle = first.get("move_made", 1)
    yield from inserted(doc, kind, middle, _seat_taken(), middle + 1)
    yield from inserted(doc, kind, middle, copy.deepcopy(events[0]), middle + 1)
    yield from inserted(doc, kind, middle, copy.deepcopy(events[-1]), middle + 1)
    ending = first.get("ended", first.get("resigned", first.get("abandoned")))
    assert ending is not None
    # An end the rules did not give is caught where it stands; a resignation or abandonment
    # may come at any time, so the event after it is the one out of place.
    plausible = events[ending]["type"] != "ended"
    yield from inserted(doc, kind, middle, copy.deepcopy(events[ending]),
                        middle + 1 + plausible)
    yield from inserted(doc, kind, last, _resignation(doc), last + 1)
    yield from inserted(doc, kind, last + 1, copy.deepcopy(events[-1]), last + 2)


# A payload's fields that are labels (see the module's docstring). A seat field is changed
# together with the event's own ``seat``, which repeats it, as a forger would.
LABELS = {"move_made.by", "seat_taken.name", "created.seats", "forked.seats",
          "abandoned.result.reason"}


def log_forgeries(doc: Doc, kind: Callable[[str], str]) -> Iterator[Forgery]:
    """Log lines edited (no hash covers them, so nothing to redo): each event type's first
    line told of another event, or changed by one character; each caught at its step."""
    events = doc["events"]
    others = [e["log"] for e in events]
    for type_, index in positions(doc).items():
        line = events[index]["log"]
        other = next((text for text in others if text != line), line + ".")
        yield Forgery(kind(f"{type_} log told of another event"),
                      edit(doc, index, lambda e, t=other: e.update(log=t), rehash=False),
                      index + 1)
        changed = line[:-1] + ("?" if line.endswith("!") else "!")
        yield Forgery(kind(f"{type_} log one character changed"),
                      edit(doc, index, lambda e, t=changed: e.update(log=t), rehash=False),
                      index + 1)


def takeback_forgeries(doc: Doc, kind: Callable[[str], str],
                       first: dict[str, int]) -> Iterator[Forgery]:
    """Takebacks the rule refuses, and rewinds to a state the game never had."""
    asked, back = first["takeback_asked"], first["taken_back"]
    draw = max(i for i in range(asked) if doc["events"][i]["type"] == "chance_resolved")

    def across_a_draw(event: dict[str, Any]) -> None:
        event["payload"].update(to=draw)  # back to before the last draw: crosses it

    def not_allowed(event: dict[str, Any]) -> None:
        del event["payload"]["takebacks"]

    def other_state(event: dict[str, Any]) -> None:
        state = {**event["payload"]["state"], "forged": 1}
        event["payload"].update(state=state)
        event.update(state_hash=hash_value(state))

    def nothing_undone(event: dict[str, Any]) -> None:
        event["payload"].update(undone=[])

    def asker_answers(event: dict[str, Any]) -> None:
        asker = doc["events"][asked]["seat"]
        event.update(seat=asker)
        event["payload"].update(seat=asker)

    yield Forgery(kind("takeback across a draw"), edit(doc, asked, across_a_draw), asked + 1)
    yield Forgery(kind("takeback in a game without takebacks"), edit(doc, 0, not_allowed),
                  asked + 1)
    yield Forgery(kind("rewound to a state the game never had"), edit(doc, back, other_state),
                  back + 1)
    yield Forgery(kind("rewind naming no undone move"), edit(doc, back, nothing_undone),
                  back + 1)
    yield Forgery(kind("the asker accepts its own takeback"), edit(doc, asked + 1,
                                                                   asker_answers), asked + 2)


def clock_forgeries(doc: Doc, kind: Callable[[str], str],
                    first: dict[str, int]) -> Iterator[Forgery]:
    """Timeouts before their deadline or naming another, and a person's move recorded after
    its deadline (every time from it on moved an hour later, so times still run forward)."""
    events, timed = doc["events"], first["timed_out"]
    deadline = datetime.fromisoformat(events[timed]["payload"]["deadline"])

    def early(event: dict[str, Any]) -> None:
        event.update(at=(deadline - timedelta(seconds=1)).isoformat())

    def other_deadline(event: dict[str, Any]) -> None:
        event["payload"].update(deadline=(deadline + timedelta(seconds=1)).isoformat())

    yield Forgery(kind("timed_out before its deadline"), edit(doc, timed, early), timed + 1)
    yield Forgery(kind("timed_out naming another deadline"), edit(doc, timed, other_deadline),
                  timed + 1)
    late = next(i for i, e in enumerate(events) if e["type"] == "move_made"
                and e["payload"]["by"] != "autopilot")
    forgery = copy.deepcopy(doc)
    for event in forgery["events"][late:]:
        event["at"] = (datetime.fromisoformat(event["at"]) + timedelta(hours=1)).isoformat()
    yield Forgery(kind("a move an hour after its deadline"), rehashed(forgery), late + 1)


def hidden_takeback_forgeries(name: str, doc: Doc) -> Iterator[Forgery]:
    """On a game with hidden information whose last takeback went back to just after one of
    the asker's own moves that revealed something to it: the same takeback moved back to
    cross that reveal, the other seat's last move, or the last draw; each is caught where it
    is asked."""
    events = doc["events"]
    asked = max(i for i, e in enumerate(events) if e["type"] == "takeback_asked")
    seat, to = events[asked]["seat"], events[asked]["payload"]["to"]
    revealing = events[to - 1]
    assert revealing["type"] == "move_made" and revealing["seat"] == seat, name
    other = max(i for i in range(asked) if events[i]["type"] == "move_made"
                and events[i]["seat"] != seat)
    draw = max(i for i in range(asked) if events[i]["type"] == "chance_resolved")
    for label, point in (("a reveal", to - 1), ("the other seat's move", other),
                         ("a draw", draw)):
        yield Forgery(f"{name}: takeback across {label}", edit(
            doc, asked, lambda e, p=point: e["payload"].update(to=p)), asked + 1)


def position_forgeries(doc: Doc, kind: Callable[[str], str]) -> Iterator[Forgery]:
    """A sandbox from a position that does not start where its position says, or names no
    position or two sources: each fails at event 1 (the first two only with the rules)."""
    origin = {"game_id": doc["game_id"], "seq": 1, "state_hash": doc["events"][0]["state_hash"]}

    def restarted(event: dict[str, Any]) -> None:  # a state the position does not build
        state = {**event["payload"]["state"], "wins": [1, 0]}
        event["payload"].update(state=state)
        event.update(state_hash=hash_value(state))

    def moved(event: dict[str, Any]) -> None:  # another position for the same state
        event["payload"]["position"] = {**event["payload"]["position"], "turn": 0}

    def refused(event: dict[str, Any]) -> None:  # a position the rules refuse
        event["payload"]["position"] = {"board": {"4": {"tile": "Emperor", "ally": 0}}}

    def unnamed(event: dict[str, Any]) -> None:  # no source at all
        del event["payload"]["position"]

    def doubled(event: dict[str, Any]) -> None:  # a position and an origin
        event["payload"]["origin"] = origin

    for label, change in (("a state its position does not build", restarted),
                          ("another position", moved), ("a position refused", refused),
                          ("no position", unnamed), ("a position and an origin", doubled)):
        yield Forgery(kind(f"sandbox from a position: {label}"), edit(doc, 0, change), 1)


def fork_forgeries(doc: Doc, kind: Callable[[str], str],
                   sources: Callable[[str], Doc | None]) -> Iterator[Forgery]:
    """A fork claiming an origin its source never had: each fails at event 1."""
    origin = doc["events"][0]["payload"]["origin"]
    source = sources(origin["game_id"])
    assert source is not None
    later = source["events"][origin["seq"]]  # the state the source reached one event later

    def moved(event: dict[str, Any]) -> None:  # the fork says it starts one event later
        event["payload"]["origin"].update(seq=origin["seq"] + 1)

    def restarted(event: dict[str, Any]) -> None:  # a state the source never had at seq
        state = {**event["payload"]["state"], "forged": 1}
        event["payload"].update(state=state)
        event["payload"]["origin"].update(state_hash=hash_value(state))
        event.update(state_hash=hash_value(state))

    def elsewhere(event: dict[str, Any]) -> None:  # the state of another point, claimed here
        event["payload"]["origin"].update(state_hash=later["state_hash"])

    def orphaned(event: dict[str, Any]) -> None:  # a source nobody has
        event["payload"]["origin"].update(game_id="00000000-0000-4000-8000-00000000dead")

    def own_source(event: dict[str, Any]) -> None:  # a circle of origins
        event["payload"]["origin"].update(game_id=doc["game_id"])

    for label, change in (("origin one event later", moved), ("a state never reached", restarted),
                          ("another point's state hash", elsewhere),
                          ("a source nobody has", orphaned), ("its own source", own_source)):
        yield Forgery(kind(f"forked: {label}"), edit(doc, 0, change), 1)


def _set_payload(event: dict[str, Any], key: str, value: Any) -> None:
    event["payload"][key] = value
    if key == "seat":
        event["seat"] = value


def inserted(doc: Doc, kind: Callable[[str], str], index: int, event: dict[str, Any],
             step: int) -> Iterator[Forgery]:
    forgery = copy.deepcopy(doc)
    event = {**copy.deepcopy(event), "state_hash": forgery["events"][index - 1]["state_hash"]}
    forgery["events"].insert(index, event)
    yield Forgery(kind(f"{event['type']} inserted at {index + 1}"), rehashed(forgery), step)


def _seat_taken() -> dict[str, Any]:
    return {"seq": 0, "type": "seat_taken", "seat": 0, "payload": {"seat": 0, "name": "eve"},
            "at": "2026-01-01T00:00:00+00:00", "log": "", "prev_hash": "", "state_hash": "",
            "hash": ""}


def _resignation(doc: Doc) -> dict[str, Any]:
    """Seat 0 resigning just before the seed's reveal (after the game's end)."""
    rules = get_rules(doc["game"], doc["rules_version"])
    result = rules.resign(rules.setup(doc["options"], len(doc["seats"])), 0,
                          len(doc["seats"])).to_json()
    return {"seq": 0, "type": "resigned", "seat": 0, "payload": {"seat": 0, "result": result},
            "at": "2026-01-01T00:00:00+00:00", "log": "", "prev_hash": "", "state_hash": "",
            "hash": ""}
