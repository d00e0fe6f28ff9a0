"""Playing through the page as a person would: read the prompt, click a card, a tile, a
square or a move button, and wait for the game to move on."""

from __future__ import annotations

from typing import Any

OVER = ".status[data-status=over]"
MAX_CLICKS = 600


def create_from_lobby(page: Any, game: str, seats: list[str] | None = None,
                      options: dict[str, str] | None = None, takebacks: bool = False) -> None:
    """Start ``game`` from the lobby's form; ``seats`` are the seat selects' values (``human``
    or ``bot:NAME``) from seat 0 on; ``options`` maps an option's name to a select value;
    ``takebacks`` ticks "Allow takebacks"."""
    page.goto("/")
    form = page.locator(f"form[data-game={game}]")
    if takebacks:
        form.locator("input[name=takebacks]").check()
    count = form.locator("input[name=seat-count]")
    if seats and count.input_value() != str(len(seats)):
        count.fill(str(len(seats)))
        count.blur()  # the change event, which redraws the seats, fires here and only here
    for seat, who in enumerate(seats or []):
        form.locator(f"select[name=seat-{seat}]").select_option(who)
    if options:
        form.locator("details.options summary").click()
    for name, value in (options or {}).items():
        form.locator(f"#{game}-opt-{name}").fill(value)
    form.locator("button[type=submit]").click()


def status_text(page: Any) -> str:
    text: str = page.locator(".status").text_content()
    return text


def play_to_the_end(page: Any, choose: Any) -> int:
    """Click ``choose(page)`` at each prompt of this page's seat until the game is over;
    answers the number of clicks."""
    clicks = 0
    while True:
        page.wait_for_selector(f".prompt h2, {OVER}", timeout=30_000)
        if page.locator(OVER).count():
            return clicks
        before = status_text(page)
        choose(page)
        clicks += 1
        assert clicks < MAX_CLICKS, "the game did not end"
        page.wait_for_function(
            "before => { const s = document.querySelector('.status'); "
            "return (s && s.textContent !== before) || !document.querySelector('#notice')"
            ".hidden; }", arg=before, timeout=30_000)
        notice = page.locator("#notice.error")
        assert not notice.is_visible(), notice.text_content()


def click_move(page: Any, text: str | None = None) -> None:
    """A move button of the prompt (the one whose label starts with ``text``, else the first),
    unfolding the list of all moves if it is folded."""
    folded = page.locator(".prompt details")
    if folded.count():
        folded.first.evaluate("details => { details.open = true; }")
    buttons = page.locator(".prompt button.move")
    if text is not None:
        named = buttons.filter(has_text=text)
        if named.count():
            named.first.click()
            return
    buttons.first.click()


def choose_revolution(page: Any) -> None:
    """Place by picking a tile from your side, then a highlighted square; answer abilities by
    clicking a highlighted square, else the first move offered."""
    tiles = page.locator(".side.mine .pick.legal")
    if tiles.count():
        tiles.first.click()
        page.locator(".square.legal").first.click()
    elif page.locator(".square.legal").count():
        page.locator(".square.legal").first.click()
    else:
        click_move(page)


def choose_dominion(page: Any) -> None:
    """Play all treasures, then buy from the Supply (clicking the pile) whatever pile has
    fewest cards left, so that piles run out and the game ends; else end the turn; any other
    prompt: its first move."""
    moves = page.locator(".prompt button.move")
    labels = [moves.nth(i).text_content() for i in range(moves.count())]
    if "Play all treasures" in labels:
        click_move(page, "Play all treasures")
        return
    piles = page.locator(".supply .card.legal")
    if piles.count():
        counts = [int(piles.nth(i).locator(".count").text_content().lstrip("×"))
                  for i in range(piles.count())]
        piles.nth(counts.index(min(counts))).click()
    elif "End turn" in labels:
        click_move(page, "End turn")
    else:
        click_move(page)


def click_on_board(page: Any, board: str, first: str, then: str) -> bool:
    """Click a highlighted ``first`` thing on ``board``, then a highlighted ``then`` thing if the
    click picked it rather than playing; answers whether anything was clicked."""
    # Imported here: without Playwright the browser tests skip rather than fail to import.
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    things = page.locator(f"{board} {first}.legal")
    if not things.count():
        return False
    try:
        things.first.click(timeout=3_000)
        page.wait_for_timeout(50)
        completing = page.locator(f"{board} {then}.legal")
        if page.locator(f"{board} .selected").count() and completing.count():
            completing.first.click(timeout=3_000)
            page.wait_for_timeout(50)
        suggested = page.locator(".prompt button.move.suggested")  # several ways: pick one
        if suggested.count():
            suggested.first.click(timeout=3_000)
    except PlaywrightTimeout:
        pass  # the board was redrawn under the click: another seat moved, the status says so
    return True


def choose_godofwar(page: Any) -> None:
    """Attack with a card from your hand (click it, then a highlighted enemy), stand your hero
    in a highlighted space; otherwise what ends the step soonest (done, end, no defense)."""
    if page.locator(".prompt h2", has_text="Pick your hero").count():
        click_move(page)
    elif click_on_board(page, ".godofwar", ".player.mine .card", ".scene-card"):
        return
    elif click_on_board(page, ".godofwar", ".space", ".space"):
        return
    else:
        for label in ("Done", "End your turn", "Do not defend", "Pass"):
            if page.locator(".prompt button.move", has_text=label).count():
                click_move(page, label)
                return
        click_move(page)


def choose_thrones(page: Any) -> None:
    """Reveal a plot by clicking it, marshal a card from hand by clicking it, declare the
    first highlighted character; otherwise pass, end or answer with the first move."""
    prompt = page.locator(".prompt h2").text_content() or ""
    if "plot" in prompt and click_on_board(page, ".thrones", ".zone.plots .card", ".card"):
        return
    for label in ("Keep this hand", "Done", "Pass", "End your challenges"):
        if page.locator(".prompt button.move", has_text=label).count():
            click_move(page, label)
            return
    if click_on_board(page, ".thrones", ".player.mine .in-play .card", ".card"):
        return
    click_move(page)
