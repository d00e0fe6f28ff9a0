"""One game walked as the service walks it, for the environments: moves come from outside
(an agent) or from built-in bots, every chance step is derived from the episode's seed with
the service's own derivation, and the events are kept so the episode can be exported as the
replay document the service would record for the same seed and game id (``research.record``).

Event numbers count as the service's do (the created event is 1): each draw's context names
the event that records it (``domain.kernel.selfplay`` walks the same way).
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping
from typing import Any

from domain.games import get_rules
from domain.kernel import (
    Audience,
    Chance,
    Decision,
    DrawStream,
    Move,
    Over,
    Prompt,
    Rules,
    State,
    Step,
    ask_bot,
    bot_context,
    bot_seat_name,
    chance_context,
    derive_outcome,
    play_move,
    validate_options,
)
from domain.kernel.contract import plain_label

# The game ids of episodes not given one: a name-based UUID of the game and the seed.
NAMESPACE = uuid.UUID("1d4c3a52-7e0b-4b8e-9a55-726573656172")


def seed_bytes(seed: int | bytes) -> bytes:
    """The episode's secret seed: bytes as given, an int as its 32 big-endian bytes."""
    return seed if isinstance(seed, bytes) else seed.to_bytes(32, "big")


def default_game_id(game: str, seed: bytes) -> str:
    return str(uuid.uuid5(NAMESPACE, f"{game}:{seed.hex()}"))


class Episode:
    """A game from its setup to its end. ``bots``: the seats built-in (or registered) bots
    play, by name; the other seats wait for ``play``."""

    def __init__(self, game: str, seats: int, options: Mapping[str, Any] | None,
                 seed: int | bytes, game_id: str | None = None,
                 bots: Mapping[int, str] | None = None) -> None:
        self.rules: Rules = get_rules(game)
        self.options = validate_options(self.rules.info.options, options)
        self.seats = seats
        self.seed = seed_bytes(seed)
        self.game_id = game_id or default_game_id(game, self.seed)
        self.bots = dict(bots or {})
        # Each seat's name in its moves' events (``by``).
        self.movers = [bot_seat_name(self.bots[s]) if s in self.bots else f"agent {s}"
                       for s in range(seats)]
        self.initial: State = self.rules.setup(self.options, seats)
        self.state: State = self.initial
        self.version = 1  # the created event
        self.events: list[tuple[str, dict[str, Any]]] = []  # (type, payload) after created
        self.step: Step = self.rules.next(self.state)
        self._advance()

    @property
    def over(self) -> Over | None:
        return self.step if isinstance(self.step, Over) else None

    @property
    def prompt(self) -> Prompt | None:
        """The prompt an agent answers next: the first seat asked (bot seats asked at the
        same time have answered first, as the service's bots do)."""
        return self.step.prompts[0] if isinstance(self.step, Decision) else None

    def view(self, seat: int) -> dict[str, Any]:
        return self.rules.view(self.state, seat)

    def labels(self, moves: list[Move], seat: int, state: State | None = None) -> list[str]:
        """The moves in the game's words, as buttons show them (in ``state``, by default
        the episode's now)."""
        narration = self.rules.narration
        if narration is None:
            return [plain_label(move) for move in moves]
        audience = Audience((), seat)  # an episode's seats have no names: "seat 2"
        state = self.state if state is None else state
        return [narration.label(state, seat, move, audience) for move in moves]

    @staticmethod
    def seat_range(game: str) -> tuple[int, int]:
        info = get_rules(game).info
        return info.min_seats, info.max_seats

    def play(self, move: Move, legal: bool = False) -> None:
        """The prompted seat's move, then every draw and bot move up to the next agent's
        prompt or the end. The move is checked legal unless ``legal`` says it is one of the
        prompt's own ``legal_moves`` (as an environment's action gives it)."""
        prompt = self.prompt
        if prompt is None:
            raise ValueError("the episode waits for no move")
        self._apply_move(prompt.seat, move, legal)
        self._advance()

    def seat_names(self) -> list[dict[str, Any]]:
        """The seats as a created event records them (a bot seat named after its bot)."""
        return [{"name": self.movers[s], "bot": self.bots.get(s)} for s in range(self.seats)]

    def _apply_move(self, seat: int, move: Move, legal: bool = False) -> None:
        self.state = self.rules.apply_move(self.state, seat, move) if legal \
            else play_move(self.rules, self.state, seat, move, self.step)
        self.version += 1
        self.events.append(("move_made", {"seat": seat, "move": move, "by": self.movers[seat]}))
        self.step = self.rules.next(self.state)

    def _advance(self) -> None:
        while True:
            step = self.step
            if isinstance(step, Chance):
                context = chance_context(self.game_id, self.version + 1)
                outcome = derive_outcome(step.spec, self.seed, context)
                self.state = self.rules.apply_chance(self.state, outcome)
                self.version += 1
                self.events.append(("chance_resolved", {"spec": step.spec, "outcome": outcome}))
                self.step = self.rules.next(self.state)
            elif self.bots and isinstance(step, Decision) \
                    and (asked := self._bot_prompt(step)) is not None:
                self._bot_move(asked)
            else:
                return

    def _bot_prompt(self, step: Decision) -> Prompt | None:
        """The first bot seat asked: the one the service lets answer first."""
        for prompt in step.prompts:
            if prompt.seat in self.bots:
                return prompt
        return None

    def _bot_move(self, prompt: Prompt) -> None:
        bot = self.rules.bots[self.bots[prompt.seat]]
        draw = DrawStream(self.seed, bot_context(self.game_id, self.version + 1)).below
        self._apply_move(prompt.seat, ask_bot(self.rules, bot, self.state, prompt, draw))
