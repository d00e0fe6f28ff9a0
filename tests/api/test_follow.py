"""Following a game: events after N, long-polls woken by a move, Server-Sent Events."""

from __future__ import annotations

import json
import threading
import time

from tests.api.helpers import bearer, create, move, play_out

SECRET_2 = {"kind": "secret", "n": 2}


def sse_events(chunks: list[str]) -> list[dict]:
    """Parse SSE frames: each a dict of its fields (data parsed as JSON)."""
    frames = []
    for block in "".join(chunks).split("\n\n"):
        fields: dict = {}
        for line in block.splitlines():
            name, _, value = line.partition(": ")
            if name in ("id", "event", "data"):
                fields[name] = json.loads(value) if name == "data" else value
        if "data" in fields:
            frames.append(fields)
    return frames


def test_events_after_n_are_the_later_ones_with_their_log_lines(client):
    body = create(client)
    game_id, token = body["game_id"], body["tokens"]["0"]
    move(client, game_id, token, SECRET_2)
    answer = client.get(f"/games/{game_id}/events?after=2", headers=bearer(token))
    assert answer.status_code == 200
    assert [e["seq"] for e in answer.json["events"]] == [3]
    event = answer.json["events"][0]
    assert event["type"] == "move_made" and event["log"]
    assert "hash" not in event


def test_a_long_poll_returns_when_another_seat_moves(client):
    body = create(client)
    game_id = body["game_id"]

    def later() -> None:
        time.sleep(0.3)
        move(client, game_id, body["tokens"]["1"], SECRET_2)

    mover = threading.Thread(target=later)
    started = time.monotonic()
    mover.start()
    answer = client.get(f"/games/{game_id}/events?after=2&wait=10",
                        headers=bearer(body["tokens"]["0"]))
    mover.join()
    assert answer.status_code == 200 and [e["seq"] for e in answer.json["events"]] == [3]
    assert 0.2 < time.monotonic() - started < 5


def test_a_long_poll_with_nothing_new_answers_empty_after_the_wait(client):
    body = create(client)
    started = time.monotonic()
    answer = client.get(f"/games/{body['game_id']}/events?after=2&wait=0.3")
    assert answer.json["events"] == [] and time.monotonic() - started >= 0.3


def test_a_stream_replays_what_was_missed_and_ends_when_the_game_is_over(client):
    body = create(client)
    game_id = body["game_id"]
    play_out(client, game_id, body["tokens"])
    response = client.get(f"/games/{game_id}/stream", headers={"Last-Event-ID": "3"})
    assert response.mimetype == "text/event-stream"
    frames = sse_events([chunk.decode() for chunk in response.response])
    version = client.get(f"/games/{game_id}").json["version"]
    assert [f["data"]["seq"] for f in frames[:-1]] == list(range(4, version + 1))
    assert frames[-1]["event"] == "end"


def test_a_stream_sends_new_events_as_they_are_recorded_with_keepalives(client):
    body = create(client)
    game_id = body["game_id"]
    response = client.get(f"/games/{game_id}/stream?after=2",
                          headers=bearer(body["tokens"]["0"]), buffered=False)
    chunks = iter(response.response)
    assert next(chunks).startswith(b"retry:")
    assert next(chunks) == b": keepalive\n\n"
    move(client, game_id, body["tokens"]["1"], SECRET_2)
    frame = sse_events([next(chunks).decode()])[0]
    assert frame["id"] == "3" and frame["data"]["payload"]["move"] == {"kind": "secret",
                                                                      "n": None}
    response.close()


def test_a_follower_reads_from_any_point_the_same_events_as_a_full_walk(service):
    """Incremental following (from the nearest snapshot, then each new batch) shows exactly
    what reading the whole history would, during play and once the game is over."""
    import random
    from uuid import UUID

    from api.follow import Position, Reached
    from domain.kernel import Decision
    from replays import visible_events

    created, _ = service.create_game("toy", {"goal": 500}, [{"name": "a"}, {"name": "b"}])
    game_id, rng = created.id, random.Random(3)

    def play(moves: int) -> None:
        for _ in range(moves):
            step = service.get(game_id).step()
            if not isinstance(step, Decision):
                return
            prompt = step.prompts[0]
            service.play(game_id, prompt.seat, [rng.choice(prompt.legal_moves)])

    play(90)
    current = service.version_of(game_id)
    assert current > 150  # past several snapshots
    reached = Reached()  # where calls ended: a later call may start there
    for viewer in (None, 0, 1):
        follower = Position(service, game_id, viewer, 0, reached)
        read = follower.more()
        for after in (0, 1, 57, 99, 100, 101, current - 1, current, current + 5):
            for cache in (None, reached):
                assert Position(service, game_id, viewer, after, cache).more() == (
                    visible_events(service.records(game_id), viewer, after))
        play(5)  # the follower comes back for what was recorded since
        read += follower.more()
        assert read == visible_events(service.records(game_id), viewer)
    service.resign(UUID(str(game_id)), 0)
    everything = visible_events(service.records(game_id), 1)
    assert all("hash" in item for item in everything)
    assert Position(service, game_id, 1, 120).more() == everything[120:]  # seq 121 on
