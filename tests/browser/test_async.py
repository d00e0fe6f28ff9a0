"""Asynchronous play in the browser: the tab's title says when it is your turn, and the lobby
lists the open seats of listed games for anyone to join."""

from __future__ import annotations


def test_the_tab_title_says_your_turn_while_the_seat_is_asked(open_page):
    page = open_page()
    created = page.request.post("/games", data={"game": "revolution", "players": [
        {"name": "ann"}, {"bot": "random"}]}).json()
    seat = created["game"]["waiting_for"][0]
    assert seat == 0
    page.goto(f"/#/join/{created['game_id']}/0/{created['tokens']['0']}")
    page.wait_for_selector(".revolution .grid")

    page.wait_for_function("document.title.includes('your turn')")

    page.goto("/")
    page.wait_for_function("document.title === 'Lobby — gamehall'")


def test_the_lobby_lists_a_listed_games_open_seat_and_joins_it_by_name(open_page):
    page = open_page()
    created = page.request.post("/games", data={"game": "revolution", "listed": True,
                                                "players": [{"bot": "random"}, {}]}).json()
    page.goto("/")
    row = page.locator(f"#open-games li[data-game-id='{created['game_id']}']")
    row.wait_for()

    row.locator("input").fill("zoe")
    row.locator("button").click()
    page.wait_for_selector(".revolution .grid")

    summary = page.request.get(f"/games/{created['game_id']}").json()
    assert summary["seats"][1]["name"] == "zoe" and summary["status"] == "active"
    assert page.request.get("/games?open=true").json()["games"] == []
