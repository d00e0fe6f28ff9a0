"""The match's flow: setup, the ``next`` step, and the passage between turns and games.

Stages: ``first`` (a public draw for the first player, 게임 준비 ⑤), ``deal`` (the neutral
tiles of one game are drawn), ``draft`` (draft and secret-draft picks), ``play`` (a placement),
``ability`` (the active ability just placed, or re-triggered, waits for its player's choice)
and ``over`` (the whole match is decided).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from domain.kernel import (
    BadOptions,
    Chance,
    Decision,
    Move,
    Over,
    Prompt,
    Step,
    pick_spec,
    roll_spec,
    validate_options,
)

from .effects import EFFECTS
from .info import INFO
from .state import (
    NEEDED,
    SECRET_MODES,
    Match,
    Pending,
    allies,
    board_full,
    can_place,
    counted,
    death_loser,
    draft_of,
    drafter,
    empty_game,
    is_suppressed,
    lift,
    new_match,
    pending_of,
    placements,
    to_removed,
    turn_of,
)
from .tiles import CITIZEN, TILES


def setup(options: Mapping[str, Any], seats: int) -> Match:
    """A new match, waiting for the draw of the first player."""
    given = dict(options or {})
    opts = validate_options(INFO.options, given)
    if seats != 2:
        raise BadOptions("Regality vs. Religion: Revolution is a game for two players.")
    if opts["match"] == "best_of_three" and given.get("games", 3) != 3:
        raise BadOptions("The number of games is chosen only for a points match "
                         "(match = points); best of three plays until a player wins two.")
    return new_match(opts)


def next_step(state: Match) -> Step:
    """Exactly one of: the match is over, a draw is needed, or a seat must choose."""
    stage = state["stage"]
    if stage == "over":
        return match_result(state)
    if stage == "first":
        return Chance(roll_spec([0, 1], public=True, what="first player"))
    if stage == "refill":
        short = NEEDED[state["options"]["neutrals"]] - len(state["pool"])
        return Chance(pick_spec(len(state["used"]), short, public=True,
                                what="used neutral tiles to reuse"))
    if stage == "deal":
        return _deal_spec(state)
    if stage == "draft":
        return _draft_decision(state)
    if stage == "ability":
        return _ability_decision(state)
    seat = turn_of(state)
    return Decision((Prompt(seat, "place", "Place a tile", placements(state, seat)),))


def _deal_spec(state: Match) -> Chance:
    mode, pool = state["options"]["neutrals"], len(state["pool"])
    if mode == "secret_draft":
        drawer = drafter(state)
        return Chance(pick_spec(pool, 4, what=f"four face-down neutral tiles for seat {drawer}"))
    if mode == "secret_random":
        return Chance(pick_spec(pool, 4, what="two face-down neutral tiles for each seat"))
    what = {"standard": "the five neutral tiles", "draft": "the five neutral tiles to draft",
            "random": "two neutral tiles for each seat"}[mode]
    return Chance(pick_spec(pool, NEEDED[mode], public=True, what=what))


def _draft_decision(state: Match) -> Decision:
    draft = draft_of(state)
    seat, offer = draft["seat"], sorted(draft["offer"])
    if state["options"]["neutrals"] == "draft":
        moves = [{"kind": "take", "tile": t} for t in offer]
        return Decision((Prompt(seat, "draft", "Take one neutral tile", moves),))
    text = ("Keep one tile secretly and pass the rest" if draft["pass"]
            else "Keep one tile secretly and set the rest aside")
    return Decision((Prompt(seat, "keep", text, [{"kind": "keep", "tile": t} for t in offer]),))


def _ability_decision(state: Match) -> Decision:
    pending = pending_of(state)
    moves = [*ability_options(state, pending), {"kind": "skip"}]
    return Decision((Prompt(pending["seat"], "ability", ability_text(pending), moves),))


# What an invert ability with a choice of squares may do, in words, for its prompt (and so
# for an illegal answer's error, which lists the legal moves beside it).
FORMS = {
    "ray": ("It inverts every tile in one direction, named from the side the {tile} faces: "
            "forward, forward right, right, back right, back, back left, left or forward left."),
    "orthogonal_or_diagonal": ("It inverts every tile on the four orthogonal squares, or every "
                               "tile on the four diagonal squares."),
}


def ability_text(pending: Pending) -> str:
    """The ability prompt: which tile on which square acts (a re-triggered one says so)."""
    return _ability_text(pending["tile"], pending["square"], bool(pending.get("retrigger")))


@cache  # a few hundred texts in all, asked for on every ability offered
def _ability_text(tile_id: str, square: int, retrigger: bool) -> str:
    tile = TILES[tile_id]
    which = (f"the re-triggered {tile.name} on square {square}" if retrigger
             else f"the {tile.name} on square {square}")
    form = FORMS.get(tile.shape, "").format(tile=tile.name)
    return f"Use the ability of {which}, or skip it?" + (f" {form}" if form else "")


def ability_options(state: Match, pending: Pending) -> list[Move]:
    """What the pending ability may do now (an empty list: nothing it could do)."""
    return EFFECTS[pending["tile"]].options(state, pending)


def after_placement(state: Match, seat: int, tile: str, square: int, last: bool) -> Match:
    """Ask for the active ability just placed if it can act, else end the turn (in place).
    A tile next to a Shaman or Sorceress cannot use it (샤먼, 소서러)."""
    if tile in EFFECTS and not is_suppressed(state, square):
        pending: Pending = {"tile": tile, "square": square, "seat": seat, "facing": seat,
                            "last": last, "retrigger": False}
        if ability_options(state, pending):
            state["stage"], state["pending"] = "ability", pending
            return state
    return finish_turn(state)


def finish_turn(state: Match) -> Match:
    """After the effects: the game ends if every square holds a tile (게임 종료), else the
    other player's turn begins (in place)."""
    state["stage"], state["pending"] = "play", None
    if board_full(state):
        return end_game(state, None, "the board is full")
    return begin_turn(state, 1 - turn_of(state))


def begin_turn(state: Match, seat: int) -> Match:
    """The player first removes the destroyed tiles that were their allies (ruling 1); a
    player with no tile to place loses the game (중요, ruling 12)."""
    state["turn"] = seat
    for square in range(9):
        found = state["board"][square]
        if found is not None and found["down"] and found["up"] == seat:
            to_removed(state, lift(state, square)["tile"])
    if not can_place(state, seat):
        return end_game(state, seat, "had no tile to place")
    return state


def end_game(state: Match, loser: int | None, reason: str) -> Match:
    """Score one game and start the next one, or close the match (in place)."""
    counts = allies(state)
    if loser is None and board_full(state):
        loser = death_loser(state)
        reason = "had Death as an ally" if loser is not None else reason
    # Nine face-up squares (ruling 2) never split evenly, so a game always has a winner.
    winner = int(counts[1] > counts[0]) if loser is None else 1 - loser
    # Points: each player scores their allies, 0 after losing by Death or for no tile.
    scores = [0 if seat == loser else counts[seat] for seat in (0, 1)]
    # The records are shared with the state before (see ``clone``): replaced, not changed.
    state["results"] = [*state["results"], {
        "game": state["game_no"], "starter": state["starter"], "winner": winner,
        "loser": loser, "allies": counts, "scores": scores, "reason": reason,
        "neutrals": state["dealt"]}]
    state["wins"] = counted(state["wins"], winner)
    state["points"] = [state["points"][s] + scores[s] for s in (0, 1)]
    state["used"] = [*state["used"], *state["dealt"]]
    if _match_decided(state):
        state["stage"], state["turn"] = "over", None
        return state
    # The loser of a game starts the next one.
    state["game_no"] += 1
    return start_game(state, 1 - winner)


def _match_decided(state: Match) -> bool:
    if state["options"]["match"] == "points":
        return bool(len(state["results"]) >= state["options"]["games"])
    return bool(max(state["wins"]) >= 2)


def start_game(state: Match, starter: int) -> Match:
    """Set up one game: own tiles back (3번 중...), neutrals not yet used, Citizen to the
    first player (게임 준비 ⑥). Too few unused neutrals (옵션 규칙 ※, ruling 17): every
    never-used one is dealt, and a public draw first picks the used ones that fill up."""
    state.update(empty_game())  # type: ignore[typeddict-item]  # GameParts is a part of Match
    state["starter"] = state["turn"] = starter
    needed = NEEDED[state["options"]["neutrals"]]
    state["hands"][starter].append(CITIZEN)  # a hand just made by empty_game
    state["stage"] = "play" if not needed else "refill" if len(state["pool"]) < needed \
        else "deal"
    return state


def refill(state: Match, outcome: list[int]) -> Match:
    """The used tiles drawn to fill the pool up join the never-used ones (in place)."""
    reused = [state["used"][i] for i in outcome]
    state["used"] = [t for t in state["used"] if t not in reused]
    state["pool"] = sorted([*state["pool"], *reused])
    state["stage"] = "deal"
    return state


def match_result(state: Match) -> Over:
    """The match's result: best of three by games won, or the points totals."""
    details = {"games": state["results"], "turns": state["placements"],
               "points": state["points"], "wins": state["wins"]}
    if state["options"]["match"] == "points":
        scores = state["points"]
        reason = f"the higher points total after {len(state['results'])} games"
    else:
        scores = state["wins"]
        reason = "the first to win two games"
    if scores[0] == scores[1]:
        return Over(scores=list(scores), winners=[0, 1], reason="a draw on points",
                    details=details)
    return Over(scores=list(scores), winners=[int(scores[1] > scores[0])], reason=reason,
                details=details)


def is_secret(state: Match) -> bool:
    """Whether this match hides some unused tiles from the opponent."""
    return state["options"]["neutrals"] in SECRET_MODES
