"""The one driver of the games' tests: a position set up with the game's public builder
(domain/kernel/position.py), then moves and draws through the kernel's doors, so an illegal
move fails as it would for a player. Its verbs are the one spelling every game's tests use:
``position``; ``step``, ``prompt``, ``moves`` and ``over`` (what the game waits for);
``play`` and ``chance`` (a move or a draw); ``settle`` (the pending shuffles);
``describe_event`` (the legacy log line). A game's own helpers build on them.

    state = position("dominion", players=[{"hand": ["Village"]}, {}])
    state = play(state, 0, {"kind": "play", "card": "village"})
    state = play(state, None, {"kind": "buy", "card": "silver"}, {"kind": "end_turn"})
    prompt(state).legal_moves
"""

from __future__ import annotations

from typing import Any

from domain.games import get_rules
from domain.kernel import (
    Chance,
    Decision,
    Move,
    Over,
    Prompt,
    Rules,
    State,
    build_position,
    play_chance,
    play_move,
    validate_options,
)

# A part of its state that no other game's has, by which the verbs know a state's game (a
# rules state does not name its game); a game that plugs into the driver adds its own.
PARTS_OF_ITS_OWN = (("godofwar", "heroes"), ("dominion", "kingdom"), ("revolution", "game_no"),
                    ("thrones", "tolls"))


def position(game: str, /, options: dict[str, Any] | None = None, seats: int = 2,
             **description: Any) -> State:
    """The state the game's builder sets up from ``description`` (its README, "Positions"),
    under its current rules, with ``options`` (defaults filled in) and ``seats`` seats."""
    rules = get_rules(game)
    return build_position(rules, validate_options(rules.info.options, options), seats,
                          description)


def rules_of(state: State) -> Rules:
    """The current rules of the game a state belongs to (PARTS_OF_ITS_OWN)."""
    return get_rules(_game_of(state))


def step(state: State) -> Decision | Chance | Over:
    """What the game waits for: a decision, a draw or nothing (it is over)."""
    return rules_of(state).next(state)


def prompt(state: State, seat: int | None = None) -> Prompt:
    """The prompt of ``seat``, or of the first seat asked."""
    step = rules_of(state).next(state)
    assert isinstance(step, Decision), f"expected a decision, got {step!r}"
    asked = step.prompts[0] if seat is None else step.prompt_for(seat)
    assert asked is not None, f"seat {seat} is not asked: {step.seats}"
    return asked


def moves(state: State, seat: int | None = None) -> list[Move]:
    return prompt(state, seat).legal_moves


def play(state: State, seat: int | None, move: Move, *then: Move) -> State:
    """``seat``'s move, then each of ``then`` in turn (seat None: whichever seat is asked
    first, before each move)."""
    for each in (move, *then):
        state = play_move(rules_of(state), state, prompt(state).seat if seat is None else seat,
                          each)
    return state


def chance(state: State, outcome: Any = None) -> State:
    """The draw the game waits for; by default the identity (a shuffle keeps its order)."""
    step = rules_of(state).next(state)
    assert isinstance(step, Chance), f"expected a draw, got {step!r}"
    if outcome is None:
        outcome = list(range(step.spec["n"])) if step.spec["kind"] == "shuffle" else 0
    return play_chance(rules_of(state), state, outcome)


def settle(state: State) -> State:
    """Every pending shuffle played the plain way (each keeps its order), up to the next
    question, other draw or the end."""
    while isinstance(found := step(state), Chance) and found.spec["kind"] == "shuffle":
        state = chance(state)
    return state


def over(state: State) -> Over:
    step = rules_of(state).next(state)
    assert isinstance(step, Over), f"expected the end, got {step!r}"
    return step


def describe_event(before: State, event: dict[str, Any], viewer: int | None) -> str:
    """The legacy log line (the rules' ``describe``, narration 1) of ``event`` at ``before``
    for ``viewer``, the state after computed."""
    rules = rules_of(before)
    if event["type"] == "chance":
        after = rules.apply_chance(before, event["outcome"])
    else:
        after = rules.apply_move(before, event["seat"], event["move"])
    return rules.describe(before, after, event, viewer)


def _game_of(state: State) -> str:
    for game, part in PARTS_OF_ITS_OWN:
        if part in state:
            return game
    raise ValueError("a state of no game this driver knows (see PARTS_OF_ITS_OWN)")
