"""Scenario helpers: a Dominion position from a custom setup (the game's position builder)
and Dominion's own moves, driven by the driver's verbs (tests/games/driver.py), so each test
reads as the situation it sets up, the move it makes, and what a player would notice."""

from __future__ import annotations

from typing import Any

from domain.games.dominion import RULES
from domain.games.dominion.position import TURN_PARTS
from domain.kernel import Rules, ask_bot
from tests.games.driver import chance, play, position, prompt

State = dict[str, Any]
BASIC = ["cellar", "market", "militia", "mine", "moat", "remodel", "smithy", "village",
         "woodcutter", "workshop"]


def scenario(hand: list[str], deck: list[str] | None = None, discard: list[str] | None = None,
             kingdom: list[str] | None = None, seats: int = 2, edition: str = "second",
             others: dict[int, dict[str, list[str]]] | None = None,
             supply: dict[str, int] | None = None, **turn: Any) -> State:
    """Seat 0's turn with this ``hand``, set up by the game's position builder; ``deck`` is
    listed top card first, ``discard`` bottom card first (the top last). ``others`` gives
    other seats' zones the same way (by default a hand of 5 Coppers). ``supply`` counts
    piles (by default setup's less the copies the position holds: two positions that hide
    different cards pin the piles of those cards, or their Supply would tell them apart)."""
    players = []
    for seat in range(seats):
        zones = {"hand": hand, "deck": deck or [], "discard": discard or []} if seat == 0 \
            else {"hand": ["copper"] * 5, **(others or {}).get(seat, {})}
        players.append({"hand": list(zones["hand"]), "deck": list(zones.get("deck", [])),
                        "discard": list(reversed(zones.get("discard", [])))})
    described = {key: turn.pop(key) for key in TURN_PARTS if key in turn}
    state = position("dominion", {"kingdom": kingdom or BASIC, "edition": edition}, seats,
                     players=players, turn=described, supply=supply or {})
    state["turn"].update(turn)  # counters a position does not state (merchants, immune...)
    return state


def play_card(card: str) -> dict[str, Any]:
    return {"kind": "play", "card": card}


def pick(kind: str, card: str) -> dict[str, Any]:
    return {"kind": kind, "card": card}


def player(state: State, seat: int = 0) -> dict[str, Any]:
    p: dict[str, Any] = state["players"][seat]
    return p


def top_first(state: State, seat: int = 0) -> list[str]:
    return list(reversed(player(state, seat)["deck"]))


def end_turn(state: State) -> State:
    return play(state, None, {"kind": "end_turn"})


def bot_move(name: str, state: State, draw: Any = lambda n: 0) -> dict[str, Any]:
    """The bot's answer to the state's first prompt, from that seat's view only."""
    return ask_bot(RULES, RULES.bots[name], state, prompt(state), draw)


def in_version(rules: Rules, state: State) -> State:
    """A position built by ``scenario`` (current rules) as the given version holds it."""
    if rules is RULES:
        return state
    shape = rules.setup({"kingdom": state["kingdom"]}, state["seats"])
    return {**{key: state[key] for key in shape}, "options": shape["options"]}


def started(options: dict[str, Any] | None = None, seats: int = 2, first: int = 0) -> State:
    """A new game whose lot for the first player drew ``first``."""
    return chance(RULES.setup(options or {}, seats), first)
