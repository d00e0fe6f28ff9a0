"""Players' webhooks: checking a URL against server-side request forgery, signing as the
Standard Webhooks specification says, and the dispatcher that sends the outbox's deliveries.

A URL must be https and resolve only to global addresses: no loopback, private, link-local
(which holds the clouds' metadata address, 169.254.169.254), shared, reserved or multicast
address. It is checked when set and again before each attempt, since a name may resolve
elsewhere later, and each attempt connects to the very address it checked (TLS still checks
the host's name): a name that resolves to a public address for the check and to a private
one a moment later (DNS rebinding) reaches nothing. ``GAMEHALL_WEBHOOK_ALLOW_PRIVATE`` lifts
the address check and ``GAMEHALL_WEBHOOK_ALLOW_HTTP`` the scheme's (for tests and private
networks).

The dispatcher is one thread a process. It sends the deliveries due (``gh:outbox`` in Redis,
claimed one process at a time), records each attempt on the delivery in the event store, and
tries a failed one again after 1, 2, 4... times ``GAMEHALL_WEBHOOK_BACKOFF`` seconds, up to
``domain.outbox.MAX_ATTEMPTS``. On start it looks through the event store for deliveries it
has not scheduled (Redis flushed, or a process killed with deliveries owed), so none is lost.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import ipaddress
import logging
import socket
import threading
import time
from collections.abc import Mapping
from typing import Any
from urllib.parse import urlsplit
from uuid import UUID

import urllib3

from domain.application import GameService
from domain.outbox import PENDING, Delivery
from projections.inbox import owed_at
from projections.inbox_store import InboxStore
from projections.rebuild import HOLE_REACH

from .errors import ApiError

log = logging.getLogger("gamehall.webhooks")
CLAIM_SECONDS = 60
SWEEP_SECONDS = 30.0  # how often the event store is looked through for deliveries owed
TIMEOUT_SECONDS = 5.0


def settings(environ: Mapping[str, str]) -> dict[str, Any]:
    """The webhook settings: private addresses and plain http refused unless the environment
    allows them (``1``); the first retry after BACKOFF seconds, each next one twice as late;
    the outbox looked at every POLL seconds when nothing wakes the dispatcher."""
    return {"GAMEHALL_WEBHOOK_ALLOW_PRIVATE": environ.get("GAMEHALL_WEBHOOK_ALLOW_PRIVATE") == "1",
            "GAMEHALL_WEBHOOK_ALLOW_HTTP": environ.get("GAMEHALL_WEBHOOK_ALLOW_HTTP") == "1",
            "GAMEHALL_WEBHOOK_BACKOFF": 1.0, "GAMEHALL_WEBHOOK_POLL": 1.0}


class UnsafeUrl(ValueError):
    pass


def check_url(url: str, allow_private: bool, allow_http: bool) -> str:
    """The address to call a webhook URL at, checked; UnsafeUrl says why one is refused."""
    parts = urlsplit(url)
    schemes = ("https", "http") if allow_http else ("https",)
    if parts.scheme not in schemes or not parts.hostname:
        raise UnsafeUrl("A webhook URL must be an https:// URL with a host name.")
    if parts.username or parts.password:
        raise UnsafeUrl("A webhook URL may not carry a user name or password.")
    try:
        found = socket.getaddrinfo(parts.hostname, parts.port or 443, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError, ValueError):
        raise UnsafeUrl(f"The host {parts.hostname} does not resolve.") from None
    addresses = [ipaddress.ip_address(str(address[0]).split("%")[0]) for *_, address in found]
    for ip in addresses:
        if not allow_private and (not ip.is_global or ip.is_multicast):
            raise UnsafeUrl(f"The host {parts.hostname} resolves to {ip}, which is not a "
                            "public address.")
    return str(addresses[0])


def refuse_unsafe(url: str, config: Mapping[str, Any]) -> None:
    try:
        check_url(url, config["GAMEHALL_WEBHOOK_ALLOW_PRIVATE"],
                  config["GAMEHALL_WEBHOOK_ALLOW_HTTP"])
    except UnsafeUrl as error:
        raise ApiError(422, "webhook-refused", str(error)) from None


def sign(secret: str, webhook_id: str, timestamp: int, body: str) -> str:
    """The ``webhook-signature`` header: ``v1,`` and base64 of HMAC-SHA256, keyed with the
    secret's bytes, over ``id.timestamp.body`` (Standard Webhooks, "Signature scheme")."""
    key = base64.b64decode(secret.removeprefix("whsec_"))
    digest = hmac.new(key, f"{webhook_id}.{timestamp}.{body}".encode(), hashlib.sha256)
    return "v1," + base64.b64encode(digest.digest()).decode()


class Dispatcher:
    """Sends the webhook deliveries due, on a thread of its own."""

    def __init__(self, service: GameService, store: InboxStore,
                 config: Mapping[str, Any]) -> None:
        self.service = service
        self.store = store
        self.allow_private = bool(config["GAMEHALL_WEBHOOK_ALLOW_PRIVATE"])
        self.allow_http = bool(config["GAMEHALL_WEBHOOK_ALLOW_HTTP"])
        self.backoff = float(config["GAMEHALL_WEBHOOK_BACKOFF"])
        self.poll = float(config["GAMEHALL_WEBHOOK_POLL"])
        self._wake = threading.Event()
        self._stopped = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, name="gamehall-webhooks",
                                        daemon=True)
        self._thread.start()

    def owed(self, deliveries: list[Any]) -> None:
        """Deliveries were just recorded: send them now rather than at the next poll."""
        if deliveries:
            self._wake.set()

    def close(self) -> None:
        self._stopped.set()
        self._wake.set()
        if self._thread is not None:
            self._thread.join(timeout=TIMEOUT_SECONDS + 2)

    def _run(self) -> None:
        swept = 0.0
        while not self._stopped.is_set():
            try:
                if time.monotonic() - swept > SWEEP_SECONDS:
                    self.sweep()
                    swept = time.monotonic()
                sent = self.send_due()
            except Exception:
                log.exception("sending webhooks failed")
                sent = 0
            if not sent:
                self._wake.wait(self.poll)
                self._wake.clear()

    def sweep(self) -> None:
        """Schedule every pending delivery recorded since the last sweep's position.

        The position then moves up to the newest event but the last ``HOLE_REACH`` (which may
        still be committing, as the follower holds), not only to the last delivery found: a
        store with no deliveries was looked through from its first event every sweep, each
        a scan of the whole events table (the topic is not indexed)."""
        position = self.store.outbox_position()
        top = self.service.recorder.max_notification_id() or 0
        for note_id, delivery_id in self.service.players.deliveries_after(position, top):
            delivery = self.service.players.get_delivery(delivery_id)
            if delivery is not None:  # in the player's log, and due if still pending
                self.store.note_deliveries(delivery.player_id, owed_at([delivery]),
                                           schedule=delivery.status == PENDING)
            position = note_id
        self.store.advance_outbox(max(position, top - HOLE_REACH))

    def send_due(self) -> int:
        """Attempt each delivery due now; answers how many were attempted."""
        attempted = 0
        for delivery_id in self.store.due(time.time()):
            if self._stopped.is_set() or not self.store.claim(delivery_id, CLAIM_SECONDS):
                continue
            try:
                attempted += self._attempt(UUID(delivery_id))
            finally:
                self.store.release(delivery_id)
        return attempted

    def _attempt(self, delivery_id: UUID) -> int:
        delivery = self.service.players.get_delivery(delivery_id)
        if delivery is None or delivery.status != PENDING:
            self.store.reschedule(str(delivery_id), None)
            return 0
        player = self.service.players.get_player(UUID(delivery.player_id))
        if player.webhook_generation != delivery.generation:  # changed or removed since
            self.service.players.drop(delivery, "The webhook was changed or removed before it was "
                              "delivered.")
            self.store.reschedule(str(delivery_id), None)
            return 1
        status, error = self._post(delivery)
        self.service.players.record_attempt(delivery, status, error)
        again = None if delivery.status != PENDING else \
            time.time() + self.backoff * 2 ** (len(delivery.attempts) - 1)
        self.store.reschedule(str(delivery_id), again)
        return 1

    def _post(self, delivery: Delivery) -> tuple[int | None, str | None]:
        """POST the delivery signed; answers the HTTP status, or the error met instead."""
        try:
            address = check_url(delivery.url, self.allow_private, self.allow_http)
        except UnsafeUrl as refused:
            return None, str(refused)
        timestamp = int(time.time())
        secret = self.service.players.webhook_secret(UUID(delivery.player_id),
                                                     delivery.generation)
        headers = {"content-type": "application/json", "webhook-id": delivery.webhook_id,
                   "webhook-timestamp": str(timestamp),
                   "webhook-signature": sign(secret, delivery.webhook_id, timestamp,
                                             delivery.body)}
        try:
            return post_pinned(delivery.url, address, delivery.body.encode(), headers), None
        except urllib3.exceptions.HTTPError as failed:
            return None, type(failed).__name__


def post_pinned(url: str, address: str, body: bytes, headers: dict[str, str]) -> int:
    """POST to ``url`` over a connection to ``address`` (the one checked), with the URL's
    host in the Host header and, over https, in SNI and the certificate check; answers the
    status. No redirect is followed and no retry made here (the outbox retries)."""
    parts = urlsplit(url)
    secure = parts.scheme == "https"
    port = parts.port or (443 if secure else 80)
    host = parts.hostname or ""
    timeout = urllib3.Timeout(TIMEOUT_SECONDS)
    pool: urllib3.HTTPConnectionPool = (
        urllib3.HTTPSConnectionPool(address, port, timeout=timeout, retries=False,
                                    server_hostname=host, assert_hostname=host)
        if secure else urllib3.HTTPConnectionPool(address, port, timeout=timeout,
                                                  retries=False))
    target = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    with pool:
        response = pool.urlopen("POST", target, body=body, redirect=False,
                                headers={**headers, "host": parts.netloc})
        response.drain_conn()
        return int(response.status)


def start_dispatcher(hall: Any, config: Mapping[str, Any]) -> Dispatcher:
    """The process's dispatcher, told of each delivery the projector records, closed with
    the hall."""
    inbox = hall.projector.inbox
    dispatcher = Dispatcher(hall.service, inbox.store, config)
    inbox.owed = dispatcher.owed
    hall.owned.append(dispatcher)
    if config.get("WEBHOOK_DISPATCH", True):  # off: deliveries wait for another process
        dispatcher.start()
    return dispatcher
