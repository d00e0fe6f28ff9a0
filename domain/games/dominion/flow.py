"""The turn and the game: action phase, buy phase, clean-up, the end of the game, and ``next``.

``run`` advances a working state until it needs something: a shuffle (Chance), a choice of
the frame on top of the pending stack, the turn player's next move, or the end. ``next_step``
only reads what ``run`` left, so it is cheap.
"""

from __future__ import annotations

from domain.kernel import Chance, Decision, Over, Prompt, Step, pick_spec, shuffle_spec

from . import specials  # noqa: F401  (registers every card's frames)
from .cards import ACTIONS, CARDS, COST, POOLS, by_order
from .engine import GO, OPS, draw, pop, push, register
from .state import Frame, State, empty_piles, new_turn, victory_points

Move = dict[str, object]
END_TURN: Move = {"kind": "end_turn"}
PLAY_TREASURES: Move = {"kind": "play_treasures"}
# The turn prompt is built on every step, so its moves are shared constants (never mutated).
BUY: dict[str, Move] = {c: {"kind": "buy", "card": c} for c in CARDS}
PLAY: dict[str, Move] = {c: {"kind": "play", "card": c} for c in CARDS}
BASIC_TREASURES = ("copper", "silver", "gold")


def run(st: State) -> None:
    """Advance until a choice, a shuffle or the end is needed."""
    pending = st["pending"]
    while st["result"] is None and st["shuffle"] is None:
        if pending:
            frame = pending[-1]
            if OPS[frame["op"]].run(st, frame):
                return
        elif st["turn"]["phase"] == "cleanup":
            cleanup(st)
        else:
            return


def next_step(st: State) -> Step:
    if st["result"] is not None:
        result = st["result"]
        return Over(scores=result["scores"], winners=result["winners"], reason=result["reason"],
                    details={"turns": result["turns"]})
    if st["kingdom"] is None:
        pool = POOLS[st["options"]["edition"]]
        return Chance(pick_spec(len(pool), 10, public=True, what="kingdom"))
    seat = st["shuffle"]
    if seat is not None:
        n = len(st["players"][seat]["discard"])
        return Chance(shuffle_spec(n, what=f"deck of seat {seat}"))
    pending = st["pending"]
    if pending:
        frame = pending[-1]
        asker = OPS[frame["op"]].prompt
        assert asker is not None, f"frame {frame['op']} is not a choice"
        return Decision((asker(st, frame),))
    return Decision((turn_prompt(st),))


def turn_prompt(st: State) -> Prompt:
    """The turn player's moves: play an Action (action phase, an Action left), play Treasures
    (until the first buy), buy a card they can afford, or end the turn."""
    turn = st["turn"]
    seat = turn["seat"]
    hand = st["players"][seat]["hand"]
    moves: list[Move] = []
    if not turn["bought"]:
        if turn["phase"] == "action" and turn["actions"] > 0:
            moves += [PLAY[c] for c in by_order(c for c in hand if c in ACTIONS)]
        treasures = [PLAY[c] for c in BASIC_TREASURES if c in hand]
        if treasures:
            moves.append(PLAY_TREASURES)
            moves += treasures
    coins = turn["coins"]
    moves += [BUY[c] for c, n in st["supply"].items() if n > 0 and COST[c] <= coins]
    moves.append(END_TURN)
    text = (f"{turn['phase'].capitalize()} phase: {turn['actions']} action(s), "
            f"{turn['buys']} buy(s), ${coins}")
    return Prompt(seat, "turn", text, moves)


def cleanup(st: State) -> None:
    """Discard hand then play (the top of the pile is the last card played), check the end,
    then draw 5 ("정리 단계")."""
    seat = st["turn"]["seat"]
    player = st["players"][seat]
    player["discard"] += player["hand"]
    player["discard"] += player["play"]
    player["hand"] = []
    player["play"] = []
    reason = end_reason(st)
    if reason is not None:
        # The redraw of a finished game changes nothing a score counts, so it is skipped.
        finish(st, reason)
        return
    push(st, {"op": "end_turn", "seat": seat})
    draw(st, seat, 5)


def end_reason(st: State) -> str | None:
    """"큰 영지 카드가 모두 바닥났거나 ... 공급처의 카드 중 3종류가 바닥나면 게임은 끝납니다"."""
    if st["supply"]["province"] == 0:
        return "the Province pile is empty"
    if empty_piles(st) >= 3:
        return "three Supply piles are empty"
    return None


def finish(st: State, reason: str) -> None:
    """Score; a tie goes to the tied player with fewer turns ("동점이면 동점자 중 턴을 적게 한
    사람이 이깁니다"), and equal turns share the win."""
    scores = [victory_points(p) for p in st["players"]]
    turns = [p["turns"] for p in st["players"]]
    best = max(scores)
    tied = [s for s, v in enumerate(scores) if v == best]
    fewest = min(turns[s] for s in tied)
    winners = [s for s in tied if turns[s] == fewest]
    st["result"] = {"scores": scores, "winners": winners, "reason": reason, "turns": turns}


def run_end_turn(st: State, frame: Frame) -> bool:
    pop(st)
    seat = (frame["seat"] + 1) % st["seats"]
    st["players"][seat]["turns"] += 1
    st["turn"] = new_turn(seat)
    return GO


register("end_turn", run_end_turn)
