"""The Redis side of players' inboxes, open games and the webhook outbox's schedule (through
the client ``store.ViewStore`` made; everything here is rebuilt from the event store).

Keys (under the ``gh:`` prefix):

* ``gh:inbox:{player}``: a hash, game id -> the player's entry of the game (JSON, with its
  game version); ``gh:inbox:{player}:{all|mine|theirs|over}``: sorted sets of game ids by
  when the game last changed; ``gh:inbox:{player}:stream``: a Redis stream of the player's
  inbox events (its ids are the SSE stream's event ids), announced on the player's channel
  ``gh:events:player:{player}``.
* ``gh:warned:{player}:{game}:{seat}:{version}``: the player was warned of that decision's
  deadline (``deadline-soon``), by whichever host or round got there first; it expires once
  the decision is over.
* ``gh:open``: listed games with an open seat, by creation time.
* ``gh:deliveries:{player}``: the player's webhook deliveries (ids, by when they were owed);
  ``gh:outbox``: deliveries due, by when; ``gh:outbox:position``: the notification id the
  dispatcher has looked for deliveries up to; ``gh:delivering:{id}``: a process is sending it.
"""

from __future__ import annotations

import time
from datetime import datetime
from typing import Any

import orjson

from domain.kernel import canonical_json

from .store import PREFIX, channel

TURNS = ("mine", "theirs", "over")
STREAM_LENGTH = 1000  # inbox events kept a player (a stream resumed from further back restarts)

# KEYS: entries, all, mine, theirs, over, stream; ARGV: game id, version, turn, score, entry,
# channel, then the events' JSON texts.
_WRITE_ENTRY = f"""
local old = redis.call('HGET', KEYS[1], ARGV[1])
if old and tonumber(cjson.decode(old)['version']) >= tonumber(ARGV[2]) then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[5])
redis.call('ZADD', KEYS[2], ARGV[4], ARGV[1])
for i = 3, 5 do redis.call('ZREM', KEYS[i], ARGV[1]) end
local turns = {{mine = KEYS[3], theirs = KEYS[4], over = KEYS[5]}}
redis.call('ZADD', turns[ARGV[3]], ARGV[4], ARGV[1])
for i = 7, #ARGV do
  redis.call('XADD', KEYS[6], 'MAXLEN', '~', '{STREAM_LENGTH}', '*', 'event', ARGV[i])
end
if #ARGV >= 7 then redis.call('PUBLISH', ARGV[6], '0') end
return 1
"""


def player_channel(player_id: str) -> str:
    """The hub's name of a player's channel (``ViewStore.subscribe`` takes it)."""
    return f"player:{player_id}"


class InboxStore:
    def __init__(self, client: Any) -> None:
        self.client = client
        self._write = client.register_script(_WRITE_ENTRY)

    # ---- inboxes ----

    def entries(self, game_id: str, player_ids: list[str]) -> list[dict[str, Any] | None]:
        pipe = self.client.pipeline(transaction=False)
        for player_id in player_ids:
            pipe.hget(_inbox(player_id), game_id)
        return [None if text is None else orjson.loads(text) for text in pipe.execute()]

    def write_entry(self, player_id: str, game_id: str, entry: dict[str, Any],
                    events: list[dict[str, Any]]) -> bool:
        """Store the entry unless a newer one is there; append its events to the stream."""
        base = _inbox(player_id)
        keys = [base, *(f"{base}:{name}" for name in ("all", *TURNS)), f"{base}:stream"]
        args = [game_id, entry["version"], entry["turn"], _score(entry["since"]),
                canonical_json(entry), channel(player_channel(player_id)),
                *(canonical_json(event) for event in events)]
        return bool(self._write(keys=keys, args=args))

    def append_events(self, player_id: str, events: list[dict[str, Any]]) -> None:
        pipe = self.client.pipeline(transaction=True)
        for event in events:
            pipe.xadd(f"{_inbox(player_id)}:stream", {"event": canonical_json(event)},
                      maxlen=STREAM_LENGTH, approximate=True)
        pipe.publish(channel(player_channel(player_id)), "0")
        pipe.execute()

    def claim_warning(self, player_id: str, game_id: str, seat: int, version: int,
                      seconds: int) -> bool:
        """True once per player, game, seat and version (for ``seconds``): who warns."""
        key = f"{PREFIX}warned:{player_id}:{game_id}:{seat}:{version}"
        return bool(self.client.set(key, 1, nx=True, ex=max(1, seconds)))

    def inbox_texts(self, player_id: str, turn: str | None, limit: int) -> list[str]:
        """The player's entries as stored (JSON texts), newest first (of one turn, if
        given)."""
        base = _inbox(player_id)
        ids = self.client.zrevrange(f"{base}:{turn or 'all'}", 0, limit - 1)
        if not ids:
            return []
        return [text for text in self.client.hmget(base, ids) if text]

    def events_after(self, player_id: str, after: str, count: int = 100,
                     ) -> list[tuple[str, dict[str, Any]]]:
        """The player's inbox events after stream id ``after`` ("0": from the oldest kept)."""
        found = self.client.xrange(f"{_inbox(player_id)}:stream", min=f"({after}"
                                   if after != "0" else "-", count=count)
        return [(event_id, orjson.loads(fields["event"])) for event_id, fields in found]

    def newest_event_id(self, player_id: str) -> str | None:
        found = self.client.xrevrange(f"{_inbox(player_id)}:stream", count=1)
        return str(found[0][0]) if found else None

    # ---- open games ----

    def list_open(self, game_id: str, is_open: bool, created: float) -> None:
        if is_open:
            self.client.zadd(f"{PREFIX}open", {game_id: created})
        else:
            self.client.zrem(f"{PREFIX}open", game_id)

    def open_games(self, game: str | None = None) -> list[str]:
        """Listed games with an open seat, newest first (of one game, if given)."""
        ids = list(self.client.zrevrange(f"{PREFIX}open", 0, 999))
        if game is None or not ids:
            return ids
        pipe = self.client.pipeline(transaction=False)
        for game_id in ids:
            pipe.hget(f"{PREFIX}game:{game_id}", "game")
        return [game_id for game_id, name in zip(ids, pipe.execute(), strict=True)
                if name == game]

    # ---- the webhook outbox's schedule ----

    def note_deliveries(self, player_id: str, owed: dict[str, float],
                        schedule: bool = True) -> None:
        """Log the player's deliveries (id -> when owed) and (``schedule``) make them due
        now."""
        if not owed:
            return
        pipe = self.client.pipeline(transaction=False)
        pipe.zadd(f"{PREFIX}deliveries:{player_id}", owed)
        if schedule:
            pipe.zadd(f"{PREFIX}outbox", dict.fromkeys(owed, time.time()))
        pipe.execute()

    def deliveries(self, player_id: str, limit: int) -> list[str]:
        return list(self.client.zrevrange(f"{PREFIX}deliveries:{player_id}", 0, limit - 1))

    def due(self, now: float, limit: int = 20) -> list[str]:
        return list(self.client.zrangebyscore(f"{PREFIX}outbox", "-inf", now, start=0,
                                              num=limit))

    def reschedule(self, delivery_id: str, when: float | None) -> None:
        """Try the delivery again at ``when`` (None: it is done, delivered or given up)."""
        if when is None:
            self.client.zrem(f"{PREFIX}outbox", delivery_id)
        else:
            self.client.zadd(f"{PREFIX}outbox", {delivery_id: when})

    def claim(self, delivery_id: str, seconds: int) -> bool:
        return bool(self.client.set(f"{PREFIX}delivering:{delivery_id}", 1, nx=True,
                                    ex=seconds))

    def release(self, delivery_id: str) -> None:
        self.client.delete(f"{PREFIX}delivering:{delivery_id}")

    def outbox_position(self) -> int:
        value = self.client.get(f"{PREFIX}outbox:position")
        return int(value) if value else 0

    def advance_outbox(self, position: int) -> None:
        self.client.set(f"{PREFIX}outbox:position", position)


def _inbox(player_id: str) -> str:
    return f"{PREFIX}inbox:{player_id}"


def _score(iso_time: str) -> float:
    return datetime.fromisoformat(iso_time).timestamp()
