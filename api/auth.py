"""Seats and bearer tokens: ``Authorization: Bearer <token>`` names the caller's seat.

Tokens are issued by the game service (shown once, stored only as hashes). A seat action
without a token is 401, with a token the game did not issue 401, for another seat 403. A
player's key (``domain.players``) is accepted wherever a seat token is: it names the seat
its player holds in the game."""

from __future__ import annotations

from uuid import UUID

from flask import request

from domain.players import Player, is_player_key

from .errors import ApiError
from .hall import hall


def bearer_token() -> str | None:
    header = request.headers.get("Authorization")
    if header is None:
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip() or len(token) > 200:
        raise ApiError(401, "unknown-token", "Send the seat's token as 'Authorization: Bearer "
                       "<token>'.")
    return token.strip()


def caller_seat(game_id: UUID, required: bool) -> int | None:
    """The seat the caller's token belongs to (None for no token, when that is allowed).
    Answers 404 first for an unknown game."""
    h = hall()
    service = h.service
    # A token this process has seen for the game says the game exists; else its version
    # is asked for (404 for an unknown game, without loading it), before the token's answer.
    seat = _known_seat(game_id)
    if seat is not None:
        return seat
    h.projector.version_of(game_id)
    token = bearer_token()
    if token is None:
        if required:
            raise ApiError(401, "token-required", "This needs the seat's token: "
                           "'Authorization: Bearer <token>'.")
        return None
    if is_player_key(token):
        return _players_seat(game_id, caller_player(), required)
    seat = service.seat_of_token(game_id, token)
    if seat is None:
        raise ApiError(401, "unknown-token", "That token belongs to no seat of this game.")
    return seat


def _known_seat(game_id: UUID) -> int | None:
    """The seat of a well-formed token this process has found for the game before."""
    try:
        token = bearer_token()
    except ApiError:  # malformed: answered in order below (404 first for an unknown game)
        return None
    return hall().service.known_seat(game_id, token) if token is not None else None


def forbid_other_seat(caller: int | None, seat: int, what: str) -> None:
    if caller is not None and caller != seat:
        raise ApiError(403, "not-your-seat", f"Your token is seat {caller}'s; it cannot "
                       f"{what} for seat {seat}.")


def caller_player() -> Player:
    """The player whose key the request carries (401 without one, or for a key that is not
    a player's current key)."""
    token = bearer_token()
    if token is None or not is_player_key(token):
        raise ApiError(401, "player-key-required", "This needs your player key: "
                       "'Authorization: Bearer ghp....' (POST /players).")
    player = hall().service.players.player_of_key(token)
    if player is None:
        raise ApiError(401, "unknown-token", "That is not a player's current key.")
    return player


def keyed_player() -> Player | None:
    """The player whose key the request carries (None: no key, or a seat token; 401 for a key
    that is not a player's current key)."""
    token = bearer_token()
    return caller_player() if token is not None and is_player_key(token) else None


def _players_seat(game_id: UUID, player: Player, required: bool) -> int | None:
    seat = hall().service.players.seating(game_id).seat_of(player.id)
    if seat is None and required:
        raise ApiError(403, "not-your-seat", f"{player.name} holds no seat of this game.")
    return seat
