"""Takeback by consent over HTTP: POST /games/{id}/takeback and /takeback/answer."""

from __future__ import annotations

import csv
import io

import pyarrow.parquet as pq

from tests.api.helpers import bearer, create, move, view
from tests.forgery import reference

STEP = {"kind": "step"}


def open_race(client, bot: bool = False, takebacks: bool = True, goal: int = 10):
    """An open race (no hidden information) with takebacks: its id, the first seat to act
    (after a die of 1 to 3 steps), the tokens."""
    players = [{"name": "ann"}, {"bot": "first"} if bot else {"name": "bob"}]
    answer = client.post("/games", json={"game": "open", "players": players,
                                         "options": {"goal": goal}, "takebacks": takebacks})
    assert answer.status_code == 201, answer.json
    body = answer.json
    first = body["game"]["waiting_for"][0]
    assert str(first) in body["tokens"]
    return body["game_id"], first, body["tokens"]


def ask(client, game_id, token, moves=1):
    return client.post(f"/games/{game_id}/takeback", json={"moves": moves},
                       headers=bearer(token))


def answer(client, game_id, token, accept):
    return client.post(f"/games/{game_id}/takeback/answer", json={"accept": accept},
                       headers=bearer(token))


def test_an_accepted_takeback_puts_the_game_back_and_keeps_the_move_named(client):
    game_id, seat, tokens = open_race(client)
    me, other = tokens[str(seat)], tokens[str(1 - seat)]
    before = view(client, game_id, me)
    moved = move(client, game_id, me, STEP)
    assert moved.status_code == 200
    undone = moved.json["receipts"][0]["seq"]
    asked = ask(client, game_id, me)
    assert asked.status_code == 200 and asked.json["takeback"]["seat"] == seat
    settled = answer(client, game_id, other, True)
    assert settled.status_code == 200 and settled.json["takeback"] is None
    now = view(client, game_id, me)
    assert now["view"] == before["view"] and now["prompt"] == before["prompt"]
    events = client.get(f"/games/{game_id}/events", headers=bearer(me)).json["events"]
    assert events[undone - 1]["type"] == "move_made"  # never deleted
    assert events[-1]["type"] == "taken_back" and events[-1]["payload"]["undone"] == [undone]
    assert events[-1]["payload"]["state"] is None  # the whole state stays hidden in play


def test_a_declined_takeback_changes_nothing_and_play_goes_on(client):
    game_id, seat, tokens = open_race(client)
    me, other = tokens[str(seat)], tokens[str(1 - seat)]
    move(client, game_id, me, STEP)
    after_move = view(client, game_id, me)
    ask(client, game_id, me)
    assert answer(client, game_id, other, False).json["takeback"] is None
    assert view(client, game_id, me)["view"] == after_move["view"]
    legal = view(client, game_id, me)["prompt"]["legal_moves"]
    assert move(client, game_id, me, legal[0]).status_code == 200


def test_a_takeback_that_tries_to_cross_a_draw_is_refused_and_records_nothing(client):
    game_id, seat, tokens = open_race(client)
    me = tokens[str(seat)]
    move(client, game_id, me, STEP)
    version = client.get(f"/games/{game_id}").json["version"]
    refused = ask(client, game_id, me, moves=2)  # the move, and the draw before it
    assert refused.status_code == 409 and refused.json["code"] == "takeback-refused"
    assert "draw" in refused.json["detail"]
    assert client.get(f"/games/{game_id}").json["version"] == version


def test_a_pass_followed_by_the_next_seats_die_cannot_be_taken_back(client):
    game_id, seat, tokens = open_race(client)
    me = tokens[str(seat)]
    move(client, game_id, me, {"kind": "pass"})  # the other seat's die follows
    refused = ask(client, game_id, me)
    assert refused.status_code == 409 and refused.json["code"] == "takeback-refused"
    assert "draw" in refused.json["detail"]


def test_a_game_with_hidden_information_whose_rules_do_not_say_what_reveals_it_offers_none(
        client):
    answer = client.post("/games", json={"game": "toy", "takebacks": True,
                                         "players": [{"name": "ann"}, {"name": "bob"}]})
    assert answer.status_code == 422 and answer.json["code"] == "bad-options"
    assert "hidden information" in answer.json["detail"]


def test_a_game_created_without_takebacks_refuses_them(client):
    game_id, seat, tokens = open_race(client, takebacks=False)
    me = tokens[str(seat)]
    move(client, game_id, me, STEP)
    refused = ask(client, game_id, me)
    assert refused.status_code == 409 and "does not allow takebacks" in refused.json["detail"]
    assert client.get(f"/games/{game_id}").json["takebacks"] is False


def test_while_a_takeback_waits_no_move_is_taken_and_only_others_answer(client):
    game_id, seat, tokens = open_race(client)
    me, other = tokens[str(seat)], tokens[str(1 - seat)]
    move(client, game_id, me, STEP)
    ask(client, game_id, me)
    blocked = move(client, game_id, me, {"kind": "pass"})  # legal, but not now
    assert blocked.status_code == 409 and blocked.json["code"] == "takeback-pending"
    own = answer(client, game_id, me, True)
    assert own.status_code == 409 and own.json["code"] == "takeback-refused"
    assert ask(client, game_id, me).json["code"] == "takeback-refused"  # one at a time
    assert answer(client, game_id, other, True).status_code == 200
    none_left = answer(client, game_id, other, True)
    assert none_left.status_code == 409 and none_left.json["code"] == "takeback-refused"


def test_a_bot_accepts_the_takeback_of_one_move_and_declines_more(client):
    game_id, seat, tokens, me = rolled_at_least(client, 2, bot=True)
    move(client, game_id, me, STEP)
    one = ask(client, game_id, me)
    assert one.status_code == 200 and one.json["takeback"] is None
    events = client.get(f"/games/{game_id}/events", headers=bearer(me)).json["events"]
    assert [e["type"] for e in events[-3:]] == ["takeback_asked", "takeback_answered",
                                                "taken_back"]
    move(client, game_id, me, STEP)
    move(client, game_id, me, STEP)
    two = ask(client, game_id, me, moves=2)
    assert two.status_code == 200 and two.json["takeback"] is None
    events = client.get(f"/games/{game_id}/events", headers=bearer(me)).json["events"]
    assert events[-1]["type"] == "takeback_answered"
    assert events[-1]["payload"] == {"seat": 1 - seat, "accepted": False}


def rolled_at_least(client, steps: int, bot: bool = False):
    """An open race whose first die gave at least ``steps`` steps (games are made until one
    does: the die is fair, drawn from each game's own seed)."""
    for _ in range(50):
        game_id, seat, tokens = open_race(client, bot=bot)
        me = tokens[str(seat)]
        if view(client, game_id, me)["view"]["steps"] >= steps:
            return game_id, seat, tokens, me
    raise AssertionError("no die of at least {steps} in 50 games")


def test_a_finished_game_with_takebacks_verifies(client):
    game_id, seat, tokens = open_race(client)
    me, other = tokens[str(seat)], tokens[str(1 - seat)]
    move(client, game_id, me, STEP)
    ask(client, game_id, me)
    answer(client, game_id, other, True)
    client.post(f"/games/{game_id}/resign", headers=bearer(other))
    document = client.get(f"/games/{game_id}/replay").json
    assert document["complete"]
    assert client.post("/replays/verify", json=document).json["valid"] is True


def test_takeback_fields_of_the_wrong_type_are_a_400(client):
    game_id, seat, tokens = open_race(client)
    me = tokens[str(seat)]
    for body in ({"moves": 1.0}, {"moves": True}, {"moves": 0}, {"moves": "1"}, {"x": 1}):
        refused = client.post(f"/games/{game_id}/takeback", json=body, headers=bearer(me))
        assert refused.status_code == 400, body
    for body in ({"accept": 1}, {"accept": "true"}, {}):
        refused = client.post(f"/games/{game_id}/takeback/answer", json=body,
                              headers=bearer(me))
        assert refused.status_code == 400, body
    created = client.post("/games", json={"game": "toy", "players": [{"name": "a"},
                                                                     {"name": "b"}],
                                          "takebacks": 1})
    assert created.status_code == 400


def test_asking_a_takeback_needs_a_seat_token(client):
    game_id = create(client)["game_id"]
    refused = client.post(f"/games/{game_id}/takeback", json={})
    assert refused.status_code == 401


def test_while_a_takeback_waits_the_game_waits_for_the_answers_and_asks_no_move(client):
    game_id, seat, tokens = open_race(client)
    me, other = tokens[str(seat)], tokens[str(1 - seat)]
    move(client, game_id, me, STEP)
    asked = ask(client, game_id, me).json
    assert asked["waiting_for"] == [1 - seat]
    assert view(client, game_id, me)["prompt"] is None
    answer(client, game_id, other, True)
    assert client.get(f"/games/{game_id}").json["waiting_for"] == [seat]
    assert view(client, game_id, me)["prompt"] is not None


def test_a_takeback_may_reach_past_an_earlier_one_to_the_moves_still_in_effect(client):
    """Two steps: the second taken back, then a declined ask, then the first taken back
    too (across both takebacks' events); the game is where it was before either step, and
    the finished game verifies by both verifiers."""
    game_id, seat, tokens, me = rolled_at_least(client, 2)
    other = tokens[str(1 - seat)]
    before = view(client, game_id, me)
    move(client, game_id, me, STEP)
    move(client, game_id, me, STEP)
    ask(client, game_id, me)
    answer(client, game_id, other, True)  # back to after the first step
    ask(client, game_id, me)
    answer(client, game_id, other, False)
    again = ask(client, game_id, me)  # the first step: the undone second one is passed over
    assert again.status_code == 200, again.json
    answer(client, game_id, other, True)
    assert view(client, game_id, me)["view"] == before["view"]
    events = client.get(f"/games/{game_id}/events", headers=bearer(me)).json["events"]
    first_step = events[-1]["payload"]["undone"][0]
    assert events[first_step - 1]["type"] == "move_made"
    assert events[-1]["payload"]["to"] == first_step - 1
    client.post(f"/games/{game_id}/resign", headers=bearer(other))
    document = client.get(f"/games/{game_id}/replay").json
    assert client.post("/replays/verify", json=document).json["valid"] is True
    assert reference.verify(document) == (True, None)


def test_the_exports_name_the_takeback_that_undid_a_move(client):
    game_id, seat, tokens = open_race(client)
    me, other = tokens[str(seat)], tokens[str(1 - seat)]
    undone = move(client, game_id, me, STEP).json["receipts"][0]["seq"]
    ask(client, game_id, me)
    answer(client, game_id, other, True)
    kept = move(client, game_id, me, STEP).json["receipts"][0]["seq"]
    client.post(f"/games/{game_id}/resign", headers=bearer(other))
    events = client.get(f"/games/{game_id}/replay").json["events"]
    taken_back = next(e["seq"] for e in events if e["type"] == "taken_back")

    text = client.get("/replays/export?game=open&format=csv").data.decode()
    rows = {int(r["seq"]): r for r in csv.DictReader(io.StringIO(text))
            if r["game_id"] == game_id}
    assert rows[undone]["type"] == "move_made" and rows[undone]["undone_by"] == str(taken_back)
    assert rows[kept]["type"] == "move_made" and rows[kept]["undone_by"] == ""

    data = client.get("/replays/export?game=open&format=parquet&table=events").data
    table = pq.read_table(io.BytesIO(data)).to_pylist()
    by_seq = {r["seq"]: r for r in table if r["game_id"] == game_id}
    assert by_seq[undone]["undone_by"] == taken_back and by_seq[kept]["undone_by"] is None
