"""Decks: players register their own decklists for the games that take them, as JSON or as
text the way players write them; check one as it is built; read one back by its id, as JSON or
as text (docs/api.md, "Decks")."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any
from uuid import UUID

from flask import Response, request, url_for
from marshmallow import ValidationError

from domain.deck_library import deck_rules, deck_text, decklist_of_text, read_deck_text

from .auth import keyed_player
from .blueprint import Blueprint
from .errors import ApiError
from .hall import hall
from .schemas import (
    CheckDeckSchema,
    DeckCheckSchema,
    DeckSchema,
    RegisterDeckSchema,
    printable_name,
)

blp = Blueprint("decks", __name__, url_prefix="/decks",
                description="Register a deck of your own; check one; read a registered deck.")
DEFAULT_NAME = "Imported deck"
DECK_FIELDS = ("house", "agenda", "plots", "cards")


def text_alternative(view: Callable[..., Any]) -> Callable[..., Any]:
    """A body sent as ``text/plain`` is a decklist as players write it, read by the game's
    own format (``?game=`` names the game, ``?name=`` the deck where the text does not);
    any other body goes on to the JSON view."""
    @functools.wraps(view)
    def either(*args: Any, **kwargs: Any) -> Any:
        if request.mimetype != "text/plain":
            return view(*args, **kwargs)
        return _register_text()
    return either


def _register_text() -> tuple[dict[str, Any], int, dict[str, str]]:
    game = request.args.get("game", "")
    if not game:
        raise ApiError(400, "invalid-request", "A decklist sent as text names its game: "
                       "POST /decks?game=thrones.", errors={"game": ["Missing."]})
    try:
        text = request.get_data(cache=True).decode("utf-8")
    except UnicodeDecodeError:
        raise ApiError(400, "invalid-request", "A decklist is UTF-8 text.") from None
    decklist, name = decklist_of_text(game, text)
    named = (request.args.get("name") or name or DEFAULT_NAME)[:60]
    try:
        printable_name(named)
    except ValidationError as error:
        raise ApiError(400, "invalid-request", str(error.messages[0]),
                       errors={"name": error.messages}) from None
    deck = hall().service.decks.register(game, named, decklist, owner())
    return (DeckSchema().dump(deck.to_json()), 201,
            {"Location": url_for("decks.read", deck_id=deck.id)})


def owner() -> UUID | None:
    """The player a deck is registered for: the one whose key the request carries (listed at
    GET /players/me/decks); without a key, nobody."""
    player = keyed_player()
    return None if player is None else player.id


@blp.route("", methods=["POST"])
@text_alternative
@blp.arguments(RegisterDeckSchema)
@blp.response(201, DeckSchema)
@blp.problems(400, 401, 413, 422)
def register(body: dict[str, Any]) -> tuple[dict[str, Any], int, dict[str, str]]:
    """Register a decklist: answers it (in canonical form) with its id, which a new game's
    seat names (POST /games, `players[i].deck`). A deck that breaks the game's
    deck-construction rules answers 422 `illegal-deck` with `violations`: each rule broken,
    and the card at fault. A deck is never changed: register a new one. Sent as `text/plain`
    (`POST /decks?game=thrones`), the body is a decklist as players write it; a line that
    names no card answers 422 `unreadable-deck` with `lines`, each with its number. Sent
    with a player's key, the deck is that player's (GET /players/me/decks)."""
    decklist = {"house": body["house"], "agenda": body["agenda"], "plots": body["plots"],
                "cards": [list(row) for row in body["cards"]]}
    deck = hall().service.decks.register(body["game"], body["name"], decklist, owner())
    return deck.to_json(), 201, {"Location": url_for("decks.read", deck_id=deck.id)}


@blp.route("/check", methods=["POST"])
@blp.arguments(CheckDeckSchema)
@blp.response(200, DeckCheckSchema)
@blp.problems(400, 413, 422)
def check(body: dict[str, Any]) -> dict[str, Any]:
    """Check a deck without registering it, as it is built: the decklist (read from `text`
    where given, else from the deck's fields), `violations` (what POST /decks would refuse),
    `lines` (each line of the text naming no card, with the nearest name) and the deck as
    `text`, to export."""
    game, name = body["game"], body.get("name")
    lines: list[dict[str, Any]] = []
    if "text" in body:
        reading = read_deck_text(game, body["text"])
        decklist, name, lines = reading.decklist, name or reading.name, reading.problems
    else:
        decklist = {"house": body.get("house", ""), "agenda": body.get("agenda"),
                    "plots": body.get("plots", []),
                    "cards": [list(row) for row in body.get("cards", [])]}
    rules = deck_rules(game)
    text = rules.text.write(decklist, name) if rules.text is not None else None
    return {"name": name, **decklist, "violations": rules.check(decklist), "lines": lines,
            "text": text}


@blp.route("/<uuid:deck_id>", methods=["GET"])
@blp.response(200, DeckSchema)
@blp.problems(404)
def read(deck_id: UUID) -> dict[str, Any]:
    """A registered deck. Its id is all it takes to read it: a game records decklists, never
    deck ids, so only those who were given the id can."""
    return hall().service.decks.get(deck_id).to_json()


@blp.route("/<uuid:deck_id>/text", methods=["GET"])
@blp.response(200, {"type": "string"}, content_type="text/plain")
@blp.problems(404, 422)
def export(deck_id: UUID) -> Response:
    """A registered deck as text, the way players write it (what POST /decks takes back)."""
    deck = hall().service.decks.get(deck_id)
    text = deck_text(deck.game).write(deck.decklist, deck.name)
    return Response(text, mimetype="text/plain")
