"""Replays as training data: ``gamehall dataset`` writes one row a decision."""

from __future__ import annotations

import copy
import json
import random

import numpy as np
import pyarrow.parquet as pq
import pytest

import cli
from domain.kernel import Decision
from replays import build_document
from research.codec import codec_for
from research.dataset import decisions
from research.envs import env
from tests.conftest import make_service
from tests.test_replays import rehash_from


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


def test_only_documents_that_verify_become_rows_and_each_left_out_is_named(tmp_path, capsys):
    document = revolution_with_a_takeback()
    forged = copy.deepcopy(document)
    index = next(i for i, e in enumerate(forged["events"]) if e["type"] == "move_made")
    forged["events"][index]["payload"]["move"] = {"kind": "place", "tile": "king", "square": 9}
    rehash_from(forged, index)  # the chain recomputed: only the rules find the forgery
    source = tmp_path / "games.ndjson"
    source.write_text("".join(json.dumps(d) + "\n" for d in (forged, document, [1], {"a": 1})))
    cli.main(["dataset", str(source), "-o", str(tmp_path / "out.parquet")])
    table = pq.read_table(tmp_path / "out.parquet").to_pandas()
    assert len(table) == len(list(decisions(document)))
    told = capsys.readouterr().err
    seq = forged["events"][index]["seq"]
    assert f"left out {document['game_id']} (revolution " in told
    assert f"it does not verify at event {seq}" in told
    assert "left out (not a replay document)" in told
    assert "left out a document with no game id" in told
    assert "Traceback" not in told and "None" not in told


@pytest.mark.parametrize("command", ["dataset", "analyze"])
def test_a_file_with_no_document_that_verifies_is_refused_in_words(tmp_path, command):
    source = tmp_path / "games.ndjson"
    source.write_text('{"status": "over", "game": "dominion"}\n[1, 2]\n')
    with pytest.raises(SystemExit) as refused:
        cli.main([command, str(source), "-o", str(tmp_path / "out")])
    assert str(refused.value) == f"gamehall: no replay document in {source} verifies"
    assert not (tmp_path / "out").exists()
