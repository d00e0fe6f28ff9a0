"""The hand-made observations of Revolution and Dominion: a slot for every component, the
observing seat's own parts first."""

from __future__ import annotations

from research import encoders
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
