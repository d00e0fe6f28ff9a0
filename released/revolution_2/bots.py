"""Bots: ``random`` (uniform over the legal moves) and ``greedy`` (one placement ahead, with
the best use of its ability, scored by allies minus enemies and a few small heuristics).

Both read only their seat's view (``views.view``), never the state: to look ahead, the
greedy bot rebuilds a position from the view, with stand-ins for the opponent's face-down
tiles (whose identity the view does not show) and nothing for its set-aside ones.
"""

from __future__ import annotations

from typing import Any

from domain.kernel import Draw, Move, Prompt

from .flow import ability_options
from .moves import apply_move
from .state import Match, allies, death_loser, face_up, is_shielded

# Rough worth of keeping a tile for later, used for drafting and as a small cost of spending.
WORTH = {"king": 3, "hierophant": 3, "queen": 3, "cardinal": 3, "princess": 3, "saint": 3,
         "dragon": 4, "samurai": 3, "ninja": 3, "tower": 3, "bard": 2, "performer": 2,
         "minister": 2, "bishop": 2, "general": 2, "paladin": 2, "fortuneteller": 2,
         "pirate": 1, "witch": 2, "fairy": 2, "assassin": 2, "hermit": 1, "sage": 2,
         "shaman": 1, "sorceress": 1, "wizard": 1, "monk": 1, "death": 2}
# A stand-in for an opponent's face-down tile: any tile placeable on an empty square.
STAND_IN = "citizen"


# The parts of the rules state that a seat's view shows as they are.
SHOWN = ("options", "stage", "game_no", "starter", "turn", "wins", "points", "results",
         "placements", "used", "board", "centre", "hands", "removed", "pending", "placed",
         "revealed")


def random_bot(view: dict[str, Any], prompt: Prompt, draw: Draw) -> Move:
    """Uniform over the legal moves."""
    return prompt.legal_moves[draw(len(prompt.legal_moves))]


def greedy_bot(view: dict[str, Any], prompt: Prompt, draw: Draw) -> Move:
    """The move with the best one-ply score; ties broken by the draw."""
    seat = prompt.seat
    if prompt.kind in ("draft", "keep"):
        best = max(WORTH.get(m["tile"], 0) for m in prompt.legal_moves)
        choices = [m for m in prompt.legal_moves if WORTH.get(m["tile"], 0) == best]
        return choices[draw(len(choices))]
    known = position(view)
    scored = [(_value_after(known, seat, move), move) for move in prompt.legal_moves]
    best_score = max(score for score, _ in scored)
    choices = [move for score, move in scored if score >= best_score - 1e-9]
    return choices[draw(len(choices))]


def position(view: dict[str, Any]) -> Match:
    """A rules state as the view's seat knows it: what the view does not show of the other
    seat's tiles is a stand-in (face down) or nothing (set aside), and of a secret pool,
    nothing; enough to look one placement ahead."""
    hidden = [list(tiles) if tiles is not None else [STAND_IN] * count
              for tiles, count in zip(view["hidden"], view["hidden_counts"], strict=True)]
    set_aside = [list(tiles) if tiles is not None else [] for tiles in view["set_aside"]]
    draft = view["draft"]
    if draft is not None:
        draft = {key: value for key, value in draft.items() if key != "count"}
    known: Match = {**{key: view[key] for key in SHOWN},  # type: ignore[typeddict-item]
                    "hidden": hidden, "set_aside": set_aside, "pool": view["pool"] or [],
                    "dealt": view["dealt"] or [], "draft": draft}
    return known


def _value_after(state: Match, seat: int, move: Move) -> float:
    after = apply_move(state, seat, move)
    cost = 0.1 * WORTH.get(move.get("tile", ""), 0) if move["kind"] == "place" else 0.0
    pending = after["pending"]
    if after["stage"] == "ability" and pending is not None and pending["seat"] == seat:
        options = [*ability_options(after, pending), {"kind": "skip"}]
        return max(_value_after(after, seat, option) for option in options) - cost
    return evaluate(after, seat, len(state["results"])) - cost


def evaluate(state: Match, seat: int, games_before: int) -> float:
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
