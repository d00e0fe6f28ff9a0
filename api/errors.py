"""Every error the API answers, as ``application/problem+json`` (RFC 9457), mapped in one place.

Each problem has ``type`` (``urn:gamehall:problem:<code>``), ``title``, ``status``, ``detail``
and ``code``, plus what helps the client recover: ``legal_moves`` for an illegal move,
``current_version`` for a stale version, ``waiting_for`` for a move out of turn, ``errors``
(field by field) for a request that does not match its schema.

| status | codes |
| --- | --- |
| 400 | ``invalid-request`` (malformed JSON, unknown or mistyped fields, bad query parameters,
  bad headers) |
| 401 | ``token-required``, ``unknown-token``, ``player-key-required`` |
| 403 | ``not-your-seat`` (another seat's action or perspective) |
| 404 | ``game-not-found``, ``seat-not-found``, ``deck-not-found``, ``player-not-found``,
  ``not-found`` |
| 405 | ``method-not-allowed`` |
| 409 | ``stale-version``, ``not-your-turn``, ``game-over``, ``game-closed``,
  ``seat-unavailable``, ``busy``, ``rematch-refused``, ``deadline-passed`` (the seat's
  time for its decision ran out: its timeout is recorded within a second) |
| 413 | ``payload-too-large`` |
| 429 | ``rate-limited``, ``too-many-streams`` (with ``Retry-After``) |
| 431 | ``header-too-large`` (gunicorn's refusal, as a problem) |
| 503 | ``unavailable`` (a store locked past its timeout, Redis down or out of connections,
  every slot for heavy work taken, a worker holding all the streams it may; with
  ``Retry-After``) |
| 500 | ``history-diverged`` (a stored game no longer reproduces: the store or the rules code
  changed underneath it), ``internal-error`` |
| 422 | ``illegal-move``, ``bad-options``, ``unknown-game``, ``unknown-rules-version``,
  ``idempotency-key-reused``, ``illegal-deck`` (with ``violations``: each rule the deck
  breaks), ``no-decks``, ``unknown-deck``, ``unreadable-deck`` (a decklist as text; with
  ``lines``, each line naming no card), ``bad-name``, ``webhook-refused``, ``game-error`` |

A move out of turn is 409, like every refusal that depends on where the game is now rather than
on what was sent (the same move may be right later); 422 is for content the game refuses.
"""

from __future__ import annotations

import logging
from typing import Any

from eventsourcing.persistence import InterfaceError, OperationalError
from flask import Flask, Response, json
from werkzeug.exceptions import HTTPException

from domain.kernel import GameError, IllegalMove, NotYourTurn
from projections import UNAVAILABLE

from .limits import Saturated
from .streams import Crowded

PROBLEM_JSON = "application/problem+json"

# Domain error codes (``GameError.code``) and their statuses; a subclass without an entry
# takes its nearest base class's.
STATUS_BY_CODE: dict[str, int] = {
    "game-error": 422,
    "bad-options": 422,
    "unknown-game": 422,
    "illegal-move": 422,
    "not-a-chance-step": 422,
    "move-list-crosses-draw": 422,
    "not-your-turn": 409,
    "game-over": 409,
    "game-closed": 409,
    "seat-unavailable": 409,
    "stale-version": 409,
    "busy": 409,
    "game-not-finished": 409,
    "rematch-refused": 409,
    "player-not-found": 404,
    "bad-name": 422,
    "takeback-pending": 409,
    "takeback-refused": 409,
    "deadline-passed": 409,
    "bad-fork-point": 422,
    "bad-position": 422,
    "idempotency-key-reused": 422,
    "game-not-found": 404,
    "seat-not-found": 404,
    "unknown-rules-version": 422,
    "illegal-deck": 422,
    "no-decks": 422,
    "unknown-deck": 422,
    "unreadable-deck": 422,
    "deck-not-found": 404,
    # The store's history of a game no longer reproduces under its rules: the server's fault,
    # never the request's; the game is not served until an operator restores it.
    "history-diverged": 500,
}

HTTP_CODES: dict[int, str] = {
    400: "invalid-request", 404: "not-found", 405: "method-not-allowed",
    413: "payload-too-large", 414: "uri-too-long", 415: "unsupported-media-type",
    429: "rate-limited", 431: "header-too-large", 500: "internal-error",
}

log = logging.getLogger(__name__)


class ApiError(Exception):
    """An outcome of the API itself (tokens, seats, query parameters), as a problem."""

    def __init__(self, status: int, code: str, detail: str, **extra: Any) -> None:
        super().__init__(detail)
        self.status = status
        self.code = code
        self.detail = detail
        self.extra = extra


def problem(status: int, code: str, detail: str, title: str | None = None,
            **extra: Any) -> Response:
    body = {"type": f"urn:gamehall:problem:{code}", "title": title or _title(code),
            "status": status, "detail": detail, "code": code, **extra}
    response = Response(json.dumps(body), status=status, mimetype=PROBLEM_JSON)
    if status == 401:
        response.headers["WWW-Authenticate"] = 'Bearer realm="gamehall"'
    return response


def status_of(error: GameError) -> int:
    for cls in type(error).__mro__:
        code = getattr(cls, "code", None)
        if code in STATUS_BY_CODE:
            return STATUS_BY_CODE[code]
    return 422


def game_problem(error: GameError) -> Response:
    extra: dict[str, Any] = {}
    if isinstance(error, IllegalMove) and not isinstance(error, NotYourTurn):
        extra["legal_moves"] = error.legal_moves
    if isinstance(error, NotYourTurn):
        extra["waiting_for"] = error.details.get("waiting_for", [])
    if "violations" in error.details:  # an illegal deck: every rule it breaks
        extra["violations"] = error.details["violations"]
    if "lines" in error.details:  # a decklist as text: each line that names no card
        extra["lines"] = error.details["lines"]
    if "problems" in error.details:  # a position that is none of the game's: each problem
        extra["problems"] = error.details["problems"]
    current = error.details.get("current")
    if current is not None:
        extra["current_version"] = current
    status = status_of(error)
    if status >= 500:
        log.error("game error %s: %s", error.code, error.message)
    return problem(status, error.code, error.message, **extra)


def http_problem(error: HTTPException) -> Response:
    status = error.code or 500
    code = HTTP_CODES.get(status, f"http-{status}")
    extra: dict[str, Any] = {}
    data = getattr(error, "data", None)
    if isinstance(data, dict) and "messages" in data:
        extra["errors"] = data["messages"]
        detail = "The request does not match its schema: see errors."
    else:
        detail = error.description or error.name
    response = problem(status, code, detail, title=error.name, **extra)
    allowed = getattr(error, "valid_methods", None)
    if status == 405 and allowed:  # RFC 9110: a 405 names the methods the resource takes
        response.headers["Allow"] = ", ".join(allowed)
    return response


def api_problem(error: ApiError) -> Response:
    return problem(error.status, error.code, error.detail, **error.extra)


# Retry-After for a request refused because the server is saturated (a store locked past its
# timeout, Redis down or out of connections).
RETRY_AFTER_SECONDS = 2


def unavailable_problem(error: Exception) -> Response:
    log.warning("unavailable: %s: %s", type(error).__name__, error)
    response = problem(503, "unavailable", "The server is busy or one of its stores is "
                       "unavailable. Retry after the given seconds (a move with the same "
                       "Idempotency-Key, so that it is applied once).")
    response.headers["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response


def crowded_problem(error: Crowded) -> Response:
    response = problem(error.status, error.code, error.detail)
    response.headers["Retry-After"] = str(error.retry_after)
    return response


def unexpected_problem(error: Exception) -> Response:
    log.exception("unexpected error", exc_info=error)
    return problem(500, "internal-error", "The server failed to answer; nothing was recorded "
                   "unless the game's version changed.")


def register(app: Flask) -> None:
    """Install the handlers (after flask-smorest's, which they replace)."""
    app.register_error_handler(ApiError, api_problem)
    app.register_error_handler(GameError, game_problem)
    app.register_error_handler(Crowded, crowded_problem)
    app.register_error_handler(HTTPException, http_problem)
    # InterfaceError: a PostgreSQL connection lost under the request (the server restarted).
    for unavailable in (*UNAVAILABLE, OperationalError, InterfaceError, Saturated):
        app.register_error_handler(unavailable, unavailable_problem)
    app.register_error_handler(Exception, unexpected_problem)


def _title(code: str) -> str:
    return code.replace("-", " ").capitalize()
