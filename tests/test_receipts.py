"""Signed move receipts: each accepted move is receipted to its mover, and a published history
that does not honour a receipt (a forged receipt, a move the replay lacks, a history rewritten
by the server itself) is caught."""

from __future__ import annotations

import copy
from datetime import UTC, datetime, timedelta
from typing import Any

from domain.application import GameService
from domain.commands import PlayMoves
from domain.kernel import Decision
from domain.receipts import SigningKey, keys_by_id, receipt_for, seal
from replays import build_document, verify_document, verify_with_receipts

from .conftest import TEST_RECEIPT_KEY, make_service
from .test_replays import rehash_from

KEYS = keys_by_id([{"key_id": TEST_RECEIPT_KEY.key_id,
                    "public_key": TEST_RECEIPT_KEY.public_key.hex()}])
HUMANS = [{"name": "ann"}, {"name": "bob"}]


def play_toy(service: GameService, secret_of_bob: int = 2,
             game_id: Any = None) -> tuple[Any, list[dict[str, Any]]]:
    """A toy game of two humans played to its end; answers its id and ann's receipts."""
    game, _ = service.create_game("toy", {"goal": 6}, HUMANS, game_id=game_id)
    receipts: list[dict[str, Any]] = []
    while game.status == "active":
        step = game.step()
        assert isinstance(step, Decision)
        prompt = step.prompts[0]
        move = prompt.legal_moves[0]
        if prompt.kind == "secret" and prompt.seat == 1:
            move = {"kind": "secret", "n": secret_of_bob}
        outcome = service.run(PlayMoves(game.id, prompt.seat, (move,)))
        game = outcome.game
        if prompt.seat == 0:
            receipts += outcome.receipts
    return game.id, receipts


def test_every_move_of_the_mover_gets_a_receipt_the_finished_replay_honours(service):
    game_id, receipts = play_toy(service)
    document = build_document(service.records(game_id))
    ann_moves = [e for e in document["events"]
                 if e["type"] == "move_made" and e["seat"] == 0]
    assert [r["seq"] for r in receipts] == [e["seq"] for e in ann_moves]
    verdict = verify_with_receipts(document, receipts, KEYS)
    assert verdict.valid, verdict.reason
    assert verdict.to_json()["receipts"] == len(receipts)


def test_a_receipt_whose_move_was_altered_after_signing_is_refused_as_forged(service):
    game_id, receipts = play_toy(service)
    document = build_document(service.records(game_id))
    forged = copy.deepcopy(receipts)
    forged[1]["move"] = {"kind": "advance", "by": "secret"}
    verdict = verify_with_receipts(document, forged, KEYS)
    assert not verdict.valid and verdict.failed_receipt == 2
    assert "signature does not verify" in verdict.reason


def test_a_signature_rewritten_in_upper_case_hex_is_refused(service):
    """The same bytes in another spelling: a receipt is one text, so it has one spelling."""
    game_id, receipts = play_toy(service)
    document = build_document(service.records(game_id))
    shouted = copy.deepcopy(receipts)
    shouted[0]["signature"] = shouted[0]["signature"].upper()
    verdict = verify_with_receipts(document, shouted, KEYS)
    assert not verdict.valid and verdict.failed_receipt == 1
    assert "lower-case hex" in verdict.reason


def test_a_receipt_signed_by_a_key_the_server_never_had_is_refused(service):
    game_id, receipts = play_toy(service)
    records = service.records(game_id)
    impostor = SigningKey.from_seed(b"\x07" * 32)
    move = next(r for r in records if r["type"] == "move_made")
    forged = receipt_for(move, service.seed_of(game_id), impostor)
    verdict = verify_with_receipts(build_document(records), [forged], KEYS)
    assert not verdict.valid and verdict.failed_receipt == 1
    assert "not a known key" in verdict.reason


def test_a_receipt_for_a_move_the_replay_lacks_fails_at_that_event(service):
    game_id, receipts = play_toy(service)
    records = service.records(game_id)
    draw = next(r for r in records if r["type"] == "chance_resolved")
    # A genuine signature over an event that is not a move: the replay has no move there.
    claimed = TEST_RECEIPT_KEY.sign({**{k: v for k, v in receipts[0].items()
                                         if k not in ("key_id", "signature")},
                                      "seq": draw["seq"]})
    verdict = verify_with_receipts(build_document(records), [claimed], KEYS)
    assert not verdict.valid and verdict.failed_step == draw["seq"]
    assert "has no move there" in verdict.reason


def test_a_history_the_server_rewrote_and_rehashed_passes_alone_but_not_against_receipts():
    # The server keeps the secret, so it can replay the game with one of bob's choices changed
    # and every draw, state and hash recomputed: a document that verifies on its own.
    honest, rewriting = make_service(), make_service()
    game_id, receipts = play_toy(honest, secret_of_bob=2)
    play_toy(rewriting, secret_of_bob=3, game_id=game_id)
    rewritten = build_document(rewriting.records(game_id))
    assert verify_document(rewritten).valid
    verdict = verify_with_receipts(rewritten, receipts, KEYS)
    assert not verdict.valid and verdict.failed_receipt is not None
    assert "rewritten" in verdict.reason or "differs" in verdict.reason
    honest.close()
    rewriting.close()


def test_an_edited_event_before_a_receipted_move_is_named_even_with_the_chain_recomputed(
        service):
    game_id, receipts = play_toy(service)
    document = build_document(service.records(game_id))
    last = receipts[-1]["seq"]
    # A time still running forward (that of the event before it), so only the receipt tells.
    document["events"][last - 1]["at"] = document["events"][last - 2]["at"]
    rehash_from(document, last - 1)
    verdict = verify_with_receipts(document, receipts, KEYS)
    assert not verdict.valid and verdict.failed_step == last


def test_a_receipt_shows_the_mover_nothing_beyond_its_own_move_during_play(service):
    game, _ = service.create_game("toy", {}, HUMANS)
    outcome = service.run(PlayMoves(game.id, 0, ({"kind": "secret", "n": 3},)))
    game, [receipt] = outcome.game, outcome.receipts
    record = service.records(game.id)[receipt["seq"] - 1]
    assert set(receipt) == {"format", "format_version", "key_id", "game_id", "seq", "seat",
                            "move", "at", "sealed_hash", "signature"}
    # The event's hash covers the hidden marker shuffle: only its seal is shown, which needs
    # the game's secret seed (revealed at the end) to recompute.
    assert record["hash"] not in receipt.values()
    assert receipt["sealed_hash"] == seal(service.seed_of(game.id), str(game.id),
                                          receipt["seq"], record["hash"])


def test_the_receipts_a_move_answers_are_those_its_stored_history_gives(service):
    game_id, receipts = play_toy(service)  # each made from the records its save just wrote
    assert receipts == service.receipts.of_seat(game_id, 0)  # each made from the event store


def test_issuing_a_receipt_twice_gives_the_same_bytes(service):
    game, _ = service.create_game("toy", {}, HUMANS)
    outcome = service.run(PlayMoves(game.id, 0, ({"kind": "secret", "n": 1},)))
    assert list(outcome.receipts) == service.receipts.of_moves(outcome.game, 0, 1)


def test_receipts_of_a_rotated_key_still_verify_through_the_retired_list():
    old = make_service()
    game_id, receipts = play_toy(old)
    rotated = GameService({}, secret=b"test master secret",
                          clock=lambda: datetime(2026, 1, 1, tzinfo=UTC) + timedelta(0),
                          new_token=lambda: "t", signing_key=SigningKey.from_seed(b"\x09" * 32),
                          retired_keys=(TEST_RECEIPT_KEY.public_key,))
    keys = keys_by_id(rotated.receipts.keys())
    assert [k["status"] for k in rotated.receipts.keys()] == ["current", "retired"]
    assert verify_with_receipts(build_document(old.records(game_id)), receipts, keys).valid
    old.close()
    rotated.close()
