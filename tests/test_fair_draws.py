"""The fair-draw derivation: the README's vectors and an independent re-implementation."""

from __future__ import annotations

import hashlib
import hmac
from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from domain.kernel import DrawStream, check_outcome, derive_outcome

SEED = bytes(31) + b"\x01"
GAME = "00000000-0000-4000-8000-000000000000"


def reference_words(seed: bytes, context: str):
    """Written from replays/README.md alone: the word stream of a draw."""
    block = 0
    while True:
        digest = hmac.new(seed, f"{context}:{block}".encode(), hashlib.sha256).digest()
        for offset in range(0, 32, 8):
            yield int.from_bytes(digest[offset:offset + 8], "big")
        block += 1


def reference_below(words, n: int) -> int:
    limit = 2**64 - (2**64 % n)
    for x in words:
        if x < limit:
            return x % n
    raise AssertionError("unreachable")


def reference_shuffle(seed: bytes, context: str, n: int) -> list[int]:
    words = reference_words(seed, context)
    a = list(range(n))
    for i in range(n - 1, 0, -1):
        j = reference_below(words, i + 1)
        a[i], a[j] = a[j], a[i]
    return a


def test_the_published_vectors_hold():
    block0 = hmac.new(SEED, f"{GAME}:7:0".encode(), hashlib.sha256).hexdigest()
    assert block0 == "0f3b281ab29ec452fe107bdacb3d46186bb357af7e3fc671956eb3ff57b4d23d"
    stream = DrawStream(SEED, f"{GAME}:7")
    assert [stream.below(6) for _ in range(5)] == [4, 0, 1, 1, 0]
    assert derive_outcome({"kind": "shuffle", "n": 10}, SEED, f"{GAME}:7") == [
        3, 6, 9, 7, 5, 8, 2, 1, 0, 4]
    assert derive_outcome({"kind": "pick", "n": 16, "k": 5}, SEED, f"{GAME}:8") == [
        3, 12, 6, 10, 9]
    assert derive_outcome({"kind": "roll", "faces": [1, 2, 3, 4, 5, 6]}, SEED, f"{GAME}:9") == 3


@given(st.binary(min_size=32, max_size=32), st.integers(1, 10_000), st.integers(1, 60))
def test_shuffles_match_an_independent_implementation(seed, seq, n):
    context = f"{GAME}:{seq}"
    assert derive_outcome({"kind": "shuffle", "n": n}, seed, context) == reference_shuffle(
        seed, context, n)


@given(st.binary(min_size=32, max_size=32), st.integers(1, 50), st.data())
def test_every_outcome_is_a_possible_outcome_of_its_spec(seed, n, data):
    k = data.draw(st.integers(0, n))
    for spec in ({"kind": "shuffle", "n": n}, {"kind": "pick", "n": n, "k": k},
                 {"kind": "roll", "faces": list(range(n))}):
        check_outcome(spec, derive_outcome(spec, seed, "g:1"))


def test_a_different_event_or_game_draws_differently():
    spec = {"kind": "shuffle", "n": 20}
    draws = {tuple(derive_outcome(spec, SEED, ctx)) for ctx in (f"{GAME}:1", f"{GAME}:2", "x:1")}
    assert len(draws) == 3


def test_a_die_is_fair_over_many_draws():
    stream = DrawStream(SEED, "fairness")
    counts = Counter(stream.below(6) for _ in range(60_000))
    # Each face within 5% of 10,000: a biased or broken sampler fails this by far.
    assert all(9_500 < counts[face] < 10_500 for face in range(6))


def test_rejection_sampling_skips_words_at_the_top_of_the_range():
    class Fixed(DrawStream):
        def __init__(self, words):
            self._queue = list(words)

        def _next_word(self):
            return self._queue.pop(0)

    # n = 3: 2**64 mod 3 == 1, so the single largest word is rejected.
    assert Fixed([2**64 - 1, 5]).below(3) == 2
