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

import functools
import hashlib
import operator
import struct
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeAlias

from .canonical import json_equal
from .errors import GameError

ChanceSpec: TypeAlias = dict[str, Any]

_U64 = 1 << 64


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

    Nothing is hashed until the first draw: a bot is handed a stream for every move it makes,
    and most bots never draw from it.
    """

    __slots__ = ("_seed", "_context", "_keyed", "_prefix", "_block", "_words", "_next")

    def __init__(self, seed: bytes, context: str) -> None:
        self._seed = seed
        self._context = context
        self._keyed: tuple[Any, Any] | None = None  # _hmac_sha256_keyed(seed), once drawn
        self._prefix = b""  # f"{context}:", once drawn
        self._block = 0
        self._words: tuple[int, ...] = ()  # the words derived, first to last
        self._next = 0  # the position in ``_words`` of the next word to take

    def _derive_blocks(self, count: int) -> None:
        """Derive the next ``count`` blocks, their words queued after those still unread."""
        self._words = self._words[self._next:] + self._blocks(count)
        self._next = 0

    def _blocks(self, count: int) -> tuple[int, ...]:
        """The words of the next ``count`` blocks, in order."""
        if self._keyed is None:
            self._keyed = _hmac_sha256_keyed(self._seed)
            self._prefix = f"{self._context}:".encode()
        (inner_key, outer_key), prefix = self._keyed, self._prefix
        digests = []
        for block in range(self._block, self._block + count):
            inner = inner_key.copy()
            inner.update(prefix + str(block).encode())
            outer = outer_key.copy()
            outer.update(inner.digest())
            digests.append(outer.digest())
        self._block += count
        words: tuple[int, ...] = _words_of(count).unpack(b"".join(digests))
        return words

    def _next_word(self) -> int:
        if self._next == len(self._words):
            self._derive_blocks(1)
        word = self._words[self._next]
        self._next += 1
        return word

    def below(self, n: int) -> int:
        if n < 1:
            raise ValueError("below(n) needs n >= 1")
        limit = _limit(n)
        while True:
            word = self._next_word()
            if word < limit:
                return word % n

    def below_each(self, bounds: Sequence[int]) -> list[int]:
        """``[self.below(n) for n in bounds]``: the same answers from the same words, with the
        blocks a run of draws needs derived together (a shuffle of 40 takes 39 draws)."""
        count = len(bounds)
        if not count:
            return []
        # A shuffle's and a pick's bounds are a range: its least and greatest are its ends.
        ends = (bounds[0], bounds[-1]) if type(bounds) is range else bounds
        if min(ends) < 1:
            raise ValueError("below(n) needs n >= 1")
        unread = len(self._words) - self._next
        if unread < count:  # one word a draw, unless one is rejected (rarely)
            self._derive_blocks((count - unread + 3) // 4)
        start = self._next
        words = self._words[start:start + count]
        # below(n) rejects no word under 2**64 - n (its limit is above that), so when no word
        # of the run reaches 2**64 - max(bounds), each draw takes its own word: answered in C.
        if max(words) < _U64 - max(ends):
            self._next = start + count
            return list(map(operator.mod, words, bounds))
        return [self.below(n) for n in bounds]


# HMAC (RFC 2104) over hashlib's SHA-256, the key's padded blocks hashed once a seed: the
# same bytes as ``hmac.digest(seed, message, "sha256")`` at under half its cost, which sets
# up OpenSSL's HMAC afresh for each 32-byte block.
_IPAD = bytes(byte ^ 0x36 for byte in range(256))
_OPAD = bytes(byte ^ 0x5C for byte in range(256))
_SHA256_BLOCK = 64


@functools.lru_cache(maxsize=256)
def _hmac_sha256_keyed(key: bytes) -> tuple[Any, Any]:
    """SHA-256 already fed the inner and the outer padded key (copied, never updated)."""
    if len(key) > _SHA256_BLOCK:
        key = hashlib.sha256(key).digest()
    key = key.ljust(_SHA256_BLOCK, b"\0")
    return hashlib.sha256(key.translate(_IPAD)), hashlib.sha256(key.translate(_OPAD))


@functools.lru_cache(maxsize=64)
def _words_of(blocks: int) -> struct.Struct:
    """Reads ``blocks`` blocks as their big-endian 64-bit words, in order."""
    return struct.Struct(f">{4 * blocks}Q")


def _limit(n: int) -> int:
    """The first word ``below(n)`` rejects: words from it on would favour the small answers."""
    return _LIMITS[n] if n < _TABLED else _U64 - (_U64 % n)


_TABLED = 1024  # bounds below this have their limit looked up, not computed
_LIMITS = (0, *(_U64 - (_U64 % n) for n in range(1, _TABLED)))


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
    """``length`` distinct ints in ``range(n)`` (checked in C: a shuffle's outcome is long)."""
    if type(outcome) is not list or len(outcome) != length:
        return False
    return not outcome or (set(map(type, outcome)) == _INT_ONLY and min(outcome) >= 0
                           and max(outcome) < n and len(set(outcome)) == length)


_INT_ONLY = frozenset({int})  # bool is its own type: ``true`` is not an index


def _shuffle(spec: ChanceSpec, stream: DrawStream) -> list[int]:
    """Fisher-Yates from the top: position i (n-1 down to 1) swaps with below(i + 1)."""
    order = list(range(spec["n"]))
    positions = range(len(order) - 1, 0, -1)
    for i, j in zip(positions, stream.below_each(range(len(order), 1, -1)), strict=True):
        order[i], order[j] = order[j], order[i]
    return order


def _pick(spec: ChanceSpec, stream: DrawStream) -> list[int]:
    """The first k steps of a Fisher-Yates from the bottom: i swaps with i + below(n - i)."""
    n, k = spec["n"], spec["k"]
    pool = list(range(n))
    for i, offset in enumerate(stream.below_each(range(n, n - k, -1))):
        j = i + offset
        pool[i], pool[j] = pool[j], pool[i]
    return pool[:k]


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
                       lambda spec, stream: [spec["faces"][i] for i in stream.below_each(
                           [len(spec["faces"])] * spec["n"])],
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
