"""Forking a finished game into a sandbox: POST /games/{id}/fork {"at": N}."""

from __future__ import annotations

import contextlib
import copy
import io
from uuid import UUID

import pytest

import cli
from domain.history import record_hash
from replays import build_document, verify_document
from tests.api.helpers import create, play_out
from tests.test_replays import rehash_from


def finished_source(client, service, game: str = "toy"):
    """A finished game of bots, and the number of an event in the middle of its play."""
    game_id = create(client, [{"bot": "random"}, {"bot": "first"}], game=game)["game_id"]
    moves = [r["seq"] for r in service.records(UUID(game_id)) if r["type"] == "move_made"]
    return game_id, moves[len(moves) // 2]


def test_a_fork_starts_from_the_source_state_after_event_n_with_new_seats(client, service):
    source, at = finished_source(client, service)
    answer = client.post(f"/games/{source}/fork", json={"at": at})
    assert answer.status_code == 201, answer.json
    fork = answer.json["game_id"]
    summary = answer.json["game"]
    recorded = service.records(UUID(source))[at - 1]
    assert summary["sandbox"] is True
    assert summary["forked_from"] == {"game_id": source, "seq": at,
                                      "state_hash": recorded["state_hash"]}
    assert [s["name"] for s in summary["seats"]] == ["seat 0", "seat 1"]
    assert set(answer.json["tokens"]) == {"0", "1"}
    assert service.get(UUID(fork), version=1).state == service.get(UUID(source),
                                                                   version=at).state
    first = client.get(f"/games/{fork}/replay").json["events"][0]
    assert first["type"] == "forked" and first["payload"]["origin"]["seq"] == at


def test_a_fork_draws_from_a_seed_of_its_own(client, service):
    source, at = finished_source(client, service)
    fork = client.post(f"/games/{source}/fork", json={"at": at}).json["game_id"]
    commitments = {service.records(UUID(g))[0]["payload"]["commitment"] for g in (source, fork)}
    assert len(commitments) == 2 and service.seed_of(UUID(fork)) != service.seed_of(UUID(source))


def test_a_played_out_fork_verifies_with_its_origin_and_is_listed_as_a_sandbox(client, app,
                                                                             service):
    source, at = finished_source(client, service)
    body = client.post(f"/games/{source}/fork", json={"at": at}).json
    fork = body["game_id"]
    play_out(client, fork, body["tokens"])
    document = client.get(f"/games/{fork}/replay").json
    assert document["complete"]
    assert client.post("/replays/verify", json=document).json["valid"] is True
    alone = verify_document(document)
    assert not alone.valid and alone.failed_step == 1 and "was not given" in alone.reason
    source_doc = build_document(service.records(UUID(source)))
    assert verify_document(document, {source: source_doc}.get).valid
    assert app.extensions["gamehall"].projector.auditor.wait_idle(timeout=60)
    listed = {g["game_id"]: g for g in client.get("/games").json["games"]}
    assert listed[fork]["sandbox"] is True and listed[source]["sandbox"] is False
    assert listed[fork]["verification"]["verified"] is True


def test_a_fork_claiming_another_point_of_its_source_fails_at_its_first_event(client,
                                                                               service):
    source, at = finished_source(client, service)
    body = client.post(f"/games/{source}/fork", json={"at": at}).json
    play_out(client, body["game_id"], body["tokens"])
    document = client.get(f"/games/{body['game_id']}/replay").json
    source_doc = build_document(service.records(UUID(source)))
    forged = copy.deepcopy(document)
    forged["events"][0]["payload"]["origin"]["seq"] = at + 1  # the chain recomputed after it
    forged["events"][0]["hash"] = record_hash(forged["events"][0])
    rehash_from(forged, 1)
    verdict = verify_document(forged, {source: source_doc}.get)
    assert not verdict.valid and verdict.failed_step == 1
    assert "does not start where it says" in verdict.reason


def test_a_game_still_being_played_cannot_be_forked(client):
    body = create(client)
    version = client.get(f"/games/{body['game_id']}").json["version"]
    answer = client.post(f"/games/{body['game_id']}/fork", json={"at": version})
    assert answer.status_code == 409 and answer.json["code"] == "game-not-finished"
    assert [g["game_id"] for g in client.get("/games").json["games"]] == [body["game_id"]]


def test_a_fork_point_where_the_game_was_not_being_played_is_refused(client, service):
    source, _ = finished_source(client, service)
    version = client.get(f"/games/{source}").json["version"]
    ended = next(r["seq"] for r in service.records(UUID(source)) if r["type"] == "ended")
    for at in (version, version + 5, ended - 1):
        answer = client.post(f"/games/{source}/fork", json={"at": at})
        assert answer.status_code == 422 and answer.json["code"] == "bad-fork-point", at
    assert len(client.get("/games").json["games"]) == 1


def test_a_fork_request_of_the_wrong_shape_is_a_400(client, service):
    source, at = finished_source(client, service)
    for body in ({}, {"at": float(at)}, {"at": True}, {"at": str(at)}, {"at": 0},
                 {"at": at, "players": []}, {"at": at, "extra": 1}):
        answer = client.post(f"/games/{source}/fork", json=body)
        assert answer.status_code == 400, body


def test_a_fork_with_another_number_of_seats_is_refused(client, service):
    source, at = finished_source(client, service)
    answer = client.post(f"/games/{source}/fork", json={"at": at, "players": [{"name": "a"}]})
    assert answer.status_code == 422 and answer.json["code"] == "bad-options"


def test_a_fork_of_no_game_is_a_404(client):
    answer = client.post("/games/00000000-0000-4000-8000-000000000000/fork", json={"at": 1})
    assert answer.status_code == 404


def test_a_sandbox_may_allow_takebacks_and_its_history_says_so(client, service):
    source, at = finished_source(client, service, game="open")  # no hidden information
    allowed = client.post(f"/games/{source}/fork", json={"at": at, "takebacks": True}).json
    plain = client.post(f"/games/{source}/fork", json={"at": at}).json
    assert allowed["game"]["takebacks"] is True and plain["game"]["takebacks"] is False
    first = service.records(UUID(allowed["game_id"]))[0]["payload"]
    assert first["takebacks"] is True
    assert "takebacks" not in service.records(UUID(plain["game_id"]))[0]["payload"]


HOSTED = ("revolution", "dominion", "godofwar", "thrones")


def cli_verdict(tmp_path, fork: bytes, source: bytes) -> str:
    """``gamehall replay verify FORK --source SOURCE`` on the documents as the API sent them
    (keys sorted): its first line."""
    (tmp_path / "fork.json").write_bytes(fork)
    (tmp_path / "source.json").write_bytes(source)
    output = io.StringIO()
    with contextlib.redirect_stdout(output), contextlib.suppress(SystemExit):
        cli.main(["replay", "verify", str(tmp_path / "fork.json"), "--source",
                  str(tmp_path / "source.json"), "--jobs", "1"])
    return output.getvalue().splitlines()[0]


@pytest.mark.parametrize("game", HOSTED)
def test_forks_of_every_game_at_several_points_get_one_verdict_from_server_and_cli(
        client, app, service, tmp_path, game):
    source = create(client, [{"bot": "random"}, {"bot": "random"}], game=game)["game_id"]
    played = [r["seq"] for r in service.records(UUID(source)) if r["type"] == "move_made"]
    forks = []
    for at in (played[1], played[len(played) // 3], played[2 * len(played) // 3]):
        body = client.post(f"/games/{source}/fork", json={
            "at": at, "players": [{"bot": "random"}, {"bot": "random"}]}).json
        forks.append(body["game_id"])
    assert app.extensions["gamehall"].projector.auditor.wait_idle(timeout=120)
    listed = {g["game_id"]: g for g in client.get("/games").json["games"]}
    source_bytes = client.get(f"/games/{source}/replay").data
    for fork in forks:
        assert listed[fork]["verification"]["verified"] is True
        served = client.get(f"/games/{fork}/replay").data
        assert client.post("/replays/verify", data=served,
                           content_type="application/json").json["valid"] is True
        assert cli_verdict(tmp_path, served, source_bytes).startswith("valid: "), fork
