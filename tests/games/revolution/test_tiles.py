"""Tile by tile: each of the 31 tiles does what the seed's 타일 목록 says.

Squares: 0 1 2 on top (seat 1's side), 3 4 5 in the middle, 6 7 8 at the bottom (seat 0's).
"""

from __future__ import annotations

import pytest

from domain.games.revolution.tiles import NEUTRALS, TILES
from tests.games.driver import moves, play, prompt

from .scenario import place, scenario, tile_at, up_at, with_copies

TWINS = [("king", "hierophant"), ("queen", "cardinal"), ("princess", "saint"),
         ("minister", "bishop"), ("general", "paladin"), ("wizard", "monk"),
         ("castle", "temple")]
# Each royal tile for seat 0, each religious twin for seat 1.
BOTH = [pytest.param(royal, 0, id=royal) for royal, _ in TWINS] + \
       [pytest.param(religious, 1, id=religious) for _, religious in TWINS]


def by_seat(tile: str) -> list:
    twin = TILES[tile].twin
    return [pytest.param(tile, 0, id=tile), pytest.param(twin, 1, id=twin)]


def test_there_are_31_tiles_seven_per_faction_and_seventeen_neutral():
    factions = [t.faction for t in TILES.values()]
    assert (len(TILES), factions.count("regality"), factions.count("religion"),
            factions.count("neutral")) == (31, 7, 7, 17)
    assert len(NEUTRALS) == 16 and "citizen" not in NEUTRALS


@pytest.mark.parametrize(("royal", "religious"), TWINS)
def test_religious_tiles_have_the_same_abilities_as_their_royal_twins(royal, religious):
    a, b = TILES[royal], TILES[religious]
    assert (a.ability, a.effect, a.shape, a.shield) == (b.ability, b.effect, b.shape, b.shield)
    assert (a.faction, b.faction, b.twin) == ("regality", "religion", royal)


@pytest.mark.parametrize(("tile", "seat"), by_seat("king"))
def test_king_destroys_one_tile_among_the_eight_around(tile, seat):
    state = scenario({0: ("castle", seat), 7: ("temple", 1), 3: ("citizen", 1)}, turn=seat)
    state = place(state, seat, tile, 4)
    assert {m["square"] for m in moves(state) if m["kind"] == "destroy"} == {0, 3, 7}
    state = play(state, seat, {"kind": "destroy", "square": 0})
    assert state["board"][0]["down"] is True and tile_at(state, 0) == "castle"


@pytest.mark.parametrize(("tile", "seat"), by_seat("minister"))
def test_minister_destroys_only_an_orthogonal_neighbour(tile, seat):
    state = scenario({0: ("castle", 1), 1: ("temple", 1)}, turn=seat)
    state = place(state, seat, tile, 4)
    assert moves(state) == [{"kind": "destroy", "square": 1}, {"kind": "skip"}]


@pytest.mark.parametrize(("tile", "seat"), by_seat("general"))
def test_general_destroys_only_a_diagonal_neighbour(tile, seat):
    state = scenario({0: ("castle", 1), 1: ("temple", 1)}, turn=seat)
    state = place(state, seat, tile, 4)
    assert moves(state) == [{"kind": "destroy", "square": 0}, {"kind": "skip"}]


@pytest.mark.parametrize(("tile", "seat"), by_seat("queen"))
def test_queen_inverts_every_tile_along_one_direction_to_the_edge(tile, seat):
    state = scenario({4: ("castle", 1 - seat), 2: ("temple", 1 - seat),
                      0: ("citizen", 1 - seat)}, turn=seat)
    state = place(state, seat, tile, 6)
    # From the bottom-left corner, squares 4 and 2 are one diagonal: forward-right for
    # seat 0, back-left for seat 1 who faces the other way.
    direction = "forward_right" if seat == 0 else "back_left"
    state = play(state, seat, {"kind": "invert", "direction": direction, "squares": [4, 2]})
    assert (up_at(state, 4), up_at(state, 2), up_at(state, 0)) == (seat, seat, 1 - seat)


@pytest.mark.parametrize(("tile", "seat"), by_seat("princess"))
def test_princess_inverts_all_four_orthogonal_or_all_four_diagonal(tile, seat):
    state = scenario({1: ("castle", 1 - seat), 3: ("temple", seat), 0: ("citizen", 1 - seat)},
                     turn=seat)
    state = place(state, seat, tile, 4)
    assert {"kind": "invert", "pattern": "diagonal", "squares": [0]} in moves(state)
    state = play(state, seat, {"kind": "invert", "pattern": "orthogonal", "squares": [1, 3]})
    assert (up_at(state, 1), up_at(state, 3), up_at(state, 0)) == (seat, 1 - seat, 1 - seat)


@pytest.mark.parametrize(("tile", "seat"), by_seat("wizard"))
def test_wizard_takes_no_effects(tile, seat):
    enemy = 1 - seat
    state = scenario({0: (tile, seat), 1: ("citizen", seat)}, turn=enemy)
    king = "king" if enemy == 0 else "hierophant"
    state = place(state, enemy, king, 4)
    assert {"kind": "destroy", "square": 0} not in moves(state)
    assert {"kind": "destroy", "square": 1} in moves(state)


@pytest.mark.parametrize(("tile", "seat"), by_seat("castle"))
def test_castle_has_no_effect_and_the_turn_passes(tile, seat):
    state = scenario({1: ("citizen", 1 - seat)}, turn=seat)
    state = place(state, seat, tile, 4)
    assert (prompt(state).seat, prompt(state).kind) == (1 - seat, "place")
    assert up_at(state, 1) == 1 - seat


def test_citizen_is_the_only_tile_the_first_player_may_place_on_the_first_turn():
    state = scenario(hands=[["castle", "citizen"], ["temple"]], placed=0)
    assert {m["tile"] for m in moves(state)} == {"citizen"} and len(moves(state)) == 9
    state = place(state, 0, "citizen", 4)
    assert (prompt(state).seat, prompt(state).kind) == (1, "place")


def test_samurai_banishes_an_orthogonal_neighbour_at_once():
    state = scenario({1: ("temple", 1), 0: ("bishop", 1)}, centre=["samurai"])
    state = place(state, 0, "samurai", 4)
    assert moves(state) == [{"kind": "banish", "square": 1}, {"kind": "skip"}]
    state = play(state, 0, {"kind": "banish", "square": 1})
    assert state["board"][1] is None and state["removed"] == ["temple"]


def test_ninja_banishes_a_diagonal_neighbour_at_once():
    state = scenario({1: ("temple", 1), 0: ("bishop", 1)}, centre=["ninja"])
    state = place(state, 0, "ninja", 4)
    state = play(state, 0, {"kind": "banish", "square": 0})
    assert state["board"][0] is None and state["removed"] == ["bishop"]


def test_bard_triggers_again_an_orthogonal_neighbours_active_ability():
    # The opponent's Hierophant on square 1 destroys again, for the Bard's player.
    state = scenario({1: ("hierophant", 1), 0: ("temple", 1), 3: ("bishop", 1)},
                     centre=["bard"])
    state = place(state, 0, "bard", 4)
    # The Bishop on 3 could destroy the Temple on 0 too; the empty squares offer nothing.
    assert moves(state) == [{"kind": "retrigger", "square": 1},
                            {"kind": "retrigger", "square": 3}, {"kind": "skip"}]
    state = play(state, 0, {"kind": "retrigger", "square": 1})
    assert (prompt(state).seat, prompt(state).kind) == (0, "ability")
    state = play(state, 0, {"kind": "destroy", "square": 0})
    assert state["removed"] == ["temple"]
    assert (prompt(state).seat, prompt(state).kind) == (1, "place")


def test_performer_triggers_again_a_diagonal_neighbours_active_ability():
    state = scenario({0: ("dragon", 1), 1: ("temple", 1), 3: ("bishop", 1), 5: ("saint", 1)},
                     centre=["performer"])
    state = place(state, 0, "performer", 4)
    assert moves(state) == [{"kind": "retrigger", "square": 0}, {"kind": "skip"}]
    state = play(state, 0, {"kind": "retrigger", "square": 0})
    state = play(state, 0, moves(state)[0])
    # The Dragon on square 0 inverts everything around it (1, 3, and the Performer on 4).
    assert (up_at(state, 1), up_at(state, 3), up_at(state, 4), up_at(state, 5)) == (0, 0, 1, 1)


def test_shaman_stops_the_active_ability_of_its_orthogonal_neighbours():
    state = scenario({1: ("shaman", 1), 0: ("temple", 1)}, turn=0)
    state = place(state, 0, "king", 4)
    assert (prompt(state).seat, prompt(state).kind) == (1, "place")
    state = scenario({0: ("shaman", 1), 1: ("temple", 1)}, turn=0)
    after = place(state, 0, "king", 4)
    assert (prompt(after).seat, prompt(after).kind) == (0, "ability")


def test_sorceress_stops_the_active_ability_of_its_diagonal_neighbours():
    state = scenario({0: ("sorceress", 1), 1: ("temple", 1)}, turn=0)
    after = place(state, 0, "king", 4)
    assert (prompt(after).seat, prompt(after).kind) == (1, "place")
    state = scenario({1: ("sorceress", 1), 0: ("temple", 1)}, turn=0)
    after = place(state, 0, "king", 4)
    assert (prompt(after).seat, prompt(after).kind) == (0, "ability")


def test_sage_shields_its_orthogonal_neighbours_from_every_effect():
    state = scenario({1: ("sage", 1), 0: ("temple", 1), 2: ("bishop", 1), 4: ("saint", 1)})
    state = place(state, 0, "king", 3)
    # 0 and 4 stand next to the Sage; the Sage itself is not shielded (ruling 5).
    assert [m for m in moves(state) if m["kind"] == "destroy"] == [
        {"kind": "destroy", "square": 1}]


def test_witch_returns_one_of_your_allies_to_your_unused_tiles():
    state = scenario({0: ("temple", 0), 1: ("castle", 1)}, centre=["witch"])
    state = place(state, 0, "witch", 4)
    assert moves(state) == [{"kind": "return", "square": 0}, {"kind": "return", "square": 4},
                            {"kind": "skip"}]
    state = play(state, 0, {"kind": "return", "square": 0})
    assert state["board"][0] is None and "temple" in state["hands"][0]


@pytest.mark.parametrize("seat", [0, 1])
def test_fortuneteller_inverts_the_tiles_in_front_and_to_the_left_and_right(seat):
    enemy = 1 - seat
    state = with_copies({s: ("castle" if s % 2 else "temple", enemy) for s in (1, 3, 5, 7)} |
                        {0: ("citizen", enemy)}, centre=["fortuneteller"], turn=seat)
    state = place(state, seat, "fortuneteller", 4)
    front = 1 if seat == 0 else 7
    (invert, skip) = moves(state)
    assert set(invert["squares"]) == {front, 3, 5} and skip == {"kind": "skip"}
    state = play(state, seat, invert)
    assert [up_at(state, s) for s in (front, 3, 5, 8 - front, 0)] == [seat] * 3 + [enemy] * 2


def test_fairy_moves_a_tile_to_another_empty_square_keeping_its_orientation():
    state = scenario({0: ("temple", 1)}, centre=["fairy"])
    state = place(state, 0, "fairy", 4)
    assert {"kind": "move_tile", "from": 0, "to": 8} in moves(state)
    assert {"kind": "move_tile", "from": 4, "to": 8} in moves(state)  # itself, too
    state = play(state, 0, {"kind": "move_tile", "from": 0, "to": 8})
    assert state["board"][0] is None and (tile_at(state, 8), up_at(state, 8)) == ("temple", 1)


def test_assassin_banishes_one_of_the_opponents_unused_tiles():
    state = scenario({1: ("temple", 1)}, centre=["assassin"],
                     hands=[["castle"], ["hierophant", "monk"]])
    state = place(state, 0, "assassin", 4)
    assert moves(state) == [{"kind": "banish_unused", "tile": "hierophant"},
                            {"kind": "banish_unused", "tile": "monk"}, {"kind": "skip"}]
    state = play(state, 0, {"kind": "banish_unused", "tile": "hierophant"})
    assert state["hands"][1] == ["monk"] and state["removed"] == ["hierophant"]


def test_hermit_takes_a_removed_tile_into_your_unused_tiles():
    state = scenario({1: ("temple", 1)}, centre=["hermit"], removed=["cardinal", "dragon"])
    state = place(state, 0, "hermit", 4)
    state = play(state, 0, {"kind": "recover", "tile": "dragon"})
    assert state["removed"] == ["cardinal"] and "dragon" in state["hands"][0]


def test_pirate_destroys_a_shielded_tile_around_it_despite_the_shield():
    state = scenario({0: ("monk", 1), 1: ("temple", 1), 2: ("wizard", 0)}, centre=["pirate"],
                     hands=[["castle"], ["bishop"]])
    state = place(state, 0, "pirate", 1 + 3)
    assert moves(state) == [{"kind": "destroy", "square": 0}, {"kind": "destroy", "square": 2},
                            {"kind": "skip"}]
    state = play(state, 0, {"kind": "destroy", "square": 0})
    # Face down, then removed as its player's turn begins (ruling 1).
    assert state["board"][0] is None and state["removed"] == ["monk"]


def test_dragon_inverts_every_tile_in_the_eight_around():
    board = {s: ("temple", 1) if s % 2 else ("castle", 0) for s in (0, 1, 2, 3, 5, 6, 7)}
    state = with_copies(board, centre=["dragon"], hands=[["king"], ["bishop"]])
    state = place(state, 0, "dragon", 4)
    state = play(state, 0, {"kind": "invert", "squares": [1, 5, 7, 3, 0, 2, 6]})
    assert [up_at(state, s) for s in (0, 1, 2, 3, 5, 6, 7)] == [1, 0, 1, 0, 0, 1, 0]


def test_tower_stacks_only_on_your_own_ally_and_its_tile_loses_its_effects():
    state = scenario({1: ("shaman", 0), 0: ("temple", 1), 5: ("castle", 0)}, centre=["tower"],
                     hands=[["king"], ["bishop"]])
    assert [m["square"] for m in moves(state) if m["tile"] == "tower"] == [1, 5]
    state = place(state, 0, "tower", 1)
    assert tile_at(state, 1) == "tower" and state["board"][1]["under"]["tile"] == "shaman"
    # The Shaman under the Tower no longer stops the Bishop beside it.
    state = place(state, 1, "bishop", 4)
    assert (prompt(state).seat, prompt(state).kind) == (1, "ability")
    assert moves(state) == [{"kind": "destroy", "square": 5}, {"kind": "skip"}]


def test_death_makes_the_player_it_is_an_ally_of_lose_at_the_end_of_the_game():
    board = {s: ("castle", 0) for s in range(8)} | {0: ("death", 0)}
    state = with_copies(board, hands=[["king"], ["temple"]], turn=1)
    state = place(state, 1, "temple", 8)
    result = state["results"][0]
    assert (result["winner"], result["reason"]) == (1, "had Death as an ally")
