"""What a seat may not know in Revolution, dealt anew (``tests/games/hidden.py``): in the
secret modes, the other seat's face-down and set-aside tiles and a secret-draft offer it
drew, each swapped with a tile of the face-down pool (whose contents are hidden too)."""

from __future__ import annotations

import random
from typing import Any

from domain.games.revolution.flow import is_secret


def scramble(state: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any] | None:
    if not is_secret(state) or state["stage"] == "over" or not state["pool"]:
        return None
    other = 1 - seat
    pool, dealt = list(state["pool"]), list(state["dealt"])

    def swap(tiles: list[str]) -> list[str]:
        swapped = []
        for tile in tiles:
            index = rng.randrange(len(pool))
            pool[index], new = tile, pool[index]
            dealt[:] = [new if t == tile else t for t in dealt]
            swapped.append(new)
        return swapped

    hidden = [list(h) for h in state["hidden"]]
    set_aside = [list(a) for a in state["set_aside"]]
    hidden[other] = swap(hidden[other])
    set_aside[other] = swap(set_aside[other])
    draft = state["draft"]
    if draft is not None and draft["seat"] == other and draft.get("pass"):
        draft = {**draft, "offer": swap(draft["offer"])}  # four it drew, unseen by ``seat``
    return {**state, "pool": pool, "dealt": dealt, "hidden": hidden, "set_aside": set_aside,
            "draft": draft}
