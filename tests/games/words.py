"""What every word a player reads must not hold: the checks of ``test_words.py``.

A prompt's text, a move's label and a log line are sentences for people. They hold no JSON
(braces, brackets), no snake_case, no internal id (a card's or a tile's slug, or a short
code like ``c5``), no ``null``/``None``/``True``/``False``, and no doubled word; and a move's
prompt and a move's label name another seat by its name ("bob (seat 1)"), never as "seat 1".
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from domain.games import get_rules
from domain.games.components import components
from domain.kernel import (
    Audience,
    Chance,
    Over,
    Rules,
    State,
    chance_context,
    derive_outcome,
    log_line,
    prompt_with_labels,
)

NAMES = ("ann", "bob", "cy", "dee", "eve", "flo")
JSON_MARKS = re.compile(r"[{}\[\]]")
SNAKE = re.compile(r"\b[A-Za-z]+_[A-Za-z0-9_]+\b")
NULLS = re.compile(r"\b(null|None|True|False|undefined|NaN)\b")
SHORT_CODE = re.compile(r"\b[a-z]{1,2}\d+\b")  # c5, t12: an engine's handle, not a name
DOUBLED = re.compile(r"\b(\w+)\s+\1\b", re.IGNORECASE)
# Doubled words that English allows ("that that" is rare enough to flag; numbers repeat).
DOUBLED_ALLOWED = re.compile(r"^\d+$")
# A seat by its number alone ("seat 2", "Seat 1's"), not inside a name ("bob (seat 1)"): a
# prompt or a label names seats by name when they have names, as the log does.
SEAT_NUMBER = re.compile(r"(?<!\()\b[Ss]eat \d+")


def slugs(game: str, version: str | None = None) -> set[str]:
    """The game's component ids that read as code, not as words (``brok-and-sindri``)."""
    return {c["id"] for c in components(game, version)
            if isinstance(c.get("id"), str) and re.search(r"[-_\d]", c["id"])}


def printed_names(game: str, version: str | None = None) -> re.Pattern[str] | None:
    """The game's components' printed names, which may hold a word that is code elsewhere
    (God of War's "True Aim")."""
    names = sorted({c["name"] for c in components(game, version) if c.get("name")},
                   key=len, reverse=True)
    return re.compile("|".join(rf"\b{re.escape(n)}\b" for n in names)) if names else None


def faults(text: Any, ids: set[str], names: re.Pattern[str] | None = None) -> list[str]:
    """Every way ``text`` is not a sentence for people (empty: it reads well). ``names``: the
    printed names, taken out before looking for code words."""
    if not isinstance(text, str) or not text.strip():
        return [f"not a text: {text!r}"]
    found = []
    plain = names.sub("", text) if names is not None else text
    for pattern, what in ((JSON_MARKS, "JSON"), (SNAKE, "snake_case"), (NULLS, "null"),
                          (SHORT_CODE, "an internal code")):
        match = pattern.search(plain)
        if match:
            found.append(f"{what} ({match.group(0)!r})")
    for match in DOUBLED.finditer(text):
        if not DOUBLED_ALLOWED.match(match.group(1)):
            found.append(f"a doubled word ({match.group(0)!r})")
    words = set(re.findall(r"[A-Za-z0-9][A-Za-z0-9_-]*", text))
    found += [f"an id ({slug!r})" for slug in sorted(ids & words)]
    return found


@dataclass
class Reading:
    """One text a person reads, and where it was met."""

    where: str
    text: str
    named: bool = False  # a prompt or a move's label, given the seats' names


def readings(rules: Rules, options: dict[str, Any], seats: int, seed: int,
             max_steps: int) -> Iterator[Reading]:
    """Every prompt text, move label and log line (for each seat, a spectator and the public
    record) of one random game of ``rules``, for up to ``max_steps`` steps."""
    pick = random.Random(seed)
    secret = seed.to_bytes(32, "big")
    names = tuple(f"{NAMES[s]} (seat {s})" for s in range(seats))
    audiences = [Audience(names, s) for s in range(seats)] + [
        Audience(names, None), Audience(names, None, everything=True)]
    state: State = rules.setup(options, seats)
    for number in range(2, max_steps + 2):
        step = rules.next(state)
        if isinstance(step, Over):
            return
        if isinstance(step, Chance):
            outcome = derive_outcome(step.spec, secret, chance_context("words", number))
            event: dict[str, Any] = {"type": "chance", "spec": step.spec, "outcome": outcome}
            after = rules.apply_chance(state, outcome)
        else:
            for prompt in step.prompts:
                where = f"step {number}, seat {prompt.seat} ({prompt.kind})"
                asked = prompt_with_labels(rules, state, prompt, names)
                yield Reading(f"{where}: the prompt", asked["text"], named=True)
                for move, label in zip(prompt.legal_moves, asked["labels"], strict=True):
                    yield Reading(f"{where}: the label of {move}", label, named=True)
            prompt = step.prompts[pick.randrange(len(step.prompts))]
            move = prompt.legal_moves[pick.randrange(len(prompt.legal_moves))]
            event = {"type": "move", "seat": prompt.seat, "move": move}
            after = rules.apply_move(state, prompt.seat, move)
        for audience in audiences:
            yield Reading(f"step {number}, {event}: the log line for {audience.seat} "
                          f"(everything: {audience.everything})",
                          log_line(rules, state, after, event, audience))
        state = after


def check_game(game: str, options: dict[str, Any], seats: int, seed: int,
               max_steps: int = 600, version: str | None = None) -> list[str]:
    """The faults of every text of one random game, as lines naming where each was met."""
    rules = get_rules(game, version)
    ids, names = slugs(game, version), printed_names(game, version)
    return [f"{reading.where}: {fault} in {reading.text!r}"
            for reading in readings(rules, options, seats, seed, max_steps)
            for fault in faults(reading.text, ids, names) + (
                seat_numbers(reading.text) if reading.named else [])]


def seat_numbers(label: str) -> list[str]:
    """A prompt or label that names a seat by its number though the seats have names."""
    match = SEAT_NUMBER.search(label)
    return [f"a seat by number ({match.group(0)!r})"] if match else []
