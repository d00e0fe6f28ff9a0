"""A pass made by the service for a seat that chose not to be asked in a window (``by:
"preference"``) verifies only where the seat's recorded choice covers that window: both
verifiers (ours and the reference written from replays/README.md) accept the service's and
refuse a forged one at the same step."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from domain.kernel import PREFERENCE
from replays import build_document, verify_document
from tests.forgery.matrix import rehashed
from tests.forgery.reference import verify
from tests.forgery.rules import given_rules
from tests.games.thrones.test_asking import RULES, played_out


@pytest.fixture(scope="module")
def document() -> dict[str, Any]:
    service, game, _ = played_out(["actions-plot", "actions-draw", "responses"], 3)
    return build_document(service.records(game.id))


def verdicts(doc: dict[str, Any]) -> tuple[Any, ...]:
    ours = verify_document(doc)
    return ((ours.valid, ours.failed_step), verify(doc, rules=given_rules))


def first(doc: dict[str, Any], wanted: Any) -> int:
    return next(i for i, e in enumerate(doc["events"]) if wanted(e))


def test_the_services_passes_by_preference_verify_in_both_verifiers(document):
    assert any(e["payload"].get("by") == PREFERENCE for e in document["events"])
    assert verdicts(document) == ((True, None), (True, None))
    assert verify(document) == (True, None)  # without the rules: what the page alone decides


def test_a_pass_by_preference_in_a_window_the_seat_did_not_choose_is_refused(document):
    forged = copy.deepcopy(document)
    index = first(forged, lambda e: e["type"] == "move_made" and e["payload"]["by"] == "ann"
                  and e["payload"]["move"] == RULES.windows.pass_move)
    forged["events"][index]["payload"]["by"] = PREFERENCE

    assert verdicts(rehashed(forged)) == ((False, index + 1), (False, index + 1))


def test_a_choice_rewritten_to_leave_a_kind_out_fails_at_the_first_pass_it_no_longer_covers(
        document):
    forged = copy.deepcopy(document)
    chosen = first(forged, lambda e: e["type"] == "preferences_set")
    forged["events"][chosen]["payload"]["skip"] = ["actions-plot", "actions-draw"]
    forged["events"][chosen]["log"] = ("ann (seat 0) chose not to be asked in action windows "
                                       "in the plot phase, action windows in the draw phase.")
    index = first(forged, lambda e: e["payload"].get("by") == PREFERENCE
                  and "response windows" in e["log"])

    assert verdicts(rehashed(forged)) == ((False, index + 1), (False, index + 1))


def test_a_choice_of_a_kind_the_game_does_not_declare_fails_at_its_own_step(document):
    forged = copy.deepcopy(document)
    chosen = first(forged, lambda e: e["type"] == "preferences_set")
    forged["events"][chosen]["payload"]["skip"] = ["actions-lunch"]

    assert verdicts(rehashed(forged)) == ((False, chosen + 1), (False, chosen + 1))
    explanation = verify_document(rehashed(forged)).explanation
    assert "Name each window kind once" in explanation


def test_the_log_lines_say_who_passed_and_why(document):
    lines = [e["log"] for e in document["events"]]

    assert ("ann (seat 0) chose not to be asked in action windows in the plot phase, action "
            "windows in the draw phase, response windows.") in lines
    assert "ann (seat 0) passed (chose not to be asked in action windows in the plot phase)." \
        in lines
