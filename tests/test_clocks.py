"""Clocks that are events: a seat whose time for a decision runs out is timed out by the
service, and the autopilot answers for it or it forfeits; every deadline is recomputed from
the record's times by the verifier, which refuses an early timeout and a late move."""

from __future__ import annotations

import copy
import itertools
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from domain.aggregate import DeadlinePassed
from domain.application import GameService
from domain.clocks import warning_window
from domain.commands import CreateGame, PlayMoves, Resign, TimeOut
from domain.kernel import BadOptions
from replays import build_document, verify_document

from .conftest import TEST_RECEIPT_KEY
from .test_replays import rehash_from

HUMANS = ({"name": "ann"}, {"name": "bob"})
START = datetime(2026, 1, 1, tzinfo=UTC)


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        return self.now

    def wait(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def clocked(clock: Clock) -> Any:
    issued = itertools.count()
    service = GameService({}, secret=b"test master secret", clock=clock,
                          new_token=lambda: f"token-{next(issued)}",
                          signing_key=TEST_RECEIPT_KEY)
    yield service
    service.close()


def start(service: GameService, on_timeout: str, game: str = "toy",
          players: tuple[dict[str, Any], ...] = HUMANS, bank: int = 0) -> Any:
    clock = {"per_move": 60, "bank": bank, "on_timeout": on_timeout}
    return service.run(CreateGame(game, {"goal": 6} if game == "toy" else {}, players,
                                  clock=clock)).game


def test_a_seat_that_vanishes_forfeits_and_the_other_wins_with_no_human_action(
        clocked, clock):
    game = start(clocked, "forfeit")
    clocked.run(PlayMoves(game.id, 1, ({"kind": "secret", "n": 2},)))
    clock.wait(61)
    game = clocked.run(TimeOut(game.id)).game
    types = [r["type"] for r in clocked.records(game.id)]
    assert types[-3:] == ["timed_out", "resigned", "seed_revealed"]
    assert game.result["winners"] == [1]
    assert verify_document(build_document(clocked.records(game.id))).valid


def test_the_autopilot_answers_the_one_decision_of_a_seat_out_of_time_and_play_goes_on(
        clocked, clock):
    game = start(clocked, "autopilot")
    clocked.run(PlayMoves(game.id, 1, ({"kind": "secret", "n": 2},)))
    clock.wait(61)
    game = clocked.run(TimeOut(game.id)).game
    records = clocked.records(game.id)
    at = next(i for i, r in enumerate(records) if r["type"] == "timed_out")
    timed_out, answered = records[at:at + 2]
    assert timed_out["type"] == "timed_out" and timed_out["payload"]["seat"] == 0
    assert timed_out["payload"]["deadline"] == "2026-01-01T00:01:00+00:00"
    assert answered["payload"]["by"] == "autopilot" and answered["seat"] == 0
    assert game.status == "active"


def test_a_vanished_player_s_game_on_autopilot_plays_to_its_end_by_timeouts_alone(
        clocked, clock):
    game = start(clocked, "autopilot")
    while game.status == "active":
        clock.wait(61)
        game = clocked.run(TimeOut(game.id)).game
    document = build_document(clocked.records(game.id))
    assert verify_document(document).valid
    moves = [e for e in document["events"] if e["type"] == "move_made"]
    assert {e["payload"]["by"] for e in moves} == {"autopilot"}
    # The public record says who chose each move: the player's time had run out.
    assert all(e["log"].endswith(" (Played by the autopilot.)") for e in moves)


def test_a_timeout_fired_twice_is_recorded_once(clocked, clock):
    game = start(clocked, "autopilot")
    clock.wait(61)
    first = clocked.run(TimeOut(game.id)).game.version
    again = clocked.run(TimeOut(game.id))
    assert again.game.version == first and again.events == ()


def test_nothing_times_out_before_the_deadline(clocked, clock):
    game = start(clocked, "forfeit")
    clock.wait(59)
    assert clocked.run(TimeOut(game.id)).events == ()


def test_a_move_after_its_deadline_is_refused(clocked, clock):
    game = start(clocked, "forfeit")
    clock.wait(61)
    with pytest.raises(DeadlinePassed):
        clocked.run(PlayMoves(game.id, 0, ({"kind": "secret", "n": 2},)))


def test_a_bank_extends_the_deadline_and_is_spent_by_slow_moves(clocked, clock):
    game = start(clocked, "forfeit", bank=30)
    assert clocked.deadline_of(game.id, 0) == (START, START + timedelta(seconds=90))
    clock.wait(80)  # 20 s of the bank spent
    clocked.run(PlayMoves(game.id, 0, ({"kind": "secret", "n": 2},)))
    clock.wait(5)
    game = clocked.run(PlayMoves(game.id, 1, ({"kind": "secret", "n": 2},))).game
    seat = game.step().seats[0]
    since, due = clocked.deadline_of(game.id, seat)
    assert due - since == timedelta(seconds=60 + (10 if seat == 0 else 25))


def test_with_three_seats_a_forfeit_hands_the_seat_to_the_autopilot_for_good(clocked, clock):
    players = ({"name": "ann"}, {"name": "bob"}, {"name": "cy"})
    game = start(clocked, "forfeit", "dominion", players)
    waited = game.step().seats[0]
    clock.wait(61)
    game = clocked.run(TimeOut(game.id)).game
    assert game.status == "active" and game.life["autopilot"] == [waited]
    assert waited not in game.step().seats  # answered at once from now on
    clocked.run(Resign(game.id, (waited + 1) % 3))
    assert verify_document(build_document(clocked.records(game.id))).valid


@pytest.mark.parametrize("value", [
    {"per_move": 0, "on_timeout": "forfeit"}, {"per_move": 1.5, "on_timeout": "forfeit"},
    {"per_move": True, "on_timeout": "forfeit"}, {"per_move": 60, "on_timeout": "pass"},
    {"per_move": 60}, {"per_move": 60, "on_timeout": "forfeit", "bank": -1},
    {"per_move": 60, "on_timeout": "forfeit", "extra": 1}, "60"])
def test_a_clock_is_checked_strictly(clocked, value):
    with pytest.raises(BadOptions):
        clocked.run(CreateGame("toy", {}, HUMANS, clock=value))


def finished_on_autopilot(service: GameService, clock: Clock) -> dict[str, Any]:
    game = start(service, "autopilot")
    while game.status == "active":
        clock.wait(61)
        game = service.run(TimeOut(game.id)).game
    return build_document(service.records(game.id))


def test_a_forged_early_timeout_is_refused_at_its_step(clocked, clock):
    document = finished_on_autopilot(clocked, clock)
    forged = copy.deepcopy(document)
    step = next(e["seq"] for e in forged["events"] if e["type"] == "timed_out")
    for event in forged["events"][step - 1:]:  # every time from there on, a minute earlier
        event["at"] = (datetime.fromisoformat(event["at"]) - timedelta(seconds=2)).isoformat()
    rehash_from(forged, step - 1)
    verdict = verify_document(forged)
    assert not verdict.valid and verdict.failed_step == step
    assert "before the seat's deadline" in verdict.reason


def test_a_forged_late_move_is_refused_at_its_step(clocked, clock):
    game = start(clocked, "forfeit")
    clocked.run(PlayMoves(game.id, 0, ({"kind": "secret", "n": 2},)))
    clocked.run(PlayMoves(game.id, 1, ({"kind": "secret", "n": 2},)))
    clocked.run(Resign(game.id, 0))
    forged = build_document(clocked.records(game.id))
    step = next(e["seq"] for e in forged["events"] if e["type"] == "move_made")
    for event in forged["events"][step - 1:]:
        event["at"] = (datetime.fromisoformat(event["at"]) + timedelta(hours=1)).isoformat()
    rehash_from(forged, step - 1)
    verdict = verify_document(forged)
    assert not verdict.valid and verdict.failed_step == step
    assert "after its deadline" in verdict.reason


def test_an_event_earlier_than_the_one_before_it_is_refused(service):
    game, _ = service.create_game("toy", {}, [{"bot": "random"}, {"bot": "first"}])
    forged = build_document(service.records(game.id))
    forged["events"][4]["at"] = "2001-01-01T00:00:00+00:00"
    rehash_from(forged, 4)
    verdict = verify_document(forged)
    assert not verdict.valid and verdict.failed_step == 5
    assert "times run forward" in verdict.reason


@pytest.mark.parametrize(("per_move", "window"), [(1, 5), (60, 15), (86400, 3600)])
def test_a_deadline_is_warned_of_a_quarter_of_a_move_ahead_within_bounds(per_move, window):
    assert warning_window({"per_move": per_move, "on_timeout": "forfeit"}) == window
