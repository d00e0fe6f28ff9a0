"""Players in the browser: registering (the key shown once), signing in with a key, rotating
it, the inbox fed live by the player's stream, a game started and an open seat joined as the
player, and each game's clock counting down on its page. axe-core finds nothing wrong on the
new pages, and screenshots of them (desktop and phone) land in
``test-artifacts/browser/screens/``."""

from __future__ import annotations

import pytest

from . import axe
from .driver import click_move
from .test_screens import DESKTOP, PHONE, shoot

PLAYER_KEY = "JSON.parse(localStorage.getItem('gamehall:player')).key"
# The page hidden (another tab in front) and notifications allowed: each one shown is kept.
HIDDEN_WITH_NOTIFICATIONS = """
window.told = [];
window.Notification = class {
  static permission = "granted";
  static requestPermission() { return Promise.resolve("granted"); }
  constructor(title, options) { window.told.push(`${title}: ${options.body}`); }
};
Object.defineProperty(document, "hidden", { get: () => true });
"""


def register_in_page(page, name):
    """Register ``name`` on the player's page; answers the key the page showed."""
    page.goto("/#/inbox")
    page.fill("#player-name", name)
    page.click("form.register button[type=submit]")
    page.wait_for_selector("#key-title")
    return page.input_value("#new-key")


def signed_in(page, name):
    """A player registered through the API and signed in on this page's browser."""
    player = page.request.post("/players", data={"name": name}).json()
    page.goto("/#/inbox")
    page.fill("#player-key", player["key"])
    page.click("form.signin button[type=submit]")
    page.wait_for_selector(".inbox")
    return player


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_registering_shows_the_key_once_and_keeps_it_in_this_browser(open_page, size):
    page = open_page(viewport=DESKTOP if size == "desktop" else PHONE)
    page.goto("/#/inbox")
    assert axe.violations(page) == []
    shoot(page, f"player-sign-in-{size}")

    key = register_in_page(page, f"ann on a {size}")

    notice = page.locator(".key-notice").text_content()
    assert key.startswith("ghp.") and "shown this once" in notice
    assert page.evaluate(PLAYER_KEY) == key
    assert page.request.get("/players/me", headers={"Authorization": f"Bearer {key}"}).ok
    page.wait_for_selector(".inbox h2")
    assert axe.violations(page) == []
    shoot(page, f"player-key-{size}")
    page.goto("/#/")
    page.goto("/#/inbox")
    page.wait_for_selector(".inbox h2")
    assert page.locator(".key-notice").count() == 0  # shown once


def test_a_new_key_replaces_the_old_one_which_stops_working(open_page):
    page, elsewhere = open_page(), open_page()
    player = signed_in(page, "cat")
    elsewhere.goto("/#/inbox")
    elsewhere.fill("#player-key", player["key"])
    elsewhere.click("form.signin button[type=submit]")
    elsewhere.wait_for_selector(".inbox")
    page.once("dialog", lambda dialog: dialog.accept())

    page.click("button.rotate-key")
    page.wait_for_selector("#key-title")

    new_key = page.input_value("#new-key")
    assert new_key != player["key"] and page.evaluate(PLAYER_KEY) == new_key
    old = page.request.get("/players/me", headers={"Authorization": f"Bearer {player['key']}"})
    assert old.status == 401
    elsewhere.goto("/#/")
    elsewhere.goto("/#/inbox")  # the other device, still keeping the old key
    elsewhere.wait_for_selector("#player-key")
    assert "no longer works" in elsewhere.locator("#notice").text_content()


def until_anns_turn(bob_page, game_id):
    """Bob (seat 1) moves on his page while the game waits for him (who goes first is
    drawn), until it waits for ann (seat 0)."""
    while (waiting := bob_page.request.get(f"/games/{game_id}").json()["waiting_for"]) != [0]:
        assert waiting == [1]
        bob_page.wait_for_selector(".prompt button.move", state="attached")
        click_move(bob_page)
        bob_page.wait_for_function("() => !document.querySelector('main.busy')")
    bob_page.wait_for_selector(".clock-times li[data-seat='0'] time")


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_clocked_game_started_as_the_player_is_joined_by_key_and_comes_live_to_the_inbox(
        open_page, viewport):
    size = "desktop" if viewport is DESKTOP else "phone"
    ann_page, bob_page = open_page(viewport=viewport), open_page(viewport=viewport)
    ann_page.add_init_script(HIDDEN_WITH_NOTIFICATIONS)
    signed_in(ann_page, "ann")
    bob = signed_in(bob_page, "bob")
    ann_page.goto("/")
    form = ann_page.locator("form[data-game=revolution]")
    form.locator("select[name=seat-1]").select_option("open")
    form.locator("select[name=clock]").select_option(label="1 day a move")
    form.locator("select[name=on-timeout]").select_option("forfeit")
    form.locator("input[name=listed]").check()
    assert axe.violations(ann_page) == []
    form.scroll_into_view_if_needed()
    shoot(ann_page, f"player-lobby-clock-{size}")
    form.locator("button[type=submit]").click()
    ann_page.wait_for_selector(".clock-rule")
    game_id = ann_page.evaluate("location.hash.split('/')[2]")
    assert "1 day a move; a seat whose time runs out loses the game." == \
        ann_page.locator(".clock-rule").text_content()
    ann_page.goto("/#/inbox")
    ann_page.wait_for_selector(f".turn-theirs li[data-game-id='{game_id}']")
    assert "Waiting since" in ann_page.locator(f"li[data-game-id='{game_id}']").text_content()

    bob_page.goto("/")
    bob_page.click(f"#open-games li[data-game-id='{game_id}'] button:has-text('as bob')")
    bob_page.wait_for_selector(".clock-times li time")
    until_anns_turn(bob_page, game_id)

    mine = ann_page.locator(f".turn-mine li[data-game-id='{game_id}']")
    mine.wait_for()  # no reload: the player's stream told the page
    ann_page.wait_for_function("document.title.startsWith('Your turn (1)')")
    assert "Your time runs out in 23 hours 59 minutes" in mine.text_content()
    assert ann_page.evaluate("window.told") == ["Your turn: Regality vs. Religion: Revolution"]
    clock = bob_page.locator(".clock-times li[data-seat='0']").text_content()
    assert clock.startswith("seat 0 (ann) has 23 hours 59 minutes left to move, until "), clock
    summary = bob_page.request.get(f"/games/{game_id}").json()
    assert summary["seats"][1]["name"] == bob["name"] and summary["status"] == "active"
    assert axe.violations(ann_page) == [] and axe.violations(bob_page) == []
    shoot(ann_page, f"player-inbox-{size}")
    shoot(bob_page, f"player-clock-{size}")

    mine.locator("a").click()  # the key plays ann's seat: no seat token needed on a device
    ann_page.evaluate("localStorage.removeItem('gamehall:seats:' + location.hash.split('/')[2])")
    ann_page.reload()
    ann_page.wait_for_selector(".revolution .grid")
    ann_page.wait_for_function("document.title.includes('your turn')")
