"""What a screen reader and a keyboard meet: names that say what the eye sees, legal moves not
told by colour alone, the focus and the news after a move, real buttons, a title per screen,
and axe-core on the pages that test_screens.py does not open (the lobby, the replay viewer, a
game drawn by the generic renderer)."""

from __future__ import annotations

import itertools
import re

import pytest

from . import axe
from .driver import click_move, create_from_lobby, move_button, wait_for_the_log
from .test_screens import IN_VIEW, shoot, start

# The legal-move ring and its halo, and the colour behind the thing that wears them: each
# element's contrast ratios (WCAG's relative luminance) and whether it wears the badge.
RINGS = """() => {
    const rgb = (text) => (text.match(/rgba?\\([^)]*\\)/g) || []).map((c) =>
        c.match(/[\\d.]+/g).map(Number));
    const lum = ([r, g, b]) => [r, g, b].map((v) => {
        const c = v / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }).reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i], 0);
    const ratio = (a, b) => {
        const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
        return (hi + 0.05) / (lo + 0.05);
    };
    const behind = (el) => {
        for (let node = el.parentElement; node; node = node.parentElement) {
            const [color] = rgb(getComputedStyle(node).backgroundColor);
            if (color && (color.length < 4 || color[3] > 0)) return color;
        }
        return [255, 255, 255];
    };
    return [...document.querySelectorAll('.legal')].map((el) => {
        const [ring, halo] = rgb(getComputedStyle(el).boxShadow);
        const back = behind(el);
        return { what: el.className, badge: getComputedStyle(el, '::after').content !== 'none',
                 ringHalo: ring && halo ? ratio(ring, halo) : 0,
                 seen: ring && halo ? Math.max(ratio(ring, back), ratio(halo, back)) : 0 };
    });
}"""


def name_of(locator):
    """The accessible name a screen reader reads, spaces before commas closed up."""
    snapshot = locator.aria_snapshot()
    found = re.search(r'"(.*)"', snapshot)
    return re.sub(r"\s+([,:])", r"\1", found.group(1)) if found else ""


@pytest.mark.parametrize("game", ["dominion", "godofwar", "revolution", "thrones"])
def test_a_legal_move_is_shown_by_a_ring_of_three_to_one_and_a_badge_not_by_colour_alone(
        open_page, game):
    page = open_page()
    start(page, game)
    if not page.locator(".legal").count():  # Thrones: keep the hand, then set up from it
        click_move(page, "keep")
        page.wait_for_selector(".legal")

    rings = page.evaluate(RINGS)

    assert rings
    assert [r for r in rings if not r["badge"]] == []
    assert [r for r in rings if r["ringHalo"] < 3 or r["seen"] < 3] == []


def test_a_dominion_pile_is_named_with_its_price_its_count_and_its_move(open_page):
    page = open_page()
    start(page, "dominion")

    silver = name_of(page.locator(".supply .card[data-card=silver]"))
    copper = name_of(page.locator(".dock .card[data-card=copper]").first)

    assert re.fullmatch(r"Silver, \$3, 40 left(: .+)?", silver), silver
    assert copper.startswith("Copper: "), copper  # a treasure in hand: the move it plays


def settled_names(page, locator, tries=5):
    """Each element's accessible name, read again while one reads empty: a live update that
    redraws the board between counting the elements and reading one leaves it detached."""
    for _ in range(tries):
        names = [name_of(locator.nth(i)) for i in range(locator.count())]
        if "" not in names:
            return names
        page.wait_for_timeout(500)
    return names


def test_a_god_of_war_enemy_is_named_with_its_health_armor_attack_and_runes(open_page):
    page = open_page()
    start(page, "godofwar")
    enemies = page.locator(".scene-card.enemy")

    names = settled_names(page, enemies)

    # Its attack, or that it has none (a God of War enemy may have no attack of its own).
    assert names and all(", health " in name and re.search(r"(melee|ranged) attack \d|no attack",
                                                             name) for name in names), names
    assert any(", rune " in name for name in names), names
    assert any(", armor " in name for name in names), names
    assert not any("♥" in name or "⚔" in name for name in names), names


def test_a_revolution_tile_shows_its_faction_by_a_mark_and_says_it(open_page):
    page = open_page()
    start(page, "revolution")
    tiles = page.locator(".dock .pick")

    names = [name_of(tiles.nth(i)) for i in range(tiles.count())]
    marks = page.locator(".dock .tile-mark")

    assert names and all(name.startswith(("regality ", "religion ", "neutral ", "a face-down"))
                         for name in names), "; ".join(names)
    assert marks.count() == tiles.count()


def test_after_a_move_the_focus_is_on_the_prompt_and_every_new_log_line_is_announced(
        open_page):
    page = open_page()
    start(page, "dominion")
    assert page.locator("main [role=status]").text_content().startswith("Your turn")
    assert page.title() == "Dominion — your turn — gamehall"
    click_move(page, "play_treasures")
    page.wait_for_function("() => document.activeElement.id === 'prompt-title'")
    wait_for_the_log(page)  # the move's own line comes by the live stream, perhaps later
    lines = page.locator(".log-lines li").count()

    click_move(page, "end_turn")  # the bot's whole turn follows

    page.wait_for_function("() => document.querySelector('#prompt-title').tagName === 'H2' "
                           "&& document.activeElement.id === 'prompt-title'")  # its turn again
    wait_for_the_log(page)
    told = page.locator("main .sr-only[aria-live] p").all_text_contents()
    log = page.locator(".log-lines li").all_text_contents()
    assert len(told) > 1 and told == log[lines:]


@pytest.mark.parametrize("key", ["Enter", " "])
def test_a_god_of_war_hero_space_is_a_button_that_a_key_presses(open_page, key):
    page = open_page()
    created = page.request.post("/games", data={"game": "godofwar",
                                                 "players": [{"name": "ann"}]}).json()
    page.goto(f"/#/join/{created['game_id']}/0/{created['tokens']['0']}")
    space = page.locator(".godofwar .space.legal").first
    space.wait_for()
    assert space.evaluate("el => el.tagName") == "BUTTON"
    space.focus()

    page.keyboard.press(key)

    page.wait_for_selector(".godofwar .spot .hero")  # Kratos stands in it
    assert page.errors == []


def test_god_of_war_reads_without_null_under_its_own_title(open_page):
    page = open_page()
    start(page, "godofwar")

    board = page.locator(".godofwar").first.text_content()
    assert "null" not in board and "round · round" not in board.lower()
    assert page.locator("h1").text_content().startswith("God of War")
    assert page.title().startswith("God of War")


def test_the_lobby_lists_player_names_and_a_co_operative_result(open_page):
    page = open_page()
    party = page.request.post("/games", data={"game": "godofwar",
                                              "players": [{"bot": "party"}]}).json()
    page.request.post("/games", data={"game": "dominion", "players": [
        {"name": "ann"}, {"bot": "big_money"}], "options": {"first_seat": 0}})
    page.goto("/")

    row = page.locator(f"tr[data-game-id='{party['game_id']}']")
    row.wait_for()
    assert re.search(r"the party (won|lost)", row.text_content())
    assert "seat 0 (party bot)" in row.text_content()
    assert page.locator("tr", has_text="seat 0 (ann)").count()
    assert page.title() == "Lobby — gamehall"


def test_a_created_games_invitations_show_at_the_top_of_the_lobby(open_page):
    page = open_page(viewport={"width": 390, "height": 844})

    create_from_lobby(page, "revolution", ["human", "human"])

    page.locator("#created input.invite").first.wait_for()
    shoot(page, "lobby-phone-created")
    assert page.evaluate("window.scrollY") == 0
    assert page.evaluate(IN_VIEW, "#created input.invite")
    assert page.evaluate("() => document.activeElement.id") == "created-title"


def test_axe_finds_no_violation_in_the_lobby_the_replay_viewer_and_a_generic_game(open_page):
    page = open_page()
    create_from_lobby(page, "revolution", ["human", "human"])
    page.locator("#created input.invite").first.wait_for()
    page.wait_for_selector("#games table")
    found = {"lobby": axe.violations(page)}
    created = page.request.post("/games", data={"game": "revolution", "players": [
        {"bot": "random"}, {"bot": "greedy"}]}).json()
    page.goto(f"/#/replay/{created['game_id']}")
    page.wait_for_selector(".verdict.valid")
    page.wait_for_selector(".replay-board .square")
    found["replay"] = axe.violations(page)
    shoot(page, "replay-desktop")
    assert page.title() == "Replay viewer — gamehall"
    create_from_lobby(page, "toy", ["human", "bot:first"], {"goal": "5"})
    page.wait_for_selector(".board.generic dl")
    move_button(page, "add").first.wait_for() if move_button(page, "add").count() else None
    found["generic"] = axe.violations(page)

    assert found == {"lobby": [], "replay": [], "generic": []}


@pytest.mark.parametrize("game", ["revolution", "dominion", "godofwar"])  # one seat asked first
def test_a_seat_waiting_for_another_reads_its_headings_in_order(open_page, game):
    """With no prompt of its own (another seat is asked), a page's headings still go one
    level at a time: the table has a heading of its own, so a seat's h3 never follows the
    page's h1 straight (axe's heading-order found it on Revolution)."""
    page = open_page()
    created = page.request.post("/games", data={"game": game, "players": [
        {"name": "ann"}, {"name": "bob"}]}).json()
    game_id = created["game_id"]
    waiting = page.request.get(f"/games/{game_id}").json()["waiting_for"]
    idle = next(seat for seat in (0, 1) if seat not in waiting)
    page.goto(f"/#/join/{game_id}/{idle}/{created['tokens'][str(idle)]}")
    page.wait_for_selector(".board-box *")
    page.wait_for_selector(".log-lines li")

    levels = page.eval_on_selector_all(
        "main h1, main h2, main h3, main h4", "hs => hs.map(h => Number(h.tagName[1]))")
    assert all(b - a <= 1 for a, b in itertools.pairwise(levels)), levels
    assert [v for v in axe.violations(page) if v.startswith("heading-order")] == []
