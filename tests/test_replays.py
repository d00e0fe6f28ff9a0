"""Replay documents: complete ones verify; any edit is found at the exact event, and why."""

from __future__ import annotations

import copy
import json

import pytest

from domain.history import event_hash
from domain.kernel import hash_value
from replays import build_document, to_csv_lines, to_ndjson_lines, verify_document

from .games.test_contract import registered


def bot_game_document(service, game="toy"):
    from domain.games import get_rules

    rules = get_rules(game)
    seats = [{"bot": "random"} for _ in range(rules.info.min_seats)]
    created, _ = service.create_game(game, {}, seats)
    return build_document(service.records(created.id))


def rehash_from(doc, index):
    """Recompute every hash from event ``index`` on, as a forger who edits an event would."""
    events = doc["events"]
    for i in range(index, len(events)):
        e = events[i]
        e["prev_hash"] = events[i - 1]["hash"]
        e["hash"] = event_hash(e["seq"], e["type"], e["payload"], e["at"], e["prev_hash"],
                               e["state_hash"])


def first_event(doc, type_):
    return next(i for i, e in enumerate(doc["events"]) if e["type"] == type_)


@pytest.mark.parametrize("game", registered())
def test_a_finished_bot_game_of_every_game_verifies(service, game):
    doc = bot_game_document(service, game)
    assert doc["complete"] and doc["seed"]
    verdict = verify_document(json.loads(json.dumps(doc)))
    assert verdict.valid, verdict.reason
    assert verdict.events == len(doc["events"])


def test_one_changed_byte_in_one_event_is_named(service):
    doc = bot_game_document(service)
    index = first_event(doc, "move_made")
    text = json.dumps(doc["events"][index]["payload"])
    doc["events"][index]["payload"] = json.loads(text.replace('"by": "', '"by": "X', 1))
    verdict = verify_document(doc)
    assert not verdict.valid
    assert verdict.failed_step == doc["events"][index]["seq"]
    assert "hash" in verdict.reason


def test_an_edited_time_is_found(service):
    doc = bot_game_document(service)
    doc["events"][3]["at"] = doc["events"][3]["at"].replace("2026", "2025")
    assert verify_document(doc).failed_step == 4


def test_a_rehashed_illegal_move_is_refused_by_the_rules(service):
    doc = bot_game_document(service)
    index = first_event(doc, "move_made")
    doc["events"][index]["payload"]["move"] = {"kind": "secret", "n": 99}
    rehash_from(doc, index)
    verdict = verify_document(doc)
    assert verdict.failed_step == doc["events"][index]["seq"]
    assert "rules refuse" in verdict.reason


def test_a_rehashed_draw_that_the_seed_does_not_give_is_found(service):
    doc = bot_game_document(service)
    index = max(i for i, e in enumerate(doc["events"]) if e["type"] == "chance_resolved")
    payload = doc["events"][index]["payload"]
    payload["outcome"] = next(f for f in payload["spec"]["faces"] if f != payload["outcome"])
    rehash_from(doc, index)
    verdict = verify_document(doc)
    assert verdict.failed_step == doc["events"][index]["seq"]
    assert "seed gives" in verdict.reason


def test_a_forged_seed_fails_its_commitment(service):
    doc = bot_game_document(service)
    doc["seed"] = "11" * 32
    verdict = verify_document(doc)
    assert not verdict.valid and "commitment" in verdict.reason


def test_a_state_hash_that_does_not_follow_from_the_events_is_found(service):
    doc = bot_game_document(service)
    doc["events"][4]["state_hash"] = hash_value({"forged": True})
    rehash_from(doc, 4)
    assert verify_document(doc).failed_step == 5


def test_a_missing_event_is_found_at_its_own_step(service):
    doc = bot_game_document(service)
    del doc["events"][3]
    verdict = verify_document(doc)
    assert verdict.failed_step == 4 and "expected event 4 here, found 5" in verdict.reason


def test_a_document_of_a_game_in_play_cannot_be_verified_yet(service):
    created, _ = service.create_game("toy", {}, [{"name": "a"}, {"name": "b"}])
    doc = build_document(service.records(created.id), viewer=0)
    verdict = verify_document(doc)
    assert not verdict.valid and "not complete" in verdict.reason


@pytest.mark.parametrize("junk", [None, [], "text", {"format": "gamehall-replay"},
                                  {"format": "gamehall-replay", "format_version": 1,
                                   "complete": True, "seed": "zz", "events": [{}]}])
def test_junk_is_invalid_and_never_raises(junk):
    assert not verify_document(copy.deepcopy(junk)).valid


def test_a_seat_sees_its_own_secret_but_not_the_other_seats_during_play(service):
    created, _ = service.create_game("toy", {}, [{"name": "a"}, {"name": "b"}])
    service.play(created.id, 1, [{"kind": "secret", "n": 3}], "b")
    mine = build_document(service.records(created.id), viewer=1)
    theirs = build_document(service.records(created.id), viewer=0)
    move = lambda d: next(e for e in d["events"] if e["type"] == "move_made")  # noqa: E731
    assert move(mine)["payload"]["move"]["n"] == 3
    assert move(theirs)["payload"]["move"]["n"] is None
    assert "hash" not in move(theirs) and theirs["seed"] is None


def test_export_writes_one_document_a_line_and_one_csv_row_an_event(service):
    docs = [bot_game_document(service), bot_game_document(service)]
    lines = list(to_ndjson_lines(docs))
    assert [json.loads(line)["game_id"] for line in lines] == [d["game_id"] for d in docs]
    rows = list(to_csv_lines(docs))
    assert rows[0].startswith("game_id,game,seq,type,seat,by,move_kind")
    assert len(rows) == 1 + sum(len(d["events"]) for d in docs)
    move_row = next(r for r in rows if ",move_made," in r)
    assert ",secret," in move_row or ",advance," in move_row


# ---- forgeries that recompute the hash chain: each caught at its own step ----


def forged(doc, index, change):
    """``doc`` with event ``index`` changed by ``change`` and every hash after it redone."""
    forgery = copy.deepcopy(doc)
    change(forgery["events"][index])
    event = forgery["events"][index]
    event["hash"] = event_hash(event["seq"], event["type"], event["payload"], event["at"],
                               event["prev_hash"], event["state_hash"])
    rehash_from(forgery, index + 1)
    return forgery


def inserted(doc, index, event):
    """``doc`` with ``event`` inserted before event ``index``, renumbered and rehashed."""
    forgery = copy.deepcopy(doc)
    forgery["events"].insert(index, event)
    for seq, item in enumerate(forgery["events"], start=1):
        item["seq"] = seq
    forgery["events"][0]["hash"] = event_hash(1, "created", forgery["events"][0]["payload"],
                                              forgery["events"][0]["at"], "0" * 64,
                                              forgery["events"][0]["state_hash"])
    rehash_from(forgery, 1)
    return forgery


def human_game(service):
    created, _ = service.create_game("toy", {}, [{"name": "ann"}, {"name": "bob"}])
    service.play(created.id, 0, [{"kind": "secret", "n": 3}], "ann")
    service.play(created.id, 1, [{"kind": "secret", "n": 3}], "bob")
    while service.get(created.id).status == "active":
        seat = service.get(created.id).step().prompts[0].seat
        service.play(created.id, seat, [{"kind": "advance", "by": "secret"}], "x")
    return build_document(service.records(created.id))


def test_a_resignation_forged_over_the_rules_own_end_is_caught_there(service):
    doc = human_game(service)
    ended = first_event(doc, "ended")
    loser = 1 - doc["result"]["winners"][0]

    def resign_instead(event):
        event["type"] = "resigned"
        event["payload"] = {"seat": doc["result"]["winners"][0],
                            "result": {"scores": None, "winners": [loser],
                                       "reason": f"seat {doc['result']['winners'][0]} resigned"}}
        event["seat"] = event["payload"]["seat"]

    forgery = forged(doc, ended, resign_instead)
    forgery["result"] = forgery["events"][ended]["payload"]["result"]
    verdict = verify_document(forgery)
    assert not verdict.valid and verdict.failed_step == ended + 1
    assert "only its end may follow" in verdict.reason


def test_a_second_seed_reveal_is_caught(service):
    doc = human_game(service)
    forgery = inserted(doc, len(doc["events"]), copy.deepcopy(doc["events"][-1]))
    verdict = verify_document(forgery)
    assert not verdict.valid and verdict.failed_step == len(doc["events"]) + 1


def test_a_seat_taken_inserted_mid_game_is_caught(service):
    doc = human_game(service)
    seat_taken = {"seq": 0, "type": "seat_taken", "seat": 0,
                  "payload": {"seat": 0, "name": "mallory"}, "at": doc["events"][5]["at"],
                  "prev_hash": "", "state_hash": doc["events"][4]["state_hash"], "hash": "",
                  "log": ""}
    forgery = inserted(doc, 5, seat_taken)
    verdict = verify_document(forgery)
    assert not verdict.valid and verdict.failed_step == 6 and "seat may be taken" in verdict.reason


def test_an_abandonment_inserted_mid_game_is_caught_at_the_next_event(service):
    doc = human_game(service)
    abandoned = {"seq": 0, "type": "abandoned", "seat": None,
                 "payload": {"result": {"scores": None, "winners": [], "reason": "idle"}},
                 "at": doc["events"][5]["at"], "prev_hash": "",
                 "state_hash": doc["events"][4]["state_hash"], "hash": "",
                 "log": "The game was abandoned: idle."}  # as a forger would write it
    forgery = inserted(doc, 5, abandoned)
    verdict = verify_document(forgery)
    assert not verdict.valid and verdict.failed_step == 7


def test_an_events_seat_changed_is_caught(service):
    doc = human_game(service)
    index = first_event(doc, "move_made")
    forgery = copy.deepcopy(doc)
    forgery["events"][index]["seat"] = 1 - forgery["events"][index]["seat"]
    verdict = verify_document(forgery)
    assert not verdict.valid and verdict.failed_step == index + 1


@pytest.mark.parametrize(("field", "value"), [
    ("commitment", "0" * 64), ("seats", [{"name": "eve", "bot": None}] * 2),
    ("options", {"goal": 3}), ("game", "dominion"), ("rules_version", "toy-9"),
    ("status", "abandoned"), ("result", {"scores": [0, 0], "winners": [], "reason": "x"}),
])
def test_a_header_field_changed_is_caught(service, field, value):
    doc = human_game(service)
    forgery = {**copy.deepcopy(doc), field: value}
    assert not verify_document(forgery).valid
