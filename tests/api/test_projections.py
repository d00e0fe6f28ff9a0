"""Projections in Redis: own writes, rebuilt from the event store, stale writes ignored."""

from __future__ import annotations

from pathlib import Path
from uuid import UUID

import pytest

from projections import catch_up, rebuild
from tests.api.helpers import bearer, create, move


def every_document(client, body) -> dict:
    game_id = body["game_id"]
    return {"summary": client.get(f"/games/{game_id}").json,
            "board": client.get(f"/games/{game_id}/view").json,
            **{seat: client.get(f"/games/{game_id}/view", headers=bearer(token)).json
               for seat, token in body["tokens"].items()},
            "list": client.get("/games").json}


def verified_documents(client, app, body) -> dict:
    """``every_document`` once the finished games are re-verified, without the time of each
    re-verification (a flushed Redis verifies again, later)."""
    auditor = app.extensions["gamehall"].projector.auditor
    client.get("/games")  # a finished game read without a verdict is verified again
    assert auditor.wait_idle(timeout=60)
    documents = every_document(client, body)
    for summary in [documents["summary"], *documents["list"]["games"]]:
        if summary["verification"] is not None:
            summary["verification"].pop("at")
    return documents


def test_flushing_redis_changes_no_view(client, app, redis_client):
    body = create(client)
    move(client, body["game_id"], body["tokens"]["0"], {"kind": "secret", "n": 2})
    create(client, [{"bot": "random"}, {"bot": "random"}])
    before = verified_documents(client, app, body)
    redis_client.flushdb()
    assert verified_documents(client, app, body) == before


def test_rebuilding_from_the_notification_log_restores_the_index(client, app, redis_client):
    ids = {create(client, [{"bot": "random"}, {"bot": "first"}])["game_id"] for _ in range(3)}
    projector = app.extensions["gamehall"].projector
    assert rebuild(projector) == 3
    assert set(projector.store.index(None, None, None, newest_first=True)) == ids
    assert projector.store.position() == projector.service.recorder.max_notification_id()
    assert catch_up(projector) == 0


def test_a_game_played_outside_the_api_is_seen_by_the_next_read(client, service):
    body = create(client)
    service.play(UUID(body["game_id"]), 1, [{"kind": "secret", "n": 3}], "bob")
    assert client.get(f"/games/{body['game_id']}").json["waiting_for"] == [0]
    listed = client.get("/games").json["games"][0]
    assert listed["version"] == 3


def test_a_stale_view_write_is_ignored(client, app, service):
    body = create(client)
    game_id = UUID(body["game_id"])
    old = service.get(game_id)
    move(client, body["game_id"], body["tokens"]["0"], {"kind": "secret", "n": 2})
    store = app.extensions["gamehall"].store
    assert app.extensions["gamehall"].projector.record(old) is not None
    assert store.version(str(game_id)) == 3
    assert store.read(str(game_id), "seat:0")[1]["view"]["secret"][0] == 2


def test_the_embedded_redis_starts_from_a_relative_folder_as_make_run_uses(tmp_path,
                                                                           monkeypatch):
    import redis

    from projections.store import embedded_server

    monkeypatch.chdir(tmp_path)
    with embedded_server(Path("var") / "redis") as url:
        client = redis.Redis.from_url(url)
        assert client.ping()
        client.close()
    assert not (tmp_path / "var" / "redis" / "redis.sock").exists()


def test_a_second_server_on_the_same_var_folder_is_refused_and_the_first_keeps_running(
        tmp_path):
    import pytest
    import redis

    from projections.store import embedded_server

    with embedded_server(tmp_path / "redis") as url:
        with pytest.raises(RuntimeError, match="already running"):
            with embedded_server(tmp_path / "redis"):
                pass
        client = redis.Redis.from_url(url)
        assert client.ping()
        client.close()


def test_after_a_kill_9_the_next_server_takes_over_the_orphaned_redis_and_keeps_its_data(
        tmp_path):
    """A server killed with SIGKILL leaves its embedded Redis running (its own session);
    the next start must just work, with what the orphan held saved and loaded again."""
    import os
    import signal
    import subprocess
    import sys

    import redis

    from projections.store import embedded_server

    folder = tmp_path / "redis"
    code = ("import sys, time, redis\n"
            "from pathlib import Path\n"
            "from projections.store import embedded_server\n"
            f"with embedded_server(Path({str(folder)!r})) as url:\n"
            "    redis.Redis.from_url(url).set('kept', 'yes')\n"
            "    print(url, flush=True)\n"
            "    time.sleep(60)\n")
    root = Path(__file__).resolve().parents[2]
    server = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, cwd=root,
                              text=True)
    url = server.stdout.readline().strip()
    assert url.startswith("unix://")
    os.kill(server.pid, signal.SIGKILL)
    server.wait(timeout=10)
    orphan = redis.Redis.from_url(url)
    assert orphan.ping()  # still running, as after a real kill -9
    orphan.close()

    with embedded_server(folder) as new_url:
        client = redis.Redis.from_url(new_url)
        assert client.get("kept") == b"yes"
        client.close()
    assert not (folder / "redis.sock").exists()


def test_the_embedded_redis_saves_to_disk(tmp_path):
    import redis

    from projections.store import embedded_server

    with embedded_server(tmp_path / "redis") as url:
        client = redis.Redis.from_url(url)
        assert client.config_get("save") == {"save": "300 1"}
        client.close()


def test_a_seat_reads_a_move_played_outside_the_api_in_its_next_view(client, service):
    body = create(client)
    service.play(UUID(body["game_id"]), 1, [{"kind": "secret", "n": 3}], "bob")
    mine = client.get(f"/games/{body['game_id']}/view", headers=bearer(body["tokens"]["1"]))
    assert mine.json["version"] == 3 and mine.json["view"]["secret"][1] == 3


def test_a_view_sent_as_stored_is_what_its_documented_schema_gives(client):
    from api.schemas import ViewSchema

    body = create(client)
    move(client, body["game_id"], body["tokens"]["0"], {"kind": "secret", "n": 2})
    for headers in ({}, bearer(body["tokens"]["0"]), bearer(body["tokens"]["1"])):
        sent = client.get(f"/games/{body['game_id']}/view", headers=headers)
        assert sent.content_type == "application/json"
        assert sent.json == ViewSchema().dump(sent.json)


def test_a_view_read_whose_version_check_fails_leaves_no_reply_on_a_lent_connection(
        client, app, monkeypatch):
    """A view's Redis read is sent before the store is asked the game's version: when that
    question fails, the read's connection is closed, never lent again with its reply unread
    (the next read on it would take that reply for its own)."""
    first, second = create(client), create(client)
    projector = app.extensions["gamehall"].projector
    client.get(f"/games/{first['game_id']}/view")  # a connection made and lent again
    real = projector.version_of

    def failing(game_id):
        raise ConnectionError("the store went away")

    monkeypatch.setattr(projector, "version_of", failing)
    with pytest.raises(ConnectionError):
        projector.read_text(UUID(first["game_id"]))
    monkeypatch.setattr(projector, "version_of", real)
    for body in (second, first, second):
        assert client.get(f"/games/{body['game_id']}/view").json["game_id"] == body["game_id"]


def test_work_done_while_the_views_are_written_runs_once_and_its_failure_closes_the_write(
        client, app, service):
    """``record`` runs the caller's work after sending the views' write and before reading
    its reply: the views are written all the same, and when that work fails, the write's
    connection is closed, never lent again with its reply unread."""
    body = create(client)
    projector = app.extensions["gamehall"].projector
    game = service.get(UUID(body["game_id"]))
    ran: list[int] = []
    projector.record(game, lambda: ran.append(game.version))
    assert ran == [game.version]

    def failing():
        raise ConnectionError("the receipt store went away")

    with pytest.raises(ConnectionError):
        projector.record(game, failing)
    other = create(client)
    move(client, other["game_id"], other["tokens"]["0"], {"kind": "secret", "n": 2})
    for each in (body, other):
        view = client.get(f"/games/{each['game_id']}/view", headers=bearer(each["tokens"]["0"]))
        assert view.json["game_id"] == each["game_id"]
    assert client.get(f"/games/{other['game_id']}").json["version"] == 3
