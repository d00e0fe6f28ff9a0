"""The canonical form: orjson's output is byte for byte the standard library's reference form
(the one replays/README.md specifies) for every value a history holds."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from domain.kernel import canonical_json, hash_value
from domain.kernel.canonical import canonical_bytes
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
