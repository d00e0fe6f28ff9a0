"""The read models of one game, computed from the Game aggregate at some version.

* the summary (the game index entry): status, version, seats, who is to act, result, dates;
* the board view: what a spectator may see (``RULES.view(state, None)``);
* each seat's hand view: ``RULES.view(state, seat)`` plus that seat's own prompt.

None of them holds anything a viewer may not see: the seed, tokens and hashes stay out, and the
game's own ``view`` decides what of the state each seat sees.
"""

from __future__ import annotations

from typing import Any

from domain.aggregate import Game
from domain.history import FINISHED, Status, options_seen
from domain.kernel import Audience, Decision, Step, prompt_with_labels
from domain.preferences import skipped_by
from domain.transcoder import iso


def next_step(game: Game) -> Step | None:
    """What the rules wait for (None once the game is not being played, or while a takeback
    waits for answers: nobody is asked to move then)."""
    if game.status != Status.ACTIVE or game.pending_takeback is not None:
        return None
    return game.step()


def waiting_for(game: Game, step: Step | None) -> list[int]:
    """The seats the game waits for: those asked to move, or those yet to answer a takeback."""
    asked = game.pending_takeback
    if asked is not None:
        return [seat for seat in range(len(game.seats))
                if seat != asked["seat"] and seat not in asked["accepted"]]
    return step.seats if isinstance(step, Decision) else []


def summary(game: Game, step: Step | None) -> dict[str, Any]:
    """The game index entry: no hidden information."""
    return {
        "game_id": str(game.id),
        "game": game.game_name,
        "rules_version": game.rules_version,
        "options": options_seen(game.rules, game.options, None, game.status in FINISHED),
        "status": game.status,
        "version": game.version,
        "seats": [{"seat": i, "name": s["name"], "bot": s["bot"], "open": s["name"] is None}
                  for i, s in enumerate(game.seats)],
        "waiting_for": waiting_for(game, step),
        "result": game.result,
        "winners": (game.result or {}).get("winners"),
        "shared": (game.result or {}).get("shared"),
        "cooperative": game.rules.info.traits.cooperative,
        "length": game.version,
        "created_at": iso(game.created_on),
        "updated_at": iso(game.modified_on),
        "takebacks": bool(game.life.get("takebacks")),
        "takeback": game.pending_takeback,
        "clock": clock_summary(game),
        "windows": windows_summary(game),
        "sandbox": game.origin is not None or "position" in game.life,
        "forked_from": game.origin,
        "position": game.life.get("position"),
        "verification": None,  # the re-verification's verdict, added when read (Projector)
    }


def windows_summary(game: Game) -> dict[str, Any] | None:
    """The windows a seat may choose not to be asked in, and each seat's choice (public)."""
    windows = game.rules.windows
    if windows is None:
        return None
    return {"kinds": [{"id": k.id, "label": k.label} for k in windows.kinds],
            "skip": [skipped_by(game.life, seat) for seat in range(len(game.seats))]}


def clock_summary(game: Game) -> dict[str, Any] | None:
    """A clocked game's clock, the seats handed to the autopilot and the deadlines running."""
    clock = game.life.get("clock")
    if clock is None:
        return None
    running = game.life["timing"]["since"] if game.status == Status.ACTIVE else {}
    deadlines = [{"seat": int(seat), "since": since, "deadline": iso(due)}
                 for seat, since in running.items()
                 if (due := game.deadline(int(seat))) is not None]
    return {**clock, "autopilot": game.life.get("autopilot", []), "deadlines": deadlines}


def seat_view(game: Game, seat: int | None, step: Step | None = None) -> dict[str, Any]:
    """What ``seat`` (None: a spectator) may see, with its own prompt and legal moves.
    ``step`` is the game's next step when the caller has it already."""
    step = step if step is not None else next_step(game)
    prompt = None
    if seat is not None and isinstance(step, Decision):
        asked = step.prompt_for(seat)
        prompt = (prompt_with_labels(game.rules, game.state, asked,
                                     Audience.of(game.seats).names) if asked is not None
                  else None)
    return {
        "game_id": str(game.id),
        "version": game.version,
        "seat": seat,
        "status": game.status,
        "waiting_for": waiting_for(game, step),
        "result": game.result,
        "prompt": prompt,
        "view": game.view(seat),
    }


def all_views(game: Game) -> dict[str, Any]:
    """Every document stored for a game, by field name."""
    step = next_step(game)  # the rules' next step, computed once for every document
    fields: dict[str, Any] = {"summary": summary(game, step),
                              "board": seat_view(game, None, step),
                              "game": game.game_name, "status": game.status}
    for seat in range(len(game.seats)):
        fields[seat_field(seat)] = seat_view(game, seat, step)
    return fields


def seat_field(seat: int | None) -> str:
    return "board" if seat is None else f"seat:{seat}"
