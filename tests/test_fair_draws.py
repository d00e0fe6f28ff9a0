"""The fair-draw derivation: the README's vectors and an independent re-implementation."""

from __future__ import annotations

import hashlib
import hmac
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.kernel import KINDS, DrawStream, GameError, check_outcome, derive_outcome

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
    assert derive_outcome({"kind": "dice", "n": 5, "faces": FACES}, SEED, f"{GAME}:10") == [
        "crit", "shield", "crit", "rage", "rage"]
    assert derive_outcome({"kind": "draw", "n": 100}, SEED, f"{GAME}:11") == 45


FACES = ["axe", "shield", "blank", "blank", "rage", "crit"]


def reference_outcome(spec: dict, seed: bytes, context: str):
    """Every kind, written from replays/README.md alone."""
    words = reference_words(seed, context)
    if spec["kind"] == "shuffle":
        return reference_shuffle(seed, context, spec["n"])
    if spec["kind"] == "roll":
        return spec["faces"][reference_below(words, len(spec["faces"]))]
    if spec["kind"] == "dice":
        return [spec["faces"][reference_below(words, len(spec["faces"]))]
                for _ in range(spec["n"])]
    if spec["kind"] == "draw":
        return reference_below(words, spec["n"])
    a = list(range(spec["n"]))
    for i in range(spec["k"]):
        j = i + reference_below(words, spec["n"] - i)
        a[i], a[j] = a[j], a[i]
    return a[: spec["k"]]


@given(st.binary(min_size=32, max_size=32), st.integers(1, 10_000), st.integers(1, 40),
       st.data())
def test_every_kind_matches_an_independent_implementation(seed, seq, n, data):
    context = f"{GAME}:{seq}"
    k = data.draw(st.integers(0, n))
    for spec in ({"kind": "shuffle", "n": n}, {"kind": "pick", "n": n, "k": k},
                 {"kind": "roll", "faces": FACES}, {"kind": "dice", "n": k, "faces": FACES},
                 {"kind": "draw", "n": n}):
        assert derive_outcome(spec, seed, context) == reference_outcome(spec, seed, context)


def test_every_registered_kind_has_a_vector_and_a_reference():
    assert set(KINDS) == {"shuffle", "roll", "pick", "dice", "draw"}


def test_a_lazy_draw_picks_each_card_of_a_deck_equally_often():
    counts = Counter(derive_outcome({"kind": "draw", "n": 10}, SEED, f"{GAME}:{seq}")
                     for seq in range(20_000))
    assert all(1_800 < counts[i] < 2_200 for i in range(10))


def test_dice_roll_each_face_equally_often_and_independently():
    rolls = [derive_outcome({"kind": "dice", "n": 2, "faces": [0, 1, 2]}, SEED, f"d:{seq}")
             for seq in range(9_000)]
    pairs = Counter(tuple(r) for r in rolls)
    assert len(pairs) == 9 and all(800 < count < 1_200 for count in pairs.values())


@pytest.mark.parametrize(("spec", "outcome"), [
    ({"kind": "roll", "faces": [0, 1]}, True),
    ({"kind": "roll", "faces": [1, 2]}, 1.0),
    ({"kind": "draw", "n": 5}, True),
    ({"kind": "draw", "n": 5}, 2.0),
    ({"kind": "draw", "n": 5}, 5),
    ({"kind": "pick", "n": 5, "k": 2}, [1, True]),
    ({"kind": "shuffle", "n": 3}, [0, 1, 2.0]),
    ({"kind": "dice", "n": 2, "faces": [1, 2]}, [1, 3]),
    ({"kind": "dice", "n": 2, "faces": [1, 2]}, [1]),
])
def test_an_outcome_of_another_json_type_or_range_is_not_possible(spec, outcome):
    with pytest.raises(GameError):
        check_outcome(spec, outcome)


@pytest.mark.parametrize("spec", [
    {"kind": "coin"}, {"n": 3}, "shuffle", None, {"kind": "shuffle", "n": 4.0},
    {"kind": "shuffle", "n": True}, {"kind": "shuffle", "n": -1}, {"kind": "shuffle"},
    {"kind": "pick", "n": 3, "k": 4}, {"kind": "roll", "faces": []},
    {"kind": "roll", "faces": "abc"}, {"kind": "dice", "n": 2}, {"kind": "draw", "n": 0},
])
def test_a_malformed_spec_is_a_game_error_never_a_crash(spec):
    with pytest.raises(GameError):
        derive_outcome(spec, SEED, "g:1")
    with pytest.raises(GameError):
        check_outcome(spec, 0)


@given(st.binary(min_size=32, max_size=32), st.integers(1, 10_000), st.integers(1, 60))
def test_shuffles_match_an_independent_implementation(seed, seq, n):
    context = f"{GAME}:{seq}"
    assert derive_outcome({"kind": "shuffle", "n": n}, seed, context) == reference_shuffle(
        seed, context, n)


@given(st.binary(min_size=32, max_size=32), st.integers(1, 50), st.data())
def test_every_outcome_is_a_possible_outcome_of_its_spec(seed, n, data):
    k = data.draw(st.integers(0, n))
    for spec in ({"kind": "shuffle", "n": n}, {"kind": "pick", "n": n, "k": k},
                 {"kind": "roll", "faces": list(range(n))},
                 {"kind": "dice", "n": k, "faces": list(range(n))}, {"kind": "draw", "n": n}):
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


@given(st.binary(max_size=100), st.text(max_size=20),
       st.lists(st.integers(1, 2**64), max_size=40))
def test_a_run_of_draws_takes_the_same_words_as_draws_one_at_a_time(seed, context, bounds):
    # Seeds of any length (HMAC hashes one longer than 64 bytes) and bounds up to 2**64.
    words = reference_words(seed, context)
    assert DrawStream(seed, context).below_each(bounds) == [
        reference_below(words, n) for n in bounds]


def test_a_run_of_draws_rejects_a_word_at_the_top_of_the_range_and_takes_the_next():
    class Fixed(DrawStream):
        def _blocks(self, count):
            return (5, 7, 2**64 - 1, 4, 9)  # taken first to last

    # n = 3 rejects 2**64 - 1 (2**64 mod 3 == 1), so the third draw takes 4 instead.
    assert Fixed(SEED, "fixed").below_each([2, 3, 3, 5]) == [1, 1, 1, 4]
