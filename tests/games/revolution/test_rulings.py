"""Each ruling of README.md, pinned. Squares: 0 1 2 top (seat 1's side), 6 7 8 bottom."""

from __future__ import annotations

import pytest

from domain.games.revolution import RULES
from domain.kernel import IllegalMove
from tests.games.driver import describe_event, moves, play, prompt

from .scenario import place, scenario, tile_at, up_at, with_copies

FULL_BUT_8 = {s: ("castle", 0) if s < 4 else ("temple", 1) for s in range(8)}


def test_a_destroyed_ally_blocks_its_square_until_its_players_next_turn():
    # Ruling 1: seat 0 destroys its own Castle; it stays face down through seat 1's turn.
    state = scenario({0: ("castle", 0), 2: ("temple", 1)})
    state = place(state, 0, "king", 1)
    state = play(state, 0, {"kind": "destroy", "square": 0})
    assert state["board"][0]["down"] and (prompt(state).seat, prompt(state).kind) == (1, "place")
    assert all(m["square"] != 0 for m in moves(state))
    state = place(state, 1, "monk", 8)
    assert state["board"][0] is None and state["removed"] == ["castle"]


def test_a_destroyed_enemy_is_removed_as_soon_as_the_enemy_turn_begins():
    state = scenario({0: ("temple", 1)})
    state = place(state, 0, "king", 1)
    state = play(state, 0, {"kind": "destroy", "square": 0})
    assert state["board"][0] is None and {"kind": "place", "tile": "monk", "square": 0} in \
        moves(state)


def test_the_game_goes_on_until_nine_face_up_tiles_fill_the_board():
    # Ruling 2: a face-down tile does not fill its square. Seat 1's Temple on 0 lies face
    # down when seat 0 fills the last empty square: the game goes on; seat 1's turn removes
    # the Temple, and seat 1's tile on 0 then ends the game with nine face-up tiles.
    board = FULL_BUT_8 | {0: ("temple", 1, "down")}
    state = with_copies(board, hands=[["king"], ["monk"]])
    state = place(state, 0, "king", 8)
    assert state["results"] == [] and (prompt(state).seat, prompt(state).kind) == (1, "place")
    assert moves(state) == [{"kind": "place", "tile": "monk", "square": 0}]
    state = place(state, 1, "monk", 0)
    result = state["results"][0]
    assert (result["allies"], result["winner"], result["reason"]) == (
        [4, 5], 1, "the board is full")


def test_a_tower_stack_counts_once_for_the_towers_side():
    board = FULL_BUT_8 | {3: ("tower", 1, ("castle", 0))}
    state = with_copies(board, hands=[["king"], ["monk"]])
    state = place(state, 0, "king", 8)
    assert state["results"][0]["allies"] == [4, 5]


def test_the_tile_filling_the_last_square_does_not_destroy():
    # Ruling 3: the King on the last square has nothing it may do; the game ends.
    state = with_copies(FULL_BUT_8, hands=[["king"], ["monk"]])
    state = place(state, 0, "king", 8)
    assert len(state["results"]) == 1


def test_the_tile_filling_the_last_square_still_banishes():
    state = with_copies(FULL_BUT_8, hands=[["castle"], ["monk"]], centre=["samurai"])
    state = place(state, 0, "samurai", 8)
    state = play(state, 0, {"kind": "banish", "square": 7})
    assert state["board"][7] is None and not state["results"]


def test_a_bard_on_the_last_square_cannot_make_another_tile_destroy():
    board = FULL_BUT_8 | {5: ("king", 0), 7: ("dragon", 1)}
    state = with_copies(board, hands=[["castle"], ["monk"]], centre=["bard"])
    state = place(state, 0, "bard", 8)
    # Square 5 holds a King (destroy: off on the last square); 7 a Dragon (invert: on).
    assert moves(state) == [{"kind": "retrigger", "square": 7}, {"kind": "skip"}]


def test_fortuneteller_reads_front_left_and_right_from_its_placers_side():
    # Ruling 4: a T shape, not the whole row in front.
    state = with_copies({0: ("castle", 0), 3: ("castle", 0), 5: ("king", 0), 6: ("queen", 0),
                         7: ("general", 0)}, centre=["fortuneteller"], turn=1,
                        hands=[["wizard"], ["temple"]])
    state = place(state, 1, "fortuneteller", 4)
    assert sorted(moves(state)[0]["squares"]) == [3, 5, 7]


def test_sage_shields_only_its_four_orthogonal_neighbours_not_itself():
    # Ruling 5.
    state = scenario({4: ("sage", 1), 1: ("temple", 1), 0: ("bishop", 1)}, centre=["dragon"],
                     hands=[["king"], ["monk"]])
    state = place(state, 0, "king", 3)
    destroyable = {m["square"] for m in moves(state) if m["kind"] == "destroy"}
    assert destroyable == {0, 4}


def test_pirate_targets_only_shielded_tiles_including_those_next_to_a_sage():
    # Ruling 6.
    state = scenario({1: ("sage", 1), 0: ("temple", 1), 3: ("bishop", 1)}, centre=["pirate"],
                     hands=[["king"], ["monk"]])
    state = place(state, 0, "pirate", 4)
    assert moves(state) == [{"kind": "destroy", "square": 0}, {"kind": "skip"}]


def test_a_shield_also_blocks_suppression_witch_fairy_and_retrigger():
    # Ruling 7: next to the Sage, the King may act despite the Shaman beside it.
    state = scenario({1: ("sage", 1), 3: ("shaman", 1), 6: ("temple", 1)},
                     hands=[["king"], ["monk"]])
    after = place(state, 0, "king", 0)
    assert (prompt(after).seat, prompt(after).kind) == (0, "ability")
    # The Castle (seat 0's) and the Dragon on 0 and 2 stand beside the Sage on 1.
    state = scenario({1: ("sage", 1), 0: ("castle", 0), 2: ("dragon", 1), 8: ("temple", 0)},
                     centre=["witch", "fairy", "bard"], hands=[["king"], ["monk"]])
    assert moves(place(state, 0, "witch", 4)) == [{"kind": "return", "square": 8},
                                                  {"kind": "skip"}]
    fairy = moves(place(state, 0, "fairy", 4))
    # Only the Sage and the Temple may move: the Fairy on 4 is beside the Sage as well.
    assert {m["from"] for m in fairy if m["kind"] == "move_tile"} == {1, 8}
    after = place(state, 0, "bard", 5)
    assert (prompt(after).seat, prompt(after).kind) == (1, "place")


def test_bard_may_retrigger_the_performer_but_not_a_suppressed_tile():
    # Ruling 8: the Hierophant (3) beside the Shaman (6) is not a target; the Samurai (5),
    # which could banish the Temple (2), is, and so is the Performer (1), which could
    # re-trigger that Samurai (diagonal to it).
    state = scenario({1: ("performer", 1), 3: ("hierophant", 1), 6: ("shaman", 1),
                      5: ("samurai", 1), 2: ("temple", 1)}, centre=["bard"],
                     hands=[["king"], ["monk"]])
    state = place(state, 0, "bard", 4)
    assert moves(state) == [{"kind": "retrigger", "square": 1},
                            {"kind": "retrigger", "square": 5}, {"kind": "skip"}]
    state = play(state, 0, {"kind": "retrigger", "square": 1})
    assert moves(state) == [{"kind": "retrigger", "square": 5}, {"kind": "skip"}]


def test_a_bard_beside_a_shaman_cannot_activate():
    state = scenario({1: ("shaman", 1), 3: ("hierophant", 1), 0: ("temple", 1)},
                     centre=["bard"], hands=[["king"], ["monk"]])
    state = place(state, 0, "bard", 4)
    assert (prompt(state).seat, prompt(state).kind) == (1, "place")


def test_a_retriggered_cardinal_reads_directions_from_its_own_top():
    # Ruling 8: "이 타일의 위" (this tile's top): seat 1's Cardinal on 1 faces seat 0, so its
    # left is square 2 (seat 0's right), though seat 0's Bard re-triggers it.
    state = scenario({1: ("cardinal", 1), 0: ("temple", 1), 2: ("monk", 0)},
                     centre=["bard"], hands=[["king"], ["bishop"]])
    state = place(state, 0, "bard", 4)
    state = play(state, 0, {"kind": "retrigger", "square": 1})
    assert (prompt(state).seat, prompt(state).kind) == (0, "ability")
    assert {"kind": "invert", "direction": "right", "squares": [0]} in moves(state)
    assert {"kind": "invert", "direction": "left", "squares": [0]} not in moves(state)
    event = {"type": "move", "seat": 0,
             "move": {"kind": "invert", "direction": "right", "squares": [0]}}
    line = describe_event(state, event, None)
    assert line.startswith("Seat 1's Cardinal on square 1, re-triggered by seat 0,")
    assert "square 0" in line
    state = play(state, 0, event["move"])
    assert up_at(state, 0) == 0


def test_witch_returns_any_unshielded_ally_itself_included():
    # Ruling 9: the inverted Temple (now seat 0's ally) may go to seat 0's unused tiles, or
    # the Witch itself ("전장에 있는 아군의 타일 1장" makes no exception).
    state = scenario({0: ("temple", 0), 1: ("monk", 0), 2: ("castle", 1)}, centre=["witch"],
                     hands=[["king"], ["bishop"]])
    state = place(state, 0, "witch", 4)
    assert moves(state) == [{"kind": "return", "square": 0}, {"kind": "return", "square": 4},
                            {"kind": "skip"}]
    state = play(state, 0, {"kind": "return", "square": 4})
    assert state["hands"][0] == ["king", "witch"] and state["board"][4] is None


def test_hermit_cannot_take_set_aside_tiles():
    state = scenario({0: ("temple", 1)}, centre=["hermit"], hands=[["king"], ["bishop"]])
    state["set_aside"] = [["dragon"], ["ninja"]]
    state = place(state, 0, "hermit", 4)
    assert (prompt(state).seat, prompt(state).kind) == (1, "place")


def test_assassin_picks_a_hidden_tile_by_its_place_and_reveals_it():
    state = scenario({0: ("temple", 1)}, centre=["assassin"], hands=[["king"], []],
                     hidden=[[], ["dragon", "ninja"]], neutrals="secret_random")
    state = place(state, 0, "assassin", 4)
    event = {"type": "move", "seat": 0, "move": {"kind": "banish_unused", "hidden": 1}}
    assert moves(state) == [{"kind": "banish_unused", "hidden": 0}, event["move"],
                            {"kind": "skip"}]
    line = describe_event(state, event, None)
    state = play(state, 0, event["move"])
    assert "Ninja" in line and state["removed"] == ["ninja"] and state["hidden"][1] == ["dragon"]


def test_fairy_keeps_the_orientation_and_cannot_move_a_tower_stack():
    state = scenario({0: ("tower", 1, ("temple", 1)), 1: ("castle", 1)}, centre=["fairy"],
                     hands=[["king"], ["bishop"]])
    state = place(state, 0, "fairy", 4)
    froms = {m["from"] for m in moves(state) if m["kind"] == "move_tile"}
    assert froms == {1, 4}
    state = play(state, 0, {"kind": "move_tile", "from": 1, "to": 8})
    assert (tile_at(state, 8), up_at(state, 8)) == ("castle", 1)


def test_queen_inverts_the_whole_ray_princess_all_four_dragon_all_eight():
    # Ruling 10: the ray runs to the board's edge, past the next square.
    state = scenario({3: ("temple", 1), 0: ("bishop", 1)}, hands=[["queen"], ["monk"]])
    state = place(state, 0, "queen", 6)
    assert {"kind": "invert", "direction": "forward", "squares": [3, 0]} in moves(state)


def test_nine_face_up_tiles_never_tie_and_the_loser_starts_the_next_game():
    # Ruling 11: Castles (seat 0) on 0-3, Temples (seat 1) on 4-7; the Monk on 8 makes it
    # 4 to 5. Nine face-up squares split unevenly, so every game has a winner.
    board = {s: ("castle", 0) if s < 4 else ("temple", 1) for s in range(8)}
    state = with_copies(board, hands=[["wizard"], ["monk"]], turn=1)
    state["starter"] = 1
    state = place(state, 1, "monk", 8)
    result = state["results"][0]
    assert (result["allies"], result["winner"], state["wins"]) == ([4, 5], 1, [0, 1])
    assert state["game_no"] == 2 and state["starter"] == 0


def test_death_under_a_tower_has_no_effect():
    board = FULL_BUT_8 | {5: ("tower", 1, ("death", 1))}
    state = with_copies(board, hands=[["king"], ["monk"]])
    state = place(state, 0, "king", 8)
    assert state["results"][0]["reason"] == "the board is full"


def test_a_player_with_only_a_tower_and_no_ally_loses_the_game():
    # Ruling 12.
    state = scenario({0: ("temple", 0)}, hands=[["castle"], ["tower"]])
    state = place(state, 0, "castle", 4)
    result = state["results"][0]
    assert (result["winner"], result["loser"], result["reason"]) == (0, 1,
                                                                     "had no tile to place")


def test_secret_random_tiles_are_unknown_to_their_owner_too():
    # Ruling 13: "그것을 모르는 상태로" (without knowing them).
    state = scenario(hidden=[["dragon", "tower"], ["ninja", "sage"]], neutrals="secret_random")
    mine, theirs = RULES.view(state, 0), RULES.view(state, 1)
    assert mine["hidden"] == [None, None] and mine["hidden_counts"] == [2, 2]
    assert theirs["hidden"] == [None, None]
    legal = mine["prompt"]["legal_moves"]
    assert {"kind": "place", "hidden": 0} in legal and {"kind": "place", "hidden": 1} in legal
    assert not any(m.get("tile") in ("dragon", "tower") for m in legal)


def test_a_face_down_tile_is_turned_up_then_placed_and_everyone_learns_it():
    state = scenario(hidden=[["dragon", "tower"], ["ninja", "sage"]], neutrals="secret_random")
    event = {"type": "move", "seat": 0, "move": {"kind": "place", "hidden": 0}}
    assert describe_event(state, event, 1) == "Seat 0 turns up a face-down tile: the Dragon."
    state = play(state, 0, event["move"])
    assert state["revealed"] == "dragon" and RULES.view(state, 1)["revealed"] == "dragon"
    assert {m["tile"] for m in moves(state)} == {"dragon"}
    state = place(state, 0, "dragon", 4)
    assert tile_at(state, 4) == "dragon" and state["hidden"][0] == ["tower"]


def test_a_face_down_tower_with_no_ally_to_stand_on_stays_turned_up_in_its_area():
    state = scenario(hidden=[["tower"], []], neutrals="secret_random", hands=[["king"], []])
    state = play(state, 0, {"kind": "place", "hidden": 0})
    assert state["hands"][0] == ["king", "tower"] and state["revealed"] is None
    assert (prompt(state).seat, prompt(state).kind) == (0, "place")
    assert {m["tile"] for m in moves(state)} == {"king"}


def test_a_pirated_tower_uncovers_its_tile_when_removed():
    state = scenario({1: ("tower", 1, ("temple", 1)), 0: ("bishop", 1)}, centre=["pirate"],
                     hands=[["king"], ["monk"]])
    state = place(state, 0, "pirate", 4)
    state = play(state, 0, {"kind": "destroy", "square": 1})
    assert (tile_at(state, 1), up_at(state, 1), state["removed"]) == ("temple", 1, ["tower"])


def test_an_ability_with_nothing_to_do_asks_nothing():
    state = scenario({8: ("temple", 1)}, hands=[["king"], ["monk"]])
    state = place(state, 0, "king", 0)
    assert (prompt(state).seat, prompt(state).kind) == (1, "place")


def test_a_tower_may_stack_on_a_shielded_ally_which_then_loses_its_shield_to_the_tower():
    state = scenario({0: ("wizard", 0), 1: ("temple", 1)}, centre=["tower"],
                     hands=[["king"], ["bishop"]])
    state = place(state, 0, "tower", 0)
    assert (tile_at(state, 0), state["board"][0]["under"]["tile"]) == ("tower", "wizard")


def test_an_illegal_invert_answer_names_the_directions_in_words_and_lists_the_legal_moves():
    state = scenario({1: ("temple", 1), 0: ("castle", 1)}, centre=["queen"],
                     hands=[["king"], ["monk"]])
    state = place(state, 0, "queen", 4)
    with pytest.raises(IllegalMove) as refused:
        play(state, 0, {"kind": "invert", "direction": "north", "squares": [1]})
    assert "the Queen on square 4" in refused.value.message
    assert "forward, forward right, right" in refused.value.message
    assert "{" not in refused.value.message and "_" not in refused.value.message
    assert {"kind": "invert", "direction": "forward", "squares": [1]} in refused.value.legal_moves


def test_log_lines_name_squares_as_moves_do_for_every_reader():
    state = scenario({0: ("temple", 1)})
    event = {"type": "move", "seat": 0, "move": {"kind": "place", "tile": "king",
                                                  "square": 1}}
    for viewer in (0, 1, None):
        assert "on square 1" in describe_event(state, event, viewer)
