"""Decks as text over HTTP (docs/api.md, "Decks as text"): POST /decks with a text/plain
list registers it, a misspelled card names its line and the nearest name, hostile text is
refused with a clear problem, POST /decks/check checks as a deck is built, and a registered
deck exported as text and registered again is the same deck."""

from __future__ import annotations

from domain.games import get_rules
from tests.games.thrones.decklists import stark_fealty


def stark_text(name: str | None = "Winter's wolves") -> str:
    return get_rules("thrones").decks.text.write(stark_fealty(), name)


def post_text(client, text: str, query: str = "?game=thrones"):
    return client.post(f"/decks{query}", data=text.encode(), content_type="text/plain")


def test_a_decklist_sent_as_text_is_registered_with_the_name_it_gives(client):
    answer = post_text(client, stark_text())
    assert answer.status_code == 201, answer.json
    assert answer.json["name"] == "Winter's wolves" and answer.json["agenda"] == "fealty"
    assert sum(n for _, n in answer.json["cards"]) == 60


def test_a_misspelled_card_answers_422_naming_its_line_and_the_nearest_name(client):
    text = stark_text().replace("Catelyn Stark", "Catelin Stark")
    line = text.splitlines().index("1x Catelin Stark") + 1
    answer = post_text(client, text)
    assert answer.status_code == 422 and answer.json["code"] == "unreadable-deck"
    assert answer.json["lines"] == [{"line": line, "text": "1x Catelin Stark",
                                     "message": "'Catelin Stark' names no card of the pool.",
                                     "suggestion": "Catelyn Stark"}]


def test_text_without_its_game_is_a_400(client):
    assert post_text(client, stark_text(), query="").status_code == 400


def test_a_name_that_hides_text_is_a_400(client):
    answer = post_text(client, stark_text(), query="?game=thrones&name=a%E2%80%AEb")
    assert answer.status_code == 400


def test_hostile_text_is_refused_with_a_clear_problem(client):
    for text, words in (("Ghost\n" * 10_000, "at most 500 lines"),
                        ("99999999x Ghost\n", "at most 99"),
                        ("3x Gh\x00ost\n", "control character")):
        answer = post_text(client, text)
        assert answer.status_code == 422, answer.json
        assert answer.json["code"] == "unreadable-deck" and words in answer.json["detail"]


def test_an_illegal_list_as_text_answers_its_violations(client):
    answer = post_text(client, "House Stark\n3x Eddard Stark\n")
    assert answer.status_code == 422 and answer.json["code"] == "illegal-deck"
    assert {v["rule"] for v in answer.json["violations"]} >= {"plot-count", "deck-size"}


def test_a_deck_exported_as_text_and_registered_again_is_the_same_deck(client):
    first = client.post("/decks", json={"game": "thrones", "name": "wolves", **stark_fealty()})
    exported = client.get(f"/decks/{first.json['deck_id']}/text")
    assert exported.status_code == 200 and exported.mimetype == "text/plain"
    again = post_text(client, exported.get_data(as_text=True))
    assert again.status_code == 201
    same = ("name", "house", "agenda", "plots", "cards")
    assert {k: again.json[k] for k in same} == {k: first.json[k] for k in same}


def test_check_reads_a_pasted_list_and_names_each_problem_without_registering(client):
    answer = client.post("/decks/check", json={"game": "thrones",
                                               "text": "House Stark\n3x Edard Stark\n"})
    assert answer.status_code == 200
    assert answer.json["lines"][0]["line"] == 2
    assert answer.json["lines"][0]["suggestion"] == "Eddard Stark"
    assert {v["rule"] for v in answer.json["violations"]} >= {"plot-count", "deck-size"}


def test_check_of_a_legal_deck_gives_no_violation_and_its_text(client):
    answer = client.post("/decks/check", json={"game": "thrones", "name": "wolves",
                                               **stark_fealty()})
    assert answer.status_code == 200 and answer.json["violations"] == []
    assert answer.json["text"].startswith("wolves\nHouse Stark\nAgenda: Fealty\n")
