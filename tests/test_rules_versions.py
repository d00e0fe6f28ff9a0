"""Games are played, rebuilt, viewed, verified and exported under the rules version they were
created under; a new version is used only for new games; a history that no longer reproduces
under its rules is refused, never served in some other state."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import replace

import pytest

from domain.games import get_rules, register_extra, unregister_extra_version, versions
from domain.history import HistoryDiverged, record_hash
from replays import build_document, to_ndjson_lines, verify_document
from tests import toygame

from .conftest import make_service
from .test_replays import rehash_from

BOTS = [{"bot": "random"}, {"bot": "random"}]
HUMANS = [{"name": "ann"}, {"name": "bob"}]


@pytest.fixture
def sqlite_env(tmp_path):
    return {"PERSISTENCE_MODULE": "eventsourcing.sqlite",
            "SQLITE_DBNAME": str(tmp_path / "games.sqlite")}


@pytest.fixture
def toy_v2_released() -> Iterator[None]:
    register_extra("toy", toygame.RULES_V2)
    yield
    unregister_extra_version("toy", "toy-2")


def choose_secrets(service, game_id) -> None:
    """Both seats choose their secret; the service then rolls the first die by itself."""
    service.play(game_id, 0, [{"kind": "secret", "n": 1}], "ann")
    service.play(game_id, 1, [{"kind": "secret", "n": 2}], "bob")


def test_a_new_version_is_current_for_new_games_only(sqlite_env, toy_v2_released):
    service = make_service(sqlite_env)
    created, _ = service.create_game("toy", {}, BOTS)
    assert versions("toy") == ["toy-1", "toy-2"]
    assert created.rules_version == "toy-2"
    rolls = [r["payload"] for r in service.records(created.id) if r["type"] == "chance_resolved"]
    assert all(p["spec"]["faces"] == [1, 2, 3, 4] for p in rolls[1:])
    service.close()


def test_games_recorded_under_the_old_version_keep_its_rules_after_a_release(sqlite_env):
    before = make_service(sqlite_env)
    finished, _ = before.create_game("toy", {"goal": 30}, BOTS)
    ongoing, _ = before.create_game("toy", {}, HUMANS)
    finished_document = build_document(before.records(finished.id))
    before.close()

    register_extra("toy", toygame.RULES_V2)
    try:
        after = make_service(sqlite_env)  # a restart: every game is rebuilt from the store
        rebuilt = after.get(finished.id)
        assert rebuilt.rules_version == "toy-1" and rebuilt.state == finished.state
        assert after.records(finished.id) == before_records(finished_document)
        document = build_document(after.records(finished.id))
        assert document == finished_document
        assert verify_document(document).valid
        assert json.loads(next(iter(to_ndjson_lines([document])))) == finished_document
        assert get_rules("toy", "toy-1").view(rebuilt.state, 0)["pos"] == finished.state["pos"]

        choose_secrets(after, ongoing.id)
        game = after.get(ongoing.id)
        rolled = [r for r in after.records(ongoing.id) if r["type"] == "chance_resolved"]
        assert rolled[-1]["payload"]["spec"]["faces"] == [1, 2, 3, 4, 5, 6]
        assert game.rules_version == "toy-1"
        after.close()
    finally:
        unregister_extra_version("toy", "toy-2")


def before_records(document):
    """The records a complete document was built from (its events less the log lines)."""
    return [{key: value for key, value in event.items() if key != "log"}
            | {"game_id": document["game_id"]} for event in document["events"]]


def test_a_replay_names_a_rules_version_this_server_never_released(service):
    created, _ = service.create_game("toy", {}, BOTS)
    document = build_document(service.records(created.id))
    created_event = document["events"][0]
    created_event["payload"]["rules_version"] = "toy-9"  # say, from a newer server
    created_event["hash"] = record_hash(created_event)
    rehash_from(document, 1)
    verdict = verify_document(document)
    assert not verdict.valid and verdict.failed_step == 1
    assert "no rules version 'toy-9'" in verdict.reason


def test_a_history_that_no_longer_reproduces_is_refused_with_the_event_named(sqlite_env):
    first = make_service(sqlite_env)
    created, _ = first.create_game("toy", {}, BOTS)
    first.close()
    # The rules code changed without a new version: every die now lands one higher.
    changed = replace(toygame.RULES, apply_chance=lambda state, outcome: toygame.apply_chance(
        state, outcome + 1 if isinstance(outcome, int) else outcome))
    register_extra("toy", changed)
    try:
        second = make_service(sqlite_env)
        with pytest.raises(HistoryDiverged) as refused:
            second.get(created.id)
        first_roll = next(r for r in build_document_records(sqlite_env, created.id)
                          if r["type"] == "chance_resolved" and r["payload"]["spec"].get("public"))
        assert refused.value.details["seq"] == first_roll["seq"]
        assert "toy rules toy-1" in refused.value.message
        second.close()
    finally:
        register_extra("toy", toygame.RULES)


def build_document_records(env, game_id):
    """The stored records, read without rebuilding the game."""
    service = make_service(env)
    try:
        return [{"seq": e.originator_version, "type": e.type_name, "payload": e.payload}
                for e in service.repository.event_store.get(game_id)]
    finally:
        service.close()
