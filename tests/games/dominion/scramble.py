"""What a seat may not know in Dominion, dealt anew (``tests/games/hidden.py``): every other
player's hand, deck and discard pile below its top card, shuffled together and dealt back in
the same sizes. (The seat's own deck order stays: drawing shows it to the seat, in order, so
scrambling it would change what the seat rightly learns next.) Only between effects (nothing
pending), where no card is held by an effect half-way."""

from __future__ import annotations

import random
from typing import Any


def scramble(state: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any] | None:
    if state["kingdom"] is None or state["pending"] or state["result"] is not None:
        return None
    players = []
    for index, player in enumerate(state["players"]):
        if index == seat:
            players.append(player)
            continue
        below = player["discard"][:-1]
        cards = player["hand"] + player["deck"] + below
        rng.shuffle(cards)
        hand, deck = len(player["hand"]), len(player["deck"])
        players.append({**player, "hand": cards[:hand], "deck": cards[hand:hand + deck],
                        "discard": cards[hand + deck:] + player["discard"][-1:]})
    return {**state, "players": players}
