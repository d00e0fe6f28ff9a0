"""Chance specs and the fair-draw derivation.

A game describes the random outcome it needs as a spec (a small JSON object); it never draws.
The service derives the outcome from the game's secret seed, the game id and the sequence
number of the event that will record it, so after the game, when the seed is revealed, anyone
can re-derive every draw. ``replays/README.md`` specifies the derivation byte for byte.

Chance kinds are a small registry (``KINDS``): each derives its outcome from a draw stream
and checks a given outcome. Specs (extra keys such as ``"public"`` or ``"what"`` are carried
along and ignored here):

* ``{"kind": "shuffle", "n": N}``  -> a permutation of ``range(N)`` (Fisher-Yates)
* ``{"kind": "roll", "faces": [...]}`` -> one of the faces
* ``{"kind": "pick", "n": N, "k": K}`` -> K distinct indices of ``range(N)``, in draw order
* ``{"kind": "dice", "n": N, "faces": [...]}`` -> N faces, one a die, rolled at once
* ``{"kind": "draw", "n": N}`` -> the position (in ``range(N)``) of the one card drawn from a
  face-down deck of N: a lazy shuffle, so a deck of 100 is not permuted for one draw
"""

from __future__ import annotations

import hashlib
import hmac
import struct
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeAlias

from .canonical import json_equal
from .errors import GameError

ChanceSpec: TypeAlias = dict[str, Any]

_U64 = 1 << 64
_WORDS = struct.Struct(">4Q")  # a block: four big-endian unsigned 64-bit words


def shuffle_spec(n: int, **extra: Any) -> ChanceSpec:
    return {"kind": "shuffle", "n": n, **extra}


def roll_spec(faces: list[Any], **extra: Any) -> ChanceSpec:
    return {"kind": "roll", "faces": list(faces), **extra}


def pick_spec(n: int, k: int, **extra: Any) -> ChanceSpec:
    return {"kind": "pick", "n": n, "k": k, **extra}


def dice_spec(n: int, faces: list[Any], **extra: Any) -> ChanceSpec:
    return {"kind": "dice", "n": n, "faces": list(faces), **extra}


def draw_spec(n: int, **extra: Any) -> ChanceSpec:
    return {"kind": "draw", "n": n, **extra}


class DrawStream:
    """A stream of fair integers from HMAC-SHA-256(seed, f"{context}:{block}").

    Each block is 32 bytes read as four big-endian unsigned 64-bit words. ``below(n)`` takes the
    next word ``x`` and accepts it if ``x < 2**64 - (2**64 % n)``, answering ``x % n``; otherwise
    it takes the next word (rejection sampling, so every answer is equally likely).
    """

    def __init__(self, seed: bytes, context: str) -> None:
        self._seed = seed
        self._context = context
        self._block = 0
        self._words: list[int] = []

    def _next_word(self) -> int:
        if not self._words:
            message = f"{self._context}:{self._block}".encode()
            # hmac.digest: the one-shot C path, the same bytes as hmac.new(...).digest().
            digest = hmac.digest(self._seed, message, "sha256")
            self._block += 1
            self._words = list(_WORDS.unpack(digest))[::-1]  # popped first to last
        return self._words.pop()

    def below(self, n: int) -> int:
        if n < 1:
            raise ValueError("below(n) needs n >= 1")
        limit = _U64 - (_U64 % n)
        while True:
            word = self._next_word()
            if word < limit:
                return word % n


def chance_context(game_id: str, sequence: int) -> str:
    """The context of the draw recorded by event ``sequence`` of game ``game_id``."""
    return f"{game_id}:{sequence}"


def bot_context(game_id: str, sequence: int) -> str:
    """The context a bot draws from when it makes the move recorded as event ``sequence``."""
    return f"{game_id}:{sequence}:bot"


@dataclass(frozen=True)
class ChanceKind:
    """One kind of random outcome: the spec keys it needs (each checked for its JSON type),
    how to derive the outcome from a draw stream, and which outcomes are possible."""

    keys: dict[str, str]  # key -> "count" (an int >= 0) or "faces" (a non-empty list)
    derive: Callable[[ChanceSpec, DrawStream], Any]
    possible: Callable[[ChanceSpec, Any], bool]
    # What else a well-typed spec of this kind must satisfy: None, or why it does not.
    flaw: Callable[[ChanceSpec], str | None] = lambda spec: None


def _is_count(value: Any) -> bool:
    return type(value) is int and value >= 0


def _is_index_list(outcome: Any, n: int, length: int) -> bool:
    return (type(outcome) is list and len(outcome) == length
            and all(type(i) is int and 0 <= i < n for i in outcome)
            and len(set(outcome)) == length)


def _shuffle(spec: ChanceSpec, stream: DrawStream) -> list[int]:
    order = list(range(spec["n"]))
    for i in range(len(order) - 1, 0, -1):
        j = stream.below(i + 1)
        order[i], order[j] = order[j], order[i]
    return order


def _pick(spec: ChanceSpec, stream: DrawStream) -> list[int]:
    pool = list(range(spec["n"]))
    for i in range(spec["k"]):
        j = i + stream.below(spec["n"] - i)
        pool[i], pool[j] = pool[j], pool[i]
    return pool[: spec["k"]]


def _roll(spec: ChanceSpec, stream: DrawStream) -> Any:
    return spec["faces"][stream.below(len(spec["faces"]))]


def _is_face(spec: ChanceSpec, outcome: Any) -> bool:
    return any(json_equal(outcome, face) for face in spec["faces"])


KINDS: dict[str, ChanceKind] = {
    "shuffle": ChanceKind({"n": "count"}, _shuffle,
                          lambda spec, out: _is_index_list(out, spec["n"], spec["n"])),
    "roll": ChanceKind({"faces": "faces"}, _roll, _is_face),
    "pick": ChanceKind({"n": "count", "k": "count"}, _pick,
                       lambda spec, out: _is_index_list(out, spec["n"], spec["k"]),
                       lambda spec: (f"Cannot pick {spec['k']} of {spec['n']}."
                                     if spec["k"] > spec["n"] else None)),
    "dice": ChanceKind({"n": "count", "faces": "faces"},
                       lambda spec, stream: [_roll(spec, stream) for _ in range(spec["n"])],
                       lambda spec, out: type(out) is list and len(out) == spec["n"]
                       and all(_is_face(spec, face) for face in out)),
    "draw": ChanceKind({"n": "count"}, lambda spec, stream: stream.below(spec["n"]),
                       lambda spec, out: type(out) is int and 0 <= out < spec["n"],
                       lambda spec: "Cannot draw from an empty deck." if spec["n"] < 1 else None),
}


def kind_of(spec: Any) -> ChanceKind:
    """The spec's kind, once the spec is well formed; GameError otherwise."""
    if not isinstance(spec, dict) or spec.get("kind") not in KINDS:
        kind = spec.get("kind") if isinstance(spec, dict) else spec
        raise GameError(f"Unknown chance kind {kind!r}; the kinds are {', '.join(KINDS)}.")
    kind = KINDS[spec["kind"]]
    for key, form in kind.keys.items():
        value = spec.get(key)
        fits = _is_count(value) if form == "count" else type(value) is list and bool(value)
        if not fits:
            wanted = "a whole number >= 0" if form == "count" else "a non-empty list"
            raise GameError(f"A {spec['kind']} spec needs {key!r} as {wanted}, not {value!r}.")
    flaw = kind.flaw(spec)
    if flaw is not None:
        raise GameError(flaw)
    return kind


def derive_outcome(spec: ChanceSpec, seed: bytes, context: str) -> Any:
    """The outcome of ``spec`` for the draw identified by ``context``."""
    return kind_of(spec).derive(spec, DrawStream(seed, context))


def check_outcome(spec: ChanceSpec, outcome: Any) -> None:
    """Raise unless ``outcome`` is a possible outcome of ``spec`` (JSON types exactly:
    ``true`` is not ``1``)."""
    if not kind_of(spec).possible(spec, outcome):
        raise GameError(f"{outcome!r} is not a possible outcome of {spec!r}.")


def new_commitment(seed: bytes) -> str:
    """The public commitment to a secret seed: SHA-256 of its bytes, in hex."""
    return hashlib.sha256(seed).hexdigest()
