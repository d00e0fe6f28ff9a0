"""Choosing the windows a seat is not asked in, over HTTP (docs/api.md, "Windows a seat is not
asked in"): the seat's token sets its own choice, public in the summary and the events; other
seats' tokens and unknown kinds are refused in words; a player's key chooses for its seat."""

from __future__ import annotations

from .helpers import bearer, create
from .players_helpers import game_of, register


def thrones(client):
    created = create(client, game="thrones")
    return created["game_id"], created["tokens"]


def test_a_seat_chooses_its_windows_and_the_choice_is_public(client):
    game_id, tokens = thrones(client)

    answer = client.put(f"/games/{game_id}/seats/1/preferences", json={"skip": ["responses"]},
                        headers=bearer(tokens["1"]))

    assert answer.status_code == 200, answer.json
    windows = client.get(f"/games/{game_id}").json["windows"]
    assert windows["skip"] == [[], ["responses"]]
    assert {"id": "actions-challenges", "label": "action windows in the challenges phase"} \
        in windows["kinds"]
    events = client.get(f"/games/{game_id}/events").json["events"]
    [chosen] = [e for e in events if e["type"] == "preferences_set"]
    assert chosen["payload"] == {"seat": 1, "skip": ["responses"]}
    assert chosen["log"].endswith("(seat 1) chose not to be asked in response windows.")


def test_another_seats_token_and_an_unknown_kind_are_refused_in_words(client):
    game_id, tokens = thrones(client)

    other = client.put(f"/games/{game_id}/seats/1/preferences", json={"skip": []},
                       headers=bearer(tokens["0"]))
    unknown = client.put(f"/games/{game_id}/seats/0/preferences",
                         json={"skip": ["actions-lunch"]}, headers=bearer(tokens["0"]))
    untold = client.put(f"/games/{game_id}/seats/0/preferences", json={"skip": []})

    assert other.status_code == 403 and other.json["code"] == "not-your-seat"
    assert unknown.status_code == 422
    assert "Name each window kind once, among:" in unknown.json["detail"]
    assert untold.status_code == 401


def test_a_game_without_such_windows_says_so(client):
    created = create(client, game="dominion")

    answer = client.put(f"/games/{created['game_id']}/seats/0/preferences", json={"skip": []},
                        headers=bearer(created["tokens"]["0"]))

    assert answer.status_code == 422
    assert "asks in no window a seat may choose to skip" in answer.json["detail"]
    assert client.get(f"/games/{created['game_id']}").json["windows"] is None


def test_a_player_key_chooses_for_the_seat_its_player_holds(web):
    ann = register(web, "ann")
    game_id = game_of(web, ann["key"], [{"bot": "random"}, {"player": "me"}],
                      game="thrones")["game_id"]

    chosen = web.put(f"/games/{game_id}/seats/1/preferences",
                     json={"skip": ["actions-plot"]}, headers=bearer(ann["key"]))
    refused = web.put(f"/games/{game_id}/seats/0/preferences", json={"skip": []},
                      headers=bearer(ann["key"]))

    assert chosen.status_code == 200, chosen.json
    assert chosen.json["windows"]["skip"] == [[], ["actions-plot"]]
    assert refused.status_code == 403
