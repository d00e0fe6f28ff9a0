"""Revolution's and Dominion's observations written from the game's state, not its view: the
same numbers ``research.encoders`` writes from ``rules.view(state, seat)`` (the documented
encoding), read straight from the fields of the state that view shows the seat, so that no
view is built. tests/research/test_state_encoders.py holds the two equal at every step of
random episodes, for every seat: that is what shows an observation holds nothing the
seat's view does not.

A ``Seen`` is one seat's buffer and the parts of the state it was last written from. Both
games' rules replace a part of the state that changes and never change one in place once
an event has produced it (Dominion's zones, Supply and trash; Revolution's board, piles and
hands), so a part that is the same object (``is``) as last time is skipped unread.
"""

from __future__ import annotations

import functools
from array import array
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from itertools import compress
from operator import is_not, itemgetter
from typing import Any

import numpy as np

from domain.games.dominion.state import VP, points_of
from domain.games.revolution.flow import is_secret
from domain.games.revolution.state import owner_blind

from .encoders import (
    _DOMINION_SCALARS,
    _MINE,
    _SCALARS,
    _SEATS,
    _STAGE,
    _THEIRS,
    CARD,
    MINE,
    PHASES,
    SEAT_SCALARS,
    SQUARE,
    SQUARES,
    STAGES,
    THEIRS,
    TILE,
    UNSEEN,
    C,
    _square,
    _tiles,
    _zeros,
    clear,
)

State = Mapping[str, Any]
Event = tuple[str, Mapping[str, Any]]  # as ``Episode.events``: (type, payload)


class Seen:
    """One seat's observation buffer (float32; ``size`` may exceed the encoding's: the slots
    after are the codec's overflow moves), written by a game's subclass from the state
    (``write``), which keeps the parts it was last written from."""

    # One buffer for every seat: the views differ by seat only in parts every ``write``
    # sets by its seat; then a write brings the buffer from the last step's state, whoever
    # was asked, not from the seat's own last turn (fewer changes, each written once).
    shared = False

    def __init__(self, size: int) -> None:
        self.buffer = array("f", bytes(4 * size))
        self.numbers = np.frombuffer(self.buffer, np.float32)  # the same memory
        self.overflow: Any = None  # the overflow moves written (``codec.Written``)

    def write(self, st: State, seat: int, events: Sequence[Event] | None = None) -> None:
        """The buffer brought to ``st``; ``events``, where given, the episode's events so
        far (the last of them produced ``st``; the list only grows), from which a part may
        be brought forward rather than read again."""
        raise NotImplementedError

    def array(self) -> np.ndarray:
        return self.numbers.copy()


def _godofwar(size: int) -> Seen:
    """God of War's, a hashed view (research/godofwar_encoder.py, which builds on ``Seen``:
    imported when first used)."""
    from .godofwar_encoder import GodOfWarSeen

    return GodOfWarSeen(size)


# ---- Dominion ----

# A player's zones as one tuple (compared with the last one in C: the zones are shared with
# earlier states until they change).
_ZONES = itemgetter("deck", "hand", "discard", "play", "aside", "look")
DECK, HAND, DISCARD, PLAY, ASIDE, LOOK = range(6)
# Each zone block of the observing seat, from the player's zones: (block, zone).
_MY_ZONES = ((MINE.index("hand"), HAND), (MINE.index("in_play"), PLAY),
             (MINE.index("set_aside"), ASIDE), (MINE.index("looking_at"), LOOK))
_OWNED = _MINE + MINE.index("owned") * C
_MY_DISCARD = _MINE + MINE.index("discard_top") * C
_THEIR_PLAY, _THEIR_DISCARD = THEIRS.index("in_play"), THEIRS.index("discard_top")
_TURN = itemgetter("phase", "actions", "buys", "coins")


def _count(buffer: array[float], start: int, cards: Sequence[str]) -> None:
    """A block of card counts, kept by the cards (the same hands come again and again)."""
    key = tuple(cards)
    found = COUNTS_SEEN.get(key)
    if found is None:
        if len(COUNTS_SEEN) > COUNTS_LIMIT:
            COUNTS_SEEN.clear()
        found = COUNTS_SEEN[key] = array("f", bytes(4 * C))
        for card in cards:
            found[CARD[card]] += 1.0
    buffer[start:start + C] = found


COUNTS_SEEN: dict[tuple[str, ...], array[float]] = {}
COUNTS_LIMIT = 50_000


def _top(buffer: array[float], start: int, was: Sequence[str] | None,
         pile: Sequence[str]) -> None:
    """A discard pile's top card, one-hot (where it is another card than ``was``'s)."""
    top = pile[-1] if pile else None
    old = was[-1] if was else None
    if was is None or top != old:
        if old is not None:
            buffer[start + CARD[old]] = 0.0
        if top is not None:
            buffer[start + CARD[top]] = 1.0


class DominionSeen(Seen):
    """``encoders.DOMINION`` of ``view(st, seat)``, from ``st``: the Supply and the trash
    when replaced, the turn's numbers when they differ, a player's blocks when a zone of it
    was replaced.

    What a player owns (its tally, its victory points) is counted again only when the
    trash was replaced or its number of cards changed: a card enters a player's zones only
    from the Supply (a gain, one more card) or the trash, and leaves them only for the
    trash (the base set has no card that passes cards between players or returns them to
    the Supply). And where the events say what came in, not even then: when the trash is
    the same and the player gained as many cards as it bought since it was last counted,
    the cards it gained are the cards it bought (a buy gains its card), added one by one
    (a Gardens among them or already owned: counted again, its worth depends on them
    all)."""

    def __init__(self, size: int) -> None:
        super().__init__(size)
        self.supply: Mapping[str, int] | None = None
        self.trash: Sequence[str] | None = None
        self.order: list[int] = []  # the seats, the observing one first
        self.players: list[tuple[Any, ...] | None] = []  # each seat's zones (``_ZONES``)
        self.turns: list[int] = []  # each seat's turns taken
        self.sizes: list[int] = []  # each seat's number of cards when last counted
        self.turn: tuple[Any, ...] | None = None
        self.turn_seat: int | None = None
        self.first: Any = UNSEEN
        self.events: Sequence[Event] | None = None  # the episode's events, as last given
        self.read: list[int] = []  # each seat's: how many events when last counted
        self.points: list[int] = []  # each seat's victory points when last counted
        self.gardens: list[bool] = []  # whether it owned a Gardens then

    def write(self, st: State, seat: int, events: Sequence[Event] | None = None) -> None:
        buffer = self.buffer
        # The same episode's events as last time: those since then say what happened.
        told = events if events is not None and events is self.events else None
        self.events = events
        read = len(events) if events is not None else 0
        supply, trash, players = st["supply"], st["trash"], st["players"]
        if supply is not self.supply:
            _supply(buffer, self.supply, supply)
            self.supply = supply
        trashed = trash is not self.trash
        if trashed:
            _count(buffer, 2 * C, trash)
            self.trash = trash
        if not self.order:
            self._start(len(players), seat)
        last, sizes, turns = self.players, self.sizes, self.turns
        for rank, index in enumerate(self.order):
            player = players[index]
            zones = _ZONES(player)
            was = last[index]
            if zones == was:  # (the zones' identities compared first, in C)
                if player["turns"] != turns[index]:
                    turns[index] = player["turns"]
                    buffer[_SEATS + rank * len(SEAT_SCALARS) + 5] = turns[index]
                continue
            size = sum(map(len, zones))
            counted = None  # its tally, where counted again
            if trashed or was is None or size != sizes[index]:
                if not (told is not None and not trashed and was is not None
                        and self._add_bought(told, index, rank, size - sizes[index])):
                    counted = _tally(zones)
                    self.points[index], self.gardens[index] = counted.points, counted.gardens
            if rank == 0:
                _mine(buffer, zones, was, counted)
            else:
                _theirs(buffer, rank, zones, was)
            _seat_numbers(buffer, rank, zones, counted)
            turns[index] = buffer[_SEATS + rank * len(SEAT_SCALARS) + 5] = player["turns"]
            last[index], sizes[index], self.read[index] = zones, size, read
        turn = st["turn"]
        counters = _TURN(turn)
        if counters != self.turn:
            buffer[_DOMINION_SCALARS:_DOMINION_SCALARS + len(PHASES) + 3] = _counters(counters)
            self.turn = counters
        if turn["seat"] != self.turn_seat:
            self.turn_seat = turn["seat"]
            for rank, index in enumerate(self.order):
                buffer[_SEATS + rank * len(SEAT_SCALARS) + len(SEAT_SCALARS) - 1] = float(
                    index == self.turn_seat)
        first = st["first"]
        if first != self.first:
            buffer[_DOMINION_SCALARS + len(PHASES) + 3] = float(first == seat)
            self.first = first

    def _start(self, seats: int, seat: int) -> None:
        self.order = [(seat + step) % seats for step in range(seats)]
        self.players, self.sizes, self.turns = [None] * seats, [0] * seats, [0] * seats
        self.read, self.points, self.gardens = [0] * seats, [0] * seats, [False] * seats

    def _add_bought(self, events: Sequence[Event], index: int, rank: int,
                    gained: int) -> bool:
        """Seat ``index``'s cards bought since it was last counted added to its tally
        (mine) and its victory points, if they are the ``gained`` cards it has more (see
        the class); False where it must be counted again."""
        bought = [payload["move"]["card"] for kind, payload in events[self.read[index]:]
                  if kind == "move_made" and payload["seat"] == index
                  and payload["move"]["kind"] == "buy"]
        if len(bought) != gained or self.gardens[index] or "gardens" in bought:
            return False
        self.points[index] += sum(map(VP.__getitem__, bought))
        buffer = self.buffer
        buffer[_SEATS + rank * len(SEAT_SCALARS) + 4] = self.points[index]
        if rank == 0:
            for card in bought:
                buffer[_OWNED + CARD[card]] += 1.0
        return True


@functools.lru_cache(maxsize=4096)
def _counters(counters: tuple[Any, ...]) -> array[float]:
    """The phase, one-hot, and the turn's actions, buys and coins (kept: few come again and
    again)."""
    phase, actions, buys, coins = counters
    return array("f", (*(float(phase == each) for each in PHASES), actions, buys, coins))


def _supply(buffer: array[float], was: Mapping[str, int] | None,
            supply: Mapping[str, int]) -> None:
    """The piles' counts and which cards are in the supply; when the same cards are, only
    the counts that changed (a buy changes one)."""
    if was is not None and was.keys() == supply.keys():
        for card, count in supply.items():
            if was[card] != count:
                buffer[CARD[card]] = count
        return
    buffer[0:2 * C] = _zeros(2 * C)
    for card, count in supply.items():
        buffer[CARD[card]] = count
        buffer[C + CARD[card]] = 1.0


def _mine(buffer: array[float], zones: tuple[Any, ...], was: tuple[Any, ...] | None,
          counted: Tally | None) -> None:
    for block, zone in _MY_ZONES:
        if was is None or zones[zone] is not was[zone]:
            _count(buffer, _MINE + block * C, zones[zone])
    _top(buffer, _MY_DISCARD, was[DISCARD] if was else None, zones[DISCARD])
    if counted is not None:
        buffer[_OWNED:_OWNED + C] = counted.counts()


def _theirs(buffer: array[float], rank: int, zones: tuple[Any, ...],
            was: tuple[Any, ...] | None) -> None:
    start = _THEIRS + (rank - 1) * len(THEIRS) * C
    if was is None or zones[PLAY] is not was[PLAY]:
        _count(buffer, start + _THEIR_PLAY * C, zones[PLAY])
    _top(buffer, start + _THEIR_DISCARD * C, was[DISCARD] if was else None, zones[DISCARD])


class Tally:
    """What a player owns: its cards (``state.owned``'s, from its zones), their victory
    points and, when first asked, their counts."""

    def __init__(self, zones: tuple[Any, ...]) -> None:
        self.zones = zones
        self.cards = [*zones[DECK], *zones[HAND], *zones[DISCARD], *zones[PLAY],
                      *zones[ASIDE], *zones[LOOK]]
        self.points = points_of(self.cards)
        self.gardens = "gardens" in self.cards  # (whose worth depends on the count)
        self._counts: array[float] | None = None

    def counts(self) -> array[float]:
        if self._counts is None:
            self._counts = array("f", bytes(4 * C))
            for card, count in Counter(self.cards).items():
                self._counts[CARD[card]] = count
        return self._counts


def _tally(zones: tuple[Any, ...]) -> Tally:
    """The tally of a player's ``zones``, the last one kept for each number of cards in the
    deck (each seat's encoder counts every player: the one seat's tally is the other's
    next)."""
    kept = TALLIES.get(len(zones[DECK]))
    if kept is None or kept.zones != zones:
        kept = TALLIES[len(zones[DECK])] = Tally(zones)
    return kept


TALLIES: dict[int, Tally] = {}


def _seat_numbers(buffer: array[float], rank: int, zones: tuple[Any, ...],
                  counted: Tally | None) -> None:
    """A seat's numbers but the last ("their turn", written with the turn); its victory
    points where its tally was ``counted`` again."""
    at = _SEATS + rank * len(SEAT_SCALARS)
    buffer[at] = 1.0
    buffer[at + 1] = len(zones[HAND])
    buffer[at + 2] = len(zones[DECK])
    buffer[at + 3] = len(zones[LOOK])
    if counted is not None:
        buffer[at + 4] = counted.points


# ---- Revolution ----

class RevolutionSeen(Seen):
    """``encoders.REVOLUTION`` of ``view(st, seat)``, from ``st``: the squares whose cell is
    another object, each pile of tiles when replaced, the numbers when they differ. What
    the view hides (the other seat's face-down and set-aside tiles, a draft offer or the
    pool in the secret modes, one's own face-down tiles in secret random) is read as the
    view reads it."""

    def __init__(self, size: int) -> None:
        super().__init__(size)
        self.board: list[Any] = []
        self.piles: tuple[Any, ...] = (UNSEEN,) * 11  # the tiles each block was written from
        self.numbers_written: tuple[Any, ...] | None = None
        self.stage: Any = UNSEEN
        self.state: State | None = None  # the state last written from
        self.options: Any = UNSEEN  # the match's options, and what they hide:
        self.secret_mode = self.blind = False  # ``is_secret``, ``owner_blind``

    def write(self, st: State, seat: int, events: Sequence[Event] | None = None) -> None:
        if st is self.state:  # (a state is never changed once a move has produced it)
            return
        self.state = st
        if st["options"] is not self.options:
            self.options = st["options"]
            self.secret_mode = is_secret(st)  # type: ignore[arg-type]
            self.blind = owner_blind(st)  # type: ignore[arg-type]
        buffer, other = self.buffer, 1 - seat
        over = st["stage"] == "over"
        secret = not over and self.secret_mode
        self._board(st["board"], seat)
        hands, hidden, set_aside = st["hands"], st["hidden"], st["set_aside"]
        draft, pending = st["draft"], st["pending"]
        tile = pending.get("tile") if pending else None
        piles = (  # each block's tiles, in the blocks' order (the pending tile: its name)
            hands[seat], hands[other],
            hidden[seat] if over or not self.blind else None,
            set_aside[seat], st["centre"], st["used"], st["removed"],
            None if secret else st["pool"], None if secret else st["dealt"],
            draft["offer"] if draft is not None and (not secret or draft["seat"] == seat)
            else None,
            tile if tile in TILE else None)
        for block in compress(range(len(piles)), map(is_not, piles, self.piles)):  # (in C)
            tiles = piles[block]
            _tiles(buffer, block, [tiles] if block == 10 and tiles is not None else tiles)
        self.piles = piles
        stage = st["stage"]
        if stage != self.stage:
            clear(buffer, _STAGE, len(STAGES))
            if stage in STAGES:
                buffer[_STAGE + STAGES.index(stage)] = 1.0
            self.stage = stage
        wins, points, placements = st["wins"], st["points"], st["placements"]
        numbers = (  # as REVOLUTION_SCALARS
            st["game_no"] or 0, st["turn"] == seat, st["starter"] == seat,
            wins[seat], wins[other], points[seat], points[other], placements[seat],
            placements[other], st["placed"] or 0, len(hidden[other]), len(set_aside[other]),
            len(st["pool"]), draft is not None and draft.get("seat") == seat)
        if numbers != self.numbers_written:
            buffer[_SCALARS:_SCALARS + len(numbers)] = array("f", numbers)
            self.numbers_written = numbers

    def _board(self, board: list[Any], seat: int) -> None:
        """Each square whose cell is another object than the last board's."""
        was = self.board
        if len(board) == len(was) == SQUARES:  # (compared in C)
            squares: Iterable[int] = compress(range(SQUARES), map(is_not, board, was))
        else:
            squares = range(SQUARES)
        buffer = self.buffer
        for square in squares:
            placed = board[square] if square < len(board) else None
            base = square * SQUARE
            buffer[base:base + SQUARE] = _square(
                (placed["tile"], placed["up"] == seat, bool(placed["down"]),
                 placed["under"] is not None) if placed else None)
        self.board = board


# Per game: its state encoder (a Seen of the given size).
ENCODERS: dict[str, Callable[[int], Seen]] = {
    "dominion": DominionSeen, "revolution": RevolutionSeen, "godofwar": _godofwar}
