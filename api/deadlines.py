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
(``Inbox.warn``). The warnings due are kept beside the deadlines (``gh:warnings``, scored by
when each is due): a loop takes a game off that set before loading it, so a decision's
warning costs one load of its game, whatever the number of hosts and rounds.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from uuid import UUID

from domain.application import GameNotFound, GameService
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


def warn_soon(inbox: Inbox, store: ViewStore, now: float) -> int:
    """Warn the players of the games whose warning is due at ``now``, each game taken by one
    loop; a game with another warning due later (another seat's) is put back for then.
    Answers how many games were loaded."""
    loaded = 0
    for game_id, score in store.warnings_due(now, BATCH):
        if not store.claim_warning(game_id, score):
            continue  # another host took it, or the game moved on
        loaded += 1
        try:
            version, later = inbox.warn(UUID(game_id), now)
        except GameNotFound as error:
            LOG.warning("deadline of game %s not warned of: %s", game_id, error)
            continue
        if later is not None:
            store.requeue_warning(game_id, version, later)
    return loaded


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
