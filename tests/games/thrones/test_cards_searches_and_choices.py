"""Cards that search a deck, discard at random, make immune, or ask a choice of their own
(Stark, Lannister and plot cards)."""

from __future__ import annotations

from domain.games.thrones.cards import BOX
from domain.games.thrones.decks import house_pool
from domain.games.thrones.stats import strength
from domain.games.thrones.targeting import char_uids
from domain.kernel import Chance
from tests.games.driver import chance, moves, play, prompt, step

from .helpers import (
    LANNISTER,
    PASS,
    STARK,
    blank,
    blank_lcg,
    challenges_for,
    give_gold,
    pass_windows,
    place,
    rec,
    set_plot,
    start,
    use_move,
    window,
)


def until_offered(state: dict, seat: int, card: str) -> dict:
    while not use_move(state, seat, card):
        assert prompt(state).kind == "window", prompt(state)
        state = play(state, None, PASS)
    return state


def test_winterfell_kennels_finds_a_direwolf_shows_it_and_shuffles():
    state = blank(phase="marshalling")
    kennels = place(state, STARK, "winterfell-kennels")
    give_gold(state, STARK, 1)
    state["players"][STARK]["deck"] = ["great-keep", "lady", "summer"]
    state = window(state, "marshalling", active=STARK)
    state = play(state, None, use_move(state, STARK, "winterfell-kennels")[0])
    assert rec(state, kennels)["knelt"] and state["players"][STARK]["gold"] == 0
    assert prompt(state).kind == "search"
    assert moves(state) == [{"kind": "take", "card": "lady"},
                            {"kind": "take", "card": "summer"}, {"kind": "none"}]
    state = play(state, None, {"kind": "take", "card": "lady"})
    assert state["players"][STARK]["hand"] == ["lady"]
    shuffle = step(state)
    assert isinstance(shuffle, Chance) and shuffle.spec["n"] == 2


def test_a_search_is_asked_even_with_nothing_to_find():
    state = blank(phase="plot")
    set_plot(state, STARK, "building-season")
    state["players"][STARK]["deck"] = ["stark-guard"]
    state = start(state, {"op": "when_revealed"})
    assert prompt(state).seat == STARK and moves(state) == [{"kind": "none"}]


def test_building_season_both_search_for_a_location_the_owner_first():
    state = blank(phase="plot")
    set_plot(state, STARK, "building-season")
    state["players"][STARK]["deck"] = ["great-keep"]
    state["players"][LANNISTER]["deck"] = ["the-goldroad", "shae"]
    state = start(state, {"op": "when_revealed"})
    state = play(state, STARK, {"kind": "take", "card": "great-keep"})
    state = chance(state, [])
    assert prompt(state).seat == LANNISTER
    state = play(state, LANNISTER, {"kind": "take", "card": "the-goldroad"})
    assert state["players"][LANNISTER]["hand"] == ["the-goldroad"]


def test_bran_the_builders_legacy_puts_a_cheap_location_into_play():
    state = blank(phase="dominance")
    give_gold(state, STARK, 3)
    state["players"][STARK]["hand"] = ["bran-the-builders-legacy"]
    state["players"][STARK]["deck"] = ["winterfell-castle", "godswood"]  # 3 and 2 gold
    state = window(state, "dominance")
    state = play(state, STARK, use_move(state, STARK, "bran-the-builders-legacy")[0])
    assert moves(state, STARK) == [{"kind": "take", "card": "godswood"}, {"kind": "none"}]
    state = play(state, STARK, {"kind": "take", "card": "godswood"})
    assert [c["card"] for c in state["play"]] == ["godswood"]


def test_ser_jacelyn_killed_makes_the_opponent_discard_at_random():
    state = blank(first=STARK)
    set_plot(state, STARK, "planning-ahead")
    host = place(state, STARK, "war-host-of-the-north")
    place(state, LANNISTER, "ser-jacelyn-bywater", knelt=True)
    state["players"][STARK]["hand"] = ["great-keep", "summer"]
    state = challenges_for(state, STARK)
    state = play(state, None, {"kind": "challenge", "type": "military"},
                 {"kind": "attacker", "card": host})
    state = until_offered(state, LANNISTER, "ser-jacelyn-bywater")
    state = play(state, LANNISTER, use_move(state, LANNISTER, "ser-jacelyn-bywater")[0])
    drawn = step(state)
    assert isinstance(drawn, Chance) and (drawn.spec["n"], drawn.spec["k"]) == (2, 1)
    assert not drawn.spec.get("public")
    state = chance(state, [1])
    assert state["players"][STARK]["discard"] == ["summer"]


def test_tourney_for_the_hand_knights_are_immune_to_opponents_character_abilities():
    state = blank()
    set_plot(state, LANNISTER, "tourney-for-the-hand")
    bronn = place(state, LANNISTER, "bronn")  # a Knight
    assert strength(state, rec(state, bronn)) == 4
    assert bronn not in char_uids(state, user=STARK, source="robb-stark")
    assert bronn in char_uids(state, user=LANNISTER, source="shae")


def test_ghost_saves_jon_snow_and_keeps_events_off_him():
    state = blank(first=LANNISTER)
    set_plot(state, LANNISTER, "planning-ahead")
    jon = place(state, STARK, "jon-snow-box", knelt=True)
    place(state, STARK, "ghost")
    assert jon not in char_uids(state, user=LANNISTER, source="the-lions-will")
    hound = place(state, LANNISTER, "the-hound-box")
    state = challenges_for(state, LANNISTER)
    state = play(state, None, {"kind": "challenge", "type": "military"},
                 {"kind": "attacker", "card": hound})
    while not use_move(state, STARK, "ghost"):
        kind = prompt(state).kind
        state = play(state, None, {"window": PASS, "defenders": {"kind": "done"},
                                   "military_claim": {"kind": "kill", "card": jon}}[kind])
    state = play(state, STARK, use_move(state, STARK, "ghost")[0])
    assert rec(state, jon)["card"] == "jon-snow-box"


def test_greatjon_joins_a_military_challenge_on_his_side():
    state = blank(first=LANNISTER)
    informer = place(state, LANNISTER, "enemy-informer")  # STR 2
    greatjon = place(state, STARK, "greatjon-umber")  # STR 3
    state = challenges_for(state, LANNISTER)
    state = play(state, None, {"kind": "challenge", "type": "military"},
                 {"kind": "attacker", "card": informer})
    state = play(state, STARK, use_move(state, STARK, "greatjon-umber")[0])
    assert rec(state, greatjon)["knelt"]
    assert state["players"][LANNISTER]["power"] == 0  # 2 against 3: no unopposed win
    assert state["players"][STARK]["dead"] == []


def test_winterfell_reserves_puts_a_discard_pile_top_back_on_its_deck():
    state = blank(first=LANNISTER)
    hound = place(state, LANNISTER, "the-hound-box")
    reserves = place(state, STARK, "winterfell-reserves")
    give_gold(state, STARK, 1)
    state["players"][LANNISTER]["discard"] = ["shae", "bronn"]
    state = challenges_for(state, LANNISTER)
    state = play(state, None, {"kind": "challenge", "type": "military"},
                 {"kind": "attacker", "card": hound}, {"kind": "defender", "card": reserves})
    move = next(m for m in use_move(state, STARK, "winterfell-reserves") if m["target"] == "p1")
    state = play(state, STARK, move)
    assert state["players"][LANNISTER]["deck"] == ["bronn"]
    assert state["players"][LANNISTER]["discard"] == ["shae"]


def test_ice_kills_another_participating_character():
    state = blank(first=LANNISTER)
    hound = place(state, LANNISTER, "the-hound-box")
    robb = place(state, STARK, "robb-stark")
    place(state, STARK, "ice", host=robb)
    state = challenges_for(state, LANNISTER)
    state = play(state, None, {"kind": "challenge", "type": "military"},
                 {"kind": "attacker", "card": hound})
    assert not use_move(state, STARK, "ice")  # Robb is not participating yet
    state = pass_windows(state)
    state = play(state, None, {"kind": "defender", "card": robb})
    state = until_offered(state, STARK, "ice")
    state = play(state, STARK, use_move(state, STARK, "ice")[0])
    assert state["players"][LANNISTER]["discard"] == ["the-hound-box"]  # his replacement
    assert state["players"][STARK]["discard"] == ["ice"]


def test_catelyn_ignores_the_str_of_a_participating_character():
    state = blank(first=LANNISTER)
    set_plot(state, LANNISTER, "planning-ahead")
    tyrion = place(state, LANNISTER, "tyrion-lannister")
    catelyn = place(state, STARK, "catelyn-stark")
    state = challenges_for(state, LANNISTER)
    state = play(state, None, {"kind": "challenge", "type": "intrigue"},
                 {"kind": "attacker", "card": tyrion}, {"kind": "skip"},
                 {"kind": "defender", "card": catelyn})
    ignore = next(m for m in use_move(state, STARK, "catelyn-stark") if m["target"] == tyrion)
    state = play(state, STARK, ignore)
    state = pass_windows(state)
    assert state["players"][LANNISTER]["power"] == 0  # 0 against 3: Stark won


def test_bronn_stands_to_save_the_character_he_guards():
    state = blank(first=STARK, phase="dominance")
    bronn = place(state, LANNISTER, "bronn", knelt=True)
    shae = place(state, LANNISTER, "shae")
    give_gold(state, LANNISTER, 2)
    state["players"][LANNISTER]["hand"] = ["great-keep"]
    state = window(state, "dominance")
    guard = next(m for m in use_move(state, LANNISTER, "bronn") if m["target"] == shae)
    state = play(state, LANNISTER, guard)
    from domain.games.thrones.flow import run
    from domain.games.thrones.zones import push_kill
    push_kill(state, shae, save=False)
    run(state)
    assert rec(state, shae)["card"] == "shae" and not rec(state, bronn)["knelt"]


def test_magister_illyrio_charges_1_gold_for_the_named_challenge_type():
    state = blank(first=STARK)
    illyrio = place(state, LANNISTER, "magister-illyrio")
    robb = place(state, STARK, "robb-stark")
    give_gold(state, STARK, 1)
    state = challenges_for(state, STARK)
    state = start(state, {"op": "window", "mode": "action", "phase": "challenges",
                          "seat": STARK, "passes": 0, "active": None},
                  {"op": "challenge_turn", "seat": STARK, "stage": "declare"})
    toll = next(m for m in use_move(state, LANNISTER, "magister-illyrio")
                if m["target"] == "power")
    state = play(state, LANNISTER, toll)
    state = pass_windows(state)
    state = play(state, None, {"kind": "challenge", "type": "power"})
    assert state["players"][STARK]["gold"] == 0 and state["players"][LANNISTER]["gold"] == 1
    del illyrio, robb


def test_i_never_bet_against_my_family_lowers_the_attackers_claim():
    state = blank(first=STARK)
    set_plot(state, STARK, "mutual-enemies")  # claim 2
    host = place(state, STARK, "war-host-of-the-north")
    steward = place(state, LANNISTER, "lannisport-steward")
    for card in ("shae", "bronn", "tyrion-lannister"):
        place(state, LANNISTER, card, knelt=True)
    give_gold(state, LANNISTER, 1)
    state["players"][LANNISTER]["hand"] = ["i-never-bet-against-my-family"]
    state = challenges_for(state, STARK)
    state = play(state, None, {"kind": "challenge", "type": "military"},
                 {"kind": "attacker", "card": host})
    bet = next(m for m in use_move(state, LANNISTER, "i-never-bet-against-my-family")
               if m["target"] == f"{steward}>1")
    state = play(state, LANNISTER, bet)
    state = pass_windows(state)
    assert prompt(state).kind == "military_claim" and "1 more" in prompt(state).text


def test_call_their_bluff_discards_every_copy_of_the_named_card():
    state = blank(first=LANNISTER, phase="dominance")
    give_gold(state, LANNISTER, 2)
    state["players"][LANNISTER]["hand"] = ["call-their-bluff"]
    state["players"][STARK]["hand"] = ["great-keep", "great-keep", "summer"]
    state = window(state, "dominance")
    bluff = next(m for m in use_move(state, LANNISTER, "call-their-bluff")
                 if m["target"] == "great-keep")
    state = play(state, LANNISTER, bluff)
    assert state["players"][STARK]["hand"] == ["summer"]
    assert state["players"][STARK]["discard"] == ["great-keep", "great-keep"]


def test_call_their_bluff_names_any_card_of_the_opponents_pool_in_the_card_game():
    """"Name any card" (rules 2.2.0): in ``lcg`` an opponent's deck may hold any card of its
    House's pool, not only its box deck's, so Call Their Bluff may name any of them; 2.1.0
    offered the box deck's names only, and a card the box lacks could not be named."""
    state = blank_lcg(first=LANNISTER, phase="dominance")
    give_gold(state, LANNISTER, 2)
    state["players"][LANNISTER]["hand"] = ["call-their-bluff"]
    state["players"][STARK]["hand"] = ["eddard-stark", "summer"]
    assert "eddard-stark" not in {cid for cid, _ in BOX.decks["stark"]}
    state = window(state, "dominance")
    offered = use_move(state, LANNISTER, "call-their-bluff")
    assert {m["target"] for m in offered} == set(house_pool("stark"))
    state = play(state, LANNISTER, next(m for m in offered if m["target"] == "eddard-stark"))
    assert state["players"][STARK]["hand"] == ["summer"]
    assert state["players"][STARK]["discard"] == ["eddard-stark"]


def test_call_their_bluff_in_the_box_names_the_cards_of_the_opponents_box_deck():
    state = blank(first=LANNISTER, phase="dominance")
    give_gold(state, LANNISTER, 2)
    state["players"][LANNISTER]["hand"] = ["call-their-bluff"]
    state = window(state, "dominance")
    offered = use_move(state, LANNISTER, "call-their-bluff")
    assert {m["target"] for m in offered} == {cid for cid, _ in BOX.decks["stark"]}


def test_lannisport_brothel_kneels_again_a_character_that_just_stood():
    state = blank(first=LANNISTER, phase="standing")
    place(state, LANNISTER, "lannisport-brothel", knelt=False)
    robb = place(state, STARK, "robb-stark", knelt=True)
    state = start(state, {"op": "standing"})
    again = next(m for m in use_move(state, LANNISTER, "lannisport-brothel"))
    state = play(state, LANNISTER, again)
    assert rec(state, robb)["knelt"]


def test_rule_by_decree_makes_the_biggest_hand_discard_down_to_4():
    state = blank(phase="plot")
    set_plot(state, LANNISTER, "rule-by-decree")
    state["players"][STARK]["hand"] = ["great-keep"] * 5 + ["summer"]
    state["players"][LANNISTER]["hand"] = ["shae"] * 3
    state = start(state, {"op": "when_revealed"})
    assert prompt(state).seat == STARK and prompt(state).kind == "decree"
    state = play(state, None, {"kind": "discard", "card": "summer"},
                 {"kind": "discard", "card": "great-keep"})
    assert len(state["players"][STARK]["hand"]) == 4 and state["pending"] == []


def test_snowed_under_returns_one_knelt_card_of_each_player_to_hand():
    state = blank(phase="standing")
    set_plot(state, STARK, "snowed-under")
    robb = place(state, STARK, "robb-stark", knelt=True)
    shae = place(state, LANNISTER, "shae", knelt=True)
    keep = place(state, LANNISTER, "bronn", knelt=True)
    state = start(state, {"op": "standing"})
    assert prompt(state).seat == STARK and {m["card"] for m in moves(state)} == {shae, keep}
    state = play(state, None, {"kind": "choose", "card": shae})
    assert state["players"][LANNISTER]["hand"] == ["shae"]
    assert state["players"][STARK]["hand"] == ["robb-stark"]  # its only knelt card
    assert not rec(state, keep)["knelt"]
    del robb


def test_a_claim_lowered_below_0_is_0():
    from domain.games.thrones.resolution import claim_value
    state = blank(first=STARK)
    set_plot(state, STARK, "planning-ahead")  # claim 1
    state["challenge"] = {"type": "intrigue", "attacker": STARK, "defender": LANNISTER,
                          "attackers": [], "defenders": [], "stealthed": [],
                          "stealth_left": [], "winner": STARK, "strength": [1, 0],
                          "after_win": []}
    state["claim_bonus"] = [{"house": "stark", "n": -3}]  # I Never Bet Against My Family
    assert claim_value(state) == 0
