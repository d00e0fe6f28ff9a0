"""Rules 1.2.0 (issue 26): a ranged tie is the tied heroes' players' choice, made at once and
in secret, and the first player's only when they disagree (GOW-R-26); a card's boxes stand
above or below its status and are read in that order, each only while its face shows
(GOW-R-23); one box's effects decide together (GOW-R-42); Volley asks its second target once
(GOW-R-44); a stranded Mimir is seen where he waits (GOW-R-17)."""

from __future__ import annotations

import copy
from dataclasses import replace

import pytest

from domain.games import get_rules
from domain.games.godofwar import RULES
from domain.games.godofwar.content import CONTENT, RAW, Box, Effect
from domain.games.godofwar.harm import knock_out
from domain.kernel import Audience, Decision, Over
from tests.games.driver import play, prompt

from .content_checks.validate import problems
from .helpers import (
    activation,
    empty_hands,
    health,
    roll,
    scene_activation,
    started,
    with_frame,
)

URUZ = "spear-thrust-uruz"  # the Revenant (ranged, top of column 3) attacks on uruz


def _tie(first_seat: int):
    """Freya (seat 0) in column 2 and Kratos (seat 1) in column 4, both 1 column from the
    Revenant; Atreus (seat 2) behind Freya, never hit (only front heroes are)."""
    state = empty_hands(started(["freya", "kratos", "atreus"], first_seat=first_seat,
                                where={"freya": (2, False), "kratos": (4, False),
                                       "atreus": (2, True)}))
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
    state = play(state, 0, {"kind": "hit", "tile": "freya"})
    assert _asked(state) == {1: "ranged-tie"}
    state = play(state, 1, {"kind": "hit", "tile": "kratos"})
    assert _asked(state) == {2: "ranged-tie"}  # they disagree: the first player decides
    state = play(state, 2, {"kind": "hit", "tile": "kratos"})
    assert _hit(state) == ["kratos"]


def test_gow_r_26_tied_players_who_agree_settle_the_target_without_the_first_player():
    state = _tie(first_seat=2)
    state = play(state, 1, {"kind": "hit", "tile": "freya"})
    state = play(state, 0, {"kind": "hit", "tile": "freya"})
    assert _hit(state) == ["freya"]


def test_gow_r_26_a_first_player_among_the_tied_players_decides_a_disagreement_with_their_choice():
    state = _tie(first_seat=1)
    state = play(state, 0, {"kind": "hit", "tile": "freya"})
    state = play(state, 1, {"kind": "hit", "tile": "kratos"})
    assert _hit(state) == ["kratos"]


def test_gow_r_26_a_tied_players_choice_is_hidden_from_the_other_until_both_have_chosen():
    rules = get_rules("godofwar")
    assert rules.narration is not None
    before = _tie(first_seat=2)
    event = {"type": "move", "seat": 0, "move": {"kind": "hit", "tile": "freya"}}
    after = play(before, 0, event["move"])
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
    last = play(after, 1, second["move"])
    assert rules.redact(after, second, 0)["move"]["tile"] == "kratos"
    line = rules.narration.narrate(after, last, second, Audience(("ann", "bob", "cy"), 2))
    assert "Kratos" in line and "chose Freya" in line and "You decide" in line
    assert len(rules.view(last, 2)["ranged_tie"]["answers"]) == 2


def test_gow_r_26_one_players_own_tie_is_theirs_alone():
    state = empty_hands(started(["brok-and-sindri", "kratos"], first_seat=1,
                                where={"brok": (2, False), "sindri": (4, False),
                                       "kratos": (2, True)}))
    state["scene"]["s1-bottom-1"]["dead"] = True
    state = scene_activation(state, 1, URUZ)
    assert _asked(state) == {0: "ranged-tie"}
    state = play(state, 0, {"kind": "hit", "tile": "sindri"})
    assert _hit(state) == ["sindri"]


# ---- a card's boxes in printed reading order (GOW-R-23) ----

THURISAZ = "spear-thrust-thurisaz"  # the Draugr Brute (bottom of column 3) attacks on it
BRUTE = "s1-bottom-3"  # its attack turns it over ("flip when it makes this attack")


def _with_box(monkeypatch, card_id: str, side: str, box: Box) -> None:
    """The card's face printed with ``box`` (content a test lays out: no card of ours shares
    a rune between its status and a box)."""
    card = CONTENT.scene_cards[card_id]
    printed = card.front if side == "front" else card.back
    assert printed is not None
    faced = replace(printed, boxes=(box,))
    monkeypatch.setitem(CONTENT.scene_cards, card_id,
                        replace(card, **{side: faced}))  # type: ignore[arg-type]


def _box(stands: str, *effects: Effect, rune: str = "thurisaz") -> Box:
    return Box("test-box", rune, False, stands, "a box a test prints", effects)


def _brute_reveal(monkeypatch, box: Box):
    _with_box(monkeypatch, BRUTE, "front", box)
    state = empty_hands(started(["kratos", "atreus"],
                                where={"kratos": (3, False), "atreus": (1, False)}))
    state["scene"]["s1-top-4"]["dead"] = True  # the other thurisaz card out of the way
    return scene_activation(state, 0, THURISAZ)


def test_gow_r_23_a_box_below_the_status_is_skipped_once_the_enemys_attack_turned_its_card():
    # Before 1.2.0 the box still fired, onto the face the attack had turned up.
    with pytest.MonkeyPatch.context() as patch:
        wind = Effect("wound_heroes", {"amount": 1, "target": "front_heroes_in_column"})
        state = _brute_reveal(patch, _box("below", wind))
        assert state["scene"][BRUTE]["side"] == "back"
        assert state["heroes"]["kratos"]["wounds"] == 2  # the attack's 2, not the box's 1
        assert ["s1-bottom-3", "front", "test-box"] not in state["fired"]


def test_gow_r_23_a_box_above_the_status_comes_first_and_a_turned_card_does_not_attack():
    with pytest.MonkeyPatch.context() as patch:
        turn = Effect("flip", {"cards": [{"card": BRUTE, "expect": "front"}]})
        state = _brute_reveal(patch, _box("above", turn))
        assert state["scene"][BRUTE]["side"] == "back"
        assert state["heroes"]["kratos"]["wounds"] == 0  # the status was turned away unread


def test_gow_r_23_the_content_says_where_each_box_stands_in_printed_reading_order():
    raw = copy.deepcopy(RAW)
    boxes = next(f["boxes"] for c in raw["scenes"]["scenes"][0]["cards"]
                 for f in (c["front"], c["back"]) if f and f["boxes"])
    boxes[0]["stands"] = "beside"
    boxes.append({**boxes[0], "id": "later", "stands": "above"})
    found = " ".join(problems(raw))
    assert "stands above or below the status, not 'beside'" in found
    del boxes[0]["stands"]
    assert "stands" in " ".join(problems(raw))
    assert all(b.stands in ("above", "below") for c in CONTENT.scene_cards.values()
               for f in (c.front, c.back) if f for b in f.boxes)


# ---- one box's effects decide together ----


def test_gow_r_42_one_boxs_effects_decide_together_so_its_wounds_lose_before_its_kill_wins():
    # The last wound on the Unmasked Traveler wins The Travelers; the same box then wounds
    # every hero out. The order chosen: the box's effects all apply in printed order, and
    # only then is the end checked, where a loss beats a win (GOW-R-42). Before 1.2.0 the
    # quest was won between the two.
    with pytest.MonkeyPatch.context() as patch:
        kill = Effect("wound_enemy", {"amount": 1, "target": "this_enemy"})
        wound = Effect("wound_heroes", {"amount": 1, "target": "all_heroes"})
        _with_box(patch, "s1-bottom-2", "back", _box("below", kill, wound, rune="uruz"))
        state = started(["kratos", "atreus"], where={"kratos": (1, False), "atreus": (2, False)})
        # 1 wound from death: 12, and 3 for the second hero
        state["scene"]["s1-bottom-2"].update({"side": "back", "wounds": 14})
        for tile in ("kratos", "atreus"):
            state["heroes"][tile]["wounds"] = health(tile) - 1
        state = with_frame(state, {"op": "box", "card": "s1-bottom-2", "box": "test-box",
                                   "side": "back", "asked": False,
                                   "ctx": {"seat": 0, "hero": None, "reward_from": ["kratos"],
                                           "card": "s1-bottom-2"}})
        step = RULES.next(state)
        assert state["scene"]["s1-bottom-2"]["dead"] is True  # the victory holds...
        assert all(h["knocked_out"] for h in state["heroes"].values())  # ...and so does the loss
        assert isinstance(step, Over) and step.shared == "loss" and state["quests_won"] == 0


# ---- Atreus's Volley and a stranded Mimir ----


def test_gow_r_44_volley_asks_for_its_second_target_once_after_the_roll():
    state = started(["kratos"], where={"kratos": (3, False)})
    state["players"][0]["hand"] = ["kratos-axe-chop"]
    state = activation(state, 0)
    state = play(state, 0, {"kind": "companion", "ability": "atreus-volley",
                           "mode": "second-target"})
    assert prompt(state).kind == "act"  # nothing asked yet: the roll comes first
    state = play(state, 0, {"kind": "attack", "tile": "kratos", "card": "kratos-axe-chop",
                           "as": "ranged", "target": "s1-top-3"})
    state = play(state, 0, {"kind": "done"})
    state = roll(state, 0)
    second = prompt(state)
    assert second.kind == "second-target"
    state = play(state, 0, {"kind": "target", "target": "s1-top-4"})
    assert state["scene"]["s1-top-4"]["wounds"] == state["scene"]["s1-top-3"]["wounds"] > 0
    assert prompt(state).kind == "act"


def test_gow_r_17_the_view_shows_a_stranded_mimir_in_the_column_where_he_waits():
    state = started(["kratos", "mimir", "freya"],
                    where={"kratos": (2, False), "freya": (4, False)})
    state["carrier"] = "kratos"
    knock_out(state, "kratos")
    for seat in (None, 0, 1, 2):
        view = RULES.view(state, seat)
        assert view["mimir_column"] == 2 and view["mimir_stranded"] is True
    state["carrier"] = "freya"  # the next round: he rides again, in his carrier's column
    assert RULES.view(state, 1)["mimir_column"] == 4
    assert RULES.view(state, 1)["mimir_stranded"] is False
