"""Applying moves and chance outcomes. The kernel's ``play_move`` has already checked that the
move is one of the prompt's legal moves, so these only apply it, on a working copy, and then
let the flow run on to the next thing it needs."""

from __future__ import annotations

from typing import Any

from domain.kernel.stack import answer_pending

from .cards import COST, POOLS, TREASURES, VALUE, by_order
from .effects import OPS, resolve
from .flow import run, seat_first, start
from .state import Player, State, gain, note, put, shift, take, working

Move = dict[str, Any]


def apply_move(state: State, seat: int, move: Move) -> State:
    st = working(state)
    if st["pending"]:
        answer_pending(st, st["pending"], OPS, move)
    else:
        turn_move(st, seat, move)
    run(st)
    return st


def apply_chance(state: State, outcome: Any) -> State:
    st = working(state)
    if st["first"] is None:
        seat_first(st, outcome)
        run(st)
    elif st["kingdom"] is None:
        pool = POOLS[st["options"]["edition"]]
        start(st, by_order(pool[i] for i in outcome))
    else:
        shuffle_into_deck(st, outcome)
        run(st)
    return st


def shuffle_into_deck(st: State, order: list[int]) -> None:
    """The discard pile, shuffled into ``order``, becomes the deck of the seat that asked."""
    seat = st["shuffle"]
    assert seat is not None  # a shuffle is the only other draw
    player = st["players"][seat]
    pile = player["discard"]
    # The shuffled discard pile becomes the deck (under whatever remains: nothing, since a
    # shuffle is only asked for when the deck is empty). The top of the deck is the last item.
    deck = list(map(pile.__getitem__, order))
    deck += player["deck"]
    player["deck"] = deck
    player["discard"] = []
    st["shuffle"] = None
    note(st, seat, "shuffled the discard pile into a new deck", [])


def turn_move(st: State, seat: int, move: Move) -> None:
    kind = move["kind"]
    turn = st["turn"]
    player = st["players"][seat]
    if kind == "play_treasures":
        hand = player["hand"]
        treasures = [c for c in hand if c in TREASURES]
        player["hand"] = [c for c in hand if c not in TREASURES]
        play_treasures(st, player, treasures)
        note(st, seat, "played", treasures)
    elif kind == "play" and move["card"] in TREASURES:
        take(player, "hand", (move["card"],))
        play_treasures(st, player, [move["card"]])
        note(st, seat, "played", [move["card"]])
    elif kind == "play":
        shift(player, "hand", "play", move["card"])
        turn["actions"] -= 1
        note(st, seat, "played", [move["card"]])
        resolve(st, seat, move["card"])
    elif kind == "buy":
        buy(st, seat, move["card"])
    else:
        turn["phase"] = "cleanup"


def play_treasures(st: State, player: Player, cards: list[str]) -> None:
    """Play Treasures taken from the hand, in order: playing one ends the action phase; the
    first Silver played gets each Merchant's $1."""
    if not cards:
        return
    turn = st["turn"]
    turn["phase"] = "buy"
    put(player, "play", cards)
    turn["coins"] += sum(map(VALUE.__getitem__, cards))
    if not turn["silver"] and "silver" in cards:
        turn["silver"] = True
        turn["coins"] += turn["merchants"]


def buy(st: State, seat: int, card: str) -> None:
    turn = st["turn"]
    turn["phase"] = "buy"
    turn["bought"] = True  # no more Treasures after the first buy
    turn["coins"] -= COST[card]
    turn["buys"] -= 1
    gain(st, seat, card)
    st["notes"][-1]["act"] = "bought"
    if turn["buys"] == 0:
        turn["phase"] = "cleanup"
