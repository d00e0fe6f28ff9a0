"""Playing: a seat's view (now, or after event N where that does not leak) and posting moves."""

from __future__ import annotations

import hashlib
from typing import Any
from uuid import UUID

from flask import Response, request

from domain.commands import Idempotency, PlayMoves
from domain.history import FINISHED
from domain.kernel import IllegalMove, canonical_json
from projections import seat_field, seat_view, view_text

from .auth import caller_seat, forbid_other_seat
from .blueprint import Blueprint, json_body, json_text
from .errors import ApiError
from .hall import hall
from .schemas import MoveResultSchema, MovesSchema, ViewQuery, ViewSchema

blp = Blueprint("play", __name__, url_prefix="/games",
                description="A seat's view and its moves.")


def own_view(game_id: UUID) -> Response | None:
    """The caller's own view, or the board: a view read without a query string (the one the
    clients make after most moves), sent as stored and checked current."""
    if request.query_string:
        return None
    return json_text(hall().projector.read_text(game_id, caller_seat(game_id, required=False)))


@blp.route("/<uuid:game_id>/view", methods=["GET"])
@blp.thin(own_view)
@blp.arguments(ViewQuery, location="query")
@blp.response(200, ViewSchema)
@blp.problems(400, 401, 403, 404)
def view(query: dict[str, Any], game_id: UUID) -> dict[str, Any] | Response:
    """A seat's hand view (with its token) or the board view (without).

    `seat` asks for another perspective and `at=N` for the view after event N: both only where
    that leaks nothing: once the game is over, or for your own seat (403 otherwise)."""
    h = hall()
    caller = caller_seat(game_id, required=False)
    if not query:  # an empty query string ("?"): the caller's own view, or the board
        return json_text(h.projector.read_text(game_id, caller))
    perspective = query.get("seat", caller)
    summary = h.projector.summary(game_id)
    finished = summary["status"] in FINISHED
    if perspective is not None and perspective >= len(summary["seats"]):
        raise ApiError(400, "invalid-request", f"This game has no seat {perspective}.")
    if not finished and perspective != caller:
        raise ApiError(403, "not-your-seat", "Until the game is over you may see only your "
                       "own seat's view (or, without a token, the board).")
    at = query.get("at")
    if at is None:
        document: dict[str, Any] = h.projector.read(game_id, perspective)
        return document
    if not finished and caller is None:
        raise ApiError(403, "not-your-seat", "Until the game is over, past views are shown "
                       "only to the seat they belong to.")
    if at > summary["version"]:
        raise ApiError(400, "invalid-request", f"The game has {summary['version']} events; "
                       f"at must be 1 to {summary['version']}.")
    return seat_view(h.service.get(game_id, version=at), perspective)


def one_move(game_id: UUID) -> Response | None:
    """A POST of one move in the usual shape, read without marshmallow: a subset of what
    ``MovesSchema`` loads, to the same value. Any other body is declined (None) before
    anything is done, and ``MovesSchema`` answers it (or its 400, word for word)."""
    body = json_body()
    return play(body, game_id) if usual_move(body) else None


MOVE_FIELDS = {"move", "expected_version", "seat"}


def usual_move(body: Any) -> bool:
    """``{"move": {...}}``, with ``expected_version`` (1 or more) and ``seat`` (0 or more) as
    integers if given: bodies ``MovesSchema`` loads to themselves."""
    if (type(body) is not dict or not body.keys() <= MOVE_FIELDS
            or type(body.get("move")) is not dict):
        return False
    version, seat = body.get("expected_version", 1), body.get("seat", 0)
    return type(version) is int and version >= 1 and type(seat) is int and seat >= 0


@blp.route("/<uuid:game_id>/moves", methods=["POST"])
@blp.thin(one_move)
@blp.arguments(MovesSchema)
@blp.response(200, MoveResultSchema)
@blp.problems(400, 401, 403, 404, 409, 413, 422)
def moves(body: dict[str, Any], game_id: UUID) -> Response:
    """Post a move (`move`) or a list of moves (`moves`, applied in order, all or none).

    With `expected_version` a stale version answers 409 with `current_version`. With an
    `Idempotency-Key` header a retried request is applied once and answers the same. An illegal
    move answers 422 with the reason and your legal moves; a move when you are not asked
    answers 409 `not-your-turn`; in a game on a clock, a move after your deadline answers 409
    `deadline-passed` (your timeout is recorded within a second). Answers the new version,
    your view and a signed receipt for each move (keep them: `gamehall replay verify
    --receipts` checks the published history honours them)."""
    return play(body, game_id)


def play(body: dict[str, Any], game_id: UUID) -> Response:
    """The moves of a request body as ``MovesSchema`` loads it."""
    seat = caller_seat(game_id, required=True)
    assert seat is not None
    if body.get("seat") is not None:
        forbid_other_seat(seat, body["seat"], "move")
    command = PlayMoves(game_id, seat, tuple(body.get("moves") or [body["move"]]),
                        expected_version=body.get("expected_version"),
                        idempotency=idempotency(seat, body))
    try:
        outcome = hall().service.run(command)
    except IllegalMove:
        if len(command.moves) == 1:
            raise
        raise list_refusal(game_id, seat) from None
    # The answer's JSON written around the view's text as it was just stored (sorted keys,
    # as every answer): the view, most of the answer, is not dumped and encoded again.
    receipts = canonical_json(list(outcome.receipts))
    return json_text(f'{{"game_id":"{game_id}","receipts":{receipts},"version":'
                     f'{outcome.game.version},"view":{view_text(outcome.views, seat_field(seat))}'
                     '}\n')


def list_refusal(game_id: UUID, seat: int) -> ApiError:
    """A refused list of moves is explained from the recorded game only: the error of a later
    move could show what an earlier one drew, and nothing of that was recorded."""
    current = hall().projector.read(game_id, seat)
    if current["status"] in FINISHED:
        return ApiError(409, "game-over", "The game is over.")
    if current["prompt"] is None:
        return ApiError(409, "not-your-turn", "It is not your turn: the game is waiting for "
                       f"seat {', '.join(map(str, current['waiting_for']))}.",
                       waiting_for=current["waiting_for"])
    return ApiError(422, "illegal-move", "One of the moves is not allowed at the point it comes "
                   "in the list; nothing was recorded. Your legal moves now are given.",
                   legal_moves=current["prompt"]["legal_moves"])


def idempotency(seat: int, body: dict[str, Any]) -> Idempotency | None:
    """The request's ``Idempotency-Key`` (applied once: a repeat answers as the first one did),
    with the fingerprint of what the seat asked."""
    key = request.headers.get("Idempotency-Key")
    if key is None:
        return None
    if not 1 <= len(key) <= 200 or not key.isprintable():
        raise ApiError(400, "invalid-request", "Idempotency-Key must be 1 to 200 printable "
                       "characters.")
    asked = canonical_json({"seat": seat, **body}).encode()
    return Idempotency(key, hashlib.sha256(asked).hexdigest())
