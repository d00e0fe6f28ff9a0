"""The public position builders (domain/kernel/position.py; each game's README, "Positions"):
a position stated in the rulebook's terms builds the state the rules play on, the same every
time, and a description that states no position is refused in words."""

from __future__ import annotations

import pytest

from domain.games import get_rules
from domain.kernel import BadPosition, Chance, build_position, canonical_json, validate_options
from tests.games.driver import chance, moves, play, position, prompt


def test_a_revolution_position_places_the_tiles_named_and_asks_the_seat_whose_turn_it_is():
    state = position("revolution", board={"4": {"tile": "King", "ally": 0},
                                          "1": {"tile": "Tower", "ally": 1,
                                                "on": {"tile": "Monk", "ally": 1}}},
                     turn=1, centre=["Sage"])
    assert state["board"][4] == {"tile": "king", "up": 0, "down": False, "under": None}
    assert state["board"][1]["under"]["tile"] == "monk" and state["placed"] == 3
    assert "king" not in state["hands"][0] and "monk" not in state["hands"][1]
    assert "sage" not in state["pool"] and prompt(state).seat == 1
    state = play(state, 1, {"kind": "place", "tile": "sage", "square": 0})
    assert state["board"][0]["tile"] == "sage"


def test_an_empty_revolution_board_starts_with_the_citizen():
    assert {m["tile"] for m in moves(position("revolution"))} == {"citizen"}


def test_a_dominion_position_deals_the_zones_named_from_the_top_and_counts_the_supply():
    state = position("dominion", players=[{"hand": ["Village", "Copper"],
                                           "deck": ["Gold", "Estate"], "discard": ["Silver"]},
                                          {"hand": ["Moat"]}],
                     turn={"seat": 0, "phase": "action"}, trash=["Curse"])
    me = state["players"][0]
    assert me["deck"] == ["estate", "gold"] and me["discard"] == ["silver"]  # the top last
    assert state["supply"]["village"] == 9 and state["supply"]["moat"] == 9
    assert state["supply"]["gold"] == 29 and state["supply"]["curse"] == 9
    state = play(state, 0, {"kind": "play", "card": "village"})
    assert state["players"][0]["hand"] == ["copper", "gold"]  # Village drew the top: Gold


def test_a_dominion_position_in_the_buy_phase_offers_what_its_coins_buy():
    state = position("dominion", turn={"seat": 1, "phase": "buy", "coins": 8},
                     players=[{}, {"turns": 4}])
    assert prompt(state).seat == 1 and {"kind": "buy", "card": "province"} in moves(state)
    assert [p["turns"] for p in state["players"]] == [3, 4]  # the turn player went first


def test_a_god_of_war_position_stands_the_heroes_and_starts_an_activation():
    state = position("godofwar", heroes=["Kratos", "Atreus"],
                     tiles={"Kratos": {"column": 1, "wounds": 2},
                            "Atreus": {"column": 1, "back": True}},
                     hands=[["Leviathan Axe Swing"], []], activation=0)
    assert state["heroes"]["kratos"]["column"] == 1 and state["heroes"]["kratos"]["wounds"] == 2
    assert state["heroes"]["atreus"]["back"] is True
    assert state["players"][0]["hand"] == ["kratos-axe-swing"]
    assert prompt(state).seat == 0


def test_without_an_activation_the_round_starts_as_the_rules_start_it():
    state = position("godofwar", heroes=["Kratos", "Freya"], first=1)
    while isinstance(get_rules("godofwar").next(state), Chance):
        state = chance(state)
    assert state["first_player"] == 1 and prompt(state).seat in (0, 1)


@pytest.mark.parametrize("game, description", [
    ("revolution", {"board": {"3": {"tile": "Witch", "ally": 1, "destroyed": True}},
                    "wins": [1, 0], "game": 2, "starter": 1}),
    ("dominion", {"kingdom": ["Cellar", "Chapel", "Moat", "Harbinger", "Merchant", "Vassal",
                              "Village", "Workshop", "Bureaucrat", "Gardens"],
                  "players": [{"hand": ["Gardens"]}, {}, {}], "supply": {"Province": 1}}),
    ("godofwar", {"heroes": ["Mimir", "Brok & Sindri"], "round": 2}),
    ("thrones", {"phase": "challenges", "players": [
        {"house": "stark", "standing": ["Eddard Stark"]},
        {"house": "lannister", "kneeling": ["Tyrion Lannister"]}]}),
])
def test_the_same_position_always_builds_the_same_state(game, description):
    seats = len(description.get("players", description.get("heroes", [0, 0])))
    first = position(game, seats=seats, **description)
    again = position(game, seats=seats, **description)
    assert canonical_json(first) == canonical_json(again)


@pytest.mark.parametrize("game, description, words", [
    ("revolution", {"board": {"4": {"tile": "Emperor", "ally": 0}}},
     "there is no tile called 'Emperor'"),
    ("revolution", {"board": {"4": {"tile": "King", "ally": 0, "on": {"tile": "Monk",
                                                                     "ally": 1}}}},
     "only a Tower stands on another tile"),
    ("dominion", {"players": [{"hand": ["Vilage"]}, {}]}, "there is no card called 'Vilage'"),
    ("dominion", {"players": [{"hand": ["Witch"]}, {}]}, "Witch is not in this game's Supply"),
    ("dominion", {"players": [{"hand": ["Village"] * 11}, {}]},
     "the game has 10 Village cards besides the starting ones, not 11"),
    ("dominion", {"turn": {"phase": "cleanup"}}, "the action or the buy phase"),
    ("dominion", {"players": [{}]}, "players is a list of 2 players"),
    ("godofwar", {"heroes": ["Kratos", "Zeus"]}, "there is no hero called 'Zeus'"),
    ("godofwar", {"heroes": ["Kratos", "Atreus"], "tiles": {"Freya": {"column": 0}}},
     "the Freya tile is not in this game"),
    ("godofwar", {"heroes": ["Kratos", "Atreus"], "tiles": {"Kratos": {"column": 7}}},
     "column is a whole number from 1 to 4"),
    ("godofwar", {"heroes": ["Kratos", "Atreus"], "hands": [["Healing Stone"], []]},
     "'Healing Stone' is printed on several cards; name one by its id"),
    ("godofwar", {"heroes": ["Atreus"]}, "solo is played with Kratos alone"),
    ("godofwar", {"heroes": ["Kratos", "Atreus"], "enemies": {"Draugr Archer": {"wounds": 1}}},
     "2 enemies called 'Draugr Archer', not one: name one by its card (s1-top-1, s1-top-4)"),
    ("godofwar", {"heroes": ["Kratos", "Atreus"], "tiles": {"Kratos": {"column": 2},
                                                            "Atreus": {"column": 2}}},
     "column 2 has one front space, not room for Kratos and Atreus"),
])
def test_a_description_that_states_no_position_is_refused_in_words(game, description, words):
    seats = len(description["heroes"]) if "heroes" in description else 2
    with pytest.raises(BadPosition) as refused:
        position(game, seats=seats, **description)
    assert words in refused.value.message


@pytest.mark.parametrize("game", ["revolution", "dominion", "godofwar", "thrones"])
@pytest.mark.parametrize("description", [[], "board", {"board": []}, {"players": [1, None]},
                                         {"heroes": [{"name": 1}]}, {"turn": {"seat": "0"}},
                                         {"tiles": {"Kratos": []}}, {"supply": {"Gold": -1}}])
def test_no_malformed_description_raises_anything_but_bad_position(game, description):
    rules = get_rules(game)
    options = validate_options(rules.info.options, {})
    with pytest.raises(BadPosition):
        build_position(rules, options, 2, description)


def test_the_dominion_view_tells_what_the_last_move_did_which_the_log_line_says_in_words():
    state = position("dominion", kingdom=["Bandit", "Cellar", "Chapel", "Smithy", "Harbinger",
                                          "Merchant", "Vassal", "Village", "Workshop",
                                          "Militia"],
                     players=[{"hand": ["Bandit"], "deck": ["Copper"] * 3},
                              {"hand": ["Copper"] * 5, "deck": ["Silver", "Estate"]}])
    state = play(state, 0, {"kind": "play", "card": "bandit"})
    assert get_rules("dominion").view(state, None)["happened"] == [
        {"seat": 0, "act": "played", "cards": ["bandit"]},
        {"seat": 0, "act": "gained", "cards": ["gold"]},
        {"seat": 1, "act": "revealed", "cards": ["silver"]},
        {"seat": 1, "act": "revealed", "cards": ["estate"]},
        {"seat": 1, "act": "trashed", "cards": ["silver"]},
        {"seat": 1, "act": "discarded", "cards": ["estate"]}]


def test_what_a_seat_alone_saw_happen_stays_its_own_in_the_view():
    state = position("dominion", players=[{"hand": ["Smithy"], "deck": ["Gold"] * 3}, {}])
    state = play(state, 0, {"kind": "play", "card": "smithy"})
    rules = get_rules("dominion")
    drew = [e for e in rules.view(state, 1)["happened"] if e["act"] == "drew"]
    assert drew == [{"seat": 0, "act": "drew", "cards": [None, None, None]}]
    assert [e for e in rules.view(state, 0)["happened"] if e["act"] == "drew"][0]["cards"] == [
        "gold"] * 3
