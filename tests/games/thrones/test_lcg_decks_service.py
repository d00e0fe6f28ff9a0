"""Decks in the service's event store (SQLite, and PostgreSQL where the tests are given one):
a registered deck survives a restart, is not a game, and a game created with decks carries
the lists in its creation event, so its replay verifies offline, with no deck store."""

from __future__ import annotations

import uuid

import pytest

from domain.deck_library import DeckNotFound, IllegalDeck
from replays import build_document, verify_document
from tests.conftest import make_service
from tests.forgery.matrix import rehashed
from tests.games.thrones.decklists import lannister_sworn_banners, stark_fealty
from tests.test_persistence import durable_env  # noqa: F401  (the fixture)


def test_a_registered_deck_survives_a_restart_and_is_not_listed_as_a_game(durable_env):  # noqa: F811
    first = make_service(durable_env)
    deck = first.decks.register("thrones", "wolves", stark_fealty())
    first.close()
    second = make_service(durable_env)
    again = second.decks.get(deck.id)
    assert again.decklist == deck.decklist and again.name == "wolves"
    assert deck.id not in list(second.game_ids())
    with pytest.raises(DeckNotFound):
        second.decks.get(uuid.uuid4())
    second.close()


def test_an_illegal_deck_is_refused_and_nothing_is_stored(durable_env):  # noqa: F811
    service = make_service(durable_env)
    with pytest.raises(IllegalDeck) as refused:
        service.decks.register("thrones", "short", {**stark_fealty(), "cards": []})
    assert [v["rule"] for v in refused.value.violations] == ["deck-size"]
    assert service.recorder.select_notifications(1, 10) == []
    service.close()


def test_a_bots_game_with_registered_decks_replays_and_verifies_without_the_deck_store(
        durable_env):  # noqa: F811
    service = make_service(durable_env)
    decks = [service.decks.register("thrones", n, d).id
             for n, d in (("a", stark_fealty()), ("b", lannister_sworn_banners()))]
    game, _ = service.create_game("thrones", {"profile": "lcg"},
                                  [{"bot": "random"}, {"bot": "planner"}], decks=decks)
    assert game.status == "over"
    document = build_document(service.records(game.id))
    service.close()
    assert document["options"]["decks"][0]["agenda"] == "fealty"
    assert verify_document(document).valid  # nothing but the document and the rules


def finished_lcg_document(service) -> dict:
    decks = [service.decks.register("thrones", n, d).id
             for n, d in (("a", stark_fealty()), ("b", lannister_sworn_banners()))]
    game, _ = service.create_game("thrones", {"profile": "lcg"},
                                  [{"bot": "random"}, {"bot": "random"}], decks=decks)
    return build_document(service.records(game.id))


@pytest.mark.parametrize("forged_deck", [
    {**stark_fealty(), "cards": [["robb-stark", 4], *stark_fealty()["cards"]]},  # illegal
    {**stark_fealty(), "agenda": None},  # legal, but not the deck the game was played with
    "a deck", {"house": "stark"},  # not a deck at all
])
def test_a_replay_whose_creation_event_names_another_deck_fails_verification(
        service, forged_deck):
    document = finished_lcg_document(service)
    document["options"]["decks"][0] = forged_deck
    document["events"][0]["payload"]["options"]["decks"][0] = forged_deck
    verdict = verify_document(rehashed(document))
    assert not verdict.valid and verdict.failed_step == 1
