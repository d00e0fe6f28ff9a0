"""The commands of the game service and the outcome of each: what a caller asks, as data.

A caller (a web handler, the command line, a test) builds one command and gives it to
``GameService.run``, which carries it out as one unit of work (load the game, decide, save in
one transaction, write the read models, sign the mover's receipts) and answers an ``Outcome``.
Commands name what a person asks for, in the imperative; they hold no behaviour.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any
from uuid import UUID

if TYPE_CHECKING:
    from eventsourcing.domain import Aggregate

    from .aggregate import Game


@dataclass(frozen=True)
class CreateGame:
    """A new game; ``players`` are ``{name}`` (a human, given a token; with ``player``, a
    player's id, the seat is that player's), ``{bot}`` or ``{}`` (an open seat). ``decks``:
    a registered deck id (or None) a seat, where players bring their own. ``game_id`` is for
    reproducible runs (by default a fresh one). ``listed``: its open seats listed for anyone
    to join; ``rematch_of``: the finished game it replays; ``position``: a sandbox that starts
    from this position (domain/kernel/position.py) instead of the game's setup."""

    game: str
    options: Mapping[str, Any] | None
    players: tuple[Mapping[str, Any], ...]
    takebacks: bool = False
    decks: tuple[UUID | None, ...] | None = None
    game_id: UUID | None = None
    clock: Mapping[str, Any] | None = None
    listed: bool = False
    rematch_of: UUID | None = None
    position: Mapping[str, Any] | None = None


@dataclass(frozen=True)
class ForkGame:
    """A sandbox from the finished game ``source_id``'s state after its event ``at``; no
    ``players``: a human seat each, named ``seat N``."""

    source_id: UUID
    at: int
    players: tuple[Mapping[str, Any], ...]
    takebacks: bool = False
    game_id: UUID | None = None
    clock: Mapping[str, Any] | None = None


@dataclass(frozen=True)
class TakeSeat:
    """An open seat taken by ``name`` (for ``player``, a player's id, where given)."""

    game_id: UUID
    seat: int
    name: str
    player: UUID | None = None


@dataclass(frozen=True)
class Idempotency:
    """A request applied once per ``key`` of its seat; ``fingerprint`` tells a repeat of the
    same request from another request that reuses the key."""

    key: str
    fingerprint: str


@dataclass(frozen=True)
class PlayMoves:
    """The seat's moves, in order, all or none. ``by`` names the mover in the history (by
    default the seat's name); ``expected_version``: refuse if the game has moved on."""

    game_id: UUID
    seat: int
    moves: tuple[Mapping[str, Any], ...]
    by: str | None = None
    expected_version: int | None = None
    idempotency: Idempotency | None = None


@dataclass(frozen=True)
class Resign:
    game_id: UUID
    seat: int


@dataclass(frozen=True)
class Abandon:
    game_id: UUID
    reason: str


@dataclass(frozen=True)
class AskTakeback:
    game_id: UUID
    seat: int
    moves: int


@dataclass(frozen=True)
class AnswerTakeback:
    game_id: UUID
    seat: int
    accepted: bool


@dataclass(frozen=True)
class SetPreferences:
    """The window kinds ``seat`` chooses not to be asked in from now on (the game's
    ``rules.windows``; empty: asked in every window): recorded as a public event, after
    which the service passes those windows for it."""

    game_id: UUID
    seat: int
    skip: tuple[str, ...]


@dataclass(frozen=True)
class TimeOut:
    """Record the timeout of every seat of the game whose deadline has passed, and what
    follows it (the autopilot's answer, or the seat's forfeit): fired by the deadline loop
    of any host; once one has, a second firing finds nothing due."""

    game_id: UUID


Command = (CreateGame | ForkGame | TakeSeat | PlayMoves | Resign | Abandon | AskTakeback
           | AnswerTakeback | TimeOut | SetPreferences)


@dataclass(frozen=True)
class Outcome:
    """What a command left: the game, its read models as written (``views``: field name to
    document), the new seat tokens (seat -> token, shown once), the signed receipts of the
    mover's moves, the events saved, and whether the command was a repeat of an earlier one
    (then nothing was saved and ``game`` is the game as the first one left it)."""

    game: Game
    views: Mapping[str, Any]
    tokens: Mapping[int, str] = field(default_factory=dict)
    receipts: tuple[dict[str, Any], ...] = ()
    events: tuple[Any, ...] = ()
    repeated: bool = False


@dataclass
class Change:
    """What deciding a command changed, for the unit of work to save: the game, other
    aggregates saved in the same transaction (seat keys, an idempotency record), and the
    tokens issued. ``retry``: whether losing the store's version check is retried from a
    reload (a new game's id is its own: a clash is never retried)."""

    game: Game
    also: tuple[Aggregate, ...] = ()
    tokens: dict[int, str] = field(default_factory=dict)
    repeated: bool = False
    retry: bool = True
