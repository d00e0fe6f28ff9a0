"""Where a POST move's server CPU goes, layer by layer: the floor of the HTTP targets.

The app runs in this process (SQLite and an embedded Redis in a temporary folder, as the
server runs them) and is driven through its WSGI interface: Revolution matches of two human
seats, each request a random legal move posted with the seat's token. Each layer's functions
are wrapped with a timer of this thread's CPU time; a layer's time excludes the layers it
calls, and what no layer claims is Flask, Werkzeug and webargs (routing, the request object,
body parsing). gunicorn's and gevent's part (reading the socket, parsing HTTP, writing the
answer) is what the real server's processes spend a move beyond this (``http_bench``).

    python -m bench.layers [MOVES]
"""

from __future__ import annotations

import os
import random
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

Say = Callable[[str], None]

# (label, module, attribute path): the functions that make each layer, wrapped in place.
LAYERS: list[tuple[str, str, str]] = [
    ("auth: token to seat, the game's existence", "api.play", "caller_seat"),
    ("load: the game from the cache (fast-forwarded)", "domain.application", "GameService.get"),
    ("rules: validate, apply, state hash, bots and draws", "domain.application",
     "GameService._decide"),
    ("save: the event store (SQLite, fsync)", "domain.application", "GameService.save"),
    ("views: every seat's view and the summary, built", "projections.projector", "all_views"),
    # The views' write is sent, the receipts signed, then its reply read (Projector.record).
    ("projection writes: Redis, one script call", "projections.store", "Direct.send"),
    ("projection writes: Redis, one script call", "projections.store", "Reply.__call__"),
    ("inbox: the seats' players, their entries and events", "projections.inbox",
     "Inbox.write"),
    ("receipts: the move's signed receipt", "domain.audits", "Receipts.of_moves"),
    ("request body: read, strict JSON (the thin move reading)", "api.play", "json_body"),
    ("request schema: webargs + marshmallow load", "api.schemas", "MovesSchema.load"),
    ("response schema: marshmallow dump", "api.schemas", "MoveResultSchema.dump"),
    ("serialisation: the answer's JSON", "api.encoding", "OrjsonProvider.dumps"),
]
OTHER = "Flask, Werkzeug, flask-smorest: routing, request, the rest"
REQUEST = "request"


class Clock:
    """Exclusive CPU time by layer: a layer's time less that of the layers it calls."""

    def __init__(self) -> None:
        self.spent: Counter[str] = Counter()
        self.stack: list[list[Any]] = []  # [label, started, children's time]
        self.on = False  # only the POST moves are timed (not the test client, nor reads)
        self.posted = 0
        # The view reads a move needs (the next seat's), timed whole: count and CPU ns.
        self.reads = self.read_ns = 0

    def wrap(self, label: str, function: Callable[..., Any]) -> Callable[..., Any]:
        def timed(*args: Any, **kwargs: Any) -> Any:
            if not self.on:
                return function(*args, **kwargs)
            frame = [label, time.thread_time_ns(), 0]
            self.stack.append(frame)
            try:
                return function(*args, **kwargs)
            finally:
                self.stack.pop()
                elapsed = time.thread_time_ns() - frame[1]
                self.spent[label] += elapsed - frame[2]
                if self.stack:
                    self.stack[-1][2] += elapsed
        return timed


@contextmanager
def instrumented(clock: Clock) -> Iterator[None]:
    import importlib

    undo = []
    for label, module_name, path in LAYERS:
        owner: Any = importlib.import_module(module_name)
        *parents, name = path.split(".")
        for parent in parents:
            owner = getattr(owner, parent)
        own = name in owner.__dict__  # else inherited: the wrapper is removed afterwards
        original = owner.__dict__[name] if own else getattr(owner, name)
        setattr(owner, name, clock.wrap(label, original))
        undo.append((owner, name, original if own else None))
    try:
        yield
    finally:
        for owner, name, original in reversed(undo):
            if original is None:
                delattr(owner, name)
            else:
                setattr(owner, name, original)


def profile(moves: int, say: Say) -> tuple[float, float]:
    """Play ``moves`` POST moves in-process; print each layer's CPU per move; answer the
    CPU ms of a POST move and of a view read (the WSGI request, without gunicorn)."""
    with tempfile.TemporaryDirectory() as var:
        os.environ.update({"GAMEHALL_VAR": var, "GAMEHALL_STORE": "sqlite",
                           "GAMEHALL_RATE_LIMITS": "off"})
        os.environ.pop("REDIS_URL", None)
        from api import close_app, create_app

        app = create_app({"CATCH_UP_ON_START": False})
        try:
            return _measure(app, moves, say)
        finally:
            close_app(app)


def _measure(app: Any, moves: int, say: Say) -> tuple[float, float]:
    client = app.test_client()
    rng = random.Random(9)
    tables = [_new_table(client) for _ in range(20)]
    for _ in range(100):  # warm up: caches, imports, the first snapshots
        _move(client, rng.choice(tables), rng)
    clock = Clock()
    app.wsgi_app = clock.wrap(REQUEST, app.wsgi_app)  # the server's part of a request
    with instrumented(clock):
        while clock.posted < moves:
            _move(client, rng.choice(tables), rng, clock)
    total = sum(clock.spent.values())
    clock.spent[OTHER] = clock.spent.pop(REQUEST)
    moves = clock.posted
    width = max(len(label) for label in clock.spent)
    for label, spent in sorted(clock.spent.items(), key=lambda item: -item[1]):
        say(f"    {label:<{width}}  {spent / moves / 1e6:6.3f} ms")
    per_move = total / moves / 1e6
    say(f"    {'a POST move, in-process (no gunicorn)':<{width}}  {per_move:6.3f} ms CPU")
    read = clock.read_ns / max(clock.reads, 1) / 1e6
    say(f"    {'a GET of the view, in-process (with the test client)':<{width}}  {read:6.3f} ms "
        f"CPU; {clock.reads / moves:.2f} a move")
    return per_move, read


def _new_table(client: Any) -> dict[str, Any]:
    answer = client.post("/games", json={"game": "revolution",
                                         "players": [{"name": "a"}, {"name": "b"}]})
    body = answer.get_json()
    return {"id": body["game_id"], "tokens": [body["tokens"]["0"], body["tokens"]["1"]],
            "view": None, "seat": body["game"]["waiting_for"][0]}


def _move(client: Any, table: dict[str, Any], rng: random.Random,
          clock: Clock | None = None) -> None:
    """One move of the seat asked (its view read first when the last answer did not carry
    its prompt; that read is outside the move's time only in the real load generator)."""
    view = table["view"]
    if view is None or view.get("prompt") is None:
        seat = table["seat"]
        started = time.thread_time_ns()
        answer = client.get(f"/games/{table['id']}/view",
                            headers={"Authorization": f"Bearer {table['tokens'][seat]}"})
        if clock is not None:
            clock.reads += 1
            clock.read_ns += time.thread_time_ns() - started
        view = answer.get_json()
        if view["prompt"] is None:
            table["seat"] = (view.get("waiting_for") or [1 - seat])[0]
            table["view"] = None
            return
    seat = view["seat"]
    move = rng.choice(view["prompt"]["legal_moves"])
    if clock is not None:
        clock.on = True
    answer = client.post(f"/games/{table['id']}/moves", json={"move": move},
                         headers={"Authorization": f"Bearer {table['tokens'][seat]}"})
    if clock is not None:
        clock.on = False
        clock.posted += 1
    body = answer.get_json()
    if answer.status_code != 200:
        table["view"] = None
        return
    table["view"] = body["view"]
    waiting = body["view"]["waiting_for"]
    if body["view"]["prompt"] is None and waiting:
        table["seat"] = waiting[0]
        table["view"] = None
    if body["view"]["status"] != "active":
        table.update(_new_table(client))


def main() -> None:
    moves = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    profile(moves, lambda line: print(line, flush=True))


if __name__ == "__main__":
    main()
