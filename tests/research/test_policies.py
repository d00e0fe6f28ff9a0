"""Policies from outside the project as bots: on the command line, in the service's
configuration, and the example buy table fitted with pandas beating ``random``."""

from __future__ import annotations

import itertools

import pandas as pd
import pytest

import bootstrap
import cli
from domain.games import _LOADED, RELEASES, add_bot, get_rules
from examples.dominion_buy_table import BuyTable, fit
from replays import build_document, verify_document
from research.dataset import decisions_table
from research.episode import Episode
from research.record import episode_document

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


def test_the_example_table_is_a_pandas_fit_of_buy_decisions():
    decisions = pd.DataFrame({
        "game": ["dominion"] * 4, "taken_back": [False] * 4, "outcome": [1.0, 1.0, -1.0, -1.0],
        "move": ['{"card":"gold","kind":"buy"}'] * 2 + ['{"kind":"end_turn"}'] * 2,
        "view": ['{"turn":{"coins":6,"phase":"buy"}}'] * 4})
    assert fit(decisions, least=2) == {6: "gold"}


def test_an_offered_bot_is_withdrawn_after_its_test():
    assert not [name for name in get_rules("dominion").info.bots
                if name.startswith(("spy_", "buy_table_", "table", "examples."))]
