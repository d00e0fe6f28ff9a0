"""Narration: the words a game writes for people, kept apart from its rules.

A game's log lines and move labels are derived from its events and states, and every verifier
recomputes them, so they need no hash of their own; and because they change no outcome, a
game's words can be mended without a new rules version. A game package says them in its own
``narration.py`` (left out of the rules digest, as ``bots.py`` is), which exports
``NARRATION``; the registry attaches it to the package's rules.

``narrate(before, after, event, audience)``: the log line of one game event (``{"type":
"move", "seat", "move"}`` or ``{"type": "chance", "spec", "outcome"}``) for ``audience``.
During play a seat reads its own acts as "You ...", and every other seat by name; a spectator
reads every seat by name; once the game is over the public record names every seat and tells
everything (``audience.everything``), in the third person.

``label(state, seat, move, audience)``: one legal move as the words of a button ("Buy Gold"),
from the names players know the game's components by, never ids or JSON; ``audience`` is the
seat asked (``audience.seat``, "you") with every seat's name, so a button names another seat as
the log does ("Challenge bob (seat 1)"), never "seat 1" where the seats have names.

``ask(state, prompt, audience)`` (optional): the prompt's text for the seat asked, in place of
``prompt.text`` (``contract.prompt_with_labels``). Without it the rules' own text is asked with
every seat it names by number ("Seat 2's challenge", "Discard seat 1's revealed Copper?")
named as labels name it (``name_seats``): the rules of any version may number seats, the
words never do where the seats have names.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

# The narration versions a complete replay document may be written in (its header's
# ``narration``; absent means 1). 1: the rules' own ``describe`` as each event's mover saw it
# (documents made before narration was checked); 2: this module's public narration.
LEGACY_NARRATION = 1
PUBLIC_NARRATION = 2
NARRATIONS = (LEGACY_NARRATION, PUBLIC_NARRATION)


# "seat 2" or "Seat 2's" in a rules' text, not inside a name's own "(seat 2)".
SEAT_WORD = re.compile(r"(?<!\()\b([Ss])eat (\d+)('s)?\b")


def name_seats(text: str, audience: Audience) -> str:
    """``text`` with each seat it numbers named by ``audience.names``: "Discard seat 1's
    Copper?" reads "Discard bob (seat 1)'s Copper?", and "Discard your Copper?" to seat 1."""
    if not audience.names:
        return text

    def named(found: re.Match[str]) -> str:
        seat = int(found[2])
        if not found[3]:  # a subject keeps its name: "you" would need its verb changed too
            return audience.names[seat] if 0 <= seat < len(audience.names) else found[0]
        whose = audience.whose(seat)
        return whose[:1].upper() + whose[1:] if found[1] == "S" else whose

    return SEAT_WORD.sub(named, text)


def seat_name(name: str | None, seat: int) -> str:
    """How a seat is named in words: its player's name with its seat ("ann (seat 0)"), or
    "seat 2" while nobody holds it."""
    return f"{name} (seat {seat})" if name else f"seat {seat}"


def bot_seat_name(bot: str) -> str:
    """The name a bot's seat is given, in words: ``big_money`` plays as "big money bot"."""
    return f"{bot.replace('_', ' ')} bot"


@dataclass(frozen=True, slots=True)
class Audience:
    """Who reads a log line. ``names``: each seat's name in words (``seat_name``); ``seat``:
    the reader's own seat (its acts read "You ..."), None for a spectator or the public
    record; ``everything``: the game is over, so nothing is hidden from anyone."""

    names: tuple[str, ...]
    seat: int | None = None
    everything: bool = False

    @classmethod
    def of(cls, seats: Sequence[Mapping[str, Any]], seat: int | None = None,
           everything: bool = False) -> Audience:
        """The audience of a game whose seats are ``[{name, ...}]`` (a document's ``seats``)."""
        names = tuple(seat_name(s.get("name"), i) for i, s in enumerate(seats))
        return cls(names, None if everything else seat, everything)

    def is_you(self, seat: int | None) -> bool:
        return seat is not None and seat == self.seat

    def who(self, seat: int, start: bool = True) -> str:
        """The seat as the subject of a sentence: "You" for the reader, else its name (its
        first letter capitalised where it starts a sentence, as "Seat 2")."""
        if seat is not None and seat == self.seat:  # is_you, asked of nearly every line
            return "You" if start else "you"
        name = self.names[seat] if 0 <= seat < len(self.names) else f"seat {seat}"
        return name[:1].upper() + name[1:] if start and name.startswith("seat ") else name

    def whose(self, seat: int) -> str:
        """The seat's possessive: "your", "ann (seat 0)'s"."""
        return "your" if self.is_you(seat) else f"{self.who(seat, start=False)}'s"

    def verb(self, seat: int, you: str, other: str) -> str:
        """The verb agreeing with the seat: ``verb(s, "are", "is")``, ``verb(s, "buy", "buys")``."""
        return you if self.is_you(seat) else other

    def sees(self, seat: int | None) -> bool:
        """Whether the reader may know what ``seat`` alone knows (its hand, its secret picks)."""
        return self.everything or self.is_you(seat)


Narrate = Callable[[Any, Any, dict[str, Any], Audience], str]
Label = Callable[[Any, int, dict[str, Any], Audience], str]
# ask(state, prompt, audience): the prompt's text for the seat asked, naming the other seats
# by ``audience.names`` (optional: without it clients read the rules' own ``prompt.text``).
Ask = Callable[[Any, Any, Audience], str]


@dataclass(frozen=True)
class Narration:
    """A game's words (see the module's docstring)."""

    narrate: Narrate
    label: Label
    ask: Ask | None = None
