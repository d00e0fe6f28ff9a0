"""Re-verifying every finished game, off the request path.

When a game ends (over, resigned, abandoned) the projector hands it to the ``Auditor`` with the
complete replay document it has just built from the game's events, read from the event store
for it (without one, the auditor reads the events and builds the document itself), and the
auditor runs the offline verifier on it (the one anyone runs on a downloaded replay; a fork's origin
checked against its source game, from the store), on a thread of its own, so no request waits
for it. The verdict is kept beside the game's views (a projection like
them: a rebuild forgets it and verifies again) and shown in the summary; a failure is logged
as an error naming the game, the step and the reason. A finished game found without a verdict
(Redis flushed, a worker killed while verifying) is verified again when next read.
"""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any, TypeVar
from uuid import UUID

from domain.application import GameNotFound, GameService
from domain.history import FINISHED
from replays import build_document, verify_document
from replays.verify import Sources

from .store import ViewStore

log = logging.getLogger("gamehall.audit")
T = TypeVar("T")
# How long one process may hold a game's verification before another may take it over.
CLAIM_SECONDS = 600
SWEEP = "sweep"
# The most replay documents held for games waiting to be verified: past that, a game waiting
# is verified from its events read again, so a backlog holds ids, not documents.
HELD_DOCUMENTS = 64


def directly(work: Callable[[], T]) -> T:
    return work()


def stored_sources(service: GameService) -> Sources:
    """A fork's source documents, built from the event store (None for a game not there)."""
    def source(game_id: str) -> Any:
        try:
            return build_document(service.records(UUID(game_id)))
        except (GameNotFound, ValueError):
            return None
    return source


class Auditor:
    """One process's re-verifier: a queue of finished games and one thread working it.
    ``run`` runs the CPU-heavy verification (the web layer gives one that leaves the event loop
    free); ``clock`` dates verdicts."""

    def __init__(self, service: GameService, store: ViewStore,
                 run: Callable[[Callable[[], Any]], Any] = directly,
                 clock: Callable[[], datetime] = lambda: datetime.now(UTC)) -> None:
        self.service = service
        self.store = store
        self._run = run
        self._clock = clock
        self._queue: queue.Queue[str | None] = queue.Queue()
        self._queued: set[str] = set()
        # Replay documents handed with their games (``schedule``), until they are verified.
        self._documents: dict[str, dict[str, Any]] = {}
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None

    def schedule(self, game_id: UUID | str, document: dict[str, Any] | None = None) -> None:
        """Verify the game soon (once, however often it is asked for meanwhile). ``document``:
        its complete replay document, built from its events as the event store holds them
        (the projector has just built it): verified as it is, rather than built again."""
        if document is not None:
            with self._lock:
                if len(self._documents) < HELD_DOCUMENTS:
                    self._documents[str(game_id)] = document
        self._put(str(game_id))

    def sweep(self) -> None:
        """Verify soon every finished game in the index that has no verdict."""
        self._put(SWEEP)

    def wait_idle(self, timeout: float = 60.0) -> bool:
        """Whether everything scheduled was done within ``timeout`` seconds."""
        done = threading.Event()

        def join() -> None:
            self._queue.join()
            done.set()

        threading.Thread(target=join, daemon=True).start()
        return done.wait(timeout)

    def close(self) -> None:
        if self._thread is not None:
            self._queue.put(None)
            self._thread.join(timeout=10)

    def audit(self, game_id: str) -> dict[str, Any] | None:
        """Verify one finished game now and keep its verdict (None: another process is at it,
        the game is not finished, or its verdict is kept already)."""
        with self._lock:
            handed = self._documents.pop(game_id, None)
        if not self.store.claim_audit(game_id, CLAIM_SECONDS):
            return None
        try:
            # Asked again while it was being verified (a read of the finished game before its
            # verdict was kept schedules it): a finished game never changes, so the verdict
            # kept meanwhile stands, and its failure is not logged twice.
            [kept_already] = self.store.verdicts([game_id])
            if kept_already is not None:
                return None
            document = handed if handed is not None else self._document(game_id)
            if document is None or document["status"] not in FINISHED:
                return None
            sources = stored_sources(self.service)
            verdict = self._run(lambda: verify_document(document, sources))
            kept = {"verified": verdict.valid, "at": self._clock().isoformat(),
                    "events": verdict.events, "failed_step": verdict.failed_step,
                    "reason": verdict.reason}
            self.store.write_verdict(game_id, kept)
        finally:
            self.store.release_audit(game_id)
        if not verdict.valid:
            log.error("GAME %s FAILED RE-VERIFICATION at %s: %s. Its stored history does not "
                      "verify: do not trust it until the event store is inspected.", game_id,
                      f"event {verdict.failed_step}" if verdict.failed_step else "the document",
                      verdict.reason)
        return kept

    # ---- internals ----

    def _document(self, game_id: str) -> dict[str, Any] | None:
        """The game's replay document, from its events read afresh (None: no such game)."""
        try:
            return build_document(self.service.records(UUID(game_id)))
        except GameNotFound:
            return None

    def _put(self, item: str) -> None:
        with self._lock:
            if item in self._queued:
                return
            self._queued.add(item)
            if self._thread is None:
                self._thread = threading.Thread(target=self._work, name="gamehall-audit",
                                                daemon=True)
                self._thread.start()
        self._queue.put(item)

    def _work(self) -> None:
        while (item := self._queue.get()) is not None:
            with self._lock:
                self._queued.discard(item)
            try:
                self._sweep() if item == SWEEP else self.audit(item)
            except Exception:  # one game's trouble must not stop the others' verification
                log.exception("re-verifying %s failed", item)
            finally:
                self._queue.task_done()
        self._queue.task_done()

    def _sweep(self) -> None:
        batch: list[str] = []
        for game_id in self.store.index(None, None, None, newest_first=False):
            batch.append(game_id)
            if len(batch) == 500:
                self._schedule_unverified(batch)
                batch = []
        self._schedule_unverified(batch)

    def _schedule_unverified(self, ids: list[str]) -> None:
        if not ids:
            return
        for game_id, status, verdict in zip(ids, self.store.statuses(ids),
                                            self.store.verdicts(ids), strict=True):
            if status in FINISHED and verdict is None:
                self.schedule(game_id)
