"""Verifying many replay documents at once (an export of thousands of games), on every core.

Verification is CPU-bound Python, so one process uses one core: a batch is cut into ranges of
documents that this process and worker processes verify, and the verdicts come back in the
documents' order, the very verdicts a single process gives.

The workers are forks of this process when it runs no other thread (the command line's
``replay verify``): they start at once, with the rules imported and the batch in memory.
A process that runs threads (a server, a test run) is never forked, since one of its threads
may hold a lock the child would never see released (Python 3.12 warns of it; 3.14 makes the
fork server Linux's default): its workers start from a fork server, a clean process started
for them that imports the rules first.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from functools import cached_property
from typing import Any

import orjson

from domain.games import RELEASES, get_rules, register_extra, registered_extras
from domain.history import EventType
from domain.kernel import GameError

from .receipts import verify_with_receipts
from .verify import Sources, Verdict, verify_document


@dataclass(frozen=True)
class Batch:
    """Documents to verify; ``known``: the documents a fork's source game is looked up among
    (the batch's own and any others given); with ``receipts`` and ``keys``, each document
    must also honour its game's move receipts."""

    documents: Sequence[Any]
    known: Sequence[Any] = ()
    receipts: Sequence[Any] | None = None
    keys: Mapping[str, bytes] | None = None

    @cached_property
    def sources(self) -> Sources:
        return {d.get("game_id"): d for d in self.known if isinstance(d, dict)}.get

    def verdict(self, document: Any) -> Verdict:
        if self.receipts is None or self.keys is None:
            return verify_document(document, self.sources)
        return verify_with_receipts(document, receipts_of(document, self.receipts), self.keys,
                                    self.sources)


def receipts_of(document: Any, receipts: Sequence[Any]) -> list[Any]:
    """The receipts of one game of the file (all of them when the file holds one game)."""
    game_id = document.get("game_id") if isinstance(document, dict) else None
    return [r for r in receipts if not isinstance(r, dict) or r.get("game_id") == game_id]


def default_jobs() -> int:
    """The cores this process may run on."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else \
        os.cpu_count() or 1


# Starting the worker processes (the fork server importing the rules, then the workers) takes
# 0.3-0.6 s, which this process spends verifying; under this many events it does all of it
# sooner than a worker would be ready to help.
SMALL_BATCH_EVENTS = 25_000


def verify_batch(batch: Batch, jobs: int | None = None) -> Iterator[Verdict]:
    """Each document's verdict, in order, from ``jobs`` processes in all, this one included
    (default: one a core, or this process alone for a batch of fewer than SMALL_BATCH_EVENTS
    events; 1: this process alone)."""
    count = len(batch.documents)
    if jobs is None:
        jobs = 1 if events_in(batch.documents) < SMALL_BATCH_EVENTS else default_jobs()
    jobs = min(jobs, count)
    if jobs <= 1:
        yield from (batch.verdict(document) for document in batch.documents)
        return
    # Small ranges keep every process busy to the end; not so small that sending them costs.
    size = max(1, min(32, count // (jobs * 4)))
    ranges = [slice(start, start + size) for start in range(0, count, size)]
    method, named = start_method(), _rules_named(batch.documents)
    # A fork holds the batch already, and is sent the bounds of its ranges; a clean worker
    # is sent its ranges, and once the documents any fork may name as its source.
    forked = method == "fork"
    shared = batch if forked else Batch((), fork_sources(batch.known), batch.receipts,
                                        batch.keys)
    with ProcessPoolExecutor(jobs - 1, mp_context=_context(method, named), initializer=_adopt,
                             initargs=(shared, registered_extras(), named)) as pool:
        yield from _shared_out(batch, ranges, pool, jobs - 1, forked)


def _shared_out(batch: Batch, ranges: list[slice], pool: ProcessPoolExecutor, workers: int,
                forked: bool) -> Iterator[Verdict]:
    """The ranges' verdicts in order. This process verifies ranges from the first moment, and
    hands the next ones to the workers only once one is ready (their start costs 0.3-0.6 s,
    which a range handed at once would wait out), two a worker at a time so that none waits
    for its next range, whoever comes back first."""
    ready = pool.submit(_ready)
    verdicts: dict[int, list[Verdict]] = {}
    sent: dict[Future[list[Verdict]], int] = {}
    following = shown = 0  # the next range to verify or send; the next to yield
    while shown < len(ranges):
        while ready.done() and following < len(ranges) and len(sent) < 2 * workers:
            bounds = ranges[following]
            sent[pool.submit(_verify_range, bounds if forked else
                             _packed(batch.documents[bounds]))] = following
            following += 1
        if following < len(ranges):
            verdicts[following] = [batch.verdict(document)
                                   for document in batch.documents[ranges[following]]]
            following += 1
        elif sent:
            wait(sent, return_when=FIRST_COMPLETED)
        for future in [future for future in sent if future.done()]:
            verdicts[sent.pop(future)] = future.result()
        while shown in verdicts:
            yield from verdicts.pop(shown)
            shown += 1


def _packed(documents: Sequence[Any]) -> bytes | Sequence[Any]:
    """A range as it is sent to a worker: its JSON written by orjson, which reads back the
    same values (documents are read as strict JSON) at about a third of pickle's cost both
    ways; a range orjson will not write (an integer beyond 64 bits, a lone surrogate) goes
    as it is, pickled."""
    try:
        return orjson.dumps(documents)
    except (TypeError, orjson.JSONEncodeError):
        return documents


def events_in(documents: Sequence[Any]) -> int:
    """The events the documents hold (a malformed document counts none)."""
    return sum(len(events) for d in documents if isinstance(d, dict)
               and isinstance(events := d.get("events"), list))


def fork_sources(documents: Sequence[Any]) -> list[Any]:
    """The documents that some fork among ``documents`` names as its source (a fork's first
    event, ``forked``, names its origin's game)."""
    named = {origin.get("game_id") for d in documents if (origin := _origin(d)) is not None}
    return [d for d in documents if isinstance(d, dict) and d.get("game_id") in named]


def _origin(document: Any) -> dict[str, Any] | None:
    events = document.get("events") if isinstance(document, dict) else None
    first = events[0] if isinstance(events, list) and events else None
    payload = first.get("payload") if isinstance(first, dict) and \
        first.get("type") == EventType.FORKED else None
    origin = payload.get("origin") if isinstance(payload, dict) else None
    return origin if isinstance(origin, dict) else None


# Where there is no fork server (Windows, macOS), the workers are spawned: the same clean
# start, with the rules imported by each worker.
START_METHOD = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() \
    else "spawn"
# Linux lists every thread of a process here, native ones included (a library's own threads,
# which ``threading`` does not see).
THREADS = "/proc/self/task"


def start_method() -> str:
    """``fork`` where this process runs one thread, as Linux counts them; else START_METHOD.
    A fork server takes 0.3-0.6 s to start and import the rules, a second of work on every
    core lost at the start of each batch."""
    try:
        alone = len(os.listdir(THREADS)) == 1
    except OSError:  # not Linux: the threads cannot all be counted
        alone = False
    return "fork" if alone and "fork" in multiprocessing.get_all_start_methods() \
        else START_METHOD


def _context(method: str, named: set[tuple[str, str]]) -> Any:
    """The start method's context; a fork server imports the rules packages of the games
    the documents name before it starts any worker, so each worker has them at once (the
    imports and the tables a game builds at import cost about 0.1 s of CPU a game)."""
    context = multiprocessing.get_context(method)
    if method == "forkserver":
        packages = [RELEASES[game][version] for game, version in sorted(named)
                    if version in RELEASES.get(game, {})]
        context.set_forkserver_preload(["replays.batch", *packages,
                                        *(f"{package}.narration" for package in packages)])
    return context


def _rules_named(documents: Sequence[Any]) -> set[tuple[str, str]]:
    """Every game and rules version the documents name."""
    return {(d["game"], d["rules_version"]) for d in documents if isinstance(d, dict)
            and isinstance(d.get("game"), str) and isinstance(d.get("rules_version"), str)}


_batch: Batch | None = None  # a worker's batch


def _adopt(batch: Batch, extras: dict[str, dict[str, Any]],
           named: set[tuple[str, str]]) -> None:
    """A worker's start: the batch, the games this process hosts besides the registry's (a
    test's toy game), and the rules the documents name, loaded before the first range. A
    name the registry refuses is left for the verdict to give."""
    global _batch
    _batch = batch
    for game, versions in extras.items():
        for rules in versions.values():
            register_extra(game, rules)
    for game, version in named:
        try:
            get_rules(game, version)
        except GameError:
            pass


def _ready() -> None:
    """A worker's first task: done once a worker has started and adopted the batch."""


def _verify_range(packed: slice | bytes | Sequence[Any]) -> list[Verdict]:
    """A range's verdicts: its bounds in the batch a fork holds, or its documents."""
    assert _batch is not None
    documents = (_batch.documents[packed] if isinstance(packed, slice)
                 else orjson.loads(packed) if isinstance(packed, bytes) else packed)
    return [_batch.verdict(document) for document in documents]
