"""Creating, listing, summarising and joining games; the catalog and the API's description."""

from __future__ import annotations

from tests.api.helpers import PROBLEM, bearer, create


def test_the_catalog_lists_the_toy_game_with_its_options_seats_and_bots(client):
    games = {g["name"]: g for g in client.get("/games/catalog").json["games"]}
    assert games["toy"]["seats"] == {"min": 2, "max": 2}
    assert games["toy"]["options"][0]["name"] == "goal"
    assert set(games["toy"]["bots"]) == {"random", "first"}


def test_creating_a_hot_seat_game_answers_a_token_for_every_named_seat(client):
    created = client.post("/games", json={"game": "toy", "players": [{"name": "ann"},
                                                                     {"name": "bob"}]})
    assert created.status_code == 201
    body = created.json
    assert set(body["tokens"]) == {"0", "1"}
    assert body["tokens"]["0"] != body["tokens"]["1"]
    assert created.headers["Location"].endswith(f"/games/{body['game_id']}")
    assert body["game"]["status"] == "active" and body["game"]["waiting_for"] == [0, 1]


def test_a_game_with_bots_only_is_played_to_the_end_on_creation(client):
    body = create(client, [{"bot": "random"}, {"bot": "first"}])
    assert body["tokens"] == {}
    summary = client.get(f"/games/{body['game_id']}").json
    assert summary["status"] == "over" and summary["winners"]


def test_an_open_seat_is_joined_later_and_its_token_plays(client):
    body = create(client, [{"name": "ann"}, {}])
    game_id = body["game_id"]
    assert client.get(f"/games/{game_id}").json["status"] == "waiting"
    joined = client.post(f"/games/{game_id}/seats/1", json={"name": "bob"})
    assert joined.status_code == 201 and joined.json["seat"] == 1
    assert joined.json["game"]["status"] == "active"
    answer = client.post(f"/games/{game_id}/moves", json={"move": {"kind": "secret", "n": 1}},
                         headers=bearer(joined.json["token"]))
    assert answer.status_code == 200


def test_a_taken_seat_cannot_be_joined_again(client):
    body = create(client, [{"name": "ann"}, {}])
    client.post(f"/games/{body['game_id']}/seats/1", json={"name": "bob"})
    again = client.post(f"/games/{body['game_id']}/seats/1", json={"name": "eve"})
    assert again.status_code == 409 and again.content_type == PROBLEM
    assert again.json["code"] == "seat-unavailable"


def test_games_are_listed_newest_first_and_filtered_by_status(client):
    first = create(client)["game_id"]
    second = create(client, [{"bot": "random"}, {"bot": "random"}])["game_id"]
    listed = [g["game_id"] for g in client.get("/games").json["games"]]
    assert listed == [second, first]
    over = client.get("/games?status=over").json["games"]
    assert [g["game_id"] for g in over] == [second]
    assert client.get("/games?game=toy&limit=1").json["games"][0]["game_id"] == second


def test_resigning_ends_the_game_and_the_other_seat_wins(client):
    body = create(client)
    answer = client.post(f"/games/{body['game_id']}/resign", headers=bearer(body["tokens"]["1"]))
    assert answer.status_code == 200
    assert answer.json["status"] == "over" and answer.json["winners"] == [0]


def test_the_openapi_document_describes_every_resource_and_the_docs_are_served(client):
    spec = client.get("/openapi.json").json
    paths = set(spec["paths"])
    assert {"/games/catalog", "/games", "/games/{game_id}", "/games/{game_id}/seats/{seat}",
            "/games/{game_id}/view", "/games/{game_id}/moves", "/games/{game_id}/events",
            "/games/{game_id}/stream", "/games/{game_id}/replay", "/replays/verify",
            "/replays/export"} <= paths
    moves = spec["paths"]["/games/{game_id}/moves"]["post"]
    assert {"200", "400", "401", "403", "404", "409", "413", "422"} <= set(moves["responses"])
    assert "application/problem+json" in moves["responses"]["422"]["content"]
    assert moves["summary"].startswith("Post a move")
    docs = client.get("/docs")
    assert docs.status_code == 200 and b"/docs/assets/swagger-ui-bundle.js" in docs.data


def test_the_docs_page_loads_its_scripts_from_this_server_not_the_internet(client):
    page = client.get("/docs").get_data(as_text=True)
    assert "https://" not in page.split("<body")[1].split("url:")[0]
    for asset in ("swagger-ui-bundle.js", "swagger-ui.css"):
        answer = client.get(f"/docs/assets/{asset}")
        assert answer.status_code == 200 and len(answer.data) > 10_000


def test_the_list_skips_games_indexed_in_redis_that_this_store_does_not_have(client,
                                                                             redis_client):
    ours = create(client)["game_id"]
    # Another store's game in the same Redis (one database per store is the rule, but a
    # listing must not fail over it).
    redis_client.zadd("gh:index", {"00000000-0000-4000-8000-000000000001": 9e12})
    listed = client.get("/games")
    assert listed.status_code == 200
    assert [g["game_id"] for g in listed.json["games"]] == [ours]


def test_a_token_used_in_its_own_game_is_still_no_token_for_another_game(client):
    first = create(client, [{"name": "ann"}, {"name": "bob"}])
    other = create(client, [{"name": "cy"}, {"name": "di"}])
    token = first["tokens"]["0"]
    own = client.get(f"/games/{first['game_id']}/view", headers=bearer(token))
    assert own.status_code == 200 and own.json["seat"] == 0  # now known to this process
    elsewhere = client.post(f"/games/{other['game_id']}/moves",
                            json={"move": {"kind": "secret", "n": 1}}, headers=bearer(token))
    assert elsewhere.status_code == 401 and elsewhere.json["code"] == "unknown-token"
