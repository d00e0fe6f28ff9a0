"""Bad input of every kind: the right status, a problem+json body, and nothing recorded."""

from __future__ import annotations

import json
import uuid
from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from api.play import usual_move
from api.schemas import MovesSchema
from tests.api.helpers import PROBLEM, bearer, create, move

SECRET = {"kind": "secret", "n": 2}


@dataclass
class Case:
    name: str
    method: str
    path: str  # {id} is the game's id
    status: int
    code: str
    body: Any = None  # a dict is sent as JSON, bytes or str as they are
    token: str | None = None  # "0" / "1": that seat's token; anything else as it is
    headers: dict[str, str] = field(default_factory=dict)
    players: list[dict[str, Any]] | None = None
    setup: Any = None  # a function of (client, game) run first


def humans_moved(client, game):
    move(client, game["game_id"], game["tokens"]["0"], SECRET)


def finished(client, game):
    client.post(f"/games/{game['game_id']}/resign", headers=bearer(game["tokens"]["0"]))


CREATE = "/games"
MOVES = "/games/{id}/moves"
TOY = {"game": "toy", "players": [{"name": "a"}, {"name": "b"}]}

CASES = [
    Case("malformed JSON on create", "POST", CREATE, 400, "invalid-request", b'{"game": '),
    Case("malformed JSON on a move", "POST", MOVES, 400, "invalid-request", b"{'move': 1}",
         token="0"),
    Case("a JSON array for a body", "POST", CREATE, 400, "invalid-request", [TOY]),
    Case("deeply nested JSON", "POST", MOVES, 400, "invalid-request",
         b'{"move": ' + b"[" * 20000 + b"]" * 20000 + b"}", token="0"),
    Case("NaN in JSON", "POST", MOVES, 400, "invalid-request",
         b'{"move": {"kind": NaN}}', token="0"),
    Case("a number too large for a float", "POST", MOVES, 400, "invalid-request",
         b'{"move": {"kind": 1e999}}', token="0"),
    Case("a key twice in one object", "POST", MOVES, 400, "invalid-request",
         b'{"move": {"kind": "a", "kind": "b"}}', token="0"),
    Case("a key twice in a replay to verify", "POST", "/replays/verify", 400,
         "invalid-request", b'{"format": "gamehall-replay", "format": "x"}'),
    Case("bytes that are not UTF-8", "POST", CREATE, 400, "invalid-request", b'{"game": "\xff"}'),
    Case("a lone surrogate in a name", "POST", CREATE, 400, "invalid-request",
         b'{"game": "toy", "players": [{"name": "\\ud800"}, {"name": "b"}]}'),
    Case("an unknown field on create", "POST", CREATE, 400, "invalid-request",
         {**TOY, "colour": "red"}),
    Case("an unknown field in a player", "POST", CREATE, 400, "invalid-request",
         {"game": "toy", "players": [{"name": "a", "age": 3}, {"name": "b"}]}),
    Case("an unknown field on a move", "POST", MOVES, 400, "invalid-request",
         {"move": SECRET, "please": True}, token="0"),
    Case("players not a list", "POST", CREATE, 400, "invalid-request",
         {"game": "toy", "players": "ann,bob"}),
    Case("options not an object", "POST", CREATE, 400, "invalid-request",
         {**TOY, "options": [1]}),
    Case("an empty player name", "POST", CREATE, 400, "invalid-request",
         {"game": "toy", "players": [{"name": ""}, {"name": "b"}]}),
    Case("no players", "POST", CREATE, 400, "invalid-request", {"game": "toy", "players": []}),
    Case("a move that is not an object", "POST", MOVES, 400, "invalid-request",
         {"move": "advance"}, token="0"),
    Case("both move and moves", "POST", MOVES, 400, "invalid-request",
         {"move": SECRET, "moves": [SECRET]}, token="0"),
    Case("neither move nor moves", "POST", MOVES, 400, "invalid-request", {}, token="0"),
    Case("an empty list of moves", "POST", MOVES, 400, "invalid-request", {"moves": []},
         token="0"),
    Case("expected_version as text", "POST", MOVES, 400, "invalid-request",
         {"move": SECRET, "expected_version": "2"}, token="0"),
    Case("expected_version as a boolean", "POST", MOVES, 400, "invalid-request",
         {"move": SECRET, "expected_version": True}, token="0"),
    Case("a form body instead of JSON", "POST", MOVES, 400, "invalid-request",
         "move=secret", token="0", headers={"Content-Type": "application/x-www-form-urlencoded"}),
    Case("an overlong Idempotency-Key", "POST", MOVES, 400, "invalid-request", {"move": SECRET},
         token="0", headers={"Idempotency-Key": "k" * 300}),
    Case("a move's number sent as a float", "POST", MOVES, 422, "illegal-move",
         {"move": {"kind": "secret", "n": 2.0}}, token="0"),
    Case("a move's number sent as a boolean", "POST", MOVES, 422, "illegal-move",
         {"move": {"kind": "secret", "n": True}}, token="0"),
    Case("an unknown game", "POST", CREATE, 422, "unknown-game",
         {"game": "chess", "players": [{"name": "a"}, {"name": "b"}]}),
    Case("an option out of range", "POST", CREATE, 422, "bad-options",
         {**TOY, "options": {"goal": 1}}),
    Case("an option the game does not have", "POST", CREATE, 422, "bad-options",
         {**TOY, "options": {"speed": 3}}),
    Case("an option of the wrong type", "POST", CREATE, 422, "bad-options",
         {**TOY, "options": {"goal": "ten"}}),
    Case("too many seats", "POST", CREATE, 422, "bad-options",
         {"game": "toy", "players": [{"name": "a"}, {"name": "b"}, {"name": "c"}]}),
    Case("an unknown bot", "POST", CREATE, 422, "bad-options",
         {"game": "toy", "players": [{"name": "a"}, {"bot": "genius"}]}),
    Case("an unknown game id", "GET", f"/games/{uuid.uuid4()}", 404, "game-not-found"),
    Case("an unknown game id on a move", "POST", f"/games/{uuid.uuid4()}/moves", 404,
         "game-not-found", {"move": SECRET}, token="0"),
    Case("an unknown game id on a move with a malformed token", "POST",
         f"/games/{uuid.uuid4()}/moves", 404, "game-not-found", {"move": SECRET},
         headers={"Authorization": "Basic YTpi"}),
    Case("a game id that is not a UUID", "GET", "/games/12345/view", 404, "not-found"),
    Case("an unknown path", "GET", "/gamez", 404, "not-found"),
    Case("a seat the game does not have", "POST", "/games/{id}/seats/5", 404, "seat-not-found",
         {"name": "eve"}, players=[{"name": "a"}, {}]),
    Case("a method the resource does not take", "DELETE", "/games/{id}", 405,
         "method-not-allowed"),
    Case("a move without a token", "POST", MOVES, 401, "token-required", {"move": SECRET}),
    Case("a move with a made-up token", "POST", MOVES, 401, "unknown-token", {"move": SECRET},
         token="not-a-token"),
    Case("a move with a token that is not Bearer", "POST", MOVES, 401, "unknown-token",
         {"move": SECRET}, headers={"Authorization": "Basic YTpi"}),
    Case("resigning without a token", "POST", "/games/{id}/resign", 401, "token-required"),
    Case("a move for another seat", "POST", MOVES, 403, "not-your-seat",
         {"move": SECRET, "seat": 1}, token="0"),
    Case("joining another seat with a seat's token", "POST", "/games/{id}/seats/1", 403,
         "not-your-seat", {"name": "eve"}, token="0", players=[{"name": "a"}, {}]),
    Case("another seat's view", "GET", "/games/{id}/view?seat=1", 403, "not-your-seat",
         token="0"),
    Case("a move out of turn", "POST", MOVES, 409, "not-your-turn", {"move": SECRET},
         token="0", setup=humans_moved),
    Case("a stale expected version", "POST", MOVES, 409, "stale-version",
         {"move": SECRET, "expected_version": 1}, token="0"),
    Case("a move after the game is over", "POST", MOVES, 409, "game-over", {"move": SECRET},
         token="1", setup=finished),
    Case("a move before the game starts", "POST", MOVES, 409, "game-closed", {"move": SECRET},
         token="0", players=[{"name": "a"}, {}]),
    Case("a taken seat", "POST", "/games/{id}/seats/0", 409, "seat-unavailable",
         {"name": "eve"}, players=[{"name": "a"}, {}]),
    Case("an illegal move", "POST", MOVES, 422, "illegal-move",
         {"move": {"kind": "secret", "n": 4}}, token="0"),
    Case("a move of an unknown kind", "POST", MOVES, 422, "illegal-move",
         {"move": {"kind": "fly"}}, token="0"),
    Case("an oversized body", "POST", MOVES, 413, "payload-too-large",
         {"move": {"kind": "secret", "pad": "x" * 70_000}}, token="0"),
    Case("an oversized replay document", "POST", "/replays/verify", 413, "payload-too-large",
         {"events": ["x" * 9_000_000]}),
    Case("a negative after", "GET", "/games/{id}/events?after=-1", 400, "invalid-request"),
    Case("a wait too long", "GET", "/games/{id}/events?wait=100", 400, "invalid-request"),
    Case("a wait that is not a number", "GET", "/games/{id}/events?wait=soon", 400,
         "invalid-request"),
    Case("a wait of nan", "GET", "/games/{id}/events?wait=nan", 400, "invalid-request"),
    Case("an unknown query parameter", "GET", "/games/{id}/events?since=3", 400,
         "invalid-request"),
    Case("at zero", "GET", "/games/{id}/view?at=0", 400, "invalid-request", token="0"),
    Case("at beyond the game", "GET", "/games/{id}/view?at=99", 400, "invalid-request",
         token="0"),
    Case("a status that does not exist", "GET", "/games?status=sleeping", 400, "invalid-request"),
    Case("a limit of zero", "GET", "/games?limit=0", 400, "invalid-request"),
    Case("an export format that does not exist", "GET", "/replays/export?format=xml", 400,
         "invalid-request"),
    Case("an export date that is not a date", "GET", "/replays/export?since=yesterday", 400,
         "invalid-request"),
    Case("a Last-Event-ID that is not a number", "GET", "/games/{id}/stream", 400,
         "invalid-request", headers={"Last-Event-ID": "abc"}),
    Case("a Last-Event-ID of 13 digits", "GET", "/games/{id}/stream", 400,
         "invalid-request", headers={"Last-Event-ID": "1" * 13}),
    Case("an after of 13 digits on a stream", "GET", "/games/{id}/stream?after=" + "1" * 13,
         400, "invalid-request"),
    Case("an after of 13 digits on a long-poll", "GET", "/games/{id}/events?after=" + "1" * 13,
         400, "invalid-request"),
    Case("a replay document of millions of values", "POST", "/replays/verify", 413,
         "payload-too-large", b"[" + b"0," * 1_000_001 + b"0]"),
    *(Case(f"a {where} with {what}", "POST", path, 400, "invalid-request", body(name),
           players=[{"name": "a"}, {}])
      for what, name in [("a right-to-left override", "evil\u202egnp.exe"),
                         ("a NUL", "ann\u0000"), ("a newline", "ann\nbob"),
                         ("a left-to-right isolate", "\u2066ann")]
      for where, path, body in [
          ("player's name", CREATE, lambda n: {"game": "toy", "players": [{"name": n}, {}]}),
          ("joining seat's name", "/games/{id}/seats/1", lambda n: {"name": n}),
          ("fork's seat name", "/games/{id}/fork", lambda n: {"at": 1, "players": [
              {"name": n}, {"name": "b"}]}),
          ("deck's name", "/decks", lambda n: {"game": "thrones", "name": n, "house": "stark",
                                               "plots": [], "cards": []})]),
]


def send(client, case: Case, game: dict[str, Any]):
    headers = dict(case.headers)
    if case.token in ("0", "1"):
        headers.update(bearer(game["tokens"][case.token]))
    elif case.token is not None:
        headers.update(bearer(case.token))
    kwargs: dict[str, Any] = {"headers": headers}
    if isinstance(case.body, (bytes, str)):
        kwargs["data"] = case.body
        headers.setdefault("Content-Type", "application/json")
    elif case.body is not None:
        kwargs["json"] = case.body
    path = case.path.replace("{id}", game["game_id"])
    return client.open(path, method=case.method, **kwargs)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_bad_input_answers_a_problem_and_records_nothing(client, service, case):
    game = create(client, case.players)
    if case.setup:
        case.setup(client, game)
    recorder = service.recorder
    before = recorder.max_notification_id()
    answer = send(client, case, game)
    assert answer.status_code == case.status, answer.data[:300]
    assert answer.content_type == PROBLEM
    problem = answer.json
    assert problem["status"] == case.status and problem["code"] == case.code
    assert problem["type"].endswith(case.code) and problem["detail"]
    assert recorder.max_notification_id() == before


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=12)
FUZZ = settings(max_examples=60, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture])
MOVE_LIKE = st.fixed_dictionaries({}, optional={"move": JSON, "moves": JSON, "seat": JSON,
                                                "expected_version": JSON, "x": JSON})


@FUZZ
@given(body=MOVE_LIKE)
def test_no_move_body_ever_answers_a_server_error(client, body):
    game = create(client)
    answer = client.post(f"/games/{game['game_id']}/moves", data=json.dumps(body),
                         content_type="application/json", headers=bearer(game["tokens"]["0"]))
    assert answer.status_code < 500
    assert answer.status_code == 200 or answer.content_type == PROBLEM


@settings(max_examples=300, deadline=None)
@given(body=MOVE_LIKE | st.fixed_dictionaries(
    {"move": st.dictionaries(st.text(max_size=8), JSON, max_size=3)},
    optional={"seat": JSON, "expected_version": JSON}))
def test_a_move_read_without_marshmallow_is_one_the_schema_loads_to_itself(body):
    if usual_move(body):
        assert MovesSchema().load(body) == body


@FUZZ
@given(body=st.fixed_dictionaries({}, optional={"game": JSON, "players": JSON,
                                                "options": JSON}))
def test_no_create_body_ever_answers_a_server_error(client, body):
    answer = client.post("/games", data=json.dumps(body), content_type="application/json")
    assert answer.status_code < 500


def test_a_405_names_the_methods_the_resource_takes(client):
    created = client.post("/games", json={"game": "toy", "players": [{"name": "a"}, {}]}).json
    response = client.delete(f"/games/{created['game_id']}")
    assert response.status_code == 405 and "GET" in response.headers["Allow"]


def test_a_seat_that_is_both_a_human_and_a_bot_is_refused(client):
    response = client.post("/games", json={"game": "toy", "players": [
        {"name": "a", "bot": "random"}, {"name": "b"}]})
    assert response.status_code == 400 and response.json["code"] == "invalid-request"


def test_a_name_of_any_script_and_emoji_is_taken_as_written(client):
    names = ["Zoë", "خالد", "李雷", "👩‍👩‍👧 family"]  # the family joined by zero-width joiners
    response = client.post("/games", json={"game": "toy", "players": [
        {"name": names[0]}, {"name": names[1]}]})
    joined = client.post("/games", json={"game": "toy", "players": [
        {"name": names[2]}, {"name": names[3]}]})
    assert response.status_code == joined.status_code == 201
    assert [s["name"] for s in joined.json["game"]["seats"]] == names[2:]
