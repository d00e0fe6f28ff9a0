"""Verifying many replay documents at once (an export of thousands of games), on every core.

Verification is CPU-bound Python, so one process uses one core: a batch is cut into ranges of
documents that worker processes verify, and the verdicts come back in the documents' order,
the very verdicts a single process gives. Each worker is handed the whole batch once (under
``fork`` it simply inherits it), since a fork's source game may be any document of it.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from domain.games import get_rules
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

    def verdict(self, index: int) -> Verdict:
        document = self.documents[index]
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


def verify_batch(batch: Batch, jobs: int | None = None) -> Iterator[Verdict]:
    """Each document's verdict, in order; ``jobs`` processes (default: every core; 1: this
    process alone)."""
    count = len(batch.documents)
    jobs = min(default_jobs() if jobs is None else jobs, count)
    if jobs <= 1:
        yield from (batch.verdict(index) for index in range(count))
        return
    # Small ranges keep every worker busy to the end; not so small that sending them costs.
    size = max(1, min(32, count // (jobs * 4)))
    ranges = [(start, min(start + size, count)) for start in range(0, count, size)]
    _load_rules(batch.documents)
    with ProcessPoolExecutor(jobs, initializer=_adopt, initargs=(batch,)) as pool:
        for verdicts in pool.map(_verify_range, ranges):
            yield from verdicts


def _load_rules(documents: Sequence[Any]) -> None:
    """Load the rules of every game and version the documents name, in this process, so that
    each worker inherits them rather than importing them again: the imports and the tables
    the games build at import cost each worker about 0.1 s of CPU for Dominion and
    Revolution, and this process pays them once (about 0.08 s). A name the registry refuses
    is left for the verdict to give."""
    named = {(d["game"], d["rules_version"]) for d in documents if isinstance(d, dict)
             and isinstance(d.get("game"), str) and isinstance(d.get("rules_version"), str)}
    for game, version in named:
        try:
            get_rules(game, version)
        except GameError:
            pass


_batch: Batch | None = None  # a worker's batch


def _adopt(batch: Batch) -> None:
    global _batch
    _batch = batch


def _verify_range(bounds: tuple[int, int]) -> list[Verdict]:
    assert _batch is not None
    return [_batch.verdict(index) for index in range(*bounds)]
