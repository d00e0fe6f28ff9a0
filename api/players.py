"""Players: registering, keys, the inbox (a list and one event stream across all of a
player's games), the webhook and its deliveries; and, for the games resource, what a player
key changes (a seat taken as ``{"player": "me"}``, an open seat joined with the key) and
rematches.

Every ``/players/me`` resource takes the player's key: ``Authorization: Bearer ghp....``."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any
from uuid import UUID

from flask import Response, current_app, request

from projections import Subscription, catch_up
from projections.inbox_store import InboxStore, player_channel

from .auth import caller_player, caller_seat
from .blueprint import Blueprint, json_text
from .errors import ApiError
from .hall import hall
from .schemas import (
    CreatedSchema,
    DeckShelfSchema,
    DeliveriesSchema,
    InboxQuery,
    InboxSchema,
    InboxStreamQuery,
    PlayerKeySchema,
    PlayerSchemaOut,
    RegisterPlayerSchema,
    WebhookSchema,
    WebhookSetSchema,
)
from .webhooks import refuse_unsafe

blp = Blueprint("players", __name__, url_prefix="/players",
                description="Players: a key for all of a player's seats, the inbox, the "
                "webhook.")
lobby = Blueprint("lobby", __name__, url_prefix="/games",
                  description="Rematches of finished games.")


def inbox_store() -> InboxStore:
    return hall().projector.inbox.store


@blp.route("", methods=["POST"])
@blp.arguments(RegisterPlayerSchema)
@blp.response(201, PlayerKeySchema)
@blp.problems(400, 413, 422)
def register(body: dict[str, Any]) -> tuple[dict[str, Any], int]:
    """Register a player; answers its id and key (shown once: keep it)."""
    player, key = hall().service.players.register_player(body["name"])
    return {"player_id": str(player.id), "name": player.name, "key": key}, 201


@blp.route("/me", methods=["GET"])
@blp.response(200, PlayerSchemaOut)
@blp.problems(401)
def me() -> dict[str, Any]:
    """The player of the key."""
    player = caller_player()
    return {**player.to_json(), "webhook": player.webhook}


@blp.route("/me/keys", methods=["POST"])
@blp.response(201, PlayerKeySchema)
@blp.problems(401, 409)
def rotate() -> tuple[dict[str, Any], int]:
    """A new key for the player (shown once); the key sent stops working."""
    player = caller_player()
    key = hall().service.players.rotate_key(player.id)
    return {"player_id": str(player.id), "name": player.name, "key": key}, 201


@blp.route("/me/games", methods=["GET"])
@blp.arguments(InboxQuery, location="query")
@blp.response(200, InboxSchema)
@blp.problems(400, 401)
def inbox(query: dict[str, Any]) -> Response:
    """The player's games, the latest changed first: each with the player's seat, whose
    turn it is (`turn`: mine, theirs or over; `waiting_for`), since when, and the deadline
    (null without a clock). `turn` filters."""
    player = caller_player()
    catch_up(hall().projector)
    entries = inbox_store().inbox_texts(str(player.id), query.get("turn"), query["limit"])
    return json_text('{"games":[' + ",".join(entries) + "]}")  # the entries as stored


@blp.route("/me/stream", methods=["GET"])
@blp.arguments(InboxStreamQuery, location="query")
@blp.response(200, content_type="text/event-stream",
              description="Server-Sent Events across all the player's games: `event:` the "
              "kind (your-turn, deadline-soon, takeback-asked, seat-joined, game-over, "
              "rematch), `data:` the event's JSON, `id:` its id; keepalive comments.")
@blp.problems(400, 401)
def stream(query: dict[str, Any]) -> Response:
    """The player's inbox events as they happen, resuming after `Last-Event-ID` (or `after`):
    one connection a player, whatever the number of games."""
    player = caller_player()
    after = request.headers.get("Last-Event-ID") or query.get("after") or "$"
    if after != "$" and not _stream_id(after):
        raise ApiError(400, "invalid-request", "Last-Event-ID must be an inbox event id.")
    h = hall()
    subscription = h.store.subscribe(player_channel(str(player.id)))
    if after == "$":  # from now on: where the stream ends at this moment
        newest = inbox_store().newest_event_id(str(player.id))
        after = newest or "0"
    config = current_app.config
    frames = _frames(inbox_store(), str(player.id), after, subscription,
                     config["STREAM_KEEPALIVE"], config["STREAM_MAX_SECONDS"])
    response = Response(frames, mimetype="text/event-stream",
                        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})
    response.call_on_close(subscription.close)
    return response


def _stream_id(text: str) -> bool:
    first, _, second = text.partition("-")
    return len(text) <= 40 and first.isdigit() and (second == "" or second.isdigit())


def _frames(store: InboxStore, player_id: str, after: str, subscription: Subscription,
            keepalive: float, max_seconds: float) -> Iterator[str]:
    deadline = time.monotonic() + max_seconds
    try:
        yield "retry: 2000\n\n"
        while True:
            for event_id, event in store.events_after(player_id, after):
                yield f"id: {event_id}\nevent: {event['type']}\ndata: {json.dumps(event)}\n\n"
                after = event_id
            if time.monotonic() > deadline:
                return
            if subscription.wait(keepalive) is None:
                yield ": keepalive\n\n"
    finally:
        subscription.close()


@blp.route("/me/webhook", methods=["PUT"])
@blp.arguments(WebhookSchema)
@blp.response(200, WebhookSetSchema)
@blp.problems(400, 401, 413, 422)
def webhook(body: dict[str, Any]) -> dict[str, Any]:
    """Send the player's inbox events to `url` (https, a public address), each POSTed as
    JSON and signed as Standard Webhooks says (`webhook-id`, `webhook-timestamp`,
    `webhook-signature`) with the secret answered here (shown once; setting the webhook
    again makes a new one). `url: null` removes the webhook."""
    player = caller_player()
    if body["url"] is not None:
        refuse_unsafe(body["url"], current_app.config)
    _, secret = hall().service.players.set_webhook(player.id, body["url"])
    return {"url": body["url"], "secret": secret}


@blp.route("/me/decks", methods=["GET"])
@blp.response(200, DeckShelfSchema)
@blp.problems(401)
def decks() -> dict[str, Any]:
    """The decks the player registered with its key (POST /decks), the newest first: each
    deck's id, name, game, house, agenda and when it was registered."""
    player = caller_player()
    return {"decks": [{key: deck.to_json()[key] for key in SHELF_FIELDS}
                      for deck in hall().service.decks.owned_by(player.id)]}


SHELF_FIELDS = ("deck_id", "name", "game", "house", "agenda", "registered_at")


@blp.route("/me/webhook/deliveries", methods=["GET"])
@blp.response(200, DeliveriesSchema)
@blp.problems(401)
def deliveries() -> dict[str, Any]:
    """The player's latest webhook deliveries (50), newest first: each notification's
    `webhook_id`, its status (pending, delivered, failed) and every attempt."""
    player = caller_player()
    service = hall().service
    found = (service.players.get_delivery(UUID(d)) for d in inbox_store().deliveries(str(player.id),
                                                                              50))
    return {"deliveries": [d.to_json() for d in found if d is not None]}


@lobby.route("/<uuid:game_id>/rematch", methods=["POST"])
@lobby.response(201, CreatedSchema)
@lobby.problems(401, 403, 404, 409, 422)
def rematch(game_id: UUID) -> tuple[dict[str, Any], int]:
    """A new game of this finished game's game and options, asked by one of its seats: the
    seats rotated (each one place up, the first last), each held as before (a player's by
    the player, a bot's by the bot; a seat held by a token alone, the asker's stays theirs,
    another's is open). Its players are told (`rematch` in their inbox)."""
    seat = caller_seat(game_id, required=True)
    assert seat is not None
    service = hall().service
    outcome = service.run(service.players.rematch(game_id, seat))
    return {"game_id": str(outcome.game.id),
            "tokens": {str(s): t for s, t in outcome.tokens.items()},
            "game": outcome.views["summary"]}, 201


# ---- what a player key changes for the games resource ----


def seats_asked(players: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A new game's seats as the service takes them: `{"player": "me"}` becomes the key's
    player (by name and id), `{"open": true}` an open seat."""
    seats = []
    for asked in players:
        if asked.get("player") == "me":
            player = caller_player()
            seats.append({**_without(asked, "player"), "name": player.name,
                          "player": str(player.id)})
        else:
            seats.append(_without(asked, "open"))
    return seats


def _without(asked: dict[str, Any], key: str) -> dict[str, Any]:
    return {k: v for k, v in asked.items() if k != key}
