"""Shared fixtures: a game service in memory (fixed clock, counting tokens) and the toy game."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest

from domain.application import GameService
from domain.games import register_extra
from domain.receipts import SigningKey
from tests import toygame

register_extra("toy", toygame.RULES)
register_extra("coop", toygame.COOP_RULES)
register_extra("open", toygame.OPEN_RULES)

# The key the test services sign move receipts with (fixed, so receipts are reproducible).
TEST_RECEIPT_KEY = SigningKey.from_seed(bytes(range(32)))


def make_service(env: dict[str, str] | None = None) -> GameService:
    start = datetime(2026, 1, 1, tzinfo=UTC)
    ticks = itertools.count()
    tokens = itertools.count()
    return GameService(env or {}, secret=b"test master secret",
                       clock=lambda: start + timedelta(seconds=next(ticks)),
                       new_token=lambda: f"token-{next(tokens):04d}",
                       signing_key=TEST_RECEIPT_KEY)


@pytest.fixture
def service() -> Iterator[GameService]:
    app = make_service()
    yield app
    app.close()
