"""A follower's first call (no follower cache) starts from the rules state the game in hand
keeps of its latest events, or else from the nearest snapshot: either way it shows each seat
and a spectator exactly what a walk of the whole history shows them, hidden cards included."""

from __future__ import annotations

import random

from api.follow import Position
from domain.kernel import Decision
from replays import visible_events


def play_dominion_move_by_move(service, moves: int):
    """Two people playing Dominion (hands hidden from each other), one move a request."""
    created, _ = service.create_game("dominion", {}, [{"name": "ann"}, {"name": "bob"}])
    rng = random.Random(11)
    for _ in range(moves):
        step = service.get(created.id).step()
        if not isinstance(step, Decision):
            break
        prompt = step.prompts[0]
        service.play(created.id, prompt.seat, [rng.choice(prompt.legal_moves)])
    return created.id


def test_a_cold_follower_reads_what_a_full_walk_shows_each_viewer_from_any_point(service):
    game_id = play_dominion_move_by_move(service, 120)
    records = service.records(game_id)
    current = len(records)
    assert current > 100  # past a snapshot, and past the states kept in memory
    for viewer in (None, 0, 1):
        walk = visible_events(records, viewer)
        for after in range(current + 1):
            assert Position(service, game_id, viewer, after).more() == walk[after:], (
                viewer, after)


def test_a_cold_follower_without_the_game_in_hand_reads_the_same_from_a_snapshot(service):
    game_id = play_dominion_move_by_move(service, 60)
    records = service.records(game_id)
    service.repository.cache = None  # another process: nothing kept in memory
    for viewer in (None, 0, 1):
        walk = visible_events(records, viewer)
        for after in range(0, len(records) + 1, 3):
            assert Position(service, game_id, viewer, after).more() == walk[after:]


def test_each_seat_reads_its_own_draws_and_not_the_other_seats(service):
    game_id = play_dominion_move_by_move(service, 40)
    version = service.version_of(game_id)
    seen = {viewer: Position(service, game_id, viewer, version - 30).more()
            for viewer in (None, 0, 1)}
    draws = [index for index, item in enumerate(seen[None])
             if item["type"] == "chance_resolved"]
    assert draws
    # A shuffle is hidden from everyone; each seat's log names only the cards it may see.
    assert all(seen[None][i]["payload"]["outcome"] is None for i in draws)
    assert [item["log"] for item in seen[0]] != [item["log"] for item in seen[1]]
