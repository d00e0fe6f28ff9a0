"""God of War's observation written from the game's state, not its view: the same hashed
features ``codec.Hasher`` makes of ``rules.view(state, seat)`` (the documented encoding),
read from the fields of the state that view shows (through the view's own functions where
it computes one). A seat's view costs about a third of an engine step to build, and from
one decision to the next most of it is the same. tests/research/test_state_encoders.py
holds the two equal at every step of random episodes, for every seat.

The hashed view is a sum of features, one a leaf; the encoder keeps it as a sum of parts
(a top-level entry, a field of one player or one hero tile, one scene card, the length of
a list), each with the value it was last written from and the features that value added.
A part whose value changed has its features taken out of the buffer and the new ones
added: a step changes a few parts, a few features each (float32 sums of the view's small
integers are exact). The rules copy the whole state on every event (``json_copy``), so a
part of the state is never the same object twice: values are compared (``==``, in C, with
the earlier state's own objects, which no event changes), a player or a hero tile as a
whole before its fields.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import compress
from operator import itemgetter, ne
from typing import Any

import numpy as np
import orjson

from domain.games.godofwar.engine import mimir_place, stranded, tile_info
from domain.games.godofwar.views import BUILDING, _incoming, _ranged_tie, _scene_card

from .codec import MAX_ITEMS, SKIPPED_KEYS, codec_for
from .encoders import UNSEEN
from .state_encoders import Seen

State = Mapping[str, Any]
# A part's features: buckets, weights, the weights negated. Tuples, not lists: the garbage
# collector stops tracking a tuple of numbers, and the memos keep tens of thousands of
# these; as lists, each collection walked them all (about 7 us a decision in the bench).
Features = tuple[tuple[int, ...], tuple[float, ...], tuple[float, ...]]
FEW_FEATURES = 100  # a write changing at most this many adds them one by one, not in numpy

# The view's entries that are the state's values as they are (its lists copied): by key.
_PLAIN_KEYS = ("stage", "solo", "round", "first_player", "carrier", "campaign", "quests_won",
               "revealed", "supply", "boxed", "bonuses", "companions_used", "used_points",
               "last_attack", "rounds_played", "result")
_PLAIN = itemgetter(*_PLAIN_KEYS)
_PLAIN_PARTS = tuple((key,) for key in _PLAIN_KEYS)
# What the view shows of a player (its deck's size only), compared as one tuple in C.
_SHOWN_PLAYER = itemgetter("hero", "hand", "discard", "hand_limit")
_PLAYER_FIELDS = ("hero", "hand", "discard", "hand_limit", "hand_size", "deck_size")


class GodOfWarSeen(Seen):
    """``codec.Hasher.features(view(st, seat))`` in the buffer's first slots, from ``st``,
    part by part (see the module's docstring). Every seat's view is the same but its
    ``you``, a ranged tie's answers and the upgrade cards it looks at (a seat sees every
    hand: GOW-R-50), which each write sets by its seat: the seats share one buffer."""

    shared = True

    def __init__(self, size: int) -> None:
        super().__init__(size)
        self.values: dict[tuple[str, ...], Any] = {}  # by part (its path): the last value
        self.features: dict[tuple[str, ...], Features] = {}  # by part: what it added
        self.slots: list[int] = []  # the features to add, this write (``_replace``)
        self.weights: list[float] = []
        self.view_size = _view_size()  # the hashed view's slots: the buffer's first ones
        self.plain: tuple[Any, ...] = (UNSEEN,) * len(_PLAIN_KEYS)
        self.players: list[tuple[Any, ...]] = []  # what each player showed, last written
        self.players_value: Any = UNSEEN  # the state's players last written
        self.heroes: dict[str, Any] = {}  # the state's hero tiles last written
        self.scene: Any = UNSEEN
        self.mimir: Any = UNSEEN  # (carrier, mimir_column) last written
        self.mimir_place: Any = UNSEEN  # (mimir_place, stranded) last written
        self.deck_size: Any = UNSEEN
        self.seat: int | None = None
        self.over: Any = UNSEEN  # the result the decks were last written for

    def write(self, st: State, seat: int, events: Sequence[Any] | None = None) -> None:
        """(``events``: unused; the parts are compared with the last state's instead.)"""
        plain = _PLAIN(st)
        if plain != self.plain:
            for part, value in compress(zip(_PLAIN_PARTS, plain, strict=True),
                                        map(ne, plain, self.plain)):
                self._put(part, value)
            self.plain = plain
        deck_size = len(st["upgrade_deck"])
        if deck_size != self.deck_size:
            self._set(("upgrade_deck_size",), deck_size)
            self.deck_size = deck_size
        if seat != self.seat:
            self._set(("you",), seat)
            self.seat = seat
        self._players(st)
        self._heroes(st)
        if (st["scene"], st["seats"]) != self.scene:
            self._scene(st)
        self._pending(st, seat)
        slots = self.slots
        if len(slots) > FEW_FEATURES:  # (one numpy call: a new scene's cards, say)
            size = self.view_size
            self.numbers[:size] += np.bincount(slots, self.weights, size)
        elif slots:  # (a step's few dozen: numpy's setup would cost more)
            buffer = self.buffer
            for slot, weight in zip(slots, self.weights, strict=True):
                buffer[slot] += weight
        if slots:
            self.slots, self.weights = [], []

    def _set(self, part: tuple[str, ...], value: Any) -> None:
        """The part at path ``part`` (the view's keys and list positions down to it)
        brought to ``value``."""
        if self.values.get(part, UNSEEN) != value:
            self._put(part, value)

    def _put(self, part: tuple[str, ...], value: Any) -> None:
        """``_set``, where the caller knows the part's value changed."""
        self.values[part] = value
        self._replace(part, self.features.get(part),
                      None if value is None else _features(part, value))

    def _replace(self, part: tuple[str, ...], old: Features | None,
                 new: Features | None) -> None:
        """A part's features ``old`` to be taken out of the buffer and ``new`` added (at the
        end of ``write``)."""
        if old is not None:
            self.slots += old[0]
            self.weights += old[2]
        if new is None:
            self.features.pop(part, None)
            return
        self.slots += new[0]
        self.weights += new[1]
        self.features[part] = new

    def _players(self, st: State) -> None:
        """Each player's fields (a spectator sees no hands, a seat every one: GOW-R-50),
        and every deck once the game is over. (Two steps in three change no player: the
        whole list is compared first, in C.)"""
        players = st["players"]
        if players != self.players_value:
            self._each_player(players)
            self.players_value = players
        over = st["result"]
        if over != self.over or over is not None:
            self._set(("decks",), None if over is None else [list(p["deck"]) for p in players])
            self.over = over

    def _each_player(self, players: list[dict[str, Any]]) -> None:
        last = self.players
        if len(players) != len(last):
            for s in range(len(players), len(last)):
                for field in _PLAYER_FIELDS:
                    self._set(("players", str(s), field), None)
            self._set(("players", "#"), len(players))
            last[len(players):] = []
            last += [()] * (len(players) - len(last))
        for s, player in enumerate(players):
            shown = (*_SHOWN_PLAYER(player), len(player["deck"]))
            was = last[s]
            if shown == was:
                continue
            hero, hand, discard, limit, deck_size = shown
            hero_part, hand_part, discard_part, limit_part, size_part, deck_part = \
                _player_parts(s)
            if not was:
                was = (UNSEEN, None, None, UNSEEN, UNSEEN)
            if hero != was[0]:
                self._put(hero_part, hero)
            if hand != was[1]:
                self._put_strings(hand_part, hand)
                self._set(size_part, len(hand))
            if discard != was[2]:
                self._put_strings(discard_part, discard)
            if limit != was[3]:
                self._put(limit_part, limit)
            if deck_size != was[4]:
                self._put(deck_part, deck_size)
            last[s] = shown

    def _put_strings(self, part: tuple[str, ...], items: list[str]) -> None:
        """``_put`` of a list of strings (a hand, a discard pile)."""
        self.values[part] = items
        self._replace(part, self.features.get(part), _strings(part, items))

    def _heroes(self, st: State) -> None:
        """Each hero tile's fields and its health, and where Mimir stands."""
        heroes, last = st["heroes"], self.heroes
        moved = heroes != last
        if moved:
            for tile, hero in heroes.items():
                was = last.get(tile)
                if hero == was:
                    continue
                for field, value in hero.items():
                    if was is None or was.get(field, UNSEEN) != value:
                        self._put(("heroes", tile, field), value)
                if was is not None and was.keys() != hero.keys():
                    for field in was.keys() - hero.keys():
                        self._set(("heroes", tile, field), None)
                if was is None:
                    self._set(("heroes", tile, "health"), _health(tile))
            for tile in last.keys() - heroes.keys():
                for field in (*last[tile], "health"):
                    self._set(("heroes", tile, field), None)
            self.heroes = heroes
        mimir = (st["carrier"], st["mimir_column"])
        if moved or mimir != self.mimir:
            place = (mimir_place(st), stranded(st))  # type: ignore[arg-type]
            if place != self.mimir_place:
                self._set(("mimir_column",), place[0])
                self._set(("mimir_stranded",), place[1])
                self.mimir_place = place
            self.mimir = mimir

    def _scene(self, st: State) -> None:
        """The scene's cards whose token changed (an entry is its token's, the card's
        printed faces' and the party's size's: its features are kept by those)."""
        scene, seats = st["scene"], st["seats"]
        last = self.scene[0] if self.scene is not UNSEEN and self.scene[1] == seats else {}
        same_cards = scene.keys() == last.keys()
        features = self.features
        for index, (card, token) in enumerate(scene.items()):
            if same_cards and token == last[card]:
                continue
            part = ("scene", str(index))
            key = (index, card, seats, *token.items())
            new = SCENE_FEATURES.get(key)
            if new is None:
                if len(SCENE_FEATURES) > FEATURES_LIMIT:
                    SCENE_FEATURES.clear()
                new = SCENE_FEATURES[key] = _features(
                    part, _scene_card(st, card))  # type: ignore[arg-type]
            self._replace(part, features.get(part), new)
            self.values[part] = key
        for index in range(len(scene), _count(self.values.get(("scene", "#")))):
            self._set(("scene", str(index)), None)
        self._set(("scene", "#"), len(scene))
        self.scene = (scene, seats)

    def _pending(self, st: State, seat: int) -> None:
        """What the top of the pending stack shows: the attack being defended against, the
        combination or payment being built, the box Mimir's Foresight may cancel, a ranged
        tie, the upgrade cards being ordered (as ``views.view``)."""
        pending = st["pending"]
        top: dict[str, Any] = pending[-1] if pending else {}
        op = top.get("op")
        fields = BUILDING.get(op)  # type: ignore[arg-type]
        self._show(("incoming",), _incoming(st))  # type: ignore[arg-type]
        self._show(("building",), {k: top.get(k) for k in fields} if fields else None)
        self._show(("box",), {"card": top["card"], "box": top["box"], "side": top["side"]}
                   if op == "box" else None)
        self._show(("ranged_tie",), _ranged_tie(st, top, seat)  # type: ignore[arg-type]
                   if op == "enemy_attack" and "answers" in top else None)
        self._show(("looking_at",), st["upgrade_deck"][-top["n"]:]
                   if op == "reorder" and seat == top["seat"] else None)

    def _show(self, part: tuple[str, ...], value: Any) -> None:
        """``_set`` of a part the view shows only at times, None where it does not: a part
        never written counts as not shown."""
        if value != self.values.get(part):
            self._put(part, value)


def _player_parts(seat: int) -> tuple[tuple[str, ...], ...]:
    """The paths of a player's fields (``_PLAYER_FIELDS``), made once."""
    while len(PLAYER_PARTS) <= seat:
        index = str(len(PLAYER_PARTS))
        PLAYER_PARTS.append(tuple(("players", index, field) for field in _PLAYER_FIELDS))
    return PLAYER_PARTS[seat]


PLAYER_PARTS: list[tuple[tuple[str, ...], ...]] = []


def _view_size() -> int:
    return codec_for("godofwar").view_size


def _count(value: Any) -> int:
    return value if type(value) is int else 0


def _features(path: tuple[str, ...], value: Any) -> Features:
    """The features ``value`` adds at ``path`` in the hashed view, kept by the path and the
    value (its JSON, unless a string or a number): the same hands, tiles and entries come
    again and again."""
    if type(value) is list and all(type(item) is str for item in value):
        return _strings(path, value)
    key = (path, value if type(value) in _HASHABLE else orjson.dumps(value))
    found = FEATURES.get(key)
    if found is None:
        if len(FEATURES) > FEATURES_LIMIT:
            FEATURES.clear()
        if type(value) is dict and "#" not in value:  # ("#": a step read as a length)
            slots, weights = _entries(path, value)
        else:
            hasher = codec_for("godofwar").hasher
            crc = 0
            for step in path:
                crc = hasher.path(crc, step if step == "#" else "." + step)
            if path[-1] == "#":  # a list's length
                slots, weights = [crc % hasher.buckets], [value]
            else:
                slots, weights = hasher.value_features(value, crc)
        found = FEATURES[key] = _kept(slots, weights)
    return found


def _entries(path: tuple[str, ...], value: dict[str, Any]) -> tuple[list[int], list[float]]:
    """A dict's features, its entries' in turn, as the hasher walks it: each entry's kept by
    its own path and value, so a dict met for the first time (a combination being built, a
    scene card's new token) mostly costs lookups; most of its entries have been met."""
    slots: list[int] = []
    weights: list[float] = []
    for key, item in value.items():
        if item is not None and key not in SKIPPED_KEYS:
            features = _features((*path, key), item)
            slots += features[0]
            weights += features[1]
    return slots, weights


def _strings(path: tuple[str, ...], items: list[str]) -> Features:
    """A list of strings' features (a hand, a discard pile): its length, then 1 for each
    string (the first ``MAX_ITEMS``), as the hasher walks it; each slot kept by the path.
    (Not kept by the items: in the bench's 50 games three lists in five were new, and a
    memo's entries cost the garbage collector more than they saved.)"""
    slot_of = STRING_SLOTS.get(path)
    if slot_of is None:
        slot_of = STRING_SLOTS[path] = StringSlots(path)
    slots = (slot_of.length, *map(slot_of.__getitem__, items[:MAX_ITEMS]))
    count = len(slots) - 1
    return (slots, (float(len(items)), *ONES[:count]),
            (-float(len(items)), *MINUS_ONES[:count]))


def _kept(slots: list[int], weights: list[float]) -> Features:
    """Features as a memo keeps them (see ``Features``)."""
    return tuple(slots), tuple(weights), tuple(-weight for weight in weights)


class StringSlots(dict[str, int]):
    """The slots of a list's strings at one path, and of its ``length``."""

    def __init__(self, path: tuple[str, ...]) -> None:
        super().__init__()
        hasher = codec_for("godofwar").hasher
        self.hasher, self.crc = hasher, 0
        for step in path:
            self.crc = hasher.path(self.crc, "." + step)
        self.length = hasher.path(self.crc, "#") % hasher.buckets

    def __missing__(self, item: str) -> int:
        slot = self[item] = self.hasher.path(self.crc, "[]=" + item) % self.hasher.buckets
        return slot


STRING_SLOTS: dict[tuple[str, ...], StringSlots] = {}
ONES = (1.0,) * MAX_ITEMS
MINUS_ONES = (-1.0,) * MAX_ITEMS
_HASHABLE = frozenset({str, int, float})  # (not bool: True and 1 are one key, not one JSON)
FEATURES: dict[tuple[tuple[str, ...], Any], Features] = {}
FEATURES_LIMIT = 50_000


def _health(tile: str) -> int:
    found = HEALTH.get(tile)
    if found is None:
        found = HEALTH[tile] = tile_info(tile).health
    return found


HEALTH: dict[str, int] = {}
# The scene cards' features, kept by their position, card, party size and token.
SCENE_FEATURES: dict[tuple[Any, ...], Features] = {}
