"""Rules 1.1.0: the authored numbers that grow with the party (README "Balance"). An enemy's
printed health, a storage's spaces and a storage condition's count are a lone hero's; each
further hero adds the item's ``health_per_hero``, ``storage_per_hero`` or ``count_per_hero``.
"""

from __future__ import annotations

import pytest

from domain.games.godofwar import RULES
from domain.games.godofwar.content import CONTENT
from domain.games.godofwar.flow import start_scene
from domain.kernel import Over
from tests.games.driver import play

from .helpers import activation, roll, scene_activation, started, with_frame
from .test_content import broken

HOLD = {"op": "act", "seat": 0, "moved": []}
JAW = "s4-bottom-3"  # the Lake Serpent Jaw: its health grows with every further hero
TWO = ["kratos", "freya"]
FOUR = ["kratos", "brok-and-sindri", "freya", "atreus"]
SPREAD = {"kratos": (3, False), "freya": (1, False), "brok": (2, False), "sindri": (2, True),
          "atreus": (4, False)}


def placed(heroes: list[str]) -> dict[str, tuple[int, bool]]:
    tiles = {t.id for h in heroes for t in CONTENT.dashboards[h].tiles}
    return {t: place for t, place in SPREAD.items() if t in tiles}


def jaw_table(heroes: list[str]):
    return started(heroes, quest="the-lake-of-nine", where=placed(heroes))


def kratos_chops_the_jaw(state):
    """Kratos (column 3) plays a melee 1 with a +3 on the Jaw below him; the die shows 0."""
    state["players"][0]["hand"] = ["kratos-axe-chop", "kratos-focus-3"]
    state = activation(state, 0)
    state = play(state, 0, {"kind": "attack", "tile": "kratos", "card": "kratos-axe-chop",
                           "as": "melee", "target": JAW})
    state = play(state, 0, {"kind": "add", "card": "kratos-focus-3"})
    return roll(play(state, 0, {"kind": "done"}), 0)


def test_the_jaw_has_more_health_in_a_four_hero_game_than_in_a_two_hero_game_as_its_card_says():
    jaw = CONTENT.scene_cards[JAW].front.enemy
    assert jaw is not None and jaw.health_per_hero > 0
    shown = {len(h): RULES.view(jaw_table(h), 0)["scene"] for h in (TWO, FOUR)}
    health = {n: next(c for c in cards if c["id"] == JAW)["enemy"]["health"]
              for n, cards in shown.items()}
    assert health == {2: jaw.health + jaw.health_per_hero, 4: jaw.health + 3 * jaw.health_per_hero}


def test_wounds_that_kill_the_jaw_with_two_heroes_leave_it_standing_with_four():
    jaw = CONTENT.scene_cards[JAW].front.enemy
    assert jaw is not None
    two, four = jaw_table(TWO), jaw_table(FOUR)
    for state in (two, four):
        state["scene"][JAW]["wounds"] = jaw.health_for(2) - 4  # the chop deals 4
    assert kratos_chops_the_jaw(two)["scene"][JAW]["dead"]
    four = kratos_chops_the_jaw(four)
    assert not four["scene"][JAW]["dead"]
    assert four["scene"][JAW]["wounds"] == jaw.health_for(2) < jaw.health_for(4)


def test_a_lone_hero_fights_the_printed_health():
    jaw = CONTENT.scene_cards[JAW].front.enemy
    assert jaw is not None
    state = started(["kratos"], quest="the-lake-of-nine", where={"kratos": (3, False)})
    state["scene"][JAW]["wounds"] = jaw.health - 4
    assert kratos_chops_the_jaw(state)["scene"][JAW]["dead"]


def boss_table(boss: str, heroes: list[str]):
    state = started(heroes, where=placed(heroes))
    state["quests_won"] = 2
    start_scene(state, boss)
    return state


@pytest.mark.parametrize("heroes", [["kratos"], TWO, FOUR])
def test_hraezlyrs_fury_holds_one_more_token_for_every_further_hero(heroes):
    """The fury is fed by the reveals, one more a round for every further hero (digest §2.2),
    so its defeat count and its spaces grow with the party: 6 alone, 7 with two, 9 with four."""
    fury = 6 + len(heroes) - 1
    state = boss_table("hraezlyr", heroes)
    state["scene"]["s7-aux-2"]["storage"] = fury - 1
    assert not isinstance(RULES.next(with_frame(state, HOLD)), Over)
    state["scene"]["s7-aux-2"]["storage"] = fury
    step = RULES.next(with_frame(state, HOLD))
    assert isinstance(step, Over) and step.shared == "loss"


def test_every_seat_sees_the_furys_spaces_for_its_party_size():
    for heroes, spaces in ((["kratos"], 6), (TWO, 7), (FOUR, 9)):
        scene = RULES.view(boss_table("hraezlyr", heroes), 0)["scene"]
        fury = next(c for c in scene if c["id"] == "s7-aux-2")
        assert (fury["storage"], fury["storage_slots"]) == (0, spaces)


def test_with_two_heroes_it_is_the_furys_seventh_token_that_loses_the_game():
    state = boss_table("hraezlyr", TWO)
    state["scene"]["s7-aux-2"]["storage"] = 6
    for player in state["players"]:
        player["hand"] = []
    state = scene_activation(state, 0, "spear-thrust-thurisaz")  # one fury token: the 7th
    while not isinstance(step := RULES.next(state), Over):
        prompt = step.prompts[0]
        state = play(state, prompt.seat, prompt.legal_moves[-1])
    assert step.shared == "loss" and state["scene"]["s7-aux-2"]["storage"] == 7


def test_alfheims_light_needs_three_more_for_every_further_hero():
    victory = CONTENT.quests["alfheim"].victory[0]
    assert (victory.params["count"], victory.params["count_per_hero"]) == (6, 3)
    state = started(FOUR, quest="alfheim", where=placed(FOUR))
    state["scene"]["s2-top-1"]["storage"] = 14  # more than a lone hero's 6, short of four's 15
    assert with_frame(state, HOLD)["campaign"]["current"] == "alfheim"
    state["scene"]["s2-top-1"]["storage"] = 15
    assert with_frame(state, HOLD)["campaign"]["current"] is None  # won: the next quest comes


@pytest.mark.parametrize(("heroes", "light"), [(["kratos"], 6), (TWO, 9)])
def test_a_lone_hero_wins_alfheim_with_fewer_light_tokens_than_two_heroes(heroes, light):
    state = started(heroes, quest="alfheim", where=placed(heroes))
    slots = next(c for c in RULES.view(state, 0)["scene"] if c["id"] == "s2-top-1")
    assert slots["storage_slots"] == light
    state["scene"]["s2-top-1"]["storage"] = light - 1
    assert with_frame(state, HOLD)["campaign"]["current"] == "alfheim"
    state["scene"]["s2-top-1"]["storage"] = light
    assert with_frame(state, HOLD)["campaign"]["current"] is None


def test_the_validator_refuses_a_negative_or_non_whole_health_per_hero():
    def set_jaw(value):
        def change(raw):
            card = next(c for s in raw["scenes"]["scenes"] for c in s["cards"] if c["id"] == JAW)
            card["front"]["enemy"]["health_per_hero"] = value
        return change
    assert any("health per hero is never negative" in p for p in broken(set_jaw(-1)))
    assert any("'health_per_hero' has the wrong type" in p for p in broken(set_jaw(2.0)))
    assert any("'health_per_hero' has the wrong type" in p for p in broken(set_jaw(True)))


def test_the_validator_refuses_a_storage_count_the_spaces_cannot_hold_in_a_larger_party():
    def grow_count(raw):
        quest = next(q for q in raw["campaign"]["quests"] if q["id"] == "alfheim")
        quest["victory"][0]["count_per_hero"] = 4  # 18 with four heroes; 15 spaces
    assert any("cannot hold 10 tokens with 2 heroes" in p for p in broken(grow_count))


def test_the_validator_refuses_a_death_flip_whose_back_would_die_in_a_large_party():
    def shrink_back(raw):
        card = next(c for s in raw["scenes"]["scenes"] for c in s["cards"]
                    if c["id"] == "s1-top-3")  # the Revenant (5) dies into the Risen (8)
        card["front"]["enemy"]["health_per_hero"] = 2  # 11 with four heroes against 8
    assert any("s1-top-3: its back's enemy would die" in p for p in broken(shrink_back))


BONFIRE = "s3-bottom-2"  # Helheim's bonfire: an ansuz puts frost on it; full, it breaks


def bonfire_table(heroes: list[str], frost: int):
    """Helheim with ``frost`` tokens on the bonfire; the ansuz Hel-Walker beside it lies dead
    (its attack would ask for a defense first)."""
    state = started(heroes, quest="helheim", where=placed(heroes))
    state["scene"]["s3-bottom-1"]["dead"] = True
    state["scene"][BONFIRE]["storage"] = frost
    return state


def bonfire_after_an_ansuz(heroes: list[str], frost: int) -> tuple[str, int]:
    state = bonfire_table(heroes, frost)
    state["companions_used"].append("mimir-foresight")  # solo: no box to cancel
    state = scene_activation(state, 0, "chaos-slash-ansuz")
    return state["scene"][BONFIRE]["side"], state["scene"][BONFIRE]["storage"]


def test_with_four_heroes_the_bonfire_holds_through_three_ansuz_that_would_break_it_for_two():
    """The frost spaces are one a hero (the reveals grow with the party, digest §2.2): the
    ansuz that fills the second space breaks a two-hero bonfire; four heroes' holds to the
    fourth."""
    assert bonfire_after_an_ansuz(TWO, 1) == ("back", 0)  # broken: its tokens go (GOW-R-20)
    assert bonfire_after_an_ansuz(FOUR, 1) == ("front", 2)
    assert bonfire_after_an_ansuz(FOUR, 2) == ("front", 3)
    assert bonfire_after_an_ansuz(FOUR, 3) == ("back", 0)


def test_a_lone_hero_s_bonfire_breaks_on_the_first_ansuz_as_printed():
    assert bonfire_after_an_ansuz(["kratos"], 0) == ("back", 0)


def test_every_seat_sees_the_bonfires_frost_spaces_for_its_party_size():
    for heroes in (["kratos"], TWO, FOUR):
        scene = RULES.view(bonfire_table(heroes, 0), 0)["scene"]
        bonfire = next(c for c in scene if c["id"] == BONFIRE)
        assert bonfire["storage_slots"] == len(heroes)


def test_the_validator_refuses_a_storage_full_flip_on_a_face_without_spaces():
    def no_spaces(raw):
        card = next(c for s in raw["scenes"]["scenes"] for c in s["cards"] if c["id"] == BONFIRE)
        card["front"]["storage_slots"] = 0
    assert any(f"{BONFIRE} front: storage_full needs storage spaces" in p
               for p in broken(no_spaces))
