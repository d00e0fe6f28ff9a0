"""Worked examples of the digest about challenges (GOT-EX-2, -3, -15, -19, -20, -21), each a
test named after it; GOT-EX-3, the rulebook's challenge example, step by step."""

from __future__ import annotations

from domain.games.thrones.state import total_power
from domain.kernel import Chance
from tests.games.driver import chance, moves, play, prompt, step

from .helpers import LANNISTER, STARK, blank, challenges_for, pass_windows, place, rec, set_plot

MILITARY = {"kind": "challenge", "type": "military"}
DONE = {"kind": "done"}


def attacker(uid: str) -> dict:
    return {"kind": "attacker", "card": uid}


def defender(uid: str) -> dict:
    return {"kind": "defender", "card": uid}


def test_got_ex_2_power_claim_moves_only_the_power_on_the_defenders_house():
    state = blank(first=LANNISTER)
    set_plot(state, LANNISTER, "mutual-blackmail")  # claim 2
    hound = place(state, LANNISTER, "tyrion-lannister")
    eddard = place(state, STARK, "eddard-stark-box", knelt=True, power=2)
    state["players"][STARK]["power"] = 1
    state["pool"]["power"] -= 1
    state = challenges_for(state, LANNISTER)
    state = play(state, None, {"kind": "challenge", "type": "power"}, attacker(hound))
    stark = state["players"][STARK]
    assert stark["power"] == 0  # exactly 1 moved, though the claim was 2
    assert rec(state, eddard)["power"] == 2  # power on characters is never taken
    # 1 moved by the claim, 1 from the pool for winning unopposed
    assert state["players"][LANNISTER]["power"] == 2


def ex3_position() -> tuple[dict, dict[str, str]]:
    state = blank(first=LANNISTER)
    set_plot(state, LANNISTER, "planning-ahead")  # claim 1, no effect on STR
    set_plot(state, STARK, "mutual-enemies")
    cards = {"hound": place(state, LANNISTER, "the-hound-box"),
             "jon": place(state, STARK, "jon-snow-box"),
             "guard": place(state, STARK, "stark-guard")}
    state["players"][LANNISTER]["hand"] = ["insidious-ways"]
    state["players"][LANNISTER]["deck"] = ["the-goldroad", "lannisport-steward"]
    state["players"][STARK]["deck"] = ["great-keep"]
    return challenges_for(state, LANNISTER), cards


def test_got_ex_3_the_hound_jon_snow_the_stark_guard_and_secret_means_step_by_step():
    state, c = ex3_position()
    # 1: a military challenge with The Hound alone: he kneels, the military challenge is used.
    state = play(state, None, MILITARY, attacker(c["hound"]))
    assert rec(state, c["hound"])["knelt"]
    assert state["players"][LANNISTER]["challenges"] == ["military"]
    # 2: the window after attackers: Lannister passes (Stark, with nothing, is not asked);
    # no Stealth; Stark declares Jon Snow and the Stark Guard, who kneel.
    assert prompt(state).seat == LANNISTER
    assert "during your military challenge (3 against 0)" in prompt(state).text
    state = play(state, None, {"kind": "pass"})
    assert prompt(state).kind == "defenders"
    assert "The Hound, STR 3" in prompt(state).text
    state = play(state, None, defender(c["jon"]), defender(c["guard"]))
    assert rec(state, c["jon"])["knelt"] and rec(state, c["guard"])["knelt"]
    assert state["challenge"]["defenders"] == [c["jon"], c["guard"]]
    # 3: the Stark Guard's response: Stark draws 1 (the prompt says what it answers).
    assert "Stark Guard was declared a defender" in prompt(state, STARK).text
    guard_draw = next(m for m in moves(state, STARK) if m.get("source") == c["guard"])
    state = play(state, STARK, guard_draw)
    assert state["players"][STARK]["hand"] == ["great-keep"]
    # 4: the window: Lannister plays Secret Means on The Hound: STR 5, the event discarded.
    secret_means = {"kind": "use", "source": "hand", "card": "insidious-ways", "ability": 0,
                    "target": c["hound"], "trigger": -1}
    assert secret_means in moves(state, LANNISTER)
    state = play(state, LANNISTER, secret_means)
    assert state["players"][LANNISTER]["discard"] == ["insidious-ways"]
    # Stark holds a card and its deck has challenge events: it is asked, and passes; then
    # Lannister, holding nothing, passes without being asked, and the window closes.
    assert moves(state, STARK) == [{"kind": "pass"}]
    state = play(state, STARK, {"kind": "pass"})
    # 5a/5b: 5 against 5: Lannister wins (ties to the attacker); Stark chooses the victim
    # among all its characters.
    assert prompt(state).kind == "military_claim"
    assert state["challenge"]["strength"] == [5, 5]
    assert state["challenge"]["winner"] == LANNISTER
    assert {m["card"] for m in moves(state)} == {c["jon"], c["guard"]}
    state = play(state, None, {"kind": "kill", "card": c["guard"]})
    # Stark may save it (it holds a card, and its deck has Not Today): it passes.
    assert prompt(state).kind == "window" and "would be killed" in prompt(state).text
    state = play(state, None, {"kind": "pass"})
    # Killed: moribund until the window ends (§4.2 step 3), out of the challenge already.
    assert rec(state, c["guard"])["moribund"] == "dead" and state["players"][STARK]["dead"] == []
    assert c["guard"] not in state["challenge"]["defenders"]
    # 5c: defended, no Renown: no power. 5d: Secret Means' draw 2 for the win.
    assert total_power(state, LANNISTER) == total_power(state, STARK) == 0
    assert sorted(state["players"][LANNISTER]["hand"]) == ["lannisport-steward",
                                                           "the-goldroad"]
    # 6: Jon Snow's response stands him; then both decline and the challenge ends.
    state = play(state, LANNISTER, {"kind": "pass"})
    jon_stands = next(m for m in moves(state, STARK) if m.get("source") == c["jon"])
    state = play(state, STARK, jon_stands)
    state = play(state, LANNISTER, {"kind": "pass"})
    assert not rec(state, c["jon"])["knelt"] and rec(state, c["hound"])["knelt"]
    assert state["challenge"] is None
    assert len(state["players"][STARK]["hand"]) == 1
    assert state["players"][STARK]["dead"] == ["stark-guard"]  # step 6: it has left play


def test_got_ex_15_military_claim_2_kills_two_different_characters_chosen_by_the_defender():
    state = blank(first=STARK)
    set_plot(state, STARK, "mutual-enemies")  # claim 2
    robb = place(state, STARK, "war-host-of-the-north")
    victims = [place(state, LANNISTER, card, knelt=True) for card in
               ("lannisport-steward", "cerseis-attendant", "lannisport-weaponsmith")]
    state = challenges_for(state, STARK)
    state = play(state, None, MILITARY, attacker(robb))
    assert prompt(state).kind == "military_claim"
    state = play(state, None, {"kind": "kill", "card": victims[0]})
    offered = [m["card"] for m in moves(state)]
    assert victims[0] not in offered and len(offered) == 2  # the same one is not offered
    state = play(state, None, {"kind": "kill", "card": victims[1]})
    assert sorted(state["players"][LANNISTER]["dead"]) == ["cerseis-attendant",
                                                           "lannisport-steward"]


def test_got_ex_15_military_claim_2_with_one_character_kills_it_and_ends():
    state = blank(first=STARK)
    set_plot(state, STARK, "mutual-enemies")
    host = place(state, STARK, "war-host-of-the-north")
    place(state, LANNISTER, "lannisport-steward", knelt=True)
    state = challenges_for(state, STARK)
    state = play(state, None, MILITARY, attacker(host))
    assert state["players"][LANNISTER]["dead"] == ["lannisport-steward"]
    assert state["pending"] == []  # no question was asked: the phase ran to its end


def intrigue_position(defender_str_zero: bool) -> tuple[dict, str | None]:
    state = blank(first=LANNISTER)
    set_plot(state, LANNISTER, "planning-ahead")  # claim 1
    shae = place(state, LANNISTER, "enemy-informer")  # intrigue, STR 2
    state["players"][STARK]["hand"] = ["great-keep", "not-today", "summer"]
    guard = None
    if defender_str_zero:
        guard = place(state, STARK, "maester-luwin")  # intrigue, STR 1
        state["lasting"].append({"uid": guard, "str": -1, "icons": [], "keywords": [],
                                 "until": "phase", "source": "test"})
    state = challenges_for(state, LANNISTER)
    state = play(state, None, {"kind": "challenge", "type": "intrigue"}, attacker(shae))
    return pass_windows(state), guard


def test_got_ex_19_an_unopposed_intrigue_challenge_discards_at_random_and_gains_1_power():
    state, _ = intrigue_position(defender_str_zero=False)
    drawn = step(state)
    assert isinstance(drawn, Chance)
    assert (drawn.spec["kind"], drawn.spec["n"], drawn.spec["k"]) == ("pick", 3, 1)
    state = chance(state, [1])
    assert state["players"][STARK]["discard"] == ["not-today"]
    assert state["players"][LANNISTER]["power"] == 1


def test_got_ex_19_defenders_with_0_str_count_as_unopposed():
    state, luwin = intrigue_position(defender_str_zero=True)
    state = pass_windows(play(state, None, defender(luwin)))
    state = chance(state, [0])
    assert state["challenge"] is None or state["challenge"]["strength"][1] == 0
    assert state["players"][STARK]["discard"] == ["great-keep"]
    assert state["players"][LANNISTER]["power"] == 1


def test_got_ex_20_renown_on_the_winning_defender_gains_1_power_and_there_is_no_claim():
    state = blank(first=LANNISTER)
    hound = place(state, LANNISTER, "the-hound-box")
    eddard = place(state, STARK, "eddard-stark-box")  # STR 3, Renown
    knight = place(state, STARK, "knight-of-the-tumblestone")
    state = challenges_for(state, LANNISTER)
    state = play(state, None, MILITARY, attacker(hound), defender(eddard), defender(knight))
    assert state["challenge"] is None or state["challenge"]["winner"] == STARK
    assert rec(state, eddard)["power"] == 1
    assert rec(state, hound)["power"] == 0
    assert state["players"][STARK]["dead"] == []


def stealth_position() -> tuple[dict, dict[str, str]]:
    state = blank(first=LANNISTER)
    cards = {"tyrion": place(state, LANNISTER, "tyrion-lannister"),
             "sansa": place(state, STARK, "sansa-stark"),
             "littlefinger": place(state, STARK, "littlefinger")}
    state = challenges_for(state, LANNISTER)
    return play(state, None, {"kind": "challenge", "type": "intrigue"},
                attacker(cards["tyrion"])), cards


def test_got_ex_21_stealth_bypasses_a_character_without_stealth_only():
    state, c = stealth_position()
    assert prompt(state).kind == "stealth"
    assert moves(state) == [{"kind": "stealth", "card": c["sansa"]}, {"kind": "skip"}]
    state = play(state, None, {"kind": "stealth", "card": c["sansa"]})
    assert [m.get("card") for m in moves(state)] == [c["littlefinger"], None]


def test_got_ex_21_choosing_no_stealth_target_is_legal():
    state, c = stealth_position()
    state = play(state, None, {"kind": "skip"})
    assert {m.get("card") for m in moves(state)} == {c["sansa"], c["littlefinger"], None}
