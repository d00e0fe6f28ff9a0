"""Policies from outside the project as bots: on the command line, in the service's
configuration, and the example buy table fitted with pandas beating ``random``."""

from __future__ import annotations

import itertools
import logging

import numpy as np
import pandas as pd
import pytest

import bootstrap
import cli
from domain.application import GameService
from domain.games import _LOADED, RELEASES, add_bot, get_rules
from domain.kernel import Decision
from examples.dominion_buy_table import BuyTable, fit, policy
from replays import build_document, verify_document
from research.dataset import decisions_table
from research.episode import Episode
from research.record import episode_document
from tests.conftest import make_service

_names = itertools.count()


@pytest.fixture(autouse=True)
def registry_restored(monkeypatch):
    """The bots a test offers are withdrawn after it: other tests see each game's own."""
    for game in RELEASES:
        rules = get_rules(game)
        monkeypatch.setitem(_LOADED, (game, rules.version), rules)


def played(bots: list[str], seed: int) -> Episode:
    episode = Episode("dominion", len(bots), {}, seed, bots=dict(enumerate(bots)))
    assert episode.over is not None
    return episode


def test_a_buy_table_fitted_from_a_dataset_beats_random():
    # Arrange: a dataset of Big Money against random, and the table fitted from it.
    documents = [episode_document(played(["big_money", "random"], seed)) for seed in range(8)]
    table = fit(decisions_table(documents).to_pandas(), least=3)
    assert table[8] == "province" and table[6] == "gold"
    name = f"buy_table_{next(_names)}"
    add_bot("dominion", name, BuyTable(table))
    # Act: the table against random, each seat in turn.
    results = [played([name, "random"] if seed % 2 else ["random", name], 100 + seed)
               for seed in range(4)]
    # Assert
    table_seat = [seed % 2 == 0 for seed in range(4)]  # seat 1 when random took seat 0
    wins = sum(int(seat) in episode.over.winners
               for seat, episode in zip(table_seat, results, strict=True))
    assert wins == 4


def test_a_policy_sees_only_its_seats_view_through_the_bot_interface():
    seen = []

    def spy(view, prompt, draw):
        seen.append((view, prompt.seat))
        return prompt.legal_moves[draw(len(prompt.legal_moves))]

    name = f"spy_{next(_names)}"
    add_bot("dominion", name, spy)
    played([name, "random"], seed=1)
    rules = get_rules("dominion")
    assert seen and all(view["players"][1 - seat]["hand"] is None for view, seat in seen)
    assert name in rules.info.bots


def test_the_cli_plays_a_policy_named_as_module_and_callable(capsys):
    cli.main(["play", "dominion", "--bots", "examples.dominion_buy_table:policy,random",
              "--games", "2", "--seed", "policy"])
    assert "examples.dominion_buy_table:policy" in capsys.readouterr().out


def test_the_service_offers_the_policies_its_configuration_names(tmp_path):
    environ = {"GAMEHALL_STORE": "memory", "GAMEHALL_VAR": str(tmp_path),
               "GAMEHALL_SECRET": "00" * 32, "GAMEHALL_RECEIPT_KEY": "11" * 32,
               "GAMEHALL_BOTS": "table=examples.dominion_buy_table:policy"}
    service = bootstrap.build_service(environ)
    try:
        game, _ = service.create_game("dominion", {}, [{"bot": "table"}, {"bot": "random"}])
        assert game.status == "over" and game.seats[0]["bot"] == "table"
        assert "table" in get_rules("dominion").info.bots
        assert "table" not in get_rules("revolution").info.bots  # the policy's own games
        document = build_document(service.records(game.id))
    finally:
        service.close()
    assert verify_document(document).valid  # the verifier replays the moves: no bot asked


def test_a_configured_bot_that_is_not_module_and_callable_stops_the_service():
    with pytest.raises(SystemExit, match="not module:callable"):
        bootstrap.add_configured_bots({"GAMEHALL_BOTS": "table=examples.dominion_buy_table"})


def test_a_configured_bot_named_as_a_games_own_bot_stops_the_service_in_words():
    configured = {"GAMEHALL_BOTS": "random=examples.dominion_buy_table:policy"}
    with pytest.raises(SystemExit) as stopped:
        bootstrap.add_configured_bots(configured)
    assert str(stopped.value) == ("GAMEHALL_BOTS: Dominion already has a bot called 'random': "
                                  "name the policy otherwise.")
    assert get_rules("dominion").bots["random"] is not policy  # the game's own random bot


def test_the_example_table_is_a_pandas_fit_of_buy_decisions():
    decisions = pd.DataFrame({
        "game": ["dominion"] * 4, "taken_back": [False] * 4, "outcome": [1.0, 1.0, -1.0, -1.0],
        "move": ['{"card":"gold","kind":"buy"}'] * 2 + ['{"kind":"end_turn"}'] * 2,
        "view": ['{"turn":{"coins":6,"phase":"buy"}}'] * 4})
    assert fit(decisions, least=2) == {6: "gold"}


def test_an_offered_bot_is_withdrawn_after_its_test():
    assert not [name for name in get_rules("dominion").info.bots
                if name.startswith(("spy_", "buy_table_", "table", "examples.", "policy_", "boom",
                                     "cli_failing"))]


def boom(view, prompt, draw):
    raise RuntimeError("boom")


def play_against(policy, heard: list) -> tuple[GameService, dict]:
    """Ann (seat 0, a person) against ``policy`` (seat 1) in Dominion to the end, Ann
    making the first move offered; the bot failures the service heard go into ``heard``."""
    name = f"policy_{next(_names)}"
    add_bot("dominion", name, policy)
    service = make_service()
    service.bot_failed = heard.append
    game, _ = service.create_game("dominion", {}, [{"name": "ann"}, {"bot": name}])
    while (game := service.get(game.id)).status == "active":
        step = game.step()
        assert isinstance(step, Decision) and step.prompts[0].seat == 0
        service.play(game.id, 0, [step.prompts[0].legal_moves[0]], by="human")
    return service, build_document(service.records(game.id))


@pytest.mark.parametrize("policy", [
    boom, lambda view, prompt, draw: {"kind": "nonsense"}, lambda view, prompt, draw: None,
    lambda view, prompt, draw: [prompt.legal_moves[0]],
    lambda view, prompt, draw: {**prompt.legal_moves[0], "kind": 1},
    lambda view, prompt, draw: {**prompt.legal_moves[0], "card": np.array([1, 2])}],
    ids=["raises", "illegal", "none", "a list", "type confused", "not JSON"])
def test_a_policy_that_cannot_answer_is_answered_for_and_the_persons_game_goes_on(policy):
    heard: list = []
    service, document = play_against(policy, heard)
    service.close()
    bot_moves = [e["payload"] for e in document["events"]
                 if e["type"] == "move_made" and e["payload"]["seat"] == 1]
    assert document["status"] == "over" and bot_moves
    assert {m["by"] for m in bot_moves} == {"random bot"}  # who really chose them
    assert [f.event for f in heard] == [e["seq"] for e in document["events"]
                                        if e["type"] == "move_made" and e["payload"]["seat"] == 1]
    assert all(f.seat == 1 and f.stand_in == "random" for f in heard)
    assert verify_document(document).valid


def test_a_failure_says_what_the_bot_did_in_words():
    heard: list = []
    play_against(lambda view, prompt, draw: {"kind": "nonsense"}, heard)[0].close()
    play_against(boom, heard)[0].close()
    said = [str(f) for f in heard]
    assert said[0].startswith("The bot 'policy_")
    assert "could not answer for seat 1 at event" in said[0]
    assert "it answered {'kind': 'nonsense'}, which is not one of the moves offered" in said[0]
    assert said[0].endswith("The bot 'random' answered in its place.")
    assert "it raised RuntimeError: boom" in said[-1]


def test_the_server_logs_each_failure_of_a_configured_policy_with_its_game(tmp_path, caplog,
                                                                            monkeypatch):
    monkeypatch.syspath_prepend(str(tmp_path))
    (tmp_path / "failing_policies.py").write_text(
        "def boom(view, prompt, draw):\n    raise RuntimeError('boom')\n")
    environ = {"GAMEHALL_STORE": "memory", "GAMEHALL_VAR": str(tmp_path),
               "GAMEHALL_SECRET": "00" * 32, "GAMEHALL_RECEIPT_KEY": "11" * 32,
               "GAMEHALL_BOTS": "boom=failing_policies:boom"}
    service = bootstrap.build_service(environ)
    try:
        with caplog.at_level(logging.WARNING, logger="gamehall.bots"):
            game, _ = service.create_game("dominion", {}, [{"bot": "boom"}, {"name": "ann"}])
            # Ann makes the first move offered until the bot has had a turn (the first
            # player is drawn), each move answered for the bot by the stand-in.
            for _ in range(10):
                step = service.get(game.id).step()
                assert isinstance(step, Decision) and step.prompts[0].seat == 1
                service.play(game.id, 1, [step.prompts[0].legal_moves[0]], by="human")
    finally:
        service.close()
    logged = [r.getMessage() for r in caplog.records if r.name == "gamehall.bots"]
    assert logged and logged[0].startswith(f"game {game.id}: The bot 'boom' could not answer "
                                           "for seat 0 at event")


def test_the_cli_tells_a_failing_policy_once_then_how_often(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "cli_failing_policy.py").write_text(
        "def boom(view, prompt, draw):\n    raise RuntimeError('boom')\n")
    cli.main(["play", "dominion", "--bots", "cli_failing_policy:boom,random", "--games", "2",
              "--seed", "failing"])
    told = capsys.readouterr().err.splitlines()
    firsts = [line for line in told if "could not answer for seat" in line]
    assert len(firsts) == 1 and "it raised RuntimeError: boom" in firsts[0]
    assert any(line.startswith("gamehall: the bot 'cli_failing_policy:boom' could not answer ")
               and line.endswith("times in all; another bot answered each time in its place")
               for line in told)
