"""What each seat may see (view), the events as each may see them (redact), and log lines
(describe). Hidden: the opponent's face-down tiles and set-aside tiles, a secret-draft offer
held by the other player, the secret draws, and (in the secret modes, while a game runs) the
unused pool, whose contents would give the drawn tiles away. After the match all is public.
"""

from __future__ import annotations

from typing import Any

from domain.kernel import Decision, Over

from .flow import is_secret, next_step
from .state import GameResult, Match, draft_of, drafter, occupied, pending_of
from .tiles import SQUARE_NAMES, TILES

Event = dict[str, Any]


def view(state: Match, seat: int | None) -> dict[str, Any]:
    """The board and everything public, ``seat``'s own secrets, counts of the others'."""
    over = state["stage"] == "over"
    secret = is_secret(state) and not over
    step = next_step(state)
    shown: dict[str, Any] = {key: state[key] for key in (
        "options", "stage", "game_no", "starter", "turn", "wins", "points", "results",
        "placements", "used", "board", "centre", "hands", "removed", "pending", "placed")}
    shown.update(
        game="revolution", you=seat, factions=["regality", "religion"],
        hidden=[h if over or s == seat else None for s, h in enumerate(state["hidden"])],
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
    """Of a secret draw, the indices of the tiles that went to ``viewer``: two of four in
    secret random (the first two are seat 0's), all four in a secret draft draw by
    ``viewer``. Used only to name them; the indices themselves are never shown."""
    if state["options"]["neutrals"] == "secret_random":
        return [i if viewer == n // 2 else None for n, i in enumerate(outcome)]
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
    mode = state["options"]["neutrals"]
    drawn: list[str | None] = [None if i is None else state["pool"][i] for i in outcome]
    mine = [t for t in drawn if t is not None]
    if mode in ("standard", "draft"):
        return f"Neutral tiles for game {state['game_no']}: {_names(mine)}."
    if mode == "random":
        return f"Seat 0 receives {_names(mine[:2])}; seat 1 receives {_names(mine[2:])}."
    if mode == "secret_random":
        own = f" You receive {_names(mine)} face down." if mine else ""
        return "Each seat receives two face-down neutral tiles." + own
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
    actor = f"Seat {seat}'s {TILES[pending['tile']].name}"
    if kind == "skip":
        return f"{actor} does not use its ability."
    return f"{actor} {_describe_effect(state, seat, move)}."


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
        return (f"moves {_at(state, move['from'])} from {_square(move['from'])[3:]} "
                f"to {_square(move['to'])[3:]}")
    if kind == "recover":
        return f"takes the {TILES[move['tile']].name} from the removed tiles"
    other = 1 - seat
    tile = move["tile"] if "tile" in move else state["hidden"][other][move["hidden"]]
    hidden = " (a face-down tile, now revealed)" if "hidden" in move else ""
    return f"banishes seat {other}'s unused {TILES[tile].name}{hidden}"


def _at(state: Match, square: int) -> str:
    return f"the {TILES[occupied(state, square)['tile']].name}"


def _square(square: int) -> str:
    return f"on the {SQUARE_NAMES[square]} square"
