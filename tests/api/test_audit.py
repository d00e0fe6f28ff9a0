"""Every finished game re-verified by the server, off the request path: the verdict in the
summary and in GET /games?verified=, a failure logged loudly, a rebuild verifying again; tested
with stored events corrupted underneath the service."""

from __future__ import annotations

import dataclasses
import logging
from uuid import UUID

from projections import rebuild
from tests.api.helpers import create, move, play_out


def audited(app) -> None:
    """Wait until the re-verifier has done everything it was given."""
    assert app.extensions["gamehall"].projector.auditor.wait_idle(timeout=60)


def corrupt(service, game_id: str, seq: int, old: bytes, new: bytes) -> None:
    """Edit a stored event's bytes in the event store, under the running service (whose cached
    game is untouched, as after a disk fault or a hand-edited database)."""
    recorder = service.recorder
    if hasattr(recorder, "datastore"):  # PostgreSQL: the row itself
        corrupt_row(recorder, game_id, seq, old, new)
        return
    position = recorder._stored_events_index[game_id][seq]
    stored = recorder._stored_events[position]
    assert old in stored.state
    recorder._stored_events[position] = dataclasses.replace(
        stored, state=stored.state.replace(old, new))


def corrupt_row(recorder, game_id: str, seq: int, old: bytes, new: bytes) -> None:
    from psycopg.sql import SQL, Identifier

    table = SQL("{}.{}").format(Identifier(recorder.datastore.schema),
                                Identifier(recorder.events_table_name))
    where = SQL(" WHERE originator_id = %s AND originator_version = %s")
    with recorder.datastore.transaction(commit=True) as cursor:
        cursor.execute(SQL("SELECT state FROM ") + table + where, (UUID(game_id), seq))
        state = bytes(cursor.fetchone()["state"])
        assert old in state
        cursor.execute(SQL("UPDATE ") + table + SQL(" SET state = %s") + where,
                       (state.replace(old, new), UUID(game_id), seq))


def test_a_finished_game_is_re_verified_and_its_summary_says_when(client, app):
    game_id = create(client, [{"bot": "random"}, {"bot": "first"}])["game_id"]
    audited(app)
    summary = client.get(f"/games/{game_id}").json
    verification = summary["verification"]
    assert verification["verified"] is True and verification["failed_step"] is None
    assert verification["events"] == summary["version"] and verification["at"]
    listed = client.get("/games?verified=true").json["games"]
    assert [g["game_id"] for g in listed] == [game_id]
    assert client.get("/games?verified=false").json["games"] == []


def test_a_game_still_being_played_has_no_verdict(client, app):
    game_id = create(client)["game_id"]
    audited(app)
    assert client.get(f"/games/{game_id}").json["verification"] is None


def test_a_game_whose_stored_events_were_corrupted_in_play_fails_and_is_logged(
        client, app, service, caplog):
    honest = create(client, [{"bot": "random"}, {"bot": "first"}])["game_id"]
    body = create(client)
    game_id, tokens = body["game_id"], body["tokens"]
    answer = move(client, game_id, tokens["0"], {"kind": "secret", "n": 2})
    seq = answer.json["receipts"][0]["seq"]
    # A label no state hash covers: the game keeps being served (its states still reproduce),
    # and only the hash chain, which re-verification checks, shows the edit.
    corrupt(service, game_id, seq, b'"by":"ann"', b'"by":"eve"')
    caplog.set_level(logging.ERROR, logger="gamehall.audit")
    play_out(client, game_id, tokens)
    audited(app)
    verification = client.get(f"/games/{game_id}").json["verification"]
    assert verification["verified"] is False and verification["failed_step"] == seq
    assert "hash" in verification["reason"]
    failed = [g["game_id"] for g in client.get("/games?verified=false").json["games"]]
    assert failed == [game_id]
    assert honest in [g["game_id"] for g in client.get("/games?verified=true").json["games"]]
    [logged] = [r for r in caplog.records if r.name == "gamehall.audit"]
    assert game_id in logged.getMessage() and f"event {seq}" in logged.getMessage()


def test_a_failed_game_asked_for_again_is_not_verified_or_logged_twice(
        client, app, service, caplog):
    body = create(client)
    game_id, tokens = body["game_id"], body["tokens"]
    seq = move(client, game_id, tokens["0"], {"kind": "secret", "n": 2}).json["receipts"][0]["seq"]
    corrupt(service, game_id, seq, b'"by":"ann"', b'"by":"eve"')
    caplog.set_level(logging.ERROR, logger="gamehall.audit")
    play_out(client, game_id, tokens)
    audited(app)
    auditor = app.extensions["gamehall"].projector.auditor
    # As when a read of the finished game schedules it while its first verification runs.
    assert auditor.audit(game_id) is None
    assert client.get(f"/games/{game_id}").json["verification"]["failed_step"] == seq
    assert len([r for r in caplog.records if r.name == "gamehall.audit"]) == 1


def test_a_rebuild_verifies_again_and_catches_a_game_corrupted_since(client, app, service):
    game_id = create(client, [{"bot": "random"}, {"bot": "first"}])["game_id"]
    audited(app)
    assert client.get(f"/games/{game_id}").json["verification"]["verified"] is True
    records = service.records(UUID(game_id))
    bot_move = next(r for r in records if r["type"] == "move_made")
    corrupt(service, game_id, bot_move["seq"], b'"by":"random bot"', b'"by":"a human"')
    rebuild(app.extensions["gamehall"].projector)
    audited(app)
    verification = client.get(f"/games/{game_id}").json["verification"]
    assert verification["verified"] is False
    assert verification["failed_step"] == bot_move["seq"]


def test_a_finished_game_found_without_a_verdict_is_verified_when_read(client, app,
                                                                       redis_client):
    game_id = create(client, [{"bot": "random"}, {"bot": "first"}])["game_id"]
    audited(app)
    redis_client.hdel(f"gh:game:{game_id}", "verdict")  # as if its verifier was killed
    assert client.get(f"/games/{game_id}").json["verification"] is None
    audited(app)
    assert client.get(f"/games/{game_id}").json["verification"]["verified"] is True


def test_verified_must_be_a_boolean(client):
    answer = client.get("/games?verified=maybe")
    assert answer.status_code == 400 and answer.json["code"] == "invalid-request"


def test_a_game_ended_here_is_verified_from_the_document_built_at_its_end(client, app, service,
                                                                          monkeypatch):
    read = []
    records = service.records
    monkeypatch.setattr(service, "records", lambda game_id: read.append(game_id) or
                        records(game_id))
    game_id = create(client, [{"bot": "random"}, {"bot": "first"}])["game_id"]
    audited(app)
    assert client.get(f"/games/{game_id}").json["verification"]["verified"] is True
    assert read == []  # the events were read once, for the replay document stored
