"""Decks: players register their own decklists for the games that take them, and read one
back by its id (docs/api.md, "Decks")."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from flask import url_for

from .blueprint import Blueprint
from .hall import hall
from .schemas import DeckSchema, RegisterDeckSchema

blp = Blueprint("decks", __name__, url_prefix="/decks",
                description="Register a deck of your own; read a registered deck.")


@blp.route("", methods=["POST"])
@blp.arguments(RegisterDeckSchema)
@blp.response(201, DeckSchema)
@blp.problems(400, 413, 422)
def register(body: dict[str, Any]) -> tuple[dict[str, Any], int, dict[str, str]]:
    """Register a decklist: answers it (in canonical form) with its id, which a new game's
    seat names (POST /games, `players[i].deck`). A deck that breaks the game's
    deck-construction rules answers 422 `illegal-deck` with `violations`: each rule broken,
    and the card at fault. A deck is never changed: register a new one."""
    decklist = {"house": body["house"], "agenda": body["agenda"], "plots": body["plots"],
                "cards": [list(row) for row in body["cards"]]}
    deck = hall().service.decks.register(body["game"], body["name"], decklist)
    return deck.to_json(), 201, {"Location": url_for("decks.read", deck_id=deck.id)}


@blp.route("/<uuid:deck_id>", methods=["GET"])
@blp.response(200, DeckSchema)
@blp.problems(404)
def read(deck_id: UUID) -> dict[str, Any]:
    """A registered deck. Its id is all it takes to read it: a game records decklists, never
    deck ids, so only those who were given the id can."""
    return hall().service.decks.get(deck_id).to_json()
