"""The game service's use cases, with the toy game, in memory and on PostgreSQL."""

from __future__ import annotations

import copy
from dataclasses import replace
from datetime import UTC, datetime

import pytest

from domain.application import MoveListCrossesDraw, StaleVersion, project_game
from domain.commands import CreateGame
from domain.games import register_extra, unregister_extra_version
from domain.kernel import (
    BrokenRules,
    Decision,
    GameOver,
    IllegalMove,
    NotYourTurn,
    Prompt,
    canonical_json,
)

from . import toygame
from .conftest import make_service


@pytest.fixture
def service(store_env):
    app = make_service(store_env)
    yield app
    app.close()


def humans() -> list[dict[str, str]]:
    return [{"name": "ann"}, {"name": "bob"}]


def test_creating_a_game_resolves_setup_chance_and_asks_both_seats(service):
    game, tokens = service.create_game("toy", {}, humans())
    assert set(tokens) == {0, 1}
    assert [e.type_name for e in service.history(game.id)] == ["created", "chance_resolved"]
    step = game.step()
    assert isinstance(step, Decision) and step.seats == [0, 1]


def test_a_list_of_moves_with_an_illegal_one_records_nothing(service):
    game, _ = service.create_game("toy", {}, humans())
    before = service.get(game.id).version
    with pytest.raises(IllegalMove):
        service.play(game.id, 0, [{"kind": "secret", "n": 2}, {"kind": "secret", "n": 9}], "ann")
    assert service.get(game.id).version == before


@pytest.mark.parametrize("n", [2.0, True, "2", [2], None])
def test_a_move_equal_in_python_but_not_as_json_is_illegal_and_records_nothing(service, n):
    game, _ = service.create_game("toy", {}, humans())
    before = service.get(game.id).version
    with pytest.raises(IllegalMove):
        service.play(game.id, 0, [{"kind": "secret", "n": n}], "ann")
    assert service.get(game.id).version == before
    service.play(game.id, 0, [{"kind": "secret", "n": 1}], "ann")
    assert service.records(game.id)[-1]["payload"]["move"] == {"kind": "secret", "n": 1}


def asks_nothing_to_advance(state):
    """The toy's rules with a bug: the seat to advance is asked with no move to make."""
    step = toygame.next_step(state)
    if isinstance(step, Decision) and step.prompts[0].kind == "advance":
        return Decision((Prompt(step.prompts[0].seat, "advance", "Advance", []),))
    return step


def test_a_move_after_which_the_rules_ask_a_seat_with_nothing_to_choose_records_nothing(service):
    register_extra("toy", replace(toygame.RULES, version="toy-stuck", next=asks_nothing_to_advance))
    try:
        game, _ = service.create_game("toy", {}, humans())
        service.play(game.id, 0, [{"kind": "secret", "n": 1}], "ann")
        before, version = service.records(game.id), service.get(game.id).version
        with pytest.raises(BrokenRules, match="asked seat 0 with no legal moves"):
            service.play(game.id, 1, [{"kind": "secret", "n": 2}], "bob")
        assert service.records(game.id) == before
        assert service.get(game.id).version == version
    finally:
        unregister_extra_version("toy", "toy-stuck")


def test_a_move_out_of_turn_is_refused(service):
    game, _ = service.create_game("toy", {}, humans())
    service.play(game.id, 0, [{"kind": "secret", "n": 2}], "ann")
    with pytest.raises(NotYourTurn):
        service.play(game.id, 0, [{"kind": "secret", "n": 3}], "ann")


def test_a_stale_expected_version_is_refused_with_the_current_version(service):
    game, _ = service.create_game("toy", {}, humans())
    with pytest.raises(StaleVersion) as caught:
        service.play(game.id, 0, [{"kind": "secret", "n": 2}], "ann",
                     expected_version=game.version - 1)
    assert caught.value.current == game.version


def test_bots_play_a_whole_game_and_the_seed_is_revealed(service):
    game, tokens = service.create_game("toy", {}, [{"bot": "random"}, {"bot": "first"}])
    assert tokens == {}
    assert game.status == "over" and game.result["winners"]
    types = [e.type_name for e in service.history(game.id)]
    assert types[-2:] == ["ended", "seed_revealed"]
    assert bytes.fromhex(game.seed) == service.seed_of(game.id)


def test_an_open_seat_waits_until_joined_and_then_the_game_starts(service):
    game, tokens = service.create_game("toy", {}, [{"name": "ann"}, {}])
    assert game.status == "waiting" and set(tokens) == {0}
    game, token = service.join(game.id, 1, "bob")
    assert game.status == "active"
    assert service.seat_of_token(game.id, token) == 1
    assert service.seat_of_token(game.id, tokens[0]) == 0
    assert service.seat_of_token(game.id, "nonsense") is None


def test_the_state_is_rebuilt_from_events_to_the_same_hash(service):
    game, _ = service.create_game("toy", {}, [{"name": "ann"}, {"bot": "random"}])
    service.play(game.id, 0, [{"kind": "secret", "n": 3}], "ann")
    cached = service.get(game.id)
    service.repository.cache = None  # force a fold from the store
    rebuilt = service.repository.get(game.id)
    assert rebuilt.state == cached.state and rebuilt.last_hash == cached.last_hash


def test_a_list_of_moves_may_not_run_past_a_random_draw(service):
    # After both secrets the die is rolled: a list running past that roll could be used to
    # probe the roll (a refused list records nothing), so the whole list is refused.
    game, _ = service.create_game("toy", {}, humans())
    service.play(game.id, 1, [{"kind": "secret", "n": 2}], "bob")
    before = service.get(game.id).version
    with pytest.raises(MoveListCrossesDraw):
        service.play(game.id, 0, [{"kind": "secret", "n": 1},
                                  {"kind": "advance", "by": "roll"}], "ann")
    assert service.get(game.id).version == before


def test_a_move_after_the_end_is_refused_as_game_over(service):
    game, _ = service.create_game("toy", {}, [{"bot": "first"}, {"bot": "first"}])
    with pytest.raises(GameOver):
        service.play(game.id, 0, [{"kind": "advance", "by": "roll"}], "ann")


def test_a_move_out_of_turn_says_whom_the_game_waits_for(service):
    game, _ = service.create_game("toy", {}, humans())
    service.play(game.id, 0, [{"kind": "secret", "n": 2}], "ann")
    with pytest.raises(NotYourTurn) as caught:
        service.play(game.id, 0, [{"kind": "secret", "n": 3}], "ann")
    assert caught.value.details["waiting_for"] == [1]


def test_a_bot_game_that_never_ends_is_abandoned_explicitly_and_its_seed_revealed(
        service, monkeypatch):
    import domain.driver as driver

    monkeypatch.setattr(driver, "MAX_AUTOMATIC_STEPS", 12)
    game, _ = service.create_game("toy", {"goal": 500}, [{"bot": "first"}, {"bot": "first"}])
    assert game.status == "abandoned" and game.result["winners"] == []
    assert "stalled" in game.result["reason"]
    assert [r["type"] for r in service.records(game.id)][-2:] == ["abandoned", "seed_revealed"]


def test_a_resignation_ends_the_game_for_the_other_seat_and_reveals_the_seed(service):
    game, _ = service.create_game("toy", {}, humans())
    ended = service.resign(game.id, 0)
    assert ended.status == "over" and ended.result["winners"] == [1]
    assert [r["type"] for r in service.records(game.id)][-2:] == ["resigned", "seed_revealed"]


def test_an_abandoned_game_has_no_winner_and_takes_no_more_moves(service):
    game, _ = service.create_game("toy", {}, humans())
    ended = service.abandon(game.id, "nobody came back")
    assert ended.status == "abandoned" and ended.result["winners"] == []
    with pytest.raises(GameOver):
        service.play(game.id, 0, [{"kind": "secret", "n": 1}], "ann")


def test_a_refused_command_leaves_the_cached_game_as_it_was(service):
    """Commands change a copy of the cached game: a list refused half way, or a command on a
    copy that is never saved, leaves the game every later request sees untouched."""
    game, _ = service.create_game("toy", {}, humans())
    service.play(game.id, 1, [{"kind": "secret", "n": 2}], "bob")
    cached = service.get(game.id, reading=True)
    before = (cached.version, canonical_json(cached.state), dict(cached.life))
    with pytest.raises(MoveListCrossesDraw):
        service.play(game.id, 0, [{"kind": "secret", "n": 1},
                                  {"kind": "advance", "by": "roll"}], "ann")
    after = service.get(game.id, reading=True)
    assert (after.version, canonical_json(after.state), dict(after.life)) == before
    copy_of = copy.deepcopy(after)
    assert copy_of.id == after.id and copy_of.version == after.version
    copy_of.abandon("changed on the copy only", datetime.now(UTC))
    assert copy_of.status == "abandoned"
    again = service.get(game.id, reading=True)
    assert (again.version, canonical_json(again.state), dict(again.life)) == before


def test_a_takeback_the_first_bot_declines_ends_there_and_the_next_bot_does_not_answer(
        service):
    players = [{"name": "ann"}, {"bot": "first"}, {"bot": "first"}]
    for _ in range(50):  # a game whose first die lets ann step twice
        game, _ = service.create_game("open", {}, players, takebacks=True)
        if game.state["steps"] >= 2:
            break
    service.play(game.id, 0, [{"kind": "step"}])
    accepted = service.ask_takeback(game.id, 0, 1)  # both bots accept one move
    assert accepted.state["pos"][0] == 0
    assert [r["type"] for r in service.records(game.id)][-4:] == [
        "takeback_asked", "takeback_answered", "takeback_answered", "taken_back"]
    service.play(game.id, 0, [{"kind": "step"}])
    service.play(game.id, 0, [{"kind": "step"}])
    declined = service.ask_takeback(game.id, 0, 2)  # a bot declines more than one move
    last = service.records(game.id)[-2:]
    assert [r["type"] for r in last] == ["takeback_asked", "takeback_answered"]
    assert last[1]["payload"] == {"seat": 1, "accepted": False}
    assert declined.pending_takeback is None and declined.state["pos"][0] == 2


def test_a_game_loaded_after_its_moves_is_the_game_its_stored_events_rebuild(service):
    game, _ = service.create_game("toy", {}, humans())
    service.play(game.id, 1, [{"kind": "secret", "n": 2}], "bob")
    service.play(game.id, 0, [{"kind": "secret", "n": 1}], "ann")
    loaded = service.get(game.id)  # from the aggregate cache, as the last save left it
    rebuilt = project_game(None, service.repository.event_store.get(game.id))
    assert (loaded.version, loaded.state, loaded.life, loaded.last_hash) == (
        rebuilt.version, rebuilt.state, rebuilt.life, rebuilt.last_hash)


def test_every_recorded_event_is_the_one_the_librarys_constructor_makes(service):
    """Game._record makes its events without the library's trigger_event: each must be the
    event the library itself would make (same class, same fields in the same order, same
    values) and be stored as the same bytes, so an upgrade of eventsourcing that changed how
    events are made fails here, not in a store."""
    outcome = service.run(CreateGame("dominion", {}, ({"bot": "big_money"}, {"bot": "witch"})))
    created, events = outcome.game, outcome.events  # as _record made them, saved at once
    assert len(events) == created.version > 50
    for event in events:
        fields = vars(event)
        made = type(event)(**fields)
        assert list(vars(made)) == list(fields) and vars(made) == fields
        assert service.mapper.to_stored_event(made) == service.mapper.to_stored_event(event)


def test_a_games_next_step_is_computed_once_a_state_and_never_outlives_it(service):
    """The step is kept with the state it was computed at: asked again at that state it is
    not computed again (a copy of the game shares it), and a new state computes its own; a
    snapshot leaves it out."""
    game, _ = service.create_game("toy", {}, humans())
    computed: list[object] = []

    def counted(state):
        computed.append(state)
        return toygame.RULES.next(state)

    game.__dict__.pop("next_step", None)
    game.__dict__["rules_object"] = replace(game.rules, next=counted)
    first = game.step()
    assert game.step() is first and copy.deepcopy(game).step() is first
    assert computed == [game.state]
    game.make_move(0, {"kind": "secret", "n": 2}, "ann", datetime(2026, 1, 2, tzinfo=UTC))
    assert len(computed) == 1  # the move was checked against the step kept
    assert game.step().seats == [1] and first.seats == [0, 1]
    assert computed == [computed[0], game.state]
    snapshot = type(game).Snapshot.take(game)
    assert "next_step" not in snapshot.state
