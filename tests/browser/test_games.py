"""God of War and Thrones in a real browser: each played to its end against bots by clicking on
the board, then stepped through in the replay viewer; a card's text one hover away."""

from __future__ import annotations

from .driver import (
    choose_godofwar,
    choose_thrones,
    create_from_lobby,
    move_button,
    play_to_the_end,
    prompt_of,
)


def step_through_the_replay(page, board):
    """Open the finished game's replay, go to the first step and back to the last."""
    page.click("text=Open the replay")
    page.wait_for_selector(".verdict.valid")
    steps = page.locator(".replay-log li").count()
    assert page.locator(".step-no").text_content() == f"step {steps} of {steps}"
    page.locator("#step").focus()
    page.keyboard.press("Home")
    page.wait_for_function("() => document.querySelector('.step-no').textContent"
                           ".startsWith('step 1 ')")
    assert page.locator(".log-line").text_content() == page.locator(
        ".replay-log li").first.text_content()
    page.keyboard.press("End")
    page.wait_for_function(f"() => document.querySelector('.step-no').textContent"
                           f".startsWith('step {steps} ')")
    page.wait_for_selector(f".replay-board {board}")
    return steps


def test_a_god_of_war_game_with_a_party_bot_is_played_to_its_end_by_clicking_and_replayed(
        open_page):
    page = open_page()
    create_from_lobby(page, "godofwar", ["human", "bot:party"])
    page.wait_for_selector(".godofwar .scene")
    assert "party bot" in page.locator(".seats").text_content()

    play_to_the_end(page, choose_godofwar)

    status = page.locator(".status").text_content()
    assert status.startswith("Game over")
    assert page.locator(".godofwar .scene-card").count() >= 8
    assert page.locator(".godofwar .chip.current").count() == 1  # the quest it ended in
    assert page.locator(".godofwar .hero").count() >= 2  # each seat's hero on the board
    assert page.locator(".godofwar .player .zone.hand").count() == 2  # hands open to the party
    assert page.errors == []
    steps = step_through_the_replay(page, ".scene-card")
    assert steps > 10 and page.errors == []


def test_a_god_of_war_card_in_hand_and_an_enemy_read_out_on_hover(open_page):
    page = open_page()
    create_from_lobby(page, "godofwar", ["human"])
    page.wait_for_selector(".godofwar .space.legal")
    page.locator(".godofwar .space.legal").first.click()  # stand Kratos: the round begins
    card = page.locator(".player.mine .zone.hand .card:not(.t-status)").first
    card.wait_for()
    name = card.locator(".name").text_content()
    card.hover()
    details = page.locator(".info .details")
    assert details.locator("h3").text_content() == name
    assert "Plays as" in details.text_content()
    enemy = page.locator(".scene-card.enemy").first
    enemy.hover()
    assert "health" in details.text_content()
    assert enemy.locator(".name").text_content() in details.text_content()


def test_a_solo_kratos_finds_his_companions_abilities_named_on_the_prompt(open_page):
    page = open_page()
    create_from_lobby(page, "godofwar", ["human"])
    page.wait_for_selector(".godofwar .space.legal")
    page.locator(".godofwar .space.legal").first.click()  # stand Kratos: his turn begins
    page.wait_for_selector(".prompt button.move[data-kind=end]", state="attached")
    prompt = prompt_of(page)
    companions = [label for move, label in zip(prompt["legal_moves"], prompt["labels"],
                                                strict=True) if move["kind"] == "companion"]
    shown = page.locator(".prompt button.move[data-kind=companion]")

    assert len(companions) >= 3
    assert [shown.nth(i).text_content() for i in range(shown.count())] == companions
    assert page.errors == []


def start_thrones(page):
    """A Thrones game against the planner bot, from the lobby."""
    page.goto("/")
    create_from_lobby(page, "thrones", ["human", "bot:planner"])


def test_a_thrones_game_is_played_to_its_end_against_the_planner_by_clicking(open_page):
    page = open_page()
    start_thrones(page)
    page.wait_for_selector(".thrones .house")
    assert page.locator(".thrones .house").count() == 2
    assert page.locator(".house.mine .zone.plots .card").count() == 7  # the fixed plot deck
    assert page.locator(".house:not(.mine) .zone.their-plots .card").count() == 7  # public

    play_to_the_end(page, choose_thrones)

    assert page.locator(".status").text_content().startswith("Game over")
    assert page.locator(".house .zone.used .card").count() >= 2  # plots were revealed
    assert page.errors == []
    step_through_the_replay(page, ".house")
    assert page.errors == []


def test_a_thrones_card_reads_out_on_hover(open_page):
    page = open_page()
    start_thrones(page)
    page.wait_for_selector(".player.mine .zone.hand .card")
    page.hover(".house.mine .zone.plots .card >> nth=0")
    details = page.locator(".info .details")
    assert details.locator("h3").text_content() == page.locator(
        ".house.mine .zone.plots .card .name").first.text_content()
    assert "plot" in details.text_content()
    page.hover(".player.mine .zone.hand .card >> nth=0")
    assert details.locator("h3").text_content() == page.locator(
        ".player.mine .zone.hand .card .name").first.text_content()
    # A card with a price shows it; an event has none printed (its text says what it costs).
    text = details.text_content()
    assert "cost" in text or "event" in text


def test_a_move_is_taken_back_from_the_play_page_in_a_game_created_with_takebacks(open_page):
    page = open_page()
    create_from_lobby(page, "dominion", ["human", "bot:big_money"], takebacks=True)
    move_button(page, "play_treasures").wait_for()
    coins = page.locator(".dominion .turn").text_content()
    move_button(page, "play_treasures").click()
    page.wait_for_selector(".player.mine .zone.play .card")

    page.locator(".takeback .ask-takeback").click()  # the bot accepts a one-move takeback

    move_button(page, "play_treasures").wait_for()
    assert page.locator(".player.mine .zone.play .card").count() == 0
    assert page.locator(".dominion .turn").text_content() == coins
    assert page.errors == []
