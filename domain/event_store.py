"""The event store's write path: the library's mapper and event store, cheaper an event.

A bot game saves all its events at once (about 90 for Dominion), so what the library does
for each stored event is paid that many times a command: the event turned into a
``StoredEvent`` (its state encoded by the transcoder), then, once inserted, a ``Recording``
holding a ``Notification`` for each. The library builds these frozen dataclasses through
their generated ``__init__`` (one ``object.__setattr__`` a field), and its transcoder meets
an event's timestamp through orjson's ``default`` hook: together about 4 us an event, a
tenth of what the service added to the rules. Here the same objects are made with their
fields set at once, and the timestamp is handed to the transcoder already in its stored
form, so the stored bytes are the same (tests/test_event_store.py) and so are the objects
the library's mapper and event store return.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any, TypeVar
from uuid import UUID

from eventsourcing.persistence import (
    EventStore,
    IntegrityError,
    Mapper,
    Notification,
    Recording,
    StoredEvent,
)
from eventsourcing.popo import POPOApplicationRecorder
from eventsourcing.utils import get_topic

from .transcoder import FastDatetimeAsISO, FastJSONTranscoder, iso

T = TypeVar("T")


def _made(cls: type[T], fields: dict[str, Any]) -> T:
    """An instance of the frozen dataclass ``cls`` with ``fields`` (all of them, in the
    dataclass's order): what its ``__init__`` makes, without a call a field."""
    made = object.__new__(cls)
    object.__setattr__(made, "__dict__", fields)
    return made


class GameMapper(Mapper[UUID]):
    """The library's mapper; an event with a timestamp, written by ``FastJSONTranscoder``
    with neither compression nor encryption, is stored in fewer steps, to the same bytes."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Each event class's topic and class version, looked up once (the version's lookup
        # with a default raised and caught an AttributeError every event).
        self._kinds: dict[type, tuple[str, int]] = {}

    def to_stored_event(self, domain_event: Any) -> StoredEvent:
        transcoder = self.transcoder
        if (self.compressor is not None or self.cipher is not None
                or type(transcoder) is not FastJSONTranscoder):
            return super().to_stored_event(domain_event)
        event_state = dict(domain_event.__dict__)
        originator_id = event_state.pop("originator_id")
        originator_version = event_state.pop("originator_version")
        kind = type(domain_event)
        topic, class_version = self._kinds.get(kind) or self._kind(kind)
        if class_version > 1:
            event_state["class_version"] = class_version
        timestamp = event_state.get("timestamp")
        written_by = transcoder.types.get(datetime)
        if type(timestamp) is datetime and type(written_by) is FastDatetimeAsISO:
            # in place (the key keeps its position), as the registered transcoding writes it
            # (the library's ``_encode_obj``): a string, which the walk need not look at
            event_state["timestamp"] = {"_type_": written_by.name, "_data_": iso(timestamp)}
            stored_state = transcoder.encode_with_made(event_state, "timestamp")
        else:
            stored_state = transcoder.encode(event_state)
        return _made(StoredEvent, {"originator_id": originator_id,
                                   "originator_version": originator_version,
                                   "topic": topic, "state": stored_state})

    def _kind(self, kind: type) -> tuple[str, int]:
        self._kinds[kind] = get_topic(kind), getattr(kind, "class_version", 1)
        return self._kinds[kind]


class GameEventStore(EventStore[UUID]):
    """The library's event store, its recordings made without their dataclasses' calls, and
    only for an application that reads them: ``recordings`` False, a save answers none (the
    game service's saves are read for nothing else than that they were made, and each
    recording was two more objects an event)."""

    def __init__(self, mapper: Mapper[UUID], recorder: Any, recordings: bool = True) -> None:
        super().__init__(mapper, recorder)
        self.recordings = recordings

    def put(self, domain_events: Sequence[Any], **kwargs: Any) -> list[Recording[UUID]]:
        to_stored_event = self.mapper.to_stored_event
        stored_events = [to_stored_event(event) for event in domain_events]
        notification_ids = self.recorder.insert_events(stored_events, **kwargs)
        if not notification_ids or not self.recordings:
            return []
        assert len(notification_ids) == len(stored_events)
        return [_made(Recording, {"domain_event": event, "notification": _made(Notification, {
                    "originator_id": stored.originator_id,
                    "originator_version": stored.originator_version,
                    "topic": stored.topic, "state": stored.state, "id": notification_id})})
                for event, stored, notification_id
                in zip(domain_events, stored_events, notification_ids, strict=True)]


def _ids_as_text(stored_events: Sequence[StoredEvent]) -> list[str]:
    """Each stored event's aggregate id as text, written once for a run of the same id."""
    texts, last, text = [], None, ""
    for stored in stored_events:
        if stored.originator_id is not last:
            last, text = stored.originator_id, str(stored.originator_id)
        texts.append(text)
    return texts


class MemoryRecorder(POPOApplicationRecorder):
    """The library's store in memory (the tests, the command line, the benches), with its
    two steps of an insert as the library writes them, but each game's id written as text
    once a save: they wrote it twice an event (``UUID.__str__`` is Python, about 4% of a bot
    game's instructions in memory), and hashed it once an event (``UUID.__hash__`` too)."""

    def _assert_uniqueness(self, stored_events: Sequence[StoredEvent], **_: Any) -> None:
        new = set()
        for stored, text in zip(stored_events, _ids_as_text(stored_events), strict=True):
            if stored.originator_version in self._stored_events_index[text]:
                raise IntegrityError(f"Stored event already recorded: {stored}")
            # the id as text (one text one id): a UUID's own hash is Python, a call an event
            new.add((text, stored.originator_version))
        if len(new) < len(stored_events):
            raise IntegrityError(f"Stored events are not unique: {stored_events}")

    def _update_table(self, stored_events: Sequence[StoredEvent], **_: Any) -> Sequence[int]:
        notification_ids = []
        for stored, text in zip(stored_events, _ids_as_text(stored_events), strict=True):
            self._stored_events.append(stored)
            self._stored_events_index[text][stored.originator_version] = (
                len(self._stored_events) - 1)
            notification_ids.append(len(self._stored_events))
        return notification_ids
