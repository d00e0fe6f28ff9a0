"""What one client may cost: rate limits, and a bounded pool for CPU-heavy requests.

Rate limits (Flask-Limiter, counted in the app's Redis so every worker shares them) are kept
per client address and, for requests that carry a seat token, per token as well; a request
over a limit answers 429 ``rate-limited`` with ``Retry-After``. Creating games and verifying
replays, the two requests that can cost seconds of CPU, have their own tighter limits.

CPU-heavy work (a game of bots only, played to its end inside its creation; verifying an
uploaded replay) runs on a native thread of a bounded pool, at most ``HEAVY_SLOTS`` at once
per worker: under gevent the worker's event loop keeps serving every other request while it
runs. A request that finds every slot taken for ``HEAVY_WAIT_SECONDS`` answers 503 with
``Retry-After``.
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from flask import Flask, current_app, request
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address

T = TypeVar("T")

DEFAULTS: dict[str, Any] = {
    "RATELIMIT_ENABLED": True,
    "RATELIMIT_HEADERS_ENABLED": True,
    "RATE_LIMIT_CLIENT": "1200 per minute",   # every request, per client address
    "RATE_LIMIT_TOKEN": "600 per minute",     # every request with a seat token, per token
    "RATE_LIMIT_CREATE": "60 per minute",     # POST /games, per client address
    "RATE_LIMIT_VERIFY": "20 per minute",     # POST /replays/verify, per client address
    "HEAVY_SLOTS": 2,
    "HEAVY_WAIT_SECONDS": 10.0,
}


# Environment variables that override the limits (a limit such as "100 per minute"; "off"
# for GAMEHALL_RATE_LIMITS turns rate limiting off).
ENVIRON = {"GAMEHALL_RATE_LIMIT_CLIENT": "RATE_LIMIT_CLIENT",
           "GAMEHALL_RATE_LIMIT_TOKEN": "RATE_LIMIT_TOKEN",
           "GAMEHALL_RATE_LIMIT_CREATE": "RATE_LIMIT_CREATE",
           "GAMEHALL_RATE_LIMIT_VERIFY": "RATE_LIMIT_VERIFY"}


def from_environ(environ: Mapping[str, str]) -> dict[str, Any]:
    found: dict[str, Any] = {key: environ[name] for name, key in ENVIRON.items()
                             if environ.get(name)}
    if environ.get("GAMEHALL_RATE_LIMITS", "").lower() == "off":
        found["RATELIMIT_ENABLED"] = False
    return found


class Saturated(Exception):
    """Every slot for heavy work stayed taken: the API answers 503 with Retry-After."""


def token_key() -> str:
    """The bearer token's digest (never the token itself in Redis)."""
    token = request.headers.get("Authorization", "").removeprefix("Bearer ").strip()
    return "token:" + hashlib.sha256(token.encode()).hexdigest()[:32]


def has_no_token() -> bool:
    return not request.headers.get("Authorization", "").startswith("Bearer ")


def limit(config_key: str) -> Callable[[], str]:
    """A limit read from the app's config when the request comes (so tests may set it)."""
    return lambda: str(current_app.config[config_key])


# The views with their own, tighter limit (on top of the others), by endpoint.
TIGHTER = {"games.create": "RATE_LIMIT_CREATE", "replays.verify": "RATE_LIMIT_VERIFY",
           "replays.steps": "RATE_LIMIT_VERIFY"}


def install(app: Flask, redis_client: Any) -> None:
    """Install the rate limits (after the blueprints are registered) and the heavy pool."""
    storage: dict[str, Any] = {
        "storage_uri": "redis://", "key_prefix": "gh:limits", "strategy": "moving-window",
        "storage_options": {"connection_pool": redis_client.connection_pool}}
    by_client = Limiter(get_remote_address, app=app, default_limits=[limit("RATE_LIMIT_CLIENT")],
                        **storage)
    by_token = Limiter(token_key, app=app, default_limits=[limit("RATE_LIMIT_TOKEN")],
                       default_limits_exempt_when=has_no_token, **storage)
    # Held here: the views' limit checks refer to their limiter only weakly.
    app.extensions["gamehall-limiters"] = (by_client, by_token)
    for endpoint, config_key in TIGHTER.items():
        tighter: Any = by_client.limit(limit(config_key), override_defaults=False)
        app.view_functions[endpoint] = tighter(app.view_functions[endpoint])
    app.extensions["gamehall-heavy"] = HeavyWork(app.config["HEAVY_SLOTS"],
                                                 app.config["HEAVY_WAIT_SECONDS"])


class HeavyWork:
    """A bounded pool for CPU-heavy work (see the module's docstring)."""

    def __init__(self, slots: int, wait: float) -> None:
        self._slots = threading.BoundedSemaphore(slots)
        self._wait = wait

    def run(self, work: Callable[[], T]) -> T:
        if not self._slots.acquire(timeout=self._wait):
            raise Saturated("every slot for heavy work is taken")
        try:
            return on_native_thread(work)
        finally:
            self._slots.release()


def on_native_thread(work: Callable[[], T]) -> T:
    """Run ``work`` on a real OS thread when gevent patched this process (the event loop then
    keeps serving others), else right here."""
    from gevent import monkey

    if not monkey.is_module_patched("threading"):
        return work()
    import gevent

    result: T = gevent.get_hub().threadpool.apply(work)
    return result


def heavy() -> HeavyWork:
    found: HeavyWork = current_app.extensions["gamehall-heavy"]
    return found
