"""A player's inbox: the games waiting for them and for others, and one event stream across
all of them; rebuilt from the event store like every read model."""

from __future__ import annotations

import json
import threading
import time
from datetime import datetime
from uuid import UUID

from api.deadlines import warn_soon
from projections import rebuild

from .helpers import bearer, move
from .players_helpers import game_of, inbox, register, warning_hosts


def two_player_game(web, ann, bob):
    game_id = game_of(web, ann["key"], [{"player": "me"}, {"open": True}])["game_id"]
    joined = web.post(f"/games/{game_id}/seats/1", json={}, headers=bearer(bob["key"]))
    assert joined.status_code == 201
    return game_id


def test_the_inbox_sorts_a_players_games_by_whose_turn_it_is(web):
    ann, bob = register(web, "ann"), register(web, "bob")
    first = two_player_game(web, ann, bob)
    second = two_player_game(web, ann, bob)
    move(web, second, ann["key"], {"kind": "pass"})

    mine = inbox(web, ann["key"], "mine")
    theirs = inbox(web, ann["key"], "theirs")

    assert [g["game_id"] for g in mine] == [first]
    assert [g["game_id"] for g in theirs] == [second]
    assert [g["game_id"] for g in inbox(web, bob["key"], "mine")] == [second]
    entry = mine[0]
    assert entry["seat"] == 0 and entry["waiting_for"] == [0] and entry["deadline"] is None
    assert [s["name"] for s in entry["seats"]] == ["ann", "bob"]


def test_the_inbox_lists_the_latest_changed_game_first_and_finished_games_as_over(web):
    ann, bob = register(web, "ann"), register(web, "bob")
    older = two_player_game(web, ann, bob)
    newer = two_player_game(web, ann, bob)

    web.post(f"/games/{older}/resign", headers=bearer(bob["key"]))

    assert [g["game_id"] for g in inbox(web, ann["key"])] == [older, newer]
    assert [g["game_id"] for g in inbox(web, ann["key"], "over")] == [older]


def test_the_inbox_is_rebuilt_from_the_event_store(web, players_app):
    ann, bob = register(web, "ann"), register(web, "bob")
    game_id = two_player_game(web, ann, bob)
    before = inbox(web, ann["key"])

    rebuild(players_app.extensions["gamehall"].projector)

    assert inbox(web, ann["key"]) == before and before[0]["game_id"] == game_id


def read_stream(web, key, kinds, into, headers=None):
    """Read the player's stream until each kind in ``kinds`` has come (or 5 s)."""
    response = web.get("/players/me/stream", headers={**bearer(key), **(headers or {})},
                       buffered=False)
    into["opened"].set()
    pending = list(kinds)
    for chunk in response.response:
        text = chunk.decode() if isinstance(chunk, bytes) else chunk
        for frame in text.split("\n\n"):
            lines = dict(line.split(": ", 1) for line in frame.splitlines()
                         if ": " in line and not line.startswith(":"))
            if lines.get("event") in pending:
                into.setdefault("events", []).append((time.monotonic(), lines))
                pending.remove(lines["event"])
        if not pending:
            break
    response.close()


def test_an_inbox_event_reaches_the_players_stream_within_a_second_of_the_move(web):
    ann, bob = register(web, "ann"), register(web, "bob")
    game_id = two_player_game(web, ann, bob)
    got = {"opened": threading.Event()}
    reader = threading.Thread(target=read_stream, args=(web, bob["key"], ["your-turn"], got))
    reader.start()
    got["opened"].wait(5)
    time.sleep(0.2)  # the reader waits on its subscription

    moved_at = time.monotonic()
    assert move(web, game_id, ann["key"], {"kind": "pass"}).status_code == 200
    reader.join(6)

    [(arrived, frame)] = got["events"]
    assert arrived - moved_at < 1.0
    event = json.loads(frame["data"])
    assert event["type"] == "your-turn" and event["data"]["game_id"] == game_id


def test_the_stream_tells_of_seats_joined_takebacks_asked_and_games_over_and_resumes(web):
    ann, bob = register(web, "ann"), register(web, "bob")
    game_id = game_of(web, ann["key"], [{"player": "me"}, {"open": True}],
                      takebacks=True)["game_id"]
    web.post(f"/games/{game_id}/seats/1", json={}, headers=bearer(bob["key"]))
    assert move(web, game_id, ann["key"], {"kind": "step"}).status_code == 200
    asked = web.post(f"/games/{game_id}/takeback", json={"moves": 1},
                     headers=bearer(ann["key"]))
    assert asked.status_code == 200, asked.json
    web.post(f"/games/{game_id}/takeback/answer", json={"accept": True},
             headers=bearer(bob["key"]))
    web.post(f"/games/{game_id}/resign", headers=bearer(bob["key"]))
    got = {"opened": threading.Event()}

    read_stream(web, bob["key"], ["takeback-asked", "game-over"], got,
                headers={"Last-Event-ID": "0"})
    read_stream(web, ann["key"], ["seat-joined", "game-over"], got,
                headers={"Last-Event-ID": "0"})

    kinds = [frame["event"] for _, frame in got["events"]]
    assert kinds == ["takeback-asked", "game-over", "seat-joined", "game-over"]
    last_id = got["events"][-1][1]["id"]
    resumed = web.get("/players/me/stream", headers={**bearer(ann["key"]),
                                                     "Last-Event-ID": last_id},
                      buffered=False)
    first = next(iter(resumed.response))
    resumed.close()
    assert b"event:" not in (first if isinstance(first, bytes) else first.encode())


def kinds_told(app, player):
    store = app.extensions["gamehall"].projector.inbox.store
    return [event["type"] for _, event in store.events_after(player["player_id"], "0")]


def test_an_inbox_rebuilt_from_the_event_store_tells_no_one_again(web, players_app):
    ann, bob = register(web, "ann"), register(web, "bob")
    two_player_game(web, ann, bob)
    assert kinds_told(players_app, ann) == ["your-turn", "seat-joined"]

    rebuild(players_app.extensions["gamehall"].projector)

    assert kinds_told(players_app, ann) == [] and len(inbox(web, ann["key"])) == 1


def test_a_rematch_tells_its_players(web, players_app):
    ann, bob = register(web, "ann"), register(web, "bob")
    game_id = two_player_game(web, ann, bob)
    web.post(f"/games/{game_id}/resign", headers=bearer(bob["key"]))

    rematch = web.post(f"/games/{game_id}/rematch", headers=bearer(ann["key"])).json

    assert kinds_told(players_app, bob)[-2:] == ["your-turn", "rematch"]
    assert kinds_told(players_app, ann)[-1] == "rematch"
    [entry] = inbox(web, bob["key"], "mine")
    assert entry["game_id"] == rematch["game_id"] and entry["rematch_of"] == game_id


def test_a_clocked_games_inbox_entry_carries_the_seats_deadline(web, players_app):
    ann, bob = register(web, "ann"), register(web, "bob")
    game_id = game_of(web, ann["key"], [{"player": "me"}, {"open": True}],
                      clock={"per_move": 3600, "on_timeout": "forfeit"})["game_id"]
    web.post(f"/games/{game_id}/seats/1", json={}, headers=bearer(bob["key"]))
    service = players_app.extensions["gamehall"].service

    entry = inbox(web, ann["key"], "mine")[0]
    _, due = service.deadline_of(UUID(game_id), 0)

    assert entry["deadline"] == due.isoformat()
    assert inbox(web, bob["key"], "theirs")[0]["deadline"] is None



def test_a_player_is_warned_once_of_a_deadline_soon_by_two_hosts_over_many_rounds(
        web, players_app):
    ann, bob = register(web, "ann"), register(web, "bob")
    game_id = game_of(web, ann["key"], [{"player": "me"}, {"open": True}],
                      clock={"per_move": 2, "on_timeout": "forfeit"})["game_id"]
    web.post(f"/games/{game_id}/seats/1", json={}, headers=bearer(bob["key"]))
    hosts = warning_hosts(players_app, game_id, ann["key"])
    try:
        got = {"opened": threading.Event()}
        read_stream(web, ann["key"], ["deadline-soon", "game-over"], got,
                    headers={"Last-Event-ID": "0"})
    finally:
        for host in hosts:
            host.close()

    warned = json.loads(got["events"][0][1]["data"])
    assert warned["type"] == "deadline-soon" and warned["data"]["game_id"] == game_id
    assert warned["data"]["seat"] == 0 and warned["data"]["deadline"] is not None
    assert kinds_told(players_app, ann) == ["your-turn", "seat-joined", "deadline-soon",
                                            "game-over"]
    assert "deadline-soon" not in kinds_told(players_app, bob)
    replay = web.get(f"/games/{game_id}/replay").json["events"]
    assert [e["type"] for e in replay].count("timed_out") == 1


def test_a_deadline_warning_loads_its_game_once_a_decision_not_once_a_round(
        web, players_app, monkeypatch):
    ann, bob = register(web, "ann"), register(web, "bob")
    game_id = game_of(web, ann["key"], [{"player": "me"}, {"open": True}],
                      clock={"per_move": 3600, "on_timeout": "forfeit"})["game_id"]
    web.post(f"/games/{game_id}/seats/1", json={}, headers=bearer(bob["key"]))
    hall = players_app.extensions["gamehall"]
    loads = []
    load = hall.service.get

    def counted(wanted, *args, **kwargs):
        if str(wanted) == game_id:
            loads.append(wanted)
        return load(wanted, *args, **kwargs)

    monkeypatch.setattr(hall.service, "get", counted)
    due = datetime.fromisoformat(inbox(web, ann["key"], "mine")[0]["deadline"]).timestamp()

    for now in (due - 1000, due - 950):  # before its window (a quarter of an hour)
        for _ in range(20):
            warn_soon(hall.projector.inbox, hall.store, now)
    assert loads == []
    for round_ in range(40):  # two hosts, twenty rounds each, within the window
        warn_soon(hall.projector.inbox, hall.store, due - 100 + round_)

    assert len(loads) == 1
    assert kinds_told(players_app, ann).count("deadline-soon") == 1
