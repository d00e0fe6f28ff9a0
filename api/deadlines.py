"""The deadline loop: each serving process fires the timeouts of clocked games.

Every host sees the same deadlines (``gh:deadlines`` in Redis, written with each game's views
and rebuilt from the event store with them). Each process polls it and runs a ``TimeOut``
command for each game whose earliest deadline has passed. Several processes may fire the same
deadline: the first to save wins the store's version check, and the others, reloading, find
nothing due (so a timeout is recorded once, whoever fires it). The game service decides
with its own clock; the loop only asks which games to look at.

Each round also warns the players of the deadlines coming within their warning window
(``domain.clocks.warning_window``: a quarter of ``per_move``, at most an hour, at least a few
seconds) with a ``deadline-soon`` inbox event, once per decision across hosts and rounds
(``Inbox.warn``).
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from uuid import UUID

from domain.application import GameNotFound, GameService
from domain.clocks import WARNING_MAX
from domain.commands import TimeOut
from domain.kernel import GameError
from projections import ViewStore
from projections.inbox import Inbox

LOG = logging.getLogger(__name__)
BATCH = 100


def fire_due(service: GameService, store: ViewStore, now: float) -> int:
    """Run the timeouts of the games whose deadline has passed at ``now`` (epoch seconds);
    answers how many games were looked at."""
    due = store.due_games(now, BATCH)
    for game_id in due:
        try:
            service.run(TimeOut(UUID(game_id)))
        except (GameNotFound, GameError) as error:  # an ended game: its views drop the entry
            LOG.warning("deadline of game %s not fired: %s", game_id, error)
    return len(due)


def warn_soon(inbox: Inbox, store: ViewStore, now: float) -> None:
    """Warn the players of the games whose earliest deadline comes after ``now`` within the
    longest warning window (each game's own window is checked by ``Inbox.warn``)."""
    for game_id in store.due_games(now + WARNING_MAX, BATCH, after=now):
        try:
            inbox.warn(UUID(game_id), now)
        except GameNotFound as error:
            LOG.warning("deadline of game %s not warned of: %s", game_id, error)


class DeadlineLoop:
    """A daemon thread that fires due deadlines every ``interval`` seconds until closed."""

    def __init__(self, service: GameService, store: ViewStore, interval: float,
                 now: Callable[[], float] = time.time, inbox: Inbox | None = None) -> None:
        self._service = service
        self._store = store
        self._inbox = inbox  # None: no one is warned of deadlines coming
        self._interval = interval
        self._now = now
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="deadlines", daemon=True)

    def start(self) -> DeadlineLoop:
        self._thread.start()
        return self

    def _run(self) -> None:
        while not self._stop.wait(self._interval):
            try:
                fire_due(self._service, self._store, self._now())
                if self._inbox is not None:
                    warn_soon(self._inbox, self._store, self._now())
            except Exception:  # noqa: BLE001 (a store or Redis hiccup: try again next tick)
                LOG.exception("the deadline loop failed a round")

    def close(self) -> None:
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(timeout=5)
