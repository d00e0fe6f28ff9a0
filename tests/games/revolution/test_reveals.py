"""Revolution's ``reveals`` (docs/takebacks-forks-receipts.md, "Takebacks"): which of a
seat's moves show it something hidden from it, so that no takeback can undo them."""

from __future__ import annotations

from domain.games.revolution import RULES

from .scenario import scenario


def shows(state, seat, move) -> bool:
    after = RULES.apply_move(state, seat, move)
    assert RULES.reveals is not None
    return RULES.reveals(state, after, {"type": "move", "seat": seat, "move": move}, seat)


def test_in_an_open_mode_a_placement_that_passes_the_turn_reveals_nothing():
    state = scenario({4: ("king", 1)}, neutrals="standard")
    assert not shows(state, 0, {"kind": "place", "tile": "castle", "square": 0})


def test_turning_up_ones_own_face_down_tile_in_secret_random_reveals_it():
    state = scenario({4: ("king", 1)}, hidden=[["witch", "sage"], ["dragon", "fairy"]],
                     neutrals="secret_random")
    assert shows(state, 0, {"kind": "place", "hidden": 1})


def test_passing_the_turn_to_an_opponent_left_with_only_face_down_tiles_reveals_it_can_place():
    """Ruling 12: the opponent would lose with no tile to place, so the game going on tells
    the mover that a face-down tile it cannot see is one the opponent can place."""
    hands = [["castle", "wizard"], []]
    only_hidden = scenario({4: ("king", 1)}, hands=hands, hidden=[[], ["sage"]],
                           neutrals="secret_draft")
    assert shows(only_hidden, 0, {"kind": "place", "tile": "castle", "square": 0})
    with_open = scenario({4: ("king", 1)}, hands=[["castle", "wizard"], ["monk"]],
                         hidden=[[], ["sage"]], neutrals="secret_draft")
    assert not shows(with_open, 0, {"kind": "place", "tile": "castle", "square": 0})
