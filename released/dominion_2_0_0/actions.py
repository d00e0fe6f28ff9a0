"""The kingdom cards that are not Attacks and do not dig through a deck: the frames their
effects push (``effects.py`` maps them), with the choice each frame asks. Every "you may" is
the player's choice (a ``skip`` move), never the engine's. Rulings cite the seed (Korean) and
``shared/rules/dominion.md``."""

from __future__ import annotations

from typing import Any

from domain.kernel import Prompt
from domain.kernel.stack import pop, push

from .cards import ACTIONS, COST, TREASURES, amount, by_order
from .engine import GO, WAIT, draw
from .state import Frame, State, Zone, discard, gain, gainable, note, trash

Move = dict[str, Any]
SKIP: Move = {"kind": "skip"}
DONE: Move = {"kind": "done"}


def first_edition(st: State) -> bool:
    """Mine, Moneylender and Throne Room use the first-edition wording (not optional)."""
    return bool(st["options"]["edition"] == "first")


def picks(kind: str, cards: list[str]) -> list[Move]:
    return [{"kind": kind, "card": c} for c in by_order(cards)]


def hand_of(st: State, frame: Frame) -> list[str]:
    hand: list[str] = st["players"][frame["seat"]]["hand"]
    return hand


def waits_on(cards: list[str]) -> bool:
    return WAIT if cards else GO


def or_skip(moves: list[Move], optional: bool) -> list[Move]:
    """The choices, with ``skip`` where the card says "you may" or where there is nothing to
    choose: a question about a hidden hand is asked even then, so that whether it is asked
    tells the other players nothing (the rule Moat follows: rulings in README.md)."""
    return [*moves, SKIP] if optional or not moves else moves


# ---- gain a card from the Supply (Workshop, Feast, Remodel, Mine, Artisan) ----

def push_gain(st: State, seat: int, limit: int, to: Zone = "discard",
              treasure: bool = False) -> None:
    push(st, Frame(op="gain", seat=seat, max=limit, to=to, treasure=treasure))


def run_gain(st: State, frame: Frame) -> bool:
    if gainable(st, frame["max"], frame["treasure"]):
        return WAIT
    pop(st)  # nothing in the Supply costs that little: the gain does nothing
    return GO


def ask_gain(st: State, frame: Frame) -> Prompt:
    what = "a Treasure" if frame["treasure"] else "a card"
    return Prompt(frame["seat"], "gain", f"Gain {what} costing up to ${frame['max']}",
                  picks("gain", gainable(st, frame["max"], frame["treasure"])))


def answer_gain(st: State, frame: Frame, move: Move) -> None:
    pop(st)
    gain(st, frame["seat"], move["card"], frame["to"])


# ---- Cellar: discard any number, then draw that many ----

def ask_cellar(st: State, frame: Frame) -> Prompt:
    return Prompt(frame["seat"], "cellar",
                  "Discard any number of cards, then draw as many (Cellar)",
                  [*picks("discard", hand_of(st, frame)), DONE])


def answer_cellar(st: State, frame: Frame, move: Move) -> None:
    if move["kind"] == "discard":
        discard(st, frame["seat"], "hand", move["card"])
        frame["count"] += 1
        if hand_of(st, frame):
            return
    pop(st)
    # "먼저 몇 장을 버릴 지 정한 뒤에, 카드를 뽑아야 합니다": the discards are already in the
    # discard pile, so a reshuffle during this draw includes them.
    if frame["count"]:
        draw(st, frame["seat"], frame["count"])


def run_cellar(st: State, frame: Frame) -> bool:
    return waits_on(hand_of(st, frame)) or _drop(st)


def _drop(st: State) -> bool:
    pop(st)
    return GO


# ---- Chapel: trash up to 4 ----

def run_chapel(st: State, frame: Frame) -> bool:
    if frame["left"] and hand_of(st, frame):
        return WAIT
    return _drop(st)


def ask_chapel(st: State, frame: Frame) -> Prompt:
    return Prompt(frame["seat"], "chapel",
                  f"Trash up to {amount(frame['left'], 'more card')} (Chapel)",
                  [*picks("trash", hand_of(st, frame)), DONE])


def answer_chapel(st: State, frame: Frame, move: Move) -> None:
    if move["kind"] == "done":
        pop(st)
        return
    trash(st, frame["seat"], "hand", move["card"])
    frame["left"] -= 1


# ---- Throne Room ----

def ask_throne(st: State, frame: Frame) -> Prompt:
    # Second edition: "You may play an Action card ... twice"; first edition: you must.
    moves = or_skip(picks("play", [c for c in hand_of(st, frame) if c in ACTIONS]),
                    not first_edition(st))
    return Prompt(frame["seat"], "throne_room", "Choose an Action card to play twice", moves)


def answer_throne(st: State, frame: Frame, move: Move) -> None:
    pop(st)
    if move["kind"] == "skip":
        return
    seat, card = frame["seat"], move["card"]
    player = st["players"][seat]
    player["hand"].remove(card)
    player["play"].append(card)
    note(st, seat, "played twice", [card])
    # The first play is finished before the second starts ("알현실 – 알현실 – 다른 행동 카드").
    push(st, Frame(op="resolve", seat=seat, card=card, again=True))
    push(st, Frame(op="resolve", seat=seat, card=card, again=False))


def run_throne(st: State, frame: Frame) -> bool:
    return WAIT  # asked even without an Action in hand (see or_skip)


# ---- Remodel and Mine: trash from hand, then gain ----

def ask_remodel(st: State, frame: Frame) -> Prompt:
    return Prompt(frame["seat"], "remodel", "Trash a card from your hand (Remodel)",
                  picks("trash", hand_of(st, frame)))


def answer_remodel(st: State, frame: Frame, move: Move) -> None:
    pop(st)
    trash(st, frame["seat"], "hand", move["card"])
    push_gain(st, frame["seat"], COST[move["card"]] + 2)


def run_remodel(st: State, frame: Frame) -> bool:
    return waits_on(hand_of(st, frame)) or _drop(st)


def mine_treasures(st: State, frame: Frame) -> list[str]:
    return [c for c in hand_of(st, frame) if c in TREASURES]


def ask_mine(st: State, frame: Frame) -> Prompt:
    moves = or_skip(picks("trash", mine_treasures(st, frame)), not first_edition(st))
    return Prompt(frame["seat"], "mine", "Trash a Treasure to gain a better one (Mine)", moves)


def answer_mine(st: State, frame: Frame, move: Move) -> None:
    pop(st)
    if move["kind"] == "trash":
        trash(st, frame["seat"], "hand", move["card"])
        push_gain(st, frame["seat"], COST[move["card"]] + 3, to="hand", treasure=True)


def run_mine(st: State, frame: Frame) -> bool:
    return WAIT  # asked even without a Treasure in hand (see or_skip)


# ---- Moneylender ----

def run_moneylender(st: State, frame: Frame) -> bool:
    return WAIT  # asked even without a Copper in hand (see or_skip)


def ask_moneylender(st: State, frame: Frame) -> Prompt:
    # No Copper, no +$3: "동 카드가 손에 없다면 돈 3의 보너스도 받을 수 없습니다". The first
    # edition's trash is not optional when there is a Copper.
    copper = [{"kind": "trash", "card": "copper"}] if "copper" in hand_of(st, frame) else []
    return Prompt(frame["seat"], "moneylender", "Trash a Copper for +$3?",
                  or_skip(copper, not first_edition(st)))


def answer_moneylender(st: State, frame: Frame, move: Move) -> None:
    pop(st)
    if move["kind"] == "trash":
        _lend(st, frame["seat"])


def _lend(st: State, seat: int) -> None:
    trash(st, seat, "hand", "copper")
    st["turn"]["coins"] += 3


