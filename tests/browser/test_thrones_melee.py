"""A Thrones melee in a real browser: four Houses drawn, the seat's own last, the titles
shown once taken, and challenge moves that name their target."""

from __future__ import annotations

from .driver import choose_thrones, status_text


def start_melee(page) -> None:
    """A four-seat game of the full card game (profile lcg): the human and three planners."""
    page.goto("/")
    form = page.locator("form[data-game=thrones]")
    count = form.locator("input[name=seat-count]")
    count.fill("4")
    count.blur()  # redraws the seats
    for seat in (1, 2, 3):
        form.locator(f"select[name=seat-{seat}]").select_option("bot:planner")
    form.locator("details.options summary").click()
    form.locator("#thrones-opt-profile").select_option('"lcg"')
    form.locator("button[type=submit]").click()


def test_a_four_seat_melee_draws_four_houses_and_each_title_once_taken(open_page):
    page = open_page()
    start_melee(page)
    page.wait_for_selector(".thrones .house")
    assert page.locator(".thrones .house").count() == 4
    assert page.locator(".thrones .house.mine").count() == 1
    assert page.locator(".thrones .house").last.get_attribute("class").endswith("mine")
    # Answer as the two-player test does until the titles of round 1 are taken.
    for _ in range(100):
        if page.locator(".thrones .house .counts", has_text="title: ").count() == 4:
            break
        page.wait_for_selector(".prompt h2", timeout=30_000)
        before = status_text(page)
        choose_thrones(page)
        page.wait_for_function(
            "before => { const s = document.querySelector('.status'); "
            "return s && s.textContent !== before; }", arg=before, timeout=30_000)
    assert page.locator(".thrones .house .counts", has_text="title: ").count() == 4
