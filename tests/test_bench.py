"""The bench compares like with like: its engine-only baseline plays the very games the
event-sourced service plays (same ids, so the same draws and bot moves)."""

from __future__ import annotations

import pytest

from bench.engine import engine_game, game_ids, service


@pytest.mark.parametrize(("game", "bots"), [("revolution", ["greedy", "random"]),
                                            ("dominion", ["big_money", "big_money"])])
def test_the_engine_only_baseline_plays_the_services_games(game, bots):
    app = service({})
    for game_id in game_ids(game, 3):
        created, _ = app.create_game(game, {}, [{"bot": b} for b in bots], game_id=game_id)
        assert engine_game(game, bots, {}, game_id).to_json() == created.result
    app.close()
