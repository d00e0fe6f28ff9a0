"""Engine-only and event-sourced throughput, replay verification, load-move-save latency."""

from __future__ import annotations

import statistics
import tempfile
import time
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any
from uuid import UUID, uuid5

from domain.application import GameService
from domain.games import get_rules
from domain.history import Status, record_hash
from domain.kernel import (
    DrawStream,
    Over,
    Rules,
    chance_context,
    derive_outcome,
    hash_value,
)
from domain.kernel.selfplay import self_play
from replays import build_document, verify_document
from replays.batch import SMALL_BATCH_EVENTS, Batch, default_jobs, verify_batch

from .table import Table

Say = Callable[[str], None]


NAMESPACE = UUID("6b1f4c52-52a7-4f3e-9d0f-2f6b8d0f3c11")


def game_ids(game: str, games: int) -> list[UUID]:
    """The ids of the bench's games: the engine-only baseline and the service play the same
    games, since the service derives every draw from the game's id."""
    return [uuid5(NAMESPACE, f"{game}:{i}") for i in range(games)]


def engine_game(game: str, bots: list[str], options: dict[str, Any], game_id: UUID,
                watch: Callable[[Any], None] | None = None, rules: Rules | None = None) -> Over:
    """One whole game with no service around it: next, draw or bot move, apply; every draw
    derived as the service derives it, so it is the game the service plays for ``game_id``.
    ``watch`` sees every state on the way (a balance figure reads what the result omits);
    ``rules``: the game's rules changed for a measure (see ``view_share``)."""
    for played in self_play(rules or get_rules(game), options, bots, SEEDS.seed_of(game_id),
                            str(game_id)):
        if watch is not None:
            watch(played.state)
        if isinstance(played.step, Over):
            return played.step
    raise AssertionError("a walk ends with Over")


def engine_rate(game: str, bots: list[str], options: dict[str, Any], games: int,
                say: Say) -> list[float]:
    times = []
    for game_id in game_ids(game, games):
        start = time.perf_counter()
        engine_game(game, bots, options, game_id)
        times.append(time.perf_counter() - start)
    total = sum(times)
    rate = games / total
    shown = f"{rate:,.0f}" if rate >= 10 else f"{rate:.2f}"  # Thrones: a few games a second
    say(f"  engine only, {'/'.join(bots)}: {shown} games/s; per game median "
        f"{statistics.median(times) * 1e3:.2f} ms, p90 "
        f"{statistics.quantiles(times, n=10)[-1] * 1e3:.2f} ms")
    return times


def view_share(game: str, bots: list[str], games: int, say: Say, table: Table) -> float:
    """The same games with bots handed their seat's view (as always), and handed the whole
    state instead (unfair, a measure only: what the view costs), in turn; CPU time. Bots that
    read only what the state also holds (Big Money: the coins and the Supply) play the same
    game either way. Returns the median engine-only game with views, in seconds."""
    rules = get_rules(game)
    unfair = replace(rules, bot_view=lambda state, prompt: state)
    fair_times, unfair_times = [], []
    for game_id in game_ids(game, games):
        for times, played in ((fair_times, rules), (unfair_times, unfair)):
            start = time.process_time()
            engine_game(game, bots, {}, game_id, rules=played)
            times.append(time.process_time() - start)
    fair, whole = statistics.median(fair_times), statistics.median(unfair_times)
    share = (fair - whole) / fair
    say(f"  engine only, bots handed their view: median {fair * 1e3:.2f} ms a game; handed "
        f"the whole state instead: {whole * 1e3:.2f} ms; the view is {share:.0%} of a game")
    table.add(f"{game}: the bots' views, share of an engine-only game", share, "<=", 0.15)
    return fair


# pyminion 0.4.0's Big Money mirror, the issue's side-by-side on this machine (median of
# rounds, engine only): the reference the speed-up row divides by, as pyminion is no
# dependency of gamehall.
PYMINION_MS = 2.69


def pyminion_speedup(median_seconds: float, say: Say, table: Table) -> None:
    speedup = PYMINION_MS / (median_seconds * 1e3)
    say(f"  against pyminion 0.4.0's {PYMINION_MS} ms a game (the issue's measure on this "
        f"machine): {speedup:.2f}x faster")
    table.add("dominion: Big Money mirror engine-only, times faster than pyminion 0.4.0",
              speedup, ">=", 3)


def service(env: dict[str, str]) -> GameService:
    return GameService(env, secret=b"bench", clock=lambda: datetime.now(UTC),
                       new_token=lambda: "token")


SEEDS = service({})  # the bench's secret, for the engine-only games' seeds


def sqlite_env(folder: str) -> dict[str, str]:
    return {"PERSISTENCE_MODULE": "eventsourcing.sqlite",
            "SQLITE_DBNAME": f"{folder}/bench.sqlite"}


def service_rate(game: str, bots: list[str], options: dict[str, Any], games: int,
                 say: Say, table: Table) -> None:
    """The same bot games through the engine alone and through the event-sourced service, in
    memory and on SQLite, interleaved: game i on the engine, then game i in memory, then on
    SQLite, then game i + 1. Each is timed in CPU time (the machine is shared), so the
    ratios compare the same games at the same moments. The service derives every draw from
    the game's id, so each run plays the very game the engine played (its result is checked)."""
    labels = ("in memory", "on SQLite")
    engine_cpu, cpu, wall, events = 0.0, dict.fromkeys(labels, 0.0), dict.fromkeys(labels, 0.0), 0
    with tempfile.TemporaryDirectory() as folder:
        apps = dict(zip(labels, (service({}), service(sqlite_env(folder))), strict=True))
        for game_id in game_ids(game, games):
            start = time.process_time()
            over = engine_game(game, bots, options, game_id)
            engine_cpu += time.process_time() - start
            for label, app in apps.items():
                start, started_wall = time.process_time(), time.perf_counter()
                created, _ = app.create_game(game, options, [{"bot": b} for b in bots],
                                             game_id=game_id)
                cpu[label] += time.process_time() - start
                wall[label] += time.perf_counter() - started_wall
                assert created.result == over.to_json(), "the service played another game"
            events += created.version
        for app in apps.values():
            app.close()
    say(f"  engine only, the same {games} games in turn with the service: "
        f"{games / engine_cpu:,.1f} games/s (CPU time)")
    for label in labels:
        say(f"  event-sourced {label}: {games / cpu[label]:,.1f} games/s CPU time, "
            f"{games / wall[label]:,.1f} wall ({events / cpu[label]:,.0f} events/s CPU, "
            f"{events / games:.0f} events a game); {cpu[label] / engine_cpu:.2f}x the engine's "
            "CPU")
        table.add(f"{game}: event-sourced {label} / engine-only, CPU time", cpu[label] / engine_cpu,
                  "<=", 2)
    say(f"  on SQLite the wall time adds the disk's commits: {wall['on SQLite'] / engine_cpu:.1f}x "
        "the engine's time")


def verify_rate(game: str, bots: list[str], options: dict[str, Any], games: int,
                say: Say, table: Table) -> None:
    """Replay verification: one process on one core (CPU time: the rules-bound figure), every
    core on a batch of documents (wall time, as a user waits for it), and the floor."""
    app = service({})
    documents = []
    for _ in range(games):
        created, _ = app.create_game(game, options, [{"bot": b} for b in bots])
        documents.append(build_document(app.records(created.id)))
    app.close()
    events = sum(len(d["events"]) for d in documents)
    # Each document verified, then folded by the floor, in turn: the two figures are taken at
    # the same moments, so their ratio holds on a machine whose load changes.
    elapsed = floor_time = 0.0
    for document in documents:
        start = time.process_time()
        assert verify_document(document).valid
        middle = time.process_time()
        verification_floor(document)
        elapsed += middle - start
        floor_time += time.process_time() - middle
    floor = events / floor_time
    say(f"  replay verification on one core: {events / elapsed:,.0f} events/s "
        f"({games / elapsed:,.1f} games/s, CPU time)")
    table.add(f"{game}: replay verification on one core, events/s", events / elapsed, ">=",
              75_000)
    copies = max(1, -(-BATCH_EVENTS // events))
    batch, jobs = Batch(documents * copies), default_jobs()
    one_process, all_cores = (events * copies / batch_seconds(batch, n) for n in (1, jobs))
    say(f"  replay verification of a batch of {len(batch.documents)} documents, "
        f"{events * copies:,} events, on every core ({jobs} processes, replay verify's default "
        f"from {SMALL_BATCH_EVENTS:,} events): {all_cores:,.0f} "
        f"events/s (wall time; {all_cores / one_process:.2f}x one process's {one_process:,.0f} "
        "just before, "
        "which a loaded machine holds down)")
    table.add(f"{game}: replay verification, batch on all {jobs} cores, events/s", all_cores,
              ">=", 75_000)
    say(f"  its floor on one core, what any verifier must do (the rules' next and apply, each "
        f"draw derived, each state and event hashed; no other check): {floor:,.0f} events/s; "
        f"the verifier runs at {events / elapsed / floor:.2f} of it")
    table.add(f"{game}: replay verification floor on one core, events/s", floor, ">=", 75_000)


def batch_seconds(batch: Batch, jobs: int) -> float:
    """The wall time of verifying ``batch`` with ``jobs`` processes (all documents valid)."""
    start = time.perf_counter()
    assert all(verdict.valid for verdict in verify_batch(batch, jobs))
    return time.perf_counter() - start


# A batch verified on every core repeats the documents up to this many events: a batch
# ``replay verify`` spreads over every core by default (from SMALL_BATCH_EVENTS), so that
# starting the worker processes weighs on the figure as on a real export of a thousand games.
BATCH_EVENTS = 4 * SMALL_BATCH_EVENTS


def verification_floor(document: dict[str, Any]) -> None:
    """The work no verifier can skip, and nothing else: each event's rules step (next, then
    the move or the draw applied), each draw derived from the seed, the state after each event
    and each event hashed. A verifier is at most this fast with the rules as they are."""
    seed = bytes.fromhex(document["seed"])
    rules, state = None, None
    for event in document["events"]:
        payload, kind = event["payload"], event["type"]
        if kind == "created":
            rules = get_rules(payload["game"], payload["rules_version"])
            state = rules.setup(payload["options"], len(payload["seats"]))
        elif kind in ("move_made", "chance_resolved"):
            assert rules is not None and state is not None
            rules.next(state)
            if kind == "move_made":
                state = rules.apply_move(state, payload["seat"], payload["move"])
            else:
                derive_outcome(payload["spec"], seed,
                               chance_context(document["game_id"], event["seq"]))
                state = rules.apply_chance(state, payload["outcome"])
        hash_value(state)
        record_hash(event)


def load_move_save(game: str, options: dict[str, Any], checkpoints: list[int],
                   say: Say, table: Table) -> None:
    """service.play latency (load, validate, apply, save) as one long game grows, on SQLite;
    and at the same points, what a follower's call costs: one that comes back for what the
    last move recorded (it starts where its last call ended), and one that starts cold from
    the event before the newest (the nearest snapshot, then the events after it)."""
    from api.follow import Position, Reached

    rules = get_rules(game)
    with tempfile.TemporaryDirectory() as folder:
        app = service(sqlite_env(folder))
        seats = [{"name": f"p{i}"} for i in range(rules.info.min_seats)]
        created, _ = app.create_game(game, options, seats)
        draw = DrawStream(b"bench", "lms").below
        samples: dict[int, list[float]] = {c: [] for c in checkpoints}
        cpu: dict[int, list[float]] = {c: [] for c in checkpoints}
        follows: dict[int, list[float]] = {c: [] for c in checkpoints}
        colds: dict[int, list[float]] = {c: [] for c in checkpoints}
        reached, seen = Reached(), 0
        moves = 0
        while moves < max(checkpoints) + 20:
            current = app.get(created.id)
            step = current.step()
            if current.status != Status.ACTIVE or isinstance(step, Over):
                break
            prompt = step.prompts[0]
            move = prompt.legal_moves[draw(len(prompt.legal_moves))]
            start, started_cpu = time.perf_counter(), time.process_time()
            app.play(created.id, prompt.seat, [move], "bench")
            elapsed = time.perf_counter() - start
            spent = time.process_time() - started_cpu
            moves += 1
            start = time.perf_counter()
            follower = Position(app, created.id, None, seen, reached)
            follower.more()
            followed = time.perf_counter() - start
            seen = follower.last
            for checkpoint in checkpoints:
                if checkpoint <= moves < checkpoint + 20:
                    samples[checkpoint].append(elapsed)
                    cpu[checkpoint].append(spent)
                    follows[checkpoint].append(followed)
                    colds[checkpoint].append(follow_call(app, created.id, Position))
        version = app.get(created.id).version
        cold = cold_load_times(app, created.id)
        app.close()
        commit = statistics.median(commit_times(folder))
    for checkpoint, times in samples.items():
        if times:
            median = statistics.median(times) * 1e3
            follow = statistics.median(follows[checkpoint]) * 1e3
            cold_follow = statistics.median(colds[checkpoint]) * 1e3
            move_cpu = statistics.median(cpu[checkpoint]) * 1e3
            say(f"  load-move-save at move {checkpoint}: median {median:.2f} ms over "
                f"{len(times)} moves ({move_cpu:.2f} ms of it CPU); a follower's call then: "
                f"median {follow:.2f} ms coming back, {cold_follow:.2f} ms cold")
            table.add(f"one move (load, apply, save) at move {checkpoint}, ms", median, "<=", 1)
            table.add(f"one move at move {checkpoint}: its CPU, ms", move_cpu, "<=", 1)
            table.add(f"a follower's call at move {checkpoint}, ms", follow, "<=", 2)
            table.add(f"a follower's cold call at move {checkpoint}, ms", cold_follow, "<=", 2)
    say(f"  (the game reached {moves} moves, {version} events; a cold load of it, aggregate "
        f"cache off, from the latest snapshot: median {statistics.median(cold) * 1e3:.2f} ms)")
    say(f"  the floor of a move's time on this disk: one SQLite commit of one small row, "
        f"WAL with synchronous=FULL (the event store's settings): median {commit * 1e3:.2f} ms")
    table.add("one SQLite commit on this disk (a saved move's floor), ms", commit * 1e3, "<=", 1)


def commit_times(folder: str, count: int = 50) -> list[float]:
    """The time of a bare commit as the event store makes one (WAL, fsync on each commit)."""
    import sqlite3

    connection = sqlite3.connect(f"{folder}/commit.sqlite", isolation_level=None)
    connection.execute("PRAGMA journal_mode=WAL")
    connection.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, body BLOB)")
    times = []
    for _ in range(count):
        start = time.perf_counter()
        connection.execute("BEGIN")
        connection.execute("INSERT INTO t (body) VALUES (?)", (b"x" * 300,))
        connection.execute("COMMIT")
        times.append(time.perf_counter() - start)
    connection.close()
    return times


def follow_call(app: GameService, game_id: Any, position: Any) -> float:
    """One follower's call for the newest event (as a long-poll at the head comes back)."""
    start = time.perf_counter()
    position(app, game_id, None, app.version_of(game_id) - 1).more()
    return time.perf_counter() - start


def cold_load_times(app: GameService, game_id: Any) -> list[float]:
    cache, app.repository.cache = app.repository.cache, None
    times = []
    for _ in range(20):
        start = time.perf_counter()
        app.get(game_id)
        times.append(time.perf_counter() - start)
    app.repository.cache = cache
    return times
