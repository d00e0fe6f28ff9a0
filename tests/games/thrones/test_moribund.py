"""Moribund cards (§4.2 steps 3 and 6, the FAQ model): a card killed or discarded in a window
stays in play, with its abilities and its power, until the window ends; it cannot be chosen
to leave play again; then it leaves, its attachments fall off and its power goes back."""

from __future__ import annotations

from domain.games.thrones import RULES
from domain.games.thrones.state import total_power
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


def _valar_on_joffrey_and_tyrion(house_power: int) -> tuple[dict, str]:
    """Joffrey (1 power) and Tyrion, a Lord, in play for Lannister: Stark's Valar Morghulis
    kills every character at once."""
    state = blank(phase="plot", first=STARK)
    state["players"][LANNISTER]["power"] = house_power
    state["pool"]["power"] -= house_power
    joffrey = place(state, LANNISTER, "joffrey-baratheon", power=1)
    place(state, LANNISTER, "tyrion-lannister")
    place(state, STARK, "robb-stark")
    set_plot(state, STARK, "valar-morghulis")
    state = start(state, {"op": "when_revealed"})
    while not use_move(state, LANNISTER, "joffrey-baratheon"):
        state = play(state, None, {"kind": "pass"})  # the save windows
    return state, joffrey


def test_a_killed_joffrey_answers_a_lords_death_while_moribund_and_his_power_still_counts():
    state, joffrey = _valar_on_joffrey_and_tyrion(house_power=5)
    assert rec(state, joffrey)["moribund"] == "dead"
    shown = {c["uid"]: c for c in RULES.view(state, STARK)["in_play"]}
    assert shown[joffrey]["leaving_to"] == "dead" and shown[joffrey]["power"] == 1
    assert total_power(state, LANNISTER) == 6  # his power still counts
    state = play(state, LANNISTER, use_move(state, LANNISTER, "joffrey-baratheon")[0])
    assert rec(state, joffrey)["power"] == 2 and total_power(state, LANNISTER) == 7
    state = pass_windows(state)
    assert "joffrey-baratheon" in state["players"][LANNISTER]["dead"]
    assert total_power(state, LANNISTER) == 5  # step 6: his power went back to the pool
    assert state["pool"]["power"] == 60 - 5


def test_the_power_on_a_dying_joffrey_wins_the_game():
    state, joffrey = _valar_on_joffrey_and_tyrion(house_power=13)
    state = play(state, LANNISTER, use_move(state, LANNISTER, "joffrey-baratheon")[0])
    assert state["result"] is not None and state["result"]["winners"] == [LANNISTER]
    assert state["result"]["scores"][LANNISTER] == 15


def test_a_claimed_character_cannot_be_chosen_again_and_keeps_its_attachment_until_the_end():
    state = blank(first=STARK)
    robb = place(state, STARK, "robb-stark")
    shae = place(state, LANNISTER, "shae", knelt=True, power=2)
    milk = place(state, STARK, "milk-of-the-poppy", host=shae)
    steward = place(state, LANNISTER, "lannisport-steward", knelt=True)
    set_plot(state, STARK, "planning-ahead")  # claim 1
    state = challenges_for(state, STARK)
    state = play(state, None, {"kind": "challenge", "type": "military"},
                 {"kind": "attacker", "card": robb}, {"kind": "kill", "card": shae})
    state = pass_windows(state) if prompt(state).seat != STARK else state
    assert rec(state, shae)["moribund"] == "dead" and rec(state, milk)["host"] == shae
    assert total_power(state, LANNISTER) == 2
    kill = use_move(state, STARK, "robb-stark")
    assert [m["target"] for m in kill] == [steward]  # Shae is on her way out already
    state = play(state, STARK, kill[0])
    state = pass_windows(state)
    assert sorted(state["players"][LANNISTER]["dead"]) == ["lannisport-steward", "shae"]
    assert state["players"][STARK]["discard"] == ["milk-of-the-poppy"]  # fell off at step 6
    assert state["play"] == [rec(state, robb)] and total_power(state, LANNISTER) == 0


def test_a_second_kill_of_a_moribund_card_does_nothing():
    from domain.games.thrones.zones import push_kill
    state = blank(first=STARK)
    guard = place(state, STARK, "stark-guard")
    push_kill(state, guard, save=False)
    push_kill(state, guard, save=False)
    state = start(state, *reversed(state["pending"]), {"op": "when_revealed"})
    assert state["players"][STARK]["dead"] == ["stark-guard"]
    assert [n["act"] for n in state["notes"]].count("was killed") == 1
