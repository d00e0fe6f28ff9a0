"""Setup for 1-4 players and solo (digest §2): heroes in seat order, every shuffle and draw a
chance step, the quest triangle and the first scene, the bosses, the upgrade deck, the first
player and the tiles placed (GOW-R-46, GOW-R-47)."""

from __future__ import annotations

from collections import Counter

import pytest

from domain.games.godofwar import moves
from domain.games.godofwar.content import CONTENT
from domain.games.godofwar.effects import advance
from domain.games.godofwar.flow import apply_chance, apply_move, next_step, setup, start_scene
from domain.games.godofwar.state import starting_cards, tiles_in, upgrade_cards
from domain.kernel import (
    BadOptions,
    Chance,
    Decision,
    DrawStream,
    chance_context,
    check_outcome,
    derive_outcome,
    json_copy,
)

SEED = b"god of war setup"


def move(state, seat, chosen):
    """Play ``chosen`` for ``seat`` after checking the game asks that seat for it."""
    step = next_step(state)
    assert isinstance(step, Decision)
    prompt = step.prompt_for(seat)
    assert prompt is not None and chosen in prompt.legal_moves
    return apply_move(state, seat, chosen)


def chance(state, outcome=None, sequence=0):
    """Resolve the pending chance step with ``outcome``, or with a fair derived one."""
    step = next_step(state)
    assert isinstance(step, Chance)
    if outcome is None:
        outcome = derive_outcome(step.spec, SEED, chance_context("g", sequence))
    check_outcome(step.spec, outcome)
    return apply_chance(state, outcome)


def pick_heroes(state, heroes):
    for seat, hero in enumerate(heroes):
        state = move(state, seat, {"kind": "hero", "hero": hero})
    return state


def through_chance(state):
    """Resolve chance steps until the game asks a seat (or setup is done)."""
    sequence = 0
    while state["stage"] not in ("place", "round"):
        state, sequence = chance(state, sequence=sequence), sequence + 1
    return state


@pytest.mark.parametrize("seats", [0, 5])
def test_god_of_war_is_for_one_to_four_players(seats):
    with pytest.raises(BadOptions):
        setup({}, seats)


def test_a_fixed_first_seat_must_be_a_seat_of_the_game():
    with pytest.raises(BadOptions):
        setup({"first_seat": 2}, 2)


def test_heroes_are_picked_in_seat_order_and_each_only_once():
    state = setup({}, 3)
    prompt = next_step(state).prompt_for(0)
    assert [m["hero"] for m in prompt.legal_moves] == list(CONTENT.dashboards)
    state = move(state, 0, {"kind": "hero", "hero": "freya"})
    prompt = next_step(state).prompt_for(1)
    assert "freya" not in [m["hero"] for m in prompt.legal_moves]
    assert next_step(state).seats == [1]


def test_picking_a_hero_gives_its_14_cards_tiles_rage_at_zero_and_hand_limit_7():
    state = pick_heroes(setup({}, 2), ["brok-and-sindri", "mimir"])
    assert Counter(state["players"][0]["deck"]) == Counter(starting_cards("brok-and-sindri"))
    assert len(state["players"][0]["deck"]) == 14
    assert {t: (h["seat"], h["rage"]) for t, h in state["heroes"].items()} == {
        "brok": (0, 0), "sindri": (0, 0), "mimir": (1, None)}  # GOW-R-9, GOW-R-13
    assert [p["hand_limit"] for p in state["players"]] == [7, 7]


def test_each_starting_deck_is_shuffled_by_its_own_hidden_chance_step():
    state = pick_heroes(setup({}, 2), ["kratos", "atreus"])
    step = next_step(state)
    assert step.spec == {"kind": "shuffle", "n": 14, "what": "starting deck of seat 0"}
    reverse = list(range(13, -1, -1))
    state = chance(state, reverse)
    assert state["players"][0]["deck"] == starting_cards("kratos")[::-1]
    assert next_step(state).spec["what"] == "starting deck of seat 1"


def test_the_first_quest_drawn_goes_below_and_its_scene_is_laid_out_front_up():
    state = pick_heroes(setup({}, 2), ["kratos", "freya"])
    state = chance(chance(state, list(range(14))), list(range(14)))
    step = next_step(state)
    assert step.spec == {"kind": "pick", "n": 6, "k": 3, "public": True, "what": "quests"}
    quests = list(CONTENT.quests)
    state = chance(state, [quests.index("helheim"), 0, 1])
    assert state["campaign"]["quests"] == ["helheim", quests[0], quests[1]]  # GOW-R-46
    assert set(state["scene"]) == {c.id for c in CONTENT.scenes[3]}
    assert all(c["side"] == "front" and c["wounds"] == 0 for c in state["scene"].values())
    # Helheim's special rule: 3 fire tokens on each answer space
    assert {cid: c["storage"] for cid, c in state["scene"].items() if c["storage"]} == {
        "s3-top-1": 3, "s3-top-3": 3}


def test_three_bosses_are_drawn_and_the_88_upgrade_cards_shuffled():
    state = pick_heroes(setup({}, 2), ["kratos", "freya"])
    for outcome in (list(range(14)), list(range(14)), [0, 1, 2]):
        state = chance(state, outcome)
    assert next_step(state).spec == {"kind": "pick", "n": 4, "k": 3, "public": True,
                                     "what": "bosses"}
    state = chance(state, [3, 1, 0])
    assert state["campaign"]["bosses"] == [list(CONTENT.bosses)[i] for i in (3, 1, 0)]
    assert next_step(state).spec == {"kind": "shuffle", "n": 88, "what": "upgrade deck"}
    state = chance(state, list(range(87, -1, -1)))
    assert state["upgrade_deck"] == upgrade_cards()[::-1]


def test_the_first_player_is_drawn_in_public_then_places_first_and_others_clockwise():
    state = through_chance_until_first(setup({}, 3), ["kratos", "freya", "atreus"])
    assert next_step(state).spec == {"kind": "roll", "faces": [0, 1, 2], "public": True,
                                     "what": "first player"}
    state = chance(state, 1)
    assert state["first_player"] == 1 and state["placing"] == [1, 2, 0]
    assert next_step(state).seats == [1]


def through_chance_until_first(state, heroes):
    state = pick_heroes(state, heroes)
    sequence = 0
    while state["stage"] != "first":
        state, sequence = chance(state, sequence=sequence), sequence + 1
    return state


def test_a_tile_goes_below_any_column_with_a_free_space_and_the_second_chooses_its_space():
    state = pick_heroes(setup({"first_seat": 0}, 3), ["kratos", "brok-and-sindri", "mimir"])
    state = through_chance(state)
    prompt = next_step(state).prompt_for(0)
    assert {(m["column"], m["space"]) for m in prompt.legal_moves} == {
        (c, "front") for c in range(1, 5)}
    state = move(state, 0, {"kind": "place", "tile": "kratos", "column": 2, "space": "front"})
    # the brothers place both tiles in their turn; Mimir places none (GOW-R-47)
    prompt = next_step(state).prompt_for(1)
    assert {m["tile"] for m in prompt.legal_moves} == {"brok", "sindri"}
    assert {"kind": "place", "tile": "brok", "column": 2, "space": "back"} in prompt.legal_moves
    state = move(state, 1, {"kind": "place", "tile": "brok", "column": 2, "space": "front"})
    assert tiles_in(state, 2) == ["brok", "kratos"]  # Kratos pushed to the back
    prompt = next_step(state).prompt_for(1)
    assert all(m["column"] != 2 for m in prompt.legal_moves)  # two tiles: full
    state = move(state, 1, {"kind": "place", "tile": "sindri", "column": 4, "space": "front"})
    assert state["stage"] == "round" and state["round"] == 1
    assert state["heroes"]["mimir"]["column"] is None
    with pytest.raises(ValueError, match="round"):
        next_step(state)  # setup is over; round 1 opens with Mimir's carrier (GOW-R-14)
    advance(state)
    prompt = moves.next_step(state).prompts[0]
    assert (prompt.seat, prompt.kind) == (2, "carrier")
    assert {m["tile"] for m in prompt.legal_moves} == {"kratos", "brok", "sindri"}


def test_first_game_puts_the_travelers_below_and_the_tiles_left_to_right():
    state = pick_heroes(setup({"first_game": True, "first_seat": 2}, 4),
                        ["kratos", "brok-and-sindri", "freya", "atreus"])
    for _ in range(4):
        state = chance(state, list(range(14)))
    assert next_step(state).spec["n"] == 5 and next_step(state).spec["k"] == 2
    state = through_chance(state)
    assert state["campaign"]["quests"][0] == "the-travelers"
    assert len(set(state["campaign"]["quests"])) == 3
    # turn order from seat 2: Freya, Atreus, Kratos, Brok, Sindri; the fifth goes back left
    placed = {t: (h["column"], h["back"]) for t, h in state["heroes"].items()}
    assert placed == {"freya": (1, False), "atreus": (2, False), "kratos": (3, False),
                      "brok": (4, False), "sindri": (1, True)}
    assert state["stage"] == "round"


def test_solo_is_kratos_alone_with_no_hero_pick_and_no_first_player_draw():
    state = setup({}, 1)
    assert state["solo"] and state["players"][0]["hero"] == "kratos"
    assert list(state["heroes"]) == ["kratos"]  # the companions have no tiles (GOW-R-43)
    kinds = []
    sequence = 0
    while isinstance(next_step(state), Chance):
        kinds.append(next_step(state).spec["what"])
        state, sequence = chance(state, sequence=sequence), sequence + 1
    assert kinds == ["starting deck of seat 0", "quests", "bosses", "upgrade deck"]
    assert state["first_player"] == 0 and next_step(state).seats == [0]
    assert CONTENT.setup["reveals_per_round"]["1"] == 2


def test_supplies_start_full_and_jotunheims_crystal_tops_every_deck():
    state = pick_heroes(setup({}, 2), ["kratos", "freya"])
    state = chance(chance(state, list(range(14))), list(range(14)))
    state = chance(state, [list(CONTENT.quests).index("jotunheims-door"), 0, 1])
    assert [p["deck"][-1] for p in state["players"]] == ["destruction-crystal"] * 2
    assert state["supply"] == {"stun": 10, "poison": 10, "destruction-crystal": 8}


def test_setup_steps_never_change_the_state_they_are_given():
    state = pick_heroes(setup({}, 2), ["kratos", "freya"])
    before = json_copy(state)
    chance(state, list(range(14)))
    move(setup({}, 2), 0, {"kind": "hero", "hero": "kratos"})
    assert state == before


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
@pytest.mark.parametrize("game", range(5))
def test_random_setups_reach_round_one_with_every_card_in_one_place(seats, game):
    stream = DrawStream(SEED, f"setup:{seats}:{game}")
    state, sequence = setup({"first_game": game == 0}, seats), 0
    while state["stage"] != "round":
        step = next_step(state)
        if isinstance(step, Chance):
            state, sequence = chance(state, sequence=sequence + 100 * game), sequence + 1
        else:
            prompt = step.prompts[0]
            state = apply_move(state, prompt.seat,
                               prompt.legal_moves[stream.below(len(prompt.legal_moves))])
    crystals = state["campaign"]["quests"][0] == "jotunheims-door"
    for player in state["players"]:
        expected = Counter(starting_cards(player["hero"]))
        expected["destruction-crystal"] += crystals
        assert Counter(player["deck"]) == +expected
    assert Counter(state["upgrade_deck"]) == Counter(upgrade_cards())
    assert len(set(state["campaign"]["quests"])) == len(set(state["campaign"]["bosses"])) == 3
    standing = [h for h in state["heroes"].values() if h["column"] is not None]
    assert len(standing) == sum(t.takes_space for p in state["players"]
                                for t in CONTENT.dashboards[p["hero"]].tiles)
    for column in range(1, 5):
        tiles = tiles_in(state, column)
        assert len(tiles) <= 2 and [state["heroes"][t]["back"] for t in tiles] == [
            False, True][:len(tiles)]


def test_every_quest_and_boss_scene_can_be_laid_out_with_its_setup_effects():
    base = pick_heroes(setup({}, 2), ["kratos", "freya"])
    for item in [*CONTENT.quests.values(), *CONTENT.bosses.values()]:
        state = json_copy(base)
        start_scene(state, item.id)
        assert set(state["scene"]) == {c.id for c in CONTENT.scenes[item.scene]}
        stored = {e.params["card"]: e.params["amount"] for e in item.setup_effects
                  if e.kind == "add_storage"}
        assert {c: s["storage"] for c, s in state["scene"].items() if s["storage"]} == stored
