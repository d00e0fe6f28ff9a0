"""Rules 1.2.0 (issue 26): a ranged tie is the tied heroes' players' choice, made at once and
in secret, and the first player's only when they disagree (GOW-R-26)."""

from __future__ import annotations

from domain.games import get_rules
from domain.games.godofwar import RULES
from domain.kernel import Audience, Decision

from .helpers import act, scene_activation, started

URUZ = "spear-thrust-uruz"  # the Revenant (ranged, top of column 3) attacks on uruz


def _tie(first_seat: int):
    """Freya (seat 0) in column 2 and Kratos (seat 1) in column 4, both 1 column from the
    Revenant; Atreus (seat 2) behind Freya, never hit (only front heroes are)."""
    state = started(["freya", "kratos", "atreus"], first_seat=first_seat,
                    where={"freya": (2, False), "kratos": (4, False), "atreus": (2, True)})
    state["scene"]["s1-bottom-1"]["dead"] = True  # the Draugr's uruz out of the way
    return scene_activation(state, first_seat, URUZ)


def _asked(state) -> dict[int, str]:
    step = RULES.next(state)
    assert isinstance(step, Decision)
    return {p.seat: p.kind for p in step.prompts}


def _hit(state) -> list[str]:
    """The heroes the attack wounded (the hands are empty: no defense, no special)."""
    return [t for t, h in state["heroes"].items() if h["wounds"] > 0]


def test_gow_r_26_tied_farthest_heroes_players_choose_first_player_decides_only_on_disagreement():
    state = _tie(first_seat=2)
    assert _asked(state) == {0: "ranged-tie", 1: "ranged-tie"}  # the tied players, at once
    state = act(state, 0, {"kind": "hit", "tile": "freya"})
    assert _asked(state) == {1: "ranged-tie"}
    state = act(state, 1, {"kind": "hit", "tile": "kratos"})
    assert _asked(state) == {2: "ranged-tie"}  # they disagree: the first player decides
    state = act(state, 2, {"kind": "hit", "tile": "kratos"})
    assert _hit(state) == ["kratos"]


def test_gow_r_26_tied_players_who_agree_settle_the_target_without_the_first_player():
    state = _tie(first_seat=2)
    state = act(state, 1, {"kind": "hit", "tile": "freya"})
    state = act(state, 0, {"kind": "hit", "tile": "freya"})
    assert _hit(state) == ["freya"]


def test_gow_r_26_a_first_player_among_the_tied_players_decides_a_disagreement_with_their_choice():
    state = _tie(first_seat=1)
    state = act(state, 0, {"kind": "hit", "tile": "freya"})
    state = act(state, 1, {"kind": "hit", "tile": "kratos"})
    assert _hit(state) == ["kratos"]


def test_gow_r_26_a_tied_players_choice_is_hidden_from_the_other_until_both_have_chosen():
    rules = get_rules("godofwar")
    assert rules.narration is not None
    before = _tie(first_seat=2)
    event = {"type": "move", "seat": 0, "move": {"kind": "hit", "tile": "freya"}}
    after = act(before, 0, event["move"])
    for viewer in (1, 2, None):
        assert rules.redact(before, event, viewer)["move"]["tile"] is None
        assert rules.describe(before, after, event, viewer).endswith(
            "chooses in secret which hero the ranged attack hits.")
        line = rules.narration.narrate(before, after, event, Audience(("ann", "bob", "cy"),
                                                                      viewer))
        assert "Freya" not in line and "in secret" in line
        assert all(a["seat"] != 0 for a in rules.view(after, viewer)["ranged_tie"]["answers"])
    assert rules.redact(before, event, 0)["move"]["tile"] == "freya"
    assert rules.view(after, 0)["ranged_tie"]["answers"] == [{"seat": 0, "tile": "freya"}]
    # The second choice completes it: both are told, and the first player is asked.
    second = {"type": "move", "seat": 1, "move": {"kind": "hit", "tile": "kratos"}}
    last = act(after, 1, second["move"])
    assert rules.redact(after, second, 0)["move"]["tile"] == "kratos"
    line = rules.narration.narrate(after, last, second, Audience(("ann", "bob", "cy"), 2))
    assert "Kratos" in line and "chose Freya" in line and "You decide" in line
    assert len(rules.view(last, 2)["ranged_tie"]["answers"]) == 2


def test_gow_r_26_one_players_own_tie_is_theirs_alone():
    state = started(["brok-and-sindri", "kratos"], first_seat=1,
                    where={"brok": (2, False), "sindri": (4, False), "kratos": (2, True)})
    state["scene"]["s1-bottom-1"]["dead"] = True
    state = scene_activation(state, 1, URUZ)
    assert _asked(state) == {0: "ranged-tie"}
    state = act(state, 0, {"kind": "hit", "tile": "sindri"})
    assert _hit(state) == ["sindri"]
