"""Players: a key for every seat its player holds, names that cannot read backwards, seats
taken at creation or by joining, open games and rematches."""

from __future__ import annotations

import pytest

from .helpers import bearer, move
from .players_helpers import game_of, register


def test_a_registered_player_gets_an_id_its_name_and_a_key_shown_once(web):
    answer = web.post("/players", json={"name": "ann"})

    assert answer.status_code == 201
    assert set(answer.json) == {"player_id", "name", "key"}
    me = web.get("/players/me", headers=bearer(answer.json["key"])).json
    assert me["name"] == "ann" and "key" not in me and me["webhook"] is None


@pytest.mark.parametrize("name", ["ann\u202egnp.exe", "ann\nbob", "a\x00b", "\u2066x",
                                  "   "])
def test_a_name_with_control_or_bidirectional_override_characters_is_refused(web, name):
    answer = web.post("/players", json={"name": name})

    assert answer.status_code == 400
    assert web.post("/games", json={"game": "open", "players": [{"name": name}, {}]}
                    ).status_code == 400


def test_a_rotated_key_works_and_the_old_one_stops_working(web):
    ann = register(web, "ann")

    rotated = web.post("/players/me/keys", headers=bearer(ann["key"]))

    assert rotated.status_code == 201 and rotated.json["key"] != ann["key"]
    assert web.get("/players/me", headers=bearer(ann["key"])).status_code == 401
    assert web.get("/players/me", headers=bearer(rotated.json["key"])).json["name"] == "ann"


def test_a_player_key_acts_for_the_seat_its_player_took_at_creation(web):
    ann = register(web, "ann")
    created = game_of(web, ann["key"], [{"player": "me"}, {"bot": "first"}])
    game_id = created["game_id"]

    moved = move(web, game_id, ann["key"], {"kind": "pass"})

    assert moved.status_code == 200, moved.json
    assert created["game"]["seats"][0]["name"] == "ann"
    view = web.get(f"/games/{game_id}/view", headers=bearer(ann["key"])).json
    assert view["seat"] == 0


def test_the_record_names_a_players_seat_by_the_players_name_and_holds_no_player_id(web):
    ann = register(web, "ann")
    game_id = game_of(web, ann["key"], [{"player": "me"}, {"open": True}])["game_id"]
    bob = register(web, "bob")

    joined = web.post(f"/games/{game_id}/seats/1", json={}, headers=bearer(bob["key"]))

    assert joined.status_code == 201, joined.json
    replay = web.get(f"/games/{game_id}/replay").text
    assert '"name":"bob"' in replay.replace(" ", "") and bob["player_id"] not in replay
    assert ann["player_id"] not in replay
    assert move(web, game_id, bob["key"], {"kind": "pass"}).status_code == 409  # ann's turn


def test_a_player_key_is_refused_for_a_seat_its_player_does_not_hold(web):
    ann, bob = register(web, "ann"), register(web, "bob")
    game_id = game_of(web, ann["key"], [{"player": "me"}, {"name": "carl"}])["game_id"]

    refused = move(web, game_id, bob["key"], {"kind": "pass"})

    assert refused.status_code == 403 and refused.json["code"] == "not-your-seat"


def test_seat_tokens_and_the_old_seat_forms_keep_working_beside_players(web):
    ann = register(web, "ann")
    created = game_of(web, ann["key"], [{"name": "zed"}, {"player": "me"}, {}])

    zed = created["tokens"]["0"]

    assert move(web, created["game_id"], zed, {"kind": "pass"}).status_code == 409  # waiting
    joined = web.post(f"/games/{created['game_id']}/seats/2", json={"name": "eve"})
    assert joined.status_code == 201
    assert move(web, created["game_id"], zed, {"kind": "pass"}).status_code == 200


def test_a_player_cannot_hold_two_seats_of_one_game(web):
    ann = register(web, "ann")
    game_id = game_of(web, ann["key"], [{"player": "me"}, {}])["game_id"]

    again = web.post(f"/games/{game_id}/seats/1", json={}, headers=bearer(ann["key"]))

    assert again.status_code in (403, 409)


def test_a_seat_for_me_without_a_player_key_is_refused(web):
    answer = web.post("/games", json={"game": "open", "players": [{"player": "me"}, {}]})

    assert answer.status_code == 401 and answer.json["code"] == "player-key-required"


def test_a_listed_game_with_an_open_seat_is_listed_for_anyone_and_unlisted_once_full(web):
    ann, bob = register(web, "ann"), register(web, "bob")
    listed = game_of(web, ann["key"], [{"player": "me"}, {"open": True}], listed=True)
    game_of(web, ann["key"], [{"player": "me"}, {"open": True}])  # by invitation only

    found = web.get("/games?open=true").json["games"]
    assert [g["game_id"] for g in found] == [listed["game_id"]]

    web.post(f"/games/{listed['game_id']}/seats/1", json={}, headers=bearer(bob["key"]))
    assert web.get("/games?open=true").json["games"] == []


def finished_game(web, ann, bob):
    game_id = game_of(web, ann["key"], [{"player": "me"}, {"open": True}])["game_id"]
    web.post(f"/games/{game_id}/seats/1", json={}, headers=bearer(bob["key"]))
    assert web.post(f"/games/{game_id}/resign", headers=bearer(bob["key"])).status_code == 200
    return game_id


def test_a_rematch_has_the_same_game_and_players_with_the_seats_rotated(web):
    ann, bob = register(web, "ann"), register(web, "bob")
    game_id = finished_game(web, ann, bob)

    answer = web.post(f"/games/{game_id}/rematch", headers=bearer(ann["key"]))

    assert answer.status_code == 201, answer.json
    rematch = answer.json["game"]
    assert [s["name"] for s in rematch["seats"]] == ["bob", "ann"]
    assert rematch["game"] == "open" and rematch["status"] == "active"
    assert move(web, answer.json["game_id"], bob["key"], {"kind": "pass"}).status_code == 200


def test_a_rematch_of_a_game_still_played_is_refused(web):
    ann = register(web, "ann")
    game_id = game_of(web, ann["key"], [{"player": "me"}, {"bot": "first"}])["game_id"]

    answer = web.post(f"/games/{game_id}/rematch", headers=bearer(ann["key"]))

    assert answer.status_code == 409 and answer.json["code"] == "rematch-refused"


def test_a_player_takes_a_seat_of_a_sandbox_forked_from_a_finished_game(web):
    ann, bob = register(web, "ann"), register(web, "bob")
    game_id = finished_game(web, ann, bob)

    forked = web.post(f"/games/{game_id}/fork", json={"at": 3, "players": [
        {"player": "me"}, {"bot": "first"}]}, headers=bearer(bob["key"]))

    assert forked.status_code == 201, forked.json
    assert forked.json["game"]["seats"][0]["name"] == "bob"
    assert web.get(f"/games/{forked.json['game_id']}/view",
                   headers=bearer(bob["key"])).json["seat"] == 0
