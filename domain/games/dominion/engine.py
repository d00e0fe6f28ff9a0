"""The pending-effect machinery: a stack of plain-data frames (the top last) that the flow runs
until it needs a player's choice or a shuffle, so an effect can pause mid-way (for a Moat
reveal, a Militia discard, or a reshuffle in the middle of a Library draw) and continue.

Each frame is a dict with an ``"op"``; ``OPS[op]`` says how to run it, and, for a choice, how
to ask it (``prompt``) and how to apply the answer (``answer``). ``run`` answers WAIT when the
frame must stay on top until a move or a shuffle arrives, GO when it has popped itself or
pushed more work. ``SPECIAL`` holds each card's effect beyond its plain bonuses (cards.toml).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from domain.kernel import Prompt

from .cards import ATTACK_CARDS, CARDS
from .state import Frame, State, note, others

WAIT = True
GO = False
SHUFFLE = ""  # take_top's answer when the deck must first be reshuffled

Runner = Callable[[State, Frame], bool]
Asker = Callable[[State, Frame], Prompt]
Answerer = Callable[[State, Frame, dict[str, Any]], None]


@dataclass(frozen=True, slots=True)
class Op:
    run: Runner
    prompt: Asker | None = None
    answer: Answerer | None = None


OPS: dict[str, Op] = {}
# card id -> effect(st, seat, again): pushes that card's frames; ``again`` is True for the
# second play of a Throne Room (the card may no longer be in play: Feast).
SPECIAL: dict[str, Callable[[State, int, bool], None]] = {}


def register(name: str, run: Runner, prompt: Asker | None = None,
             answer: Answerer | None = None) -> None:
    OPS[name] = Op(run, prompt, answer)


def push(st: State, frame: Frame) -> None:
    st["pending"].append(frame)


def pop(st: State) -> None:
    st["pending"].pop()


def take_top(st: State, seat: int) -> str | None:
    """Take the top card of ``seat``'s deck; SHUFFLE if the deck is empty but the discard pile
    is not (the shuffle is then requested: "덱이 부족할 때 ... 버린 카드를 섞어"), None if there
    is no card at all. Cards in hand, in play or set aside are never shuffled in."""
    player = st["players"][seat]
    if player["deck"]:
        card: str = player["deck"].pop()
        return card
    if player["discard"]:
        st["shuffle"] = seat
        return SHUFFLE
    return None


def run_draw(st: State, frame: Frame) -> bool:
    """Draw ``n`` cards, shuffling when the deck runs out mid-draw; as many as there are."""
    seat = frame["seat"]
    player = st["players"][seat]
    deck = player["deck"]
    n = frame["n"]
    while n > 0:
        if not deck:
            if player["discard"]:
                frame["n"] = n
                st["shuffle"] = seat
                return WAIT
            break
        k = min(n, len(deck))
        drawn = deck[-k:]
        del deck[-k:]
        drawn.reverse()
        player["hand"] += drawn
        note(st, seat, "drew", drawn, secret=True)
        n -= k
    pop(st)
    return GO


register("draw", run_draw)


def draw(st: State, seat: int, n: int) -> None:
    """Push a draw of ``n`` cards (it runs before anything pushed earlier)."""
    push(st, {"op": "draw", "seat": seat, "n": n})


def resolve(st: State, seat: int, card: str, again: bool = False) -> None:
    """Do what ``card`` says: its plain bonuses now, then (in printed order) its draw, its
    special effect; an Attack first lets each attacked player reveal a Reaction."""
    spec = CARDS[card]
    turn = st["turn"]
    turn["actions"] += spec.actions
    turn["buys"] += spec.buys
    turn["coins"] += spec.coins
    special = SPECIAL.get(card)
    if special is not None:
        special(st, seat, again)
    if spec.cards:
        draw(st, seat, spec.cards)
    if card in ATTACK_CARDS:
        # Moat: "공격 카드가 사용되었을 때 ... 해자 카드를 보여준 뒤 ... 공격을 피할 수 있습니다".
        if "moat" in st["kingdom"]:
            push(st, {"op": "react", "seat": seat, "targets": others(st, seat), "i": 0,
                      "immune": []})
        else:
            turn["immune"] = []


def run_resolve(st: State, frame: Frame) -> bool:
    pop(st)
    resolve(st, frame["seat"], frame["card"], frame["again"])
    return GO


register("resolve", run_resolve)


def ask(seat: int, kind: str, text: str, moves: list[dict[str, Any]]) -> Prompt:
    return Prompt(seat, kind, text, moves)
