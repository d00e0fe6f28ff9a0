"""Thrones through the service: in the catalog with its options, and a whole game of two
human seats played over HTTP, each seat answering only from its own prompt's legal moves."""

from __future__ import annotations

import random

from .helpers import create, play_out, view


def test_thrones_is_in_the_catalog_with_its_options_seats_and_bots(client):
    games = {g["name"]: g for g in client.get("/games/catalog").json["games"]}
    thrones = games["thrones"]
    assert thrones["seats"] == {"min": 2, "max": 2}
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
