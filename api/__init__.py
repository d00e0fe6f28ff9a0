"""The Flask app: ``create_app`` builds one per process (after fork), with its game service,
Redis view store and projector, the resource blueprints, OpenAPI at ``/openapi.json`` and
browsable docs at ``/docs``."""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

from flask import Flask, Request, Response, send_from_directory
from flask.sessions import NullSession, SessionInterface
from flask_smorest import Api
from swagger_ui_bundle import swagger_ui_path

from domain.games import load_all

from . import (
    archive,
    client_pages,
    decks,
    errors,
    follow,
    games,
    keys,
    limits,
    play,
    players,
    streams,
    webhooks,
)
from .encoding import OrjsonProvider
from .hall import Hall, open_hall

DEFAULTS: dict[str, Any] = {
    "API_TITLE": "gamehall",
    "API_VERSION": "1",
    "OPENAPI_VERSION": "3.0.3",
    "OPENAPI_URL_PREFIX": "/",
    "OPENAPI_JSON_PATH": "openapi.json",
    "OPENAPI_SWAGGER_UI_PATH": "docs",
    # Served from the swagger-ui-bundle package, so /docs works with no internet access.
    "OPENAPI_SWAGGER_UI_URL": "/docs/assets/",
    "API_SPEC_OPTIONS": {
        "info": {"description": "Tabletop games played asynchronously over REST; every game "
                 "an immutable, hash-chained event history with verifiable replays. Errors "
                 "are application/problem+json."},
        "components": {"securitySchemes": {"seat": {"type": "http", "scheme": "bearer"}}},
        "security": [{"seat": []}, {}],
    },
    "MAX_CONTENT_LENGTH": 64 * 1024,
    "REPLAY_MAX_BYTES": 8 * 1024 * 1024,
    "STREAM_KEEPALIVE": 10.0,
    "STREAM_MAX_SECONDS": 300.0,
    "CATCH_UP_ON_START": True,
}


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    """The application. ``config`` may hold ``GAMEHALL_SERVICE`` (a GameService) and
    ``GAMEHALL_REDIS`` (a Redis client) to use instead of building them from the environment
    (``GAMEHALL_VAR``, ``GAMEHALL_STORE``, ``REDIS_URL``, see bootstrap)."""
    load_all()  # a registered game that does not import stops the service here, loudly
    app = Flask(__name__)
    app.json = OrjsonProvider(app)
    app.session_interface = NoSessions()
    app.config.from_mapping(DEFAULTS)
    app.config.from_mapping(limits.DEFAULTS)
    app.config.from_mapping(limits.from_environ(os.environ))
    app.config.from_mapping(webhooks.settings(os.environ))
    app.config.from_mapping(config or {})
    api = Api(app)
    errors.register(app)
    app.add_url_rule("/docs/assets/<path:filename>", "docs_assets", docs_asset)
    app.register_blueprint(client_pages.blp)  # the browser client, outside the OpenAPI
    for blueprint in (games.blp, play.blp, follow.blp, archive.games_blp, archive.blp,
                      keys.blp, decks.blp, players.blp, players.lobby):
        api.register_blueprint(blueprint)
    app.extensions["gamehall"] = open_hall(app.config)
    webhooks.start_dispatcher(app.extensions["gamehall"], app.config)
    limits.install(app, app.extensions["gamehall"].store.client)
    streams.install(app, app.extensions["gamehall"].store.client)
    if app.config["CATCH_UP_ON_START"]:
        from projections import catch_up

        projector = app.extensions["gamehall"].projector
        catch_up(projector)
        projector.auditor.sweep()  # finished games without a verdict, in the background
    return app


class NoSessions(SessionInterface):
    """The API keeps no session (a seat's token or a player's key names the caller): no
    cookie is looked for, nor a signing key, on each request."""

    # One null session for every request: it refuses every change, so none can leak into
    # another request (making one per request was 0.7% of a worker's Python work).
    NONE = NullSession()

    def open_session(self, app: Flask, request: Request) -> NullSession:
        return self.NONE


def docs_asset(filename: str) -> Response:
    """A file of Swagger UI, for the browsable docs."""
    return send_from_directory(swagger_ui_path, filename, max_age=86400)


def close_app(app: Flask) -> None:
    """Close the service and Redis client the app opened."""
    current: Hall | None = app.extensions.pop("gamehall", None)
    if current is not None:
        current.close()
