"""The webhook outbox: each notification owed to a player's webhook is a ``Delivery``, an
aggregate in the games' event store (so it survives a kill -9 of every process), with each
attempt to deliver it recorded as an event of its own.

A delivery's id is derived from its ``webhook-id`` (one a player, game, game version and kind
of notification), so the projector that finds it owed may find it owed again (after a crash
between recording it and moving on, or on two hosts) and it is still recorded once. A
dispatcher (``api.webhooks``) sends what is due, at least once, with exponential backoff.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import datetime
from typing import TYPE_CHECKING, Any, ClassVar
from uuid import NAMESPACE_URL, UUID, uuid5

from eventsourcing.application import AggregateNotFoundError, Repository
from eventsourcing.domain import Aggregate
from eventsourcing.persistence import IntegrityError

# Attempts before a delivery is given up; with the default backoff (1 s doubled each time)
# the last is some 4 minutes after the first.
MAX_ATTEMPTS = 8
PENDING, DELIVERED, FAILED = "pending", "delivered", "failed"


class Delivery(Aggregate):
    """One notification owed to one webhook, and what became of each attempt."""

    TOPIC: ClassVar[str] = "gamehall:Delivery"

    class Event(Aggregate.Event):
        TOPIC: ClassVar[str] = "gamehall:Delivery.Event"

    class Created(Event, Aggregate.Created):
        TOPIC: ClassVar[str] = "gamehall:Delivery.Created"
        player_id: str
        url: str
        generation: int
        webhook_id: str
        kind: str
        game_id: str
        body: str

        def apply(self, aggregate: Any) -> None:
            for name in ("player_id", "url", "generation", "webhook_id", "kind", "game_id",
                         "body"):
                setattr(aggregate, name, getattr(self, name))
            aggregate.attempts = []
            aggregate.status = PENDING

    class Attempted(Event):
        TOPIC: ClassVar[str] = "gamehall:Delivery.Attempted"
        http_status: int | None
        error: str | None

        def apply(self, aggregate: Any) -> None:
            aggregate.attempts.append({"at": self.timestamp.isoformat(),
                                       "status": self.http_status, "error": self.error})
            if self.http_status is not None and 200 <= self.http_status < 300:
                aggregate.status = DELIVERED
            elif len(aggregate.attempts) >= MAX_ATTEMPTS:
                aggregate.status = FAILED

    class Dropped(Event):
        """Not sent: the player changed or removed the webhook it was owed to."""

        TOPIC: ClassVar[str] = "gamehall:Delivery.Dropped"
        reason: str

        def apply(self, aggregate: Any) -> None:
            aggregate.attempts.append({"at": self.timestamp.isoformat(), "status": None,
                                       "error": self.reason})
            aggregate.status = FAILED

    if TYPE_CHECKING:
        player_id: str
        url: str
        generation: int
        webhook_id: str
        kind: str
        game_id: str
        body: str
        attempts: list[dict[str, Any]]
        status: str

    @staticmethod
    def id_for(webhook_id: str) -> UUID:
        return uuid5(NAMESPACE_URL, f"gamehall:delivery:{webhook_id}")

    def to_json(self) -> dict[str, Any]:
        return {"webhook_id": self.webhook_id, "type": self.kind, "game_id": self.game_id,
                "url": self.url, "status": self.status, "attempts": self.attempts,
                "created_at": self.created_on.isoformat()}


class Outbox:
    """The outbox use cases, a mixin of ``domain.players.Players`` (which provides the store
    and clock)."""

    if TYPE_CHECKING:  # provided by GameService
        repository: Repository[UUID]
        recorder: Any
        _clock: Callable[[], datetime]

        def save(self, *aggregates: Any, **kwargs: Any) -> Any: ...

    def owe(self, player_id: UUID, url: str, generation: int,
            notes: list[tuple[str, str, str, str]]) -> list[Delivery]:
        """Record the deliveries owed for ``notes`` (webhook id, kind, game id, body); one
        recorded before is left as it is. Answers the deliveries recorded now."""
        made = [Delivery._create(Delivery.Created, id=Delivery.id_for(webhook_id),
                                 player_id=str(player_id), url=url, generation=generation,
                                 webhook_id=webhook_id, kind=kind, game_id=game_id, body=body,
                                 timestamp=self._clock())
                for webhook_id, kind, game_id, body in notes]
        try:
            self.save(*made)
            return made
        except IntegrityError:  # some were owed before: record the others one by one
            return [delivery for delivery in made if self._saved_once(delivery)]

    def _saved_once(self, delivery: Delivery) -> bool:
        try:
            self.save(delivery)
        except IntegrityError:
            return False
        return True

    def get_delivery(self, delivery_id: UUID) -> Delivery | None:
        try:
            found: Any = self.repository.get(delivery_id)
        except AggregateNotFoundError:
            return None
        return found if isinstance(found, Delivery) else None

    def record_attempt(self, delivery: Delivery, http_status: int | None,
                       error: str | None) -> None:
        delivery.trigger_event(Delivery.Attempted, http_status=http_status, error=error,
                               timestamp=self._clock())
        self.save(delivery)

    def drop(self, delivery: Delivery, reason: str) -> None:
        delivery.trigger_event(Delivery.Dropped, reason=reason, timestamp=self._clock())
        self.save(delivery)

    def deliveries_after(self, position: int, stop: int | None = None, batch: int = 500,
                         ) -> Iterator[tuple[int, UUID]]:
        """Every delivery recorded after notification ``position`` (up to ``stop``), with its
        notification id (how the dispatcher finds what is owed after Redis lost its
        schedule)."""
        while True:
            notes = self.recorder.select_notifications(position + 1, batch, stop=stop,
                                                       topics=[Delivery.Created.TOPIC])
            yield from ((note.id, UUID(str(note.originator_id))) for note in notes)
            if len(notes) < batch:
                return
            position = notes[-1].id
