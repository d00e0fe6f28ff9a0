"""The check that lets a rules speed-up keep its version (tests/rules_equivalence.py)."""

from tests.rules_equivalence import fingerprint, first_difference

SEED = bytes(32)


def test_the_same_seed_plays_the_same_game_step_for_step() -> None:
    first = fingerprint("revolution", {}, ["random", "greedy"], SEED, "game-1")
    again = fingerprint("revolution", {}, ["random", "greedy"], SEED, "game-1")
    assert first == again and first_difference(first, again) is None


def test_another_seed_is_reported_at_the_first_step_that_differs() -> None:
    ours = fingerprint("dominion", {}, ["random", "random"], SEED, "game-1")
    theirs = fingerprint("dominion", {}, ["random", "random"], bytes(31) + b"\x01", "game-1")
    # Setup is the same on both sides (step, state, views); the first shuffle's outcome is not.
    assert ours[0][:3] == theirs[0][:3]
    assert first_difference(ours, theirs) == "step 0: events, logs differ"


def test_a_changed_component_is_named() -> None:
    steps = [["a", "b", "c", "d", "e"], ["f", "g", "h", "i", "j"]]
    changed = [steps[0], ["f", "G", "h", "I", "j"]]
    assert first_difference(steps, changed) == "step 1: state, events differ"
    assert first_difference(steps, steps[:1]) == "lengths differ: 2 steps here, 1 there"
