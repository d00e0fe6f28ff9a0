"""Driving a game forward by itself: the automatic steps between two human decisions.

Chance steps are resolved with fair draws derived from the game's secret seed, a window a
seat chose not to be asked in is passed for it (``domain.preferences``), bot seats
answer their prompts (each bot given a draw stream of its own for the step), and a game the
rules end has its result recorded and its seed revealed. Pure but for the clock it is given
and the listener it tells of a bot that could not answer.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from .aggregate import Game
from .clocks import AUTOPILOT, FORFEIT, autopilot_bot, handed_over
from .history import Status
from .kernel import (
    Chance,
    Decision,
    IllegalMove,
    Over,
    Prompt,
    ask_bot,
    bot_seat_name,
    chance_context,
    derive_outcome,
)
from .kernel.selfplay import bot_draw
from .preferences import PREFERENCE, preferred_pass

# One request drives at most this many automatic steps (chance draws and bot moves): far more
# than any hosted game needs between two human decisions (a 200-game Revolution points match
# of bots takes about 10,000). A game that runs past it is stalled and is abandoned explicitly
# (turn caps are not rules, so it is not given a winner).
MAX_AUTOMATIC_STEPS = 50_000


@dataclass(frozen=True)
class BotFailure:
    """A bot's answer a game could not take: the game, the bot, the seat it plays, the number
    the event of its move would have had, why (in words), and the bot that answered instead."""

    game_id: str
    bot: str
    seat: int
    event: int
    why: str
    stand_in: str

    def __str__(self) -> str:
        return (f"The bot {self.bot!r} could not answer for seat {self.seat} at event "
                f"{self.event}: {self.why}. The bot {self.stand_in!r} answered in its place.")


BotFailed = Callable[[BotFailure], None]


def unheard(failure: BotFailure) -> None:
    """The listener of a caller that keeps no record of bots' failures."""


def advance(game: Game, seed: bytes, clock: Callable[[], datetime],
            failed: BotFailed = unheard) -> None:
    """Resolve chance steps and bot prompts until a human must decide or the game is over
    (or a takeback waits for answers). ``failed`` hears of each bot that could not answer."""
    if game.status != Status.ACTIVE or game.pending_takeback is not None:
        return
    named = str(game.id)  # in every draw's context: written once, not once a step
    rules = game.rules  # a game's rules never change: looked up once, not once a step
    for _ in range(MAX_AUTOMATIC_STEPS):
        step = game.step()  # (kept with the state: the views and the next move reuse it)
        if isinstance(step, Over):
            game.end(step, clock())
            game.reveal_seed(seed, clock())
            return
        if isinstance(step, Chance):
            context = chance_context(named, game.version + 1)
            game.resolve_chance(derive_outcome(step.spec, seed, context), clock(), step)
            continue
        skipped = preferred_pass(rules, game.life, game.state, step)
        if skipped is not None:  # the seat chose not to be asked here: pass, whatever it holds
            game.make_move(*skipped, PREFERENCE, clock(), step)
            continue
        if not _play_bots(game, step, seed, named, clock, failed):
            return
    game.abandon(f"stalled: no end and no human decision after {MAX_AUTOMATIC_STEPS} "
                 "automatic steps", clock())
    game.reveal_seed(seed, clock())


def _play_bots(game: Game, step: Decision, seed: bytes, named: str,
               clock: Callable[[], datetime], failed: BotFailed) -> bool:
    """Let the first bot seat asked answer; False when only humans are asked. ``named``: the
    game's id as draw contexts name it."""
    handed, seats = handed_over(game.life), game.seats
    for prompt in step.prompts:
        seat = seats[prompt.seat]
        bot_name, by = seat["bot"], seat["name"]
        if bot_name is None and prompt.seat in handed:  # its time ran out for good
            bot_name, by = autopilot_bot(game.rules), AUTOPILOT
        if bot_name is None:
            continue
        _bot_answers(game, prompt, step, bot_name, by, seed, named, clock, failed)
        return True
    return False


def _bot_answers(game: Game, prompt: Prompt, step: Decision, bot_name: str, by: str,
                 seed: bytes, named: str, clock: Callable[[], datetime],
                 failed: BotFailed) -> None:
    """Record the bot's move. A bot that raises, or answers with anything but a move the
    rules offer (a policy from outside the project may do either), is answered for by the
    game's autopilot bot, its move recorded under that bot's name, and ``failed`` hears of
    it: a broken bot never stops a game, nor turns a person's move into an error. The rules'
    own check (``make_move``, which changes nothing when it refuses) tells a move not
    offered, so a bot's move is checked once."""
    stand_in = autopilot_bot(game.rules)
    if bot_name != stand_in:  # the game's own first bot is asked as it always is
        why = _tried(game, prompt, step, bot_name, by, seed, named, clock)
        if why is None:
            return
        failed(BotFailure(named, bot_name, prompt.seat, game.version + 1, why, stand_in))
        by = bot_seat_name(stand_in)
    game.make_move(prompt.seat, bot_move(game, prompt, stand_in, seed, named), by, clock(),
                   step)


def _tried(game: Game, prompt: Prompt, step: Decision, bot_name: str, by: str, seed: bytes,
           named: str, clock: Callable[[], datetime]) -> str | None:
    """Record ``bot_name``'s move: None once recorded, else why it could not be, in words."""
    try:
        move = bot_move(game, prompt, bot_name, seed, named)
    except Exception as error:  # the bot's code may be anyone's: any error is its own
        return f"it raised {type(error).__name__}: {error}"
    try:
        game.make_move(prompt.seat, move, by, clock(), step)
        return None
    except IllegalMove:
        refusal = "which is not one of the moves offered"
    except (TypeError, ValueError) as error:  # a value no JSON has (a numpy array)
        refusal = f"which the rules cannot read ({error})"
    return f"it answered {repr(move)[:200]}, {refusal}"


def time_out(game: Game, seed: bytes, now: datetime, failed: BotFailed = unheard) -> None:
    """Record the timeout of each seat whose deadline has passed at ``now``, and what follows
    (replays/README.md, "Clocks"): the autopilot answers that one decision (a takeback it
    declines), or the seat forfeits: with two seats (not co-operative) it resigns and the
    other wins, else the autopilot plays it for the rest of the game. Then the game goes on
    by itself."""
    for seat, _ in game.due(now):
        if game.status != Status.ACTIVE or game.deadline(seat) is None:
            continue  # what an earlier timeout of this call led to ended the decision
        game.time_out(seat, now)
        clock = game.life["clock"]
        handed = seat in handed_over(game.life)
        if clock["on_timeout"] == FORFEIT and not handed:
            game.resign(seat, now)
            game.reveal_seed(seed, now)
            return
        if game.pending_takeback is not None:
            game.answer_takeback(seat, False, now)
        elif not handed:
            _autopilot_answers(game, seat, seed, now)
    advance(game, seed, lambda: now, failed)


def _autopilot_answers(game: Game, seat: int, seed: bytes, now: datetime) -> None:
    step = game.step()
    assert isinstance(step, Decision)
    [prompt] = [p for p in step.prompts if p.seat == seat]
    move = bot_move(game, prompt, autopilot_bot(game.rules), seed, str(game.id))
    game.make_move(seat, move, AUTOPILOT, now, step)


def bot_move(game: Game, prompt: Prompt, bot_name: str, seed: bytes,
             named: str) -> dict[str, Any]:
    """The move the bot ``bot_name`` answers ``prompt`` with, its draws derived from the seed
    and the number of the event the move will be."""
    rules = game.rules
    return ask_bot(rules, rules.bots[bot_name], game.state, prompt,
                   bot_draw(seed, named, game.version + 1))
