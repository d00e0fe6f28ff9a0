"""Replay documents as training data: one row a decision, as the deciding seat saw it.

Each move of a complete document becomes a row: the game, its rules version, the event's
``seq``, the seat, the seat's view encoded as the environments encode it (``research.codec``,
so a policy trained on the rows plays in the environments), the legal-move mask, the index of
the move made, the move and the raw view as JSON text (for DuckDB's ``json_extract``
and pandas), the game's final outcome for that seat (+1, -1 or 0, as the environments'
final reward), and whether a takeback later undid the move (``taken_back``: the move stays in
the history, and an analysis of what players chose may want to drop it).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

import pyarrow as pa

from domain.history import EventType
from domain.kernel import Decision, Move, Over, canonical_json, json_equal
from replays.export import undone_by
from replays.fold import rules_of, walk

from .codec import SHAPES, codec_for
from .envs import final_rewards

DECISIONS = pa.schema([
    ("game_id", pa.string()), ("game", pa.string()), ("rules_version", pa.string()),
    ("seq", pa.int32()), ("seat", pa.int32()), ("by", pa.string()),
    ("observation", pa.list_(pa.float32())), ("mask", pa.list_(pa.int8())),
    ("action", pa.int32()), ("move", pa.string()), ("view", pa.string()),
    ("outcome", pa.float32()),
    ("taken_back", pa.bool_()),
])


def outcome_of(result: dict[str, Any] | None, seats: int) -> list[float]:
    """Each seat's final reward from a document's result (0 for all without one)."""
    if result is None:
        return [0.0] * seats
    over = Over(result.get("scores"), result["winners"], result["reason"],
                result.get("details"), result.get("shared"))
    return final_rewards(over, seats)


def decisions(document: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """The rows of one complete replay document (nothing for an incomplete one: its hidden
    parts are redacted, so the views cannot be rebuilt; nothing for a game without a codec)."""
    if not document.get("complete") or document.get("game") not in SHAPES:
        return
    events = document["events"]
    rules = rules_of(events)
    codec = codec_for(document["game"])
    outcomes = outcome_of(document["result"], len(document["seats"]))
    undone = undone_by(document)
    for before, event, _ in walk(events):
        if event["type"] != EventType.MOVE_MADE or before is None:
            continue
        payload = event["payload"]
        seat = payload["seat"]
        step = rules.next(before)
        prompt = step.prompt_for(seat) if isinstance(step, Decision) else None
        if prompt is None:
            continue
        legal = prompt.legal_moves
        actions = codec.indices(legal)
        view = rules.view(before, seat)
        yield {"game_id": document["game_id"], "game": document["game"],
               "rules_version": document["rules_version"], "seq": event["seq"], "seat": seat,
               "by": payload.get("by"), "observation": codec.encode(view, legal, seat),
               "mask": codec.mask(actions),
               "action": actions[position_of(payload["move"], legal)],
               "move": canonical_json(payload["move"]), "view": canonical_json(view),
               "outcome": outcomes[seat],
               "taken_back": event["seq"] in undone}


def position_of(move: Move, legal: list[Move]) -> int:
    """Where ``move`` is among the legal moves, as the same JSON value."""
    return next(i for i, candidate in enumerate(legal) if json_equal(candidate, move))


def decisions_table(documents: Iterable[dict[str, Any]]) -> pa.Table:
    rows = [row for document in documents for row in decisions(document)]
    return pa.Table.from_pylist(rows, schema=DECISIONS)
