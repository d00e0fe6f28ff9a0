"""Engine-only and event-sourced throughput, replay verification, load-move-save latency."""

from __future__ import annotations

import hashlib
import statistics
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from domain.application import GameService
from domain.games import get_rules
from domain.history import Status
from domain.kernel import Chance, DrawStream, Over, ask_bot, derive_outcome
from replays import build_document, verify_document

Say = Callable[[str], None]


def engine_game(game: str, bots: list[str], options: dict[str, Any], seed: int) -> Over:
    """One whole game with no service around it: next, draw or bot move, apply."""
    rules = get_rules(game)
    state = rules.setup(options, len(bots))
    secret = hashlib.sha256(str(seed).encode()).digest()
    draw = DrawStream(secret, f"bots:{seed}").below
    players = [rules.bots[name] for name in bots]
    count = 0
    while True:
        step = rules.next(state)
        if isinstance(step, Over):
            return step
        count += 1
        if isinstance(step, Chance):
            state = rules.apply_chance(state, derive_outcome(step.spec, secret, f"{seed}:{count}"))
            continue
        prompt = step.prompts[0]
        move = ask_bot(rules, players[prompt.seat], state, prompt, draw)
        state = rules.apply_move(state, prompt.seat, move)


def engine_rate(game: str, bots: list[str], options: dict[str, Any], games: int,
                say: Say) -> list[float]:
    times = []
    for seed in range(games):
        start = time.perf_counter()
        engine_game(game, bots, options, seed)
        times.append(time.perf_counter() - start)
    total = sum(times)
    say(f"  engine only, {'/'.join(bots)}: {games / total:,.0f} games/s; per game median "
        f"{statistics.median(times) * 1e3:.2f} ms, p90 "
        f"{statistics.quantiles(times, n=10)[-1] * 1e3:.2f} ms")
    return times


def service(env: dict[str, str]) -> GameService:
    return GameService(env, secret=b"bench", clock=lambda: datetime.now(UTC),
                       new_token=lambda: "token")


def sqlite_env(folder: str) -> dict[str, str]:
    return {"PERSISTENCE_MODULE": "eventsourcing.sqlite",
            "SQLITE_DBNAME": f"{folder}/bench.sqlite"}


def service_rate(game: str, bots: list[str], options: dict[str, Any], games: int,
                 say: Say, engine_times: list[float] | None = None) -> None:
    """Whole bot games through the event-sourced service, in memory and on SQLite; with the
    engine-only times of the same games, the ratios."""
    rates: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as folder:
        for label, env in (("in memory", {}), ("on SQLite", sqlite_env(folder))):
            app = service(env)
            start = time.perf_counter()
            events = 0
            for _ in range(games):
                created, _ = app.create_game(game, options, [{"bot": b} for b in bots])
                events += created.version
            elapsed = time.perf_counter() - start
            app.close()
            rates[label] = games / elapsed
            say(f"  event-sourced {label}: {games / elapsed:,.1f} games/s "
                f"({events / elapsed:,.0f} events/s, {events / games:.0f} events a game)")
    if engine_times:
        engine = len(engine_times) / sum(engine_times)
        say(f"  ratios: engine only / event-sourced in memory {engine / rates['in memory']:.1f}x;"
            f" in memory / on SQLite {rates['in memory'] / rates['on SQLite']:.2f}x")


def verify_rate(game: str, bots: list[str], options: dict[str, Any], games: int,
                say: Say) -> None:
    app = service({})
    documents = []
    for _ in range(games):
        created, _ = app.create_game(game, options, [{"bot": b} for b in bots])
        documents.append(build_document(app.records(created.id)))
    app.close()
    events = sum(len(d["events"]) for d in documents)
    start = time.perf_counter()
    assert all(verify_document(d).valid for d in documents)
    elapsed = time.perf_counter() - start
    say(f"  replay verification: {events / elapsed:,.0f} events/s "
        f"({games / elapsed:,.1f} games/s)")


def load_move_save(game: str, options: dict[str, Any], checkpoints: list[int],
                   say: Say) -> None:
    """service.play latency (load, validate, apply, save) as one long game grows, on SQLite."""
    rules = get_rules(game)
    with tempfile.TemporaryDirectory() as folder:
        app = service(sqlite_env(folder))
        seats = [{"name": f"p{i}"} for i in range(rules.info.min_seats)]
        created, _ = app.create_game(game, options, seats)
        draw = DrawStream(b"bench", "lms").below
        samples: dict[int, list[float]] = {c: [] for c in checkpoints}
        moves = 0
        while moves < max(checkpoints) + 20:
            current = app.get(created.id)
            step = current.step()
            if current.status != Status.ACTIVE or isinstance(step, Over):
                break
            prompt = step.prompts[0]
            move = prompt.legal_moves[draw(len(prompt.legal_moves))]
            start = time.perf_counter()
            app.play(created.id, prompt.seat, [move], "bench")
            elapsed = time.perf_counter() - start
            moves += 1
            for checkpoint in checkpoints:
                if checkpoint <= moves < checkpoint + 20:
                    samples[checkpoint].append(elapsed)
        version = app.get(created.id).version
        cold = cold_load_times(app, created.id)
        app.close()
    for checkpoint, times in samples.items():
        if times:
            say(f"  load-move-save at move {checkpoint}: median "
                f"{statistics.median(times) * 1e3:.2f} ms over {len(times)} moves")
    say(f"  (the game reached {moves} moves, {version} events; a cold load of it, aggregate "
        f"cache off, from the latest snapshot: median {statistics.median(cold) * 1e3:.2f} ms)")


def cold_load_times(app: GameService, game_id: Any) -> list[float]:
    cache, app.repository.cache = app.repository.cache, None
    times = []
    for _ in range(20):
        start = time.perf_counter()
        app.get(game_id)
        times.append(time.perf_counter() - start)
    app.repository.cache = cache
    return times
