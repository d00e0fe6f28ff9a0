"""Thrones' page says the last challenge's and the last initiative's results in words (rules
2.2.0 keeps them in the state), so nobody scrolls the log for who won and by how much."""

from __future__ import annotations

import re

from . import axe


def test_the_last_challenge_and_initiative_are_told_in_words_on_the_board(open_page):
    page = open_page()
    created = page.request.post("/games", data={"game": "thrones", "players": [
        {"bot": "planner"}, {"bot": "planner"}]}).json()
    view = page.request.get(f"/games/{created['game_id']}/view").json()["view"]
    page.goto(f"/#/play/{created['game_id']}")

    results = page.locator(".thrones .last-results")
    results.wait_for()
    text = results.inner_text()
    challenge, initiative = view["last_challenge"], view["last_initiative"]
    assert f"Last challenge (round {challenge['round']})" in text
    assert (f"STR {challenge['totals']['attacker']} to {challenge['totals']['defender']}"
            in text)
    assert re.search(rf"Initiative \(round {initiative['round']}\): \S.* won it", text)
    assert "null" not in text and "undefined" not in text
    assert axe.violations(page) == []
