"""Scenario helpers: a game played through the rules to its first round with a given quest
and heroes, its tiles stood where a test wants them; hands put back onto their decks; a frame
of the round pushed (an activation, a scene activation); the enemy die rolled. Moves,
prompts and draws are the driver's (tests/games/driver.py).
"""

from __future__ import annotations

from typing import Any

from domain.games.godofwar import RULES
from domain.games.godofwar.content import CONTENT
from domain.games.godofwar.effects import advance
from domain.games.godofwar.flow import QUESTS
from domain.kernel import Chance, Decision, Move, Prompt
from tests.games.driver import chance, play, settle, step

State = dict[str, Any]


def started(heroes: list[str], quest: str = "the-travelers", first_seat: int = 0,
            where: dict[str, tuple[int, bool]] | None = None) -> State:
    """A new game played through the rules to its first round: these heroes picked in seat
    order, every shuffle in catalogue order (each deck's top is its last card), ``quest``
    drawn first, ``first_seat`` first, each tile placed at ``where`` (tile -> column, back)
    or else in the first column it leaves free; then the round starts as the rules start it
    (Mimir's carrier, the preparation draws up to each hand limit: see ``empty_hands``)."""
    state = RULES.setup({"first_seat": first_seat} if len(heroes) > 1 else {}, len(heroes))
    if len(heroes) > 1:
        for seat, hero in enumerate(heroes):
            state = play(state, seat, {"kind": "hero", "hero": hero})
    state = settle(state)  # the starting decks
    others = [i for i, q in enumerate(QUESTS) if q != quest][:2]
    state = chance(state, [QUESTS.index(quest), *others])
    state = settle(chance(state, [0, 1, 2]))  # the bosses, then the upgrade deck
    while isinstance(asked := step(state), Decision) and asked.prompts[0].kind == "place":
        state = play(state, asked.prompts[0].seat, placement(state, asked.prompts[0],
                                                             where or {}))
    return state


def placement(state: State, prompt: Prompt, where: dict[str, tuple[int, bool]]) -> Move:
    """The seat's next tile stood where ``where`` says (a column's first tile takes its front
    space; the second chooses, and the first takes the other), or else in the first space
    offered in a column that ``where`` leaves to others."""
    unplaced = [move["tile"] for move in prompt.legal_moves]
    tile = next((t for t in where if t in unplaced), unplaced[0])
    if tile not in where:
        claimed = {column for column, _ in where.values()}
        return next(m for m in prompt.legal_moves
                    if m["tile"] == tile and m["column"] not in claimed)
    column, back = where[tile]
    standing = any(h["column"] == column for h in state["heroes"].values())
    return {"kind": "place", "tile": tile, "column": column,
            "space": "back" if standing and back else "front"}


def empty_hands(state: State) -> State:
    """Each hand put back on top of its deck in the order drawn, as the decks stood before the
    round's preparation: for a test whose heroes hold nothing (no defense, no special) and
    draw from whole decks."""
    for player in state["players"]:
        player["deck"] += reversed(player["hand"])
        player["hand"] = []
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
