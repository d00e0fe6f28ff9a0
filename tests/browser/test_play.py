"""Playing in a real browser: whole games against bots by clicking, a second seat's page
following the first seat's move live, the replay viewer, and what a person sees when
something goes wrong."""

from __future__ import annotations

import json

from .driver import (
    OVER,
    choose_dominion,
    choose_revolution,
    click_move,
    create_from_lobby,
    play_to_the_end,
    wait_for_the_log,
)


def tokens_in(page):
    return page.evaluate("""() => Object.keys(localStorage)
        .filter((k) => k.startsWith('gamehall:seats:'))
        .flatMap((k) => Object.values(JSON.parse(localStorage.getItem(k))))""")


def test_a_whole_revolution_match_is_played_against_a_bot_by_clicking_and_replayed(open_page):
    page = open_page()
    urls = []
    page.on("request", lambda request: urls.append(request.url))
    create_from_lobby(page, "revolution", ["human", "bot:greedy"])
    page.wait_for_selector(".revolution .grid")

    clicks = play_to_the_end(page, choose_revolution)

    assert clicks >= 9
    result = page.request.get(page.url.replace("/#/play", "/games").rsplit("/", 1)[0]).json()
    assert result["status"] == "over"
    shown = page.locator(".status").text_content()
    assert shown.startswith(f"Game over ({result['result']['reason']})")
    assert all(f"seat {seat}" in shown for seat in result["winners"])
    assert page.locator(".revolution .square .tile").count() == 9
    token = tokens_in(page)[0]
    assert not [url for url in urls if token in url]
    assert page.errors == []

    page.click("text=Open the replay")
    page.wait_for_selector(".verdict.valid")
    steps = page.locator(".replay-log li").count()
    assert page.locator(".step-no").text_content() == f"step {steps} of {steps}"
    tiles_shown = "n => document.querySelectorAll('.replay-board .square .tile').length === n"
    page.wait_for_function(tiles_shown, arg=9)
    page.locator("#step").focus()
    page.keyboard.press("Home")
    page.wait_for_function("() => document.querySelector('.step-no').textContent"
                           ".startsWith('step 1 ')")
    page.wait_for_function(tiles_shown, arg=0)
    first_line = page.locator(".replay-log li").first.text_content()
    assert page.locator(".log-line").text_content() == first_line
    page.keyboard.press("ArrowRight")
    page.wait_for_function("() => document.querySelector('.step-no').textContent"
                           ".startsWith('step 2 ')")
    assert page.locator(".log-line").text_content() == page.locator(
        ".replay-log li").nth(1).text_content()
    page.select_option("#perspective", "1")
    page.keyboard.press("End")
    page.wait_for_function(f"() => document.querySelector('.step-no').textContent"
                           f".startsWith('step {steps} ')")
    page.wait_for_selector(".replay-board .side.mine[data-seat='1']")
    assert page.errors == []


def test_a_whole_dominion_game_is_played_against_a_bot_by_clicking(open_page):
    page = open_page()
    create_from_lobby(page, "dominion", ["human", "bot:big_money"])
    page.wait_for_selector(".dominion .supply")
    assert page.locator(".dominion .supply .card").count() == 17
    assert page.locator(".player.mine .zone.hand .card").count() == 5

    play_to_the_end(page, choose_dominion)

    assert "Game over" in page.locator(".status").text_content()
    assert page.locator(".player.mine .counts").text_content().startswith("deck ")
    assert page.errors == []


def test_a_cards_text_is_one_hover_away(open_page):
    page = open_page()
    create_from_lobby(page, "dominion", ["human", "bot:big_money"])
    page.wait_for_selector(".dominion .supply")
    page.hover(".supply .card[data-card=smithy]")
    details = page.locator(".info .details")
    assert details.locator("h3").text_content() == "Smithy"
    assert "+3 Cards" in details.text_content() and "cost 4" in details.text_content()


def test_a_second_seat_sees_the_first_seats_move_live_through_its_invitation_link(open_page):
    first = open_page()
    create_from_lobby(first, "revolution", ["human", "human"])
    invitation = first.locator("#created input.invite").first.input_value()
    assert "#/join/" in invitation and "?" not in invitation
    assert len(tokens_in(first)) == 1  # seat 1's token went out in its link, not kept here
    second = open_page()
    second.goto(invitation)
    second.wait_for_selector(".revolution .grid")
    assert "/join/" not in second.url  # the token left the address bar
    first.goto(first.locator("#created a", has_text="Play seat 0").get_attribute("href"))
    first.wait_for_selector(".revolution .grid")
    mover, watcher = (first, second) if first.locator(".prompt h2").count() else (
        second, first)
    mover.wait_for_selector(".prompt h2")
    before = watcher.locator(".log-lines li").count()

    choose_revolution(mover)

    watcher.wait_for_selector(".revolution .square .tile")
    watcher.wait_for_function(f"() => document.querySelectorAll('.log-lines li').length > "
                              f"{before}")
    assert "places the Citizen" in watcher.locator(".log-lines li").last.text_content()
    watcher.wait_for_selector(".prompt h2")  # now it is the watcher's turn
    assert first.errors == [] and second.errors == []


def test_the_log_resumes_after_a_dropped_stream_without_losing_or_doubling_events(open_page):
    page = open_page()
    created = page.request.post("/games", data={"game": "dominion", "players": [
        {"name": "ann"}, {"bot": "big_money"}], "options": {"first_seat": 0}}).json()
    game_id, token = created["game_id"], created["tokens"]["0"]
    events = page.request.get(f"/games/{game_id}/events",
                              headers={"Authorization": f"Bearer {token}"}).json()["events"]
    resumed_from = []

    def stream(route):
        if not resumed_from:  # the first connection drops after two events
            resumed_from.append(None)
            frames = "".join(f"id: {e['seq']}\ndata: {json.dumps(e)}\n\n" for e in events[:2])
            route.fulfill(status=200, content_type="text/event-stream", body=frames)
        else:
            resumed_from.append(route.request.headers.get("last-event-id"))
            route.continue_()

    page.route("**/stream", stream)
    page.goto(f"/#/join/{game_id}/0/{token}")
    page.wait_for_function(f"() => document.querySelectorAll('.log-lines li').length >= "
                           f"{len(events)}")
    click_move(page, "play_treasures")
    page.wait_for_function(f"() => document.querySelectorAll('.log-lines li').length > "
                           f"{len(events)}")

    assert resumed_from[1] == "2"
    seqs = page.eval_on_selector_all(".log-lines li", "items => items.map(i => +i.dataset.seq)")
    assert seqs == list(range(1, len(seqs) + 1))


def test_a_move_made_elsewhere_meanwhile_is_explained_and_the_board_refreshed(open_page):
    page = open_page()
    created = page.request.post("/games", data={"game": "dominion", "players": [
        {"name": "ann"}, {"bot": "big_money"}], "options": {"first_seat": 0}}).json()
    game_id, token = created["game_id"], created["tokens"]["0"]
    page.route("**/stream", lambda route: route.abort())  # the page hears of nothing
    page.goto(f"/#/join/{game_id}/0/{token}")
    page.wait_for_selector(".prompt h2")
    answer = page.request.post(f"/games/{game_id}/moves", data={"move": {"kind": "end_turn"}},
                               headers={"Authorization": f"Bearer {token}"})
    assert answer.ok

    click_move(page, "play_treasures")

    notice = page.locator("#notice")
    notice.wait_for()
    assert "game moved on" in notice.text_content()
    page.wait_for_selector(".status:has-text('waiting for seat 0')")
    assert page.locator(".dominion .turn").text_content().startswith("Your turn")


def test_a_hostile_player_name_is_shown_as_text_and_never_run(open_page):
    page = open_page()
    hostile = "<img src=x onerror=document.title=1>"
    created = page.request.post("/games", data={"game": "revolution", "players": [
        {"name": hostile}, {"bot": "random"}]}).json()
    page.goto(f"/#/join/{created['game_id']}/0/{created['tokens']['0']}")
    page.wait_for_selector(".revolution .grid")
    page.goto("/")
    page.wait_for_selector("#games table")
    page.goto(f"/#/play/{created['game_id']}/0")
    page.wait_for_selector(".revolution .grid")

    assert hostile in page.locator(".game-head .seats").text_content()
    assert page.locator("img").count() == 0
    assert page.title().endswith("Revolution — your turn — gamehall")  # not "1": never run


def test_a_game_without_a_renderer_of_its_own_is_playable_from_its_prompt(open_page):
    page = open_page()
    create_from_lobby(page, "toy", ["human", "bot:first"], {"goal": "5"})
    page.wait_for_selector(".board.generic dl")

    play_to_the_end(page, click_move)

    assert page.locator(OVER).count() == 1
    assert page.errors == []


def finished_replay(page):
    created = page.request.post("/games", data={"game": "revolution", "players": [
        {"bot": "random"}, {"bot": "greedy"}]}).json()
    return page.request.get(f"/games/{created['game_id']}/replay").json()


def test_a_dropped_replay_document_shows_its_verdict_and_highlights_the_failing_step(
        open_page, tmp_path):
    page = open_page()
    document = finished_replay(page)
    placed = [e for e in document["events"] if e["type"] == "move_made"
              and e["payload"]["move"]["kind"] == "place"]
    forged = placed[3]
    forged["payload"]["move"]["square"] = (forged["payload"]["move"]["square"] + 1) % 9
    path = tmp_path / "forged.json"
    path.write_text(json.dumps(document))
    page.goto("/#/replay")

    page.set_input_files("#replay-file", str(path))

    verdict = page.locator(".verdict.invalid")
    verdict.wait_for()
    assert f"at step {forged['seq']}" in verdict.text_content()
    failed = page.locator(".replay-log li.failed")
    assert failed.count() == 1 and failed.get_attribute("data-seq") == str(forged["seq"])
    failed.click()
    page.wait_for_selector("p.failed:has-text('fails verification')")
    page.locator(".replay-log li").nth(forged["seq"] - 2).click()
    page.wait_for_selector(".replay-board .grid")
    assert page.errors == []


def test_a_dropped_document_with_an_edited_log_line_is_refused_in_words_on_its_last_good_board(
        open_page, tmp_path):
    page = open_page()
    document = finished_replay(page)
    edited = [e for e in document["events"] if e["type"] == "move_made"][3]
    edited["log"] = "greedy bot (seat 1) resigned."  # a move that never happened
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(document))
    page.goto("/#/replay")

    page.set_input_files("#replay-file", str(path))

    verdict = page.locator(".verdict.invalid")
    verdict.wait_for()
    assert f"Event {edited['seq']} (" in verdict.text_content()
    assert "told in other words than the rules write" in verdict.text_content()
    assert "greedy bot (seat 1) resigned." not in page.locator(".replay-log").text_content()
    page.locator(".replay-log li.failed").click()
    page.wait_for_selector(".replay-board .grid")
    last_good = page.locator(".last-good").text_content()
    assert f"the board after step {edited['seq'] - 1}, the last step that verifies" in last_good
    assert page.locator(".log-line").text_content() == "(not verified) move made"
    assert page.errors == []


def test_a_valid_dropped_document_is_stepped_through_as_any_seat(open_page, tmp_path):
    page = open_page()
    path = tmp_path / "game.json"
    path.write_text(json.dumps(finished_replay(page)))
    page.goto("/#/replay")

    page.set_input_files("#replay-file", str(path))

    page.wait_for_selector(".verdict.valid")
    page.select_option("#perspective", "0")
    page.wait_for_selector(".replay-board .side.mine[data-seat='0']")
    page.locator("#step").focus()
    page.keyboard.press("PageUp")
    page.wait_for_function("() => !/^step (\\d+) of \\1$/.test("
                           "document.querySelector('.step-no').textContent)")
    assert page.errors == []


def test_the_pages_fit_a_phone_screen_without_sideways_scrolling(open_page):
    page = open_page(viewport={"width": 390, "height": 844})
    create_from_lobby(page, "dominion", ["human", "bot:big_money"])
    page.wait_for_selector(".dominion .supply")
    widths = [page.evaluate("document.documentElement.scrollWidth")]
    page.goto("/")
    page.wait_for_selector("#games table")
    widths.append(page.evaluate("document.documentElement.scrollWidth"))
    page.goto("/#/replay")
    page.wait_for_selector(".drop")
    widths.append(page.evaluate("document.documentElement.scrollWidth"))
    assert widths == [390, 390, 390]


def test_an_open_seat_is_taken_from_its_link_and_the_game_starts(open_page):
    creator = open_page()
    create_from_lobby(creator, "revolution", ["human", "open"])
    link = creator.locator("#created input.invite").first.input_value()
    guest = open_page()
    guest.goto(link)
    guest.fill("#join-name", "<b>guest</b>")

    guest.click("button:has-text('Take seat 1')")

    guest.wait_for_selector(".game-head h1:has-text('seat 1')")
    guest.wait_for_selector(".status[data-status=active]")
    assert "seat 1 (<b>guest</b>)" in guest.locator(".game-head .seats").text_content()
    assert guest.errors == []


def test_a_tile_is_placed_with_the_keyboard_alone(open_page):
    page = open_page()
    created = page.request.post("/games", data={"game": "revolution", "players": [
        {"name": "ann"}, {"name": "bob"}]}).json()
    summary = page.request.get(f"/games/{created['game_id']}").json()
    seat = summary["waiting_for"][0]
    page.goto(f"/#/join/{created['game_id']}/{seat}/{created['tokens'][str(seat)]}")
    page.wait_for_selector(".side.mine .pick.legal")
    page.locator(".side.mine .pick.legal").first.focus()

    page.keyboard.press("Enter")  # picks the tile; the focus moves to a square it may go on
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")

    page.wait_for_selector(".revolution .square .tile")
    wait_for_the_log(page)
    # The seat reads its own move in the second person: "You place the Citizen on square 7."
    assert "You place the Citizen" in page.locator(".log-lines li").last.text_content()


def test_on_a_phone_a_tapped_card_opens_its_text_over_the_screen(browser, server):
    context = browser.new_context(base_url=server, viewport={"width": 390, "height": 844},
                                  has_touch=True, is_mobile=True)
    try:
        page = context.new_page()
        create_from_lobby(page, "dominion", ["human", "bot:big_money"])
        page.wait_for_selector(".dominion .supply")
        assert page.locator(".info").is_hidden()

        page.tap(".supply .card[data-card=province]")

        sheet = page.locator(".info.tapped")
        sheet.wait_for()
        assert "Province" in sheet.text_content()
        page.tap(".info .close-info")
        assert page.locator(".info").is_hidden()
    finally:
        context.close()


def test_a_mangled_link_says_so_and_shows_the_lobby(open_page):
    page = open_page()
    page.goto("/#/play/not-a-game%zz/0")

    page.locator("#notice").wait_for()

    assert "does not name a game" in page.locator("#notice").text_content()
    page.wait_for_selector("form[data-game=dominion]")
    assert page.errors == []


def test_changing_the_player_count_keeps_the_seats_already_chosen(open_page):
    page = open_page()
    page.goto("/")
    form = page.locator("form[data-game=dominion]")
    form.locator("select[name=seat-0]").select_option("bot:big_money")
    count = form.locator("input[name=seat-count]")
    count.fill("3")
    form.locator("select[name=seat-1]").click()  # the count's change event fires on leaving it
    assert form.locator(".seat").count() == 3
    assert form.locator("select[name=seat-0]").input_value() == "bot:big_money"
    count.fill("2")
    count.blur()
    assert form.locator(".seat").count() == 2
    assert form.locator("select[name=seat-0]").input_value() == "bot:big_money"


def test_an_unfolded_list_of_moves_stays_unfolded_when_the_page_redraws(open_page):
    """Picking a tile redraws the page (as a live update does): a list of all moves the player
    had unfolded must not fold itself away under their pointer."""
    page = open_page()
    created = page.request.post("/games", data={"game": "revolution", "players": [
        {"name": "ann"}, {"name": "bob"}]}).json()
    game_id, tokens = created["game_id"], created["tokens"]
    starter = page.request.get(f"/games/{game_id}").json()["waiting_for"][0]
    other = 1 - starter
    page.goto(f"/#/join/{game_id}/{other}/{tokens[str(other)]}")
    page.wait_for_selector(".prompt .waiting")
    starts = {"Authorization": f"Bearer {tokens[str(starter)]}"}
    citizen = page.request.get(f"/games/{game_id}/view", headers=starts).json()["prompt"]
    assert page.request.post(f"/games/{game_id}/moves", headers=starts,
                             data={"move": citizen["legal_moves"][0]}).ok
    # Heard live: every tile in hand on every empty square, a list long enough to be folded.
    page.locator(".prompt details.all-moves summary").click()
    assert page.locator(".prompt details.all-moves[open]").count() == 1

    page.locator(".side.mine .pick.legal").first.click()  # the page redraws
    page.wait_for_selector(".square.legal")

    assert page.locator(".prompt details.all-moves[open]").count() == 1
    assert page.locator(".prompt button.move").first.is_visible()
