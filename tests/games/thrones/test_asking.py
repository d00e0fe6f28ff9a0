"""The windows a seat chooses not to be asked in (README "Windows a seat chooses not to be
asked in"; domain.kernel.asking, domain.preferences): passed by the service for the seat,
whatever it holds, so that a skip shows the other seats nothing of its hand."""

from __future__ import annotations

import random
from typing import Any

import pytest

from domain.aggregate import GameError
from domain.games import get_rules
from domain.history import EventType
from domain.kernel import PREFERENCE, Audience, Decision, log_line
from domain.preferences import preferred_pass
from tests.conftest import make_service
from tests.games.driver import moves

from .helpers import LANNISTER, PASS, STARK, blank, give_gold, start

RULES = get_rules("thrones")
NAMES = ("ann (seat 0)", "bob (seat 1)")


def dominance_window(hand: list[str]) -> dict[str, Any]:
    """Lannister, first player, asked in the dominance phase's action window holding
    ``hand`` (its deck has dominance events: it is asked holding any card); Stark, asked
    next, holds a card too."""
    state = blank(first=LANNISTER, phase="dominance")
    state["players"][LANNISTER]["hand"] = list(hand)
    state["players"][STARK]["hand"] = ["winterfell-castle"]
    give_gold(state, LANNISTER, 5)
    return start(state, {"op": "plot_window"})


def what_stark_sees(state: dict[str, Any], skip: list[str]) -> list[Any]:
    """Everything Stark reads as the service passes for Lannister, who chose ``skip``."""
    life: Any = {"skip": [[], skip], "seats": [{}, {}]}
    step = RULES.next(state)
    seat, move = preferred_pass(RULES, life, state, step) or (None, None)
    assert (seat, move) == (LANNISTER, PASS)
    after = RULES.apply_move(state, seat, move)
    event = {"type": "move", "seat": seat, "move": move}
    following = RULES.next(after)
    return [RULES.view(state, STARK), RULES.view(after, STARK),
            RULES.redact(state, event, STARK),
            log_line(RULES, state, after, event, Audience(NAMES, STARK)),
            following.seats if isinstance(following, Decision) else following,
            [p.to_json() for p in following.prompts if p.seat == STARK]
            if isinstance(following, Decision) else None]


def test_a_skipped_window_is_passed_alike_whether_the_hand_could_play_an_event_or_not():
    playable, unplayable = dominance_window(["call-their-bluff"]), dominance_window(
        ["great-keep"])
    assert moves(playable, LANNISTER) != [PASS] and moves(unplayable, LANNISTER) == [PASS]

    seen = [what_stark_sees(state, ["actions-dominance"])
            for state in (playable, unplayable)]

    assert seen[0] == seen[1]


def test_a_window_of_a_kind_not_chosen_is_still_asked():
    state = dominance_window(["call-their-bluff"])
    life: Any = {"skip": [[], ["actions-challenges", "responses"]], "seats": [{}, {}]}

    assert preferred_pass(RULES, life, state, RULES.next(state)) is None


def test_the_marshalling_players_own_turn_is_never_a_window_to_skip():
    state = blank(first=STARK, phase="marshalling")
    state["players"][STARK]["hand"] = ["great-keep"]
    state = start(state, {"op": "window", "mode": "action", "phase": "marshalling",
                          "seat": STARK, "passes": 0, "active": STARK})
    prompt = RULES.next(state).prompt_for(STARK)

    assert RULES.windows.kind_of(state, prompt) is None


def played_out(skip: list[str], seed: int) -> tuple[Any, Any, list[Any]]:
    """A game of ann (who chose ``skip``) against a random bot, ann's moves drawn at random;
    the service, the game, and every prompt ann was asked."""
    service = make_service()
    game, _ = service.create_game("thrones", {}, [{"name": "ann"}, {"bot": "random"}])
    service.set_preferences(game.id, 0, skip)
    draw, asked = random.Random(seed), []
    for _ in range(600):
        game = service.get(game.id)
        step = game.step() if game.status == "active" else None
        if not isinstance(step, Decision):
            break
        prompt = step.prompt_for(0)
        asked.append((game.state, prompt))
        service.play(game.id, 0, [draw.choice(prompt.legal_moves)])
    if service.get(game.id).status == "active":
        service.resign(game.id, 0)
    return service, service.get(game.id), asked


def test_a_seat_is_never_asked_in_a_window_it_chose_not_to_be_asked_in():
    skip = list(RULES.windows.ids())

    service, game, asked = played_out(skip, 1)

    assert asked and all(RULES.windows.kind_of(state, prompt) is None
                         for state, prompt in asked)
    records = service.records(game.id)
    passes = [r for r in records if r["payload"].get("by") == PREFERENCE]
    assert passes and all(r["payload"]["move"] == PASS and r["seat"] == 0 for r in passes)
    [chosen] = [r for r in records if r["type"] == EventType.PREFERENCES_SET]
    assert chosen["payload"] == {"seat": 0, "skip": skip}


def test_a_choice_is_recorded_in_the_order_the_game_declares_and_an_unknown_kind_is_refused():
    service = make_service()
    game, _ = service.create_game("thrones", {}, [{"name": "ann"}, {"name": "bob"}])

    service.set_preferences(game.id, 1, ["responses", "actions-plot"])
    with pytest.raises(GameError, match="Name each window kind once"):
        service.set_preferences(game.id, 0, ["actions-lunch"])

    assert service.get(game.id).life["skip"] == [[], ["actions-plot", "responses"]]


def test_a_game_without_such_windows_refuses_a_choice_in_words():
    service = make_service()
    game, _ = service.create_game("dominion", {}, [{"name": "ann"}, {"name": "bob"}])

    with pytest.raises(GameError, match="asks in no window a seat may choose to skip"):
        service.set_preferences(game.id, 0, [])
