"""Worked examples of the digest about cards and timing (GOT-EX-4 to GOT-EX-14), each a test
named after it."""

from __future__ import annotations

from domain.games.thrones.state import total_power
from domain.games.thrones.stats import strength
from domain.games.thrones.zones import leave_play
from tests.games.driver import moves, play, prompt

from .helpers import (
    LANNISTER,
    PASS,
    STARK,
    blank,
    challenges_for,
    give_gold,
    place,
    rec,
    set_plot,
    start,
)


def use(card: str, target: str = "", source: str = "hand", ability: int = 0,
        trigger: int = -1) -> dict:
    return {"kind": "use", "source": source, "card": card, "ability": ability,
            "target": target, "trigger": trigger}


def dominance_position() -> tuple[dict, str]:
    state = blank(first=STARK, phase="dominance")
    for card in ("jon-snow-box", "stark-guard", "house-tully-recruiter"):
        place(state, STARK, card)
    three = state["play"][0]["uid"]
    for card in ("lannisport-steward", "cerseis-attendant", "lannisport-weaponsmith"):
        place(state, LANNISTER, card)
    give_gold(state, STARK, 1)
    give_gold(state, LANNISTER, 2)
    state["players"][LANNISTER]["hand"] = ["the-lions-will"]
    return state, three


def test_got_ex_4_dominance_is_awarded_before_any_dominance_action():
    state, jon = dominance_position()
    state = start(state, {"op": "dominance"})
    assert state["players"][STARK]["power"] == 1  # 7 against 6, before any window
    assert use("the-lions-will", jon) in moves(state, LANNISTER)
    state = play(state, LANNISTER, use("the-lions-will", jon))
    assert rec(state, jon)["knelt"] and state["players"][STARK]["power"] == 1


def test_got_ex_4_equal_dominance_totals_give_nobody_power():
    state, _ = dominance_position()
    give_gold(state, LANNISTER, 1)
    state = start(state, {"op": "dominance"})
    assert state["players"][STARK]["power"] == state["players"][LANNISTER]["power"] == 0


def test_got_ex_5_illyrios_gift_adds_3_power_to_a_dominance_win():
    state = blank(phase="dominance")
    set_plot(state, LANNISTER, "illyrios-gift")
    place(state, LANNISTER, "lannisport-steward")
    state = start(state, {"op": "dominance"})
    assert state["players"][LANNISTER]["power"] == 4


def test_got_ex_5_illyrios_gift_gives_nothing_on_a_tie():
    state = blank(phase="dominance")
    set_plot(state, LANNISTER, "illyrios-gift")
    place(state, LANNISTER, "lannisport-steward")
    place(state, STARK, "stark-guard")
    state = start(state, {"op": "dominance"})
    assert state["players"][LANNISTER]["power"] == 0


def marshal_window(state: dict, seat: int) -> dict:
    return start(state, {"op": "window", "mode": "action", "phase": "marshalling",
                         "seat": seat, "passes": 0, "active": seat})


def marshal(card: str, host: str = "") -> dict:
    return {"kind": "marshal", "card": card, "host": host}


def test_got_ex_6_eddard_gains_1_power_on_himself_when_played():
    state = blank(phase="marshalling")
    give_gold(state, STARK, 4)
    state["players"][STARK]["hand"] = ["eddard-stark-box"]
    state = marshal_window(state, STARK)
    state = play(state, None, marshal("eddard-stark-box"))
    eddard = state["play"][0]["uid"]
    respond = use("eddard-stark-box", source=eddard, trigger=0)
    assert respond in moves(state, STARK)
    state = play(state, None, respond)
    assert rec(state, eddard)["power"] == 1 and state["players"][STARK]["power"] == 0
    assert total_power(state, STARK) == 1
    leave_play(state, eddard, "discard")
    assert total_power(state, STARK) == 0 and state["pool"]["power"] == 60


def test_got_ex_6_declining_eddards_response_is_legal():
    state = blank(phase="marshalling")
    give_gold(state, STARK, 4)
    state["players"][STARK]["hand"] = ["eddard-stark-box"]
    state = play(marshal_window(state, STARK), None, marshal("eddard-stark-box"), PASS)
    assert total_power(state, STARK) == 0


def test_got_ex_7_the_lions_will_pays_2_gold_and_kneels_a_character():
    state = blank(first=STARK, phase="dominance")
    target = place(state, STARK, "stark-guard")
    give_gold(state, LANNISTER, 2)
    state["players"][LANNISTER]["hand"] = ["the-lions-will"]
    state = start(state, {"op": "plot_window"})
    state = play(state, LANNISTER, use("the-lions-will", target))
    assert rec(state, target)["knelt"]
    assert state["players"][LANNISTER]["gold"] == 0 and state["pool"]["gold"] == 80
    assert state["players"][LANNISTER]["discard"] == ["the-lions-will"]


def test_got_ex_7_the_lions_will_needs_2_gold():
    state = blank(first=STARK, phase="dominance")
    place(state, STARK, "stark-guard")
    give_gold(state, LANNISTER, 1)
    state["players"][LANNISTER]["hand"] = ["the-lions-will"]
    state = start(state, {"op": "plot_window"})
    assert moves(state, LANNISTER) == [PASS]


def test_got_ex_8_a_killed_unique_character_stays_blocked():
    state = blank(first=LANNISTER)
    set_plot(state, LANNISTER, "planning-ahead")  # claim 1
    hound = place(state, LANNISTER, "the-hound-box")
    eddard = place(state, STARK, "eddard-stark-box", knelt=True, power=1)
    state = challenges_for(state, LANNISTER)
    state = play(state, None, {"kind": "challenge", "type": "military"},
                 {"kind": "attacker", "card": hound})
    assert state["players"][STARK]["dead"] == ["eddard-stark-box"]  # no choice was asked
    assert state["pool"]["power"] == 60 - 1  # his power went back; 1 for unopposed
    later = blank(phase="marshalling")
    later["players"][STARK]["dead"] = ["eddard-stark-box"]
    later["players"][STARK]["hand"] = ["eddard-stark-box"]
    give_gold(later, STARK, 9)
    later = marshal_window(later, STARK)
    assert moves(later) == [PASS]
    del eddard


def test_got_ex_9_littlefinger_can_be_on_both_sides():
    for where in ("play", "dead"):
        state = blank(phase="marshalling")
        if where == "play":
            place(state, STARK, "littlefinger")
        else:
            state["players"][STARK]["dead"] = ["littlefinger"]
        state["players"][LANNISTER]["hand"] = ["littlefinger"]
        give_gold(state, LANNISTER, 5)
        state = marshal_window(state, LANNISTER)
        assert marshal("littlefinger") in moves(state, LANNISTER), where


def test_got_ex_10_maester_luwins_action_is_offered_only_in_dominance():
    state = blank(phase="dominance")
    luwin = place(state, STARK, "maester-luwin")
    state["players"][STARK]["deck"] = ["great-keep", "summer"]
    state = start(state, {"op": "plot_window"})
    action = use("maester-luwin", source=luwin)
    assert action in moves(state, STARK)
    state = play(state, STARK, action)
    assert rec(state, luwin)["knelt"] and sorted(state["players"][STARK]["hand"]) == [
        "great-keep", "summer"]
    other = marshal_window(blank(phase="marshalling"), STARK)
    place(other, STARK, "maester-luwin")
    assert all(m["kind"] != "use" for m in moves(other))


def test_got_ex_11_varys_alone_discards_himself_at_once():
    state = blank(phase="marshalling")
    give_gold(state, LANNISTER, 3)
    state["players"][LANNISTER]["hand"] = ["varys-box"]
    state = play(marshal_window(state, LANNISTER), None, marshal("varys-box"))
    assert state["play"] == [] and state["players"][LANNISTER]["discard"] == ["varys-box"]


def test_got_ex_11_varys_must_discard_an_ally_of_either_side():
    state = blank(phase="marshalling")
    hound = place(state, LANNISTER, "the-hound-box")
    give_gold(state, LANNISTER, 3)
    state["players"][LANNISTER]["hand"] = ["varys-box"]
    state = play(marshal_window(state, LANNISTER), None, marshal("varys-box"))
    assert prompt(state).kind == "varys"
    varys = state["play"][-1]["uid"]
    assert moves(state) == [{"kind": "discard", "card": hound},
                            {"kind": "discard", "card": varys}]  # no skip
    state = play(state, None, {"kind": "discard", "card": hound})
    assert state["players"][LANNISTER]["discard"] == ["the-hound-box"]


def lost_challenge(sansa_attacks: bool = False) -> tuple[dict, dict[str, str]]:
    """Stark wins a challenge against Lannister, who holds A Lannister Pays His Debts."""
    state = blank(first=STARK)
    set_plot(state, STARK, "planning-ahead")  # claim 1
    c = {"attacker": place(state, STARK, "sansa-stark" if sansa_attacks else "jon-snow-box"),
         "steward": place(state, LANNISTER, "lannisport-steward"),
         "attendant": place(state, LANNISTER, "cerseis-attendant")}
    state["players"][LANNISTER]["hand"] = ["a-lannister-pays-his-debts"]
    state = challenges_for(state, STARK)
    kind = "power" if sansa_attacks else "military"
    state = play(state, None, {"kind": "challenge", "type": kind},
                 {"kind": "attacker", "card": c["attacker"]})
    # The windows after attackers and after (no) defenders: Lannister passes both.
    state = play(state, LANNISTER, {"kind": "pass"}, {"kind": "pass"})
    return state, c


def debts(state: dict, cost: str, victim: str) -> dict | None:
    """A Lannister Pays His Debts kneeling ``cost`` to kill ``victim``, if offered."""
    return next((m for m in moves(state, LANNISTER) if m.get("card") ==
                 "a-lannister-pays-his-debts" and m["target"] == f"{cost}>{victim}"), None)


def test_got_ex_12_a_lannister_pays_his_debts_answers_the_lost_challenge():
    state, c = lost_challenge()
    assert prompt(state).kind == "military_claim"
    state = play(state, None, {"kind": "kill", "card": c["attendant"]})
    move = debts(state, c["steward"], c["attacker"])
    assert move is not None
    state = play(state, LANNISTER, move)
    assert state["players"][STARK]["dead"] == ["jon-snow-box"]


def test_got_ex_12_the_chance_lapses_when_the_window_closes():
    state, c = lost_challenge(sansa_attacks=True)
    assert debts(state, c["steward"], c["attacker"]) is not None
    state = play(state, LANNISTER, PASS)
    assert state["challenge"] is None and state["triggers"] == []
    state = start(state, {"op": "plot_window"})  # the next window of the phase
    assert moves(state, LANNISTER) == [PASS]
    assert all(m.get("card") != "a-lannister-pays-his-debts" for m in moves(state, LANNISTER))


def test_got_ex_13_not_today_saves_sansa_and_the_cost_stays_paid():
    state, c = lost_challenge(sansa_attacks=True)
    state["players"][STARK]["hand"] = ["not-today"]
    state = play(state, LANNISTER, debts(state, c["steward"], c["attacker"]))
    assert "would be killed" in prompt(state).text
    save = use("not-today")
    state = play(state, STARK, save)
    assert rec(state, c["attacker"])["card"] == "sansa-stark"
    assert rec(state, c["steward"])["knelt"]
    assert state["players"][LANNISTER]["discard"] == ["a-lannister-pays-his-debts"]
    assert state["players"][STARK]["discard"] == ["not-today"]


def test_got_ex_14_winterfell_and_summer_add_up_and_winterfell_skips_neutral_cards():
    state = blank()
    winterfell = place(state, STARK, "winterfell-castle")
    arya = place(state, STARK, "arya-stark")
    littlefinger = place(state, STARK, "littlefinger")
    assert strength(state, rec(state, arya)) == 3
    assert strength(state, rec(state, littlefinger)) == 3  # neutral: no +1
    place(state, STARK, "summer", host=arya)
    assert strength(state, rec(state, arya)) == 5
    leave_play(state, winterfell, "discard")
    assert strength(state, rec(state, arya)) == 4
