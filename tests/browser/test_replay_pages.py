"""The replay viewer over a dropped document longer than a page of POST /replays/steps: it
fetches the pages it reaches, and only those."""

from __future__ import annotations

import json


def long_match(page) -> dict:
    """A Revolution points match of bots: some 170 steps, two pages."""
    created = page.request.post("/games", data={
        "game": "revolution", "options": {"match": "points", "games": 10},
        "players": [{"bot": "random"}, {"bot": "greedy"}]}).json()
    return page.request.get(f"/games/{created['game_id']}/replay").json()


def test_a_long_dropped_document_is_fetched_a_page_at_a_time_as_the_viewer_reaches_it(
        open_page, tmp_path):
    page = open_page()
    document = long_match(page)
    total = len(document["events"])
    path = tmp_path / "match.json"
    path.write_text(json.dumps(document))
    asked = []
    page.on("request", lambda request: asked.append(request.url)
            if "/replays/steps" in request.url else None)
    page.goto("/#/replay")

    page.set_input_files("#replay-file", str(path))

    page.wait_for_selector(".verdict.valid")
    page.wait_for_selector(".replay-board .grid")
    assert page.locator(".step-no").text_content() == f"step {total} of {total}"
    assert page.locator(".replay-log li").count() == total
    page.locator("#step").focus()
    page.keyboard.press("Home")
    page.wait_for_function("() => document.querySelector('.step-no').textContent"
                           ".startsWith('step 1 ')")
    page.wait_for_selector(".replay-board .grid")
    page.select_option("#perspective", "1")
    page.wait_for_selector(".replay-board .grid")
    assert total > 100
    assert [url.split("?")[1] for url in asked] == ["from=0", f"from={(total - 1) // 100 * 100}",
                                                    "from=0&seat=1"]
    assert page.errors == []
