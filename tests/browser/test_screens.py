"""Each game's page as a player sees it, on a desktop screen (1280×800) and a phone's (390×844):
it opens at its top, the prompt and the seat's own hand stay in view while the board scrolls,
axe-core finds nothing wrong, and screenshots of both land in the test artifacts
(``test-artifacts/browser/screens/``) for a person to look at."""

from __future__ import annotations

import re

import pytest

from . import axe
from .conftest import ARTIFACTS
from .driver import OVER, choose_thrones, prompt_of, status_text

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
SCREENS = ARTIFACTS / "screens"

# How each game is started to show a hand: the human at seat 0 against a bot, its turn first
# where the game lets it choose; God of War alone (its hand comes once Kratos stands).
PLAYERS = {
    "dominion": ([{"name": "ann"}, {"bot": "big_money"}], {"first_seat": 0}),
    "revolution": ([{"name": "ann"}, {"bot": "greedy"}], {}),
    "godofwar": ([{"name": "ann"}], {}),
    "thrones": ([{"name": "ann"}, {"bot": "planner"}], {}),
}

# Where an element stands against the window: true when it is wholly in view.
IN_VIEW = """selector => {
    const el = document.querySelector(selector);
    if (!el) return false;
    const r = el.getBoundingClientRect();
    return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight + 1
        && r.left >= 0 && r.right <= window.innerWidth + 1;
}"""

# Whether an element of the board is in view between the prompt and the hand (not under them).
UNCOVERED = """selector => {
    const el = document.querySelector(selector);
    if (!el) return false;
    const r = el.getBoundingClientRect();
    const top = document.querySelector('.prompt-box').getBoundingClientRect().bottom;
    const dock = document.querySelector('.dock');
    const bottom = dock.hidden ? window.innerHeight : dock.getBoundingClientRect().top;
    return r.height > 0 && r.top >= top - 1 && r.bottom <= bottom + 1;
}"""

# The words of every card name that a line break cuts in two (a name may wrap between words).
BROKEN_WORDS = """selector => {
    const broken = [];
    for (const el of document.querySelectorAll(selector)) {
        const text = el.firstChild;
        if (!text || text.nodeType !== Node.TEXT_NODE) continue;
        for (const match of text.data.matchAll(/\\S+/g)) {
            const range = document.createRange();
            range.setStart(text, match.index);
            range.setEnd(text, match.index + match[0].length);
            const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
            if (lines.size > 1) broken.push(match[0]);
        }
    }
    return broken;
}"""


def start(page, game):
    """A game of ``game`` opened at its play page, on the seat's turn, with a hand to show;
    answers how far down the page was once opened and its log heard."""
    players, options = PLAYERS[game]
    created = page.request.post("/games", data={"game": game, "players": players,
                                                 "options": options}).json()
    page.goto(f"/#/join/{created['game_id']}/0/{created['tokens']['0']}")
    page.wait_for_selector(".prompt h2")
    log_heard(page)
    opened_at = page.evaluate("window.scrollY")
    if game == "godofwar":  # stand Kratos: the round begins and his hand is dealt
        before = status_text(page)
        page.locator(".godofwar .space.legal").first.click()
        page.wait_for_function("before => document.querySelector('.status').textContent "
                               "!== before", arg=before)
        page.wait_for_selector(".prompt h2")
    page.wait_for_selector(".dock .card, .dock .pick")
    page.evaluate("window.scrollTo(0, 0)")
    return opened_at


def log_heard(page):
    """The live log has caught up with the game (its events heard, drawn on the page)."""
    page.wait_for_function("() => document.querySelector('.live-state').textContent === 'live' "
                           "&& document.querySelectorAll('.log-lines li').length > 0")


def scroll_the_board(page):
    """Scroll the window to the middle of the board; answers how far it scrolled."""
    return page.evaluate("""() => {
        const board = document.querySelector('.board-box').getBoundingClientRect();
        window.scrollTo(0, window.scrollY + board.top + board.height / 2 - innerHeight / 2);
        return window.scrollY;
    }""")


def shoot(page, name):
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENS / f"{name}.png"))


@pytest.mark.parametrize("game", sorted(PLAYERS))
@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_game_page_opens_at_its_top_and_keeps_the_prompt_and_the_hand_in_view(
        open_page, game, size):
    viewport = DESKTOP if size == "desktop" else PHONE
    page = open_page(viewport=viewport)
    opened_at = start(page, game)
    shoot(page, f"{game}-{size}-top")

    scrolled = scroll_the_board(page)

    shoot(page, f"{game}-{size}-scrolled")
    assert opened_at == 0
    assert scrolled > 0, "the board fits the screen: nothing to keep in view"
    assert page.evaluate(IN_VIEW, ".prompt"), "the prompt scrolled out of view"
    assert page.evaluate(IN_VIEW, ".dock"), "the hand scrolled out of view"
    assert page.evaluate("document.documentElement.scrollWidth") == viewport["width"]
    assert page.evaluate(BROKEN_WORDS, ".name, .tile-name") == []
    assert page.errors == []


@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_a_game_page_has_no_axe_violation_and_its_moves_read_as_the_rules_label_them(
        open_page, game):
    page = open_page(viewport=DESKTOP)
    start(page, game)
    page.locator(".prompt details.all-moves").evaluate_all(
        "folded => folded.forEach((d) => { d.open = true; })")

    buttons = page.locator(".prompt button.move").all_text_contents()

    assert buttons == prompt_of(page)["labels"]
    assert axe.violations(page) == []


def test_the_thrones_first_screen_shows_the_hand_and_the_challenge_in_progress(open_page):
    for size, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
        page = open_page(viewport=viewport)
        start(page, "thrones")
        for _ in range(60):  # answer as the two-player test does until a challenge is on
            if page.locator(".thrones .challenge").count() or page.locator(OVER).count():
                break
            before = status_text(page)
            choose_thrones(page)
            page.wait_for_function(
                "before => document.querySelector('.status').textContent !== before "
                "|| document.querySelector('.thrones .challenge')", arg=before, timeout=30_000)
        page.wait_for_selector(".thrones .challenge")
        page.evaluate("window.scrollTo(0, 0)")

        shoot(page, f"thrones-{size}-challenge")
        assert page.evaluate(UNCOVERED, ".thrones .challenge"), size
        assert page.evaluate(IN_VIEW, ".dock"), size
        assert page.evaluate(BROKEN_WORDS, ".card .name") == [], size
        # The sides' STR as the rules count it now (it read 0 until the challenge resolved).
        totals = page.evaluate("""async () => {
            const [, id] = location.hash.match(/#\\/play\\/([^/]+)/);
            const answer = await (await fetch(`/games/${id}/view`)).json();
            return answer.view.challenge && answer.view.challenge.totals;
        }""")  # the spectator's view: a challenge's totals are public
        shown = page.locator(".thrones .challenge .zone-name").all_inner_texts()
        assert shown[:2] == [f"Attackers (STR {totals['attacker']})",
                             f"Defenders (STR {totals['defender']})"], size
    # A character in play is named with its icons, as the eye sees them (⚔ ✦ ♛).
    character = page.locator(".card.thr.in:has(.icons)").first
    assert re.search(r"(military|intrigue|power) icon", character.aria_snapshot())
