"""Views and moves: own-write reads, lists of moves, versions, idempotency, time travel."""

from __future__ import annotations

import threading
from uuid import UUID

import pytest

from api.schemas import MoveResultSchema
from tests.api.helpers import PROBLEM, bearer, create, move, view

SECRET_2 = {"kind": "secret", "n": 2}


def test_a_seat_sees_its_prompt_and_a_spectator_sees_none(client):
    body = create(client)
    mine = view(client, body["game_id"], body["tokens"]["0"])
    assert mine["seat"] == 0 and mine["prompt"]["kind"] == "secret"
    board = view(client, body["game_id"])
    assert board["seat"] is None and board["prompt"] is None


def test_a_move_answers_the_new_version_and_the_movers_view_at_once(client):
    body = create(client)
    answer = move(client, body["game_id"], body["tokens"]["0"], SECRET_2)
    assert answer.status_code == 200
    assert answer.json["version"] == 3 and answer.json["view"]["version"] == 3
    assert answer.json["view"]["view"]["secret"][0] == 2
    assert view(client, body["game_id"], body["tokens"]["0"])["version"] == 3


@pytest.mark.parametrize("game", ["revolution", "dominion", "godofwar", "thrones"])
def test_a_moves_answer_is_what_its_schema_writes_with_the_view_as_stored(client, game):
    """The answer is written around the view's stored text (encoded once): the same JSON,
    byte for byte, as the schema's dump of it encoded as every answer is."""
    body = create(client, game=game)
    seat = body["game"]["waiting_for"][0]
    token = body["tokens"][str(seat)]
    answer = move(client, body["game_id"], token,
                  view(client, body["game_id"], token)["prompt"]["legal_moves"][0])
    assert answer.status_code == 200, answer.json
    with client.application.app_context():
        dumped = client.application.json.response(MoveResultSchema().dump(answer.json))
    assert answer.get_data() == dumped.get_data()
    assert answer.json["view"] == view(client, body["game_id"], token)


def test_a_list_of_moves_with_an_illegal_one_records_nothing(client, service):
    body = create(client)
    game_id, token = body["game_id"], body["tokens"]["0"]
    before = len(service.records(game_id))
    answer = client.post(f"/games/{game_id}/moves", headers=bearer(token),
                         json={"moves": [SECRET_2, {"kind": "advance", "by": "roll"}]})
    assert answer.status_code in (409, 422) and answer.content_type == PROBLEM
    assert len(service.records(game_id)) == before


def test_a_list_of_moves_is_applied_in_order(client):
    # Revolution, old style: the starter places the Citizen; the other seat then places its
    # King beside it and, in the same list, uses the King's ability to destroy the Citizen.
    body = create(client, game="revolution", options={"neutrals": "old_style"})
    game_id = body["game_id"]
    starter = view(client, game_id)["waiting_for"][0]
    other = 1 - starter
    first = move(client, game_id, body["tokens"][str(starter)],
                 {"kind": "place", "tile": "citizen", "square": 4})
    assert first.status_code == 200, first.json
    king = "king" if other == 0 else "hierophant"
    answer = client.post(f"/games/{game_id}/moves", headers=bearer(body["tokens"][str(other)]),
                         json={"moves": [{"kind": "place", "tile": king, "square": 1},
                                         {"kind": "destroy", "square": 4}]})
    assert answer.status_code == 200, answer.json
    assert answer.json["version"] == first.json["version"] + 2
    # The destroyed Citizen was the starter's ally, so it is gone as the starter's turn begins.
    board = view(client, game_id)["view"]
    assert board["board"][4] is None and board["removed"] == ["citizen"]
    assert board["board"][1]["tile"] == king


def test_a_list_of_moves_running_past_a_draw_is_refused_whole(client, service):
    body = create(client, [{"name": "ann"}, {"bot": "first"}])
    game_id, token = body["game_id"], body["tokens"]["0"]
    before = len(service.records(game_id))
    answer = client.post(f"/games/{game_id}/moves", headers=bearer(token),
                         json={"moves": [SECRET_2, {"kind": "advance", "by": "secret"}]})
    assert answer.status_code == 422 and answer.json["code"] == "move-list-crosses-draw"
    assert len(service.records(game_id)) == before


def test_an_illegal_move_answers_422_with_the_reason_and_the_legal_moves(client):
    body = create(client)
    answer = move(client, body["game_id"], body["tokens"]["0"], {"kind": "secret", "n": 7})
    assert answer.status_code == 422 and answer.json["code"] == "illegal-move"
    assert {"kind": "secret", "n": 1} in answer.json["legal_moves"]
    assert answer.json["detail"]


def test_a_stale_expected_version_answers_409_with_the_current_version(client):
    body = create(client)
    answer = move(client, body["game_id"], body["tokens"]["0"], SECRET_2, expected_version=1)
    assert answer.status_code == 409
    assert answer.json["code"] == "stale-version" and answer.json["current_version"] == 2


def test_a_retried_post_with_an_idempotency_key_is_applied_once(client, service):
    body = create(client)
    game_id, token = body["game_id"], body["tokens"]["0"]
    headers = {**bearer(token), "Idempotency-Key": "abc-1"}
    first = client.post(f"/games/{game_id}/moves", json={"move": SECRET_2}, headers=headers)
    again = client.post(f"/games/{game_id}/moves", json={"move": SECRET_2}, headers=headers)
    assert first.status_code == again.status_code == 200
    assert first.json == again.json
    assert len(service.records(game_id)) == 3


def test_racing_requests_with_one_idempotency_key_apply_the_move_once(client, service):
    body = create(client)
    game_id, token = body["game_id"], body["tokens"]["0"]
    headers = {**bearer(token), "Idempotency-Key": "race"}
    answers = []

    def post() -> None:
        answers.append(client.post(f"/games/{game_id}/moves", json={"move": SECRET_2},
                                   headers=headers))

    threads = [threading.Thread(target=post) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert [a.status_code for a in answers] == [200] * 8
    assert len({a.data for a in answers}) == 1
    assert len(service.records(game_id)) == 3


def test_an_idempotency_key_reused_for_another_request_is_refused(client):
    body = create(client)
    game_id, token = body["game_id"], body["tokens"]["0"]
    headers = {**bearer(token), "Idempotency-Key": "k"}
    client.post(f"/games/{game_id}/moves", json={"move": SECRET_2}, headers=headers)
    other = client.post(f"/games/{game_id}/moves", json={"move": {"kind": "secret", "n": 3}},
                        headers=headers)
    assert other.status_code == 422 and other.json["code"] == "idempotency-key-reused"


def test_a_retry_after_redis_was_flushed_answers_the_first_result_and_plays_nothing(
        client, service, redis_client):
    body = create(client)
    game_id, token = body["game_id"], body["tokens"]["0"]
    headers = {**bearer(token), "Idempotency-Key": "survives"}
    first = client.post(f"/games/{game_id}/moves", json={"move": SECRET_2}, headers=headers)
    move(client, game_id, body["tokens"]["1"], {"kind": "secret", "n": 1})  # the game goes on
    redis_client.flushdb()
    again = client.post(f"/games/{game_id}/moves", json={"move": SECRET_2}, headers=headers)
    assert again.status_code == 200 and again.json == first.json
    assert [r["seat"] for r in service.records(game_id) if r["type"] == "move_made"] == [0, 1]
    # The views it rebuilt on the way are the game's current ones.
    assert client.get(f"/games/{game_id}/view", headers=bearer(token)).json["version"] == len(
        service.records(game_id))


def test_an_idempotency_key_belongs_to_one_seat(client, service):
    body = create(client)
    game_id = body["game_id"]
    for seat in ("0", "1"):
        answer = client.post(f"/games/{game_id}/moves", json={"move": SECRET_2},
                             headers={**bearer(body["tokens"][seat]), "Idempotency-Key": "k"})
        assert answer.status_code == 200
    assert [r["seat"] for r in service.records(game_id) if r["type"] == "move_made"] == [0, 1]


def test_a_seat_may_look_back_at_its_own_past_views_during_play(client):
    body = create(client)
    game_id, token = body["game_id"], body["tokens"]["0"]
    move(client, game_id, token, SECRET_2)
    past = client.get(f"/games/{game_id}/view?at=2", headers=bearer(token))
    assert past.status_code == 200 and past.json["version"] == 2
    assert past.json["view"]["secret"][0] is None and past.json["prompt"]["kind"] == "secret"


def test_another_perspective_or_a_spectators_past_view_is_refused_during_play(client):
    body = create(client)
    game_id, token = body["game_id"], body["tokens"]["0"]
    other = client.get(f"/games/{game_id}/view?seat=1", headers=bearer(token))
    assert other.status_code == 403 and other.content_type == PROBLEM
    assert client.get(f"/games/{game_id}/view?at=2").status_code == 403
    assert client.get(f"/games/{game_id}/view?at=2&seat=1",
                      headers=bearer(token)).status_code == 403


def test_once_the_game_is_over_every_view_at_every_step_is_open(client):
    body = create(client, [{"bot": "random"}, {"bot": "first"}])
    game_id = body["game_id"]
    version = client.get(f"/games/{game_id}").json["version"]
    for at in (2, version // 2, version):
        for seat in ("", "&seat=0", "&seat=1"):
            answer = client.get(f"/games/{game_id}/view?at={at}{seat}")
            assert answer.status_code == 200 and answer.json["version"] == at
    assert client.get(f"/games/{game_id}/view?at={version + 1}").status_code == 400


def test_a_game_whose_history_no_longer_reproduces_is_refused_not_served(client, service):
    from dataclasses import replace

    from domain.games import register_extra
    from tests import toygame

    created = create(client)
    game_id, tokens = created["game_id"], created["tokens"]
    assert move(client, game_id, tokens["0"], {"kind": "secret", "n": 2}).status_code == 200
    # The toy's rules code changes without a new version: a secret now counts one more.
    changed = replace(toygame.RULES, apply_move=lambda state, seat, m: toygame.apply_move(
        state, seat, {**m, "n": m["n"] + 1} if m["kind"] == "secret" else m))
    register_extra("toy", changed)
    try:
        service.repository.cache = None  # as after a restart: rebuilt from the store
        response = move(client, game_id, tokens["1"], {"kind": "secret", "n": 1})
        assert response.status_code == 500
        assert response.json["code"] == "history-diverged"
        assert response.json["detail"].startswith("Event 3 of this game no longer reproduces")
    finally:
        register_extra("toy", toygame.RULES)
    recorded = list(service.repository.event_store.get(UUID(game_id)))
    assert [e.type_name for e in recorded][-1] == "move_made" and len(recorded) == 3
