"""Decks over HTTP (docs/api.md, "Decks"): registering a deck (201, or 422 naming each violation),
reading one (200, 404), bad input (400/422, never 500), a whole lcg game with registered decks,
and hidden decklists: during play no door of the API shows a seat another seat's list, only
its House and agenda; after the end, the replay holds every list."""

from __future__ import annotations

import json
import random
from typing import Any
from uuid import UUID

import pytest

from domain.games.thrones.decks import READY, normal
from tests.api.helpers import bearer, create, play_out, view
from tests.api.test_leaks import Collector, parsed
from tests.games.thrones.decklists import lannister_sworn_banners, stark_fealty, with_row

PUBLIC_PART = {"house", "agenda"}


def register(client, deck: dict[str, Any], name: str = "my deck", game: str = "thrones"):
    return client.post("/decks", json={"game": game, "name": name, **deck})


def registered(client, deck: dict[str, Any]) -> str:
    answer = register(client, deck)
    assert answer.status_code == 201, answer.json
    return str(answer.json["deck_id"])


def test_a_legal_deck_is_registered_and_read_back_by_its_id(client):
    answer = register(client, stark_fealty(), name="Winter's wolves")
    assert answer.status_code == 201
    deck = answer.json
    assert deck["house"] == "stark" and deck["agenda"] == "fealty" and len(deck["plots"]) == 7
    assert sum(n for _, n in deck["cards"]) == 60 and deck["name"] == "Winter's wolves"
    assert answer.headers["Location"].endswith(f"/decks/{deck['deck_id']}")
    again = client.get(f"/decks/{deck['deck_id']}")
    assert again.status_code == 200 and again.json == deck


def test_an_illegal_deck_answers_422_naming_each_violation(client):
    deck = with_row(stark_fealty(), "the-lions-will", 1)
    deck = with_row(deck, "no-such-card", 2)
    deck = {**deck, "plots": deck["plots"][:6]}
    answer = register(client, deck)
    assert answer.status_code == 422
    assert answer.mimetype == "application/problem+json"
    assert answer.json["code"] == "illegal-deck"
    named = {(v["rule"], v["card"]) for v in answer.json["violations"]}
    assert named == {("house-only", "the-lions-will"), ("unknown-card", "no-such-card"),
                     ("plot-count", None)}
    assert all(v["message"] for v in answer.json["violations"])


def test_a_deck_never_registered_answers_404(client):
    answer = client.get("/decks/00000000-0000-4000-8000-000000000000")
    assert answer.status_code == 404 and answer.json["code"] == "deck-not-found"
    assert client.get("/decks/not-a-uuid").status_code == 404


def test_a_deck_for_a_game_without_decks_or_an_unknown_game_answers_422(client):
    assert register(client, stark_fealty(), game="toy").json["code"] == "no-decks"
    assert register(client, stark_fealty(), game="chess").json["code"] == "unknown-game"


def test_type_confusion_and_huge_lists_answer_400_and_store_nothing(client, service):
    deck = stark_fealty()
    bodies = [
        {**deck, "cards": [[cid, float(n)] for cid, n in deck["cards"]]},
        {**deck, "cards": [[cid, True] for cid, _ in deck["cards"]]},
        {**deck, "cards": [[cid, str(n)] for cid, n in deck["cards"]]},
        {**deck, "cards": [["stark-guard", 1]] * 201},
        {**deck, "cards": {"stark-guard": 3}},
        {**deck, "plots": "valar-morghulis"},
        {**deck, "plots": [7] * 7},
        {**deck, "house": ["stark"]},
        {**deck, "agenda": 1},
        {**deck, "cards": [[cid, n, 1] for cid, n in deck["cards"]]},
        {**deck, "cards": [[cid, 0] for cid, _ in deck["cards"]]},
        {**deck, "extra": True},
    ]
    for body in bodies:
        answer = register(client, body)
        assert answer.status_code == 400, (body, answer.json)
        assert answer.json["code"] == "invalid-request"
    assert client.post("/decks", data="[", content_type="application/json").status_code == 400
    assert list(service.game_ids()) == []


def test_a_game_names_decks_that_exist_and_only_where_decks_are_played(client):
    deck = registered(client, stark_fealty())
    players = [{"name": "ann", "deck": deck}, {"name": "bob"}]
    unknown = [{"name": "ann", "deck": "00000000-0000-4000-8000-000000000000"}, {"name": "bob"}]
    cases = [({"profile": "box"}, players, "no-decks"),
             ({"profile": "lcg"}, unknown, "unknown-deck"),
             ({"profile": "lcg", "decks": [None, None]}, players, "bad-options")]
    for options, seats, code in cases:
        answer = client.post("/games", json={"game": "thrones", "options": options,
                                             "players": seats})
        assert answer.status_code == 422 and answer.json["code"] == code, answer.json
    bad = client.post("/games", json={"game": "thrones", "options": {"profile": "lcg"},
                                      "players": [{"name": "ann", "deck": 5}, {}]})
    assert bad.status_code == 400


def lcg_game(client) -> tuple[str, dict[str, str]]:
    decks = [registered(client, stark_fealty()), registered(client, lannister_sworn_banners())]
    game = create(client, [{"name": "ann", "deck": decks[0]}, {"name": "bob", "deck": decks[1]}],
                  game="thrones", options={"profile": "lcg"})
    return game["game_id"], game["tokens"]


def test_two_seats_with_their_own_registered_decks_play_an_lcg_game_to_the_end(client):
    game_id, tokens = lcg_game(client)
    seen = view(client, game_id, tokens["0"])["view"]
    assert [(p["house"], p["agenda"]) for p in seen["players"]] == [
        ("stark", "fealty"), ("lannister", "sworn-banners")]
    moves = play_out(client, game_id, tokens, pick=random.Random(11).choice)
    assert moves > 50 and client.get(f"/games/{game_id}").json["status"] == "over"
    replay = client.get(f"/games/{game_id}/replay").json
    assert replay["complete"]
    verdict = client.post("/replays/verify", json=replay).json
    assert verdict["valid"] is True, verdict


def decklists_in(document: Any) -> list[list[Any]]:
    """Every ``options.decks`` in a served document."""
    found, stack = [], [document]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            options = item.get("options")
            if isinstance(options, dict) and "decks" in options:
                found.append(options["decks"])
            stack += item.values()
        elif isinstance(item, list):
            stack += item
    return found


def opponents_lists_shown(document: Any) -> list[Any]:
    """Seat 1's list beyond House and agenda, and seat 1's hidden piles, wherever served."""
    shown = [decks[1] for decks in decklists_in(document) if set(decks[1]) != PUBLIC_PART]
    views = [item for item in _dicts(document) if isinstance(item.get("players"), list)
             and len(item["players"]) == 2 and isinstance(item["players"][1], dict)
             and "plot_deck" in item["players"][1]]
    return shown + [v["players"][1] for v in views if v["players"][1]["plot_deck"] is not None
                    or v["players"][1]["deck"] is not None]


def _dicts(document: Any) -> list[dict[str, Any]]:
    found, stack = [], [document]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            found.append(item)
            stack += item.values()
        elif isinstance(item, list):
            stack += item
    return found


def test_during_play_no_door_shows_a_seat_another_seats_decklist(client, service):
    game_id, tokens = lcg_game(client)
    seat0 = Collector(client, service, game_id, tokens["0"])
    rng = random.Random(5)
    looked = 0
    while client.get(f"/games/{game_id}").json["status"] == "active" and looked < 6:
        summary = client.get(f"/games/{game_id}").json
        seat0.look_around(summary["version"])
        seat0.get("/replays/export?status=active")
        looked += 1
        for _ in range(15):
            summary = client.get(f"/games/{game_id}").json
            if summary["status"] != "active":
                break
            seat = str(summary["waiting_for"][0])
            moves = view(client, game_id, tokens[seat])["prompt"]["legal_moves"]
            client.post(f"/games/{game_id}/moves", json={"move": rng.choice(moves)},
                        headers=bearer(tokens[seat]))
    lists_seen = 0
    for text in seat0.served:
        for document in parsed(text) if not text.startswith("{\"format") else [
                json.loads(line) for line in text.splitlines()]:
            assert not opponents_lists_shown(document), text[:300]
            lists_seen += len(decklists_in(document))
    assert lists_seen > 20  # the summaries, events and replays did carry the options
    own = [d[0] for t in seat0.served if t.startswith("{") for d in decklists_in(json.loads(t))
           if isinstance(d[0], dict) and "cards" in d[0]]
    assert own, "seat 0 is shown its own list"


def advanced_lcg_game(client, moves: int = 25) -> tuple[str, dict[str, str]]:
    """An lcg game with two registered decks, ``moves`` random moves in (still on)."""
    game_id, tokens = lcg_game(client)
    rng = random.Random(9)
    for _ in range(moves):
        seat = str(client.get(f"/games/{game_id}").json["waiting_for"][0])
        legal = view(client, game_id, tokens[seat])["prompt"]["legal_moves"]
        client.post(f"/games/{game_id}/moves", json={"move": rng.choice(legal)},
                    headers=bearer(tokens[seat]))
    assert client.get(f"/games/{game_id}").json["status"] == "active"
    return game_id, tokens


@pytest.mark.parametrize("path", [
    "/games/{id}", "/games", "/games?game=thrones&status=active", "/games/{id}/events",
    "/games/{id}/events?after=0&wait=0.01", "/games/{id}/replay", "/games/{id}/view",
    "/games/{id}/view?at=1", "/games/{id}/view?at=3", "/replays/export?status=active",
    "/replays/export?status=active&format=csv", "/games/{id}/stream?after=0"])
def test_during_play_this_door_shows_seat_0_only_house_and_agenda_of_seat_1(client, path):
    game_id, tokens = advanced_lcg_game(client)
    answer = client.get(path.replace("{id}", game_id), headers=bearer(tokens["0"]),
                        buffered="stream" not in path)
    if "stream" in path:
        text = ""
        for chunk in answer.response:
            text += chunk.decode()
            if chunk.startswith((b": keepalive", b"event: end")):
                break
        answer.close()
    else:
        assert answer.status_code == 200, answer.get_data(as_text=True)[:300]
        text = answer.get_data(as_text=True)
    if "csv" in path:  # one row an event: no options, no decklist
        assert text.startswith("game_id,") and "sworn-banners" not in text
        return
    documents = parsed(text) if not text.startswith('{"format') else [
        json.loads(line) for line in text.splitlines()]
    assert documents
    for document in documents:
        assert not opponents_lists_shown(document)
    if "/view" in path:
        assert all(len(document["view"]["players"]) == 2 for document in documents)
    else:
        lists = [d for document in documents for d in decklists_in(document)]
        assert lists and all(d[1] == {"house": "lannister", "agenda": "sworn-banners"}
                             for d in lists)


def test_after_the_end_the_replay_holds_every_decklist(client):
    game_id, tokens = lcg_game(client)
    play_out(client, game_id, tokens, pick=random.Random(3).choice)
    for headers in ({}, bearer(tokens["0"])):
        replay = client.get(f"/games/{game_id}/replay", headers=headers).json
        decks = replay["options"]["decks"]
        assert decks[1]["cards"] == normal(lannister_sworn_banners())["cards"]
        assert decks[0]["agenda"] == "fealty" and "cards" in decks[0]
        created = replay["events"][0]["payload"]["options"]["decks"]
        assert created == decks
    summary = client.get(f"/games/{game_id}").json
    assert "cards" in summary["options"]["decks"][1]


def test_a_registered_deck_is_an_event_in_the_same_store_and_survives_a_new_service(client,
                                                                                     service):
    deck_id = registered(client, stark_fealty())
    stored = service.decks.get(UUID(deck_id))
    assert stored.version == 1 and stored.decklist["agenda"] == "fealty"
    events = list(service.repository.event_store.get(UUID(deck_id)))
    assert [type(e).__name__ for e in events] == ["Registered"]


def test_four_seats_with_their_own_registered_decks_play_an_lcg_game_to_the_end(client):
    decks = [stark_fealty(), lannister_sworn_banners(), READY["stark"], READY["lannister"]]
    seats = [{"name": f"player {i}", "deck": registered(client, deck)}
             for i, deck in enumerate(decks)]
    game = create(client, seats, game="thrones", options={"profile": "lcg"})
    game_id, tokens = game["game_id"], game["tokens"]
    seen = view(client, game_id, tokens["2"])["view"]
    assert [p["house"] for p in seen["players"]] == ["stark", "lannister", "stark", "lannister"]
    play_out(client, game_id, tokens, pick=random.Random(4).choice)
    replay = client.get(f"/games/{game_id}/replay").json
    assert client.post("/replays/verify", json=replay).json["valid"] is True
