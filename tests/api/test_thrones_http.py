"""Thrones through the service: in the catalog with its options, and a whole game of two
human seats played over HTTP, each seat answering only from its own prompt's legal moves."""

from __future__ import annotations

import random

from .helpers import create, play_out, view


def test_thrones_is_in_the_catalog_with_its_options_seats_and_bots(client):
    games = {g["name"]: g for g in client.get("/games/catalog").json["games"]}
    thrones = games["thrones"]
    assert thrones["seats"] == {"min": 2, "max": 6}  # 3 to 6 with the lcg profile (melee)
    assert {"houses", "plot_draft", "profile"} <= {o["name"] for o in thrones["options"]}
    assert set(thrones["bots"]) == {"random", "planner"}


def test_two_human_seats_play_a_thrones_game_to_the_end_over_http(client):
    created = create(client, game="thrones", options={"plot_draft": True})
    game_id, tokens = created["game_id"], created["tokens"]
    rng = random.Random(10)
    moves = play_out(client, game_id, tokens, pick=rng.choice)
    summary = client.get(f"/games/{game_id}").json
    assert summary["status"] == "over" and moves > 50
    result = view(client, game_id, tokens["0"])["result"]
    assert len(result["winners"]) == 1 and "reason" in result


def test_four_human_seats_play_a_thrones_melee_to_the_end_over_http(client):
    players = [{"name": name} for name in ("ann", "bob", "cy", "dee")]
    created = create(client, players=players, game="thrones", options={"profile": "lcg"})
    game_id, tokens = created["game_id"], created["tokens"]
    first = view(client, game_id, tokens["2"])["view"]
    assert len(first["players"]) == 4 and first["players"][2]["hand"] is not None
    assert first["players"][0]["hand"] is None  # another seat's hand stays hidden
    rng = random.Random(4)
    moves = play_out(client, game_id, tokens, pick=rng.choice)
    summary = client.get(f"/games/{game_id}").json
    assert summary["status"] == "over" and moves > 100
    final = view(client, game_id, tokens["1"])
    assert len(final["result"]["scores"]) == 4 and len(final["result"]["winners"]) == 1
    assert all(final["view"]["titles"])  # each of the four held a title in the last round


def test_the_box_refuses_four_seats_over_http_with_a_clear_error(client):
    players = [{"name": name} for name in ("ann", "bob", "cy", "dee")]
    response = client.post("/games", json={"game": "thrones", "players": players,
                                           "options": {}})
    assert response.status_code in (400, 422)
    assert "exactly 2 players" in str(response.json)
