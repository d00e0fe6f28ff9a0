"""The full card game's gold and draw rules (``lcg``): the out-of-House penalty and its reach
(digest §6.2, GOT-R-36), the draw cap (§6.6, GOT-R-26), setup with Setup attachments, the
mulligan announced in turn (GOT-R-2) and the DATA cards lcg decks hold (GOT-R-42/43)."""

from __future__ import annotations

from domain.games.thrones import RULES
from domain.games.thrones.state import draw
from tests.games.driver import chance, moves, play, prompt, step

from .helpers import (
    LANNISTER,
    PASS,
    STARK,
    blank,
    blank_lcg,
    challenges_for,
    give_gold,
    place,
    start,
    window,
)


def marshal_offers(state: dict, seat: int) -> set[str]:
    state = window(state, "marshalling", active=seat)
    return {m["card"] for m in moves(state, seat) if m["kind"] == "marshal"}


# ---- the out-of-House gold penalty ----

def test_a_card_of_another_house_costs_two_more_gold_to_marshal():
    state = blank_lcg(first=STARK, phase="marshalling")
    state["players"][STARK]["hand"] = ["lannisport-steward"]  # Lannister, cost 2
    give_gold(state, STARK, 3)
    assert "lannisport-steward" not in marshal_offers(state, STARK)
    give_gold(state, STARK, 1)
    state = window(state, "marshalling", active=STARK)
    state = play(state, STARK, {"kind": "marshal", "card": "lannisport-steward", "host": ""})
    assert state["players"][STARK]["gold"] == 0


def test_neutral_cards_and_a_dual_house_card_of_ones_own_house_have_no_penalty():
    state = blank_lcg(first=STARK, phase="marshalling")
    # Narrow Sea is Stark/Baratheon, Sunset Sea Lannister/Greyjoy: both cost 0 printed.
    state["players"][STARK]["hand"] = ["narrow-sea", "sunset-sea", "milk-of-the-poppy"]
    place(state, STARK, "stark-guard")
    give_gold(state, STARK, 1)
    assert marshal_offers(state, STARK) == {"narrow-sea", "milk-of-the-poppy"}
    give_gold(state, STARK, 1)
    assert "sunset-sea" in marshal_offers(state, STARK)


def test_the_box_has_no_out_of_house_penalty():
    state = blank(first=STARK, phase="marshalling")
    state["players"][STARK]["hand"] = ["lannisport-steward"]
    give_gold(state, STARK, 2)
    assert marshal_offers(state, STARK) == {"lannisport-steward"}


def test_the_penalty_counts_against_the_five_setup_gold():
    state = at_placing(lcg=True, stark=["clegane-outrider", "umber-berserker"])
    placeable = {m["card"] for m in moves(state, STARK) if m["kind"] == "place"}
    assert placeable == {"umber-berserker"}  # the Outrider would cost 4 + 2 of 5


def test_an_event_of_another_house_costs_no_penalty():
    state = blank_lcg(first=STARK)
    state["players"][LANNISTER]["hand"] = ["a-last-letter"]  # a Stark event, cost 0
    state["players"][LANNISTER]["deck"] = ["great-keep"]
    state = window(state, "dominance")  # Stark holds nothing: Lannister is asked first
    use = {"kind": "use", "source": "hand", "card": "a-last-letter", "ability": 0,
           "target": "", "trigger": -1}
    assert use in moves(state, LANNISTER)  # no gold at all, and still playable
    state = play(state, LANNISTER, use)
    assert state["players"][LANNISTER]["hand"] == ["great-keep"]


# ---- the draw cap (GOT-R-26) ----

def test_at_most_five_cards_are_drawn_a_round_and_further_draws_are_skipped():
    state = blank_lcg(phase="draw")
    state["players"][STARK]["deck"] = ["stark-guard"] * 10
    state["players"][STARK]["drawn"] = 4  # four drawn already this round
    state = start(state, {"op": "draw"})  # the draw phase's 2
    assert len(state["players"][STARK]["hand"]) == 1
    line = RULES.describe(state, state, {"type": "move", "seat": STARK}, LANNISTER)
    assert "could not draw 1 more" in line
    assert RULES.view(state, LANNISTER)["players"][STARK]["drawn_this_round"] == 5


def test_the_draw_cap_starts_afresh_each_round_and_the_box_has_none():
    state = blank_lcg(phase="taxation")
    state["players"][STARK]["drawn"] = 5
    state = start(state, {"op": "round"})  # the next round begins: plot phase
    assert RULES.view(state, STARK)["players"][STARK]["drawn_this_round"] == 0
    boxed = blank(phase="dominance")
    boxed["players"][STARK]["deck"] = ["stark-guard"] * 10
    assert draw(boxed, STARK, 7) == 7


def test_a_draw_outside_the_cap_still_draws_past_five():
    state = blank_lcg(phase="draw")  # the Master of Laws' extra card (melee) uses this
    state["players"][STARK]["deck"] = ["stark-guard"] * 3
    state["players"][STARK]["drawn"] = 5
    assert draw(state, STARK, 1) == 0
    assert draw(state, STARK, 1, capped=False) == 1


# ---- setup: Setup attachments, the mulligan, DATA cards ----

def at_placing(lcg: bool, stark: list[str], lannister: list[str] | None = None) -> dict:
    """Setup at the face-down placement, with the given hands."""
    state = RULES.setup({"profile": "lcg"} if lcg else {}, 2)
    while not (state["pending"] and state["pending"][-1]["op"] == "place"):
        found = step(state)
        if hasattr(found, "spec"):
            state = chance(state)
        else:
            state = play(state, found.seats[0], {"kind": "keep"})
    state["players"][STARK]["hand"] = list(stark)
    state["players"][LANNISTER]["hand"] = list(lannister or [])
    return state


def test_a_setup_attachment_needs_a_legal_host_among_ones_own_setup_cards():
    state = at_placing(lcg=False, stark=["northern-steel", "stark-guard"])
    assert {"kind": "place", "card": "northern-steel"} not in moves(state, STARK)
    state = play(state, STARK, {"kind": "place", "card": "stark-guard"})
    assert {"kind": "place", "card": "northern-steel"} in moves(state, STARK)


def test_setup_attachments_are_attached_after_the_reveal_in_player_order():
    state = at_placing(lcg=True, stark=["northern-steel", "stark-guard", "winterfell-sentry"],
                       lannister=["heirloom-blade", "lannisport-steward"])
    state = play(state, STARK, {"kind": "place", "card": "stark-guard"},
                 {"kind": "place", "card": "winterfell-sentry"},
                 {"kind": "place", "card": "northern-steel"}, {"kind": "done"})
    state = play(state, LANNISTER, {"kind": "place", "card": "lannisport-steward"},
                 {"kind": "place", "card": "heirloom-blade"}, {"kind": "done"})
    # Seat 0 first, with two hosts to choose from; Lannister's only host takes its Blade.
    asked = prompt(state)
    assert asked.kind == "setup_attach" and asked.seat == STARK
    assert [c["card"] for c in state["play"] if c["host"]] == []
    sentry = next(c["uid"] for c in state["play"] if c["card"] == "winterfell-sentry")
    state = play(state, None, {"kind": "attach", "card": "northern-steel", "host": sentry})
    hosts = {c["card"]: c["host"] for c in state["play"] if c["host"]}
    steward = next(c["uid"] for c in state["play"] if c["card"] == "lannisport-steward")
    assert hosts == {"northern-steel": sentry, "heirloom-blade": steward}
    assert RULES.view(state, LANNISTER)["in_play"][1]["strength"] == 3  # the Sentry, +1


def test_the_lcg_mulligan_is_announced_in_turn_and_public():
    state = RULES.setup({"profile": "lcg"}, 2)
    state = chance(state, STARK)  # the first player for setup: announced, then first to answer
    sizes = [len(p["deck"]) + len(p["hand"]) for p in state["players"]]
    for size in sizes:
        state = chance(state, list(range(size)))
    first = step(state)
    assert first.seats == [STARK] and prompt(state).kind == "mulligan"
    event = {"type": "move", "seat": STARK, "move": {"kind": "mulligan"}}
    assert RULES.redact(state, event, LANNISTER)["move"] == {"kind": "mulligan"}
    after = play(state, STARK, {"kind": "mulligan"})
    assert "Seat 0 took a mulligan" in RULES.describe(state, after, event, LANNISTER)
    reshuffle = step(after)
    assert reshuffle.spec["n"] == sizes[STARK]  # its 7 back in, shuffled (hidden), then 7 new
    after = chance(after, list(range(sizes[STARK])))
    assert step(after).seats == [LANNISTER] and len(after["players"][STARK]["hand"]) == 7


def test_lcg_decks_hold_the_data_cards_where_the_box_has_authored_variants():
    state = chance(RULES.setup({"profile": "lcg"}, 2), STARK)  # the setup first player
    cards = set(state["players"][STARK]["deck"]) | set(state["players"][LANNISTER]["deck"])
    assert {"jon-snow", "eddard-stark", "the-hound"} <= cards
    assert not {"jon-snow-box", "eddard-stark-box", "the-hound-box"} & cards
    boxed = RULES.setup({}, 2)
    assert "eddard-stark-box" in boxed["players"][STARK]["deck"]


def test_data_eddard_claims_a_power_on_entering_play_without_a_response_to_choose():
    state = blank_lcg(first=STARK, phase="marshalling")
    state["players"][STARK]["hand"] = ["eddard-stark"]
    give_gold(state, STARK, 4)
    state = window(state, "marshalling", active=STARK)
    state = play(state, STARK, {"kind": "marshal", "card": "eddard-stark", "host": ""})
    assert [c["power"] for c in state["play"]] == [1]


def test_data_the_hound_has_str_4_and_data_jon_gains_power_on_a_win_he_took_part_in():
    state = blank_lcg(first=STARK)
    hound = place(state, LANNISTER, "the-hound")
    state["players"][LANNISTER]["hand"] = ["great-keep"]  # asked in a window, so viewed
    assert RULES.view(window(state, "dominance"), STARK)["in_play"][0]["strength"] == 4
    state["players"][LANNISTER]["hand"] = []
    jon = place(state, STARK, "jon-snow")
    state["play"] = [c for c in state["play"] if c["uid"] != hound]
    state = challenges_for(state, STARK)
    state = play(state, None, {"kind": "challenge", "type": "power"},
                 {"kind": "attacker", "card": jon})
    offered: list[dict] = []
    while state["challenge"] is not None and not offered:
        offered = [m for m in moves(state) if m.get("card") == "jon-snow"]
        state = play(state, None, offered[0] if offered else PASS)
    assert offered, "Jon Snow's response is offered after the win"
    # Unopposed: 1 power on the House; Jon's own power from his response.
    assert next(c for c in state["play"] if c["uid"] == jon)["power"] == 1
