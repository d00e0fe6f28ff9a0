"""The research environments against the engine alone: the same games (same ids, so the
same draws and the same random bot's choices), walked once by ``self_play`` and once through
the PettingZoo environment, whose agent picks what the random bot would, handing it its
view as the engine hands its bots theirs (``agent_view``). An environment step adds the
seat's view encoded, the action mask and the bookkeeping of the AEC API; the issue's aim is
at most 1.5x an engine step.

Each game is also walked by ``Unencoded``, the environment less its observation and action
layout: the floor an environment step cannot go below while the AEC API and the episode
stay as they are. All three are timed in CPU time (the machine is shared), interleaved game
by game."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, cast
from uuid import UUID

import numpy as np

from domain.kernel import DrawStream, Move, Prompt, bot_context
from research.codec import Actions
from research.envs import PROFILES, GameEnv, env
from research.episode import Episode

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
        move = bot(agent_view(episode, info, prompt), prompt, draw.below)
        # (by identity, as a policy picks one of its legal moves: comparing dicts cost more)
        position = list(map(id, info["legal_moves"])).index(id(move))
        game_env.step(info["actions"][position])
    return game_env


def agent_view(episode: Episode, info: dict[str, Any], prompt: Prompt) -> dict[str, Any]:
    """The view the agent hands its bot, read as the engine's bots read theirs
    (``ask_bot``): the info's view, the one the observation was encoded from; or, where the
    game gives its bots a view built part by part as read (Dominion), that one, as the info
    builds its ``view`` only when read and a policy reads its observation."""
    if episode.rules.bot_view is None:
        return info["view"]  # type: ignore[no-any-return]
    return cast(dict[str, Any], episode.rules.bot_view(episode.state, prompt))  # as ask_bot


class Unencoded(GameEnv):
    """The environment with no observation encoded and no legal move laid out (each its
    position in the prompt, one empty mask): what the episode and the AEC API cost alone."""

    NOTHING = np.zeros(0, np.float32)

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return {"observation": self.NOTHING, "action_mask": self.NOTHING}

    def actions_of(self, legal: list[Move]) -> Actions:
        return Actions(list(range(len(legal))), [], self.NOTHING)


def env_rate(name: str, seats: int, games: int, say: Say, table: Table) -> None:
    game, options = PROFILES[name]
    engine_time = env_time = floor_time = 0.0
    steps = 0
    game_env, floor_env = env(name, seats), Unencoded(game, seats, options)
    for game_id in game_ids(f"research:{name}", games):
        start = time.process_time()
        engine_game(game, ["random"] * seats, options, game_id)
        middle = time.process_time()
        played = env_game(name, seats, game_id, game_env)
        end = time.process_time()
        env_game(name, seats, game_id, floor_env)
        floor_time += time.process_time() - end
        env_time += end - middle
        engine_time += middle - start
        assert played.episode is not None
        steps += len(played.episode.events)
    ratio = env_time / engine_time
    say(f"  {name}, {seats} seats, {games} games of random play: engine {steps / engine_time:,.0f}"
        f" steps/s, environment {steps / env_time:,.0f} steps/s ({ratio:.2f}x an engine step;"
        f" without encoding {floor_time / engine_time:.2f}x)")
    table.add(f"{name} environment step / engine step", ratio, "<=", AIM)


def research(table: Table) -> None:
    print("\n== Research environments (PettingZoo AEC, against the engine alone) ==",
          flush=True)
    say: Any = print
    for name, seats, games in (("revolution", 2, 200), ("dominion", 2, 50), ("godofwar", 2, 50),
                               ("thrones_box", 2, 3), ("thrones_lcg", 2, 3)):
        env_rate(name, seats, games, say, table)
