"""The authored content pack (digest §7): the box counts, the marks of authored content, the
rulebook's named quests kept, every rule exercised, and a validator that catches broken files."""

from __future__ import annotations

import copy
from collections import Counter

from domain.games.godofwar.content import CONTENT, RAW

from .content_checks import walk
from .content_checks.coverage import features
from .content_checks.validate import problems


def broken(change) -> list[str]:
    """The validator's problems with a copy of the content changed by ``change``."""
    raw = copy.deepcopy(RAW)
    change(raw)
    return problems(raw)


def test_the_shipped_content_passes_every_check():
    assert problems(RAW) == []


def test_the_box_counts_match_the_rulebook_components():
    starting = [c for c in CONTENT.cards.values() if c.deck != "upgrade"]
    upgrades = [c for c in CONTENT.cards.values() if c.deck == "upgrade"]
    assert len(CONTENT.dashboards) == 5
    assert sum(c.copies for c in starting) == 70
    assert sum(c.copies for c in upgrades) == 88  # GOW-R-1: 158 = 70 + 88
    assert sum(c.copies for c in CONTENT.cards.values()) == 158
    assert len(CONTENT.scene_cards) == 92 and len(CONTENT.scenes) == 10
    assert (len(CONTENT.quests), len(CONTENT.bosses)) == (6, 4)
    assert {s.id: s.copies for s in CONTENT.status.values()} == {
        "stun": 10, "poison": 10, "destruction-crystal": 10}
    tiles = [t for d in CONTENT.dashboards.values() for t in d.tiles]
    assert len(tiles) == 6 and sum(t.rage_max is not None for t in tiles) == 5  # 5 rage markers


def test_each_dashboard_has_14_starting_cards_brok_and_sindri_one_deck():
    decks = Counter()
    for card in CONTENT.cards.values():
        decks[card.deck] += card.copies
    assert {d: decks[d] for d in CONTENT.dashboards} == dict.fromkeys(CONTENT.dashboards, 14)


def test_the_upgrade_deck_follows_the_proposed_split_and_runes():
    upgrades = [c for c in CONTENT.cards.values() if c.deck == "upgrade"]
    by_rune, by_type = Counter(), Counter()
    for card in upgrades:
        by_rune[card.rune] += card.copies
        by_type[next(iter(card.types))] += card.copies
    assert by_rune == dict.fromkeys(CONTENT.runes, 22)  # digest §7.1
    assert by_type == {"melee": 20, "ranged": 20, "defense": 20, "special": 12, "number": 16}
    assert sorted(c.types["number"] for c in upgrades for _ in range(c.copies)
                  if set(c.types) == {"number"}) == [2] * 5 + [3] * 4 + [4] * 5


def test_quest_scenes_have_8_cards_and_boss_scenes_11():
    for quest in CONTENT.quests.values():
        assert len(CONTENT.scenes[quest.scene]) == 8, quest.id
    for boss in CONTENT.bosses.values():
        assert len(CONTENT.scenes[boss.scene]) == 11, boss.id


def test_every_authored_item_is_marked_and_has_a_basis():
    items = (walk.dashboards(RAW) + walk.action_cards(RAW) + walk.scenes(RAW)
             + list(walk.scene_cards(RAW)) + walk.campaign_cards(RAW)
             + [RAW["campaign"]["die"], RAW["campaign"]["runes"]])
    assert all(item["authored"] is True and item["basis"].strip() for item in items)
    proposals = [i for i in items if i["basis"].startswith("proposal")]
    assert proposals and all(i["authored"] for i in proposals)


def test_ids_are_unique_slugs_across_each_kind():
    ids = ([c["id"] for c in walk.action_cards(RAW)] + [c["id"] for c in RAW["cards"]["status"]])
    assert len(ids) == len(set(ids))
    scene_ids = [c["id"] for c in walk.scene_cards(RAW)]
    assert len(scene_ids) == len(set(scene_ids)) == 92
    assert all(i == i.lower() and " " not in i for i in ids + scene_ids)


def test_every_effect_is_a_kind_of_the_closed_vocabulary():
    vocabulary = set(RAW["rules"]["effects"])
    used = {e["kind"] for _, _, e in walk.effects(RAW)}
    assert used <= vocabulary
    assert used == vocabulary  # no kind is dead weight for the engine


def test_every_rule_of_the_rulebook_is_exercised_by_the_content():
    rules = RAW["rules"]["rules"]
    shown = features(RAW)
    assert all(need in shown for rule in rules for need in rule["needs"])
    # every rulebook section from setup (p.4) to the heroes (p.14) has its rules listed
    assert {r["page"] for r in rules} == {4, 6, 7, 8, 9, 10, 11, 12, 13, 14}


def test_the_quests_the_rulebook_names_keep_their_rules():
    travelers, alfheim, helheim = (CONTENT.quests[q] for q in
                                   ("the-travelers", "alfheim", "helheim"))
    assert travelers.number == 1 and not travelers.special_rules and not travelers.defeat
    assert CONTENT.setup["first_game_quest"] == "the-travelers"  # p.4, GOW-R-46
    assert [(e.kind, e.params) for e in alfheim.hindrance.effects] == [
        ("shuffle_status_into_decks", {"status": "poison", "amount": 1})]  # GOW-EX-8
    assert alfheim.hindrance.duration == "quest"
    assert [e.kind for e in helheim.victory] == ["all_enemies_dead"]
    assert [e.params["box"] for e in helheim.defeat] == ["cold-takes-all"]
    bonfire = CONTENT.scene_cards[helheim.defeat[0].params["card"]]
    assert bonfire.front.name == "Bonfire" and bonfire.back is not None
    assert [e.params["amount"] for e in helheim.setup_effects] == [3, 3]  # 3 fire per answer
    assert [e.kind for e in helheim.hindrance.effects] == ["remove_highest_number_card"]
    assert helheim.hindrance.duration == "permanent"  # GOW-R-40
    assert "hraezlyr" in CONTENT.bosses


def test_the_heroes_rage_abilities_are_those_of_the_rulebook():
    kratos, atreus, freya, brothers, mimir = (CONTENT.dashboards[h] for h in (
        "kratos", "atreus", "freya", "brok-and-sindri", "mimir"))
    assert kratos.tiles[0].rage_max == 5  # GOW-EX-3
    spartan = [(e.kind, e.params["amount"]) for e in kratos.rage_abilities[0].effects]
    assert spartan == [("heal", 3), ("bonus_next_attack_wounds", 3)]  # GOW-R-10
    assert [e.kind for e in atreus.rage_abilities[0].effects] == ["wound_enemy"]  # GOW-R-19
    assert [e.kind for e in freya.rage_abilities[0].effects] == ["give_freya_token"]
    assert [a.tile for a in brothers.rage_abilities] == ["brok", "sindri"]
    assert [t.id for t in brothers.tiles] == ["brok", "sindri"]  # GOW-R-13
    assert mimir.rage_abilities == () and mimir.tiles[0].rage_max is None  # GOW-R-9
    assert not mimir.tiles[0].takes_space


def test_solo_mode_has_kratos_and_two_companions_with_two_two_mode_abilities():
    kratos = CONTENT.dashboards["kratos"]
    assert kratos.solo_rage_abilities is not None
    assert "refresh_companions" in {e.kind for e in kratos.solo_rage_abilities[0].effects}
    for companion in ("atreus", "mimir"):  # GOW-R-44, GOW-R-45
        board = CONTENT.dashboards[companion]
        assert len(board.companions) == 2 and all(len(c.modes) == 2 for c in board.companions)
    assert CONTENT.dashboards["freya"].solo_rage_abilities is None


def test_the_worked_examples_find_their_cards():
    kratos = [c for c in CONTENT.cards.values() if c.deck == "kratos"]
    assert any(c.types == {"ranged": None} for c in kratos)  # GOW-EX-2a
    assert any(c.types == {"melee": 1, "ranged": 1} for c in kratos)  # GOW-EX-2b
    assert any(c.types == {"defense": 1} for c in kratos)  # GOW-EX-6
    assert any(c.types == {"number": 4} for c in CONTENT.cards.values()
               if c.deck == "upgrade")  # GOW-EX-7
    assert 0 in CONTENT.die and 1 in CONTENT.die and 2 in CONTENT.die  # GOW-R-2


def test_every_scene_shows_every_rune_on_its_front_faces():
    for number, cards in CONTENT.scenes.items():
        shown = {r for c in cards for r in (c.front.enemy.runes if c.front.enemy else ())}
        shown |= {b.rune for c in cards for b in c.front.boxes if b.rune}
        assert shown == set(CONTENT.runes), number


def test_the_validator_catches_a_duplicate_id():
    def duplicate(raw):
        raw["cards"]["upgrades"][1]["id"] = raw["cards"]["upgrades"][0]["id"]
    assert any(p.startswith("duplicate card id") for p in broken(duplicate))


def test_the_validator_catches_a_dangling_reference():
    def dangle(raw):
        raw["campaign"]["quests"][0]["victory"][0]["card"] = "s1-top-9"
    assert any("'card' is not a valid card" in p for p in broken(dangle))

    def flip_elsewhere(raw):
        raw["scenes"]["scenes"][0]["cards"][0]["front"]["flip_conditions"][0]["flips"][0][
            "card"] = "s2-top-2"
    assert any("not a card of this scene" in p for p in broken(flip_elsewhere))


def test_the_validator_catches_a_wrong_count():
    def lose_a_card(raw):
        raw["cards"]["upgrades"][0]["copies"] -= 1
    found = broken(lose_a_card)
    assert any("'upgrade_cards': the box has 88, the content 87" in p for p in found)
    assert any("'action_cards': the box has 158, the content 157" in p for p in found)


def test_the_validator_catches_an_unknown_effect_kind_and_a_missing_parameter():
    def unknown(raw):
        raw["heroes"]["dashboards"][1]["rage_abilities"][0]["effects"][0]["kind"] = "smite"
    assert any("unknown kind 'smite'" in p for p in broken(unknown))

    def missing(raw):
        del raw["heroes"]["dashboards"][0]["rage_abilities"][0]["effects"][0]["amount"]
    assert any("heal lacks 'amount'" in p for p in broken(missing))


def test_the_validator_catches_a_rule_nothing_exercises():
    def no_armor_flips(raw):
        for _, _, face in walk.faces(raw):
            face["flip_conditions"] = [f for f in face["flip_conditions"]
                                       if f["trigger"] != "armor_broken"]
    assert "rule flip-armor-broken: nothing in the content shows 'flip:armor_broken'" in broken(
        no_armor_flips)


def test_the_validator_catches_unmarked_content_and_a_misspelt_key():
    def unmark(raw):
        raw["campaign"]["bosses"][0]["authored"] = False
    assert "hraezlyr: not marked authored" in broken(unmark)

    def misspell(raw):
        raw["cards"]["starting"][0]["rag"] = raw["cards"]["starting"][0].pop("rage")
    assert any("unknown key 'rag'" in p for p in broken(misspell))


def test_the_validator_catches_a_scene_missing_a_rune():
    def silence_fehu(raw):
        for card in raw["scenes"]["scenes"][0]["cards"]:
            front = card["front"]
            if front["enemy"]:
                front["enemy"]["runes"] = [r for r in front["enemy"]["runes"] if r != "fehu"]
            for box in front["boxes"]:
                box["rune"] = None if box["rune"] == "fehu" else box["rune"]
    assert "scene 1: no front face shows ['fehu']" in broken(silence_fehu)


def test_broken_content_is_told_with_every_problem():
    def lost_scene(raw):
        raw["campaign"]["quests"][0]["scene"] = 42
    assert any("scene 42 does not exist" in problem for problem in broken(lost_scene))


def test_the_validator_catches_a_death_flip_whose_new_enemy_dies_of_inherited_wounds():
    def weak_risen(raw):
        card = next(c for c in walk.scene_cards(raw) if c["id"] == "s1-top-3")
        card["back"]["enemy"]["health"] = card["front"]["enemy"]["health"]  # GOW-R-20
    assert "s1-top-3: its back's enemy would die of the wounds it inherits" in broken(weak_risen)


def test_the_readme_documents_every_effect_kind_and_every_rule():
    from importlib.resources import files
    readme = files("domain.games.godofwar").joinpath("README.md").read_text("utf-8")
    assert all(f"| `{kind}` |" in readme for kind in RAW["rules"]["effects"])
    assert all(f"| `{rule['id']}`:" in readme for rule in RAW["rules"]["rules"])
    from domain.games import RELEASES
    assert ("not registered" in readme) == ("godofwar" not in RELEASES)  # Status stays true
    assert "authored" in readme


def test_ids_say_where_their_item_belongs_so_they_stay_stable():
    def move_card(raw):
        raw["scenes"]["scenes"][0]["cards"][0]["position"]["col"] = 9
    assert "scene card s1-top-1: its id is not s<scene>-<row>-<col>" in broken(move_card)

    def change_rune(raw):
        raw["cards"]["upgrades"][0]["rune"] = "ansuz"
    assert any("ends with its rune" in p for p in broken(change_rune))


def test_mimirs_deck_carries_no_rage_icon_since_he_has_no_rage_track():
    assert not any(c.rage for c in CONTENT.cards.values() if c.deck == "mimir")  # GOW-R-9

    def rage_for_mimir(raw):
        next(c for c in raw["cards"]["starting"] if c["deck"] == "mimir")["rage"] = True
    assert any("a rage icon in a deck without a rage track" in p for p in broken(rage_for_mimir))


def test_the_validator_catches_a_condition_naming_a_card_that_cannot_meet_it():
    def empty_target(raw):
        raw["campaign"]["quests"][0]["victory"][0]["card"] = "s1-top-2"  # the shrine: no enemy
    assert any("s1-top-2 shows no enemy there" in p for p in broken(empty_target))

    def overfull(raw):
        alfheim = next(q for q in raw["campaign"]["quests"] if q["id"] == "alfheim")
        alfheim["victory"][0]["count"] = 99
    assert any("cannot hold 99 tokens" in p for p in broken(overfull))


def test_every_printed_back_is_reached_by_some_flip():
    def dead_back(raw):
        card = next(c for c in walk.scene_cards(raw) if c["id"] == "s1-top-4")
        card["back"] = copy.deepcopy(next(c for c in walk.scene_cards(raw)
                                          if c["id"] == "s1-top-1")["back"])
    assert "s1-top-4: no flip reaches its back (leave it null)" in broken(dead_back)
