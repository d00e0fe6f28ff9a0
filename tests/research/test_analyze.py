"""``gamehall analyze``: a self-contained page of charts about a file of replays."""

from __future__ import annotations

import json
import re

import pytest

import cli
from domain.games.revolution.tiles import TILES
from research.analyze import played_moves, rates, scene_words, seat_rows, wilson
from research.episode import Episode
from research.record import episode_document

GAMES = [("dominion", ["big_money", "random"]), ("revolution", ["greedy", "random"]),
         ("godofwar", ["party", "party"])]


@pytest.fixture(scope="module")
def documents():
    return [episode_document(Episode(game, len(bots), {}, seed, bots=dict(enumerate(bots))))
            for game, bots in GAMES for seed in range(3)]


def test_the_wilson_interval_holds_the_rate_and_stays_within_zero_and_one():
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == pytest.approx(1.0)
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.404, abs=1e-3) and high == pytest.approx(0.596, abs=1e-3)


def test_win_rates_by_bot_count_each_seat_of_each_finished_game(documents):
    frame = seat_rows(documents)
    by_bot = rates(frame[frame["game"] == "dominion"], "bot").set_index("bot")
    assert by_bot.loc["big_money", "games"] == 3
    assert by_bot.loc["big_money", "low"] <= by_bot.loc["big_money", "rate"]


def test_gamehall_analyze_writes_one_page_with_its_charts_inlined(documents, tmp_path):
    source = tmp_path / "games.ndjson"
    source.write_text("".join(json.dumps(d) + "\n" for d in documents))
    cli.main(["analyze", str(source), "-o", str(tmp_path / "report.html")])
    page = (tmp_path / "report.html").read_text()
    sources = re.findall(r'src="([^"]*)"', page)
    assert sources and all(s.startswith("data:image/png;base64,") for s in sources)
    for heading in ("Win rate by seat", "Win rate by first player", "Win rate by bot",
                    "Game lengths", "Which cards do winners buy?",
                    "Where do winners place their tiles?", "Where do parties lose?"):
        assert heading in page


def test_the_page_speaks_in_names_players_know_never_ids_or_booleans(documents, tmp_path):
    source = tmp_path / "games.ndjson"
    source.write_text("".join(json.dumps(d) + "\n" for d in documents))
    cli.main(["analyze", str(source), "-o", str(tmp_path / "report.html")])
    page = (tmp_path / "report.html").read_text()
    cells = set(re.findall(r"<td>([^<]*)</td>", page))
    assert {"seat 0", "seat 1", "moved first", "moved later", "big money bot", "random bot",
            "party bot", "Province", "Gold"} <= cells
    placed = {move["move"]["tile"] for d in documents if d["game"] == "revolution"
              for move in played_moves(d) if move["move"].get("kind") == "place"}
    assert {TILES[tile].name for tile in placed} <= cells
    assert not cells & ({"True", "False", "big_money", "province", "gold"} | placed)
    assert "<h2>Dominion (3 games)</h2>" in page
    assert "<h2>God of War: The Card Game (3 games)</h2>" in page


def test_a_lost_party_is_placed_at_its_quest_or_boss_by_title():
    assert scene_words({"scenes": ["jotunheims-door", "sigrun"]}) == "Sigrun, Valkyrie Queen"
    assert scene_words({"scenes": []}) == "before any scene"


def test_a_report_that_cannot_be_written_is_named_never_a_traceback(documents, tmp_path):
    source = tmp_path / "games.ndjson"
    source.write_text(json.dumps(documents[0]) + "\n")
    nowhere = tmp_path / "nowhere" / "report.html"
    with pytest.raises(SystemExit) as refused:
        cli.main(["analyze", str(source), "-o", str(nowhere)])
    assert str(refused.value) == f"gamehall: No such file or directory: {nowhere}"
