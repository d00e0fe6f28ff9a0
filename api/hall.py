"""What the views share in one process: the game service, the Redis view store, the projector.

Built by ``create_app`` (after fork, never at import time) and closed with the app."""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any
from uuid import UUID

from flask import current_app, g, has_request_context

from bootstrap import build_service, var_dir
from domain.application import GameService
from projections import Auditor, Projector, ViewStore, connect

from .deadlines import DeadlineLoop
from .limits import NativeLine, on_native_thread

if TYPE_CHECKING:
    from .follow import Reached


@dataclass
class Hall:
    service: GameService
    store: ViewStore
    projector: Projector
    owned: list[Any] = field(default_factory=list)
    # Where followers' calls ended lately, so the next one starts there.
    reached: Reached | None = None
    # Fires the timeouts of clocked games (None: this process fires none).
    deadlines: DeadlineLoop | None = None

    def close(self) -> None:
        """Close what this hall opened (a service or Redis client it was given stays open);
        its Redis subscriber and re-verifier are always its own."""
        if self.deadlines is not None:  # first: they use the service and the client
            self.deadlines.close()
        if self.projector.auditor is not None:
            self.projector.auditor.close()
        self.store.hub.close()
        self.store.direct.close()
        while self.owned:
            self.owned.pop().close()


def open_hall(config: Mapping[str, Any], environ: Mapping[str, str] = os.environ) -> Hall:
    owned: list[Any] = []
    service = config.get("GAMEHALL_SERVICE")
    if service is None:
        service = build_service(environ)
        owned.append(service)
    client = config.get("GAMEHALL_REDIS")
    if client is None:
        client = connect(config.get("REDIS_URL") or environ.get("REDIS_URL"),
                         var_dir(environ))
        owned.append(client)
    from .follow import Reached

    store = ViewStore(client)
    auditor = Auditor(service, store, run=on_native_thread)
    projector = Projector(service, store, request_memo(service.version_of), auditor)
    service.read_models = projector  # each command's unit of work writes the views
    if service.group_commit is not None:  # the disk's wait off the event loop
        line = NativeLine()
        service.group_commit.elsewhere = line.run
        owned.append(line)
    interval = float(config.get("DEADLINE_SECONDS", 1.0))
    loop = (DeadlineLoop(service, store, interval, inbox=projector.inbox).start()
            if interval > 0 else None)
    return Hall(service, store, projector, owned, Reached(), loop)


def request_memo(version_of: Callable[[UUID], int]) -> Callable[[UUID], int]:
    """``version_of``, asked once a request for each game (a request that records events
    writes its views with the version it made, never with this one)."""
    def remembered(game_id: UUID) -> int:
        if not has_request_context():
            return version_of(game_id)
        known: dict[UUID, int] = g.setdefault("versions", {})
        if game_id not in known:
            known[game_id] = version_of(game_id)
        return known[game_id]
    return remembered


def hall() -> Hall:
    """The current app's hall."""
    current: Hall = current_app.extensions["gamehall"]
    return current
