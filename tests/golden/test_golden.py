"""Games recorded under each released rules version keep verifying, whatever changed since:
the record of a game played months ago must settle a dispute about it today."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from replays import verify_document

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
