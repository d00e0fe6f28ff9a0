"""Players: a name and a key that acts for every seat its holder takes, across games.

A ``Player`` is an aggregate of its own in the games' event store (registered, key rotated,
webhook set). Its key is shown once and stored only as a hash, as seat tokens are; the key
names its player (``ghp.<player id>.<secret>``: a ``.`` never occurs in a seat token), so a
request's key is checked against one aggregate, never searched for.

Which seats a player holds is kept beside each game, never in its record (``seating``).

A player's webhook secret is derived, like each game's seed, from the master secret (HMAC
over the player id and the webhook's generation): nothing secret is stored, and setting the
webhook again makes a new secret.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import unicodedata
from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING, Any, ClassVar
from uuid import UUID, uuid4

from eventsourcing.application import AggregateNotFoundError, Repository
from eventsourcing.domain import Aggregate

from .aggregate import Game, GameNotFound
from .bookkeeping import SeatKeys
from .commands import CreateGame
from .history import FINISHED
from .kernel import GameError, sha256_hex
from .outbox import Outbox
from .seating import (
    Listed,
    PlayerSeated,
    RematchOf,
    Seating,
    refuse_second_seat,
    rotated,
    seating_of,
)

KEY_PREFIX = "ghp."
# Bidirectional overrides, embeddings and isolates (and the marks): a name with them can
# make a log line read backwards.
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
                          "\u200e\u200f\u061c")


class PlayerNotFound(GameError):
    code = "player-not-found"


class BadName(GameError):
    code = "bad-name"


class RematchRefused(GameError):
    code = "rematch-refused"


def name_refusal(name: str) -> str | None:
    """Why ``name`` may not name a player or a seat (None: it may)."""
    for char in name:
        if char in BIDI_CONTROLS:
            return (f"A name may not hold bidirectional control characters (U+{ord(char):04X} "
                    "here): they make it read as something else than it says.")
        if unicodedata.category(char) in ("Cc", "Cs", "Zl", "Zp"):
            return (f"A name may not hold control characters or line breaks (U+{ord(char):04X} "
                    "here).")
    if not name.strip():
        return "A name needs a visible character."
    return None


class Player(Aggregate):
    """One player: a name, the hash of the current key, the webhook (url and generation)."""

    TOPIC: ClassVar[str] = "gamehall:Player"

    class Event(Aggregate.Event):
        TOPIC: ClassVar[str] = "gamehall:Player.Event"

    class Registered(Event, Aggregate.Created):
        TOPIC: ClassVar[str] = "gamehall:Player.Registered"
        name: str
        key_hash: str

        def apply(self, aggregate: Any) -> None:
            aggregate.name = self.name
            aggregate.key_hash = self.key_hash
            aggregate.webhook = None
            aggregate.webhook_generation = 0

    class KeyRotated(Event):
        TOPIC: ClassVar[str] = "gamehall:Player.KeyRotated"
        key_hash: str

        def apply(self, aggregate: Any) -> None:
            aggregate.key_hash = self.key_hash

    class WebhookSet(Event):
        TOPIC: ClassVar[str] = "gamehall:Player.WebhookSet"
        url: str | None
        generation: int

        def apply(self, aggregate: Any) -> None:
            aggregate.webhook = self.url
            aggregate.webhook_generation = self.generation

    if TYPE_CHECKING:
        name: str
        key_hash: str
        webhook: str | None
        webhook_generation: int

    def to_json(self) -> dict[str, Any]:
        return {"player_id": str(self.id), "name": self.name,
                "registered_at": self.created_on.isoformat()}


class Players(Outbox):
    """The player use cases (and the webhook outbox), a collaborator of ``GameService``,
    which gives it its repository, recorder and ``save``, its clock, token maker and master
    secret, and its ``get`` (the rematch's finished game)."""

    def __init__(self, repository: Repository[UUID], recorder: Any, save: Callable[..., Any],
                 get: Callable[..., Game], secret: bytes, clock: Callable[[], datetime],
                 new_token: Callable[[], str]) -> None:
        self.repository = repository
        self.recorder = recorder
        self.save = save  # type: ignore[method-assign]
        self.get = get
        self._secret = secret
        self._clock = clock
        self._new_token = new_token

    def register_player(self, name: str) -> tuple[Player, str]:
        """A new player and its key (shown once)."""
        refusal = name_refusal(name)
        if refusal is not None:
            raise BadName(refusal)
        player_id = uuid4()
        key = self._new_key(player_id)
        player = Player._create(Player.Registered, id=player_id, name=name,
                                key_hash=sha256_hex(key), timestamp=self._clock())
        self.save(player)
        return player, key

    def rotate_key(self, player_id: UUID) -> str:
        """A new key for the player; the old one stops working."""
        player = self.get_player(player_id, copy=True)
        key = self._new_key(player_id)
        player.trigger_event(Player.KeyRotated, key_hash=sha256_hex(key),
                             timestamp=self._clock())
        self.save(player)
        return key

    def set_webhook(self, player_id: UUID, url: str | None) -> tuple[Player, str | None]:
        """Point the player's webhook at ``url`` (None: no webhook); answers the player and the
        new secret (shown once). The URL is checked by the caller (it needs the network)."""
        player = self.get_player(player_id, copy=True)
        generation = player.webhook_generation + 1
        player.trigger_event(Player.WebhookSet, url=url, generation=generation,
                             timestamp=self._clock())
        self.save(player)
        return player, (None if url is None else self.webhook_secret(player_id, generation))

    def webhook_secret(self, player_id: UUID, generation: int) -> str:
        """The Standard Webhooks secret of a webhook: ``whsec_`` and base64 of 32 bytes."""
        raw = hmac.new(self._secret, f"gamehall-webhook:{player_id}:{generation}".encode(),
                       hashlib.sha256).digest()
        return "whsec_" + base64.b64encode(raw).decode()

    def get_player(self, player_id: UUID, copy: bool = False) -> Player:
        try:
            player: Any = self.repository.get(player_id, deepcopy_from_cache=copy)
        except AggregateNotFoundError:
            raise PlayerNotFound(f"There is no player {player_id}.") from None
        if not isinstance(player, Player):
            raise PlayerNotFound(f"There is no player {player_id}.")
        return player

    def player_of_key(self, key: str) -> Player | None:
        """The player whose current key ``key`` is (None: no such key)."""
        if not is_player_key(key):
            return None
        named, _, _ = key.removeprefix(KEY_PREFIX).partition(".")
        try:
            player = self.get_player(UUID(hex=named))
        except (ValueError, PlayerNotFound):
            return None
        return player if hmac.compare_digest(player.key_hash, sha256_hex(key)) else None

    def seat_keys(self, game_id: UUID, copy: bool = False) -> Any:
        """The game's ``SeatKeys`` (token hashes and the seats' players)."""
        try:
            return self.repository.get(SeatKeys.id_for(game_id), deepcopy_from_cache=copy)
        except AggregateNotFoundError:
            raise GameNotFound(f"There is no game {game_id}.") from None

    def seating(self, game_id: UUID) -> Seating:
        """Which players hold the game's seats, and whether it is listed or a rematch."""
        return seating_of(self.seat_keys(game_id))

    def seat_all(self, keys: Any, players: list[dict[str, Any]]) -> None:
        """Record in a new game's ``keys`` the seats that players take (``player``: an id)."""
        for seat, player in enumerate(players):
            if player.get("player") is not None:
                self.seat(keys, seat, UUID(str(player["player"])))

    def seat(self, keys: Any, seat: int, player_id: UUID) -> None:
        refuse_second_seat(seating_of(keys), player_id)
        keys.trigger_event(PlayerSeated, seat=seat, player_id=str(player_id),
                           timestamp=self._clock())

    def mark(self, keys: Any, listed: bool, rematch_of: UUID | None) -> None:
        """Record in a new game's ``keys`` that it is listed, or a rematch of ``rematch_of``."""
        if listed:
            keys.trigger_event(Listed, timestamp=self._clock())
        if rematch_of is not None:
            keys.trigger_event(RematchOf, game_id=str(rematch_of), timestamp=self._clock())

    def rematch(self, game_id: UUID, seat: int) -> CreateGame:
        """The command of a new game of the finished game ``game_id``'s game, options and
        clock, asked for by its ``seat``: the seats rotated (each moves one place up, the first
        goes last), each held as before (a player's by the player, a bot's by the bot; a seat
        held by a token alone stays the asker's if it is the asker's, and is open otherwise)."""
        old = self.get(game_id, reading=True)
        if old.status not in FINISHED:
            raise RematchRefused("A rematch follows a finished game; this one is "
                                 f"{old.status}.")
        seating = self.seating(game_id)
        players, options = rotated(old, seating, seat)
        return CreateGame(old.game_name, options, tuple(players),
                          bool(old.life.get("takebacks")), clock=old.life.get("clock"),
                          listed=seating.listed, rematch_of=game_id)

    def _new_key(self, player_id: UUID) -> str:
        return f"{KEY_PREFIX}{player_id.hex}.{self._new_token()}"


def is_player_key(token: str) -> bool:
    return token.startswith(KEY_PREFIX)
