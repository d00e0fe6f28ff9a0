"""Setup, for 1-4 players and solo (digest §2): heroes picked in seat order, then every random
step as a chance step (each starting deck shuffled, 3 quests and 3 bosses drawn, the upgrade
deck shuffled, the first player drawn), then the tiles placed from the first player clockwise.
Once the tiles stand, stage ``round`` hands over to the rounds (``moves.py``, ``effects.py``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.kernel import (
    BadOptions,
    Chance,
    Decision,
    Move,
    Prompt,
    Step,
    json_copy,
    pick_spec,
    roll_spec,
    shuffle_spec,
    validate_options,
)

from .content import CONTENT
from .info import INFO
from .state import (
    COLUMNS,
    HAND_LIMIT,
    State,
    dashboard_of,
    new_hero,
    new_player,
    new_scene_card,
    starting_cards,
    tiles_in,
    upgrade_cards,
)
from .targets import candidates
from .vocabulary import EFFECTS

QUESTS = list(CONTENT.quests)  # catalogue order: a pick outcome indexes these
BOSSES = list(CONTENT.bosses)
SOLO = CONTENT.setup["solo"]


def setup(options: Mapping[str, Any], seats: int) -> State:
    """A new game: waiting for the first hero pick (solo: for Kratos's deck shuffle)."""
    opts = validate_options(INFO.options, options)
    if not INFO.min_seats <= seats <= INFO.max_seats:
        raise BadOptions("God of War is played by 1 to 4 players.")
    if opts["first_seat"] is not None and opts["first_seat"] >= seats:
        raise BadOptions(f"first_seat must be one of the {seats} seats.")
    solo = seats == 1  # p.13: the only one-player game is solo mode
    state: State = {
        "options": opts, "seats": seats, "solo": solo, "stage": "hero",
        "players": [new_player(None) for _ in range(seats)], "heroes": {},
        "campaign": {"quests": [], "bosses": [], "current": None, "played": []}, "scene": {},
        "upgrade_deck": [], "revealed": [],
        "supply": {cid: card.copies for cid, card in CONTENT.status.items()},
        "dealt": 0, "first_player": None, "placing": [], "round": 0, "companions_used": [],
        "pending": [], "result": None, "carrier": None, "mimir_column": None, "bonuses": {},
        "used_points": [], "fired": [], "quests_won": 0, "rounds_played": 0, "boxed": [],
        "last_attack": None}
    if solo:
        _take_hero(state, 0, SOLO["hero"])
    return state


def next_step(state: State) -> Step:
    """Exactly one of: a seat must choose, or a draw is needed."""
    stage = state["stage"]
    if stage == "hero":
        return Decision((_hero_prompt(state),))
    if stage == "deal":
        seat = state["dealt"]
        return Chance(shuffle_spec(len(state["players"][seat]["deck"]),
                                   what=f"starting deck of seat {seat}"))
    if stage == "quests":
        n = len(QUESTS) - (1 if state["options"]["first_game"] else 0)
        k = 2 if state["options"]["first_game"] else 3
        return Chance(pick_spec(n, k, public=True, what="quests"))
    if stage == "bosses":
        return Chance(pick_spec(len(BOSSES), 3, public=True, what="bosses"))
    if stage == "upgrades":
        return Chance(shuffle_spec(len(state["upgrade_deck"]), what="upgrade deck"))
    if stage == "first":
        return Chance(roll_spec(list(range(state["seats"])), public=True, what="first player"))
    if stage == "place":
        return Decision((_place_prompt(state),))
    raise ValueError("Setup is over: the round's steps come from moves.next_step.")


def apply_move(state: State, seat: int, move: Move) -> State:
    st: State = json_copy(state)
    if move["kind"] == "hero":
        _take_hero(st, seat, move["hero"])
    else:
        _place(st, move["tile"], move["column"], move["space"] == "back")
        _after_placing(st)
    return st


def apply_chance(state: State, outcome: Any) -> State:
    st: State = json_copy(state)
    stage = st["stage"]
    if stage == "deal":
        player = st["players"][st["dealt"]]
        player["deck"] = [player["deck"][i] for i in outcome]
        st["dealt"] += 1
        if st["dealt"] == st["seats"]:
            st["stage"] = "quests"
    elif stage == "quests":
        _lay_out_quests(st, outcome)
    elif stage == "bosses":
        st["campaign"]["bosses"] = [BOSSES[i] for i in outcome]
        st["upgrade_deck"] = upgrade_cards()
        st["stage"] = "upgrades"
    elif stage == "upgrades":
        st["upgrade_deck"] = [st["upgrade_deck"][i] for i in outcome]
        _choose_first(st, None)
    elif stage == "first":
        _choose_first(st, outcome)
    return st


def _hero_prompt(state: State) -> Prompt:
    """CH-HERO: the next seat picks a hero not yet taken (p.4)."""
    seat = next(s for s, p in enumerate(state["players"]) if p["hero"] is None)
    taken = {p["hero"] for p in state["players"]}
    moves: list[Move] = [{"kind": "hero", "hero": h} for h in CONTENT.dashboards
                         if h not in taken]
    return Prompt(seat, "hero", "Pick your hero", moves)


def _take_hero(state: State, seat: int, hero: str) -> None:
    """The seat takes the dashboard, its 14 starting cards and its tile(s); rage at 0; Freya's
    player takes both Freya tokens (p.4)."""
    state["players"][seat] = {**new_player(hero), "deck": starting_cards(hero),
                              "hand_limit": HAND_LIMIT}
    for tile in CONTENT.dashboards[hero].tiles:
        state["heroes"][tile.id] = new_hero(seat, tile.rage_max)
    if all(p["hero"] is not None for p in state["players"]):
        state["stage"] = "deal"


def _lay_out_quests(state: State, outcome: list[int]) -> None:
    """The first card drawn goes below and is the first quest; the next two go on top
    (GOW-R-46). First game: The Travelers below, the two drawn on top."""
    if state["options"]["first_game"]:
        first = CONTENT.setup["first_game_quest"]
        others = [q for q in QUESTS if q != first]
        drawn = [first] + [others[i] for i in outcome]
    else:
        drawn = [QUESTS[i] for i in outcome]
    state["campaign"]["quests"] = drawn
    start_scene(state, drawn[0])
    state["stage"] = "bosses"


def start_scene(state: State, quest: str) -> None:
    """Lay out the quest's (or boss's) scene cards, front up (p.4 step 5), and carry out its
    setup effects (a special rule such as Helheim's fire tokens) through the one mapping of
    effects; no hero acts yet, so the targets are fixed (every player, a card)."""
    card = CONTENT.quests.get(quest) or CONTENT.bosses[quest]
    state["campaign"]["current"] = quest
    state["campaign"]["played"].append(quest)
    state["scene"] = {c.id: new_scene_card() for c in CONTENT.scenes[card.scene]}
    ctx = {"seat": state["first_player"] or 0, "hero": None}
    for effect in card.setup_effects:
        target = effect.params.get("target")
        targets = candidates(state, target, ctx) if target else []
        EFFECTS[effect.kind](state, targets, dict(effect.params), ctx)


def _choose_first(state: State, outcome: int | None) -> None:
    """The first player: solo, the one seat; a fixed first_seat; else the draw (p.4 step 10)."""
    fixed = 0 if state["solo"] else state["options"]["first_seat"]
    first = outcome if outcome is not None else fixed
    if first is None:
        state["stage"] = "first"
        return
    seats = state["seats"]
    state["first_player"] = first
    state["placing"] = [(first + i) % seats for i in range(seats)
                        if _space_tiles(state, (first + i) % seats)]
    state["stage"] = "place"
    if state["options"]["first_game"]:
        _place_left_to_right(state)


def _space_tiles(state: State, seat: int) -> list[str]:
    """The seat's tiles that take a space (Mimir places none: he rides a carrier, §3.1)."""
    return [t.id for t in dashboard_of(state, seat).tiles if t.takes_space]


def _unplaced(state: State, seat: int) -> list[str]:
    return [t for t in _space_tiles(state, seat) if state["heroes"][t]["column"] is None]


def _place_prompt(state: State) -> Prompt:
    """CH-PLACE: a free space below any column, at most 2 tiles a column; the second tile's
    player chooses front or back (GOW-R-47)."""
    seat = state["placing"][0]
    moves: list[Move] = []
    for tile in _unplaced(state, seat):
        for column in range(1, COLUMNS + 1):
            standing = len(tiles_in(state, column))
            spaces = ("front",) if standing == 0 else ("front", "back") if standing == 1 else ()
            moves += [{"kind": "place", "tile": tile, "column": column, "space": s}
                      for s in spaces]
    return Prompt(seat, "place", "Stand your hero below a column", moves)


def _place(state: State, tile: str, column: int, back: bool) -> None:
    for other in tiles_in(state, column):
        state["heroes"][other]["back"] = not back  # the other takes the remaining space
    hero = state["heroes"][tile]
    hero["column"], hero["back"] = column, back


def _after_placing(state: State) -> None:
    if not _unplaced(state, state["placing"][0]):
        state["placing"].pop(0)
    if not state["placing"]:
        _after_placing_all(state)


def _place_left_to_right(state: State) -> None:
    """First game (p.4, GOW-R-47): one tile per column from the leftmost, in turn order; past
    the last column, back spaces from the leftmost again."""
    order = [t for seat in state["placing"] for t in _space_tiles(state, seat)]
    for i, tile in enumerate(order):
        _place(state, tile, i % COLUMNS + 1, back=i >= COLUMNS)
    state["placing"] = []
    _after_placing_all(state)


def _after_placing_all(state: State) -> None:
    """Setup is done; round 1 begins (with Mimir's carrier and the preparation draws, §3.1)."""
    state["stage"] = "round"
    state["round"] = 1
