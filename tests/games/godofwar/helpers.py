"""Scenario helpers: a game set up to a given quest and heroes, tiles stood where a test
wants them, a frame of the round pushed (an activation, a scene activation), the enemy die
rolled; moves, prompts and draws are the driver's (tests/games/driver.py).
"""

from __future__ import annotations

from typing import Any

from domain.games.godofwar import RULES
from domain.games.godofwar.content import CONTENT
from domain.games.godofwar.effects import advance
from domain.games.godofwar.flow import QUESTS
from domain.kernel import Chance
from tests.games.driver import chance

State = dict[str, Any]


def started(heroes: list[str], quest: str = "the-travelers", first_seat: int = 0,
            where: dict[str, tuple[int, bool]] | None = None) -> State:
    """Setup with these heroes (seat order), ``quest`` first, decks in catalogue order (the
    top is the last card), the tiles at ``where`` (tile -> column, back); no round yet."""
    state = RULES.setup({"first_seat": first_seat} if len(heroes) > 1 else {}, len(heroes))
    if len(heroes) > 1:
        for seat, hero in enumerate(heroes):
            state = RULES.apply_move(state, seat, {"kind": "hero", "hero": hero})
    while state["stage"] == "deal":
        state = RULES.apply_chance(state, list(range(len(state["players"][state["dealt"]][
            "deck"]))))
    others = [i for i, q in enumerate(QUESTS) if q != quest][:2]
    state = RULES.apply_chance(state, [QUESTS.index(quest), *others])
    state = RULES.apply_chance(state, [0, 1, 2])
    state = RULES.apply_chance(state, list(range(len(state["upgrade_deck"]))))
    for tile, (column, back) in (where or {}).items():
        state["heroes"][tile].update({"column": column, "back": back})
    state.update({"stage": "round", "round": 1, "placing": []})
    return state


def with_frame(state: State, *frames: dict[str, Any]) -> State:
    """The state with only ``frames`` pending, the first on top (the rest of the round is not
    in the test), run until someone must choose or draw."""
    state["pending"] = list(reversed(frames))
    advance(state)
    return state


def activation(state: State, seat: int) -> State:
    return with_frame(state, {"op": "act", "seat": seat, "moved": []})


def scene_activation(state: State, seat: int, rune_card: str) -> State:
    """``seat``'s scene activation, with ``rune_card`` on top of the upgrade deck."""
    state["upgrade_deck"].remove(rune_card)
    state["upgrade_deck"].append(rune_card)
    return with_frame(state, {"op": "scene", "seat": seat, "extra": False, "rune": None,
                              "index": 0, "reward_from": [
                                  t for t, h in state["heroes"].items() if h["seat"] == seat]})


def roll(state: State, face: int) -> State:
    """The enemy die shows ``face``."""
    step = RULES.next(state)
    assert isinstance(step, Chance) and step.spec["what"] == "enemy die", step
    return chance(state, face)


def enemy_wounds(state: State, card: str) -> int:
    return int(state["scene"][card]["wounds"])


def health(tile: str) -> int:
    return next(t.health for d in CONTENT.dashboards.values() for t in d.tiles if t.id == tile)
