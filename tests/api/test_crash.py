"""kill -9 under load: the real server (gunicorn, SQLite, embedded Redis) loses no
acknowledged move and applies no retried one twice; it restarts unaided. A small run of
``make soak`` (bench/soak.py)."""

from __future__ import annotations

from bench.soak import soak


def test_kill_9_of_a_worker_and_of_the_whole_server_loses_and_doubles_no_acknowledged_move():
    figures = soak(players=3, seconds=14, say=lambda line: None, kill_every=3.0)
    assert figures.worker_kills >= 1 and figures.server_kills >= 1
    assert figures.acknowledged > 0 and figures.retried > 0
    assert (figures.lost, figures.duplicated, figures.server_errors) == (0, 0, 0)
    assert figures.verified == figures.games > 0
