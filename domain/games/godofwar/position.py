"""Positions anyone can set up (the kernel's ``position`` hook, domain/kernel/position.py):
a quest in play, the heroes standing where the description says, stated in the rulebook's
terms.

A description (README.md, "Positions")::

    {"heroes": ["Kratos", "Atreus"], "quest": "The Travelers", "first": 0,
     "tiles": {"Kratos": {"column": 1, "back": false, "wounds": 2, "rage": 1}},
     "hands": [["Leviathan Axe Swing"], []], "enemies": {"Draugr Archer": {"wounds": 1}},
     "round": 1, "activation": 0}

Setup is the rulebook's with every shuffle left in catalogue order (each deck's top is its
last card), the named quest first, and ``first`` the first player. Then the tiles stand
where ``tiles`` says (a column 1 to 4, in its front or back space) with their wounds and
rage; each hand holds the named cards, taken from its player's deck (else from the upgrade
deck, or the supply of status cards); each named enemy (by its printed name, or its scene
card's id where two share a name) has its wounds. ``activation`` starts that seat's
activation; without it the round starts as the rules start it. Heroes and cards are named as
printed; every part but ``heroes`` may be left out (the first quest of the catalogue, seat 0
first, no tile placed, empty hands, no wounds, round 1).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.kernel.position import (
    Problems,
    ids_of,
    known_keys,
    name_index,
    seat_number,
    whole_number,
)

from .content import CONTENT
from .effects import advance
from .flow import QUESTS, SOLO, setup
from .moves import apply_chance, apply_move
from .state import COLUMNS, State

PARTS = ("heroes", "quest", "first", "tiles", "hands", "enemies", "round", "activation")
TILE_PARTS = ("column", "back", "wounds", "rage")
HERO_NAMES = name_index({d.id: d.name for d in CONTENT.dashboards.values()})
TILE_TITLES = {t.id: t.name for d in CONTENT.dashboards.values() for t in d.tiles}
TILE_NAMES = name_index(TILE_TITLES)
SPACE_TAKERS = frozenset(t.id for d in CONTENT.dashboards.values() for t in d.tiles
                         if t.takes_space)
QUEST_NAMES = name_index({q.id: q.title for q in CONTENT.quests.values()})
CARD_TITLES = {**{c.id: c.name for c in CONTENT.cards.values()},
               **{c.id: c.name for c in CONTENT.status.values()}}
CARD_NAMES = name_index(CARD_TITLES)


def build(options: dict[str, Any], seats: int, description: Mapping[str, Any]) -> State:
    """The position ``description`` states (the module's docstring), or BadPosition."""
    problems = Problems()
    known_keys(description, PARTS, "the position", problems)
    heroes = ids_of(description.get("heroes"), HERO_NAMES, "heroes", problems, "hero")
    if len(heroes) != seats or len(set(heroes)) != seats:
        problems.add(f"heroes names {seats} different heroes, one a seat")
    if seats == 1 and heroes != [SOLO["hero"]]:
        problems.add(f"solo is played with {CONTENT.dashboards[SOLO['hero']].name} alone")
    quest = ids_of([description.get("quest", CONTENT.quests[QUESTS[0]].title)], QUEST_NAMES,
                   "quest", problems, "quest")
    first = seat_number(description.get("first", 0), seats, "first", problems)
    problems.check()
    state = _set_up(options, seats, heroes, quest[0], first)
    _stand_tiles(state, description.get("tiles", {}), problems)
    _check_spaces(state, problems)
    _deal_hands(state, description.get("hands", [[]] * seats), problems)
    _wound_enemies(state, description.get("enemies", {}), problems)
    state["round"] = whole_number(description.get("round", 1), "round", problems, 1, 99)
    if "activation" in description:
        seat = seat_number(description["activation"], seats, "activation", problems)
        state["pending"] = [{"op": "act", "seat": seat, "moved": []}]
    problems.check()
    advance(state)
    return state


def _set_up(options: dict[str, Any], seats: int, heroes: list[str], quest: str,
            first: int) -> State:
    """The rulebook's setup with these heroes and first player, ``quest`` first and every
    shuffle in catalogue order (the draws a sandbox's seed would otherwise make)."""
    state = setup({**options, "first_seat": first if seats > 1 else None}, seats)
    if seats > 1:
        for seat, hero in enumerate(heroes):
            state = apply_move(state, seat, {"kind": "hero", "hero": hero})
    while state["stage"] == "deal":
        deck = state["players"][state["dealt"]]["deck"]
        state = apply_chance(state, list(range(len(deck))))
    others = [i for i, q in enumerate(QUESTS) if q != quest]
    picked = 2 if state["options"]["first_game"] else 3
    state = apply_chance(state, [QUESTS.index(quest), *others[:picked - 1]])
    state = apply_chance(state, [0, 1, 2])
    state = apply_chance(state, list(range(len(state["upgrade_deck"]))))
    state.update({"stage": "round", "round": 1, "placing": [], "first_player": first})
    return state


def _stand_tiles(state: State, value: Any, problems: Problems) -> None:
    if not isinstance(value, dict):
        problems.add("tiles maps each hero tile's name to {column, back, wounds, rage}")
        return
    for name, given in value.items():
        found = ids_of([name], TILE_NAMES, "tiles", problems, "hero tile")
        if not found:
            continue
        tile, where = found[0], f"the {name} tile"
        hero = state["heroes"].get(tile)
        if hero is None or not isinstance(given, dict):
            problems.add(f"{where} is not in this game" if hero is None
                         else f"{where} is {{column, back, wounds, rage}}")
            continue
        known_keys(given, TILE_PARTS, where, problems)
        if "column" in given:
            hero["column"] = whole_number(given["column"], f"{where}'s column", problems, 1,
                                          COLUMNS)
        back = given.get("back", False)
        if not isinstance(back, bool):
            problems.add(f"{where}'s back is true or false")
        hero["back"] = back is True
        hero["wounds"] = whole_number(given.get("wounds", 0), f"{where}'s wounds", problems,
                                      0, 99)
        if hero["rage"] is not None:
            hero["rage"] = whole_number(given.get("rage", 0), f"{where}'s rage", problems, 0,
                                        99)


def _check_spaces(state: State, problems: Problems) -> None:
    """Each column has a front and a back space, one tile each (CH-PLACE); Mimir stands in
    none (he rides a carrier)."""
    spaces: dict[tuple[int, bool], list[str]] = {}
    for tile, hero in state["heroes"].items():
        if hero["column"] is None:
            continue
        if tile not in SPACE_TAKERS:
            problems.add(f"the {TILE_TITLES[tile]} tile stands in no column (it rides a "
                         "carrier)")
        spaces.setdefault((hero["column"], hero["back"]), []).append(tile)
    for (column, back), tiles in sorted(spaces.items()):
        if back and (column, False) not in spaces:
            problems.add(f"column {column} has a tile in its back space and none in front")
        if len(tiles) > 1:
            space = "back" if back else "front"
            problems.add(f"column {column} has one {space} space, not room for "
                         f"{' and '.join(TILE_TITLES[t] for t in tiles)}")


def _deal_hands(state: State, value: Any, problems: Problems) -> None:
    if not isinstance(value, list) or len(value) != state["seats"]:
        problems.add(f"hands is a list of {state['seats']} lists of card names, seat 0's first")
        return
    for seat, names in enumerate(value):
        player = state["players"][seat]
        for card in ids_of(names, CARD_NAMES, f"seat {seat}'s hand", problems):
            if not _take(state, player["deck"], card):
                problems.add(f"neither seat {seat}'s deck, the upgrade deck nor the supply "
                             f"holds another {CARD_TITLES[card]}")
                continue
            player["hand"].append(card)


def _take(state: State, deck: list[str], card: str) -> bool:
    """Take ``card`` from the player's own deck, else from the upgrade deck (a card bought
    earlier), else from the supply of status cards (a crystal taken earlier)."""
    for pile in (deck, state["upgrade_deck"]):
        if card in pile:
            pile.remove(card)
            return True
    if state["supply"].get(card, 0) > 0:
        state["supply"][card] -= 1
        return True
    return False


def _wound_enemies(state: State, value: Any, problems: Problems) -> None:
    if not isinstance(value, dict):
        problems.add("enemies maps each enemy's printed name to {wounds}")
        return
    for name, given in value.items():
        cards = [cid for cid in state["scene"] if name in (cid, _enemy_name(cid))]
        if len(cards) != 1:
            which = f": name one by its card ({', '.join(cards)})" if cards else ""
            problems.add(f"the scene has {len(cards)} enemies called {name!r}, not one{which}")
            continue
        if not isinstance(given, dict) or set(given) - {"wounds"}:
            problems.add(f"the enemy {name} is {{wounds}}")
            continue
        state["scene"][cards[0]]["wounds"] = whole_number(
            given.get("wounds", 0), f"{name}'s wounds", problems, 0, 99)


def _enemy_name(card: str) -> str | None:
    face = CONTENT.scene_cards[card].front
    return face.enemy.name if face.enemy is not None else None
