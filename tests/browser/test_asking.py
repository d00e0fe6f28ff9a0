"""Thrones' "Ask me in" checkboxes in a real browser: unticking a kind of window records the
seat's public choice (the summary and the log say so), and the page stays free of axe
violations."""

from __future__ import annotations

from .axe import violations
from .driver import PATIENCE, create_from_lobby
from .test_screens import shoot


def summary_windows(page):
    return page.evaluate("""async () => {
        const [, id] = location.hash.match(/#\\/play\\/([^/]+)/);
        return (await (await fetch(`/games/${id}`)).json()).windows;
    }""")


def test_unticking_a_kind_of_window_records_the_seats_choice_in_its_history(open_page):
    page = open_page()
    create_from_lobby(page, "thrones", ["human", "bot:planner"])
    page.wait_for_selector("details.asking", timeout=PATIENCE)
    page.locator("details.asking summary").click()
    boxes = page.locator("details.asking input[data-kind]")
    assert boxes.count() == 8 and all(boxes.nth(i).is_checked() for i in range(8))
    assert page.get_by_label("Response windows").is_visible()

    page.get_by_label("Response windows").uncheck()
    page.wait_for_function("() => { const s = document.querySelector('details.asking summary');"
                           " return s && s.textContent.includes('7 of 8'); }", timeout=PATIENCE)

    assert summary_windows(page)["skip"][0] == ["responses"]
    assert not page.get_by_label("Response windows").is_checked()
    assert page.locator("details.asking").get_attribute("open") is not None  # stays open
    page.wait_for_selector(".log-lines li:has-text('chose not to be asked in response "
                           "windows')", timeout=PATIENCE)
    page.evaluate("window.scrollTo(0, 0)")  # the panel is at the page's top
    shoot(page, "thrones-asking-desktop")
    assert violations(page) == []
