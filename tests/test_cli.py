"""The gamehall command: bot matches, replay export, verify and show."""

from __future__ import annotations

import json

import pytest

import cli


@pytest.fixture
def var(tmp_path, monkeypatch):
    monkeypatch.setenv("GAMEHALL_VAR", str(tmp_path / "var"))
    return tmp_path


def test_play_prints_wins_losses_and_ties_per_bot(var, capsys):
    cli.main(["play", "toy", "--bots", "random,first", "--games", "20", "--seed", "7"])
    out = capsys.readouterr().out
    rows = {line.split()[0]: line.split() for line in out.splitlines()[2:]}
    assert set(rows) == {"random", "first"}
    assert int(rows["random"][1]) + int(rows["first"][1]) + int(rows["first"][3]) == 20


def test_a_seeded_run_is_reproducible(var, capsys):
    cli.main(["play", "toy", "--bots", "random,random", "--games", "10", "--seed", "3"])
    first = capsys.readouterr().out
    cli.main(["play", "toy", "--bots", "random,random", "--games", "10", "--seed", "3"])
    assert capsys.readouterr().out == first


def test_a_stored_game_exports_verifies_and_shows(var, capsys):
    cli.main(["play", "toy", "--bots", "random,first", "--games", "1"])
    game_id = capsys.readouterr().err.split("game ")[1].split(":")[0]
    path = str(var / "replay.json")
    cli.main(["replay", "export", game_id, "-o", path])
    cli.main(["replay", "verify", path])
    assert "valid:" in capsys.readouterr().out
    cli.main(["replay", "show", path, "--step", "4", "--as", "1"])
    shown = capsys.readouterr().out
    assert "    4  " in shown and "    5  " not in shown and "view of seat 1" in shown


def test_verify_names_the_tampered_event_and_exits_non_zero(var, capsys):
    cli.main(["play", "toy", "--bots", "random,first", "--games", "1", "--seed", "1",
              "--export", str(var / "all.ndjson")])
    document = json.loads((var / "all.ndjson").read_text().splitlines()[0])
    document["events"][2]["payload"]["by"] = "someone else"
    (var / "bad.json").write_text(json.dumps(document))
    with pytest.raises(SystemExit) as exit_:
        cli.main(["replay", "verify", str(var / "bad.json")])
    assert exit_.value.code == 1
    assert "INVALID at event 3" in capsys.readouterr().out


def test_play_counts_stalled_games_as_abandoned(var, capsys, monkeypatch):
    import domain.application as application

    monkeypatch.setattr(application, "MAX_AUTOMATIC_STEPS", 12)
    cli.main(["play", "toy", "--bots", "first,first", "--games", "3", "--seed", "1",
              "--options", '{"goal": 400}'])
    row = capsys.readouterr().out.splitlines()[2].split()
    assert row[0] == "first" and row[-1] == "6" and row[1:4] == ["0", "0", "0"]
