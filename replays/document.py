"""The replay document: a game's whole history in one self-contained JSON object.

A complete document (the game is over) holds every event with its hashes and the revealed
seed, so anyone can verify it offline with ``replays.verify_document``. During play the
document holds only what the requesting viewer may see (see ``replays.events``). Its header
(game, rules version, options, seats, commitment, status, result, seed) is what the events
fold into, so a verifier can check it against them; its ``narration`` says which words its
log lines are written in (``replays.words``), so a verifier can recompute them.
"""

from __future__ import annotations

import json
import math
from typing import Any

from domain.history import Life, options_seen, rules_for
from domain.kernel import PUBLIC_NARRATION

from .events import visible_events
from .fold import Records, is_complete, is_over, life_of

FORMAT = "gamehall-replay"
FORMAT_VERSION = 1


def build_document(records: Records, viewer: int | None = None) -> dict[str, Any]:
    """The replay document of a game's records, as ``viewer`` may see it."""
    complete = is_complete(records)
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "game_id": records[0]["game_id"],
        **header(records, None if complete else viewer),
        "narration": PUBLIC_NARRATION,
        "complete": complete,
        "viewer": None if complete else viewer,
        "events": visible_events(records, None if complete else viewer),
    }


def header(records: Records, viewer: int | None = None) -> dict[str, Any]:
    """The fields of a document that its events determine (the options as ``viewer`` may see
    them until the game is over: ``options_seen``)."""
    return header_of(life_of(records), viewer, is_over(records))


def header_of(life: Life, viewer: int | None = None, over: bool = True) -> dict[str, Any]:
    """The fields of a document that a game's life (its events folded) determines."""
    options = life["options"] if over else options_seen(rules_for(life), life["options"],
                                                        viewer, over)
    return {"game": life["game"], "rules_version": life["rules_version"],
            "options": options, "seats": life["seats"],
            "commitment": life["commitment"], "status": life["status"],
            "result": life["result"], "seed": life["seed"]}


def loads(text: str | bytes) -> Any:
    """JSON read as strictly as a history's hashes are specified; the one reader of replay
    documents and request bodies (the CLI's and the API's). Refused (ValueError): ``NaN`` and
    ``Infinity``, which Python's reader takes but JSON does not have, and a number too large
    to be finite (``1e400``, which Python reads as infinity): the canonical form has no bytes
    for them (replays/README, "Hashes"), and orjson would hash either as ``null``; and an
    object with a key twice, which readers resolve differently (Python keeps the last)."""
    if isinstance(text, str):  # one decoder for all: json.loads would build one a call
        if text.startswith("\ufeff"):
            raise json.JSONDecodeError("Unexpected UTF-8 BOM (decode using utf-8-sig)",
                                       text, 0)
        return STRICT.decode(text)
    return json.loads(text, parse_constant=refuse_constant, parse_float=finite,
                      object_pairs_hook=unique_keys)


def refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def finite(text: str) -> float:
    number = float(text)
    if not math.isfinite(number):
        raise ValueError(f"{text} is too large to be a finite number")
    return number


def unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    value = dict(pairs)
    if len(value) != len(pairs):
        keys = [key for key, _ in pairs]
        twice = next(key for key in keys if keys.count(key) > 1)
        raise ValueError(f"the key {twice!r} appears twice in one object")
    return value


STRICT = json.JSONDecoder(parse_constant=refuse_constant, parse_float=finite,
                          object_pairs_hook=unique_keys)
