"""How many streams and long-polls may be open at once: per client address, per seat token and
per worker.

A stream (``GET /games/{id}/stream``) or a waiting long-poll (``GET /games/{id}/events?wait=S``)
holds one of its worker's connections (gunicorn's ``worker_connections``) for up to minutes;
the rate limits count requests, not what they hold. So each takes a lease first, on three caps:

- per client address (an IPv6 address by its /64, the block one host is given) and per seat
  token, counted in Redis so that every worker and host shares the count: a sorted set of
  leases a cap, each lease expiring ``STREAM_LEASE_SECONDS`` after it was taken or last
  renewed (Redis's clock, the same for every host). An open stream renews its lease every
  third of that. A lease is given back when its request ends (the client closed the stream,
  the stream ran out, the long-poll answered); a worker killed mid-stream renews nothing, and
  its leases lapse within ``STREAM_LEASE_SECONDS``: no slot stays taken for good.
- per worker, counted in the worker's memory (the count dies with the worker): at most
  ``STREAMS_PER_WORKER``, and never more than three quarters of ``WORKER_CONNECTIONS``, so a
  quarter of every worker's connections stays for ordinary requests. A count shared by the
  workers would not do: gunicorn does not spread connections evenly, and a shared total could
  fill one worker.

Beyond its address's or token's cap a request answers 429 ``too-many-streams``; beyond its
worker's, 503 ``unavailable``; both with ``Retry-After``.
"""

from __future__ import annotations

import ipaddress
import logging
import threading
import time
import uuid
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from flask import Flask, current_app

from projections import UNAVAILABLE

from .limits import client_address, token_digest

KEY_PREFIX = "{gh:streams}"  # one hash slot: a lease's keys go to Redis in one script
RETRY_AFTER_FULL = 10  # seconds: one of the client's own streams may have ended by then
RETRY_AFTER_BUSY = 2

log = logging.getLogger(__name__)

# KEYS: the caps' sorted sets; ARGV: the lease's id, its lifetime (ms), then each key's cap.
# Drops lapsed leases, answers the (1-based) index of the first key at its cap, or takes a
# lease in every key and answers 0.
TAKE = """
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
local life = tonumber(ARGV[2])
for i, key in ipairs(KEYS) do
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now)
  if redis.call('ZCARD', key) >= tonumber(ARGV[i + 2]) then return i end
end
for _, key in ipairs(KEYS) do
  redis.call('ZADD', key, now + life, ARGV[1])
  redis.call('PEXPIRE', key, life)
end
return 0
"""

# KEYS: the lease's sorted sets; ARGV: its id and lifetime (ms), from now.
RENEW = """
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
for _, key in ipairs(KEYS) do
  redis.call('ZADD', key, now + tonumber(ARGV[2]), ARGV[1])
  redis.call('PEXPIRE', key, tonumber(ARGV[2]))
end
return 0
"""


class Crowded(Exception):
    """A stream or long-poll over one of its caps: answered with its status and Retry-After."""

    def __init__(self, status: int, code: str, detail: str, retry_after: int) -> None:
        super().__init__(detail)
        self.status, self.code, self.detail, self.retry_after = status, code, detail, retry_after


class Streams:
    """One worker's caps on open streams and long-polls (see the module's docstring)."""

    def __init__(self, redis_client: Any, config: Mapping[str, Any]) -> None:
        self._redis = redis_client
        self._take = redis_client.register_script(TAKE)
        self._renew = redis_client.register_script(RENEW)
        self.per_address = int(config["STREAMS_PER_ADDRESS"])
        self.per_token = int(config["STREAMS_PER_TOKEN"])
        self.per_worker = worker_share(config)
        self.lease_ms = int(config["STREAM_LEASE_SECONDS"] * 1000)
        self._worker = threading.BoundedSemaphore(self.per_worker)

    def take(self, address: str, token: str | None) -> Lease:
        """A lease on a slot under every cap, or ``Crowded``."""
        if not self._worker.acquire(blocking=False):
            raise Crowded(503, "unavailable", "This server holds as many streams and "
                          "long-polls as it may: retry after the seconds in Retry-After.",
                          RETRY_AFTER_BUSY)
        caps = {f"{KEY_PREFIX}:address:{address_block(address)}": self.per_address}
        if token is not None:
            caps[f"{KEY_PREFIX}:token:{token}"] = self.per_token
        lease = Lease(self, uuid.uuid4().hex, list(caps))
        try:
            full = int(self._take(keys=lease.keys, args=[lease.id, self.lease_ms, *caps.values()]))
        except BaseException:
            self._worker.release()
            raise
        if full:
            self._worker.release()
            whose = "this client address" if full == 1 else "this seat token"
            limit = list(caps.values())[full - 1]
            raise Crowded(429, "too-many-streams", f"{whose.capitalize()} has {limit} streams "
                          "and waiting long-polls open, as many as it may: close one, or "
                          "retry after the seconds in Retry-After.", RETRY_AFTER_FULL)
        return lease

    def renew(self, lease: Lease) -> None:
        self._renew(keys=lease.keys, args=[lease.id, self.lease_ms])

    def give_back(self, lease: Lease) -> None:
        self._worker.release()
        try:
            pipe = self._redis.pipeline(transaction=False)
            for key in lease.keys:
                pipe.zrem(key, lease.id)
            pipe.execute()
        except UNAVAILABLE as error:  # the lease lapses by itself
            log.warning("a stream's lease was not given back (%s): it lapses", error)


class Lease:
    """One open stream's or long-poll's slot: renewed while it lasts, given back once."""

    def __init__(self, streams: Streams, lease_id: str, keys: list[str]) -> None:
        self.streams, self.id, self.keys = streams, lease_id, keys
        self.renew_every = streams.lease_ms / 3000  # seconds
        self._renewed = time.monotonic()
        self._held = True

    def renew_if_due(self) -> None:
        if self._held and time.monotonic() - self._renewed >= self.renew_every:
            self.streams.renew(self)
            self._renewed = time.monotonic()

    def release(self) -> None:
        if self._held:
            self._held = False
            self.streams.give_back(self)


def worker_share(config: Mapping[str, Any]) -> int:
    """How many streams and long-polls one worker may hold: ``STREAMS_PER_WORKER``, and at
    most three quarters of its connections."""
    return max(1, min(int(config["STREAMS_PER_WORKER"]),
                      int(config["WORKER_CONNECTIONS"]) * 3 // 4))


def address_block(address: str) -> str:
    """The address a cap counts: an IPv4 address as it is, an IPv6 one by its /64."""
    try:
        parsed = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(parsed, ipaddress.IPv6Address):
        if parsed.ipv4_mapped is not None:
            return str(parsed.ipv4_mapped)
        return str(ipaddress.ip_network(f"{parsed}/64", strict=False))
    return str(parsed)


def take_lease() -> Lease:
    """A lease for the current request (its client address and seat token), or ``Crowded``."""
    streams: Streams = current_app.extensions["gamehall-streams"]
    return streams.take(client_address(), token_digest())


@contextmanager
def leased() -> Iterator[Lease]:
    """A lease held for the ``with`` block."""
    lease = take_lease()
    try:
        yield lease
    finally:
        lease.release()


def install(app: Flask, redis_client: Any) -> None:
    app.extensions["gamehall-streams"] = Streams(redis_client, app.config)
