"""Co-operative games: the seats win or lose together, and every report says so."""

from __future__ import annotations

import cli
from projections.views import summary
from replays import build_document, verify_document

BOTS = [{"bot": "random"}, {"bot": "random"}]


def test_resigning_a_cooperative_game_is_a_loss_for_everyone(service):
    created, _ = service.create_game("coop", {}, [{"name": "ann"}, {"name": "bob"}])
    game = service.resign(created.id, 1)
    assert game.result == {"scores": None, "winners": [], "reason": "seat 1 resigned",
                           "shared": "loss"}
    document = build_document(service.records(created.id))
    assert verify_document(document).valid
    assert document["events"][-2]["log"] == "bob (seat 1) resigned."


def test_resigning_a_competitive_game_makes_every_other_seat_the_winner(service):
    created, _ = service.create_game("toy", {}, [{"name": "ann"}, {"name": "bob"}])
    assert service.resign(created.id, 0).result["winners"] == [1]


def test_a_finished_cooperative_game_reports_its_shared_result(service):
    outcomes = set()
    for _ in range(12):
        created, _ = service.create_game("coop", {}, BOTS)
        fields = summary(service.get(created.id), None)
        assert fields["cooperative"] is True and fields["status"] == "over"
        assert fields["shared"] in ("win", "loss")
        assert fields["winners"] == ([0, 1] if fields["shared"] == "win" else [])
        ended = next(e for e in build_document(service.records(created.id))["events"]
                     if e["type"] == "ended")
        together = "won together" if fields["shared"] == "win" else "lost together"
        assert together in ended["log"]
        outcomes.add(fields["shared"])
    assert outcomes == {"win", "loss"}


def test_a_competitive_summary_has_no_shared_result(service):
    created, _ = service.create_game("toy", {}, BOTS)
    fields = summary(service.get(created.id), None)
    assert fields["cooperative"] is False and fields["shared"] is None


def test_the_command_line_counts_shared_wins_and_losses(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("GAMEHALL_VAR", str(tmp_path / "var"))
    cli.main(["play", "coop", "--bots", "random,first", "--games", "20", "--seed", "5"])
    lines = capsys.readouterr().out.splitlines()
    assert "co-operative" in lines[0] and "shared wins" in lines[1]
    rows = {line.split()[0]: [int(x) for x in line.split()[1:3]] for line in lines[2:]}
    assert rows["random"] == rows["first"]  # one team: the same wins and losses
    assert sum(rows["random"]) == 20
