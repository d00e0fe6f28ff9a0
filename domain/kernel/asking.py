"""Windows a seat may choose not to be asked in: an optional, game-agnostic hook.

Some games ask every seat, again and again, whether it wants to act in a window where it
mostly passes (Thrones' action and response windows). A game may declare those windows as
data: their ``kinds`` (an id and the words that name them), which kind a prompt is
(``kind_of``, None for a prompt a seat must always answer) and the move that passes it. The
service then lets each seat record, as a public event, the kinds it chooses not to be asked
in, and answers those prompts with the pass by itself, whatever the seat holds: a skip shows
nothing hidden (replays/README.md, "Windows a seat is not asked in").

A game's ``asking.py`` exports ``WINDOWS``; the registry attaches it as ``rules.windows``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from .canonical import json_equal

# The ``by`` of a pass the service made because the seat chose not to be asked.
PREFERENCE = "preference"


@dataclass(frozen=True)
class WindowKind:
    """``id``: stable, recorded in events; ``label``: lower-case words that follow "chose not
    to be asked in" ("action windows in the challenges phase")."""

    id: str
    label: str


@dataclass(frozen=True)
class Windows:
    kinds: tuple[WindowKind, ...]
    # kind_of(state, prompt): the kind of window ``prompt`` asks in, or None.
    kind_of: Callable[[Any, Any], str | None]
    pass_move: dict[str, Any]

    def label(self, kind: str) -> str:
        return next(k.label for k in self.kinds if k.id == kind)

    def ids(self) -> tuple[str, ...]:
        return tuple(k.id for k in self.kinds)

    def chosen(self, skip: Iterable[str]) -> list[str]:
        """``skip`` in the order the game declares its kinds (ValueError for one it does
        not declare): the form a choice is recorded in."""
        wanted = list(skip)
        unknown = [kind for kind in wanted if kind not in self.ids()]
        if unknown or len(set(wanted)) != len(wanted):
            raise ValueError(f"unknown or repeated window kinds: {unknown or wanted}")
        return [kind for kind in self.ids() if kind in wanted]

    def skipped(self, state: Any, prompt: Any, skip: Iterable[str]) -> str | None:
        """The kind of ``prompt``'s window when the seat chose not to be asked in it (and
        the pass is among its moves), else None."""
        kind = self.kind_of(state, prompt)
        if kind is None or kind not in skip or not any(
                json_equal(move, self.pass_move) for move in prompt.legal_moves):
            return None
        return kind
