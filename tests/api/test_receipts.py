"""Move receipts over HTTP: given to the mover with each accepted move, the same again for a
retried request, checked against the published replay by POST /replays/verify."""

from __future__ import annotations

from tests.api.helpers import bearer, create, move, view
from tests.conftest import TEST_RECEIPT_KEY


def test_an_accepted_move_answers_one_signed_receipt_for_the_mover(client):
    body = create(client)
    game_id, token = body["game_id"], body["tokens"]["0"]
    answer = move(client, game_id, token, {"kind": "secret", "n": 2})
    assert answer.status_code == 200
    [receipt] = answer.json["receipts"]
    assert receipt["game_id"] == game_id and receipt["seat"] == 0
    assert receipt["move"] == {"kind": "secret", "n": 2}
    assert receipt["seq"] == answer.json["version"]
    assert receipt["key_id"] == TEST_RECEIPT_KEY.key_id


def test_a_retried_request_answers_the_same_receipts(client):
    body = create(client)
    game_id, token = body["game_id"], body["tokens"]["0"]
    headers = {**bearer(token), "Idempotency-Key": "first-secret"}
    first = client.post(f"/games/{game_id}/moves", json={"move": {"kind": "secret", "n": 1}},
                        headers=headers)
    move(client, game_id, body["tokens"]["1"], {"kind": "secret", "n": 3})
    again = client.post(f"/games/{game_id}/moves", json={"move": {"kind": "secret", "n": 1}},
                        headers=headers)
    assert again.status_code == 200 and again.json["receipts"] == first.json["receipts"]


def test_the_server_lists_its_receipt_key_by_id(client):
    keys = client.get("/keys").json["keys"]
    assert keys == [{"key_id": TEST_RECEIPT_KEY.key_id, "algorithm": "Ed25519",
                     "public_key": TEST_RECEIPT_KEY.public_key.hex(), "status": "current"}]


def kept_receipts_game(client):
    """A finished game of two humans and the receipts seat 0 kept."""
    body = create(client)
    game_id, tokens = body["game_id"], body["tokens"]
    kept = []
    while client.get(f"/games/{game_id}").json["status"] == "active":
        seat = str(client.get(f"/games/{game_id}").json["waiting_for"][0])
        legal = view(client, game_id, tokens[seat])["prompt"]["legal_moves"]
        answer = move(client, game_id, tokens[seat], legal[0])
        if seat == "0":
            kept += answer.json["receipts"]
    return game_id, kept


def test_verifying_a_replay_with_its_receipts_checks_every_one(client):
    game_id, kept = kept_receipts_game(client)
    document = client.get(f"/games/{game_id}/replay").json
    verdict = client.post("/replays/verify", json={"replay": document, "receipts": kept}).json
    assert verdict["valid"] is True and verdict["receipts"] == len(kept) > 0
    assert verdict["failed_receipt"] is None


def test_a_replay_that_lost_a_receipted_move_fails_at_the_receipt(client):
    game_id, kept = kept_receipts_game(client)
    document = client.get(f"/games/{game_id}/replay").json
    forged = {**kept[-1], "seq": kept[-1]["seq"] + 1}  # altered: the signature no longer holds
    verdict = client.post("/replays/verify",
                          json={"replay": document, "receipts": [*kept, forged]}).json
    assert verdict["valid"] is False and verdict["failed_receipt"] == len(kept) + 1
    assert "signature" in verdict["reason"]


def test_receipts_sent_in_the_wrong_shape_are_a_400_that_names_the_fields(client):
    game_id = create(client, [{"bot": "random"}, {"bot": "first"}])["game_id"]
    document = client.get(f"/games/{game_id}/replay").json
    for body in ({"replay": document, "receipts": {}}, {"replay": document},
                 {"replay": [], "receipts": []},
                 {"replay": document, "receipts": [], "extra": 1}):
        answer = client.post("/replays/verify", json=body)
        assert answer.status_code == 400, body
        assert answer.json["code"] == "invalid-request"


def test_a_malformed_receipt_fails_verification_without_a_500(client):
    game_id = create(client, [{"bot": "random"}, {"bot": "first"}])["game_id"]
    document = client.get(f"/games/{game_id}/replay").json
    for receipt in (1, None, "x", {"seq": 1}, {**dict.fromkeys(
            ["format", "format_version", "key_id", "game_id", "seq", "seat", "move", "at",
             "sealed_hash", "signature"], None)}):
        answer = client.post("/replays/verify", json={"replay": document,
                                                      "receipts": [receipt]})
        assert answer.status_code == 200 and answer.json["valid"] is False, receipt
        assert answer.json["failed_receipt"] == 1 or answer.json["reason"]


def test_bots_moves_and_other_seats_moves_bring_no_receipt(client):
    body = create(client, [{"name": "ann"}, {"bot": "first"}])
    game_id, token = body["game_id"], body["tokens"]["0"]
    answer = move(client, game_id, token, {"kind": "secret", "n": 2})
    # The bot answered its secret in the same request: only ann's move is receipted to her.
    assert answer.json["version"] > answer.json["receipts"][0]["seq"]
    assert [r["seat"] for r in answer.json["receipts"]] == [0]
