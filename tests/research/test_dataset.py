"""Replays as training data: ``gamehall dataset`` writes one row a decision."""

from __future__ import annotations

import json
import random

import numpy as np
import pyarrow.parquet as pq

import cli
from domain.kernel import Decision
from replays import build_document
from research.codec import codec_for
from research.dataset import decisions
from research.envs import env
from tests.conftest import make_service


def revolution_with_a_takeback() -> dict:
    """Ann and Bob at random; the first move taken back (Bob agrees), then to the end."""
    service = make_service()
    game, _ = service.create_game("revolution", {}, [{"name": "ann"}, {"name": "bob"}],
                                  takebacks=True)
    rng = random.Random(3)
    first = True
    while (game := service.get(game.id)).status == "active":
        step = game.step()
        assert isinstance(step, Decision)
        prompt = step.prompts[0]
        service.play(game.id, prompt.seat, [rng.choice(prompt.legal_moves)], by="human")
        if first:
            service.ask_takeback(game.id, prompt.seat, 1)
            service.answer_takeback(game.id, 1 - prompt.seat, True)
            first = False
    document = build_document(service.records(game.id))
    service.close()
    return document


def test_each_move_of_a_replay_is_a_row_as_its_seat_saw_it():
    game_env = env("dominion", 2)
    game_env.reset(seed=8)
    seen = []  # (seat, observation, mask, action) as the environment showed them
    rng = np.random.default_rng(8)
    for agent in game_env.agent_iter():
        observation, _, terminated, _, _ = game_env.last()
        action = None
        if not terminated:
            action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
            seen.append((game_env.agent_seat[agent], observation, action))
        game_env.step(action)
    rows = list(decisions(game_env.document()))
    assert len(rows) == len(seen)
    for row, (seat, observation, action) in zip(rows, seen, strict=True):
        assert (row["seat"], row["action"]) == (seat, action)
        assert np.array_equal(row["observation"], observation["observation"])
        assert np.array_equal(row["mask"], observation["action_mask"])
    winners = game_env.document()["result"]["winners"]
    assert {r["outcome"] for r in rows if r["seat"] in winners} == {1.0}


def test_gamehall_dataset_writes_parquet_with_taken_back_moves_marked(tmp_path):
    document = revolution_with_a_takeback()
    source = tmp_path / "games.ndjson"
    source.write_text(json.dumps(document) + "\n")
    cli.main(["dataset", str(source), "-o", str(tmp_path / "out.parquet")])
    table = pq.read_table(tmp_path / "out.parquet").to_pandas()
    undone = [e["payload"]["undone"] for e in document["events"] if e["type"] == "taken_back"]
    assert table["taken_back"].sum() == len(undone[0]) >= 1
    assert set(table["game"]) == {"revolution"}
    assert len(table["observation"][0]) == codec_for("revolution").observation_size
    assert all(mask[action] == 1 for mask, action in zip(table["mask"], table["action"],
                                                         strict=True))
