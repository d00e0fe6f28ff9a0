"""Special cards in other players' turns (GOW-R-28): "특수 카드들은 다른 플레이어의 차례에도
사용할 수 있습니다" (special cards may also be played in other players' turns). The windows:

* during another player's hero activation, beside the active player's choice: every other
  player with a standing hero and a special card in hand is asked too (a choice per seat;
  whoever answers first acts, and the activation goes on);
* at the start of each enemy attack, before the defenses: each player in turn from the
  player whose scene activation it is, who holds a special card, plays specials or passes.

A knocked-out hero's player plays no cards (GOW-R-34).
"""

from __future__ import annotations

from domain.kernel import Move, Prompt
from domain.kernel.stack import GO, WAIT

from .cards import distinct, types_of
from .content import CONTENT
from .engine import player_of, pop, seat_order, standing_tiles_of
from .harm import _discard_played
from .scene import push_effects
from .state import Frame, State


def special_moves(st: State, seat: int) -> list[Move]:
    hand = st["players"][seat]["hand"]
    specials = [c for c in distinct(hand) if "special" in types_of(c)]
    return [{"kind": "special", "card": c, "tile": t} for t in standing_tiles_of(st, seat)
            for c in specials]


def play_special(st: State, tile: str, card: str) -> None:
    """p.7: the card's effects; it goes to the discard pile, +1 rage with the icon (GOW-R-7)."""
    _discard_played(st, tile, [card])
    push_effects(st, CONTENT.cards[card].effects, {"seat": player_of(st, tile), "hero": tile})


def bystander_prompts(st: State, active: int) -> list[Prompt]:
    return [Prompt(seat, "special", "Play a special card in another player's turn", moves)
            for seat in seat_order(st, active) if seat != active
            for moves in [special_moves(st, seat)] if moves]


def attack_window(st: State, seat: int) -> Frame:
    return {"op": "window", "queue": seat_order(st, seat)}


def run_window(st: State, frame: Frame) -> bool:
    while frame["queue"] and not special_moves(st, frame["queue"][0]):
        frame["queue"].pop(0)
    if not frame["queue"]:
        pop(st)
        return GO
    return WAIT


def window_prompt(st: State, frame: Frame) -> Prompt:
    seat = frame["queue"][0]
    moves = [*special_moves(st, seat), {"kind": "pass"}]
    return Prompt(seat, "special", "An enemy attacks: play a special card first?", moves)


def window_answer(st: State, frame: Frame, move: Move) -> None:
    if move["kind"] == "pass":
        frame["queue"].pop(0)
    else:
        play_special(st, move["tile"], move["card"])


def answer_bystander(st: State, move: Move) -> None:
    play_special(st, move["tile"], move["card"])
