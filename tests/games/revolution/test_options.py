"""Each optional rule (옵션 규칙): the tiles setup produces, the draft sequences, and the secret
modes keeping tiles hidden from the opponent in views, redacted events and log lines."""

from __future__ import annotations

import pytest

from domain.games.revolution import RULES
from domain.games.revolution.tiles import NEUTRALS, TILES
from domain.kernel import BadOptions, Chance, canonical_json
from tests.games.driver import chance, describe_event, moves, play, prompt

from .scenario import started


def test_the_first_player_is_a_public_draw_and_takes_the_citizen():
    state = RULES.setup({}, 2)
    spec = RULES.next(state).spec
    assert spec["public"] and spec["faces"] == [0, 1]
    state = chance(state, 1)
    assert state["starter"] == 1 and "citizen" in state["hands"][1]
    assert "citizen" not in state["hands"][0]


def test_standard_puts_five_public_neutral_tiles_in_the_centre():
    state = started()
    spec = RULES.next(state).spec
    assert (spec["n"], spec["k"], spec["public"]) == (16, 5, True)
    state = chance(state, [0, 1, 2, 3, 4])
    assert state["centre"] == NEUTRALS[:5] and len(state["hands"][0]) == 8
    assert {m["tile"] for m in moves(state)} == {"citizen"}


def test_old_style_uses_no_neutral_tile_but_the_citizen():
    state = started(neutrals="old_style")
    assert (prompt(state).seat, prompt(state).kind) == (0, "place") and state["centre"] == []
    assert state["hands"][0][-1] == "citizen" and len(state["hands"][1]) == 7


def test_the_secret_random_deal_names_no_tile_to_its_owner_in_its_log_line():
    """Ruling 13: the owner does not know its face-down tiles either, so the log line of the
    deal, which every seat reads, names none of them, to anyone."""
    before = started(neutrals="secret_random")
    event = {"type": "chance", "spec": RULES.next(before).spec, "outcome": [5, 0, 9, 3]}
    dealt = [NEUTRALS[i] for i in event["outcome"]]
    for viewer in (0, 1, None):
        line = describe_event(before, event, viewer)
        assert line == "Each seat receives two face-down neutral tiles."
        assert not any(TILES[tile].name in line for tile in dealt)


def test_random_gives_two_open_neutral_tiles_to_each_player():
    state = chance(started(neutrals="random"), [0, 1, 2, 3])
    assert state["hands"][0][-2:] == NEUTRALS[:2] and state["hands"][1][-2:] == NEUTRALS[2:4]
    assert state["hidden"] == [[], []]


def test_secret_random_gives_two_face_down_tiles_hidden_from_the_opponent():
    before = started(neutrals="secret_random")
    spec = RULES.next(before).spec
    assert not spec.get("public")
    event = {"type": "chance", "spec": spec, "outcome": [5, 0, 9, 3]}
    state = chance(before, event["outcome"])
    assert state["hidden"] == [[NEUTRALS[5], NEUTRALS[0]], [NEUTRALS[9], NEUTRALS[3]]]
    # Indices are hidden even from the receiver, and so are the tiles (ruling 13).
    assert RULES.redact(before, event, 0)["outcome"] == [None] * 4
    assert RULES.redact(before, event, None)["outcome"] == [None] * 4
    theirs = {NEUTRALS[9], NEUTRALS[3]}
    for text in (canonical_json(RULES.view(state, 0)), describe_event(before, event, 0)):
        assert not any(t in text for t in theirs)
        assert not any(t.capitalize() in text for t in theirs)


def test_draft_first_second_first_then_the_second_player_gets_the_last_two():
    state = chance(started(neutrals="draft"), [0, 1, 2, 3, 4])
    order = []
    for tile in ("assassin", "bard", "death"):
        found = prompt(state)
        order.append((found.seat, found.kind))
        state = play(state, found.seat, {"kind": "take", "tile": tile})
    assert order == [(0, "draft"), (1, "draft"), (0, "draft")]
    assert state["hands"][0][-2:] == ["assassin", "death"]
    assert sorted(state["hands"][1][-3:]) == ["bard", "dragon", "fairy"]
    assert (prompt(state).seat, prompt(state).kind) == (0, "place")


def secret_draft_to_play() -> list[dict]:
    """A secret draft played through; the states along the way."""
    state = started(neutrals="secret_draft")
    states = [state]
    for outcome, keeps in (([0, 1, 2, 3], ("assassin", "bard")),
                           ([0, 1, 2, 3], ("fairy", "hermit"))):
        state = chance(state, outcome)
        states.append(state)
        for tile in keeps:
            state = play(state, prompt(state).seat, {"kind": "keep", "tile": tile})
            states.append(state)
    return states


def test_secret_draft_deals_four_keeps_one_passes_three_then_the_reverse():
    states = secret_draft_to_play()
    final = states[-1]
    # Round 1 from assassin, bard, dragon, death; round 2 from the next four by name.
    assert final["hidden"] == [["assassin", "hermit"], ["bard", "fairy"]]
    assert sorted(final["set_aside"][1]) == ["death", "dragon"]
    assert sorted(final["set_aside"][0]) == ["fortuneteller", "ninja"]
    assert (prompt(final).seat, prompt(final).kind) == (0, "place") and final["centre"] == []
    assert [prompt(s).seat for s in states[1:3]] == [0, 1]
    assert [prompt(s).seat for s in states[4:6]] == [1, 0]


def test_secret_draft_hides_the_kept_tiles_in_views_events_and_log_lines():
    states = secret_draft_to_play()
    final = states[-1]
    seat0 = canonical_json(RULES.view(final, 0))
    assert "bard" not in seat0 and "fairy" not in seat0 and "dragon" not in seat0
    keep = {"type": "move", "seat": 1, "move": {"kind": "keep", "tile": "bard"}}
    assert RULES.redact(states[2], keep, 0)["move"] == {"kind": "keep", "tile": None}
    assert "Bard" not in describe_event(states[2], keep, 0)
    assert "Bard" in describe_event(states[2], keep, 1)
    deal = {"type": "chance", "spec": RULES.next(states[3]).spec, "outcome": [0, 1, 2, 3]}
    assert RULES.redact(states[3], deal, 0)["outcome"] == [None] * 4
    assert RULES.view(final, None)["pool"] is None


def test_the_number_of_games_is_only_for_a_points_match():
    with pytest.raises(BadOptions):
        RULES.setup({"games": 5}, 2)
    assert RULES.setup({"match": "points", "games": 5}, 2)["options"]["games"] == 5
    with pytest.raises(BadOptions):
        RULES.setup({"match": "points", "games": 0}, 2)


def test_it_is_a_game_for_exactly_two():
    with pytest.raises(BadOptions):
        RULES.setup({}, 3)
    assert isinstance(RULES.next(RULES.setup({}, 2)), Chance)


def test_the_second_secret_draft_draw_does_not_tell_its_drawer_what_the_first_player_kept():
    # Found in review: the draw's indices point into the pool as it stood, which then lacked
    # the first player's four; knowing three of them, the drawer could name the kept one.
    state = chance(started(neutrals="secret_draft"), [0, 1, 2, 3])
    kept = state["draft"]["offer"][0]
    state = play(state, 0, {"kind": "keep", "tile": kept})
    state = play(state, 1, {"kind": "keep", "tile": state["draft"]["offer"][0]})
    event = {"type": "chance", "spec": RULES.next(state).spec, "outcome": [0, 5, 6, 7]}
    assert RULES.redact(state, event, 1)["outcome"] == [None] * 4
    after = chance(state, event["outcome"])
    line = describe_event(state, event, 1)
    assert all(TILES[t].name in line for t in after["draft"]["offer"])
    assert kept not in canonical_json(RULES.view(after, 1))
