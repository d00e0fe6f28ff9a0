"""The observations written from the state (``research.state_encoders``, and God of War's
``research.godofwar_encoder``) are the documented encoding of the seat's view
(``codec.encode(rules.view(state, seat))``) at every step of random episodes, for every
seat, whether the seat is asked or not: so an observation holds nothing the seat's view
does not."""

from __future__ import annotations

import numpy as np
import pytest

from domain.games.dominion.cards import KINGDOM
from research.envs import GameEnv
from research.state_encoders import ENCODERS

# Kingdoms that between them hold every kingdom card (each card's own effects moving cards),
# and Revolution's every way of dealing the neutral tiles (the secret ones hide some).
KINGDOMS = [list(KINGDOM[start:start + 10]) if start + 10 <= len(KINGDOM)
            else list(KINGDOM[-10:]) for start in range(0, len(KINGDOM), 10)]
NEUTRALS = ("old_style", "random", "secret_random", "draft", "secret_draft")
CASES = [("revolution", 2, {}, 3),
         *(("revolution", 2, {"neutrals": mode}, 1) for mode in NEUTRALS),
         ("dominion", 2, {}, 2), ("dominion", 3, {}, 1),
         ("dominion", 4, {}, 1),
         *(("dominion", 2 + number % 3, {"kingdom": kingdom}, 1)
           for number, kingdom in enumerate(KINGDOMS)),
         # God of War at every party size (its heroes drawn at random: every dashboard).
         *(("godofwar", seats, {}, 24 // seats) for seats in (1, 2, 3, 4))]


@pytest.mark.parametrize(("game", "seats", "options", "episodes"), CASES)
def test_an_observation_from_the_state_is_the_seats_view_encoded(game, seats, options,
                                                                  episodes):
    game_env = GameEnv(game, seats, options)
    codec, observer = game_env.codec, game_env.codec.observer()
    assert game in ENCODERS
    for seed in range(episodes):
        rng = np.random.default_rng(seed)
        game_env.reset(seed=seed)
        for _agent in game_env.agent_iter():
            _, _, terminated, truncated, info = game_env.last(observe=False)
            episode = game_env.episode
            asked = None if terminated or truncated else episode.prompt.seat
            for seat in range(seats):
                legal = info["legal_moves"] if seat == asked else []
                view = episode.rules.view(episode.state, seat)
                assert np.array_equal(observer.encode_state(episode.state, legal, seat),
                                      codec.encode(view, legal, seat))
            game_env.step(None if asked is None else int(rng.choice(info["actions"])))
