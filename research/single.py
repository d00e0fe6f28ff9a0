"""A Gymnasium environment: one seat of a game played by the agent, every other seat by a
built-in bot (asked with its seat's view, as the service asks its bots).

The observation is the seat's encoded view (``research.codec``); ``info["action_mask"]``
says which actions are legal, ``info["view"]`` and ``info["legal_moves"]`` give the raw
view and moves. The reward is the seat's final one (``research.envs.final_rewards``).
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np

from .codec import Codec, codec_for, position_of
from .envs import final_rewards
from .episode import Episode
from .record import episode_document


class SeatEnv(gymnasium.Env):  # type: ignore[misc]
    """``seat`` of ``game`` against ``opponents`` (bot names, one a seat, in seat order
    skipping the agent's)."""

    metadata = {"render_modes": []}

    def __init__(self, game: str, opponents: Sequence[str], seat: int = 0,
                 options: dict[str, Any] | None = None) -> None:
        self.game = game
        self.seat = seat
        self.seats = len(opponents) + 1
        others = [s for s in range(self.seats) if s != seat]
        self.bots = dict(zip(others, opponents, strict=True))
        self.options = dict(options or {})
        self.codec: Codec = codec_for(game)
        self.observation_space = gymnasium.spaces.Box(
            -np.inf, np.inf, (self.codec.observation_size,), np.float32)
        self.action_space = gymnasium.spaces.Discrete(self.codec.actions)
        self.observer = self.codec.observer()
        self.episode: Episode | None = None
        self._info: dict[str, Any] = {}

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        chosen: int | bytes = secrets.token_bytes(32) if seed is None else seed
        self.episode = Episode(self.game, self.seats, self.options, chosen,
                               (options or {}).get("game_id"), self.bots)
        return self._observe(), self._info

    def step(self, action: int) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        if self.episode is None or self.episode.over is not None:
            raise RuntimeError("no game is being played: call reset() to start one")
        moves = self._info["legal_moves"]
        self.episode.play(moves[position_of(self._info["actions"], action)], legal=True)
        observation = self._observe()
        over = self.episode.over
        reward = 0.0 if over is None else final_rewards(over, self.seats)[self.seat]
        return observation, reward, over is not None, False, self._info

    def document(self) -> dict[str, Any]:
        assert self.episode is not None
        return episode_document(self.episode)

    def _observe(self) -> np.ndarray:
        assert self.episode is not None
        view = self.episode.view(self.seat)
        prompt = self.episode.prompt
        legal = [] if prompt is None else prompt.legal_moves
        actions = self.codec.layout_of(legal)
        self._info = {"view": view, "legal_moves": legal, "actions": actions.indices,
                      "action_mask": actions.mask.copy()}
        over = self.episode.over
        if over is not None:
            self._info["result"] = over.to_json()
        return self.observer.encode(view, legal, self.seat,
                                    [legal[i] for i in actions.spilled])
