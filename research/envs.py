"""PettingZoo AEC environments of the hosted games, one agent a seat (``seat_0``...).

Each observation is ``{"observation": float32 vector, "action_mask": int8 vector}``: the
acting seat's view encoded by the game's ``Codec`` and its legal moves as action indices
(any other seat's mask is all zeros). The acting seat's ``info`` holds the raw ``view``, the
prompt's ``legal_moves`` with their ``actions``, and the words of the moves that have no
fixed index (``overflow_labels``). Rewards come at the end only: +1 to each winner, -1 to
each other seat when some seat won, 0 to all when none did; a co-operative game's shared win
or loss gives every seat +1 or -1.

``reset(seed=S, options={"game_id": G})`` starts the game the service would play for seed
``S`` (an int, as 32 bytes, or bytes) and game id ``G`` (by default a UUID named after the
game and the seed); ``env.document()`` is then its replay document once it is over.
"""

from __future__ import annotations

import secrets
from typing import Any

import gymnasium
import numpy as np
from pettingzoo import AECEnv

from domain.kernel import Decision, Move, Over, Prompt, State

from . import state_encoders
from .codec import Actions, Codec, codec_for, position_of
from .episode import Episode
from .record import episode_document

# The configurations the issue names: (game, options) by environment name.
PROFILES: dict[str, tuple[str, dict[str, Any]]] = {
    "revolution": ("revolution", {}),
    "dominion": ("dominion", {}),
    "thrones_box": ("thrones", {"profile": "box"}),
    "thrones_lcg": ("thrones", {"profile": "lcg"}),
    "godofwar": ("godofwar", {}),
}


def final_rewards(over: Over, seats: int) -> list[float]:
    if over.shared is not None:
        return [1.0 if over.shared == "win" else -1.0] * seats
    if not over.winners:
        return [0.0] * seats
    return [1.0 if seat in over.winners else -1.0 for seat in range(seats)]


class GameEnv(AECEnv):  # type: ignore[misc]
    """One hosted game as an AEC environment (see the module's docstring)."""

    metadata = {"render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, game: str, seats: int | None = None,
                 options: dict[str, Any] | None = None, render_mode: str | None = None,
                 bots: dict[int, str] | None = None) -> None:
        super().__init__()
        self.game = game
        self.codec: Codec = codec_for(game)
        rules_seats = Episode.seat_range(game)
        self.seats = seats or rules_seats[0]
        self.options = dict(options or {})
        self.bots = dict(bots or {})  # seats played inside the environment, not agents
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"gamehall_{game}_v0"}
        self.possible_agents = [f"seat_{s}" for s in range(self.seats) if s not in self.bots]
        self.agent_seat = {agent: int(agent.split("_")[1]) for agent in self.possible_agents}
        self.seat_agent = {seat: agent for agent, seat in self.agent_seat.items()}
        box = gymnasium.spaces.Box(-np.inf, np.inf, (self.codec.observation_size,), np.float32)
        mask = gymnasium.spaces.Box(0, 1, (self.codec.actions,), np.int8)
        self.observation_spaces = {a: gymnasium.spaces.Dict(
            {"observation": box, "action_mask": mask}) for a in self.possible_agents}
        self.action_spaces = {a: gymnasium.spaces.Discrete(self.codec.actions)
                              for a in self.possible_agents}
        self.observer = self.codec.observer()
        # Observations written from the state (``research.state_encoders``), with no view.
        self.from_state = game in state_encoders.ENCODERS
        self.episode: Episode | None = None
        self.asked: str | None = None  # the agent whose info is a ``TurnInfo``

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | bytes | None = None,
              options: dict[str, Any] | None = None) -> None:
        game_id = (options or {}).get("game_id")
        chosen = secrets.token_bytes(32) if seed is None else seed
        self.episode = Episode(self.game, self.seats, self.options, chosen, game_id, self.bots)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.asked = None  # the agent whose info is a ``TurnInfo``
        self._turn()

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert self.episode is not None
        move = self.move_of(action)  # before anything changes: a bad action changes nothing
        self._cumulative_rewards[agent] = 0.0
        self.episode.play(move, legal=True)
        if self._turn():  # (before the end every reward is 0: nothing to add up)
            self._accumulate_rewards()

    def move_of(self, action: Any) -> Move:
        """The acting seat's legal move at ``action`` (``codec.position_of``: TypeError for
        anything but an integer, ValueError for a masked action)."""
        info = self.infos[self.agent_selection]
        return info["legal_moves"][position_of(info["actions"], action)]  # type: ignore[no-any-return]

    def actions_of(self, legal: list[Move]) -> Actions:
        """The legal moves on the action space (the codec's layout, with its mask)."""
        return self.codec.layout_of(legal)

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        assert self.episode is not None
        info = self.infos.get(agent)
        if not isinstance(info, TurnInfo):  # a seat not asked: its view, and no legal move
            seat = self.agent_seat[agent]
            observation = self.observer.encode_state(
                self.episode.state, [], seat, [], self.episode.events) \
                if self.from_state else self.observer.encode(self.episode.view(seat), [], seat)
            return {"observation": observation,
                    "action_mask": np.zeros(self.codec.actions, np.int8)}
        seat, legal = info.prompt.seat, info["legal_moves"]
        observation = self.observer.encode_state(
            info.state, legal, seat, info.overflow, info.episode.events) if self.from_state \
            else self.observer.encode(info["view"], legal, seat, info.overflow)
        return {"observation": observation, "action_mask": info.mask.copy()}

    def document(self) -> dict[str, Any]:
        """The finished episode's replay document (``replays.verify_document`` passes it)."""
        assert self.episode is not None
        return episode_document(self.episode)

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.episode is None:
            return None
        prompt = self.episode.prompt
        return "game over" if prompt is None else f"seat {prompt.seat}: {prompt.text}"

    def close(self) -> None:
        self.episode = None

    def _turn(self) -> bool:
        """After a reset or a move: the infos of the seat asked next, or (answering True)
        the end's rewards."""
        episode = self.episode
        assert episode is not None
        step = episode.step
        if not isinstance(step, Decision):
            over = episode.over
            assert over is not None
            rewards = final_rewards(over, self.seats)
            self.rewards = {a: rewards[self.agent_seat[a]] for a in self.agents}
            self.terminations = dict.fromkeys(self.agents, True)
            self.infos = {a: {"result": over.to_json()} for a in self.agents}
            return True
        prompt = step.prompts[0]  # (as ``episode.prompt``)
        # (``rewards`` stays reset's zeros until the end: nothing to write before it)
        agent = self.agent_selection = self.seat_agent[prompt.seat]
        legal = prompt.legal_moves
        actions = self.actions_of(legal)
        info = TurnInfo(legal_moves=legal, actions=actions.indices)
        info.overflow = [legal[i] for i in actions.spilled] if actions.spilled else []
        info.mask = actions.mask  # may be shared with other prompts: observe copies it
        # (the state, not the episode's: an info read after later steps shows its own turn)
        info.episode, info.state, info.prompt = episode, episode.state, prompt
        infos = self.infos  # written over in place: only the last acting seat's changes
        if self.asked != agent and self.asked in infos:
            infos[self.asked] = {}
        infos[agent] = info
        self.asked = agent
        return False


class TurnInfo(dict[str, Any]):
    """The acting seat's info. ``view`` and ``overflow_labels`` (the words of the moves
    without a fixed index) are written when first read: a training loop reads the
    observation and the mask (Revolution's, Dominion's and God of War's written from the
    state, with no view), and the whole view or the game's narration can cost more than an
    engine step."""

    __slots__ = ("overflow", "mask", "episode", "state", "prompt")
    overflow: list[Move]
    mask: np.ndarray
    episode: Episode
    state: State
    prompt: Prompt

    def __missing__(self, key: str) -> Any:
        value: Any
        if key == "view":
            value = self.episode.rules.view(self.state, self.prompt.seat)
        elif key == "overflow_labels":
            value = self.episode.labels(self.overflow, self.prompt.seat, self.state)
        else:
            raise KeyError(key)
        self[key] = value
        return value

    def __contains__(self, key: object) -> bool:
        return key in LAZY_KEYS or dict.__contains__(self, key)

    def get(self, key: str, default: Any = None) -> Any:
        return self[key] if key in self else default


LAZY_KEYS = ("view", "overflow_labels")  # the TurnInfo's keys written when first read


def env(name: str, seats: int | None = None, render_mode: str | None = None) -> GameEnv:
    """The environment of a profile in ``PROFILES`` (``thrones_lcg``...) at ``seats``."""
    game, options = PROFILES[name]
    return GameEnv(game, seats, options, render_mode)
