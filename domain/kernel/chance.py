"""Chance specs and the fair-draw derivation.

A game describes the random outcome it needs as a spec (a small JSON object); it never draws.
The service derives the outcome from the game's secret seed, the game id and the sequence
number of the event that will record it, so after the game, when the seed is revealed, anyone
can re-derive every draw. ``replays/README.md`` specifies the derivation byte for byte.

Specs (extra keys such as ``"public"`` or ``"what"`` are carried along and ignored here):

* ``{"kind": "shuffle", "n": N}``  -> a permutation of ``range(N)`` (Fisher-Yates)
* ``{"kind": "roll", "faces": [...]}`` -> one of the faces
* ``{"kind": "pick", "n": N, "k": K}`` -> K distinct indices of ``range(N)``, in draw order
"""

from __future__ import annotations

import hashlib
import hmac
from typing import Any, TypeAlias

from .errors import GameError

ChanceSpec: TypeAlias = dict[str, Any]

_U64 = 1 << 64


def shuffle_spec(n: int, **extra: Any) -> ChanceSpec:
    return {"kind": "shuffle", "n": n, **extra}


def roll_spec(faces: list[Any], **extra: Any) -> ChanceSpec:
    return {"kind": "roll", "faces": list(faces), **extra}


def pick_spec(n: int, k: int, **extra: Any) -> ChanceSpec:
    return {"kind": "pick", "n": n, "k": k, **extra}


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
            digest = hmac.new(self._seed, message, hashlib.sha256).digest()
            self._block += 1
            self._words = [int.from_bytes(digest[i:i + 8], "big") for i in (24, 16, 8, 0)]
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


def derive_outcome(spec: ChanceSpec, seed: bytes, context: str) -> Any:
    """The outcome of ``spec`` for the draw identified by ``context``."""
    stream = DrawStream(seed, context)
    kind = spec["kind"]
    if kind == "shuffle":
        order = list(range(spec["n"]))
        for i in range(len(order) - 1, 0, -1):
            j = stream.below(i + 1)
            order[i], order[j] = order[j], order[i]
        return order
    if kind == "roll":
        return spec["faces"][stream.below(len(spec["faces"]))]
    if kind == "pick":
        pool = list(range(spec["n"]))
        for i in range(spec["k"]):
            j = i + stream.below(spec["n"] - i)
            pool[i], pool[j] = pool[j], pool[i]
        return pool[: spec["k"]]
    raise GameError(f"Unknown chance kind {kind!r}.")


def check_outcome(spec: ChanceSpec, outcome: Any) -> None:
    """Raise unless ``outcome`` is a possible outcome of ``spec``."""
    kind = spec["kind"]
    if kind == "shuffle":
        ok = isinstance(outcome, list) and sorted(outcome) == list(range(spec["n"]))
    elif kind == "roll":
        ok = outcome in spec["faces"]
    elif kind == "pick":
        ok = (isinstance(outcome, list) and len(outcome) == spec["k"]
              and len(set(outcome)) == spec["k"]
              and all(isinstance(i, int) and 0 <= i < spec["n"] for i in outcome))
    else:
        ok = False
    if not ok:
        raise GameError(f"{outcome!r} is not a possible outcome of {spec!r}.")


def new_commitment(seed: bytes) -> str:
    """The public commitment to a secret seed: SHA-256 of its bytes, in hex."""
    return hashlib.sha256(seed).hexdigest()
