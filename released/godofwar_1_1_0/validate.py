"""``problems(raw)``: every check of the content in one list of sentences (empty: sound)."""

from __future__ import annotations

from .coverage import count_problems, coverage_problems
from .scene_checks import scene_problems
from .schema import (
    action_card_problems,
    authored_marks,
    campaign_problems,
    hero_problems,
    stable_ids,
    target_problems,
    unique_ids,
    vocabulary_problems,
)
from .shapes import shape_problems
from .walk import Raw

CHECKS = (unique_ids, stable_ids, authored_marks, action_card_problems, hero_problems,
          scene_problems, vocabulary_problems, target_problems, campaign_problems,
          count_problems, coverage_problems)


def problems(raw: Raw) -> list[str]:
    """The shapes first: the other checks read keys that only a well-shaped file has."""
    found = shape_problems(raw)
    if found:
        return found
    for check in CHECKS:
        found += check(raw)
    return found
