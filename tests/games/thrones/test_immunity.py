"""Immunity (§6.1, JA; FAQ): an immune card ignores the effects of X, targeted or not; costs
still choose it; it is never immune to its own abilities; plots are not events."""

from __future__ import annotations

from domain.games.thrones.targeting import immune
from tests.games.driver import play, prompt

from .helpers import (
    LANNISTER,
    STARK,
    blank,
    challenges_for,
    pass_windows,
    place,
    rec,
    set_plot,
    start,
    use_move,
)


def _shaggydog(state: dict, seat: int) -> str:
    """Shaggydog with a House Stark Lord beside him: +3 STR and immunity to events."""
    place(state, seat, "eddard-stark-box")
    return place(state, seat, "shaggydog")


def test_lethal_counterattack_passes_by_an_attacker_immune_to_events():
    state = blank(first=LANNISTER)
    hound = place(state, LANNISTER, "the-hound-box")
    dog = _shaggydog(state, LANNISTER)  # taken over: the position shows the rule only
    for card in ("robb-stark", "catelyn-stark"):
        place(state, STARK, card)
    state["players"][STARK]["hand"] = ["lethal-counterattack"]
    state = challenges_for(state, LANNISTER)
    state = play(state, None, {"kind": "challenge", "type": "military"},
                 {"kind": "attacker", "card": hound}, {"kind": "attacker", "card": dog},
                 {"kind": "done"})
    state = play(state, STARK, use_move(state, STARK, "lethal-counterattack")[0])
    state = pass_windows(state)
    assert state["players"][LANNISTER]["discard"] == ["the-hound-box"]
    assert rec(state, dog)["card"] == "shaggydog"  # not killed
    assert state["players"][LANNISTER]["dead"] == []


def test_kings_in_the_north_may_kneel_an_immune_character_as_its_cost_but_it_gains_nothing():
    state = blank(first=STARK, phase="dominance")
    eddard = place(state, STARK, "eddard-stark-box")
    dog = place(state, STARK, "shaggydog")
    state["players"][STARK]["hand"] = ["kings-in-the-north"]
    state = start(state, {"op": "dominance"})
    kings = use_move(state, STARK, "kings-in-the-north")
    assert [m["target"] for m in kings] == [f"{eddard},{dog}"]  # a cost: immunity allows it
    state = play(state, STARK, kings[0])
    assert rec(state, dog)["knelt"] and rec(state, eddard)["knelt"]
    assert (rec(state, eddard)["power"], rec(state, dog)["power"]) == (1, 0)


def test_valar_morghulis_kills_a_character_immune_to_events_a_plot_is_no_event():
    state = blank(phase="plot")
    dog = _shaggydog(state, STARK)
    set_plot(state, LANNISTER, "valar-morghulis")
    state = start(state, {"op": "when_revealed"})
    state = pass_windows(state)
    assert sorted(state["players"][STARK]["dead"]) == ["eddard-stark-box", "shaggydog"]
    assert all(c["uid"] != dog for c in state["play"])


def test_an_event_with_any_character_as_its_target_cannot_choose_an_immune_one():
    state = blank(first=LANNISTER)
    hound = place(state, LANNISTER, "the-hound-box")
    dog = _shaggydog(state, STARK)
    state["players"][LANNISTER]["hand"] = ["im-you-writ-small"]
    state = challenges_for(state, LANNISTER)
    state = play(state, None, {"kind": "challenge", "type": "military"},
                 {"kind": "attacker", "card": hound})
    targets = {m["target"] for m in use_move(state, LANNISTER, "im-you-writ-small")}
    assert hound in targets and dog not in targets


def test_an_attachments_ability_reaches_a_character_immune_to_character_abilities():
    """Ice is an attachment: Ser Jacelyn's immunity to character abilities does not stop it."""
    state = blank(first=LANNISTER)
    jacelyn = place(state, LANNISTER, "ser-jacelyn-bywater")
    robb = place(state, STARK, "robb-stark")
    place(state, STARK, "ice", host=robb)
    state = challenges_for(state, LANNISTER)
    state = play(state, None, {"kind": "challenge", "type": "military"},
                 {"kind": "attacker", "card": jacelyn})
    state = pass_windows(state)
    state = play(state, None, {"kind": "defender", "card": robb})
    while not use_move(state, STARK, "ice"):
        assert prompt(state).kind == "window"
        state = play(state, None, {"kind": "pass"})
    assert [m["target"] for m in use_move(state, STARK, "ice")] == [jacelyn]


def test_robb_cannot_choose_a_knight_of_tourney_for_the_hand_but_can_choose_others():
    from domain.games.thrones.effects import rules_of
    state = blank()
    robb = place(state, STARK, "robb-stark")
    knight = place(state, LANNISTER, "ser-jaime-lannister")
    shae = place(state, LANNISTER, "shae")
    targets = rules_of("robb-stark").abilities[0].targets
    assert set(targets(state, STARK, robb, None)) == {knight, shae}
    set_plot(state, LANNISTER, "tourney-for-the-hand")
    assert targets(state, STARK, robb, None) == [shae]


def test_a_card_is_never_immune_to_its_own_ability_only_to_others():
    state = blank()
    jacelyn = place(state, LANNISTER, "ser-jacelyn-bywater")
    shae = place(state, LANNISTER, "shae")
    assert not immune(state, rec(state, jacelyn), LANNISTER, jacelyn)
    assert immune(state, rec(state, jacelyn), LANNISTER, shae)  # even his own side's
    knight = place(state, LANNISTER, "bronn")
    set_plot(state, LANNISTER, "tourney-for-the-hand")
    robb = place(state, STARK, "robb-stark")
    assert immune(state, rec(state, knight), STARK, robb)
    assert not immune(state, rec(state, knight), LANNISTER, shae)  # opponents' only
