"""Fixed-size encodings of a seat's view and of its legal moves, one ``Codec`` a game.

The observation is the seat's view (``rules.view(state, seat)``, never the state) turned into a
float32 vector by feature hashing: every leaf of the view's JSON adds to one of ``buckets``
slots, chosen by a CRC-32 of its path (docs/research.md, "Observations"). The same encoding
serves every game and every rules version, so a dataset row and an environment step of the
same view are the same vector.

The action space is a fixed ``table`` of moves enumerated from the game's components (a
Dominion buy of each card, a Revolution placement of each tile on each square), followed by
``overflow`` slots: the k-th legal move that is not in the table (Thrones' and God of War's
moves, whose arguments name card instances, are all there). Each overflow slot also has its
move hashed into ``move_buckets`` slots of the observation, so a policy sees what the k-th
move is.
"""

from __future__ import annotations

import functools
import zlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from domain.kernel import Move, canonical_json

# Keys of a view that the encoding leaves out: the prompt repeats the legal moves, which the
# action mask and the overflow slots carry.
SKIPPED_KEYS = frozenset({"prompt"})
# Lists of objects longer than this are encoded item by item only so far (a long log or
# history would otherwise spread over every bucket).
MAX_ITEMS = 32


@functools.lru_cache(maxsize=1 << 16)
def bucket_of(key: str, buckets: int) -> int:
    return zlib.crc32(key.encode()) % buckets


def hashed(value: Any, buckets: int, out: np.ndarray, path: str = "") -> None:
    """Add ``value``'s leaves into ``out`` (feature hashing): a number or a boolean adds
    itself at its path; a string adds 1 at ``path=string``; a list of scalars counts its
    strings (a hand is a multiset) and keeps its numbers' positions; a list of objects keeps
    each item's index in the path (seat-indexed lists)."""
    if isinstance(value, dict):
        for key, item in value.items():
            if key not in SKIPPED_KEYS:
                hashed(item, buckets, out, f"{path}.{key}")
    elif isinstance(value, list):
        out[bucket_of(f"{path}#", buckets)] += len(value)
        for index, item in enumerate(value[:MAX_ITEMS]):
            if isinstance(item, str):
                out[bucket_of(f"{path}[]={item}", buckets)] += 1.0
            else:
                hashed(item, buckets, out, f"{path}.{index}")
    elif isinstance(value, str):
        out[bucket_of(f"{path}={value}", buckets)] += 1.0
    elif isinstance(value, bool | int | float):
        out[bucket_of(path, buckets)] += float(value)


def move_key(move: Move) -> str:
    return canonical_json(move)


@dataclass(frozen=True)
class Codec:
    """How one game's views and moves become arrays (see the module's docstring)."""

    game: str
    buckets: int
    table: tuple[Move, ...]
    overflow: int
    move_buckets: int = 16
    index: dict[str, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "index", {move_key(m): i for i, m in enumerate(self.table)})

    @property
    def actions(self) -> int:
        return len(self.table) + self.overflow

    @property
    def observation_size(self) -> int:
        return self.buckets + self.overflow * self.move_buckets

    def encode(self, view: dict[str, Any], legal: Sequence[Move]) -> np.ndarray:
        """The observation: the view hashed, then each overflow move hashed in its slot."""
        out = np.zeros(self.observation_size, dtype=np.float32)
        hashed(view, self.buckets, out)
        for slot, move in enumerate(self.overflow_moves(legal)):
            start = self.buckets + slot * self.move_buckets
            hashed(move, self.move_buckets, out[start:start + self.move_buckets])
        return out

    def overflow_moves(self, legal: Iterable[Move]) -> list[Move]:
        return [m for m in legal if move_key(m) not in self.index]

    def indices(self, legal: Sequence[Move]) -> list[int]:
        """Each legal move's action index, in the prompt's order."""
        answer, spilled = [], 0
        for move in legal:
            found = self.index.get(move_key(move))
            if found is None:
                if spilled >= self.overflow:
                    raise ValueError(f"{self.game}: more than {self.overflow} legal moves "
                                     "outside the action table")
                found, spilled = len(self.table) + spilled, spilled + 1
            answer.append(found)
        return answer

    def mask(self, indices: Sequence[int]) -> np.ndarray:
        out = np.zeros(self.actions, dtype=np.int8)
        out[list(indices)] = 1
        return out


def dominion_table() -> tuple[Move, ...]:
    """Every move of Dominion: each kind, alone or with each card of the game."""
    from domain.games.dominion.cards import CARDS

    alone = ("done", "end_turn", "play_treasures", "skip", "decline", "keep", "set_aside",
             "put_back", "discard", "reveal_hand", "discard_deck")
    with_card = ("buy", "play", "gain", "trash", "discard", "topdeck", "reveal")
    return (*({"kind": k} for k in alone),
            *({"kind": k, "card": c} for k in with_card for c in CARDS))


def revolution_table() -> tuple[Move, ...]:
    """Revolution's placements (each tile on each of the nine squares), its moves naming one
    tile or one square, and ``skip``; an ``invert`` (a set of squares) and a hidden tile's
    reveal go to the overflow slots."""
    from domain.games.revolution.tiles import TILES

    squares = range(9)
    return ({"kind": "skip"},
            *({"kind": "place", "tile": t, "square": s} for t in TILES for s in squares),
            *({"kind": k, "tile": t} for k in ("take", "keep", "banish_unused") for t in TILES),
            *({"kind": k, "square": s} for k in ("banish", "destroy", "return")
              for s in squares))


# Per game: view buckets, the action table, and overflow slots. The overflow sizes are above
# the most legal moves outside the table seen in random play (tests/research: Thrones' four-
# seat melee reached 91, God of War 19, Revolution's inverts 20).
SHAPES = {
    "dominion": (512, dominion_table, 8),
    "revolution": (512, revolution_table, 32),
    "thrones": (2048, tuple, 256),
    "godofwar": (1024, tuple, 64),
}


@functools.cache
def codec_for(game: str) -> Codec:
    if game not in SHAPES:
        raise ValueError(f"no research codec for {game!r}; there are {', '.join(SHAPES)}")
    buckets, table, overflow = SHAPES[game]
    return Codec(game, buckets, table(), overflow)
