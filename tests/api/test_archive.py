"""Replay documents over HTTP, verification of uploads, bulk export with filters."""

from __future__ import annotations

import csv
import io
import json

from tests.api.helpers import bearer, create


def finished_game(client) -> str:
    return create(client, [{"bot": "random"}, {"bot": "first"}])["game_id"]


def test_a_finished_games_replay_is_complete_and_verifies(client):
    game_id = finished_game(client)
    document = client.get(f"/games/{game_id}/replay").json
    assert document["complete"] and document["seed"]
    verdict = client.post("/replays/verify", json=document)
    assert verdict.status_code == 200
    assert verdict.json == {"valid": True, "events": len(document["events"]),
                            "failed_step": None, "reason": None, "explanation": None}


def test_a_tampered_replay_fails_at_the_edited_step(client):
    document = client.get(f"/games/{finished_game(client)}/replay").json
    roll = next(e for e in document["events"] if e["type"] == "chance_resolved"
                and e["payload"]["spec"]["kind"] == "roll")
    roll["payload"]["outcome"] = roll["payload"]["outcome"] % 6 + 1
    verdict = client.post("/replays/verify", json=document).json
    assert verdict["valid"] is False and verdict["failed_step"] == roll["seq"]
    assert verdict["reason"]


def test_a_replay_during_play_holds_only_what_the_caller_may_see(client):
    body = create(client)
    game_id = body["game_id"]
    document = client.get(f"/games/{game_id}/replay", headers=bearer(body["tokens"]["1"])).json
    assert not document["complete"] and document["seed"] is None and document["viewer"] == 1
    assert document["events"][1]["payload"]["outcome"] is None


def test_verifying_a_non_object_or_malformed_body_is_a_400(client):
    assert client.post("/replays/verify", json=[1, 2]).status_code == 400
    assert client.post("/replays/verify", data="{", content_type="application/json"
                       ).status_code == 400
    verdict = client.post("/replays/verify", json={"format": "nope"})
    assert verdict.status_code == 200 and verdict.json["valid"] is False


def test_export_streams_one_document_a_line_of_finished_games_only(client):
    finished = {finished_game(client) for _ in range(3)}
    create(client)  # an active game is not exported by default
    answer = client.get("/replays/export?game=toy")
    assert answer.mimetype == "application/x-ndjson"
    docs = [json.loads(line) for line in answer.data.decode().splitlines()]
    assert {d["game_id"] for d in docs} == finished and all(d["complete"] for d in docs)


def test_export_as_csv_has_one_row_an_event_and_honours_the_limit(client):
    ids = [finished_game(client) for _ in range(2)]
    answer = client.get("/replays/export?format=csv&limit=1")
    assert answer.mimetype == "text/csv"
    rows = list(csv.DictReader(io.StringIO(answer.data.decode())))
    assert {r["game_id"] for r in rows} == {ids[0]}
    assert [int(r["seq"]) for r in rows] == list(range(1, len(rows) + 1))


def test_export_filters_by_creation_dates(client):
    finished_game(client)
    # The test clock starts at 2026-01-01T00:00:00Z and ticks a second an event.
    assert client.get("/replays/export?until=2025-12-31T00:00:00Z").data == b""
    assert client.get("/replays/export?since=2025-12-31T00:00:00Z").data.count(b"\n") == 1
    assert client.get("/replays/export?since=2026-01-01").status_code == 400


def test_exported_documents_are_the_stored_ones_and_equal_those_rebuilt_from_events(
        client, service, redis_client):
    from uuid import UUID

    from domain.kernel import canonical_json
    from replays import build_document, to_csv_lines

    ids = [finished_game(client) for _ in range(3)]
    rebuilt = [build_document(service.records(UUID(game_id))) for game_id in ids]
    stored = redis_client.hget(f"gh:game:{ids[0]}", "replay")
    assert stored == canonical_json(rebuilt[0])  # kept when the game ended
    ndjson = client.get("/replays/export?game=toy").data.decode()
    assert ndjson == "".join(canonical_json(doc) + "\n" for doc in rebuilt)
    csv_text = client.get("/replays/export?game=toy&format=csv").data.decode()
    assert csv_text == "".join(to_csv_lines(rebuilt))
    redis_client.flushdb()  # rebuilt from the events, like every other view
    assert client.get("/replays/export?game=toy").data.decode() == ndjson
    assert client.get("/replays/export?game=toy&format=csv").data.decode() == csv_text


def test_the_api_serves_each_table_as_parquet(client):
    import pyarrow.parquet as pq

    finished = {create(client, [{"bot": "random"}, {"bot": "first"}])["game_id"]
                for _ in range(2)}
    for table, rows in (("games", 2), ("events", None)):
        answer = client.get(f"/replays/export?format=parquet&table={table}")
        assert answer.status_code == 200 and answer.mimetype == "application/vnd.apache.parquet"
        read = pq.read_table(io.BytesIO(answer.data)).to_pylist()
        assert {r["game_id"] for r in read} == finished
        assert rows is None or len(read) == rows
    assert client.get("/replays/export?format=parquet&table=moves").status_code == 400
    too_many = client.get("/replays/export?format=parquet&limit=2001")
    assert too_many.status_code == 400 and "since/until" in too_many.json["detail"]
