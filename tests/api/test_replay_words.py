"""What people read over HTTP: "You" only in a seat's own events during play, names for
everyone else; a replay whose words were edited refused at its step, in words."""

from __future__ import annotations

import re

from tests.api.helpers import bearer, create, move, play_out

YOU = re.compile(r"(^|[.:;!] )You\b|\byour?\b")
SECRET_2 = {"kind": "secret", "n": 2}


def logs(client, game_id, token=None):
    answer = client.get(f"/games/{game_id}/events", headers=bearer(token) if token else {})
    return {e["seq"]: e["log"] for e in answer.json["events"]}


def test_a_spectators_events_never_say_you_and_name_every_seat(client):
    body = create(client)
    game_id, tokens = body["game_id"], body["tokens"]
    move(client, game_id, tokens["0"], SECRET_2)
    move(client, game_id, tokens["1"], SECRET_2)

    seen = logs(client, game_id)

    assert not [line for line in seen.values() if YOU.search(line)]
    assert "ann (seat 0) chose a secret number." in seen.values()
    assert "bob (seat 1) chose a secret number." in seen.values()


def test_a_seats_events_say_you_for_its_own_moves_only_and_only_during_play(client):
    body = create(client)
    game_id, tokens = body["game_id"], body["tokens"]
    move(client, game_id, tokens["0"], SECRET_2)
    move(client, game_id, tokens["1"], SECRET_2)

    during = logs(client, game_id, tokens["0"])
    play_out(client, game_id, tokens)
    after = logs(client, game_id, tokens["0"])

    assert "You chose a secret number (2)." in during.values()
    assert "bob (seat 1) chose a secret number." in during.values()
    assert [line for line in during.values() if YOU.search(line)] == [
        "You chose a secret number (2)."]
    assert not [line for line in after.values() if YOU.search(line)]
    assert "bob (seat 1) chose a secret number (2)." in after.values()


def forged_replay(client, index=6):
    body = create(client)
    play_out(client, body["game_id"], body["tokens"])
    document = client.get(f"/games/{body['game_id']}/replay").json
    document["events"][index]["log"] = "bob (seat 1) won."
    return document


def test_verify_refuses_an_edited_log_line_at_its_step_with_an_explanation(client):
    document = forged_replay(client)

    verdict = client.post("/replays/verify", json=document).json

    assert verdict["valid"] is False and verdict["failed_step"] == 7
    assert verdict["reason"] == "the log line of event 7 is not the one the rules write"
    assert verdict["explanation"].startswith("Event 7 (")
    assert "is told in other words than the rules write" in verdict["explanation"]


def test_the_steps_of_a_replay_show_the_rules_lines_and_an_explanation(client):
    document = forged_replay(client)

    answer = client.post("/replays/steps", json=document).json

    assert answer["verdict"]["explanation"].startswith("Event 7 (")
    logs_shown = [step["log"] for step in answer["steps"]]
    assert logs_shown[:6] == [e["log"] for e in document["events"][:6]]
    assert logs_shown[6:] == [None] * (len(logs_shown) - 6)


def test_a_valid_verdict_has_no_explanation(client):
    body = create(client)
    play_out(client, body["game_id"], body["tokens"])
    document = client.get(f"/games/{body['game_id']}/replay").json

    verdict = client.post("/replays/verify", json=document).json

    assert verdict["valid"] is True and verdict["explanation"] is None
