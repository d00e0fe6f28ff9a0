"""Replays as Parquet tables for analysis tools: the CLI writes them from the store, the API
serves them, DuckDB reads them, and docs/replays.md's analysis gives what the documents say."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pyarrow.parquet as pq

import cli
from replays import build_document
from replays.parquet import tables

ANALYSIS = Path(__file__).resolve().parent.parent / "docs" / "replays.md"


def dominion_documents(service, games: int = 8) -> list[dict]:
    docs = []
    for _ in range(games):
        created, _ = service.create_game("dominion", {}, [{"bot": "big_money"},
                                                          {"bot": "random"}])
        docs.append(build_document(service.records(created.id)))
    return docs


def test_the_tables_hold_a_row_a_game_and_a_row_an_event(service):
    docs = dominion_documents(service, 3)
    built = tables(docs)
    games, events = built["games"].to_pylist(), built["events"].to_pylist()
    assert [g["game_id"] for g in games] == [d["game_id"] for d in docs]
    assert [g["length"] for g in games] == [len(d["events"]) for d in docs]
    assert [g["winners"] for g in games] == [d["result"]["winners"] for d in docs]
    assert len(events) == sum(len(d["events"]) for d in docs)
    first_move = next(e for e in docs[0]["events"] if e["type"] == "move_made")
    row = next(r for r in events if r["seq"] == first_move["seq"]
               and r["game_id"] == docs[0]["game_id"])
    assert row["move_kind"] == first_move["payload"]["move"]["kind"]
    assert row["seat"] == first_move["seat"] and row["by"] == first_move["payload"]["by"]


def test_the_readme_analysis_runs_on_an_export_and_gives_what_the_games_say(
        service, tmp_path, monkeypatch):
    docs = dominion_documents(service)
    built = tables(docs)
    for name, table in built.items():
        pq.write_table(table, tmp_path / f"{name}.parquet")
    monkeypatch.chdir(tmp_path)
    block = re.search(r"<!-- analysis -->\n```python\n(.*?)```", ANALYSIS.read_text(),
                      re.DOTALL)
    assert block is not None
    scope: dict = {}
    exec(block.group(1), scope)  # noqa: S102 (the page's own lines)
    found = {card: (rate, seats) for card, rate, seats in scope["win_rates"].fetchall()}

    seats, wins = Counter(), Counter()
    for doc in docs:
        first: dict[int, str] = {}
        for event in doc["events"]:
            move = event["payload"].get("move") if event["type"] == "move_made" else None
            if move and move["kind"] == "buy":
                first.setdefault(event["seat"], move["card"])
        for seat, card in first.items():
            seats[card] += 1
            wins[card] += seat in doc["result"]["winners"]
    assert found.keys() == seats.keys()
    for card, (rate, count) in found.items():
        assert count == seats[card] and abs(rate - wins[card] / seats[card]) < 1e-9


def test_the_cli_writes_both_tables_of_every_finished_game(tmp_path, monkeypatch, capsys):
    store = tmp_path / "var"
    monkeypatch.setenv("GAMEHALL_VAR", str(store))
    monkeypatch.delenv("GAMEHALL_STORE", raising=False)
    from bootstrap import build_service

    service = build_service()
    ids = set()
    for _ in range(2):
        created, _ = service.create_game("revolution", {}, [{"bot": "random"},
                                                            {"bot": "random"}])
        ids.add(str(created.id))
    active, _ = service.create_game("revolution", {}, [{"name": "a"}, {"name": "b"}])
    service.close()
    cli.main(["replay", "export", "--all", "--format", "parquet", "-o", str(tmp_path / "out")])
    games = pq.read_table(tmp_path / "out" / "games.parquet").to_pylist()
    events = pq.read_table(tmp_path / "out" / "events.parquet").to_pylist()
    assert {g["game_id"] for g in games} == ids  # the active game is not finished
    assert {e["game_id"] for e in events} == ids
    assert "2 games" in capsys.readouterr().out
