"""Keeping a game's views in Redis in step with its events.

The game service calls ``record`` with the game a command has just saved, in the command's
unit of work (the projector is the service's ``ReadModels``), so a client always reads its own
write. Readers go through ``read``, which compares the stored views' version with the game's
version in the event store and recomputes them when they are missing or behind (Redis flushed,
a writer that stopped between saving and projecting, or a writer outside the web API such as
the command line), so every view can be recovered from the events alone.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from functools import partial
from typing import Any
from uuid import UUID

import orjson

from domain.aggregate import Game
from domain.application import GameService
from domain.history import FINISHED
from domain.kernel import canonical_json
from replays import build_document, to_csv_rows

from .audit import Auditor
from .inbox import Inbox
from .inbox_store import InboxStore
from .store import ViewStore, stored_text
from .views import all_views, seat_field

# The fields of a complete game's stored replay document: canonical JSON, and CSV rows. The
# CSV field's name carries its columns' version: rows stored with fewer columns (before
# ``undone_by``) are left behind and rewritten from the events when first read.
REPLAY, REPLAY_CSV = "replay", "replay_csv_2"


class Views(dict[str, Any]):
    """A game's documents by field name and, once stored, the JSON text each was stored as:
    an answer that carries one sends that text (each document encoded once a request)."""

    def __init__(self, fields: Mapping[str, Any]) -> None:
        super().__init__(fields)
        self.texts: dict[str, str] = {}


def view_text(views: Mapping[str, Any], name: str) -> str:
    """The JSON text of document ``name`` of ``views``: as stored, when it was."""
    stored = views.texts.get(name) if isinstance(views, Views) else None
    return stored if stored is not None else canonical_json(views[name])


class Projector:
    """Writes and reads the views of games, with the event store as the truth."""

    def __init__(self, service: GameService, store: ViewStore,
                 version_of: Callable[[UUID], int] | None = None,
                 auditor: Auditor | None = None, inbox: Inbox | None = None) -> None:
        self.service = service
        self.store = store
        # Players' inboxes, written with their games' views.
        self.inbox = inbox or Inbox(service, InboxStore(store.client))
        # Re-verifies each game once it is finished (None: nothing is re-verified).
        self.auditor = auditor
        # A game's version in the event store (the web layer passes one remembered for the
        # request, so one request asks the store once).
        self.version_of = version_of or service.version_of

    def record(self, game: Game, meanwhile: Callable[[], None] | None = None,
               live: bool = True) -> dict[str, Any]:
        """Store every view of ``game`` (version-guarded) and announce its new version; once
        the game is complete, its replay document too (as NDJSON and as CSV rows), which an
        export then streams as stored: a finished game never changes. Then its players'
        inboxes (``live``: the game was just played, so its players are told what changed,
        as they are of any change from views stored before). ``meanwhile`` runs once the
        write is sent, before its reply is read: Redis works while it does, and the reply is
        then mostly there, read without a wait."""
        fields = Views(all_views(game))
        known = not live and self.store.version(str(game.id)) > 0
        document = None
        if game.seed is not None:
            # The game in hand was just saved or loaded: its events are read without
            # asking the store first whether it exists (``records`` does).
            document = build_document(self.service.records_after(game.id, 0))
            fields[REPLAY] = canonical_json(document)
            fields[REPLAY_CSV] = "".join(to_csv_rows(document))
        fields.texts = {key: value if isinstance(value, str) else canonical_json(value)
                        for key, value in fields.items()}
        deadline = game.next_deadline()
        reply = self.store.game_write(str(game.id), game.version, game.created_on.timestamp(),
                                      fields.texts, game.game_name,
                                      None if deadline is None else deadline.timestamp(),
                                      self.inbox.warning_at(game))
        if meanwhile is not None:
            reply.meanwhile(meanwhile)
        reply()
        if document is not None and self.auditor is not None:
            self.auditor.schedule(game.id, document)  # verified as built, not built again
        self.inbox.write(game, fields["summary"], known, live)
        return fields

    def recorded(self, game: Game) -> dict[str, Any]:
        """The views of ``game``, an earlier version (a repeated request's answer), once the
        game's current views are written: the first try may have died before writing them."""
        self.read(game.id)
        return all_views(game)

    def refresh(self, game_id: UUID) -> Game:
        game = self.service.get(game_id, reading=True)
        self.record(game, live=False)
        return game

    def read(self, game_id: UUID, seat: int | None = None, field: str | None = None) -> Any:
        """The current document ``field`` (default: the seat's view, or the board view)."""
        name = field or seat_field(seat)
        text = self._current_text(game_id, name)
        if text is not None:
            return orjson.loads(text)
        return self.record(self.service.get(game_id, reading=True), live=False)[name]

    def read_text(self, game_id: UUID, seat: int | None = None) -> str:
        """The seat's current view (or the board view) as its stored JSON text, for an answer
        that sends it as it is: no parse, no encoding again."""
        name = seat_field(seat)
        text = self._current_text(game_id, name)
        if text is not None:
            return text
        return view_text(self.record(self.service.get(game_id, reading=True), live=False),
                         name)

    def _current_text(self, game_id: UUID, name: str) -> str | None:
        """The stored text of ``name``, unless it is missing or behind the event store. The
        read is sent to Redis before the store is asked the game's version, and its reply
        read after: Redis answers meanwhile, so the reply is mostly there, read without a
        wait. Either order is sound: the views of a version are written after its events, so
        views at least as new as the version asked are current when either was read."""
        reply = self.store.text_read(str(game_id), name)
        current = reply.meanwhile(partial(self.version_of, game_id))
        stored = stored_text(reply())
        if stored is not None and stored[0] >= current:
            return stored[1]
        return None

    def summary(self, game_id: UUID) -> dict[str, Any]:
        """The game's summary with its re-verification verdict (null until it is finished
        and verified; a finished game found without one is verified again)."""
        document: dict[str, Any] = self.read(game_id, field="summary")
        [verdict] = self.store.verdicts([str(game_id)])
        if verdict is None and document["status"] in FINISHED and self.auditor is not None:
            self.auditor.schedule(game_id)
        return {**document, "verification": verdict}

    def replays(self, game_ids: list[str], csv: bool = False) -> Iterator[str]:
        """The stored replay documents (NDJSON lines, or CSV rows) of complete games, in
        order; a game whose document is not stored yet (Redis flushed meanwhile) has it
        stored now, from its events. A game still being played has no stored document: it
        is exported as a spectator may see it (``build_document`` for no seat)."""
        field = REPLAY_CSV if csv else REPLAY
        for game_id, text in zip(game_ids, self.store.texts(game_ids, field), strict=True):
            if text is None:
                fields = self.record(self.service.get(UUID(game_id), reading=True),
                                     live=False)
                text = fields.get(field) or self._spectators_document(UUID(game_id), csv)
            yield text if csv else text + "\n"

    def _spectators_document(self, game_id: UUID, csv: bool) -> str:
        document = build_document(self.service.records(game_id))
        return "".join(to_csv_rows(document)) if csv else canonical_json(document)
