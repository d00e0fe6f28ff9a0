"""The gamehall command and decks as text: ``play --decks`` plays bots with the given lists,
``decks check`` names each problem in words, ``decks export`` writes a deck as text."""

from __future__ import annotations

import json

import pytest

import bootstrap
import cli
from domain.games import get_rules
from domain.games.thrones.decks import normal
from tests.games.thrones.decklists import lannister_sworn_banners, stark_fealty


@pytest.fixture
def var(tmp_path, monkeypatch):
    monkeypatch.setenv("GAMEHALL_VAR", str(tmp_path / "var"))
    return tmp_path


def written(folder, file: str, deck, name: str | None = None) -> str:
    path = folder / file
    path.write_text(get_rules("thrones").decks.text.write(deck, name))
    return str(path)


def test_play_with_decks_gives_each_bot_its_list(var, capsys):
    stark = written(var, "stark.txt", stark_fealty())
    decks = f"{stark},{written(var, 'lannister.txt', lannister_sworn_banners())}"
    cli.main(["play", "thrones", "--bots", "random,random", "--decks", decks, "--options",
              '{"profile": "lcg"}', "--seed", "2", "--export", str(var / "game.ndjson")])
    document = json.loads((var / "game.ndjson").read_text().splitlines()[0])
    options = document["events"][0]["payload"]["options"]
    assert options["decks"] == [normal(stark_fealty()), normal(lannister_sworn_banners())]


def test_play_with_an_illegal_list_exits_naming_its_problems(var):
    bad = var / "bad.txt"
    bad.write_text("House Stark\n3x Edard Stark\n")
    with pytest.raises(SystemExit, match="line 2: 'Edard Stark' names no card"):
        cli.main(["play", "thrones", "--bots", "random,random", "--decks", str(bad),
                  "--options", '{"profile": "lcg"}', "--seed", "1"])


def test_decks_check_prints_each_problem_in_words_and_exits_1(var, capsys):
    bad = var / "bad.txt"
    bad.write_text("House Stark\n3x Edard Stark\n")
    with pytest.raises(SystemExit) as exit_:
        cli.main(["decks", "check", str(bad)])
    out = capsys.readouterr().out
    assert exit_.value.code == 1
    assert "line 2: 'Edard Stark' names no card of the pool. Did you mean Eddard Stark?" in out
    assert "The house deck holds 0 cards; it needs 60 or more." in out


def test_decks_check_of_a_legal_list_says_so(var, capsys):
    cli.main(["decks", "check", written(var, "stark.txt", stark_fealty(), "Wolves")])
    assert "a legal deck of thrones (Wolves: 7 plots, 60 cards)" in capsys.readouterr().out


def test_decks_export_of_a_json_deck_reads_back_as_the_same_deck(var, capsys):
    path = var / "deck.json"
    path.write_text(json.dumps({"game": "thrones", "name": "Wolves", **stark_fealty()}))
    cli.main(["decks", "export", str(path)])
    reading = get_rules("thrones").decks.text.read(capsys.readouterr().out)
    assert reading.name == "Wolves" and reading.decklist == normal(stark_fealty())


def test_decks_export_of_a_registered_deck_writes_it_as_text(var, capsys):
    service = bootstrap.build_service()
    try:
        deck = service.decks.register("thrones", "Lions", lannister_sworn_banners())
    finally:
        service.close()
    cli.main(["decks", "export", str(deck.id)])
    reading = get_rules("thrones").decks.text.read(capsys.readouterr().out)
    assert reading.name == "Lions" and reading.decklist == normal(lannister_sworn_banners())
