"""The research environments against the engine alone: the same games (same ids, so the
same draws and the same random bot's choices), walked once by ``self_play`` and once through
the PettingZoo environment, whose agent picks what the random bot would from the
environment's own info. An environment step adds the seat's view encoded, the action mask
and the bookkeeping of the AEC API; the issue's aim is at most 1.5x an engine step."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any
from uuid import UUID

from domain.kernel import DrawStream, bot_context
from research.envs import PROFILES, GameEnv, env

from .engine import SEEDS, engine_game, game_ids
from .table import Table

Say = Callable[[str], None]
AIM = 1.5


def env_game(name: str, seats: int, game_id: UUID, game_env: GameEnv | None = None) -> GameEnv:
    """One whole game through the environment (``game_env``, reset, as a training loop
    resets its environment between episodes, or a new one), every seat an agent playing as
    the random bot plays (its view from the info, its draws from the service's bot
    context)."""
    game_env = game_env or env(name, seats)
    game_env.reset(seed=SEEDS.seed_of(game_id), options={"game_id": str(game_id)})
    episode = game_env.episode
    assert episode is not None
    bot = episode.rules.bots["random"]
    for _ in game_env.agent_iter():
        _, _, terminated, truncated, info = game_env.last(observe=True)
        if terminated or truncated:
            game_env.step(None)
            continue
        prompt = episode.prompt
        assert prompt is not None
        draw = DrawStream(episode.seed, bot_context(episode.game_id, episode.version + 1))
        move = bot(info["view"], prompt, draw.below)
        game_env.step(info["actions"][info["legal_moves"].index(move)])
    return game_env


def env_rate(name: str, seats: int, games: int, say: Say, table: Table) -> None:
    game, options = PROFILES[name]
    engine_time = env_time = 0.0
    steps = 0
    game_env = env(name, seats)
    for game_id in game_ids(f"research:{name}", games):
        start = time.process_time()
        engine_game(game, ["random"] * seats, options, game_id)
        middle = time.process_time()
        played = env_game(name, seats, game_id, game_env)
        env_time += time.process_time() - middle
        engine_time += middle - start
        assert played.episode is not None
        steps += len(played.episode.events)
    ratio = env_time / engine_time
    say(f"  {name}, {seats} seats, {games} games of random play: engine {steps / engine_time:,.0f}"
        f" steps/s, environment {steps / env_time:,.0f} steps/s ({ratio:.2f}x an engine step)")
    table.add(f"{name} environment step / engine step", ratio, "<=", AIM)


def research(table: Table) -> None:
    print("\n== Research environments (PettingZoo AEC, against the engine alone) ==",
          flush=True)
    say: Any = print
    for name, seats, games in (("revolution", 2, 200), ("dominion", 2, 50), ("godofwar", 2, 50),
                               ("thrones_box", 2, 3), ("thrones_lcg", 2, 3)):
        env_rate(name, seats, games, say, table)
