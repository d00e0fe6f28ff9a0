"""The project's games as the reference verifier (``reference.py``, which imports nothing of
the project) takes them: the rules the page says a verifier needs and cannot be written on
it, behind plain functions and plain data."""

from __future__ import annotations

from typing import Any

from domain.games import get_rules
from domain.kernel import Audience, Chance, Decision, Over, build_position, log_line


class GivenRules:
    def __init__(self, game: str, version: str) -> None:
        self.rules = rules = get_rules(game, version)
        self.setup, self.apply_move, self.apply_chance = (rules.setup, rules.apply_move,
                                                          rules.apply_chance)
        self.hidden_information = rules.info.traits.hidden_information
        self.cooperative = rules.info.traits.cooperative
        self.reveals = rules.reveals
        windows = rules.windows  # the window kinds a seat may skip: id -> words, in order
        self.windows = None if windows is None else {k.id: k.label for k in windows.kinds}
        self.pass_move = None if windows is None else windows.pass_move

    def window(self, state: Any, seat: int) -> str | None:
        """The kind of window the rules ask ``seat`` in at ``state`` (None: none, or a
        prompt a seat cannot skip)."""
        step = self.rules.next(state)
        prompt = step.prompt_for(seat) if isinstance(step, Decision) else None
        windows = self.rules.windows
        return None if prompt is None or windows is None else windows.kind_of(state, prompt)

    def next(self, state: Any) -> tuple[str, Any]:
        step = self.rules.next(state)
        if isinstance(step, Over):
            return "over", step.to_json()
        if isinstance(step, Chance):
            return "chance", step.spec
        assert isinstance(step, Decision)
        return "decision", {p.seat: p.legal_moves for p in step.prompts}

    def position(self, options: Any, seats: int, position: Any) -> Any:
        return build_position(self.rules, options, seats, position)

    def resign(self, state: Any, seat: int, seats: int) -> Any:
        return self.rules.resign(state, seat, seats).to_json()

    def abandon(self, state: Any, reason: str) -> Any:
        return self.rules.abandon(state, reason).to_json()

    def line(self, before: Any, after: Any, event: dict[str, Any], names: list[str]) -> str:
        return log_line(self.rules, before, after, event, Audience(tuple(names), None, True))

    def describe(self, before: Any, after: Any, event: dict[str, Any], seat: int | None) -> str:
        return self.rules.describe(before, after, event, seat)


def given_rules(game: str, version: str) -> GivenRules:
    return GivenRules(game, version)
