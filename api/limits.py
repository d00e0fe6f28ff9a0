"""What one client may cost: rate limits, and a bounded pool for CPU-heavy requests.

Rate limits are counted in the app's Redis, so every worker and host shares them: per client
address over the whole API, and, for requests that carry a seat token, per token as well;
creating (a game, a fork, a deck: one count) and verifying replays (``/replays/verify``,
``/replays/steps``), the requests that can cost seconds of CPU, have their own tighter limit
per client address. A request over any of its limits answers 429 ``rate-limited`` with
``Retry-After``. What a request holds rather than what it costs (an open stream, a waiting
long-poll) has caps of its own: api/streams.py.

Each limit is a sliding window counter (the ``limits`` library's, with its own Redis scripts):
two counters a limit, this window's and the last one's weighted by how much of it still
overlaps the sliding window, so a check costs the same at any limit (a moving window keeps a
list of every hit in the window and read it back to report the headers). A request's limits,
each checked and read back for the ``X-RateLimit-*`` headers, go to Redis as one pipeline: one
round trip a request. (Flask-Limiter, used before, made four round trips a request with two
limits, which doubled a move's server CPU.)

CPU-heavy work (a game of bots only, played to its end inside its creation; verifying an
uploaded replay) runs on a native thread of a bounded pool, at most ``HEAVY_SLOTS`` at once
per worker: under gevent the worker's event loop keeps serving every other request while it
runs. A request that finds every slot taken for ``HEAVY_WAIT_SECONDS`` answers 503 with
``Retry-After``.
"""

from __future__ import annotations

import hashlib
import math
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, TypeVar

from flask import Flask, Response, current_app, g, request
from limits import RateLimitItem, parse
from limits.storage import RedisStorage
from redis.exceptions import NoScriptError
from werkzeug.exceptions import TooManyRequests

T = TypeVar("T")

DEFAULTS: dict[str, Any] = {
    "RATELIMIT_ENABLED": True,
    "RATELIMIT_HEADERS_ENABLED": True,
    "RATE_LIMIT_CLIENT": "1200 per minute",   # every request, per client address
    "RATE_LIMIT_TOKEN": "600 per minute",     # every request with a seat token, per token
    "RATE_LIMIT_CREATE": "60 per minute",     # POST /games, forks, decks, per client address
    "RATE_LIMIT_VERIFY": "20 per minute",     # POST /replays/verify (and /steps), per client
    "HEAVY_SLOTS": 2,
    "HEAVY_WAIT_SECONDS": 10.0,
    # Streams and waiting long-polls open at once (api/streams.py): per client address and
    # per seat token over every worker and host; per worker at most this many and never more
    # than three quarters of its connections (WORKER_CONNECTIONS, gunicorn's).
    "STREAMS_PER_ADDRESS": 40,
    "STREAMS_PER_TOKEN": 8,
    "STREAMS_PER_WORKER": 750,
    "WORKER_CONNECTIONS": 1000,
    "STREAM_LEASE_SECONDS": 60.0,
    # An uploaded replay document holds at most this many JSON values (a 1.7 MB replay of a
    # 200-game Revolution match holds about 130,000), counted before it is parsed.
    "REPLAY_MAX_VALUES": 1_000_000,
    # POST /replays/steps answers a page of steps: at most this many, and no more steps once
    # this many bytes are reached (a step's view is a whole state: 18 KB on average in that
    # replay, whose steps took 61 MB all told).
    "STEPS_PER_PAGE": 100,
    "STEPS_PAGE_BYTES": 2 * 1024 * 1024,
}


# Environment variables that override the limits (a limit such as "100 per minute"; "off"
# for GAMEHALL_RATE_LIMITS turns rate limiting off).
ENVIRON = {"GAMEHALL_RATE_LIMIT_CLIENT": "RATE_LIMIT_CLIENT",
           "GAMEHALL_RATE_LIMIT_TOKEN": "RATE_LIMIT_TOKEN",
           "GAMEHALL_RATE_LIMIT_CREATE": "RATE_LIMIT_CREATE",
           "GAMEHALL_RATE_LIMIT_VERIFY": "RATE_LIMIT_VERIFY"}

# Environment variables that override the caps on open streams and long-polls (numbers; a
# worker's connections also set gunicorn's worker_connections, see api/serve.py).
STREAM_ENVIRON = {"GAMEHALL_STREAMS_PER_ADDRESS": "STREAMS_PER_ADDRESS",
                  "GAMEHALL_STREAMS_PER_TOKEN": "STREAMS_PER_TOKEN",
                  "GAMEHALL_STREAMS_PER_WORKER": "STREAMS_PER_WORKER",
                  "GAMEHALL_WORKER_CONNECTIONS": "WORKER_CONNECTIONS",
                  "GAMEHALL_STREAM_LEASE_SECONDS": "STREAM_LEASE_SECONDS"}


def from_environ(environ: Mapping[str, str]) -> dict[str, Any]:
    found: dict[str, Any] = {key: environ[name] for name, key in ENVIRON.items()
                             if environ.get(name)}
    for name, key in STREAM_ENVIRON.items():
        if environ.get(name):  # a misspelt number stops the start
            found[key] = type(DEFAULTS[key])(environ[name])
    if environ.get("GAMEHALL_RATE_LIMITS", "").lower() == "off":
        found["RATELIMIT_ENABLED"] = False
    return found


class Saturated(Exception):
    """Every slot for heavy work stayed taken: the API answers 503 with Retry-After."""


# The views with their own, tighter limit per client (on top of the others), by endpoint:
# the limit, and the count it goes to. Whatever creates (a game, a fork, a deck) shares one
# count; verifying and folding a replay count apart.
TIGHTER = {"games.create": ("RATE_LIMIT_CREATE", "create"),
           "games.fork": ("RATE_LIMIT_CREATE", "create"),
           "decks.register": ("RATE_LIMIT_CREATE", "create"),
           "replays.verify": ("RATE_LIMIT_VERIFY", "replays.verify"),
           "replays.steps": ("RATE_LIMIT_VERIFY", "replays.steps")}

KEY_PREFIX = "gh:limits"


def client_address() -> str:
    """The address the connection came from: never a header the client could set."""
    return request.remote_addr or "127.0.0.1"


def token_digest() -> str | None:
    """The bearer token's digest (never the token itself in Redis), None without a token."""
    header = request.headers.get("Authorization", "")
    if not header.startswith("Bearer "):
        return None
    token = header.removeprefix("Bearer ").strip()
    return hashlib.sha256(token.encode()).hexdigest()[:32]


@lru_cache(maxsize=64)
def parsed(limit: str) -> RateLimitItem:
    """A limit in the ``limits`` notation ("600 per minute"), parsed once."""
    return parse(limit)


@dataclass(frozen=True)
class Count:
    """One limit's state after this request was counted."""

    limit: int
    allowed: bool
    remaining: int
    wait: float  # seconds until the limit has room for one more request


def limits_of_this_request() -> list[tuple[str, RateLimitItem]]:
    """Every limit the request counts against, each with its Redis key."""
    config = current_app.config
    address = client_address()
    wanted = [(f"client:{address}", parsed(config["RATE_LIMIT_CLIENT"]))]
    token = token_digest()
    if token is not None:
        wanted.append((f"token:{token}", parsed(config["RATE_LIMIT_TOKEN"])))
    tighter = TIGHTER.get(request.endpoint or "")
    if tighter is not None:
        limit, count = tighter
        wanted.append((f"{count}:client:{address}", parsed(config[limit])))
    return wanted


class RateLimits:
    """Sliding window counters in Redis, every limit of a request in one round trip."""

    def __init__(self, redis_client: Any) -> None:
        self._redis = redis_client
        # The limits library's own scripts: take one entry if the limit allows it; read both
        # windows (for the headers and Retry-After).
        self._acquire = redis_client.register_script(RedisStorage.SCRIPT_ACQUIRE_SLIDING_WINDOW)
        self._read = redis_client.register_script(RedisStorage.SCRIPT_SLIDING_WINDOW)

    def hit(self, wanted: list[tuple[str, RateLimitItem]]) -> list[Count]:
        try:
            answers = self._send(wanted)
        except NoScriptError:  # a Redis restarted or flushed of its scripts
            self._redis.script_load(self._acquire.script)
            self._redis.script_load(self._read.script)
            answers = self._send(wanted)
        return [count_of(item, bool(acquired), window) for (_, item), acquired, window
                in zip(wanted, answers[::2], answers[1::2], strict=True)]

    def _send(self, wanted: list[tuple[str, RateLimitItem]]) -> list[Any]:
        # By sha, not through the Script objects: a pipeline of Script objects first asks
        # Redis whether the scripts exist, a second round trip on every request.
        pipe = self._redis.pipeline(transaction=False)
        for name, item in wanted:
            key = f"{KEY_PREFIX}:{name}:{item.amount}/{item.get_expiry()}"
            # The windows as limits names them (braces: both on one Redis Cluster node).
            windows = (f"{{{key}}}/-1", f"{{{key}}}")
            pipe.evalsha(self._acquire.sha, 2, *windows, item.amount, item.get_expiry(), 1)
            pipe.evalsha(self._read.sha, 2, *windows, item.get_expiry())
        answers: list[Any] = pipe.execute()
        return answers


def count_of(item: RateLimitItem, allowed: bool, window: Any) -> Count:
    """The limit's state from its windows as Redis read them (counts, and TTLs in ms)."""
    previous, previous_ms, current, current_ms = (int(value or 0) for value in window or
                                                   (0, 0, 0, 0))
    expiry = item.get_expiry()
    previous_ttl, current_ttl = max(0, previous_ms) / 1000, max(0, current_ms) / 1000
    weighted = previous * previous_ttl / expiry + current
    return Count(limit=item.amount, allowed=allowed,
                 remaining=max(0, item.amount - math.floor(weighted)),
                 wait=wait_for_room(item.amount, expiry, previous, previous_ttl, current,
                                    current_ttl))


def wait_for_room(limit: int, expiry: float, previous: int, previous_ttl: float,
                  current: int, current_ttl: float) -> float:
    """Seconds after which one more request fits, if no other request comes meanwhile (it
    fits once the time is strictly past this).

    limits' script lets a request in while ``floor(previous * previous_ttl / expiry) +
    current < limit``: the last window's count fades out linearly until this window ends
    (``previous_ttl`` seconds from now; this window's key lives one expiry longer), when this
    window's count becomes the last one's and starts to fade."""
    if current < limit:
        if previous * previous_ttl / expiry < limit - current:
            return 0.0
        # The last window's share fades below what is left of the limit before this one ends.
        return previous_ttl - (limit - current) * expiry / previous
    window_ends = max(0.0, current_ttl - expiry)
    return window_ends + expiry * (1 - limit / current)


def check_rate_limits() -> None:
    """Count the request against each of its limits; 429 if any of them is exhausted."""
    if not current_app.config["RATELIMIT_ENABLED"]:
        return
    limiter: RateLimits = current_app.extensions["gamehall-limits"]
    counts = limiter.hit(limits_of_this_request())
    g.rate_limit_counts = counts
    refused = [count for count in counts if not count.allowed]
    if refused:
        limits = ", ".join(f"{count.limit}" for count in refused)
        raise TooManyRequests(f"More requests than this client's limit allows ({limits} a "
                              "period): retry after the seconds in Retry-After.")


def add_rate_limit_headers(response: Response) -> Response:
    """``Retry-After`` on a refusal (once every exhausted limit has room again); the
    ``X-RateLimit-*`` headers of the tightest limit (the fewest requests left)."""
    counts: list[Count] | None = g.pop("rate_limit_counts", None)
    if not counts:
        return response
    refused = [count for count in counts if not count.allowed]
    if refused:
        wait = max(count.wait for count in refused)
        response.headers["Retry-After"] = str(math.floor(wait) + 1)  # strictly past it
    if current_app.config["RATELIMIT_HEADERS_ENABLED"]:
        tightest = min(counts, key=lambda count: (count.remaining, -count.wait))
        response.headers["X-RateLimit-Limit"] = str(tightest.limit)
        response.headers["X-RateLimit-Remaining"] = str(tightest.remaining)
        response.headers["X-RateLimit-Reset"] = str(math.floor(time.time() + tightest.wait) + 1)
    return response


def install(app: Flask, redis_client: Any) -> None:
    """Install the rate limits and the heavy pool."""
    for key in ("RATE_LIMIT_CLIENT", "RATE_LIMIT_TOKEN", *(limit for limit, _ in TIGHTER.values())):
        parsed(str(app.config[key]))  # a limit misspelt in the environment stops the start
    app.extensions["gamehall-limits"] = RateLimits(redis_client)
    app.before_request(check_rate_limits)
    app.after_request(add_rate_limit_headers)
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


class NativeLine:
    """One native thread of its own that runs one piece of work at a time for the event loop,
    its answer brought back by one watcher: gevent's thread pool builds a result, a watcher
    and a queue entry for every piece, about as much as a commit's own Python work. For the
    group commit's leaders (one at a time: ``run`` is never called again before it returns).
    Without gevent, ``run`` works right here."""

    def __init__(self) -> None:
        from gevent import monkey

        self._patched = monkey.is_module_patched("threading")
        if not self._patched:
            return
        import gevent
        from gevent.event import Event

        self._work: Callable[[], None] | None = None
        self._error: BaseException | None = None
        self._finished = Event()
        self._go = monkey.get_original("_thread", "allocate_lock")()
        self._go.acquire()
        self._watcher = gevent.get_hub().loop.async_()
        self._watcher.ref = False  # the loop may end while the thread waits for work
        self._watcher.start(self._finished.set)
        monkey.get_original("_thread", "start_new_thread")(self._serve, ())

    def run(self, work: Callable[[], None]) -> None:
        if not self._patched:
            work()
            return
        self._finished.clear()
        self._work, self._error = work, None
        self._watcher.ref = True  # the loop waits for the answer
        self._go.release()
        try:
            self._finished.wait()
        finally:
            self._watcher.ref = False
        if self._error is not None:
            raise self._error

    def _serve(self) -> None:
        while True:
            self._go.acquire()
            work = self._work
            if work is None:
                return
            try:
                work()
            except BaseException as error:  # noqa: BLE001 - raised again in the caller
                self._error = error
            self._watcher.send()

    def close(self) -> None:
        """Stop the thread; work given afterwards runs right here."""
        if self._patched:
            self._patched = False
            self._work = None
            self._go.release()
            self._watcher.close()
