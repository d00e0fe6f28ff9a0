"""What a seat may not know in Dominion, dealt anew (``tests/games/hidden.py``): every other
player's hand, deck and discard pile below its top card, shuffled together and dealt back in
the same sizes. (The seat's own deck order stays: drawing shows it to the seat, in order, so
scrambling it would change what the seat rightly learns next.) Also half-way through an
effect (a victim asked about its Moat, a Harbinger's choice): the cards an effect holds
(revealed, looked at, set aside) are in zones the scramble leaves alone."""

from __future__ import annotations

import random
import re
from typing import Any

from domain.games.dominion.cards import CARDS, name
from tests.games.hidden import everything

# Kingdoms of the cards whose prompts or moves could depend on a hidden hand or deck.
VARIANTS = [
    {"kingdom": ["library", "bureaucrat", "harbinger", "throne_room", "mine", "moneylender",
                 "militia", "sentry", "artisan", "vassal"], "first_seat": 0},
    {"kingdom": ["library", "bureaucrat", "throne_room", "mine", "moneylender", "bandit",
                 "spy", "thief", "adventurer", "chancellor"], "edition": "first"},
]


def scramble(state: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any] | None:
    if state["kingdom"] is None or state["result"] is not None:
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


# Longest names first, so "Council Room" is read as one card and not as "Council".
_NAMES = re.compile(r"\b(" + "|".join(
    re.escape(n) for n in sorted((name(c) for c in CARDS), key=len, reverse=True)) + r")\b")
# The log's acts that show their cards to everyone; the others ("drew", "looked at", "put
# onto the deck") name cards only to their owner.
OPEN_ACTS = ("discarded", "gained", "played", "revealed", "set aside", "trashed",
             "put back onto the deck", "The kingdom is")
_WHO = re.compile(r"^(Seat \d+|You) ")
OPEN_FIELDS = ("discard_top", "in_play", "set_aside", "victory_points", "turns")


def shown(view: dict[str, Any], lines: str) -> object:
    """What a view and a log line show openly (``hidden.py``): the Supply, the trash, the
    cards in play, set aside and on top of each discard pile, a Spy's reveal, and every card
    the log names in an open act; not the sizes of hands and decks, nor who is asked, which
    only follow from hidden cards. Once the game is over, everything is shown."""
    if "result" in view:
        return everything(view, lines)
    return (view["supply"], view["trash"], view.get("spy_reveal"),
            [{key: player[key] for key in OPEN_FIELDS} for player in view["players"]],
            sorted(name for sentence in lines.split(". ")
                   if _WHO.sub("", sentence).startswith(OPEN_ACTS)
                   for name in _NAMES.findall(sentence)))
