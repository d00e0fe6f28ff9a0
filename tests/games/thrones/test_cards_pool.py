"""The cards of the full card game's pool that no box deck holds, which played as vanilla
under rules 2.0.0 (issue 26; README "Rules 2.1.0"): each plays as its text says."""

from __future__ import annotations

from domain.games.thrones.decks import check
from tests.games.driver import moves, play, prompt

from .decklists import stark_fealty, with_row
from .helpers import (
    LANNISTER,
    PASS,
    STARK,
    attacker,
    blank_lcg,
    blank_melee,
    challenges_for,
    give_gold,
    pass_windows,
    place,
    rec,
    settle,
    start,
    use_move,
    window,
)

# ---- Knight of Flowers ----

def test_knight_of_flowers_gains_1_power_at_the_start_of_dominance_if_standing():
    state = blank_lcg(phase="dominance")
    knight = place(state, STARK, "knight-of-flowers")
    resting = place(state, LANNISTER, "knight-of-flowers", knelt=True)
    state = start(state, {"op": "dominance"})
    assert rec(state, knight)["power"] == 1
    assert rec(state, resting)["power"] == 0


def test_start_of_dominance_passives_run_in_player_order_so_the_first_player_wins_first():
    state = blank_melee(3, first=1, phase="dominance")
    for seat in (0, 1):
        place(state, seat, "knight-of-flowers")
        state["players"][seat]["power"] = 14
        state["pool"]["power"] -= 14
    state = start(state, {"op": "dominance"})
    assert state["result"] is not None and state["result"]["winners"] == [1]


# ---- Maester Aemon ----

def test_maester_aemon_kneels_to_save_a_nights_watch_character_about_to_be_killed():
    state = blank_lcg()
    aemon = place(state, STARK, "maester-aemon")
    benjen = place(state, STARK, "benjen-stark")
    state = start(state, {"op": "kill", "uid": benjen, "stage": 0})
    state = play(state, STARK, use_move(state, STARK, "maester-aemon")[0])
    assert rec(state, benjen) and rec(state, aemon)["knelt"]


def test_maester_aemon_does_not_save_from_a_discard_or_a_character_outside_the_watch():
    state = blank_lcg()
    place(state, STARK, "maester-aemon")
    benjen = place(state, STARK, "benjen-stark")
    guard = place(state, STARK, "stark-guard")
    discarded = start(state, {"op": "kill", "uid": benjen, "stage": 0, "how": "discard"})
    assert use_move(discarded, STARK, "maester-aemon") == []
    state = blank_lcg()
    place(state, STARK, "maester-aemon")
    guard = place(state, STARK, "stark-guard")
    killed = start(state, {"op": "kill", "uid": guard, "stage": 0})
    assert use_move(killed, STARK, "maester-aemon") == []


# ---- Ser Barristan Selmy ----

def test_ser_barristan_entering_play_shuffles_every_discard_pile_into_its_deck():
    state = blank_melee(3, first=STARK, phase="marshalling")
    state["players"][STARK]["hand"] = ["ser-barristan-selmy"]
    for seat in range(3):
        state["players"][seat]["discard"] = ["stark-guard"]
        state["players"][seat]["deck"] = ["shae"]
    give_gold(state, STARK, 4)
    state = window(state, "marshalling", active=STARK)
    marshal = next(m for m in moves(state, STARK) if m["kind"] == "marshal")
    state = settle(play(state, STARK, marshal))
    for seat in range(3):
        assert state["players"][seat]["discard"] == []
        assert sorted(state["players"][seat]["deck"]) == ["shae", "stark-guard"]


# ---- Muster, Dance With Dragons ----

def test_muster_kneels_a_knight_to_take_a_knight_character_from_the_deck_shown_to_all():
    state = blank_lcg(phase="marshalling")
    knight = place(state, STARK, "knight-of-flowers")
    state["players"][STARK]["hand"] = ["muster"]
    state["players"][STARK]["deck"] = ["stark-guard", "knight-of-the-tumblestone"]
    state = window(state, "marshalling")
    offered = use_move(state, STARK, "muster")
    assert [m["target"] for m in offered] == [f"{knight}>"]
    state = play(state, STARK, offered[0])
    assert moves(state, STARK) == [{"kind": "take", "card": "knight-of-the-tumblestone"},
                                   {"kind": "none"}]
    state = settle(play(state, STARK, moves(state, STARK)[0]))
    assert "knight-of-the-tumblestone" in state["players"][STARK]["hand"]
    assert rec(state, knight)["knelt"]


def test_dance_with_dragons_kneels_1_influence_and_finds_no_dragon_in_this_pool():
    state = blank_lcg(phase="dominance")
    sea = place(state, STARK, "narrow-sea")
    state["players"][STARK]["hand"] = ["dance-with-dragons"]
    state["players"][STARK]["deck"] = ["stark-guard"]
    state = window(state, "dominance")
    offered = use_move(state, STARK, "dance-with-dragons")
    assert [m["target"] for m in offered] == [f"{sea}>"]
    state = play(state, STARK, offered[0])
    assert moves(state, STARK) == [{"kind": "none"}] and rec(state, sea)["knelt"]


# ---- Seductive Promise, Support of the Kingdom ----

def won_power_challenge(state: dict, *attackers: str) -> dict:
    """Stark attacks Lannister in a power challenge with ``attackers``, unopposed, up to the
    responses after it is won."""
    state = challenges_for(state, STARK)
    state = play(state, None, {"kind": "challenge", "type": "power"},
                 *(attacker(a) for a in attackers))
    while not any(m["kind"] == "use" for m in moves(state)) and prompt(state).kind != (
            "challenge"):
        state = play(state, None, PASS if prompt(state).kind == "window" else moves(state)[-1])
    return state


def test_seductive_promise_takes_a_non_unique_character_of_the_loser_on_a_margin_of_4():
    state = blank_lcg(first=STARK)
    strong = place(state, STARK, "knight-of-the-tumblestone")
    robb = place(state, STARK, "robb-stark")
    steward = place(state, LANNISTER, "lannisport-steward", knelt=True)
    place(state, LANNISTER, "tyrion-lannister", knelt=True)  # unique: not offered
    state["players"][STARK]["hand"] = ["seductive-promise"]
    state = won_power_challenge(state, strong, robb)
    offered = use_move(state, STARK, "seductive-promise")
    assert [m["target"] for m in offered] == [steward]
    state = play(state, STARK, offered[0])
    assert rec(state, steward)["controller"] == STARK


def test_seductive_promise_is_not_offered_on_a_margin_below_4():
    state = blank_lcg(first=STARK)
    weak = place(state, STARK, "knight-of-the-tumblestone")  # STR 2
    place(state, LANNISTER, "lannisport-steward", knelt=True)
    state["players"][STARK]["hand"] = ["seductive-promise", "support-of-the-kingdom"]
    place(state, LANNISTER, "crossroads")
    state = won_power_challenge(state, weak)
    assert use_move(state, STARK, "seductive-promise") == []
    assert use_move(state, STARK, "support-of-the-kingdom") != []


def test_support_of_the_kingdom_takes_an_opponents_location_that_gives_gold_or_influence():
    state = blank_lcg(first=STARK)
    weak = place(state, STARK, "knight-of-the-tumblestone")  # STR 2
    road = place(state, LANNISTER, "crossroads")
    place(state, LANNISTER, "lannisport-brothel")  # neither gold nor influence
    place(state, LANNISTER, "queen-cerseis-chambers", host="house")  # not "a location" there
    state["players"][STARK]["hand"] = ["support-of-the-kingdom"]
    state = won_power_challenge(state, weak)
    offered = use_move(state, STARK, "support-of-the-kingdom")
    assert [m["target"] for m in offered] == [road]
    state = play(state, STARK, offered[0])
    assert rec(state, road)["controller"] == STARK


# ---- Westeros Bleeds ----

def test_westeros_bleeds_kneels_4_influence_and_discards_every_character():
    state = blank_lcg(phase="dominance")
    payers = [place(state, STARK, card) for card in ("narrow-sea", "northern-fiefdoms",
                                                      "crossroads", "sunset-sea")]
    mine = place(state, STARK, "stark-guard")
    theirs = place(state, LANNISTER, "lannisport-steward")
    state["players"][STARK]["hand"] = ["westeros-bleeds"]
    state = window(state, "dominance")
    offered = use_move(state, STARK, "westeros-bleeds")
    assert [m["target"] for m in offered] == ["+".join(payers) + ">"]
    state = pass_windows(play(state, STARK, offered[0]))
    assert "stark-guard" in state["players"][STARK]["discard"]
    assert "lannisport-steward" in state["players"][LANNISTER]["discard"]
    assert all(rec(state, p)["knelt"] for p in payers)
    assert not any(c["uid"] in (mine, theirs) for c in state["play"])


# ---- Narrow Sea, Street of Sisters ----

def test_narrow_sea_is_discarded_to_make_the_next_stark_character_2_gold_cheaper():
    state = blank_lcg(phase="marshalling")
    sea = place(state, STARK, "narrow-sea")
    state["players"][STARK]["hand"] = ["robb-stark"]
    give_gold(state, STARK, 5)
    state = window(state, "marshalling", active=STARK)
    state = play(state, STARK, use_move(state, STARK, "narrow-sea")[0])
    assert not any(c["uid"] == sea for c in state["play"])
    assert state["players"][STARK]["discard"] == ["narrow-sea"]
    state = play(state, STARK, next(m for m in moves(state, STARK) if m["kind"] == "marshal"))
    assert state["players"][STARK]["gold"] == 5 - (4 - 2)  # Robb costs 4


def test_street_of_sisters_kneels_to_make_the_next_power_icon_character_1_cheaper():
    state = blank_lcg(phase="marshalling")
    street = place(state, STARK, "street-of-sisters")
    state["players"][STARK]["hand"] = ["stark-guard", "knight-of-the-tumblestone"]
    give_gold(state, STARK, 5)
    state = window(state, "marshalling", active=STARK)
    state = play(state, STARK, use_move(state, STARK, "street-of-sisters")[0])
    assert rec(state, street)["knelt"]
    knight = {"kind": "marshal", "card": "knight-of-the-tumblestone", "host": ""}
    state = play(state, STARK, knight)
    assert state["players"][STARK]["gold"] == 5 - (2 - 1)  # a power icon, cost 2


def test_street_of_sisters_deck_limit_of_1_copy_refuses_a_second():
    deck = with_row(stark_fealty(), "street-of-sisters", 2)
    assert [v["rule"] for v in check(deck)] == ["copies"]
    assert check(with_row(stark_fealty(), "street-of-sisters", 1)) == []
