"""The canonical form: orjson's output is byte for byte the standard library's reference form
(the one replays/README.md specifies) for every value a history holds."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from domain.kernel import canonical_json, hash_value, json_equal
from domain.kernel.canonical import canonical_bytes
from domain.kernel.contract import is_among
from replays.fold import walk

GOLDEN = sorted((Path(__file__).resolve().parent / "golden").glob("*/*/*.json"))

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**63), 2**63 - 1) | st.text(),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(), inner, max_size=5),
    max_leaves=30)


def reference(value: object) -> bytes:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                      allow_nan=False).encode("utf-8")


@given(json_values)
def test_the_fast_form_is_the_reference_form_for_any_float_free_value(value):
    assert canonical_bytes(value) == reference(value)


def test_every_state_and_event_of_every_golden_game_has_the_same_bytes_both_ways():
    checked = 0
    for path in GOLDEN:
        events = json.loads(path.read_text())["events"]
        for _, event, after in walk(events):
            for value in (after, event["payload"]):
                assert canonical_bytes(value) == reference(value), path
                checked += 1
    assert checked > 1_000


def test_values_orjson_refuses_take_the_reference_path():
    for value in ({1: "a"}, [2**70], {"n": -(2**80)}):
        assert canonical_bytes(value) == reference(value)
    assert canonical_json({"b": [1, "é"], "a": None}) == '{"a":null,"b":[1,"é"]}'
    assert hash_value({}) == "44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a"


# Values with the confusions json_equal exists for: true/1, 4.0/4, "1"/1, a list/an object;
# and floats orjson writes apart though == holds (-0.0 and 0.0) or writes as null (infinity).
confusable = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 3)
    | st.sampled_from([0.0, -0.0, 1.0, 4.0, -1.5, float("inf")])
    | st.sampled_from(["", "1", "a"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from("ab"), inner,
                                                                 max_size=2),
    max_leaves=8)


def reference_equal(a: object, b: object) -> bool:
    """JSON equality, type included, as a plain walk (what json_equal's fast path must match)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        assert isinstance(b, dict)
        return a.keys() == b.keys() and all(reference_equal(a[k], b[k]) for k in a)
    if isinstance(a, list):
        assert isinstance(b, list)
        return len(a) == len(b) and all(reference_equal(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


@given(confusable, confusable)
def test_json_equality_is_the_plain_walks_answer_for_any_two_values(a, b):
    assert json_equal(a, b) == reference_equal(a, b)


@given(confusable)
def test_a_value_equals_itself_and_not_its_type_confused_twin(value):
    twin = json.loads(json.dumps(value).replace("true", "1").replace("false", "0"))
    assert json_equal(value, json.loads(json.dumps(value)))
    assert json_equal(value, twin) == reference_equal(value, twin)


def test_a_nan_is_not_equal_to_itself_even_inside_one_list():
    nan = float("nan")
    shared = [nan]
    assert not json_equal(shared, shared)


@given(st.lists(confusable, max_size=6), confusable)
def test_a_move_is_among_the_legal_moves_only_as_the_same_json_value(legal, move):
    assert is_among(move, legal) == any(reference_equal(move, m) for m in legal)
