"""Serving the API with gunicorn: ``serve(host, port)`` (what ``gamehall serve`` runs).

Before any worker starts, the parent creates the event store's schema and the master secret,
starts the embedded Redis (unless ``REDIS_URL`` names one) and brings the projections up to
date with the event store. Then gunicorn runs gevent workers, each building its own app (its
own service and Redis client) after fork: no preload, so no SQLite connection is shared across
a fork. gevent workers hold no thread for an open stream or long-poll, and at most three
quarters of a worker's connections (``GAMEHALL_WORKER_CONNECTIONS``, 1,000 by default) hold
streams and long-polls (api/streams.py), so streams never starve the rest of the API. A
request gunicorn refuses itself (a header over its limit: 431; a request line too long: 414)
is answered as a problem, like the app's own refusals. On exit the workers close their
clients and the parent stops its Redis.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from gunicorn.app.base import BaseApplication

WORKERS = 2


class GamehallServer(BaseApplication):  # type: ignore[misc]
    """gunicorn, configured in code; ``load`` runs in each worker after fork."""

    def __init__(self, options: Mapping[str, Any], app_config: Mapping[str, Any]) -> None:
        self.options = dict(options)
        self.app_config = dict(app_config)
        super().__init__()

    def load_config(self) -> None:
        for key, value in self.options.items():
            self.cfg.set(key, value)

    def load(self) -> Any:
        from api import create_app

        return create_app(self.app_config)


def serve(host: str = "127.0.0.1", port: int = 8000, workers: int | None = None) -> None:
    """Serve the API until interrupted (Ctrl-C or SIGTERM), then shut down cleanly.

    gevent must patch the standard library before eventsourcing and redis are imported
    (eventsourcing binds ``threading.Lock`` at import; an unpatched lock held by one greenlet
    blocks the whole worker when another waits on it). So unless this interpreter is already
    patched, it is replaced by a fresh one that patches first and then serves."""
    from gevent import monkey

    if not monkey.is_module_patched("threading"):
        sys.stdout.flush()
        sys.stderr.flush()
        os.execv(sys.executable, [sys.executable, "-c", boot_command(host, port, workers)])
    from projections.store import FolderTaken

    try:
        with redis_url(os.environ) as url:
            prepare(url)
            options = gunicorn_options(host, port, workers or int(os.environ.get(
                "GAMEHALL_WORKERS", WORKERS)), worker_connections(os.environ))
            answer_refusals_as_problems()
            GamehallServer(options, {"REDIS_URL": url, "CATCH_UP_ON_START": False}).run()
    except FolderTaken as taken:  # one line, no traceback: the person only has to stop one
        raise SystemExit(f"gamehall: {taken}") from None


def boot_command(host: str, port: int, workers: int | None, prelude: str = "") -> str:
    """Python code that patches with gevent before anything else, then runs ``prelude`` (tests
    host a toy game this way), then serves."""
    # os, signal and subprocess stay unpatched in the parent, where gunicorn's arbiter reaps
    # its workers; the gevent workers patch them too after fork.
    return ("import warnings; warnings.filterwarnings('ignore', 'Patching more than once'); "
            "from gevent import monkey; "
            "monkey.patch_all(os=False, signal=False, subprocess=False); "
            f"{prelude}from api.serve import serve; serve({host!r}, {int(port)}, {workers!r})")


@contextmanager
def redis_url(environ: Mapping[str, str]) -> Iterator[str]:
    """``REDIS_URL``, or the URL of an embedded Redis run (and stopped) here."""
    if environ.get("REDIS_URL"):
        yield environ["REDIS_URL"]
        return
    from bootstrap import var_dir
    from projections.store import embedded_server

    with embedded_server(var_dir(environ) / "redis") as url:
        yield url


def prepare(url: str) -> None:
    """Create the schema, the secret and the receipt key, and catch the projections up,
    before any fork."""
    from bootstrap import build_service, master_secret, var_dir
    from projections import Projector, ViewStore, catch_up, connect

    master_secret()
    service = build_service()
    store = ViewStore(connect(url, var_dir()))
    try:
        catch_up(Projector(service, store))
    finally:
        store.close()
        service.close()


def worker_connections(environ: Mapping[str, str]) -> int:
    """gunicorn's connections a worker (``GAMEHALL_WORKER_CONNECTIONS``): the app reads the
    same setting to keep a share of them free of streams."""
    from api.limits import DEFAULTS, from_environ

    connections: int = {**DEFAULTS, **from_environ(environ)}["WORKER_CONNECTIONS"]
    return connections


def gunicorn_options(host: str, port: int, workers: int, connections: int) -> dict[str, Any]:
    return {
        "bind": f"{host}:{port}",
        "workers": workers,
        "worker_class": "gevent",
        "worker_connections": connections,
        "preload_app": False,
        "control_socket_disable": True,
        "timeout": 60,
        "graceful_timeout": 5,
        "keepalive": 5,
        "loglevel": os.environ.get("GAMEHALL_LOG_LEVEL", "warning"),
        "accesslog": os.environ.get("GAMEHALL_ACCESS_LOG") or None,
        "when_ready": _announce,
        "worker_exit": _close_worker_app,
        "post_worker_init": _freeze_start_up,
    }


def answer_refusals_as_problems() -> None:
    """gunicorn writes its own refusals (a header or request line over its limits, a request
    it cannot parse) as an HTML page, with ``util.write_error``, which it offers no setting
    for: replaced here, before the workers fork, by one that writes a problem+json."""
    from gunicorn import util

    util.write_error = write_problem


def write_problem(sock: Any, status: int, reason: str, message: str) -> None:
    """gunicorn's ``util.write_error``, answering ``application/problem+json``."""
    import json

    from gunicorn import util

    from api.errors import HTTP_CODES, PROBLEM_JSON

    code = HTTP_CODES.get(status, f"http-{status}")
    body = json.dumps({"type": f"urn:gamehall:problem:{code}", "title": reason,
                       "status": status, "detail": message or reason, "code": code}).encode()
    head = (f"HTTP/1.1 {status} {reason}\r\nConnection: close\r\n"
            f"Content-Type: {PROBLEM_JSON}\r\nContent-Length: {len(body)}\r\n\r\n")
    util.write_nonblock(sock, head.encode("latin-1") + body)


def _announce(server: Any) -> None:
    host, _, port = server.cfg.bind[0].rpartition(":")
    print(f"gamehall is serving on http://{host}:{port}/ (API docs at "
          f"http://{host}:{port}/docs)", flush=True)


def _freeze_start_up(worker: Any) -> None:
    """A worker's app loaded, what it holds is moved out of the collector's reach, and the
    collector looks at young objects less often.

    A full collection walks every object the collector tracks, a pause for every request of
    the worker: 88-142 ms under load, the p99 misses at 300 moves/s offered. The modules,
    the rules' tables and the app live as long as the worker: frozen, a full collection
    walks only what came since (8-80 ms). Full collections came every few seconds because a
    young collection every 700 objects made (the interpreter's default) caught a request's
    objects while it was still using them and moved them on towards the oldest generation,
    whose growth starts a full collection. Almost all of a request's objects are freed by
    their counts when it ends: every YOUNG_OBJECTS objects, a young collection finds few of
    them alive, and no full collection came in minutes at 1,100 moves/s (docs/performance.md,
    eighth round). The cycles a request leaves are collected all the same, at most
    YOUNG_OBJECTS (a few megabytes) later."""
    import gc

    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG_OBJECTS)


# Objects made and not yet freed between two young collections in a worker (700 by default).
YOUNG_OBJECTS = 10_000


def _close_worker_app(server: Any, worker: Any) -> None:
    from api import close_app

    app = getattr(worker, "wsgi", None)
    if app is not None and hasattr(app, "extensions"):
        close_app(app)


@contextmanager
def spawned(var: str, port: int | None = None, environ: Mapping[str, str] | None = None,
            timeout: float = 30.0, prelude: str = "") -> Iterator[str]:
    """Run ``serve`` in a child process with its data in ``var`` (for tests and benchmarks);
    yields the base URL once it answers, and stops it (and its Redis) on exit. ``prelude``:
    Python code the child runs before serving (see ``boot_command``)."""
    import signal
    import subprocess
    from pathlib import Path

    port = port or free_port()
    env = {**(environ if environ is not None else os.environ), "GAMEHALL_VAR": var}
    root = Path(__file__).resolve().parent.parent
    Path(var).mkdir(parents=True, exist_ok=True)
    log = open(Path(var) / "serve.log", "ab")  # noqa: SIM115 (closed below)
    child = subprocess.Popen([sys.executable, "-c", boot_command("127.0.0.1", port, None, prelude)],
                             cwd=root, env=env,
                             stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        wait_until_up(url, child, timeout)
        yield url
    finally:
        child.send_signal(signal.SIGTERM)
        try:
            child.wait(timeout=20)
        except subprocess.TimeoutExpired:
            child.kill()
            child.wait()
        log.close()


def free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def wait_until_up(url: str, child: Any, timeout: float) -> None:
    import time
    import urllib.request

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if child.poll() is not None:
            raise RuntimeError(f"the server exited with status {child.returncode}")
        try:
            with urllib.request.urlopen(f"{url}/openapi.json", timeout=2):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"the server did not answer within {timeout} s")
