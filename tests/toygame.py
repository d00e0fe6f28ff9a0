"""A toy game for testing the service machinery apart from any real game's rules.

Two seats first choose a secret number 1-3 at the same time (a simultaneous hidden decision);
then, turn about, a die is rolled (a public chance step) and the seat to act chooses to
advance by the roll or by its secret number. First to 10 wins. A shuffle of four markers at
setup is a hidden chance step.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from domain.kernel import (
    Audience,
    BadOptions,
    Chance,
    Decision,
    GameInfo,
    GameRules,
    Narration,
    OptionSpec,
    Over,
    Prompt,
    Traits,
    default_redact,
    roll_spec,
    shuffle_spec,
    validate_options,
)

INFO = GameInfo(name="toy", title="Toy race", min_seats=2, max_seats=2,
                traits=Traits(simultaneous=True, hidden_information=True),
                options=(OptionSpec("goal", "int", 10, "points to win", minimum=3, maximum=500),),
                bots=("random", "first"))


def setup(options: Any, seats: int) -> dict[str, Any]:
    opts = validate_options(INFO.options, options)
    if seats != 2:
        raise BadOptions("The toy race is for two players.")
    return {"goal": opts["goal"], "secret": [None, None], "pos": [0, 0], "turn": 0,
            "roll": None, "markers": None}


def next_step(state: dict[str, Any]):
    if state["markers"] is None:
        return Chance(shuffle_spec(4, what="markers"))
    for seat in (0, 1):
        if state["pos"][seat] >= state["goal"]:
            return Over(scores=list(state["pos"]), winners=[seat], reason="reached the goal")
    asked = [s for s in (0, 1) if state["secret"][s] is None]
    if asked:
        return Decision(tuple(Prompt(s, "secret", "Choose a secret number",
                                     [{"kind": "secret", "n": n} for n in (1, 2, 3)])
                              for s in asked))
    if state["roll"] is None:
        return Chance(roll_spec([1, 2, 3, 4, 5, 6], public=True, what="die"))
    seat = state["turn"]
    return Decision((Prompt(seat, "advance", "Advance by the roll or your secret",
                            [{"kind": "advance", "by": "roll"},
                             {"kind": "advance", "by": "secret"}]),))


def apply_move(state: dict[str, Any], seat: int, move: dict[str, Any]) -> dict[str, Any]:
    if move["kind"] == "secret":
        secret = list(state["secret"])
        secret[seat] = move["n"]
        return {**state, "secret": secret}
    step = state["roll"] if move["by"] == "roll" else state["secret"][seat]
    pos = list(state["pos"])
    pos[seat] += step
    return {**state, "pos": pos, "roll": None, "turn": 1 - seat}


def apply_chance(state: dict[str, Any], outcome: Any) -> dict[str, Any]:
    if state["markers"] is None:
        return {**state, "markers": outcome}
    return {**state, "roll": outcome}


def view(state: dict[str, Any], seat: int | None) -> dict[str, Any]:
    over = isinstance(next_step(state), Over)
    secret = [s if over or seat == i else (None if s is None else "hidden")
              for i, s in enumerate(state["secret"])]
    return {"pos": state["pos"], "secret": secret, "roll": state["roll"], "turn": state["turn"]}


def redact(state: dict[str, Any], event: dict[str, Any], viewer: int | None) -> dict[str, Any]:
    if event["type"] == "move" and event["move"]["kind"] == "secret" and viewer != event["seat"]:
        return {**event, "move": {"kind": "secret", "n": None}}
    if event["type"] == "chance" and not event["spec"].get("public"):
        return {**event, "outcome": None}
    return event


def describe(before: dict[str, Any], after: dict[str, Any], event: dict[str, Any],
             viewer: int | None) -> str:
    shown = redact(before, event, viewer)
    if shown["type"] == "chance":
        return f"{shown['spec']['what']}: {shown['outcome'] if shown['outcome'] else 'hidden'}"
    return f"seat {shown['seat']}: {shown['move']}"


def narrate(before: dict[str, Any], after: dict[str, Any], event: dict[str, Any],
            audience: Audience) -> str:
    """The toy's words (``domain.kernel.narration``): fixed texts for tests of the machinery."""
    if event["type"] == "chance":
        if event["spec"].get("what") == "markers":
            return "The markers were shuffled."
        return f"The die shows {event['outcome']}."
    seat, move = event["seat"], event["move"]
    if move["kind"] == "secret":
        number = f" ({move['n']})" if audience.sees(seat) else ""
        return f"{audience.who(seat)} chose a secret number{number}."
    by = "the roll" if move["by"] == "roll" else f"{audience.whose(seat)} secret number"
    return f"{audience.who(seat)} advanced by {by}."


def label(state: dict[str, Any], seat: int, move: dict[str, Any], audience: Audience) -> str:
    if move["kind"] == "secret":
        return f"Choose {move['n']}"
    return "Advance by the roll" if move["by"] == "roll" else "Advance by your secret number"


def random_bot(state: Any, prompt: Prompt, draw: Any) -> dict[str, Any]:
    return prompt.legal_moves[draw(len(prompt.legal_moves))]


def first_bot(state: Any, prompt: Prompt, draw: Any) -> dict[str, Any]:
    return prompt.legal_moves[0]


RULES = GameRules(info=INFO, version="toy-1", setup=setup, next=next_step, apply_move=apply_move,
                  apply_chance=apply_chance, view=view, describe=describe, redact=redact,
                  bots={"random": random_bot, "first": first_bot},
                  narration=Narration(narrate=narrate, label=label))


# ---- version 2: a rules change that alters outcomes (the die has four faces, not six) ----


def next_step_v2(state: dict[str, Any]):
    step = next_step(state)
    if isinstance(step, Chance) and step.spec.get("what") == "die":
        return Chance(roll_spec([1, 2, 3, 4], public=True, what="die"))
    return step


RULES_V2 = replace(RULES, version="toy-2", next=next_step_v2)


# ---- a co-operative variant: the seats win together when seat 0 reaches the goal first, and
# lose together when seat 1 does ----


def next_step_coop(state: dict[str, Any]):
    step = next_step(state)
    if isinstance(step, Over):
        won = state["pos"][0] >= state["goal"]
        return Over(scores=list(state["pos"]), winners=[0, 1] if won else [],
                    reason="seat 0 reached the goal" if won else "seat 1 got there first",
                    shared="win" if won else "loss")
    return step


COOP_INFO = replace(INFO, name="coop", title="Co-operative toy race",
                    traits=Traits(cooperative=True, simultaneous=True, hidden_information=True))
COOP_RULES = replace(RULES, info=COOP_INFO, version="coop-1", next=next_step_coop)


def scramble(state: dict[str, Any], seat: int, rng: Any) -> dict[str, Any]:
    """The position with what ``seat`` may not know dealt anew: the other seat's secret (once
    chosen) and the order of the markers (tests/games/hidden.py)."""
    secret = list(state["secret"])
    if secret[1 - seat] is not None:
        secret[1 - seat] = rng.choice([1, 2, 3])
    markers = state["markers"]
    if markers is not None:
        markers = rng.sample(markers, len(markers))
    return {**state, "secret": secret, "markers": markers}


# ---- an open race: no hidden information, and several moves a turn. Each turn starts with a
# public die (1-3); the seat to act steps forward once a move, up to the roll, then passes.
# First to the goal wins. (No hidden information: no move reveals anything to a takeback.)


OPEN_INFO = GameInfo(name="open", title="Open race", min_seats=2, max_seats=3, traits=Traits(),
                     options=(OptionSpec("goal", "int", 10, "points to win", minimum=3,
                                         maximum=500),),
                     bots=("random", "first"))


def open_setup(options: Any, seats: int) -> dict[str, Any]:
    opts = validate_options(OPEN_INFO.options, options)
    if not 2 <= seats <= 3:
        raise BadOptions("The open race is for two or three players.")
    return {"goal": opts["goal"], "pos": [0] * seats, "turn": 0, "steps": None}


def open_next(state: dict[str, Any]):
    for seat in range(len(state["pos"])):
        if state["pos"][seat] >= state["goal"]:
            return Over(scores=list(state["pos"]), winners=[seat], reason="reached the goal")
    if state["steps"] is None:
        return Chance(roll_spec([1, 2, 3], public=True, what="die"))
    moves = [{"kind": "step"}] if state["steps"] > 0 else []
    return Decision((Prompt(state["turn"], "steps", "Step forward (up to the roll) or pass",
                            [*moves, {"kind": "pass"}]),))


def open_move(state: dict[str, Any], seat: int, move: dict[str, Any]) -> dict[str, Any]:
    if move["kind"] == "pass":
        return {**state, "turn": (seat + 1) % len(state["pos"]), "steps": None}
    pos = list(state["pos"])
    pos[seat] += 1
    return {**state, "pos": pos, "steps": state["steps"] - 1}


def open_chance(state: dict[str, Any], outcome: Any) -> dict[str, Any]:
    return {**state, "steps": outcome}


def open_view(state: dict[str, Any], seat: int | None) -> dict[str, Any]:
    return dict(state)


def open_describe(before: dict[str, Any], after: dict[str, Any], event: dict[str, Any],
                  viewer: int | None) -> str:
    if event["type"] == "chance":
        return f"die: {event['outcome']}"
    return f"seat {event['seat']}: {event['move']['kind']}"


OPEN_RULES = GameRules(info=OPEN_INFO, version="open-1", setup=open_setup, next=open_next,
                       apply_move=open_move, apply_chance=open_chance, view=open_view,
                       describe=open_describe, redact=default_redact,
                       bots={"random": random_bot, "first": first_bot})
