"""What is kept beside a game about its seats' players, in the game's ``SeatKeys`` (where the
hashes of its seat tokens are), never in the game's record: which player holds which seat,
whether the game is listed for anyone to join, which game it is a rematch of; and the seats of
a rematch.

The record names a player's seat as the player is named (``seat_taken``'s ``name``); a player
id, a pseudonym that would link every game a person played, stays out of the replay
documents exported in bulk (docs/async.md, "What is recorded where").
"""

from __future__ import annotations

from typing import Any, ClassVar
from uuid import UUID

from eventsourcing.domain import Aggregate
from eventsourcing.utils import register_topic

from .aggregate import Game, SeatUnavailable


class PlayerSeated(Aggregate.Event):
    """A player holds a seat of the game (an event of the game's ``SeatKeys``)."""

    TOPIC: ClassVar[str] = "gamehall:SeatKeys.PlayerSeated"
    seat: int
    player_id: str

    def apply(self, aggregate: Any) -> None:
        aggregate.__dict__.setdefault("players", {})[str(self.seat)] = self.player_id


class Listed(Aggregate.Event):
    """The game's open seats are listed for anyone to join (``GET /games?open=true``)."""

    TOPIC: ClassVar[str] = "gamehall:SeatKeys.Listed"

    def apply(self, aggregate: Any) -> None:
        aggregate.listed = True


class RematchOf(Aggregate.Event):
    """The game is a rematch of a finished game."""

    TOPIC: ClassVar[str] = "gamehall:SeatKeys.RematchOf"
    game_id: str

    def apply(self, aggregate: Any) -> None:
        aggregate.rematch_of = self.game_id


# Events of another module's aggregate (``SeatKeys``): the library registers the topics of
# events declared inside an aggregate class only.
for _event in (PlayerSeated, Listed, RematchOf):
    register_topic(_event.TOPIC, _event)


class Seating:
    """What is kept beside a game about its seats' players (read from its ``SeatKeys``)."""

    def __init__(self, players: dict[int, UUID], listed: bool, rematch_of: str | None) -> None:
        self.players = players
        self.listed = listed
        self.rematch_of = rematch_of

    def seat_of(self, player_id: UUID) -> int | None:
        return next((seat for seat, held in self.players.items() if held == player_id), None)


def seating_of(keys: Any) -> Seating:
    """The seating recorded in a game's ``SeatKeys`` (one saved before players existed has
    none of it)."""
    found = getattr(keys, "players", {})
    return Seating({int(seat): UUID(pid) for seat, pid in found.items()},
                   bool(getattr(keys, "listed", False)), getattr(keys, "rematch_of", None))


def refuse_second_seat(seating: Seating, player_id: UUID) -> None:
    held = seating.seat_of(player_id)
    if held is not None:
        raise SeatUnavailable(f"You hold seat {held} of this game already.")


def rotated(game: Game, seating: Seating, asker: int) -> tuple[list[dict[str, Any]],
                                                                dict[str, Any]]:
    """The seats of a rematch of ``game`` (each moved one place up) and its options (the
    seats' decklists, where the players brought their own, moved with them)."""
    count = len(game.seats)
    order = [(seat + 1) % count for seat in range(count)]
    players = [_held_again(game.seats[seat], seating.players.get(seat), seat == asker)
               for seat in order]
    options = dict(game.options)
    decks = game.rules.decks
    if decks is not None and isinstance(options.get(decks.option), list):
        options[decks.option] = [options[decks.option][seat] for seat in order]
    return players, options


def _held_again(seat: dict[str, Any], player: UUID | None, asker: bool) -> dict[str, Any]:
    if player is not None:
        return {"name": seat["name"], "player": str(player)}
    if seat["bot"] is not None:
        return {"bot": seat["bot"], "name": seat["name"]}
    return {"name": seat["name"]} if asker else {}
