"""The errors a game raises. Each message is written for the player who caused it, but for
``BrokenRules``: a bug in a game's code, written for its developer."""

from __future__ import annotations

from typing import Any


class GameError(Exception):
    """Base of every rules error. Nothing is recorded when one is raised."""

    code = "game-error"

    def __init__(self, message: str, **details: Any) -> None:
        super().__init__(message)
        self.message = message
        self.details = details


class BadOptions(GameError):
    """The options given to create a game are not ones the game offers."""

    code = "bad-options"


class IllegalMove(GameError):
    """The move is not among the moves the game allows this seat now."""

    code = "illegal-move"

    def __init__(self, message: str, legal_moves: list[dict[str, Any]] | None = None) -> None:
        super().__init__(message, legal_moves=legal_moves or [])
        self.legal_moves = legal_moves or []


class NotYourTurn(IllegalMove):
    """The seat is not being asked anything right now."""

    code = "not-your-turn"

    def __init__(self, message: str, waiting_for: list[int] | None = None) -> None:
        super().__init__(message)
        self.details["waiting_for"] = waiting_for or []


class GameOver(IllegalMove):
    """The game has ended; no more moves are taken."""

    code = "game-over"


class NotAChanceStep(GameError):
    """A chance outcome was offered where the game is not waiting for one."""

    code = "not-a-chance-step"


class UnreadableDeck(GameError):
    """Text given as a decklist that cannot be one (too long, a control character, a count
    beyond reason), or whose lines name nothing the game has (``lines``: each)."""

    code = "unreadable-deck"


class BrokenRules(Exception):
    """A game's rules broke the kernel's contract (a seat asked with nothing to choose, say):
    a bug in the game's code, never a player's doing. Not a GameError, whose message answers
    the player: the command it happens in records nothing, and the API answers it as the
    server's own failure, its message and traceback in the log. Raised where the rules make the
    breach, so the traceback names the game's line."""
