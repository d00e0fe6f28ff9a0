"""make soak: games played over HTTP while gunicorn workers and the whole server are killed
with SIGKILL, then every game checked against what its players were told.

Each game is a Revolution match of two human seats, played by one client thread that posts a
random legal move for whichever seat is asked, each with its own ``Idempotency-Key``, and
retries the same request (same key) through connection errors and 503s until it gets an
answer. A killer kills one worker (gunicorn starts another) or the whole server's process
group (the next start takes over the orphaned embedded Redis) at intervals, and stops killing
before the end. Then unfinished games are resigned, the server is stopped, and from the event
store every game is verified and every acknowledged move looked for:

* lost: an acknowledged move that is not in the history;
* duplicated: a move in the history that no acknowledgement accounts for (a retry applied
  twice);
* 5xx: answers of 500 and up other than 503 (which asks for a retry).
"""

from __future__ import annotations

import http.client
import os
import random
import signal
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from uuid import UUID

import psutil

from api.serve import boot_command, free_port, wait_until_up
from bench.api_client import Answer, Client

Say = Callable[[str], None]
ROOT = Path(__file__).resolve().parent.parent


@dataclass
class Figures:
    requests: int = 0
    acknowledged: int = 0
    lost: int = 0
    duplicated: int = 0
    server_errors: int = 0
    retried: int = 0
    worker_kills: int = 0
    server_kills: int = 0
    games: int = 0
    verified: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def add(self, **counts: int) -> None:
        with self.lock:
            for name, count in counts.items():
                setattr(self, name, getattr(self, name) + count)

    def line(self) -> str:
        return (f"{self.games} games, {self.requests} requests, {self.acknowledged} acknowledged "
                f"moves, {self.lost} lost, {self.duplicated} duplicated, {self.server_errors} "
                f"5xx, {self.retried} retried; {self.worker_kills} workers and "
                f"{self.server_kills} whole servers killed; {self.verified} of {self.games} "
                "games verified")


class Server:
    """``gamehall serve`` in its own process group, on a fixed port and data folder."""

    def __init__(self, var: str, port: int, store: Mapping[str, str]) -> None:
        self.var, self.port = var, port
        self.url = f"http://127.0.0.1:{port}"
        self.env = {**{k: v for k, v in os.environ.items() if k != "REDIS_URL"},
                    "GAMEHALL_VAR": var, "GAMEHALL_STORE": "sqlite", "GAMEHALL_WORKERS": "2",
                    "GAMEHALL_RATE_LIMITS": "off", **store}
        self.child: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        log = open(Path(self.var) / "serve.log", "ab")  # noqa: SIM115 (the child keeps it)
        self.child = subprocess.Popen(
            [sys.executable, "-c", boot_command("127.0.0.1", self.port, 2)], cwd=ROOT,
            env=self.env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        log.close()
        wait_until_up(self.url, self.child, 60)

    def kill_everything(self) -> None:
        """SIGKILL to the whole server (arbiter and workers), as a crash would."""
        assert self.child is not None
        os.killpg(self.child.pid, signal.SIGKILL)
        self.child.wait()

    def kill_a_worker(self, rng: random.Random) -> bool:
        assert self.child is not None
        workers = psutil.Process(self.child.pid).children()
        if not workers:
            return False
        rng.choice(workers).send_signal(signal.SIGKILL)
        return True

    def stop(self) -> None:
        if self.child is not None and self.child.poll() is None:
            self.child.send_signal(signal.SIGTERM)
            self.child.wait(timeout=30)


class Player(threading.Thread):
    """Plays matches one after another until told to stop; keeps what it was told."""

    def __init__(self, url: str, seed: int, figures: Figures, stop: threading.Event) -> None:
        super().__init__(daemon=True)
        self.url, self.rng, self.figures, self.stop = url, random.Random(seed), figures, stop
        self.acknowledged: list[tuple[str, int, int, dict[str, Any]]] = []
        self.game_ids: list[str] = []
        self.failure: BaseException | None = None

    def run(self) -> None:
        try:
            while not self.stop.is_set():
                self.play_one()
        except BaseException as error:  # reported by the soak, never lost in a thread
            self.failure = error

    def call(self, client: Client, method: str, path: str, body: Any = None,
             headers: dict[str, str] | None = None) -> Answer:
        """The request, repeated as it is until the server answers other than 503/5xx."""
        for _ in range(600):
            self.figures.add(requests=1)
            try:
                answer = client.request(method, path, body, headers=headers)
            except (OSError, http.client.HTTPException):  # a kill mid-answer: IncompleteRead
                client.close()
                self.figures.add(retried=1)
                time.sleep(0.2)
                continue
            if answer.status >= 500:
                if answer.status != 503:
                    self.figures.add(server_errors=1)
                self.figures.add(retried=1)
                time.sleep(0.2)
                continue
            return answer
        raise RuntimeError(f"{method} {path}: no answer after 600 tries")

    def play_one(self) -> None:
        lobby = Client(self.url)
        created = self.call(lobby, "POST", "/games", {
            "game": "revolution", "players": [{"name": "a"}, {"name": "b"}]})
        assert created.status == 201, created.body
        game_id = created.json["game_id"]
        self.game_ids.append(game_id)
        self.figures.add(games=1)
        seats = [Client(self.url, created.json["tokens"][str(s)]) for s in (0, 1)]
        path = f"/games/{game_id}"
        try:
            while not self.stop.is_set():
                view = self.call(lobby, "GET", path).json
                if view["status"] != "active":
                    return
                seat = view["waiting_for"][0]
                mine = self.call(seats[seat], "GET", f"{path}/view").json
                move = self.rng.choice(mine["prompt"]["legal_moves"])
                key = str(uuid.uuid4())
                answer = self.call(seats[seat], "POST", f"{path}/moves", {"move": move},
                                   headers={"Idempotency-Key": key})
                assert answer.status == 200, (answer.status, answer.body)
                self.acknowledged.append((game_id, answer.json["version"], seat, move))
                self.figures.add(acknowledged=1)
        finally:
            for client in (lobby, *seats):
                client.close()


def soak(players: int, seconds: float, say: Say, kill_every: float = 4.0,
         seed: int = 1, store: Mapping[str, str] | None = None) -> Figures:
    """Play for ``seconds`` under kills (none in the last fifth), then check everything.
    ``store``: environment naming the stores (by default SQLite and the embedded Redis in a
    temporary var folder; PostgreSQL and a Redis server by ``GAMEHALL_STORE``, ``POSTGRES_*``,
    ``GAMEHALL_SECRET`` and ``REDIS_URL``)."""
    figures, rng, stop = Figures(), random.Random(seed), threading.Event()
    store = dict(store or {})
    with tempfile.TemporaryDirectory() as var:
        server = Server(var, free_port(), store)
        # A player that raises, or an interrupt, must not leave the server (and its workers and
        # embedded Redis) running after the soak: stop it whatever happens.
        try:
            server.start()
            threads = [Player(server.url, seed * 1000 + i, figures, stop) for i in range(players)]
            for thread in threads:
                thread.start()
            deadline = time.monotonic() + seconds
            quiet_from = deadline - seconds / 5
            while time.monotonic() < quiet_from:
                time.sleep(kill_every)
                if time.monotonic() >= quiet_from:
                    break
                if figures.worker_kills <= figures.server_kills:
                    figures.add(worker_kills=int(server.kill_a_worker(rng)))
                else:
                    server.kill_everything()
                    figures.add(server_kills=1)
                    server.start()
            time.sleep(max(0.0, deadline - time.monotonic()))
            stop.set()
            for thread in threads:
                thread.join(timeout=120)
                if thread.failure is not None:
                    raise thread.failure
        finally:
            stop.set()
            server.stop()
        check_store({**os.environ, "GAMEHALL_VAR": var, "GAMEHALL_STORE": "sqlite", **store},
                    threads, figures)
    say(f"  soak: {figures.line()}")
    return figures


def check_store(environ: Mapping[str, str], threads: list[Player], figures: Figures) -> None:
    from bootstrap import open_existing_service
    from domain.kernel import json_equal
    from replays import build_document, verify_document

    # Games a player left unfinished at the end are resigned here, so every one verifies.
    service = open_existing_service(environ)
    try:
        for game_id in {g for t in threads for g in t.game_ids}:
            records = service.records(UUID(game_id))
            if service.get(UUID(game_id)).status == "active":
                service.resign(UUID(game_id), 0)
                records = service.records(UUID(game_id))
            verdict = verify_document(build_document(records))
            figures.add(verified=int(verdict.valid))
            if not verdict.valid:
                print(f"  game {game_id} does not verify at event {verdict.failed_step}: "
                      f"{verdict.reason}", flush=True)
            moves = [r for r in records if r["type"] == "move_made"]
            acks = [a for t in threads for a in t.acknowledged if a[0] == game_id]
            matched: set[int] = set()
            for _, version, seat, move in acks:
                found = next((r["seq"] for r in moves if r["seq"] <= version
                              and r["seq"] not in matched and r["seat"] == seat
                              and json_equal(r["payload"]["move"], move)), None)
                if found is None:
                    figures.add(lost=1)
                else:
                    matched.add(found)
            figures.add(duplicated=len(moves) - len(matched))
    finally:
        service.close()


def stores(environ: Mapping[str, str]) -> list[tuple[str, dict[str, str]]]:
    """The stores to soak: the embedded one always, and PostgreSQL where ``SOAK_POSTGRES``
    names a database (``postgresql://user@host:port/db``; the views in the embedded Redis)."""
    from bootstrap import postgres_settings

    found = [("the embedded store (SQLite, embedded Redis)", {})]
    if environ.get("SOAK_POSTGRES"):
        found.append(("PostgreSQL", {"GAMEHALL_STORE": "postgres",
                                     "GAMEHALL_SECRET": "50" * 32,
                                     **postgres_settings(environ["SOAK_POSTGRES"])}))
    return found


def main() -> None:
    players = int(os.environ.get("SOAK_GAMES", "8"))
    seconds = float(os.environ.get("SOAK_SECONDS", "60"))
    bad = False
    for name, store in stores(os.environ):
        print(f"make soak on {name}: {players} games at once for {seconds:.0f} s, killing a "
              "worker or the whole server every 4 s", flush=True)
        figures = soak(players, seconds, lambda line: print(line, flush=True), store=store)
        bad = bad or bool(figures.lost or figures.duplicated or figures.server_errors
                          or figures.verified != figures.games)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
