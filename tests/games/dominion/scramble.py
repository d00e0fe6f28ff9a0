"""What a seat may not know in Dominion, dealt anew (``tests/games/hidden.py``): every other
player's hand, deck and discard pile below its top card, shuffled together and dealt back in
the same sizes. (The seat's own deck order stays: drawing shows it to the seat, in order, so
scrambling it would change what the seat rightly learns next.) Only between effects (nothing
pending), where no card is held by an effect half-way."""

from __future__ import annotations

import random
from typing import Any

# Kingdoms of the cards whose prompts or moves could depend on a hidden hand or deck.
VARIANTS = [
    {"kingdom": ["library", "bureaucrat", "harbinger", "throne_room", "mine", "moneylender",
                 "militia", "sentry", "artisan", "vassal"], "first_seat": 0},
    {"kingdom": ["library", "bureaucrat", "throne_room", "mine", "moneylender", "bandit",
                 "spy", "thief", "adventurer", "chancellor"], "edition": "first"},
]


def scramble(state: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any] | None:
    if state["kingdom"] is None or state["pending"] or state["result"] is not None:
        return None
    players = []
    for index, player in enumerate(state["players"]):
        if index == seat:
            players.append(player)
            continue
        # Half the time the hand stays (so its cards can be played the same in both) and
        # only what nobody sees, the deck and the discard pile below its top, is dealt anew.
        keep_hand = rng.random() < 0.5
        below = player["discard"][:-1]
        cards = ([] if keep_hand else player["hand"]) + player["deck"] + below
        rng.shuffle(cards)
        hand = 0 if keep_hand else len(player["hand"])
        deck = len(player["deck"])
        players.append({**player, "hand": player["hand"] if keep_hand else cards[:hand],
                        "deck": cards[hand:hand + deck],
                        "discard": cards[hand + deck:] + player["discard"][-1:]})
    return {**state, "players": players}
