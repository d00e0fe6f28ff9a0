"""The turn and the game: action phase, buy phase, clean-up, the end of the game, and ``next``.

``run`` advances a working state until it needs something: a shuffle (Chance), a choice of
the frame on top of the pending stack, the turn player's next move, or the end. ``next_step``
only reads what ``run`` left, so it is cheap.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

from domain.kernel import (
    BadOptions,
    Chance,
    Decision,
    Over,
    Prompt,
    Step,
    pick_spec,
    roll_spec,
    shuffle_spec,
    validate_options,
)
from domain.kernel.stack import pending_prompt, push

from .cards import ACTIONS, CARDS, COST, FIRST_GAME, POOLS, amount, by_order
from .effects import OPS
from .engine import draw, draw_from_deck, end_turn
from .info import OPTIONS
from .state import (
    Frame,
    State,
    empty_piles,
    new_player,
    new_turn,
    note,
    supply_for,
    victory_points,
)

Move = dict[str, object]
END_TURN: Move = {"kind": "end_turn"}
PLAY_TREASURES: Move = {"kind": "play_treasures"}
# The turn prompt is built on every step, so its moves are shared constants (never mutated).
BUY: dict[str, Move] = {c: {"kind": "buy", "card": c} for c in CARDS}
PLAY: dict[str, Move] = {c: {"kind": "play", "card": c} for c in CARDS}
BASIC_TREASURES = ("copper", "silver", "gold")


def run(st: State) -> None:
    """Advance until a choice, a shuffle or the end is needed: the pending effects first
    (the kernel's stack), then the clean-up of a finished turn."""
    # One loop for both (the kernel's run_pending with a closure for ``halted`` each event, and
    # a call of ``halted`` for each frame, were a tenth of applying a move).
    while st["result"] is None and st["shuffle"] is None:
        pending = st["pending"]
        if pending:
            frame = pending[-1]
            if OPS[frame["op"]].run(st, frame):
                return  # it waits for a choice
        elif st["turn"]["phase"] == "cleanup":
            cleanup(st)
        else:
            return


def next_step(st: State) -> Step:
    if st["result"] is not None:
        result = st["result"]
        return Over(scores=result["scores"], winners=result["winners"], reason=result["reason"],
                    details={"turns": result["turns"]})
    if st["first"] is None:
        return Chance(roll_spec(list(range(st["seats"])), public=True, what="first player"))
    if st["kingdom"] is None:
        pool = POOLS[st["options"]["edition"]]
        return Chance(pick_spec(len(pool), 10, public=True, what="kingdom"))
    seat = st["shuffle"]
    if seat is not None:
        n = len(st["players"][seat]["discard"])
        return Chance(shuffle_spec(n, what=f"deck of seat {seat}"))
    if st["pending"]:
        return Decision((pending_prompt(st, st["pending"], OPS),))
    return Decision((turn_prompt(st),))


def turn_prompt(st: State) -> Prompt:
    """The turn player's moves: play an Action (action phase, an Action left), play Treasures
    (until the first buy), buy a card they can afford, or end the turn."""
    turn = st["turn"]
    seat = turn["seat"]
    supply = st["supply"]
    piles = piles_left(supply) if 0 in supply.values() else tuple(supply)
    text, moves = _turn_choices(frozenset(st["players"][seat]["hand"]), turn["bought"],
                                turn["phase"], turn["actions"], turn["buys"], turn["coins"],
                                piles)
    return Prompt(seat, "turn", text, list(moves))


def piles_left(supply: Mapping[str, int]) -> tuple[str, ...]:
    """The Supply piles with cards left, in Supply order."""
    return tuple(card for card, left in supply.items() if left > 0)


# Every step of a turn asks this again, for a few kinds of hands, a few counters and piles
# that rarely change: each is worked out once (a pure function of its arguments; the moves
# are shared constants).
@functools.lru_cache(maxsize=8192)
def _turn_choices(hand: frozenset[str], bought: bool, phase: str, actions: int, buys: int,
                  coins: int, piles: tuple[str, ...]) -> tuple[str, tuple[Move, ...]]:
    """The turn prompt's text and moves for a hand holding the cards ``hand``."""
    plays = () if bought else _plays(hand, phase == "action" and actions > 0)
    buys_offered = (BUY[card] for card in piles if COST[card] <= coins)
    text = (f"{phase.capitalize()} phase: {amount(actions, 'action')}, "
            f"{amount(buys, 'buy')} and ${coins} to spend")
    return text, (*plays, *buys_offered, END_TURN)


def _plays(hand: frozenset[str], may_act: bool) -> tuple[Move, ...]:
    """The plays a hand holding ``hand`` offers: its Actions (if ``may_act``), then all its
    Treasures at once and each basic Treasure alone."""
    actions = [PLAY[c] for c in by_order(hand & ACTIONS)] if may_act else []
    treasures = [PLAY[c] for c in BASIC_TREASURES if c in hand]
    return (*actions, PLAY_TREASURES, *treasures) if treasures else tuple(actions)


def cleanup(st: State) -> None:
    """Discard hand then play (the top of the pile is the last card played), check the end,
    then draw 5 ("정리 단계")."""
    seat = st["turn"]["seat"]
    player = st["players"][seat]
    player["discard"] = [*player["discard"], *player["hand"], *player["play"]]
    player["hand"] = []
    player["play"] = []
    reason = end_reason(st)
    if reason is not None:
        # The redraw of a finished game changes nothing a score counts, so it is skipped.
        finish(st, reason)
    else:
        redraw(st, seat)


def redraw(st: State, seat: int) -> None:
    """Draw the next hand of 5, then end the turn."""
    if len(st["players"][seat]["deck"]) >= 5:
        # The new hand is all on the deck (the usual case): drawn at once, as the frames below
        # would draw it, since no shuffle can interrupt it.
        draw_from_deck(st, seat, 5)
        end_turn(st, seat)
        return
    push(st, Frame(op="end_turn", seat=seat))
    draw(st, seat, 5)


def end_reason(st: State) -> str | None:
    """"큰 영지 카드가 모두 바닥났거나 ... 공급처의 카드 중 3종류가 바닥나면 게임은 끝납니다"."""
    if st["supply"]["province"] == 0:
        return "the Province pile is empty"
    if 0 in st["supply"].values() and empty_piles(st) >= 3:  # most turns empty no pile
        return "three Supply piles are empty"
    return None


def finish(st: State, reason: str) -> None:
    """Score; a tie goes to the tied player with fewer turns ("동점이면 동점자 중 턴을 적게 한
    사람이 이깁니다"), and equal turns share the win."""
    scores = [victory_points(p) for p in st["players"]]
    turns = [p["turns"] for p in st["players"]]
    best = max(scores)
    tied = [s for s, v in enumerate(scores) if v == best]
    fewest = min(turns[s] for s in tied)
    winners = [s for s in tied if turns[s] == fewest]
    st["result"] = {"scores": scores, "winners": winners, "reason": reason, "turns": turns}


def setup(options: Mapping[str, Any], seats: int) -> State:
    opts = validate_options(OPTIONS, options)
    if not isinstance(seats, int) or not 2 <= seats <= 4:
        raise BadOptions("Dominion is for 2 to 4 players.")
    if opts["kingdom"] is not None and (options or {}).get("kingdom_choice") == "random":
        raise BadOptions("Give either an explicit kingdom or kingdom_choice random, not both.")
    if opts["first_seat"] is not None and opts["first_seat"] >= seats:
        raise BadOptions(f"first_seat must be a seat of this game (0 to {seats - 1}).")
    st: State = {"options": opts, "seats": seats, "first": None, "kingdom": None,
                 "supply": {}, "trash": [], "players": [new_player() for _ in range(seats)],
                 "turn": new_turn(0), "pending": [], "shuffle": None, "result": None,
                 "notes": []}
    if opts["first_seat"] is not None:
        seat_first(st, opts["first_seat"])
    return st


def seat_first(st: State, seat: int) -> None:
    """The first player, drawn by lot ("제비뽑기로 시작 플레이어를 정합니다") or fixed by the
    ``first_seat`` option; turn order then goes round the seating. A fixed kingdom is laid
    out now; a random one is drawn next."""
    st["first"] = seat
    st["players"][seat]["turns"] = 1
    st["turn"] = new_turn(seat)
    note(st, seat, "goes first")
    options = st["options"]
    if options["kingdom"] is not None:
        start(st, by_order(options["kingdom"]))
    elif options["kingdom_choice"] == "first_game":
        start(st, by_order(FIRST_GAME))


def start(st: State, kingdom: list[str]) -> None:
    """Lay out the Supply for ``kingdom`` and deal: each player shuffles and draws 5."""
    st["kingdom"] = kingdom
    st["supply"] = supply_for(kingdom, st["seats"])
    st["pending"] = [{"op": "draw", "seat": s, "n": 5} for s in reversed(range(st["seats"]))]
    note(st, 0, "set out the kingdom", list(kingdom))
    run(st)
