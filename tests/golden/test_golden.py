"""Games recorded under each released rules version keep verifying, whatever changed since:
the record of a game played months ago must settle a dispute about it today."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from replays import verify_document
from tests.forgery import reference
from tests.forgery.rules import given_rules

HERE = Path(__file__).resolve().parent
DOCUMENTS = sorted(HERE.glob("*/*/*.json"))


def test_every_hosted_game_has_golden_replays():
    assert {path.parts[-3] for path in DOCUMENTS} >= {"revolution", "dominion"}


@pytest.mark.parametrize("path", DOCUMENTS, ids=lambda p: "/".join(p.parts[-3:]))
def test_a_golden_replay_still_verifies(path):
    document = json.loads(path.read_text())
    verdict = verify_document(document)
    assert verdict.valid, verdict.reason
    assert document["rules_version"] == path.parts[-2]


@pytest.mark.parametrize("path", DOCUMENTS, ids=lambda p: "/".join(p.parts[-3:]))
def test_a_golden_replay_verifies_by_the_reference_verifier_with_and_without_the_rules(path):
    """The second verifier (``tests/forgery/reference.py``, from replays/README.md alone)
    agrees: with the rules given, on everything; without, on all the page decides."""
    document = json.loads(path.read_text())
    assert reference.verify(document, rules=given_rules) == (True, None)
    assert reference.verify(document) == (True, None)
