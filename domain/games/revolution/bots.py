"""Bots: ``random`` (uniform over the legal moves) and ``greedy`` (one placement ahead, with
the best use of its ability, scored by allies minus enemies and a few small heuristics).

The greedy bot reads only what its own view shows: before looking ahead it replaces the
opponent's face-down tiles by stand-ins, so their identity cannot sway its choice.
"""

from __future__ import annotations

from domain.kernel import Draw, Move, Prompt, State

from .flow import ability_options
from .moves import apply_move
from .state import allies, death_loser, face_up, is_shielded

# Rough worth of keeping a tile for later, used for drafting and as a small cost of spending.
WORTH = {"king": 3, "hierophant": 3, "queen": 3, "cardinal": 3, "princess": 3, "saint": 3,
         "dragon": 4, "samurai": 3, "ninja": 3, "tower": 3, "bard": 2, "performer": 2,
         "minister": 2, "bishop": 2, "general": 2, "paladin": 2, "fortuneteller": 2,
         "pirate": 1, "witch": 2, "fairy": 2, "assassin": 2, "hermit": 1, "sage": 2,
         "shaman": 1, "sorceress": 1, "wizard": 1, "monk": 1, "death": 2}
# A stand-in for an opponent's face-down tile: any tile placeable on an empty square.
STAND_IN = "citizen"


def random_bot(state: State, prompt: Prompt, draw: Draw) -> Move:
    """Uniform over the legal moves."""
    return prompt.legal_moves[draw(len(prompt.legal_moves))]


def greedy_bot(state: State, prompt: Prompt, draw: Draw) -> Move:
    """The move with the best one-ply score; ties broken by the draw."""
    seat = prompt.seat
    if prompt.kind in ("draft", "keep"):
        best = max(WORTH.get(m["tile"], 0) for m in prompt.legal_moves)
        choices = [m for m in prompt.legal_moves if WORTH.get(m["tile"], 0) == best]
        return choices[draw(len(choices))]
    known = _masked(state, seat)
    scored = [(_value_after(known, seat, move), move) for move in prompt.legal_moves]
    best_score = max(score for score, _ in scored)
    choices = [move for score, move in scored if score >= best_score - 1e-9]
    return choices[draw(len(choices))]


def _masked(state: State, seat: int) -> State:
    """The state with the opponent's face-down and set-aside tiles replaced by stand-ins."""
    other = 1 - seat
    hidden = list(state["hidden"])
    hidden[other] = [STAND_IN] * len(hidden[other])
    set_aside = list(state["set_aside"])
    set_aside[other] = []
    return {**state, "hidden": hidden, "set_aside": set_aside}


def _value_after(state: State, seat: int, move: Move) -> float:
    after = apply_move(state, seat, move)
    cost = 0.1 * WORTH.get(move.get("tile", ""), 0) if move["kind"] == "place" else 0.0
    pending = after["pending"]
    if after["stage"] == "ability" and pending is not None and pending["seat"] == seat:
        options = [*ability_options(after, pending), {"kind": "skip"}]
        return max(_value_after(after, seat, option) for option in options) - cost
    return evaluate(after, seat, len(state["results"])) - cost


def evaluate(state: State, seat: int, games_before: int) -> float:
    """Allies minus enemies, a game just won or lost above all, Death and shields weighed."""
    if len(state["results"]) > games_before:
        winner = state["results"][games_before]["winner"]
        return 0.0 if winner is None else (100.0 if winner == seat else -100.0)
    counts = allies(state)
    score = float(counts[seat] - counts[1 - seat])
    doomed = death_loser(state)
    if doomed is not None:
        score += -3.0 if doomed == seat else 2.0
    for square in range(9):
        top = face_up(state, square)
        if top is not None and is_shielded(state, square):
            score += 0.3 if top["up"] == seat else -0.3
    return score
