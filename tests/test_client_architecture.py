"""The browser client builds each of its parts once: the game pages (api/web/games/*.js) draw
their cards with the one card button and turn clicks into moves with the one picker of
games/common.js, the ctx they receive is built in games/context.js alone, and the API
modules keep one concern each (docs/browser.md, "The client's modules")."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parent.parent / "api" / "web"
SHARED = {"common.js", "context.js"}
GAME_PAGES = sorted(p for p in (WEB / "games").glob("*.js") if p.name not in SHARED)

# A button of class "card" (not "card-name"): the card button, which common.js builds.
OWN_CARD = re.compile(r"""class:\s*[`"']card[\s`"']""")
# Choosing among the legal moves for a thing clicked: the picker's work.
OWN_PICKING = re.compile(r"""\.legal\s*\.\s*(filter|find)\s*\(""")
OWN_PICKER = re.compile(r"""function\s+(picker|pickable|movesFor|movesAt|squareMoves)\b""")


@pytest.mark.parametrize("path", GAME_PAGES, ids=lambda p: p.name)
def test_a_game_page_builds_no_card_button_of_its_own(path):
    assert not OWN_CARD.search(path.read_text()), f"{path.name}: use common.js cardButton"


@pytest.mark.parametrize("path", GAME_PAGES, ids=lambda p: p.name)
def test_a_game_page_picks_its_moves_with_the_common_picker(path):
    text = path.read_text()
    assert not OWN_PICKING.search(text), f"{path.name}: use common.js picker's movesAt"
    assert not OWN_PICKER.search(text), f"{path.name}: use common.js picker"


def test_the_shared_parts_exist_once():
    common = (WEB / "games" / "common.js").read_text()
    assert len(re.findall(r"export function (cardButton|picker)\b", common)) == 2


def test_only_context_js_builds_the_ctx_of_a_game_page():
    builders = [p.relative_to(WEB).as_posix() for p in sorted(WEB.rglob("*.js"))
                if re.search(r"\blegal:", p.read_text())]
    assert builders == ["games/context.js"]


def test_only_the_http_and_live_modules_talk_to_the_server():
    talking = [p.relative_to(WEB).as_posix() for p in sorted(WEB.rglob("*.js"))
               if "fetch(" in p.read_text()]
    assert talking == ["http.js", "live.js"]


def test_only_keys_js_keeps_seat_tokens_and_the_players_key():
    keeping = [p.relative_to(WEB).as_posix() for p in sorted(WEB.rglob("*.js"))
               if re.search(r"gamehall:(seats|player)", p.read_text())]
    assert keeping == ["keys.js"]


# STYLE.md's "modules around 300 lines at most": a page that outgrows it is split along a seam
# (the play page: head.js its head, sending.js its moves on their way).
MOST_LINES = 320


def test_no_client_module_grows_much_past_300_lines():
    lines = {p.relative_to(WEB).as_posix(): len(p.read_text().splitlines())
             for p in sorted(WEB.rglob("*.js"))}
    assert {name: n for name, n in lines.items() if n > MOST_LINES} == {}
