"""Small helpers for playing through the test client."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

PROBLEM = "application/problem+json"


# Tests play whole games through one client, faster than a person could (a random melee takes
# some 1,500 moves, three requests each): the client's and the token's limits, which count
# every request to the API, lifted for them (still counted, so every request still runs the
# limits' code; the ``app`` fixture does it); so are the caps on open streams, which some
# tests open by the hundred. The limits themselves are tested in ``test_limits.py`` and
# ``test_streams.py``.
LIFTED_LIMITS = {"RATE_LIMIT_CLIENT": "1000000 per minute",
                 "RATE_LIMIT_TOKEN": "1000000 per minute",
                 "STREAMS_PER_ADDRESS": 1_000_000, "STREAMS_PER_TOKEN": 1_000_000}


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def create(client: FlaskClient, players: list[dict[str, Any]] | None = None,
           game: str = "toy", options: dict[str, Any] | None = None) -> dict[str, Any]:
    body = {"game": game, "players": players or [{"name": "ann"}, {"name": "bob"}],
            "options": options or {}}
    response = client.post("/games", json=body)
    assert response.status_code == 201, response.json
    return response.json


def view(client: FlaskClient, game_id: str, token: str | None = None) -> dict[str, Any]:
    response = client.get(f"/games/{game_id}/view", headers=bearer(token) if token else {})
    assert response.status_code == 200, response.json
    return response.json


def move(client: FlaskClient, game_id: str, token: str, move: dict[str, Any],
         **extra: Any) -> Any:
    return client.post(f"/games/{game_id}/moves", json={"move": move, **extra},
                       headers=bearer(token))


def play_out(client: FlaskClient, game_id: str, tokens: dict[str, str],
             pick: Any = lambda moves: moves[0]) -> int:
    """Play until the game is over, each seat choosing from its own prompt; answers moves."""
    count = 0
    while True:
        summary = client.get(f"/games/{game_id}").json
        if summary["status"] != "active":
            return count
        seat = summary["waiting_for"][0]
        token = tokens[str(seat)]
        prompt = view(client, game_id, token)["prompt"]
        response = move(client, game_id, token, pick(prompt["legal_moves"]))
        assert response.status_code == 200, response.json
        count += 1
