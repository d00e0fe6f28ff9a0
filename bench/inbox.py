"""The inbox of a player with 1,000 games: what reading it costs, in-process (SQLite and an
embedded Redis in a temporary folder, as the server runs them, driven through the WSGI
interface with the test client: no gunicorn).

    python -m bench.inbox [GAMES]
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from typing import Any

from .table import Table

Say = Callable[[str], None]
READS = 50
# An inbox page of every one of 1,000 games read within this (ms, in-process).
TARGET_MS = 50.0


def inbox_cost(games: int, say: Say, table: Table | None = None) -> None:
    with tempfile.TemporaryDirectory() as var:
        os.environ.update({"GAMEHALL_VAR": var, "GAMEHALL_STORE": "sqlite",
                           "GAMEHALL_RATE_LIMITS": "off"})
        os.environ.pop("REDIS_URL", None)
        from api import close_app, create_app

        app = create_app({"CATCH_UP_ON_START": False})
        try:
            _measure(app.test_client(), games, say, table)
        finally:
            close_app(app)


def _measure(client: Any, games: int, say: Say, table: Table | None) -> None:
    key = client.post("/players", json={"name": "ann"}).get_json()["key"]
    headers = {"Authorization": f"Bearer {key}"}
    started = time.perf_counter()
    for _ in range(games):
        answer = client.post("/games", headers=headers, json={
            "game": "revolution", "players": [{"player": "me"}, {"name": "bob"}]})
        assert answer.status_code == 201, answer.get_json()
    created = (time.perf_counter() - started) / games * 1e3
    say(f"  {games:,} games created for one player: {created:.2f} ms a game (the inbox's "
        "entry written with the game's views)")
    for turn, limit in ((None, 1000), (None, 100), ("mine", 100)):
        query = f"?limit={limit}" + (f"&turn={turn}" if turn else "")
        median = _median_ms(client, f"/players/me/games{query}", headers)
        say(f"  GET /players/me/games{query}: median {median:.2f} ms")
        if table is not None and limit == 1000:
            table.add(f"inbox of a player with {games:,} games, all listed (ms)", median, "<",
                      TARGET_MS)


def _median_ms(client: Any, path: str, headers: dict[str, str]) -> float:
    times = []
    for _ in range(READS):
        started = time.perf_counter()
        answer = client.get(path, headers=headers)
        times.append((time.perf_counter() - started) * 1e3)
        assert answer.status_code == 200, answer.get_json()
    return statistics.median(times)


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    inbox_cost(games, lambda line: print(line, flush=True))


if __name__ == "__main__":
    main()
