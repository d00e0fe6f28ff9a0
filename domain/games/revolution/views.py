"""What each seat may see (view), the events as each may see them (redact), and log lines
(describe). Hidden: the opponent's face-down tiles and set-aside tiles, a secret-draft offer
held by the other player, the secret draws, and (in the secret modes, while a game runs) the
unused pool, whose contents would give the drawn tiles away. After the match all is public.
"""

from __future__ import annotations

from typing import Any

from domain.kernel import Decision, Over, Step

from .flow import is_secret, next_step
from .state import (
    GameResult,
    Match,
    draft_of,
    drafter,
    occupied,
    owner_blind,
    pending_of,
    squares_for,
)
from .tiles import TILES

Event = dict[str, Any]


def view(state: Match, seat: int | None) -> dict[str, Any]:
    """The board and everything public, ``seat``'s own secrets, counts of the others'."""
    return view_with_step(state, next_step(state), seat)


def view_with_step(state: Match, step: Step, seat: int | None) -> dict[str, Any]:
    """``view(state, seat)``, given ``step``, the state's next step (``next_step(state)``):
    the kernel keeps it with the game, so the board's and each seat's view share it."""
    over = state["stage"] == "over"
    secret = is_secret(state) and not over
    shown: dict[str, Any] = {key: state[key] for key in (
        "options", "stage", "game_no", "starter", "turn", "wins", "points", "results",
        "placements", "used", "board", "centre", "hands", "removed", "pending", "placed",
        "revealed")}
    shown.update(
        game="revolution", you=seat, factions=["regality", "religion"],
        # Secret random: nobody knows a face-down tile, its owner included (ruling 13).
        hidden=[h if over or (s == seat and not owner_blind(state)) else None
                for s, h in enumerate(state["hidden"])],
        hidden_counts=[len(h) for h in state["hidden"]],
        set_aside=[a if over or s == seat else None for s, a in enumerate(state["set_aside"])],
        set_aside_counts=[len(a) for a in state["set_aside"]],
        pool=None if secret else state["pool"], pool_count=len(state["pool"]),
        dealt=None if secret else state["dealt"],
        draft=_draft_view(state, seat, secret),
        to_act=list(step.seats) if isinstance(step, Decision) else [])
    if isinstance(step, Decision) and seat is not None and step.prompt_for(seat) is not None:
        shown["prompt"] = step.prompt_for(seat).to_json()  # type: ignore[union-attr]
    if isinstance(step, Over):
        shown["result"] = step.to_json()
    return shown


def reveals(state: Match, after: Match, event: Event, seat: int) -> bool:
    """Whether ``seat``'s move ``event`` (from ``state`` to ``after``) showed it something
    hidden from it before: what lets a takeback undo the move (the game contract's
    ``reveals``). Only the secret modes hide anything while a game runs (the views above);
    there a move shows something when it turns a face-down tile up (one's own, ruling 13, or
    the opponent's by the Assassin), when it ends a game (whose tiles become public, ruling
    17) or the match (all is public), and when it begins the opponent's turn while whether
    the opponent has a tile to place (ruling 12) depends on tiles hidden from ``seat``: the
    game going on then tells that it has one. Everything else a move changes (the board, the
    removed pile, open tiles, a draft offer ``seat`` holds) is public or ``seat``'s own."""
    if not is_secret(state):
        return False
    if "hidden" in event["move"] or after["stage"] == "over" \
            or len(after["results"]) != len(state["results"]):
        return True
    other = 1 - seat
    if after["turn"] == other and state["turn"] != other:
        known = [*after["hands"][other], *after["centre"]]  # the other's face-down ones are not
        return not any(squares_for(after, other, tile) for tile in known)
    return False


def _draft_view(state: Match, seat: int | None, secret: bool) -> dict[str, Any] | None:
    draft = state["draft"]
    if draft is None:
        return None
    visible = not secret or draft["seat"] == seat
    return {**draft, "offer": draft["offer"] if visible else None, "count": len(draft["offer"])}


def redact(state: Match, event: Event, viewer: int | None) -> Event:
    """``event`` as ``viewer`` may see it: a secret keep's tile and secret draws hidden."""
    if state["stage"] == "over":
        return event
    if event["type"] == "move":
        move = event["move"]
        if move["kind"] == "keep" and viewer != event["seat"]:
            return {**event, "move": {**move, "tile": None}}
        return event
    if event["spec"].get("public", False):
        return event
    # A secret draw's indices are hidden from everyone, the drawer too: they index the pool
    # as it stood, so in the secret draft's second draw they would tell the drawer which
    # tiles had left the pool, and so which one the first player kept. The drawer learns its
    # tiles by name (its view and its log line).
    return {**event, "outcome": [None] * len(event["outcome"])}


def _own_draws(state: Match, outcome: list[int], viewer: int | None) -> list[int | None]:
    """Of a secret draw, the indices of the tiles ``viewer`` learns: all four of a secret
    draft draw by ``viewer``, none in secret random (ruling 13: the owner does not know its
    face-down tiles either, so its log line does not name them). Used only to name them; the
    indices themselves are never shown."""
    if owner_blind(state):  # secret random: nobody knows them, their owner included
        return [None] * len(outcome)
    drawer = drafter(state)
    return [i if viewer == drawer else None for i in outcome]


def describe(state: Match, after: Match, event: Event, viewer: int | None) -> str:
    """The log line ``viewer`` may read, with the end of a game if the event caused it;
    ``state`` and ``after`` are the states before and after the event."""
    shown = redact(state, event, viewer)
    if shown["type"] == "chance":
        secret = state["stage"] != "over" and not event["spec"].get("public", False)
        named = _own_draws(state, event["outcome"], viewer) if secret else event["outcome"]
        line = _describe_chance(state, named, viewer)
    elif shown["move"]["kind"] == "place" and "hidden" in shown["move"]:
        line = _describe_reveal(state, after, shown["seat"])
    else:
        line = _describe_move(state, shown["seat"], shown["move"], viewer)
    return line + "".join(_game_end(r) for r in after["results"][len(state["results"]):])


def _game_end(result: GameResult) -> str:
    allies = result["allies"]
    if result["winner"] is None:
        return f" Game {result['game']} is a draw, {allies[0]} allies each."
    return (f" Game {result['game']} is over: seat {result['winner']} wins, as seat "
            f"{result['loser']} {result['reason']}." if result["loser"] is not None else
            f" Game {result['game']} is over: seat {result['winner']} wins with "
            f"{allies[result['winner']]} allies to {allies[1 - result['winner']]}.")


def _names(tiles: list[str]) -> str:
    return ", ".join(f"the {TILES[t].name}" for t in tiles)


def _describe_chance(state: Match, outcome: list[Any] | Any, viewer: int | None) -> str:
    if state["stage"] == "first":
        return f"Seat {outcome} goes first."
    if state["stage"] == "refill":
        reused = [state["used"][i] for i in outcome]
        return (f"Too few neutral tiles were never used: every one of them is dealt, with "
                f"{_names(reused)} turned over to be used again.")
    mode = state["options"]["neutrals"]
    drawn: list[str | None] = [None if i is None else state["pool"][i] for i in outcome]
    mine = [t for t in drawn if t is not None]
    if mode in ("standard", "draft"):
        return f"Neutral tiles for game {state['game_no']}: {_names(mine)}."
    if mode == "random":
        return f"Seat 0 receives {_names(mine[:2])}; seat 1 receives {_names(mine[2:])}."
    if mode == "secret_random":
        return "Each seat receives two face-down neutral tiles."
    drawer = drafter(state)
    own = f" You draw {_names(mine)}." if mine else ""
    return f"Seat {drawer} draws four face-down neutral tiles." + own


def _describe_move(state: Match, seat: int, move: dict[str, Any], viewer: int | None) -> str:
    kind = move["kind"]
    if kind == "place":
        where = _square(move["square"])
        if move["tile"] == "tower":
            where = f"on top of {_at(state, move['square'])}"
        return f"Seat {seat} places the {TILES[move['tile']].name} {where}."
    if kind == "take":
        return f"Seat {seat} takes the {TILES[move['tile']].name}."
    if kind == "keep":
        return _describe_keep(state, seat, move, viewer)
    pending = pending_of(state)
    # A re-triggered tile acts for its own seat's side; the re-triggering seat chose.
    owner = pending.get("facing", seat)
    actor = f"Seat {owner}'s {TILES[pending['tile']].name}"
    if pending.get("retrigger"):
        actor = f"{actor} on square {pending['square']}, re-triggered by seat {seat},"
    if kind == "skip":
        return f"{actor} does not use its ability."
    return f"{actor} {_describe_effect(state, seat, move)}."


def _describe_reveal(state: Match, after: Match, seat: int) -> str:
    tile = after["revealed"] or after["hands"][seat][-1]
    line = f"Seat {seat} turns up a face-down tile: the {TILES[tile].name}"
    if after["revealed"] is None:
        line += ", a Tower with no ally to stand on, which stays in its area"
    return line + "."


def _describe_keep(state: Match, seat: int, move: dict[str, Any], viewer: int | None) -> str:
    draft = draft_of(state)
    rest = "passes the rest to the other seat" if draft["pass"] else "sets the rest aside"
    if move["tile"] is None:
        return f"Seat {seat} secretly keeps one tile and {rest}."
    others = [t for t in draft["offer"] if t != move["tile"]]
    return f"Seat {seat} keeps the {TILES[move['tile']].name} and {rest} ({_names(others)})."


def _describe_effect(state: Match, seat: int, move: dict[str, Any]) -> str:
    kind = move["kind"]
    if kind in ("destroy", "banish", "retrigger", "return"):
        verb = {"destroy": "destroys", "banish": "banishes", "retrigger": "re-triggers",
                "return": "returns to its player's unused tiles"}[kind]
        return f"{verb} {_at(state, move['square'])} {_square(move['square'])}"
    if kind == "invert":
        return "inverts " + ", ".join(f"{_at(state, s)} {_square(s)}" for s in move["squares"])
    if kind == "move_tile":
        return (f"moves {_at(state, move['from'])} from square {move['from']} "
                f"to square {move['to']}")
    if kind == "recover":
        return f"takes the {TILES[move['tile']].name} from the removed tiles"
    other = 1 - seat
    tile = move["tile"] if "tile" in move else state["hidden"][other][move["hidden"]]
    hidden = " (a face-down tile, now revealed)" if "hidden" in move else ""
    return f"banishes seat {other}'s unused {TILES[tile].name}{hidden}"


def _at(state: Match, square: int) -> str:
    return f"the {TILES[occupied(state, square)['tile']].name}"


def _square(square: int) -> str:
    """A square as moves name it: its number, 0 to 8 row by row from the top as seat 0 sees
    the board (seat 1 sits at the top), the same for every reader."""
    return f"on square {square}"
