"""The words of a replay document: its log lines name the seats, are recomputed by the
verifier under the document's narration, and a failed verdict is explained in plain words."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import pytest

import cli
from domain.games import get_rules
from domain.kernel import Audience, log_line, round_trip
from replays import build_document, steps_of, verify_document
from replays.fold import rules_event, walk

from .games.test_contract import registered
from .test_replays import bot_game_document, first_event, forged, human_game

GOLDEN = sorted((Path(__file__).parent / "golden").glob("*/*/*.json"))
# "You" where a sentence starts, "you"/"your" inside one (a card may be named "Your ...").
YOU = re.compile(r"(^|[.:;!] )You\b|\byour?\b")


def public_lines(doc):
    """Each game event's line as ``log_line`` gives it for the public record, recomputed here
    from the document (seat names as the events so far give them; a move's keys sorted, as
    the API sends them)."""
    rules = get_rules(doc["game"], doc["rules_version"])
    records = [{**event, "game_id": doc["game_id"]} for event in doc["events"]]
    seats = [dict(seat) for seat in records[0]["payload"]["seats"]]
    lines = {}
    for before, record, after in walk(records):
        if record["type"] == "seat_taken":
            seats[record["payload"]["seat"]]["name"] = record["payload"]["name"]
        event = rules_event(record)
        if event is not None:
            lines[record["seq"]] = log_line(rules, before, after, round_trip(event),
                                            Audience.of(seats, everything=True))
    return lines


def with_log(doc, index, text):
    forgery = copy.deepcopy(doc)
    forgery["events"][index]["log"] = text
    return forgery


def test_a_log_line_changed_to_a_move_that_never_happened_is_refused_at_its_step(service):
    doc = human_game(service)
    index = [i for i, e in enumerate(doc["events"]) if e["type"] == "move_made"][4]

    verdict = verify_document(with_log(doc, index, "bob (seat 1) advanced by the roll."))

    assert not verdict.valid and verdict.failed_step == index + 1
    assert verdict.reason == f"the log line of event {index + 1} is not the one the rules write"


def test_an_edited_log_line_of_a_legacy_golden_document_is_refused_too():
    doc = json.loads(GOLDEN[0].read_text())
    assert "narration" not in doc  # written before narration 2: the rules' describe
    index = first_event(doc, "move_made")

    verdict = verify_document(with_log(doc, index, doc["events"][index]["log"] + " twice"))

    assert verdict.failed_step == index + 1 and "log line" in verdict.reason


@pytest.mark.parametrize("path", GOLDEN[::7], ids=lambda p: "/".join(p.parts[-3:]))
def test_an_old_golden_document_verifies_read_back_with_sorted_keys_as_the_api_sends_it(path):
    # Its legacy lines were written from moves in the order they were played; some games'
    # describe lists a move's fields in that order.
    document = json.loads(json.dumps(json.loads(path.read_text()), sort_keys=True))
    assert verify_document(document).valid


@pytest.mark.parametrize("narration", [3, 0, "2", 2.0, True, None])
def test_a_narration_the_verifier_does_not_know_is_refused(service, narration):
    doc = {**bot_game_document(service), "narration": narration}

    verdict = verify_document(doc)

    assert not verdict.valid and verdict.failed_step is None and "narration" in verdict.reason


@pytest.mark.parametrize("game", registered())
def test_a_complete_document_tells_every_game_event_as_the_public_record(service, game):
    doc = bot_game_document(service, game)

    lines = public_lines(doc)

    assert doc["narration"] == 2
    assert {e["seq"]: e["log"] for e in doc["events"] if e["seq"] in lines} == lines


@pytest.mark.parametrize("game", registered())
def test_a_complete_document_never_says_you(service, game):
    doc = bot_game_document(service, game)
    assert not [e["log"] for e in doc["events"] if YOU.search(e["log"])]


def test_a_complete_document_names_the_seats_of_the_service_events_and_the_moves(service):
    created, _ = service.create_game("toy", {}, [{"name": "ann"}, {}])
    service.join(created.id, 1, "bob")
    service.play(created.id, 0, [{"kind": "secret", "n": 2}], "ann")
    service.resign(created.id, 1)

    logs = [e["log"] for e in build_document(service.records(created.id))["events"]]

    assert logs[0] == "A new game was created for ann (seat 0), seat 1 (open)."
    assert "bob took seat 1." in logs and "bob (seat 1) resigned." in logs
    assert "ann (seat 0) chose a secret number (2)." in logs
    assert "The game is over" not in logs[-2]


def test_a_bot_seat_is_named_in_words(service):
    created, _ = service.create_game("dominion", {}, [{"bot": "big_money"}] * 2)
    assert build_document(service.records(created.id))["seats"][0]["name"] == "big money bot"


def test_the_explanation_names_the_step_the_seat_and_the_check_in_plain_words(service):
    doc = human_game(service)
    index = [i for i, e in enumerate(doc["events"]) if e["type"] == "move_made"][4]
    seat = doc["events"][index]["seat"]
    doc["events"][index]["payload"]["by"] = "someone else"  # no hash redone

    verdict = verify_document(doc)

    name = ("ann", "bob")[seat]
    assert verdict.explanation == (
        f"Event {index + 1} ({name} (seat {seat}) advanced by {name} (seat {seat})'s secret "
        "number) was changed after it was recorded: its content no longer matches its hash.")
    assert verdict.reason == "the event's content does not match its hash (edited?)"


def test_an_edited_log_line_is_explained_with_the_rules_words_and_the_documents(service):
    doc = human_game(service)
    index = [i for i, e in enumerate(doc["events"]) if e["type"] == "move_made"][4]
    real = doc["events"][index]["log"]

    verdict = verify_document(with_log(doc, index, "bob (seat 1) won."))

    assert verdict.explanation.startswith(
        f"Event {index + 1} ({real.removesuffix('.')}) is told in other words")
    assert verdict.explanation.endswith(
        ": the document says “bob (seat 1) won.”, which is not what happened.")


def test_an_illegal_move_is_explained_by_its_kind_and_seat(service):
    doc = human_game(service)
    index = first_event(doc, "move_made")
    forgery = forged(doc, index, lambda e: e["payload"].update(move={"kind": "fly"}))

    verdict = verify_document(forgery)

    seat = doc["events"][index]["seat"]
    assert verdict.explanation.startswith(
        f"Event {index + 1} (a move by {('ann', 'bob')[seat]} (seat {seat})) is not allowed "
        "by the game's rules at that point")


def test_the_steps_of_a_document_give_the_rules_lines_never_its_own_text(service):
    doc = human_game(service)
    index = [i for i, e in enumerate(doc["events"]) if e["type"] == "move_made"][4]
    forgery = with_log(doc, index, "bob (seat 1) won.")

    steps = steps_of(forgery, verify_document(forgery), None)

    assert [s["log"] for s in steps[:index]] == [e["log"] for e in doc["events"][:index]]
    assert all(s["log"] is None for s in steps[index:])


def test_replay_verify_and_show_refuse_an_edited_log_line_in_words(service, tmp_path, capsys,
                                                                     monkeypatch):
    monkeypatch.setenv("GAMEHALL_VAR", str(tmp_path / "var"))
    doc = human_game(service)
    index = [i for i, e in enumerate(doc["events"]) if e["type"] == "move_made"][4]
    path = tmp_path / "forged.json"
    path.write_text(json.dumps(with_log(doc, index, "bob (seat 1) won.")))

    with pytest.raises(SystemExit) as exit_:
        cli.main(["replay", "verify", str(path)])
    out = capsys.readouterr().out
    cli.main(["replay", "show", str(path)])
    shown = capsys.readouterr().out

    assert exit_.value.code == 1
    assert f"INVALID at event {index + 1}: " in out and "is told in other words" in out
    assert f"{index + 1:>5}  (not verified) move made" in shown
    assert "    1  A new game was created for ann (seat 0), bob (seat 1)." in shown
    assert shown.count("bob (seat 1) won.") == 1  # in the explanation only, quoted
    assert f"view of the board after event {index}:" in shown
