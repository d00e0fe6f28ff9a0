"""Takebacks in the hosted games, which have hidden information (docs/takebacks-forks-receipts.md,
"Takebacks"): a seat takes back its own last moves, whoever the game waits on now, unless one of
them showed it something (a card drawn, a face-down tile turned up)."""

from __future__ import annotations

from typing import Any

from tests.api.helpers import bearer, move, view

from .test_takeback import answer, ask


def two_humans(client, game: str, options: dict[str, Any]) -> tuple[str, dict[str, str]]:
    created = client.post("/games", json={
        "game": game, "players": [{"name": "ann"}, {"name": "bob"}], "options": options,
        "takebacks": True})
    assert created.status_code == 201, created.json
    return created.json["game_id"], created.json["tokens"]


def waiting(client, game_id: str) -> list[int]:
    return client.get(f"/games/{game_id}").json["waiting_for"]


def version(client, game_id: str) -> int:
    return client.get(f"/games/{game_id}").json["version"]


def test_a_revolution_misclick_is_taken_back_after_the_turn_passed_and_play_goes_on(client):
    game_id, tokens = two_humans(client, "revolution", {"neutrals": "standard"})
    first = waiting(client, game_id)[0]
    me, other = tokens[str(first)], tokens[str(1 - first)]
    before = view(client, game_id, me)
    placements = before["prompt"]["legal_moves"]  # the Citizen, on any square
    misclick, meant = placements[0], placements[-1]
    assert move(client, game_id, me, misclick).status_code == 200
    assert waiting(client, game_id) == [1 - first]  # the turn has passed to the opponent
    asked = ask(client, game_id, me)
    assert asked.status_code == 200, asked.json
    assert asked.json["waiting_for"] == [1 - first]  # for its answer, not its move
    settled = answer(client, game_id, other, True)
    assert settled.status_code == 200 and settled.json["takeback"] is None
    restored = view(client, game_id, me)
    assert restored["view"] == before["view"] and restored["prompt"] == before["prompt"]
    assert move(client, game_id, me, meant).status_code == 200
    board = view(client, game_id, other)["view"]["board"]
    assert board[meant["square"]]["tile"] == "citizen" and board[misclick["square"]] is None
    events = client.get(f"/games/{game_id}/events", headers=bearer(me)).json["events"]
    assert [e["type"] for e in events[-5:]] == ["move_made", "takeback_asked",
                                                "takeback_answered", "taken_back", "move_made"]


def test_a_revolution_face_down_tile_turned_up_in_secret_random_cannot_be_taken_back(client):
    game_id, tokens = two_humans(client, "revolution", {"neutrals": "secret_random"})
    first = waiting(client, game_id)[0]
    second = tokens[str(1 - first)]
    citizen = view(client, game_id, tokens[str(first)])["prompt"]["legal_moves"][0]
    assert move(client, game_id, tokens[str(first)], citizen).status_code == 200
    turn_up = {"kind": "place", "hidden": 0}
    assert turn_up in view(client, game_id, second)["prompt"]["legal_moves"]
    assert move(client, game_id, second, turn_up).status_code == 200
    at = version(client, game_id)
    refused = ask(client, game_id, second)
    assert refused.status_code == 409 and refused.json["code"] == "takeback-refused"
    assert "showed you something" in refused.json["detail"]
    assert version(client, game_id) == at  # nothing recorded


def kinds(moves: list[dict[str, Any]]) -> dict[tuple[str, str | None], dict[str, Any]]:
    return {(m["kind"], m.get("card")): m for m in moves}


def test_a_dominion_move_that_drew_cards_cannot_be_taken_back(client):
    game_id, tokens = two_humans(client, "dominion", {"first_seat": 0})
    ann = tokens["0"]
    assert move(client, game_id, ann, {"kind": "end_turn"}).status_code == 200  # draws 5
    assert waiting(client, game_id) == [1]
    at = version(client, game_id)
    refused = ask(client, game_id, ann)
    assert refused.status_code == 409 and refused.json["code"] == "takeback-refused"
    assert "card drawn" in refused.json["detail"]
    assert version(client, game_id) == at


KINGDOM = ["festival", "cellar", "market", "merchant", "militia", "mine", "moat", "remodel",
           "smithy", "village"]


def test_a_dominion_buy_is_taken_back_before_the_end_of_the_turn(client):
    """Festival gives a second buy without drawing: ann buys Festivals until one is in her
    hand, plays it and her treasures, buys a Silver, and takes the buy back."""
    game_id, tokens = two_humans(client, "dominion", {"first_seat": 0, "kingdom": KINGDOM})
    ann, bob = tokens["0"], tokens["1"]
    for _ in range(40):
        moves = kinds(view(client, game_id, ann)["prompt"]["legal_moves"])
        festival = ("play", "festival") in moves
        if festival:
            assert move(client, game_id, ann, moves["play", "festival"]).status_code == 200
        assert move(client, game_id, ann, {"kind": "play_treasures"}).status_code == 200
        before = view(client, game_id, ann)
        moves = kinds(before["prompt"]["legal_moves"])
        if festival and ("buy", "silver") in moves:
            assert move(client, game_id, ann, moves["buy", "silver"]).status_code == 200
            assert waiting(client, game_id) == [0]  # a buy left: the turn goes on
            assert ask(client, game_id, ann).status_code == 200
            assert answer(client, game_id, bob, True).status_code == 200
            restored = view(client, game_id, ann)
            assert restored["view"] == before["view"]
            assert restored["prompt"] == before["prompt"]
            assert move(client, game_id, ann, moves["buy", "silver"]).status_code == 200
            return
        buy = moves.get(("buy", "festival"), moves.get(("buy", "silver"), {"kind": "end_turn"}))
        assert move(client, game_id, ann, buy).status_code == 200
        if waiting(client, game_id) == [0]:  # a buy left
            assert move(client, game_id, ann, {"kind": "end_turn"}).status_code == 200
        assert move(client, game_id, bob, {"kind": "end_turn"}).status_code == 200
    raise AssertionError("no Festival reached ann's hand in 40 turns")


def test_the_catalog_says_which_games_may_allow_takebacks(client):
    games = {g["name"]: g for g in client.get("/games/catalog").json["games"]}
    assert games["revolution"]["takebacks"] is True and games["dominion"]["takebacks"] is True
    assert games["open"]["takebacks"] is True  # no hidden information
    assert games["toy"]["takebacks"] is False  # hidden, and its rules do not say what reveals
