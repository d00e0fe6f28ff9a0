"""The instructions a move costs the app, counted by callgrind (docs/performance.md, "Seventh
round: a request's CPU"): independent of the machine's load, so two trees can be compared
on a shared machine where CPU times move by a fifth between runs.

    python -m bench.request_instructions [FEWER MORE]

Runs this tree's app in a child process under ``valgrind --tool=callgrind`` twice, playing
FEWER and then MORE POST moves (default 100 and 600) of Revolution matches with the view
reads they need, as ``bench.layers`` drives them (the WSGI app through Flask's test client,
SQLite and an embedded Redis, whose own work is not counted), and each finished game's
re-verification waited for; prints the instructions a move of the difference, which leaves
the start-up out. Game ids, seeds and ``PYTHONHASHSEED`` are fixed, so two trees play the
same games when their answers are the same.
"""

from __future__ import annotations

import hashlib
import os
import random
import re
import subprocess
import sys
import tempfile
import uuid
from pathlib import Path
from typing import Any

TABLES = 20


def play(moves: int) -> None:
    """``moves`` POST moves in this process, every finished game's verification awaited."""
    ids = random.Random(1)
    uuid.uuid4 = lambda: uuid.UUID(int=ids.getrandbits(128), version=4)  # game ids fixed
    with tempfile.TemporaryDirectory() as var:
        os.environ.update({"GAMEHALL_VAR": var, "GAMEHALL_STORE": "sqlite",
                           "GAMEHALL_RATE_LIMITS": "off"})
        os.environ.pop("REDIS_URL", None)
        from api import close_app, create_app
        from domain.application import GameService

        from .layers import Clock, _move, _new_table

        def seed_of(_: Any, game_id: uuid.UUID) -> bytes:  # the master secret is random
            return hashlib.sha256(f"seed:{game_id}".encode()).digest()

        GameService.seed_of = seed_of  # type: ignore[method-assign,assignment]
        app = create_app({"CATCH_UP_ON_START": False})
        try:
            client, rng, clock = app.test_client(), random.Random(9), Clock()
            tables = [_new_table(client) for _ in range(TABLES)]
            while clock.posted < moves:
                _move(client, rng.choice(tables), rng, clock)
            assert app.extensions["gamehall"].projector.auditor.wait_idle()
        finally:
            close_app(app)


def counted(moves: int) -> int:
    """The instructions of a child process that plays ``moves`` moves, all its threads."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "callgrind.out"
        run = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable,
             "-m", "bench.request_instructions", "--play", str(moves)],
            capture_output=True, text=True, env={**os.environ, "PYTHONHASHSEED": "0"},
            check=True)
    found = re.search(r"Collected : (\d+)", run.stderr)
    assert found is not None, run.stderr[-2000:]
    return int(found.group(1))


def main() -> None:
    if sys.argv[1:2] == ["--play"]:
        play(int(sys.argv[2]))
        return
    fewer, more = (int(a) for a in sys.argv[1:3]) if len(sys.argv) > 2 else (100, 600)
    low, high = counted(fewer), counted(more)
    print(f"{fewer} moves: {low:,} instructions; {more} moves: {high:,}; "
          f"a move: {(high - low) / (more - fewer):,.0f}")


if __name__ == "__main__":
    main()
