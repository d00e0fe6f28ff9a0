"""The hand-made observations of Revolution and Dominion: a slot for every component, the
observing seat's own parts first; an environment's observations, written over each seat's
last one, equal the views encoded afresh; the legal moves' action indices."""

from __future__ import annotations

import numpy as np
import pytest

from research import encoders
from research.codec import codec_for
from research.envs import PROFILES, env
from research.episode import Episode


def test_a_dominion_observation_counts_the_seats_hand_and_the_supply():
    episode = Episode("dominion", 3, {}, seed=4)
    seat = episode.prompt.seat
    view = episode.view(seat)
    encoded = encoders.dominion(view, seat)
    C, card = encoders.C, encoders.CARD
    hand_block = 3 + encoders.MINE.index("hand")
    assert encoded[card["province"]] == view["supply"]["province"]
    assert encoded[hand_block * C + card["copper"]] == view["players"][seat]["hand"].count(
        "copper")


def test_a_dominion_observation_is_relative_to_the_observing_seat():
    episode = Episode("dominion", 2, {}, seed=4)
    view = episode.view(0)
    scalars = encoders._DOMINION_SCALARS + len(encoders.PHASES) + 4
    mine = encoders.dominion(view, 0)[scalars:scalars + len(encoders.SEAT_SCALARS)]
    theirs_seen_by_one = encoders.dominion(view, 1)[
        scalars + len(encoders.SEAT_SCALARS):scalars + 2 * len(encoders.SEAT_SCALARS)]
    assert list(mine) == list(theirs_seen_by_one)


def test_a_revolution_observation_shows_each_square_and_whose_tile_it_is():
    episode = Episode("revolution", 2, {}, seed=2)
    seat = episode.prompt.seat
    move = next(m for m in episode.prompt.legal_moves if m["kind"] == "place")
    episode.play(move)
    view = episode.view(seat)
    encoded = encoders.revolution(view, seat)
    base = move["square"] * encoders.SQUARE
    assert encoded[base + encoders.TILE[move["tile"]]] == 1
    assert encoded[base + encoders.T] == 1  # the observing seat's own tile
    assert encoded.shape == (encoders.REVOLUTION_SIZE,)


# Random episodes of each configuration: every seat's view at every decision.
EPISODES = [("revolution", 2, 6), ("dominion", 2, 2), ("dominion", 4, 1), ("godofwar", 2, 2),
            ("godofwar", 4, 1), ("thrones_lcg", 3, 1)]


def random_decisions(name, seats, episodes, decisions=300):
    """(episode, legal moves) at each decision of random episodes (the first ``decisions``
    of each: a Thrones game has thousands)."""
    game_env = env(name, seats)
    for seed in range(episodes):
        rng = np.random.default_rng(seed)
        game_env.reset(seed=seed)
        for _agent in game_env.agent_iter(decisions):
            _, _, terminated, truncated, info = game_env.last(observe=False)
            if terminated or truncated:
                game_env.step(None)
                continue
            yield game_env.episode, info["legal_moves"]
            game_env.step(int(rng.choice(info["actions"])))


@pytest.mark.parametrize(("name", "seats", "episodes"), EPISODES)
def test_an_observation_written_over_the_last_one_equals_the_view_encoded_afresh(
        name, seats, episodes):
    codec = codec_for(PROFILES[name][0])
    observer = codec.observer()
    for episode, legal in random_decisions(name, seats, episodes):
        asked = episode.prompt.seat
        for seat in (asked, *(s for s in range(seats) if s != asked)):
            view, moves = episode.view(seat), legal if seat == asked else []
            assert np.array_equal(observer.encode(view, moves, seat),
                                  codec.encode(view, moves, seat))


@pytest.mark.parametrize(("name", "seats", "episodes"), EPISODES)
def test_an_environments_observation_is_its_seats_view_encoded(name, seats, episodes):
    """Whatever the environment writes its observation from (Revolution's and Dominion's
    from the state), it is the seat's whole view encoded afresh, and the info's view is that
    view."""
    game_env = env(name, seats)
    codec = game_env.codec
    for seed in range(episodes):
        rng = np.random.default_rng(seed)
        game_env.reset(seed=seed)
        for agent in game_env.agent_iter(300):
            observation, _, terminated, truncated, info = game_env.last()
            if terminated or truncated:
                game_env.step(None)
                continue
            seat, legal = game_env.agent_seat[agent], info["legal_moves"]
            view = game_env.episode.view(seat)
            assert np.array_equal(observation["observation"], codec.encode(view, legal, seat))
            if rng.random() < 0.5:  # read at times only: unread, it is never built
                assert info["view"] == view
            game_env.step(int(rng.choice(info["actions"])))


@pytest.mark.parametrize(("name", "seats", "episodes"), EPISODES[:3])
def test_each_legal_move_in_the_action_table_has_its_index_and_the_others_overflow(
        name, seats, episodes):
    codec = codec_for(PROFILES[name][0])
    for _episode, legal in random_decisions(name, seats, episodes):
        actions = codec.layout_of(legal)
        outside = [move for move in legal if move not in codec.table]
        assert [legal[p] for p in actions.spilled] == outside
        assert actions.indices == [
            codec.table.index(move) if move in codec.table
            else len(codec.table) + outside.index(move) for move in legal]
        assert list(np.flatnonzero(actions.mask)) == sorted(actions.indices)


def test_thrones_largest_action_window_has_an_action_for_every_move():
    """A four-seat melee's Call Their Bluff names any card of three opponents' pools, and
    under Calm Over Westeros each name comes with the opponent paid: one window offered 346
    moves, more than the 256 actions Thrones had, and the environment raised mid-episode."""
    from domain.games.thrones import position
    from tests.games.driver import play, prompt

    others = [{"house": house, "revealed_plot": "Calm Over Westeros"}
              for house in ("stark", "lannister", "stark")]
    state = position({"profile": "lcg"}, 4, {"phase": "dominance", "players": [
        {"house": "lannister", "hand": ["Call Their Bluff"], "gold": 5,
         "revealed_plot": "Blockade"}, *others]})
    while len(prompt(state).legal_moves) == 1:
        state = play(state, None, prompt(state).legal_moves[0])
    legal = prompt(state).legal_moves
    assert len(legal) == 346
    indices = codec_for("thrones").indices(legal)
    assert sorted(indices) == list(range(346))
    observation = env("thrones_lcg", 4).observation_space("seat_0")["observation"]
    assert observation.shape == (2048 + 1024 * 16,)
