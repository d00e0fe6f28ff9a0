"""Property-based requests against the whole API from its own OpenAPI document (schemathesis):
no input answers 5xx, and every answer matches what the document says. A bounded run here;
CI runs a longer one (``SCHEMATHESIS_EXAMPLES``). The app is real: an in-memory game service
with the toy game, and a real (embedded) Redis of its own."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import positive_data_acceptance

from api import close_app, create_app
from projections.store import embedded_server
from tests.conftest import make_service

EXAMPLES = int(os.environ.get("SCHEMATHESIS_EXAMPLES", "15"))


# The app is built at import, as schemathesis reads its OpenAPI document then, but its Redis is
# started only when the tests run (the fixture below): a collection alone starts no server.
# An embedded Redis of its own, even where REDIS_URL names one: the other API tests flush and
# fill that one while this module's app lives.
FOLDER = Path(tempfile.mkdtemp(prefix="gamehall-schemathesis-"))
REDIS = redis.Redis(unix_socket_path=str(FOLDER / "redis.sock"), decode_responses=True)
SERVICE = make_service()
APP = create_app({"TESTING": True, "GAMEHALL_SERVICE": SERVICE, "GAMEHALL_REDIS": REDIS,
                  "STREAM_MAX_SECONDS": 1.0, "RATELIMIT_ENABLED": False,
                  "CATCH_UP_ON_START": False,
                  # No thread of its own while the other test modules are collected: Python
                  # 3.11's AST constructor keeps one recursion count for every thread, and a
                  # thread that compiles (a first import) while pytest parses a test module
                  # fails it with "AST constructor recursion depth mismatch".
                  "DEADLINE_SECONDS": 0, "WEBHOOK_DISPATCH": False})
schema = schemathesis.openapi.from_wsgi("/openapi.json", APP)


@pytest.fixture(scope="module", autouse=True)
def _embedded_redis_while_the_module_runs() -> Iterator[None]:
    with embedded_server(FOLDER):
        # A game to find, so the operations on one game answer more than 404.
        APP.test_client().post("/games",
                               json={"game": "toy", "players": [{"name": "a"}, {}]})
        try:
            yield
        finally:
            close_app(APP)
            SERVICE.close()
            REDIS.close()
    shutil.rmtree(FOLDER, ignore_errors=True)


@schema.parametrize()
@settings(max_examples=EXAMPLES, deadline=None, derandomize=True,
          suppress_health_check=list(HealthCheck))
def test_no_request_answers_5xx_or_strays_from_the_document(case):
    # Schema-valid content may still be refused: a move the game does not allow (422), or
    # fields that exclude each other (`move` and `moves`; a seat both named and a bot: 400),
    # which OpenAPI 3.0 cannot state. Every other check runs.
    case.call_and_validate(excluded_checks=[positive_data_acceptance])
