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


def prompt_of(page: Any) -> Any:
    """The prompt of the seat this page plays, as the API gives it (legal moves and labels)."""
    return page.evaluate("""async () => {
        const [, id, seat] = location.hash.match(/#\\/play\\/([^/]+)\\/(\\d+)/);
        const token = JSON.parse(localStorage.getItem('gamehall:seats:' + id))[seat];
        const answer = await fetch(`/games/${id}/view`,
            { headers: { Authorization: 'Bearer ' + token } });
        return (await answer.json()).prompt;
    }""")


def wait_for_the_log(page: Any) -> None:
    """Until the log holds a line for every event of the game as the status gives it."""
    page.wait_for_function("""() => {
        const event = document.querySelector('.status').textContent.match(/event (\\d+)/);
        return event && document.querySelectorAll('.log-lines li').length === +event[1];
    }""")


def status_text(page: Any) -> str:
    text: str = page.locator(".status").text_content()
    return text


# How long a test waits for the page to reach a state (in ms): the waits are on state, never
# on time, and a machine whose CPUs another process keeps busy may take long to get there.
PATIENCE = 120_000


def play_to_the_end(page: Any, choose: Any) -> int:
    """Click ``choose(page)`` at each prompt of this page's seat until the game is over;
    answers the number of clicks."""
    clicks = 0
    while True:
        page.wait_for_selector(f".prompt h2, {OVER}", timeout=PATIENCE)
        if page.locator(OVER).count():
            return clicks
        before = status_text(page)
        choose(page)
        clicks += 1
        assert clicks < MAX_CLICKS, "the game did not end"
        # The move answered (the status moved on, or a notice says why not) and the page no
        # longer busy with it: the live stream can move the status on while the move's own
        # answer is still coming, and a click then, on a busy page, would be ignored.
        page.wait_for_function(
            "before => { const s = document.querySelector('.status'); "
            "const answered = (s && s.textContent !== before) || "
            "!document.querySelector('#notice').hidden; "
            "return answered && !document.querySelector('main.busy'); }",
            arg=before, timeout=PATIENCE)
        notice = page.locator("#notice.error")
        assert not notice.is_visible(), notice.text_content()


def move_button(page: Any, kind: str) -> Any:
    """The prompt's buttons for moves of ``kind`` (chosen by the move, not by its words: the
    words are the rules' labels)."""
    return page.locator(f".prompt button.move[data-kind='{kind}']")


def offers(page: Any, kind: str) -> bool:
    return bool(move_button(page, kind).count())


def click_move(page: Any, kind: str | None = None) -> None:
    """A move button of the prompt (the first for a move of ``kind``, else the first),
    unfolding the list of all moves if it is folded, again if a live update redrew the prompt
    folded under the click."""
    # Imported here: without Playwright the browser tests skip rather than fail to import.
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    for _ in range(PATIENCE // 5_000):
        folded = page.locator(".prompt details")
        if folded.count():
            folded.first.evaluate("details => { details.open = true; }")
        button = (move_button(page, kind) if kind is not None and offers(page, kind)
                  else page.locator(".prompt button.move")).first
        try:
            button.click(timeout=5_000)
            return
        except PlaywrightTimeout:
            continue  # redrawn under the click: look again
    raise AssertionError(f"no {kind or 'move'} button of the prompt could be clicked")


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
    if offers(page, "play_treasures"):
        click_move(page, "play_treasures")
        return
    piles = page.locator(".supply .card.legal")
    if piles.count():
        counts = [int(piles.nth(i).get_attribute("data-count")) for i in range(piles.count())]
        piles.nth(counts.index(min(counts))).click()
    else:
        click_move(page, "end_turn")


def wait_for_answer(page: Any, before: str, picked: str | None = None) -> None:
    """After a click on the board: the thing is picked (``picked`` is on the page), several
    moves are offered as buttons, or the move was sent (the status moves on from ``before``, or
    a notice says why not)."""
    page.wait_for_function(
        """([picked, before]) => (picked && document.querySelector(picked))
            || document.querySelector('.prompt button.move.suggested')
            || document.querySelector('.status').textContent !== before
            || !document.querySelector('#notice').hidden""", arg=[picked, before],
        timeout=10_000)


def click_on_board(page: Any, board: str, first: str, then: str) -> bool:
    """Click a highlighted ``first`` thing on ``board``, then a highlighted ``then`` thing if the
    click picked it rather than playing; answers whether anything was clicked."""
    # Imported here: without Playwright the browser tests skip rather than fail to import.
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    things = page.locator(f"{board} {first}.legal")
    if not things.count():
        return False
    try:
        before = status_text(page)
        things.first.click(timeout=3_000)
        wait_for_answer(page, before, f"{board} .selected")
        completing = page.locator(f"{board} {then}.legal")
        if page.locator(f"{board} .selected").count() and completing.count():
            completing.first.click(timeout=3_000)
            wait_for_answer(page, before)
        suggested = page.locator(".prompt button.move.suggested")  # several ways: pick one
        if suggested.count():
            suggested.first.click(timeout=3_000)
    except PlaywrightTimeout:
        pass  # the board was redrawn under the click: another seat moved, the status says so
    return True


def choose_godofwar(page: Any) -> None:
    """Attack with a card from your hand (click it, then a highlighted enemy), stand your hero
    in a highlighted space; otherwise what ends the step soonest (done, end, no defense)."""
    if offers(page, "hero"):
        click_move(page)
    elif click_on_board(page, ".godofwar", ".player.mine .card", ".scene-card"):
        return
    elif click_on_board(page, ".godofwar", ".space", ".space"):
        return
    else:
        for kind in ("done", "end", "no-defense", "pass"):
            if offers(page, kind):
                click_move(page, kind)
                return
        click_move(page)


def choose_thrones(page: Any) -> None:
    """Reveal a plot by clicking it, marshal a card from hand by clicking it, declare the
    first highlighted character; otherwise pass, end or answer with the first move."""
    if offers(page, "plot") and click_on_board(page, ".thrones", ".zone.plots .card", ".card"):
        return
    for kind in ("keep", "done", "pass", "end_challenges"):
        if offers(page, kind):
            click_move(page, kind)
            return
    if click_on_board(page, ".thrones", ".player.mine .in-play .card", ".card"):
        return
    click_move(page)
