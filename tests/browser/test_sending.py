"""A move on its way, in a real browser: while its POST is out every control that acts on the
game is held (aria-disabled, a click on it sends nothing, the cursor says not allowed) and,
once the answer is slow to come, the status region says "Sending your move…"; a live redraw
meanwhile draws the new controls held too; the move's answer, or its failure told in words,
gives them back. The move's POST is held by a Playwright route until the test lets it go.
Screenshots of each game page while a move is out land in ``test-artifacts/browser/screens/``."""

from __future__ import annotations

import pytest

from . import axe
from .driver import PATIENCE, click_move, status_text
from .test_screens import DESKTOP, PHONE, shoot, start

# The page's controls that act on the game (sending.js MOVE_CONTROLS), with the state of each.
CONTROLS = """() => [...document.querySelectorAll('button.move, .legal, .unpick, .resign, '
    + '.ask-takeback, .accept-takeback, .decline-takeback')].map((el) => ({
        held: el.getAttribute('aria-disabled') === 'true',
        cursor: getComputedStyle(el).cursor,
        what: el.outerHTML.slice(0, 80) }))"""
NOT_BUSY = "() => !document.querySelector('main.busy')"
SENDING = "Sending your move…"


class HeldMoves:
    """The route that holds each POST of a move: ``forward`` sends it on to the server at once
    (the game moves on, the live stream tells the page) and holds only the answer; otherwise
    the request itself waits. The test lets each go with ``answer``, ``fail`` or ``abort``."""

    def __init__(self, page, forward=False):
        self.held, self.forward = [], forward
        page.route("**/games/*/moves", self.hold)

    def hold(self, route):
        if route.request.method != "POST":
            route.continue_()
            return
        self.held.append((route, route.fetch() if self.forward else None))

    def wait(self, page, count=1):
        for _ in range(PATIENCE // 50):
            if len(self.held) >= count:
                return
            page.wait_for_timeout(50)  # the route's handler runs while Playwright waits
        raise AssertionError("the page sent no move")

    def answer(self):
        route, response = self.held.pop(0)
        route.fulfill(response=response)


def status_moves_on(page, before):
    page.wait_for_function("before => document.querySelector('.status').textContent "
                           "!== before", arg=before)


def held_state(page):
    controls = page.evaluate(CONTROLS)
    return {"controls": len(controls),
            "free": [c["what"] for c in controls if not c["held"]],
            "cursors": {c["cursor"] for c in controls},
            "status": page.locator(".turn-news").text_content(),
            "shown": page.locator(".turn-news.sending").is_visible()}


@pytest.mark.parametrize(("game", "size"), [("dominion", "desktop"), ("revolution", "desktop"),
                                             ("godofwar", "desktop"), ("thrones", "desktop"),
                                             ("dominion", "phone")])
def test_while_a_move_is_out_every_move_control_is_held_until_its_answer_comes(
        open_page, game, size):
    page = open_page(viewport=DESKTOP if size == "desktop" else PHONE)
    start(page, game)
    posts = []
    page.on("request", lambda r: posts.append(r) if r.method == "POST" and
            r.url.endswith("/moves") else None)
    moves = HeldMoves(page, forward=True)
    before = status_text(page)

    click_move(page)
    moves.wait(page)
    # The move is applied: the live stream redraws the page while its answer is held.
    status_moves_on(page, before)
    page.wait_for_selector(".turn-news.sending")  # shown once the answer is slow to come
    page.evaluate("window.scrollTo(0, 0)")
    shoot(page, f"sending-{game}-{size}")
    held = held_state(page)
    problems = axe.violations(page)
    page.locator(".prompt button.move, .legal").first.click(force=True)  # held: sends nothing
    page.wait_for_timeout(300)

    assert held["controls"] > 0
    assert held["free"] == []
    assert held["cursors"] == {"not-allowed"}
    assert held["status"] == SENDING and held["shown"]
    assert problems == []
    assert page.locator("main.busy").count() == 1
    assert len(posts) == 1
    moves.answer()
    page.wait_for_function(NOT_BUSY)
    after = held_state(page)
    assert after["free"] and len(after["free"]) == after["controls"]
    assert "not-allowed" not in after["cursors"]
    assert after["status"] != SENDING and not after["shown"]
    assert page.locator("#notice").is_hidden()
    assert page.errors == []


@pytest.mark.parametrize("failure", ["500", "unreachable"])
def test_a_move_that_fails_says_why_in_words_and_gives_the_controls_back(open_page, failure):
    page = open_page(viewport=DESKTOP)
    start(page, "dominion")
    moves = HeldMoves(page)

    click_move(page)
    moves.wait(page)
    page.wait_for_selector(".turn-news.sending")
    held = held_state(page)
    route, _ = moves.held.pop(0)
    if failure == "500":
        route.fulfill(status=500, body="")
    else:  # every try (the page tries three times) finds no server
        route.abort("connectionrefused")
        for _ in range(2):
            moves.wait(page)
            moves.held.pop(0)[0].abort("connectionrefused")
    page.wait_for_function(NOT_BUSY)
    notice = page.locator("#notice.error")
    notice.wait_for()
    shoot(page, f"sending-failed-{failure}")

    assert held["free"] == [] and held["status"] == SENDING
    said = notice.text_content()
    assert said.startswith("Your move did not go through: ")
    assert ("The server failed (error 500)." if failure == "500"
            else "The server cannot be reached.") in said
    after = held_state(page)
    assert after["controls"] > 0 and len(after["free"]) == after["controls"]
    assert not after["shown"]
    page.unroute("**/games/*/moves")
    before = status_text(page)
    click_move(page)  # the controls work again
    status_moves_on(page, before)
    assert page.errors == []
