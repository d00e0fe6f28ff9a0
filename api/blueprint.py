"""The API's Blueprint: flask-smorest's, with a stricter argument parser.

A request that does not match its schema (malformed JSON, unknown fields or query parameters,
wrong types) is a 400, keeping 422 for content the game itself refuses."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import flask
import flask_smorest
from marshmallow import RAISE, Schema
from webargs import core
from webargs.flaskparser import FlaskParser, is_json_request

from replays.document import loads

from .errors import ApiError
from .schemas import ProblemSchema

MAX_DEPTH = 64
SCALARS = (str, int, float, bool, type(None))


class StrictParser(FlaskParser):
    DEFAULT_VALIDATION_STATUS = 400
    DEFAULT_UNKNOWN_BY_LOCATION = {**FlaskParser.DEFAULT_UNKNOWN_BY_LOCATION,
                                   "querystring": RAISE, "query": RAISE}

    def __init__(self) -> None:
        super().__init__()
        self._schemas: dict[type[Schema], Schema] = {}
        self._empty_queries: dict[type[Schema], dict[str, Any]] = {}

    def parse(self, argmap: Any, req: Any = None, *, location: str | None = None,
              validate: Any = None, **kwargs: Any) -> Any:
        """As webargs parses, except that a request without a query string is given the
        arguments its query schema loads from nothing, loaded once (most reads of a view
        send none; webargs' parse of nothing cost a tenth of such a request)."""
        request = req if req is not None else flask.request
        if (location in ("query", "querystring") and validate is None
                and not request.query_string and argmap in self._empty_queries):
            return dict(self._empty_queries[argmap])
        parsed = super().parse(argmap, req, location=location, validate=validate, **kwargs)
        if (location in ("query", "querystring") and validate is None
                and not request.query_string and isinstance(argmap, type)
                and all(isinstance(value, SCALARS) for value in parsed.values())):
            self._empty_queries[argmap] = dict(parsed)
        return parsed

    def _get_schema(self, argmap: Any, req: flask.Request) -> Schema:
        """One instance of each argument schema class, reused by every request (webargs
        builds a new one per request, which cost more than parsing the body)."""
        if isinstance(argmap, type) and issubclass(argmap, Schema):
            schema = self._schemas.get(argmap)
            if schema is None:
                schema = self._schemas[argmap] = argmap()
            return schema
        built: Schema = super()._get_schema(argmap, req)
        return built

    def _raw_load_json(self, req: flask.Request) -> Any:
        if not is_json_request(req):
            return core.missing
        raw = req.get_data(cache=True)
        return parse_json(raw) if raw.strip() else core.missing


def parse_json(raw: bytes) -> Any:
    """Strict JSON (``replays.document.loads``: no NaN, Infinity or ``1e400``, no key twice in
    an object), UTF-8, no lone surrogates, at most 64 levels deep;
    anything else is a 400 (never a RecursionError or an unencodable string further in)."""
    try:
        value = loads(raw.decode("utf-8"))
    except RecursionError:
        raise ApiError(400, "invalid-request", "The body is not valid JSON.",
                       errors={"json": ["Invalid JSON body."]}) from None
    except ValueError as error:  # says where, or which key came twice
        raise ApiError(400, "invalid-request", f"The body is not valid JSON: {error}.",
                       errors={"json": [f"Invalid JSON body: {error}."]}) from None
    _check_nesting(value)
    return value


def _check_nesting(value: Any) -> None:
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise ApiError(400, "invalid-request", f"The body nests deeper than {MAX_DEPTH} "
                           "levels.")
        if isinstance(item, dict):
            stack += [(key, depth + 1) for key in item]
            stack += [(v, depth + 1) for v in item.values()]
        elif isinstance(item, list):
            stack += [(v, depth + 1) for v in item]
        elif isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                raise ApiError(400, "invalid-request", "The body holds a string that is not "
                               "valid Unicode.") from None


def json_body() -> Any:
    """The request's JSON body when it is sent as ``application/json`` and is not empty (the
    same strict reading as every body: a 400 for bad JSON), else None: the caller leaves such
    a request to webargs, which answers it as before."""
    request = flask.request
    content_type = request.environ.get("CONTENT_TYPE", "")
    if content_type != "application/json" and not content_type.startswith("application/json;"):
        return None
    raw = request.get_data(cache=True)  # cached: webargs reads the same bytes if declined
    return parse_json(raw) if raw.strip() else None


def json_text(text: str) -> flask.Response:
    """An answer whose JSON is already encoded (a stored view, sent as stored): the view's
    ``response`` schema documents it, and passes a Response through untouched."""
    response: flask.Response = flask.current_app.response_class(text, mimetype="application/json")
    return response


class Blueprint(flask_smorest.Blueprint):
    ARGUMENTS_PARSER = StrictParser()

    def thin(self, fast: Callable[..., flask.Response | None]) -> Any:
        """Serve a hot route by ``fast`` first, documented by the view it decorates (its
        arguments, answers and problems as flask-smorest records them): ``fast`` answers the
        requests it knows how to answer, and declines the rest (None), before it has done
        anything, to the decorated view, webargs' parsing and flask-smorest's answer. Their
        wrappers cost about a tenth of a move's request in a worker (webargs' parse, each
        wrapper's call through ``ensure_sync``)."""
        def decorate(documented: Any) -> Any:
            @functools.wraps(documented)
            def view(**arguments: Any) -> Any:
                answer = fast(**arguments)
                return answer if answer is not None else documented(**arguments)
            view._apidoc = documented._apidoc  # type: ignore[attr-defined]
            return view
        return decorate

    def problems(self, *statuses: int) -> Any:
        """Document the problem answers a view can give (and those any view may give: over a
        rate limit, the server saturated)."""
        def decorate(view: Any) -> Any:
            documented = view
            for status in (*statuses, *ANY_VIEW):
                documented = self.alt_response(status, schema=ProblemSchema,
                                               content_type="application/problem+json",
                                               description=DESCRIPTIONS[status])(documented)
            # Only the documentation is kept: flask-smorest's wrappers of alternative answers
            # just call through, one wrapper and app lookup a status on every request.
            view._apidoc = documented._apidoc
            return view
        return decorate


ANY_VIEW = (429, 503)
DESCRIPTIONS = {
    400: "Malformed request: bad JSON, unknown or mistyped fields, bad query parameters.",
    401: "No bearer token, or a token this game did not issue.",
    403: "The token's seat may not do this (another seat's action or view).",
    404: "No such game, seat or deck.",
    409: "Conflicts with the game as it is now: stale expected_version (current_version "
         "given), not your turn (not-your-turn), the game is over or not started, or the seat "
         "is taken.",
    413: "The body is larger than the limit (64 KiB; 8 MiB for a replay document).",
    422: "The game refuses it: an illegal move (reason and legal_moves given), an illegal "
         "deck (violations given), bad options, "
         "an unknown game or bot.",
    429: "More requests than the client's or the token's rate limit (Retry-After given).",
    503: "The server is saturated or a store is unavailable (Retry-After given).",
}
