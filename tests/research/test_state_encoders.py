"""The observations written from the state (``research.state_encoders``, and God of War's
``research.godofwar_encoder``) are the documented encoding of the seat's view
(``codec.encode(rules.view(state, seat))``) at every step of random episodes, for every
seat, whether the seat is asked or not: so an observation holds nothing the seat's view
does not. Also when brought forward from the episode's events (as the environment writes
them), at every step or only at the seat's own turns."""

from __future__ import annotations

import numpy as np
import pytest

from domain.games.dominion.cards import KINGDOM
from research.envs import GameEnv
from research.state_encoders import ENCODERS, DominionSeen

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
                                                                  episodes, monkeypatch):
    brought = _count_bought(monkeypatch)
    game_env = GameEnv(game, seats, options)
    codec = game_env.codec
    # From the state alone; from the events too, every seat at every step; and only the
    # seat asked, at its turns (more events between two observations).
    alone, told, asked_only = codec.observer(), codec.observer(), codec.observer()
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
                expected = codec.encode(view, legal, seat)
                assert np.array_equal(alone.encode_state(episode.state, legal, seat), expected)
                assert np.array_equal(
                    told.encode_state(episode.state, legal, seat, None, episode.events),
                    expected)
                if seat == asked:
                    assert np.array_equal(asked_only.encode_state(
                        episode.state, legal, seat, None, episode.events), expected)
            game_env.step(None if asked is None else int(rng.choice(info["actions"])))
    if game == "dominion":
        assert brought  # the tallies brought forward from the buys were among those checked


def _count_bought(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """The times a Dominion tally is brought forward from the events (``_add_bought``)."""
    brought: list[bool] = []
    add_bought = DominionSeen._add_bought

    def counted(self, *args):
        if add_bought(self, *args):
            brought.append(True)
            return True
        return False

    monkeypatch.setattr(DominionSeen, "_add_bought", counted)
    return brought


@pytest.mark.parametrize("value", [
    {"op": "attack", "tile": "kratos", "card": None, "as": "melee", "numbers": [1, 2, 2]},
    {"card": "s2-top-1", "box": 0, "side": "front", "dead": False, "stun": 3, "prompt": "x"},
    {"enemy": {"name": "draugr", "runes": ["fehu", "uruz"], "attack": None,
               "arrows": [{"to": 1}, {"to": 2}]}, "boxes": [], "wounds": 0.0},
    {"#": 3, "deep": {"#": 1}}, {}])
def test_a_dict_summed_from_its_entries_is_the_dict_hashed_whole(value):
    """God of War's features of a dict met for the first time are its entries' kept ones
    summed (``godofwar_encoder._entries``): the same slots and weights as the hasher's walk
    of the whole dict at that path."""
    from research import godofwar_encoder
    from research.codec import codec_for

    hasher = codec_for("godofwar").hasher
    godofwar_encoder.FEATURES.clear()
    path = ("building",)
    godofwar_encoder._features(path + ("tile",), "kratos")  # an entry met before
    slots, weights, negated = godofwar_encoder._features(path, value)
    expected = hasher.value_features(value, hasher.path(0, ".building"))
    assert sorted(zip(slots, weights, strict=True)) == sorted(zip(*expected, strict=True))
    assert list(negated) == [-weight for weight in weights]
