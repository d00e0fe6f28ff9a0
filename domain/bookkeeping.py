"""The service's own aggregates beside the games, never in a game's history: the hashes of a
game's seat tokens, and the record that a request with an idempotency key was applied."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar
from uuid import NAMESPACE_URL, UUID, uuid5

from eventsourcing.domain import Aggregate
from eventsourcing.domain import Snapshot as LibrarySnapshot

from .kernel import sha256_hex


def token_hash(token: str) -> str:
    return sha256_hex(token)



class SeatKeysSnapshot(LibrarySnapshot):
    TOPIC: ClassVar[str] = "gamehall:SeatKeys.Snapshot"


class SeatKeys(Aggregate):
    """The hashes of a game's seat tokens, kept apart from the game's history (never in it)."""

    TOPIC: ClassVar[str] = "gamehall:SeatKeys"

    class Event(Aggregate.Event):
        TOPIC: ClassVar[str] = "gamehall:SeatKeys.Event"

    class Created(Event, Aggregate.Created):
        TOPIC: ClassVar[str] = "gamehall:SeatKeys.Created"
        game_id: str

        def apply(self, aggregate: Any) -> None:
            aggregate.game_id = self.game_id
            aggregate.hashes = {}

    class KeyIssued(Event):
        TOPIC: ClassVar[str] = "gamehall:SeatKeys.KeyIssued"
        seat: int
        key_hash: str

        def apply(self, aggregate: Any) -> None:
            aggregate.hashes[str(self.seat)] = self.key_hash

    Snapshot = SeatKeysSnapshot

    if TYPE_CHECKING:
        hashes: dict[str, str]

    @staticmethod
    def id_for(game_id: UUID) -> UUID:
        return uuid5(NAMESPACE_URL, f"gamehall:seat-keys:{game_id}")


class Receipt(Aggregate):
    """That a request with an idempotency key was applied, and the game version it left; kept
    apart from the game's history (never exported) and saved in the same transaction as the
    moves, so a retry answers the original result after any restart or a flushed Redis. Its
    id is derived from an HMAC of the key under the master secret: the store holds no key."""

    TOPIC: ClassVar[str] = "gamehall:Receipt"

    class Event(Aggregate.Event):
        TOPIC: ClassVar[str] = "gamehall:Receipt.Event"

    class Created(Event, Aggregate.Created):
        TOPIC: ClassVar[str] = "gamehall:Receipt.Created"
        fingerprint: str
        game_version: int

        def apply(self, aggregate: Any) -> None:
            aggregate.fingerprint = self.fingerprint
            aggregate.game_version = self.game_version

    if TYPE_CHECKING:
        fingerprint: str
        game_version: int
