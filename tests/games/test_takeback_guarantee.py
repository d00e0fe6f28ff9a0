"""The takeback guarantee (docs/takebacks-forks-receipts.md, "Takebacks"): whenever a seat may take
back a run of its own moves, nothing it was shown along them was hidden from it before, so
undoing them leaves it knowing no more than a seat that never made them.

At random positions of Revolution and Dominion, a seat makes a few moves in a row; wherever
the rule (``domain.history.revealing_move``, the game's ``reveals``) would let it take them
back, the same moves from the position with everything the seat may not know dealt anew
(its own unknown cards and tiles included) must look the same to it at every step: its view,
what it is asked and who is waited on, each event as it reads it and its log line. And the
rule's answer must be the same in both positions, so a refusal tells the asker nothing. Both
outcomes must occur, or the test could not fail.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from typing import Any

import pytest

from domain.games import get_rules
from domain.games.revolution.state import owner_blind
from domain.history import EventType, revealing_move
from domain.kernel import Decision, Move, Rules, State, canonical_json

from .dominion.scramble import VARIANTS as DOMINION_VARIANTS
from .dominion.scramble import scramble as dominion_scramble
from .hidden import seen_step
from .playout import walk
from .revolution.scramble import scramble as revolution_scramble

RUN = 3  # moves in a row a seat makes from each position
SCRAMBLES = 3


def revolution_unknown(state: State, seat: int, rng: random.Random) -> State | None:
    """The other seat's secrets dealt anew, and in secret random the seat's own face-down
    tiles too (ruling 13: their owner does not know them)."""
    other = revolution_scramble(state, seat, rng)
    if other is None or not owner_blind(other) or not other["hidden"][seat]:
        return other
    pool, hidden = list(other["pool"]), [list(h) for h in other["hidden"]]
    for n, tile in enumerate(hidden[seat]):
        index = rng.randrange(len(pool))
        pool[index], hidden[seat][n] = tile, pool[index]
        other["dealt"] = [hidden[seat][n] if t == tile else t for t in other["dealt"]]
    return {**other, "pool": pool, "hidden": hidden}


def dominion_unknown(state: State, seat: int, rng: random.Random) -> State | None:
    """Every other player's hidden cards dealt anew, and the seat's own deck reordered
    (nobody knows a deck's order, its owner included)."""
    other = dominion_scramble(state, seat, rng)
    if other is None:
        return None
    players = copy.deepcopy(other["players"])
    rng.shuffle(players[seat]["deck"])
    return {**other, "players": players}


GAMES: dict[str, tuple[Any, list[dict[str, Any]]]] = {
    "revolution": (revolution_unknown, [{"neutrals": "secret_random"},
                                        {"neutrals": "secret_draft"},
                                        {"neutrals": "standard"}]),
    "dominion": (dominion_unknown, [{}, *DOMINION_VARIANTS]),
}


def positions(rules: Rules, options: dict[str, Any], rng: random.Random,
              every: int = 3) -> Iterator[State]:
    """Every ``every``-th decision of a random playout (of 400 steps at the most)."""
    for visit in walk(rules, rules.setup(options, 2), rng, label="takeback:{count}", steps=400):
        if isinstance(visit.step, Decision) and visit.count % every == 0:
            yield visit.state


def own_run(rules: Rules, state: State, seat: int, rng: random.Random) -> list[Move]:
    """Up to ``RUN`` moves ``seat`` makes in a row from ``state``, while it is asked."""
    moves: list[Move] = []
    while len(moves) < RUN:
        step = rules.next(state)
        prompt = step.prompt_for(seat) if isinstance(step, Decision) else None
        if prompt is None:
            break
        moves.append(rng.choice(prompt.legal_moves))
        state = rules.apply_move(state, seat, moves[-1])
    return moves


def seen_along(rules: Rules, state: State, seat: int, moves: list[Move]) -> list[object]:
    """What ``seat`` is shown at each step of its moves from ``state``."""
    seen: list[object] = []
    for move in moves:
        step = rules.next(state)
        prompt = step.prompt_for(seat) if isinstance(step, Decision) else None
        assert prompt is not None and move in prompt.legal_moves, \
            "the same moves are not asked of the seat in a position it cannot tell apart"
        after = rules.apply_move(state, seat, move)
        event = {"type": "move", "seat": seat, "move": move}
        seen.append((canonical_json(rules.view(after, seat)), seen_step(rules.next(after), seat),
                     canonical_json(rules.redact(state, event, seat)),
                     rules.describe(state, after, event, seat)))
        state = after
    return seen


@pytest.mark.parametrize("name", GAMES)
def test_a_takeback_the_rule_allows_never_undoes_anything_the_asker_was_shown(name):
    rules, (unknown, variants) = get_rules(name), GAMES[name]
    rng = random.Random(13)
    allowed = refused = 0
    for options in variants:
        for _ in range(2):
            for state in positions(rules, options, rng):
                step = rules.next(state)
                assert isinstance(step, Decision)
                seat = step.prompts[0].seat
                moves = own_run(rules, state, seat, rng)
                for count in range(1, len(moves) + 1):
                    crossed = [(str(EventType.MOVE_MADE), {"seat": seat, "move": move})
                               for move in moves[:count]]
                    verdict = revealing_move(rules, seat, state, crossed)
                    others = [o for o in (unknown(copy.deepcopy(state), seat, rng)
                                          for _ in range(SCRAMBLES)) if o is not None]
                    for other in others:  # the answer itself tells the asker nothing
                        assert revealing_move(rules, seat, other, crossed) == verdict, \
                            "whether a takeback is refused depends on what the asker may not know"
                    if verdict is not None:
                        refused += 1
                        break  # a longer run crosses the same reveal
                    allowed += 1
                    seen = seen_along(rules, state, seat, moves[:count])
                    for other in others:
                        assert seen_along(rules, other, seat, moves[:count]) == seen, (
                            f"{moves[:count]} showed seat {seat} something hidden from it, "
                            "yet the rule lets it take them back")
    assert allowed > 20 and refused > 5, (allowed, refused)
