"""Dominion's use of the kernel's pending-effect stack (``domain.kernel.stack``, whose ``push``
and ``pop`` work on ``st["pending"]``): drawing (which pauses for a reshuffle) and the end of a
turn. The mapping from each op to its ``Op`` is ``effects.OPS``.
"""

from __future__ import annotations

from domain.kernel.stack import GO, WAIT, pop, push

from .state import Frame, State, count_of, new_turn, note

SHUFFLE = ""  # take_top's answer when the deck must first be reshuffled

__all__ = ["GO", "WAIT", "SHUFFLE"]


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
    n = count_of(frame)
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


def draw(st: State, seat: int, n: int) -> None:
    """Push a draw of ``n`` cards (it runs before anything pushed earlier)."""
    push(st, Frame(op="draw", seat=seat, n=n))


def run_end_turn(st: State, frame: Frame) -> bool:
    pop(st)
    seat = (frame["seat"] + 1) % st["seats"]
    st["players"][seat]["turns"] += 1
    st["turn"] = new_turn(seat)
    return GO
