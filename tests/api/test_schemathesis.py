"""Property-based requests against the whole API from its own OpenAPI document (schemathesis):
no input answers 5xx, and every answer matches what the document says. A bounded run here;
CI runs a longer one (``SCHEMATHESIS_EXAMPLES``). The app is real: an in-memory game service
with the toy game, and a real (embedded) Redis of its own."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import positive_data_acceptance

from api import close_app, create_app
from projections import connect
from tests.conftest import make_service

EXAMPLES = int(os.environ.get("SCHEMATHESIS_EXAMPLES", "15"))


def _app():
    folder = tempfile.TemporaryDirectory()
    # An embedded Redis of its own, even where REDIS_URL names one: the other API tests
    # flush and fill that one while this module's app lives.
    redis_client = connect(None, Path(folder.name))
    service = make_service()
    app = create_app({"TESTING": True, "GAMEHALL_SERVICE": service,
                      "GAMEHALL_REDIS": redis_client, "STREAM_MAX_SECONDS": 1.0,
                      "RATELIMIT_ENABLED": False})
    # A game to find, so the operations on one game answer more than 404.
    app.test_client().post("/games", json={"game": "toy", "players": [{"name": "a"}, {}]})

    def close() -> None:
        close_app(app)
        service.close()
        redis_client.close()
        folder.cleanup()

    return app, close


APP, CLOSE = _app()
schema = schemathesis.openapi.from_wsgi("/openapi.json", APP)


@pytest.fixture(scope="module", autouse=True)
def _close_the_app_after_the_module():
    yield
    CLOSE()


@schema.parametrize()
@settings(max_examples=EXAMPLES, deadline=None, derandomize=True,
          suppress_health_check=list(HealthCheck))
def test_no_request_answers_5xx_or_strays_from_the_document(case):
    # Schema-valid content may still be refused: a move the game does not allow (422), or
    # fields that exclude each other (`move` and `moves`; a seat both named and a bot: 400),
    # which OpenAPI 3.0 cannot state. Every other check runs.
    case.call_and_validate(excluded_checks=[positive_data_acceptance])
