"""Sandboxes from a position: POST /games with a ``position`` (docs/api.md, "Sandboxes from a
position"), played, listed, and verified by both verifiers, which rebuild the start."""

from __future__ import annotations

import copy

import pytest

from domain.history import record_hash
from domain.kernel import hash_value
from replays import verify_document
from tests.api.helpers import bearer, move, play_out
from tests.forgery import reference
from tests.forgery.rules import given_rules
from tests.test_replays import rehash_from

KING_IN_THE_MIDDLE = {"board": {"4": {"tile": "King", "ally": 0}}, "turn": 1}


def sandbox(client, position, game="revolution", players=None):
    return client.post("/games", json={"game": game, "position": position,
                                       "players": players or [{"name": "ann"},
                                                              {"name": "bob"}]})


def finished_sandbox(client):
    body = sandbox(client, KING_IN_THE_MIDDLE).json
    play_out(client, body["game_id"], body["tokens"])
    return body, client.get(f"/games/{body['game_id']}/replay").json


def test_a_sandbox_starts_from_its_position_and_says_so(client):
    answer = sandbox(client, KING_IN_THE_MIDDLE)
    assert answer.status_code == 201, answer.json
    summary = answer.json["game"]
    assert summary["sandbox"] is True and summary["forked_from"] is None
    assert summary["position"] == KING_IN_THE_MIDDLE and summary["waiting_for"] == [1]
    seen = client.get(f"/games/{answer.json['game_id']}/view",
                      headers=bearer(answer.json["tokens"]["1"])).json
    assert seen["view"]["board"][4]["tile"] == "king" and seen["view"]["placed"] == 1
    replay = client.get(f"/games/{answer.json['game_id']}/replay").json
    first = replay["events"][0]
    assert first["type"] == "forked" and first["payload"]["position"] == KING_IN_THE_MIDDLE
    assert first["log"] == "A sandbox was set up from a position, for ann (seat 0), bob (seat 1)."
    reply = move(client, answer.json["game_id"], answer.json["tokens"]["1"],
                 {"kind": "place", "tile": "bishop", "square": 0})
    assert reply.status_code == 200, reply.json
    listed = {g["game_id"]: g for g in client.get("/games").json["games"]}
    assert listed[answer.json["game_id"]]["position"] == KING_IN_THE_MIDDLE


def test_a_played_out_sandbox_from_a_position_verifies_by_both_verifiers(client):
    _, document = finished_sandbox(client)
    assert document["complete"]
    assert client.post("/replays/verify", json=document).json["valid"] is True
    assert verify_document(document).valid
    assert reference.verify(document, rules=given_rules) == (True, None)
    assert reference.verify(document) == (True, None)


def test_a_forged_start_is_refused_by_both_verifiers(client):
    _, document = finished_sandbox(client)
    forged = copy.deepcopy(document)
    first = forged["events"][0]
    first["payload"]["state"]["board"][0] = {"tile": "queen", "up": 0, "down": False,
                                             "under": None}  # a Queen the position never put
    first["state_hash"] = hash_value(first["payload"]["state"])
    first["hash"] = record_hash(first)
    rehash_from(forged, 1)
    verdict = verify_document(forged)
    assert not verdict.valid and verdict.failed_step == 1
    assert "does not start where it says" in verdict.reason
    assert reference.verify(forged, rules=given_rules) == (False, 1)


def test_a_position_the_rules_refuse_is_a_forged_start_too(client):
    _, document = finished_sandbox(client)
    forged = copy.deepcopy(document)
    first = forged["events"][0]
    first["payload"]["position"] = {"board": {"4": {"tile": "Emperor", "ally": 0}}}
    first["hash"] = record_hash(first)
    rehash_from(forged, 1)
    verdict = verify_document(forged)
    assert verdict.failed_step == 1 and "no tile called 'Emperor'" in verdict.reason
    assert reference.verify(forged, rules=given_rules) == (False, 1)


@pytest.mark.parametrize("position, words", [
    ({"board": {"4": {"tile": "Emperor", "ally": 0}}}, "there is no tile called 'Emperor'"),
    ({"board": {"9": {"tile": "King", "ally": 0}}}, "the board has squares 0 to 8"),
    ({"board": {"4": {"tile": "King", "ally": 0}, "5": {"tile": "King", "ally": 0}}},
     "there is one King, not 2"),
    ({"turn": 2}, "turn is a whole number from 0 to 1"),
    ({"colour": "red"}, "the position has no part called 'colour'"),
    ({"hands": "all"}, "hands is a list of two lists"),
])
def test_a_bad_position_is_a_422_in_words(client, position, words):
    answer = sandbox(client, position)
    assert answer.status_code == 422 and answer.json["code"] == "bad-position", answer.json
    assert words in answer.json["detail"]
    assert any(words in problem for problem in answer.json["problems"])
    assert client.get("/games").json["games"] == []


def test_a_game_without_positions_says_so(client):
    answer = sandbox(client, {}, game="toy")
    assert answer.status_code == 422 and "does not set up positions" in answer.json["detail"]


@pytest.mark.parametrize("game, position, seats", [
    ("dominion", {"players": [{"hand": ["Village", "Smithy"], "deck": ["Gold"] * 5}, {}]}, 2),
    ("godofwar", {"heroes": ["Kratos", "Atreus"], "activation": 0,
                  "tiles": {"Kratos": {"column": 1}, "Atreus": {"column": 2}}}, 2),
    ("thrones", {"phase": "challenges", "players": [
        {"house": "stark", "standing": ["Eddard Stark", "Robb Stark"]},
        {"house": "lannister", "standing": ["Tyrion Lannister"]}]}, 2),
])
def test_every_game_with_a_builder_plays_a_sandbox_to_a_verified_end(client, game, position,
                                                                      seats):
    answer = sandbox(client, position, game, [{"bot": "random"}] * seats)
    assert answer.status_code == 201, answer.json
    document = client.get(f"/games/{answer.json['game_id']}/replay").json
    assert document["complete"] and verify_document(document).valid
    assert reference.verify(document, rules=given_rules) == (True, None)
