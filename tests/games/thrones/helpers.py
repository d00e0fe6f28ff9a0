"""Scenario helpers: a Thrones position from given cards in given places (``blank`` and its
kin, laid out by the public position builder ``positions.arrange``), frames of the round run
from there, and Thrones' own moves; moves, prompts and draws are the driver's
(tests/games/driver.py), so each test reads as the situation it sets up, the moves it makes
and what a player would notice."""

from __future__ import annotations

from typing import Any

from domain.games.thrones.cards import BOX, CARDS
from domain.games.thrones.decks import ready_for
from domain.games.thrones.flow import run
from domain.games.thrones.positions import arrange
from domain.games.thrones.state import find
from domain.kernel import Chance, Decision
from tests.games.driver import chance, moves, play, prompt, step

State = dict[str, Any]
STARK, LANNISTER = 0, 1


def blank(first: int = 0, phase: str = "challenges") -> State:
    """Seat 0 Stark, seat 1 Lannister, after setup: empty hands, decks, piles and play, no
    gold or power, the box's plot decks; both revealed plots without effect in two-player
    games (Mutual Enemies, claim 2; Mutual Blackmail, claim 2): tests set their own with
    ``set_plot``. Laid out by the public position builder (``positions.arrange``)."""
    return arrange({}, 2, {"first_player": first, "phase": phase, "players": [
        {"house": house, "plots": sorted(BOX.plot_decks[house]), "revealed_plot": plot}
        for house, plot in (("stark", "mutual-enemies"), ("lannister", "mutual-blackmail"))]})


def place(state: State, seat: int, card: str, knelt: bool = False, power: int = 0,
          host: str | None = None) -> str:
    """Put ``card`` into play for ``seat``; its uid."""
    uid = f"c{state['next_uid']}"
    state["next_uid"] += 1
    state["play"].append({"uid": uid, "card": card, "owner": seat, "controller": seat,
                          "knelt": knelt, "power": power, "host": host, "dups": []})
    state["pool"]["power"] -= power
    return uid


def give_gold(state: State, seat: int, gold: int) -> None:
    state["players"][seat]["gold"] += gold
    state["pool"]["gold"] -= gold


def set_plot(state: State, seat: int, plot: str) -> None:
    state["players"][seat]["revealed"] = plot


def start(state: State, *frames: dict[str, Any]) -> State:
    """Run from ``frames`` (the first runs first) through the engine."""
    state["pending"] = list(reversed(frames))
    run(state)
    return state


def challenges_for(state: State, seat: int) -> State:
    """The challenges turn of ``seat``, at the declaration."""
    return start(state, {"op": "challenge_turn", "seat": seat, "stage": "declare"},
                 {"op": "end_phase"})


def rec(state: State, uid: str) -> dict[str, Any]:
    found = find(state, uid)
    assert found is not None, f"{uid} is not in play"
    return found


def name_of(card: str) -> str:
    return CARDS[card].name


PASS = {"kind": "pass"}


def pass_windows(state: State) -> State:
    """Every seat asked in the open windows passes, up to the next other question."""
    while state["pending"] and isinstance(step(state), Decision) and prompt(
            state).kind == "window":
        state = play(state, None, PASS)
    return state


def settle(state: State) -> State:
    """The driver's ``settle`` (every pending shuffle in its order), stopping as well where
    nothing is pending: a position run from a few frames may run dry, and the engine then
    asks nothing."""
    while state["pending"] and isinstance(found := step(state), Chance) and (
            found.spec["kind"] == "shuffle"):
        state = chance(state)
    return state


def use_move(state: State, seat: int, card: str) -> list[dict[str, Any]]:
    """The ``use`` moves of ``card`` that ``seat`` is offered now (none if not asked)."""
    found = step(state) if state["pending"] else None
    if not isinstance(found, Decision) or found.prompt_for(seat) is None:
        return []
    return [m for m in moves(state, seat) if m.get("card") == card and m["kind"] == "use"]


def window(state: State, phase: str, active: int | None = None) -> State:
    """An action window of ``phase`` opening now, the first player asked first."""
    state["phase"] = phase
    return start(state, {"op": "window", "mode": "action", "phase": phase,
                         "seat": state["first"], "passes": 0, "active": active})


def blank_lcg(first: int = 0, phase: str = "challenges") -> State:
    """``blank`` in the full card game's profile (``lcg``): its draw cap, Shadows and
    out-of-House gold apply; a seat's deck may hold another House's cards."""
    state = blank(first, phase)
    state["options"] = {**state["options"], "profile": "lcg"}
    return state


def blank_melee(seats: int = 4, first: int = 0, phase: str = "challenges",
                titles: list[str | None] | None = None) -> State:
    """``blank`` for ``seats`` players of the full card game (profile ``lcg``): even seats
    Stark, odd seats Lannister; every revealed plot Mutual Enemies (claim 2; its "when
    revealed" already past); ``titles`` the title each seat holds this round, if any."""
    state = arrange({"profile": "lcg"}, seats, {"first_player": first, "phase": phase,
                                                "players": [
        {"house": ready_for(seat)["house"], "plots": list(ready_for(seat)["plots"]),
         "revealed_plot": "mutual-enemies"} for seat in range(seats)]})
    if titles is not None:
        state["titles"] = list(titles)
    return state


def challenge_against(kind: str, target: int) -> dict[str, Any]:
    """A melee challenge move: its type and target seat."""
    return {"kind": "challenge", "type": kind, "target": target}


def attacker(uid: str) -> dict[str, Any]:
    return {"kind": "attacker", "card": uid}


def defender(uid: str) -> dict[str, Any]:
    return {"kind": "defender", "card": uid}
