"""What a seat may not know in God of War, dealt anew (``tests/games/hidden.py``): the order of
every deck below its top two cards, and of the upgrade deck below its top three. Hands are
team knowledge (GOW-R-50) and discard piles are face up, so they stay. The top cards stay
because a seat may know them: an upgrade it took, a status card or crystal put there
(p.9, p.13), the cards Mimir's Foresight looked at."""

from __future__ import annotations

import random
from typing import Any

KNOWN_DECK_TOP = 2
KNOWN_UPGRADE_TOP = 3


def _shuffled_below(cards: list[str], known: int, rng: random.Random) -> list[str]:
    cut = max(0, len(cards) - known)
    below = cards[:cut]
    rng.shuffle(below)
    return below + cards[cut:]


def scramble(state: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any] | None:
    if state["result"] is not None or state["stage"] in ("hero", "deal"):
        return None
    players = [{**p, "deck": _shuffled_below(p["deck"], KNOWN_DECK_TOP, rng)}
               for p in state["players"]]
    upgrades = _shuffled_below(state["upgrade_deck"], KNOWN_UPGRADE_TOP, rng)
    return {**state, "players": players, "upgrade_deck": upgrades}
