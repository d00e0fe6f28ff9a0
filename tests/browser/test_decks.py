"""The deck page (#/decks) and choosing a deck in the lobby: a deck built by clicking is
checked by the server as it grows, saved (POST /decks), chosen for a human seat of a Thrones
game (profile lcg) and played; a pasted list with a misspelled card names its line; axe-core
finds nothing on the page."""

from __future__ import annotations

from domain.games.thrones.decks import READY

from . import axe
from .driver import click_move

DECK = READY["stark"]  # with Fealty: stark_fealty() of tests/games/thrones/decklists.py


def build_the_ready_stark_deck_by_clicking(page):
    page.goto("/#/decks")
    page.wait_for_selector(".card-pool tbody tr")
    page.select_option("#deck-house", "stark")
    page.select_option("#deck-agenda", "fealty")  # unlike the ready-made deck, which has none
    for plot in DECK["plots"]:
        page.locator(f".card-pool tr[data-card={plot}] [data-action=add]").click()
    for card, copies in DECK["cards"]:
        for _ in range(copies):
            page.locator(f".card-pool tr[data-card={card}] [data-action=add]").click()
    page.fill("#deck-name", "Clicked wolves")
    page.locator("#deck-name").blur()


def test_a_deck_built_by_clicking_is_checked_saved_chosen_in_the_lobby_and_played(open_page):
    page = open_page()
    build_the_ready_stark_deck_by_clicking(page)
    page.wait_for_selector(".deck-problems:has-text('A legal deck.')")
    assert page.locator(".deck-part h3").all_text_contents() == ["Plot deck (7)",
                                                                "House deck (60)"]
    page.get_by_role("button", name="Save deck").click()
    page.wait_for_selector(".saved-decks li")
    saved = page.evaluate("JSON.parse(localStorage.getItem('gamehall:decks'))")
    assert [d["name"] for d in saved] == ["Clicked wolves"]
    assert saved[0]["cards"] == DECK["cards"] and saved[0]["plots"] == DECK["plots"]

    page.goto("/")
    form = page.locator("form[data-game=thrones]")
    form.locator("select[name=seat-0]").select_option("human")
    form.locator("select[name=seat-1]").select_option("bot:planner")
    form.locator("details.options summary").click()
    form.locator("#thrones-opt-profile").select_option('"lcg"')
    form.locator("select[name=deck-0]").select_option(saved[0]["deck_id"])
    form.locator("button[type=submit]").click()
    page.wait_for_selector(".thrones .house")
    click_move(page, "keep")  # the game is played with the deck: the seat's first move
    page.wait_for_selector(".prompt h2")
    options = page.evaluate("""async () => {
        const [, id] = location.hash.match(/#\\/play\\/([^/]+)\\//);
        return (await (await fetch(`/games/${id}`)).json()).options;
    }""")
    assert options["decks"][0] == {"house": "stark", "agenda": "fealty"}  # the rest is hidden
    assert page.errors == []


def test_a_pasted_list_with_a_misspelled_card_names_its_line(open_page):
    page = open_page()
    page.goto("/#/decks")
    page.wait_for_selector(".card-pool tbody tr")
    page.fill("#deck-import", "Pasted\nHouse Stark\n3x Edard Stark\n2x Catelyn Stark\n")
    page.get_by_role("button", name="Read the list").click()
    page.wait_for_selector(".bad-line")
    assert page.locator(".bad-line").all_text_contents() == [
        "Line 3: 'Edard Stark' names no card of the pool. Did you mean Eddard Stark?"]
    assert page.input_value("#deck-name") == "Pasted"
    assert page.locator(".card-pool tr[data-card=catelyn-stark] .count").text_content() == "2"
    page.wait_for_function(
        "document.querySelector('#deck-export').value.includes('2x Catelyn Stark')")
    assert axe.violations(page) == []
    assert page.errors == []
