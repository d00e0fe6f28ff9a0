"""Card by card: Infamy and Ser Jaime, Sansa, Benjen, Trident Reinforcements, the Chambers."""

from __future__ import annotations

from domain.games.thrones.stats import income

from .helpers import (
    LANNISTER,
    STARK,
    act,
    blank,
    challenges_for,
    give_gold,
    moves,
    place,
    prompt,
    rec,
    set_plot,
    start,
    step,
    use_move,
)

PASS = {"kind": "pass"}


def test_ser_jaime_stays_standing_and_infamy_puts_claimed_power_on_him():
    state = blank(first=LANNISTER)
    jaime = place(state, LANNISTER, "ser-jaime-lannister")
    state = challenges_for(state, LANNISTER)
    state = act(state, {"kind": "challenge", "type": "military"},
                {"kind": "attacker", "card": jaime})
    assert not rec(state, jaime)["knelt"]
    assert prompt(state).kind == "infamy"  # the unopposed power
    assert moves(state) == [{"kind": "infamy", "card": jaime}, {"kind": "infamy", "card": ""}]
    state = act(state, {"kind": "infamy", "card": jaime})
    assert rec(state, jaime)["power"] == 1 and state["players"][LANNISTER]["power"] == 0


def test_sansa_lets_the_player_of_an_attachment_on_her_draw_1():
    state = blank(phase="marshalling")
    sansa = place(state, STARK, "sansa-stark")
    give_gold(state, STARK, 1)
    state["players"][STARK]["hand"] = ["summer"]
    state["players"][STARK]["deck"] = ["great-keep"]
    state = start(state, {"op": "window", "mode": "action", "phase": "marshalling",
                          "seat": STARK, "passes": 0, "active": STARK})
    state = act(state, {"kind": "marshal", "card": "summer", "host": sansa})
    assert prompt(state).kind == "sansa"
    state = act(state, {"kind": "draw"})
    assert state["players"][STARK]["hand"] == ["great-keep"]


def test_benjen_killed_shuffles_every_dead_pile_into_its_deck():
    state = blank(first=LANNISTER)
    set_plot(state, LANNISTER, "planning-ahead")
    hound = place(state, LANNISTER, "the-hound-box")
    place(state, STARK, "benjen-stark", knelt=True)
    state["players"][STARK]["dead"] = ["stark-guard"]
    state["players"][LANNISTER]["dead"] = ["shae"]
    state = challenges_for(state, LANNISTER)
    state = act(state, {"kind": "challenge", "type": "military"},
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
    state = act(state, use_move(state, STARK, "trident-reinforcements")[0], seat=STARK)
    assert state["players"][STARK]["hand"] == ["trident-reinforcements"]


def test_the_chambers_may_go_on_the_house_card_and_escape_fleeing_to_the_wall():
    state = blank(phase="marshalling")
    give_gold(state, STARK, 1)
    state["players"][STARK]["hand"] = ["lord-eddards-chambers"]
    state = start(state, {"op": "window", "mode": "action", "phase": "marshalling",
                          "seat": STARK, "passes": 0, "active": STARK})
    assert {"kind": "marshal", "card": "lord-eddards-chambers", "host": "house"} in moves(state)
    state = act(state, {"kind": "marshal", "card": "lord-eddards-chambers", "host": "house"})
    assert income(state, STARK) == 2 + 1  # Mutual Enemies' 2 and its gold bonus
    for _ in range(4):
        place(state, STARK, "great-keep")
    set_plot(state, LANNISTER, "fleeing-to-the-wall")
    state = start(state, {"op": "when_revealed"})
    assert all(m["card"] != state["play"][0]["uid"] for m in moves(state) if "card" in m)
