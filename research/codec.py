"""Fixed-size encodings of a seat's view and of its legal moves, one ``Codec`` a game.

The observation is the seat's view (``rules.view(state, seat)``, never the state) as a
float32 vector: Revolution's and Dominion's by hand-made encoders (``research.encoders``: a
slot for every component), Thrones' and God of War's, whose views name card instances,
attachments and scenes without a fixed list, by feature hashing: every leaf of the view's
JSON adds to one of ``view_size`` slots, chosen by a CRC-32 of its path (docs/research.md,
"Observations"). Datasets and environments share these, so a dataset row and an environment
step of the same view are the same vector.

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
from array import array
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import compress
from operator import ne
from typing import Any, NamedTuple, cast

import numpy as np
import orjson

from domain.kernel import Move

from . import encoders, state_encoders

# Keys of a view that the encoding leaves out: the prompt repeats the legal moves, which the
# action mask and the overflow slots carry.
SKIPPED_KEYS = frozenset({"prompt"})
# Lists of objects longer than this are encoded item by item only so far (a long log or
# history would otherwise spread over every bucket).
MAX_ITEMS = 32
# A value with at most this many leaves is summed in Python, not numpy (``Hasher.features``).
FEW_LEAVES = 64
# The features kept (see ``Hasher``): at most this many before the memo starts again.
MEMO_LIMIT = 50_000
# The overflow moves' blocks kept (a prompt's JSON is a few kilobytes).
BLOCKS_LIMIT = 2048
# The moves whose action index is kept by their identity (see ``Codec.known``): at most
# this many before the memo starts again.
KNOWN_LIMIT = 50_000
OUTSIDE = -1  # a known move's index when it is not in the action table
# The legal moves' layouts kept, where they are (Dominion's prompts come again and again,
# 404 distinct in 7,879; keeping Revolution's, which seldom do, cost more than it saved).
LAYOUTS_LIMIT = 4096


class Hasher:
    """Feature hashing of JSON values into ``buckets`` slots (see ``features``).

    Speed matters (an environment step should cost little beside an engine step), so a
    path's hash is a running CRC-32, the parent's continued over ``.key`` (no path string is
    built), the CRCs met are kept, and the features of a view's top-level entries, and of
    the items of its top-level lists (a seat's entry in ``players``), are kept by their path
    and JSON bytes (serialised in C): from one step to the next most of a view does not
    change, and only what changed is walked again (keeping deeper ones cost more than it
    saved, measured on random play).
    """

    def __init__(self, buckets: int) -> None:
        self.buckets = buckets
        self._crcs: dict[tuple[int, str], int] = {}
        self._kept: dict[tuple[int, bytes], tuple[list[int], list[float]]] = {}

    def features(self, value: Any) -> np.ndarray:
        """A number or a boolean adds itself at its path; a string adds 1 at
        ``path=string``; a list counts its length at ``path#``, then its strings at
        ``path[]=string`` (a hand is a multiset) and its other items at ``path.index``
        (seat-indexed lists); None adds nothing."""
        slots: list[int] = []
        weights: list[float] = []
        self._walk(value, 0, slots, weights, 0)
        if len(slots) <= FEW_LEAVES:  # (a move: numpy's setup would cost more than the sums)
            sums = array("d", bytes(8 * self.buckets))  # float64, added in order: as bincount
            for slot, weight in zip(slots, weights, strict=True):
                sums[slot % self.buckets] += weight
            return np.array(sums, np.float32)
        buckets = np.array(slots, np.int64) % self.buckets
        return np.bincount(buckets, weights, self.buckets).astype(np.float32)

    def update(self, memory: HashedMemory, view: dict[str, Any]) -> np.ndarray:
        """``features(view)``, from ``memory`` (the features of the view it last saw): an
        entry equal to the last one (compared in C) and, in a changed list, an item equal
        to the last one keep their features; the others' are taken out of the sums and the
        new ones added (every weight a JSON number of the view: float64 sums of integers
        are exact)."""
        keys, values = tuple(view), list(view.values())
        for key in SKIPPED_KEYS & view.keys():  # (the prompt changes at every step)
            values[keys.index(key)] = None
        last, entries = memory.last, memory.entries
        changed = list(compress(keys, map(ne, values, map(last.get, keys))))
        if last.keys() != view.keys():
            changed += [key for key in last if key not in view]  # keys gone
        memory.last = dict(zip(keys, values, strict=True))
        if not changed:
            return memory.sums.astype(np.float32)
        added: list[Features] = []
        removed: list[Features] = []
        for key in changed:
            value = view.get(key)
            old = entries.pop(key, None)
            if key in SKIPPED_KEYS or value is None:
                if old is not None:
                    removed += old.values()
                continue
            before = old if old is not None else {}
            parts: dict[Any, Features] = {}
            for part, item in _parts(key, value):
                was = before.get(part)
                if was is not None and (was[0] is item or was[0] == item):
                    parts[part] = was
                    continue
                parts[part] = new = (item, *self._part_features(part, key, item))
                added.append(new)
                if was is not None:
                    removed.append(was)
            removed += [was for part, was in before.items() if part not in parts]
            entries[key] = parts
        if added or removed:
            slots = [slot for features in (*added, *removed) for slot in features[1]]
            weights = [weight for features in added for weight in features[2]]
            weights += [-weight for features in removed for weight in features[2]]
            memory.sums += np.bincount(slots, weights, self.buckets)
        return memory.sums.astype(np.float32)

    def path(self, crc: int, step: str) -> int:
        """The CRC of the path ``crc`` continued by ``step`` (``.key``, ``.0``)."""
        return self._crc(crc, step)

    def value_features(self, value: Any, crc: int) -> tuple[list[int], list[float]]:
        """The features ``value`` adds at the path whose CRC is ``crc``, as ``features``
        walks it inside a whole view: its buckets and weights."""
        slots: list[int] = []
        weights: list[float] = []
        self._walk_into(value, type(value), crc, slots, weights, 2)
        buckets = self.buckets
        return [slot % buckets for slot in slots], weights

    def _part_features(self, part: Any, key: str, value: Any) -> tuple[list[int], list[float]]:
        """A part's features, as ``features`` walks them in the whole view: its buckets and
        weights."""
        slots, weights = self._part_leaves(part, key, value)
        buckets = self.buckets
        return [slot % buckets for slot in slots], weights

    def _part_leaves(self, part: Any, key: str, value: Any) -> tuple[list[int], list[float]]:
        slots: list[int] = []
        weights: list[float] = []
        crc = self._crc(0, "." + key)
        if type(part) is str:  # a top-level entry, not a list
            if type(value) is dict:
                self._walk(value, crc, slots, weights, 1, True)
            else:
                self._walk_into(value, type(value), crc, slots, weights, 0)
        elif part[1] == "#":
            slots.append(self._crc(crc, "#"))
            weights.append(value)
        elif type(value) is str:
            slots.append(self._crc(crc, "[]=" + value))
            weights.append(1.0)
        else:
            self._walk(value, self._crc(crc, f".{part[1]}"), slots, weights, 2, True)
        return slots, weights

    def _crc(self, crc: int, part: str) -> int:
        key = (crc, part)
        found = self._crcs.get(key)
        if found is None:
            found = self._crcs[key] = zlib.crc32(part.encode(), crc)
        return found

    def _walk(self, value: Any, crc: int, slots: list[int], weights: list[float],
              depth: int, keep: bool = False) -> None:
        kind = type(value)
        if keep and (kind is dict or kind is list):
            memo = (crc, orjson.dumps(value))
            kept = self._kept.get(memo)
            if kept is None:
                if len(self._kept) > MEMO_LIMIT:
                    self._kept.clear()
                kept = self._kept[memo] = ([], [])
                self._walk_into(value, kind, crc, kept[0], kept[1], depth)
            slots += kept[0]
            weights += kept[1]
        else:
            self._walk_into(value, kind, crc, slots, weights, depth)

    def _walk_into(self, value: Any, kind: type, crc: int, slots: list[int],
                   weights: list[float], depth: int) -> None:
        crcs = self._crcs
        if kind is dict:
            for key, item in value.items():
                if key in SKIPPED_KEYS:
                    continue
                child = crcs.get((crc, "." + key)) or self._crc(crc, "." + key)
                if type(item) is int or type(item) is float:  # most leaves: inline
                    slots.append(child)
                    weights.append(item)
                elif type(item) is str:
                    slots.append(crcs.get((child, "=" + item)) or self._crc(child, "=" + item))
                    weights.append(1.0)
                elif item is not None:
                    self._walk(item, child, slots, weights, depth + 1, depth == 0)
        elif kind is list:
            slots.append(self._crc(crc, "#"))
            weights.append(len(value))
            for index, item in enumerate(value[:MAX_ITEMS]):
                if type(item) is str:
                    slots.append(crcs.get((crc, "[]=" + item)) or self._crc(crc, "[]=" + item))
                    weights.append(1.0)
                elif item is not None:
                    self._walk(item, self._crc(crc, f".{index}"), slots, weights, depth + 1,
                               depth == 1)
        elif kind is str:
            slots.append(self._crc(crc, "=" + value))
            weights.append(1.0)
        elif kind is int or kind is float or kind is bool:
            slots.append(crc)
            weights.append(float(value))


Features = tuple[Any, list[int], list[float]]  # a part's value, its buckets and weights


class HashedMemory:
    """One seat's hashed view, kept to be brought to the next view (``Hasher.update``): the
    bucket sums so far and, by top-level key of the view, its value and its parts'
    features (a part: the entry, or an item or the length of a top-level list)."""

    def __init__(self, buckets: int) -> None:
        self.sums = np.zeros(buckets, np.float64)
        self.entries: dict[str, dict[Any, Features]] = {}
        self.last: dict[str, Any] = {}  # the last view's values, the skipped ones None


def _parts(key: str, value: Any) -> Iterator[tuple[Any, Any]]:
    """(part, value) of one top-level entry, as ``HashedMemory`` keeps them."""
    if type(value) is list:
        yield (key, "#"), len(value)
        for index, item in enumerate(value[:MAX_ITEMS]):
            if item is not None:
                yield (key, index), item
    else:
        yield key, value


_new_tuple = tuple.__new__


def move_key(move: Move) -> tuple[tuple[str, Any], ...]:
    """What finds a move in an action table: its fields and their values, in its order
    (``Codec.index`` holds each table move's in its order and sorted by field, for a move
    built in another order). A move holding a list, as Revolution's ``invert``, has an
    unhashable key: no table move does."""
    return tuple(move.items())


class Actions(NamedTuple):
    """A prompt's legal moves on the action space: each move's action ``indices`` (in the
    prompt's order), the ``spilled`` positions (the moves given overflow actions, in order)
    and the action ``mask`` (not to be changed: prompts with as many moves share it where
    the game has no action table)."""

    indices: list[int]
    spilled: list[int]
    mask: np.ndarray


def position_of(indices: list[int], action: Any) -> int:
    """The position among a prompt's moves (whose action ``indices`` are given) of the move
    at ``action``: an integer (Python's or numpy's; never a bool nor a float, as the service
    never takes ``true`` for 1) the mask allows. TypeError or ValueError, in words, else."""
    if type(action) is not int:
        if not isinstance(action, np.integer) and not (
                isinstance(action, np.ndarray) and action.shape == ()
                and action.dtype.kind in "iu"):
            raise TypeError(f"an action is an integer index on the action space, not "
                            f"{action!r} ({type(action).__name__})")
        action = int(action)
    try:
        return indices.index(action)
    except ValueError:
        raise ValueError(f"action {action} is not legal now: the action mask is 0 there") \
            from None


@dataclass(frozen=True)
class Codec:
    """How one game's views and moves become arrays (see the module's docstring): the view
    by ``layout`` where the game has one, else hashed into ``view_size`` slots."""

    game: str
    view_size: int
    table: tuple[Move, ...]
    overflow: int
    layout: encoders.Layout | None = None
    keep_layouts: bool = False  # see ``layout_of``
    move_buckets: int = 16
    index: dict[Any, int] = field(init=False, repr=False, compare=False)
    known: dict[int, int] = field(  # moves' action indices by their identity (``index_of``)
        init=False, repr=False, compare=False, default_factory=dict)
    layouts: dict[tuple[int, ...], Actions] = field(  # by the moves' indices (``layout_of``)
        init=False, repr=False, compare=False, default_factory=dict)
    kept: list[Move] = field(  # the moves in ``known``, each kept alive while it is there
        init=False, repr=False, compare=False, default_factory=list)
    hasher: Hasher = field(init=False, repr=False, compare=False)
    move_hasher: Hasher = field(init=False, repr=False, compare=False)
    move_vectors: dict[bytes, bytes] = field(  # a move's slots, by its JSON
        init=False, repr=False, compare=False, default_factory=dict)
    by_count: dict[int, Actions] = field(  # a game without a table: by the moves' number
        init=False, repr=False, compare=False, default_factory=dict)
    overflow_blocks: dict[bytes, bytes] = field(  # the hashed overflow moves, by JSON
        init=False, repr=False, compare=False, default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "index", {
            key: i for i, m in enumerate(self.table)
            for key in (move_key(m), tuple(sorted(m.items())))})
        object.__setattr__(self, "hasher", Hasher(self.view_size))
        object.__setattr__(self, "move_hasher", Hasher(self.move_buckets))

    @property
    def actions(self) -> int:
        return len(self.table) + self.overflow

    @property
    def observation_size(self) -> int:
        return self.view_size + self.overflow * self.move_buckets

    def encode(self, view: dict[str, Any], legal: Sequence[Move], seat: int,
               overflow: Sequence[Move] | None = None) -> np.ndarray:
        """``seat``'s observation: its view encoded, then each overflow move
        (``overflow_moves``, where the caller has them) hashed in its slot."""
        return Observer(self, incremental=False).encode(view, legal, seat, overflow)

    def observer(self) -> Observer:
        """An encoder of this game's observations that writes over each seat's last one."""
        return Observer(self)

    def move_bytes(self, move: Move) -> bytes:
        """A move's hashed slots (float32), kept by its JSON: the same moves come again and
        again. (Bytes, which the garbage collector does not track, as it does arrays.)"""
        memo = orjson.dumps(move)
        found = self.move_vectors.get(memo)
        if found is None:
            if len(self.move_vectors) > MEMO_LIMIT:
                self.move_vectors.clear()
            found = self.move_vectors[memo] = self.move_hasher.features(move).tobytes()
        return found

    def overflow_block(self, spilled: Sequence[Move], memo: bytes | None = None) -> bytes:
        """The overflow moves' hashed slots (float32) one after the other, kept by their
        JSON (``memo``, where the caller has it): a prompt's moves come again and again."""
        memo = orjson.dumps(spilled) if memo is None else memo
        found = self.overflow_blocks.get(memo)
        if found is None:
            if len(self.overflow_blocks) > BLOCKS_LIMIT:
                self.overflow_blocks.clear()
            found = self.overflow_blocks[memo] = b"".join(map(self.move_bytes, spilled))
        return found

    def overflow_moves(self, legal: Sequence[Move]) -> list[Move]:
        return [legal[position] for position in self.layout_of(legal).spilled]

    def indices(self, legal: Sequence[Move]) -> list[int]:
        """Each legal move's action index, in the prompt's order."""
        return self.layout_of(legal).indices

    def layout_of(self, legal: Sequence[Move]) -> Actions:
        """The legal moves' ``Actions``. A game without a table (every move an overflow
        one) needs only their number; a game with one finds each move's index in it
        (``index_of``), the moves not in the table taking the overflow actions in turn;
        where its prompts come again and again (``keep_layouts``), the layouts are kept by
        those indices (``LAYOUTS_LIMIT``)."""
        if not self.table:
            return self._all_spilled(len(legal))
        found = list(map(self.known.get, map(id, legal)))  # (in C)
        if None in found:
            found = [self.index_of(move) if index is None else index
                     for move, index in zip(legal, found, strict=True)]
        if not self.keep_layouts:
            return self._actions(cast(list[int], found))
        key = tuple(cast(list[int], found))
        actions = self.layouts.get(key)
        if actions is None:
            if len(self.layouts) >= LAYOUTS_LIMIT:
                self.layouts.clear()
            actions = self.layouts[key] = self._actions(list(key))
        return actions

    def _actions(self, indices: list[int]) -> Actions:
        """The ``Actions`` of moves whose table indices are ``indices`` (``OUTSIDE`` for
        those not in the table: they take the overflow actions in turn)."""
        if OUTSIDE not in indices:  # (the NamedTuple made by tuple's __new__: half the cost)
            return _new_tuple(Actions, (indices, [], self.mask(indices)))
        spilled = [position for position, index in enumerate(indices) if index == OUTSIDE]
        if len(spilled) > self.overflow:
            raise ValueError(f"{self.game}: more than {self.overflow} legal moves outside "
                             "the action table")
        for rank, position in enumerate(spilled):
            indices[position] = len(self.table) + rank
        return _new_tuple(Actions, (indices, spilled, self.mask(indices)))

    def index_of(self, move: Move) -> int:
        """A move's index in the table (``OUTSIDE`` if it is not there), by its
        ``move_key``, then kept by its identity: the rules offer the same move objects
        again and again (Revolution's placements, Dominion's plays and buys are constants;
        a move, once offered, is never changed). A known move is kept alive while it is
        known, so that no other object takes its id meanwhile."""
        if len(self.kept) >= KNOWN_LIMIT:
            self.known.clear()
            self.kept.clear()
        try:
            index = self.index.get(move_key(move))
            if index is None:
                index = self.index.get(tuple(sorted(move.items())), OUTSIDE)
        except TypeError:  # a value that is a list
            index = OUTSIDE
        self.known[id(move)] = index
        self.kept.append(move)
        return index

    def _all_spilled(self, moves: int) -> Actions:
        found = self.by_count.get(moves)
        if found is None:
            if moves > self.overflow:
                raise ValueError(f"{self.game}: more than {self.overflow} legal moves "
                                 "outside the action table")
            found = self.by_count[moves] = Actions(
                list(range(moves)), list(range(moves)), self.mask(range(moves)))
        return found

    def mask(self, indices: Sequence[int]) -> np.ndarray:
        out = bytearray(self.actions)  # (set one by one: fewer than numpy's setup costs)
        for index in indices:
            out[index] = 1
        return np.frombuffer(out, np.int8)


# The overflow moves last written to a buffer: their JSON, and the end of their slots.
Written = tuple[bytes, int]


class Observer:
    """One environment's observations, each equal to ``Codec.encode``'s: where the game has
    a layout, each seat's is written over the seat's last one (``encoders.Memory``), only
    the parts of the view that changed and the overflow moves if they changed; else the
    seat's hashed view is brought from its last one (``Hasher.update``). From one step to
    the next most of a view is the same, and an engine step costs tens of microseconds."""

    def __init__(self, codec: Codec, incremental: bool = True) -> None:
        self.codec = codec
        self.incremental = incremental  # False: every view hashed whole (``features``)
        self.memories: dict[int, tuple[encoders.Memory, Written | None]] = {}
        self.hashed: dict[int, HashedMemory] = {}
        self.seen: dict[int, state_encoders.Seen] = {}  # by seat, where the game has one

    def encode_state(self, state: Any, legal: Sequence[Move], seat: int,
                     overflow: Sequence[Move] | None = None,
                     events: Sequence[Any] | None = None) -> np.ndarray:
        """``encode(rules.view(state, seat), legal, seat, overflow)``, written from the state
        by the game's ``state_encoders.ENCODERS`` (the game must have one) over the seat's
        last observation; ``events``, where given, the episode's events (``Episode.events``)
        up to ``state``, whose moves may say what changed (``state_encoders.Seen.write``)."""
        codec = self.codec
        spilled = list(codec.overflow_moves(legal) if overflow is None else overflow)
        seen = self.seen.get(seat) or self._seen_for(seat)
        seen.write(state, seat, events)
        was = seen.overflow
        if spilled or was is None or was[1] != codec.view_size:  # (else none, as before)
            seen.overflow = self._write_overflow(seen.buffer, spilled, was)
        return seen.array()

    def _seen_for(self, seat: int) -> state_encoders.Seen:
        """A new seat's buffer: its own, or the one every seat shares where the game's
        views differ by seat in a few parts only, which each write sets by its seat
        (``Seen.shared``)."""
        seen = state_encoders.ENCODERS[self.codec.game](self.codec.observation_size)
        if seen.shared and self.seen:
            seen = next(iter(self.seen.values()))
        self.seen[seat] = seen
        return seen

    def encode(self, view: dict[str, Any], legal: Sequence[Move], seat: int,
               overflow: Sequence[Move] | None = None) -> np.ndarray:
        codec = self.codec
        spilled = list(codec.overflow_moves(legal) if overflow is None else overflow)
        layout = codec.layout
        if layout is None:
            out = np.zeros(codec.observation_size, dtype=np.float32)
            if self.incremental:
                hashed = self.hashed.get(seat) or self.hashed.setdefault(
                    seat, HashedMemory(codec.view_size))
                out[:codec.view_size] = codec.hasher.update(hashed, view)
            else:
                out[:codec.view_size] = codec.hasher.features(view)
            if spilled:
                out[codec.view_size:codec.view_size + len(spilled) * codec.move_buckets] = \
                    np.frombuffer(codec.overflow_block(spilled), np.float32)
            return out
        memory, was = self.memories.get(seat) or (
            encoders.Memory(layout, codec.observation_size), None)
        layout.write(memory, view, seat)
        self.memories[seat] = memory, self._write_overflow(memory.buffer, spilled, was)
        return memory.array()

    def _write_overflow(self, buffer: array[float], spilled: list[Move],
                        was: Written | None) -> Written:
        """The overflow moves' slots, one kept block (``overflow_block``), unless the moves
        last written (``was``; None: unknown) were the same; the slots those took beyond
        the new ones cleared. Answers what it wrote. (God of War's moves are all overflow
        ones, new objects each prompt: their JSON is compared, a block found by it and
        copied in C, rather than each move compared and written.)"""
        memo = orjson.dumps(spilled)
        if was is not None and was[0] == memo:
            return was
        codec = self.codec
        start = codec.view_size
        end = start + len(spilled) * codec.move_buckets
        if spilled:  # (an empty slice assigned would resize the buffer numpy holds)
            memoryview(buffer).cast("B")[4 * start:4 * end] = codec.overflow_block(
                spilled, memo)
        last = start + codec.overflow * codec.move_buckets if was is None else was[1]
        if last > end:
            encoders.clear(buffer, end, last - end)
        return memo, end


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


# Per game: the view's slots (hashed) or its encoder, the action table, and the overflow
# slots. The overflow sizes are above the most legal moves outside the table a prompt can
# offer (God of War's seen in random play 19, Revolution's inverts 20). Thrones' four-seat
# melee offers 346 in one action window: Call Their Bluff names any of the opponents' 119
# cards, and under Calm Over Westeros each name comes with a choice of the 3 opponents to
# pay; 1024 holds that with the window's other actions.
SHAPES: dict[str, tuple[int, Callable[[], tuple[Move, ...]], int, encoders.Layout | None]] = {
    "dominion": (encoders.DOMINION_SIZE, dominion_table, 8, encoders.DOMINION),
    "revolution": (encoders.REVOLUTION_SIZE, revolution_table, 32, encoders.REVOLUTION),
    "thrones": (2048, tuple, 1024, None),
    "godofwar": (1024, tuple, 64, None),
}


@functools.cache
def codec_for(game: str) -> Codec:
    if game not in SHAPES:
        raise ValueError(f"no research codec for {game!r}; there are {', '.join(SHAPES)}")
    size, table, overflow, layout = SHAPES[game]
    return Codec(game, size, table(), overflow, layout, keep_layouts=game == "dominion")
