"""kill -9 under load: the real server (gunicorn, SQLite, embedded Redis; or PostgreSQL and a
Redis server) loses no acknowledged move and applies no retried one twice; it restarts
unaided. A small run of ``make soak`` (bench/soak.py)."""

from __future__ import annotations

import os
import secrets

import pytest

from bench.soak import Figures, soak


def assert_nothing_lost_or_doubled(figures: Figures) -> None:
    assert figures.worker_kills >= 1 and figures.server_kills >= 1
    assert figures.acknowledged > 0 and figures.retried > 0
    assert (figures.lost, figures.duplicated, figures.server_errors) == (0, 0, 0)
    assert figures.verified == figures.games > 0


def test_kill_9_of_a_worker_and_of_the_whole_server_loses_and_doubles_no_acknowledged_move():
    assert_nothing_lost_or_doubled(soak(players=3, seconds=14, say=lambda line: None,
                                        kill_every=3.0))


@pytest.mark.postgres
def test_kill_9_on_postgres_loses_and_doubles_no_acknowledged_move(postgres_env, redis_client):
    store = {**postgres_env, "GAMEHALL_STORE": "postgres",
             "GAMEHALL_SECRET": secrets.token_hex(32)}
    if os.environ.get("REDIS_URL"):  # the Redis server outlives the kills, as in production
        redis_client.flushdb()
        store["REDIS_URL"] = os.environ["REDIS_URL"]
    assert_nothing_lost_or_doubled(soak(players=3, seconds=14, say=lambda line: None,
                                        kill_every=3.0, store=store))
