"""The research environments: PettingZoo's own API test, episodes that are the games the
service records, and the single-seat Gymnasium wrapper."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import api_test

from domain.history import EventType
from replays import verify_document
from research.codec import codec_for
from research.envs import GameEnv, env
from research.episode import Episode
from research.single import SeatEnv
from tests.conftest import make_service

CONFIGURATIONS = [("revolution", 2), ("dominion", 2), ("dominion", 3), ("dominion", 4),
                  ("thrones_box", 2), ("thrones_lcg", 2), ("thrones_lcg", 3),
                  ("thrones_lcg", 4), ("godofwar", 1), ("godofwar", 2), ("godofwar", 3),
                  ("godofwar", 4)]


def play_out(game_env: GameEnv, seed: int) -> None:
    """Random legal actions, every seat, to the end."""
    rng = np.random.default_rng(seed)
    game_env.reset(seed=seed)
    for _agent in game_env.agent_iter():
        observation, _, terminated, truncated, _ = game_env.last()
        action = None if terminated or truncated else int(
            rng.choice(np.flatnonzero(observation["action_mask"])))
        game_env.step(action)


@pytest.mark.parametrize(("name", "seats"), CONFIGURATIONS)
def test_every_environment_passes_pettingzoos_api_test(name, seats):
    api_test(env(name, seats), num_cycles=150)


@pytest.mark.parametrize(("name", "seats"), [("revolution", 2), ("dominion", 3),
                                             ("godofwar", 2), ("thrones_lcg", 2)])
def test_an_episode_exported_as_a_replay_document_verifies(name, seats):
    game_env = env(name, seats)
    play_out(game_env, seed=5)
    document = game_env.document()
    assert document["complete"]
    assert verify_document(document).valid


@pytest.mark.parametrize(("game", "bots"), [("dominion", ["big_money", "smithy"]),
                                            ("revolution", ["greedy", "random"]),
                                            ("godofwar", ["party", "random"])])
def test_an_episode_with_a_seed_and_game_id_is_the_game_the_service_records(game, bots):
    service = make_service()
    created, _ = service.create_game(game, {}, [{"bot": b} for b in bots])
    recorded = [(r["type"], r["payload"]) for r in service.records(created.id)
                if r["type"] in (EventType.MOVE_MADE, EventType.CHANCE_RESOLVED)]
    episode = Episode(game, len(bots), {}, service.seed_of(created.id), str(created.id),
                      bots=dict(enumerate(bots)))
    service.close()
    assert episode.events == recorded


def test_each_legal_move_has_its_own_action_and_only_legal_actions_are_unmasked():
    game_env = env("revolution", 2)
    game_env.reset(seed=1)
    info = game_env.infos[game_env.agent_selection]
    observation = game_env.observe(game_env.agent_selection)
    assert len(set(info["actions"])) == len(info["legal_moves"])
    assert sorted(np.flatnonzero(observation["action_mask"])) == sorted(info["actions"])
    assert [game_env.move_of(a) for a in info["actions"]] == info["legal_moves"]


@pytest.mark.parametrize("name", ["dominion", "revolution"])
def test_an_infos_view_written_when_read_is_the_view_of_its_own_turn(name):
    game_env = env(name, 2)
    game_env.reset(seed=3)
    agent = game_env.agent_selection
    info, state = game_env.infos[agent], game_env.episode.state
    seat = game_env.agent_seat[agent]
    assert "view" in info and info.get("overflow_labels") == []
    for _ in range(4):  # later steps, the info not read yet
        game_env.step(int(game_env.infos[game_env.agent_selection]["actions"][0]))
    assert info["view"] == game_env.episode.rules.view(state, seat)


def test_the_observation_is_the_seats_view_and_no_more():
    # Two games that differ only in a hand the seat cannot see give it the same observation.
    game_env = env("dominion", 2)
    game_env.reset(seed=2)
    episode = game_env.episode
    seat = episode.prompt.seat
    other = 1 - seat
    view = episode.view(seat)
    hidden = episode.state["players"][other]
    episode.state = {**episode.state, "players": [
        {**p, "deck": list(reversed(p["deck"]))} if i == other else p
        for i, p in enumerate(episode.state["players"])]}
    assert episode.state["players"][other] != hidden or not hidden["deck"]
    assert episode.view(seat) == view
    codec = codec_for("dominion")
    assert np.array_equal(codec.encode(episode.view(seat), [], seat),
                          codec.encode(view, [], seat))


def test_the_seat_wrapper_plays_one_seat_against_built_in_bots_to_a_verified_end():
    seat_env = SeatEnv("dominion", ["big_money"], seat=1)
    rng = np.random.default_rng(0)
    observation, info = seat_env.reset(seed=4)
    done = False
    while not done:
        assert observation.shape == seat_env.observation_space.shape
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        observation, reward, done, _, info = seat_env.step(action)
    assert reward in (-1.0, 0.0, 1.0)
    document = seat_env.document()
    assert document["seats"][0]["bot"] == "big_money"
    assert verify_document(document).valid


@pytest.mark.parametrize(("name", "seats"), [("revolution", 2), ("godofwar", 2)])
def test_the_bench_walks_the_engines_games_through_the_environment(name, seats):
    from bench.engine import SEEDS, game_ids
    from bench.research import env_game
    from domain.games import get_rules
    from domain.kernel.selfplay import self_play
    from research.envs import PROFILES

    game, options = PROFILES[name]
    for game_id in game_ids(f"research:{name}", 2):
        walked = [p.event for p in self_play(get_rules(game), options, ["random"] * seats,
                                             SEEDS.seed_of(game_id), str(game_id))
                  if p.event is not None]
        played = env_game(name, seats, game_id).episode
        assert [(t, {k: v for k, v in p.items() if k != "by"}) for t, p in played.events] == [
            ("move_made" if e["type"] == "move" else "chance_resolved",
             {k: v for k, v in e.items() if k != "type"}) for e in walked]


BAD_ACTIONS = [(1.0, TypeError), (True, TypeError), (np.True_, TypeError),
               (np.float32(1), TypeError), ("1", TypeError), (None, TypeError),
               (np.array([1]), TypeError), (9999, ValueError), (-1, ValueError)]


@pytest.mark.parametrize(("action", "error"), BAD_ACTIONS,
                         ids=[repr(a) for a, _ in BAD_ACTIONS])
def test_an_action_that_is_not_a_legal_integer_is_refused_in_words_and_changes_nothing(
        action, error):
    game = env("dominion", 2)
    game.reset(seed=1)
    agent, events = game.agent_selection, len(game.episode.events)
    observation = game.last()[0]["observation"].copy()
    with pytest.raises(error, match=r"an action is an integer index|is not legal now"):
        game.step(action)
    assert (game.agent_selection, len(game.episode.events)) == (agent, events)
    assert np.array_equal(game.last()[0]["observation"], observation)
    seat = SeatEnv("dominion", ["random"])
    seat.reset(seed=1)
    with pytest.raises(error):
        seat.step(action)


@pytest.mark.parametrize("kind", [int, np.int64, np.int8, np.array])
def test_an_integer_of_python_or_numpy_plays_its_move(kind):
    game = env("dominion", 2)
    game.reset(seed=1)
    mask = game.last()[0]["action_mask"]
    action = int(np.flatnonzero(mask)[0])
    events = len(game.episode.events)
    game.step(kind(action))
    assert len(game.episode.events) > events


def test_the_seat_wrapper_refuses_a_step_once_its_game_is_over():
    seat = SeatEnv("dominion", ["big_money"])
    _, info = seat.reset(seed=2)
    over = False
    while not over:
        _, _, over, _, info = seat.step(int(np.flatnonzero(info["action_mask"])[0]))
    with pytest.raises(RuntimeError, match="call reset"):
        seat.step(0)
