"""A replay document step by step, for a viewer: each event's log line and one perspective's
view after it (the board's, or a seat's), folded from the document itself.

Log lines and views are given only for a document that verifies, up to its end, or for one
that fails, up to the step before the failing one: past that point the events are not the
game's, and folding them could show a state no game reached. The lines are the rules' own,
recomputed, never the document's text (which no hash covers). An incomplete document (a game
in play, its seed not revealed) cannot be checked: it gives its events' types only. A viewer
asks for a page of steps at a time (``start`` to ``stop``): a document's views, each a whole
state, can weigh thirty times the document.
"""

from __future__ import annotations

from typing import Any, cast

from domain.games import get_rules
from domain.history import EventRecord
from domain.kernel import GameError

from .verify import MALFORMED, Verdict
from .words import narration_of, public_lines


def steps_of(document: dict[str, Any], verdict: Verdict, seat: int | None, start: int = 0,
             stop: int | None = None) -> list[dict[str, Any]]:
    """The events of ``document`` from index ``start`` up to ``stop`` (by default, all) as
    ``{seq, type, seat, log, view}``; ``log`` the line the rules write and ``view`` ``seat``'s
    (None for the board) where they can be trusted (see the module's docstring), else None."""
    events = events_of(document)
    steps: list[dict[str, Any]] = [
        {"seq": _whole(e.get("seq")), "type": _text(e.get("type")), "seat": _seat(e),
         "log": None, "view": None} for e in events]
    trusted = len(steps) if verdict.valid else (verdict.failed_step or 1) - 1
    folded = min(trusted, len(steps) if stop is None else stop)
    if folded <= start or document.get("complete") is not True:
        return steps[start:stop]
    try:
        rules = get_rules(document["game"], document["rules_version"])
        lines = public_lines(cast(list[EventRecord], events[:folded]), narration_of(document))
        for index, (after, line) in enumerate(lines):
            if index >= start:  # the states before the page are folded, not viewed
                steps[index].update(log=line, view=rules.view(after, seat))
    except (*MALFORMED, GameError, AssertionError):
        pass  # a view the rules cannot build is left out; the verdict already says why
    return steps[start:stop]


def events_of(document: dict[str, Any]) -> list[dict[str, Any]]:
    """The document's events, each a step (anything else in its list is left out)."""
    events = document.get("events")
    return [e for e in events if isinstance(e, dict)] if isinstance(events, list) else []


def _seat(event: dict[str, Any]) -> int | None:
    return _whole(event.get("seat"))


# An uploaded document may say anything: a field of the wrong type is shown as missing (the
# verdict says what is wrong), never passed on as it came.
def _whole(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _text(value: Any) -> str | None:
    return value if isinstance(value, str) else None
