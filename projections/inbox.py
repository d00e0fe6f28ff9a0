"""Players' inboxes: each player's games (whose turn, since when, the deadline) and the stream
of what happened to them (``your-turn``, ``takeback-asked``, ``seat-joined``, ``game-over``,
``rematch``; ``deadline-soon`` from the clocks), kept in Redis beside the games' views.

Written where a game's views are written (``Projector.record``): each player's entry of the
game is computed from the game, compared with the entry stored before, and what changed
becomes the player's inbox events. Events are derived only from a change the store saw
(an entry stored before), or from a game just played through the API: a Redis rebuilt from
the event store refills every inbox but tells no one again what they were told.

A player with a webhook is owed each event as a ``Delivery`` in the event store
(``domain.outbox``), recorded before the entry is written: a process killed in between
leaves the old entry, and the next catch-up finds the same events again, with the same
webhook ids, which are recorded once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from uuid import NAMESPACE_URL, UUID, uuid5

import orjson
from eventsourcing.application import LRUCache

from domain.aggregate import Game
from domain.application import GameService
from domain.clocks import warning_window
from domain.history import FINISHED, Status
from domain.outbox import Delivery
from domain.seating import Seating

from .inbox_store import InboxStore

MINE, THEIRS, OVER = "mine", "theirs", "over"
YOUR_TURN, TAKEBACK_ASKED, SEAT_JOINED = "your-turn", "takeback-asked", "seat-joined"
GAME_OVER, REMATCH, DEADLINE_SOON = "game-over", "rematch", "deadline-soon"

# When a seat's time to answer runs out (ISO 8601), or None: not on a clock now.
Deadline = Callable[[Game, int], str | None]


def clock_deadline(game: Game, seat: int) -> str | None:
    """The seat's deadline in the game being written (what ``GameService.deadline_of``
    answers of the stored game: the game in hand is the version these views are of)."""
    due = game.deadline(seat)
    return None if due is None else due.isoformat()


def inbox_entry(game: Game, summary: dict[str, Any], seat: int, seating: Seating,
                deadline: Deadline) -> dict[str, Any]:
    """One player's line of ``game``, where the player holds ``seat``."""
    waiting = summary["waiting_for"]
    over = summary["status"] in FINISHED
    turn = OVER if over else MINE if seat in waiting else THEIRS
    return {"game_id": summary["game_id"], "game": summary["game"], "seat": seat,
            "seats": summary["seats"], "status": summary["status"], "turn": turn,
            "waiting_for": waiting, "since": summary["updated_at"],
            "deadline": None if over else deadline(game, seat),
            "version": summary["version"], "result": summary["result"],
            "open_seats": sum(1 for s in summary["seats"] if s["open"]),
            "takeback_asked": summary["takeback"] is not None and seat in waiting,
            "rematch_of": seating.rematch_of}


def changes(old: dict[str, Any] | None, new: dict[str, Any]) -> list[str]:
    """The inbox events of a player whose entry went from ``old`` (None: not there) to
    ``new``."""
    kinds = []
    was = old or {}
    if new["takeback_asked"] and not was.get("takeback_asked"):
        kinds.append(TAKEBACK_ASKED)
    elif new["turn"] == MINE and not new["takeback_asked"] and (
            was.get("turn") != MINE or was.get("takeback_asked")):
        kinds.append(YOUR_TURN)
    if old is not None and new["open_seats"] < old["open_seats"]:
        kinds.append(SEAT_JOINED)
    if new["turn"] == OVER and was.get("turn") != OVER:
        kinds.append(GAME_OVER)
    if old is None and new["rematch_of"] is not None:
        kinds.append(REMATCH)
    return kinds


def inbox_event(kind: str, player_id: UUID, entry: dict[str, Any]) -> dict[str, Any]:
    """An inbox event as streamed and as POSTed to a webhook (Standard Webhooks' payload
    shape: type, timestamp, data). Its id names the player, game, version and kind."""
    webhook_id = "msg_" + uuid5(NAMESPACE_URL, f"gamehall:inbox:{player_id}:"
                                f"{entry['game_id']}:{entry['version']}:{kind}").hex
    data = {key: entry[key] for key in ("game_id", "game", "seat", "turn", "waiting_for",
                                        "deadline", "version", "result", "rematch_of")}
    return {"id": webhook_id, "type": kind, "timestamp": entry["since"], "data": data}


def owed_at(deliveries: list[Delivery]) -> dict[str, float]:
    """Each delivery's id, and when it was owed (the delivery log's order)."""
    return {str(d.id): d.created_on.timestamp() for d in deliveries}


class Inbox:
    """Writes the inboxes of a game's players, and owes their webhooks what is new."""

    def __init__(self, service: GameService, store: InboxStore,
                 deadline: Deadline = clock_deadline,
                 owed: Callable[[list[Any]], None] | None = None) -> None:
        self.service = service
        self.store = store
        # The seating of games whose seats are all taken (it no longer changes): looked up
        # in the store once, not once a move.
        self._settled: LRUCache[UUID, Seating] = LRUCache(maxsize=10_000)
        self.deadline = deadline
        # Told of the deliveries just recorded (the dispatcher schedules them).
        self.owed = owed or (lambda deliveries: None)

    def write(self, game: Game, summary: dict[str, Any], known: bool, live: bool) -> None:
        """Write each player's entry of ``game``. ``known``: the store had views of the game
        before; ``live``: the game was just played (events are derived only then, or from an
        entry stored before)."""
        seating = self._seating(game)
        if seating.listed:
            self.store.list_open(summary["game_id"], summary["status"] == "waiting",
                                 game.created_on.timestamp())
        if not seating.players:
            return
        game_id = summary["game_id"]
        olds = self.store.entries(game_id, [str(p) for p in seating.players.values()])
        for (seat, player_id), old in zip(seating.players.items(), olds, strict=True):
            new = inbox_entry(game, summary, seat, seating, self.deadline)
            if old is not None and old["version"] >= new["version"]:
                continue
            kinds = changes(old, new) if old is not None or live or known else []
            events = [inbox_event(kind, player_id, new) for kind in kinds]
            self._owe(player_id, events)
            self.store.write_entry(str(player_id), game_id, new, events)

    def _seating(self, game: Game) -> Seating:
        try:
            return self._settled.get(game.id)
        except KeyError:
            seating = self.service.players.seating(game.id)
        if game.status != Status.WAITING:
            self._settled.put(game.id, seating)
        return seating

    def warning_at(self, game: Game, after: float | None = None) -> float | None:
        """When the first warning of a deadline is due to one of the game's players (epoch
        seconds: the seat's deadline less its warning window, ``domain.clocks.
        warning_window``), of those after ``after`` if given; None: no one is to be warned."""
        clock = game.life.get("clock")
        if clock is None or game.status != Status.ACTIVE:
            return None
        window = warning_window(clock)
        times = [due.timestamp() - window for seat in self._seating(game).players
                 if (due := game.deadline(seat)) is not None]
        return min((t for t in times if after is None or t > after), default=None)

    def warn(self, game_id: UUID, now: float) -> tuple[int, float | None]:
        """Announce ``deadline-soon`` to each player whose seat's deadline in the game falls
        within its warning window after ``now``: once per player, seat and decision (the
        game's version), whichever host or round sees it. Answers the game's version and when
        the next warning of it is due (None: none), which may be now for a player whose
        inbox entry is not written yet."""
        game = self.service.get(game_id, reading=True)
        clock = game.life.get("clock")
        if clock is None or game.status != Status.ACTIVE:
            return game.version, None
        window = warning_window(clock)
        players = self._seating(game).players
        entries = self.store.entries(str(game_id), [str(p) for p in players.values()])
        later = self.warning_at(game, after=now)
        for (seat, player_id), entry in zip(players.items(), entries, strict=True):
            due = game.deadline(seat)
            left = None if due is None else due.timestamp() - now
            if left is None or not 0 < left <= window:
                continue  # not on the clock, past its deadline, or warned of later
            if entry is None or entry["version"] != game.version:
                later = now  # its views are being written: the next round
            elif self.store.claim_warning(str(player_id), str(game_id), seat, game.version,
                                          int(left) + 60):
                self.announce(player_id, DEADLINE_SOON, entry)
        return game.version, later

    def announce(self, player_id: UUID, kind: str, entry: dict[str, Any]) -> None:
        """Tell a player of an event no game change shows (``deadline-soon``, from a clock)."""
        event = inbox_event(kind, player_id, entry)
        self._owe(player_id, [event])
        self.store.append_events(str(player_id), [event])

    def _owe(self, player_id: UUID, events: list[dict[str, Any]]) -> None:
        if not events:
            return
        player = self.service.players.get_player(player_id)
        if player.webhook is None:
            return
        notes = [(e["id"], e["type"], e["data"]["game_id"], orjson.dumps(e).decode())
                 for e in events]
        made = self.service.players.owe(player_id, player.webhook, player.webhook_generation,
                                        notes)
        self.store.note_deliveries(str(player_id), owed_at(made))
        self.owed(made)
