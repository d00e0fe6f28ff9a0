"""Cards with passives (Infamy and Ser Jaime, Sansa, Benjen, Tywin, Raff), from the dead pile
(Trident Reinforcements), from hand (the Honor Guards, Guilty!, Arya), and the Chambers."""

from __future__ import annotations

from domain.games.thrones.stats import income
from tests.games.driver import chance, moves, play, prompt, step

from .helpers import (
    LANNISTER,
    PASS,
    STARK,
    blank,
    challenges_for,
    give_gold,
    pass_windows,
    place,
    rec,
    set_plot,
    start,
    use_move,
)


def test_ser_jaime_stays_standing_and_infamy_puts_claimed_power_on_him():
    state = blank(first=LANNISTER)
    jaime = place(state, LANNISTER, "ser-jaime-lannister")
    state = challenges_for(state, LANNISTER)
    state = play(state, None, {"kind": "challenge", "type": "military"},
                 {"kind": "attacker", "card": jaime})
    assert not rec(state, jaime)["knelt"]
    assert prompt(state).kind == "infamy"  # the unopposed power
    assert moves(state) == [{"kind": "infamy", "card": jaime}, {"kind": "infamy", "card": ""}]
    state = play(state, None, {"kind": "infamy", "card": jaime})
    assert rec(state, jaime)["power"] == 1 and state["players"][LANNISTER]["power"] == 0


def test_sansa_lets_the_player_of_an_attachment_on_her_draw_1():
    state = blank(phase="marshalling")
    sansa = place(state, STARK, "sansa-stark")
    give_gold(state, STARK, 1)
    state["players"][STARK]["hand"] = ["summer"]
    state["players"][STARK]["deck"] = ["great-keep"]
    state = start(state, {"op": "window", "mode": "action", "phase": "marshalling",
                          "seat": STARK, "passes": 0, "active": STARK})
    state = play(state, None, {"kind": "marshal", "card": "summer", "host": sansa})
    assert prompt(state).kind == "sansa"
    state = play(state, None, {"kind": "draw"})
    assert state["players"][STARK]["hand"] == ["great-keep"]


def test_benjen_killed_shuffles_every_dead_pile_into_its_deck():
    state = blank(first=LANNISTER)
    set_plot(state, LANNISTER, "planning-ahead")
    hound = place(state, LANNISTER, "the-hound-box")
    place(state, STARK, "benjen-stark", knelt=True)
    state["players"][STARK]["dead"] = ["stark-guard"]
    state["players"][LANNISTER]["dead"] = ["shae"]
    state = challenges_for(state, LANNISTER)
    state = play(state, None, {"kind": "challenge", "type": "military"},
                 {"kind": "attacker", "card": hound})
    assert state["players"][STARK]["dead"] == [] and state["players"][LANNISTER]["dead"] == []
    assert sorted(state["players"][STARK]["deck"]) == ["benjen-stark", "stark-guard"]
    assert step(state).spec["kind"] == "shuffle"


def test_trident_reinforcements_returns_from_a_dead_pile_of_3_characters():
    state = blank(phase="dominance")
    state["players"][STARK]["dead"] = ["trident-reinforcements", "stark-guard"]
    state = start(state, {"op": "plot_window"})
    assert state["pending"] == []  # two characters: nothing to ask
    state = blank(phase="dominance")
    state["players"][STARK]["dead"] = ["trident-reinforcements", "stark-guard", "robb-stark"]
    state = start(state, {"op": "plot_window"})
    state = play(state, STARK, use_move(state, STARK, "trident-reinforcements")[0])
    assert state["players"][STARK]["hand"] == ["trident-reinforcements"]


def test_the_chambers_may_go_on_the_house_card_and_escape_fleeing_to_the_wall():
    state = blank(phase="marshalling")
    give_gold(state, STARK, 1)
    state["players"][STARK]["hand"] = ["lord-eddards-chambers"]
    state = start(state, {"op": "window", "mode": "action", "phase": "marshalling",
                          "seat": STARK, "passes": 0, "active": STARK})
    assert {"kind": "marshal", "card": "lord-eddards-chambers", "host": "house"} in moves(state)
    state = play(state, None, {"kind": "marshal", "card": "lord-eddards-chambers", "host": "house"})
    assert income(state, STARK) == 2 + 1  # Mutual Enemies' 2 and its gold bonus
    for _ in range(4):
        place(state, STARK, "great-keep")
    set_plot(state, LANNISTER, "fleeing-to-the-wall")
    state = start(state, {"op": "when_revealed"})
    assert all(m["card"] != state["play"][0]["uid"] for m in moves(state) if "card" in m)


def test_tywin_collects_2_gold_at_marshalling_that_his_player_may_spend():
    state = blank(phase="marshalling")
    tywin = place(state, LANNISTER, "tywin-lannister")
    state["players"][LANNISTER]["hand"] = ["shae"]  # 2 gold
    set_plot(state, LANNISTER, "blockade")  # income 0
    state = start(state, {"op": "marshalling"})
    assert rec(state, tywin)["gold"] == 2 and state["pool"]["gold"] == 78
    while not prompt(state).text.startswith("Marshalling: your turn") or prompt(
            state).seat != LANNISTER:
        state = play(state, None, PASS)
    state = play(state, None, {"kind": "marshal", "card": "shae", "host": ""})
    assert rec(state, tywin)["gold"] == 0 and state["pool"]["gold"] == 80


def test_raff_shows_only_his_player_the_top_card_and_may_bottom_it():
    state = blank(phase="dominance")
    place(state, LANNISTER, "raff-the-sweetling")
    give_gold(state, LANNISTER, 1)
    state["players"][STARK]["deck"] = ["summer", "great-keep"]  # great-keep on top
    state = start(state, {"op": "plot_window"})
    state = play(state, LANNISTER, use_move(state, LANNISTER, "raff-the-sweetling")[0])
    assert prompt(state).kind == "raff" and "Great Keep" in prompt(state).text
    from domain.games.thrones import RULES
    assert "Great Keep" not in str(RULES.view(state, STARK))
    state = play(state, None, {"kind": "raff", "put": "bottom"})
    assert state["players"][STARK]["deck"] == ["great-keep", "summer"]


def test_im_your_writ_small_gives_deadly_then_becomes_a_2_str_attachment():
    state = blank(first=LANNISTER)
    hound = place(state, LANNISTER, "the-hound-box")  # the only Lannister character
    target = place(state, STARK, "stark-guard")  # may defend: the flow stops there
    state["players"][LANNISTER]["hand"] = ["im-you-writ-small"]
    state = challenges_for(state, LANNISTER)
    state = play(state, None, {"kind": "challenge", "type": "military"},
                 {"kind": "attacker", "card": hound})
    writ = next(m for m in use_move(state, LANNISTER, "im-you-writ-small")
                if m["target"] == hound)
    state = play(state, LANNISTER, writ)
    assert prompt(state).kind == "defenders"
    assert [c["card"] for c in state["play"] if c["host"] == hound] == ["im-you-writ-small"]
    from domain.games.thrones.stats import keywords, strength
    assert strength(state, rec(state, hound)) == 5
    assert "Deadly" in keywords(state, rec(state, hound))
    del target


def test_an_honor_guard_goes_to_the_opponent_and_comes_back_when_it_wins_for_them():
    state = blank(first=STARK)
    state["players"][STARK]["hand"] = ["winterfell-honor-guard"]
    state = start(state, {"op": "window", "mode": "action", "phase": "challenges",
                          "seat": STARK, "passes": 0, "active": None},
                  {"op": "challenge_turn", "seat": LANNISTER, "stage": "declare"},
                  {"op": "end_phase"})
    state = play(state, STARK, use_move(state, STARK, "winterfell-honor-guard")[0])
    guard = state["play"][0]
    assert (guard["owner"], guard["controller"]) == (STARK, LANNISTER)
    state = play(state, None, {"kind": "challenge", "type": "military"},
                 {"kind": "attacker", "card": guard["uid"]})
    state = pass_windows(state)
    assert rec(state, guard["uid"])["controller"] == STARK


def test_arya_takes_stealth_from_a_character_by_kneeling_influence():
    state = blank(phase="dominance")
    arya = place(state, STARK, "arya-stark")
    crossroads = place(state, STARK, "crossroads")  # influence 1
    tyrion = place(state, LANNISTER, "tyrion-lannister")
    state = start(state, {"op": "plot_window"})
    take = next(m for m in use_move(state, STARK, "arya-stark")
                if m["target"] == f"{crossroads}>{tyrion}")
    state = play(state, STARK, take)
    from domain.games.thrones.stats import keywords
    assert "Stealth" not in keywords(state, rec(state, tyrion))
    assert "Stealth" in keywords(state, rec(state, arya))
    assert rec(state, crossroads)["knelt"]


def test_guilty_kneels_a_noble_or_3_influence_to_kill_a_non_stark_character():
    state = blank(phase="dominance")
    robb = place(state, STARK, "robb-stark")  # Noble
    shae = place(state, LANNISTER, "shae")
    state["players"][STARK]["hand"] = ["guilty"]
    state = start(state, {"op": "plot_window"})
    kill = next(m for m in use_move(state, STARK, "guilty") if m["target"] == f"{robb}>{shae}")
    state = play(state, STARK, kill)
    assert state["players"][LANNISTER]["dead"] == ["shae"] and rec(state, robb)["knelt"]


def test_bran_reveals_another_plot_in_the_plot_phase():
    state = blank(phase="plot")
    bran = place(state, STARK, "bran-stark")
    state["players"][STARK]["plots"] = ["counting-favors", "blockade"]
    state["players"][STARK]["revealed"] = "snowed-under"
    state = start(state, {"op": "plot_window"})
    swap = next(m for m in use_move(state, STARK, "bran-stark") if m["target"] == "blockade")
    state = play(state, STARK, swap)
    stark = state["players"][STARK]
    assert stark["revealed"] == "blockade" and stark["used"] == ["snowed-under"]
    assert rec(state, bran)["knelt"]


def test_pycelle_takes_the_top_card_when_the_opponent_reveals_one():
    state = blank(first=STARK, phase="dominance")
    place(state, LANNISTER, "grand-maester-pycelle")
    state["players"][LANNISTER]["deck"] = ["shae"]
    set_plot(state, STARK, "building-season")
    state["players"][STARK]["deck"] = ["great-keep"]
    state = start(state, {"op": "when_revealed"})
    state = play(state, STARK, {"kind": "take", "card": "great-keep"})
    state = play(state, LANNISTER, use_move(state, LANNISTER, "grand-maester-pycelle")[0])
    assert state["players"][LANNISTER]["hand"] == ["shae"]


def test_the_chambers_may_be_placed_on_the_house_card_at_setup():
    from domain.games.thrones import RULES

    state = RULES.setup({}, 2)
    for _ in range(2):
        state = chance(state, list(range(50)))
    stark = state["players"][STARK]
    stark["deck"] += stark["hand"]
    stark["deck"].remove("lord-eddards-chambers")
    stark["hand"] = ["lord-eddards-chambers"]
    state = play(state, STARK, {"kind": "keep"})
    state = play(state, LANNISTER, {"kind": "keep"})
    place_it = {"kind": "place_on_house", "card": "lord-eddards-chambers"}
    assert place_it in moves(state, STARK)
    state = play(state, STARK, place_it, {"kind": "done"})
    state = play(state, LANNISTER, {"kind": "done"})
    assert [(c["card"], c["host"]) for c in state["play"]] == [("lord-eddards-chambers",
                                                                 "house")]
