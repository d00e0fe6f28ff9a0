"""A player's decks (docs/api.md, "Decks"): a deck registered with a player's key is that
player's, listed at GET /players/me/decks (newest first) and for nobody else; one registered
without a key belongs to nobody; the listing needs a key; a registration racing another for
the player's shelf is tried again."""

from __future__ import annotations

from uuid import UUID

from eventsourcing.persistence import IntegrityError

from domain.deck_library import Shelf
from tests.games.thrones.decklists import lannister_sworn_banners, stark_fealty

from .helpers import bearer
from .players_helpers import register

SHELF_FIELDS = {"deck_id", "name", "game", "house", "agenda", "registered_at"}


def shelf(client, key: str) -> list[dict]:
    answer = client.get("/players/me/decks", headers=bearer(key))
    assert answer.status_code == 200, answer.json
    return list(answer.json["decks"])


def test_a_deck_registered_with_a_key_is_listed_for_its_player_only(web):
    ann, bob = register(web, "ann"), register(web, "bob")
    first = web.post("/decks", json={"game": "thrones", "name": "wolves", **stark_fealty()},
                     headers=bearer(ann["key"]))
    second = web.post("/decks", json={"game": "thrones", "name": "lions",
                                      **lannister_sworn_banners()}, headers=bearer(ann["key"]))
    assert first.status_code == second.status_code == 201

    listed = shelf(web, ann["key"])

    assert [d["deck_id"] for d in listed] == [second.json["deck_id"], first.json["deck_id"]]
    assert set(listed[0]) == SHELF_FIELDS
    assert (listed[1]["name"], listed[1]["house"], listed[1]["agenda"]) == ("wolves", "stark",
                                                                            "fealty")
    assert shelf(web, bob["key"]) == []


def test_a_deck_sent_as_text_with_a_key_is_its_players_too(web):
    ann = register(web, "ann")
    exported = web.post("/decks/check", json={"game": "thrones", "name": "wolves",
                                              **stark_fealty()}).json["text"]

    answer = web.post("/decks?game=thrones", data=exported, content_type="text/plain",
                      headers=bearer(ann["key"]))

    assert answer.status_code == 201, answer.json
    assert [d["deck_id"] for d in shelf(web, ann["key"])] == [answer.json["deck_id"]]


def test_a_deck_registered_without_a_key_is_listed_for_nobody(web):
    ann = register(web, "ann")

    answer = web.post("/decks", json={"game": "thrones", "name": "wolves", **stark_fealty()})

    assert answer.status_code == 201
    assert shelf(web, ann["key"]) == []


def test_the_listing_needs_a_key_and_a_wrong_key_registers_nothing(web):
    assert web.get("/players/me/decks").status_code == 401
    ann = register(web, "ann")
    wrong = ann["key"][:-2] + "xx"

    answer = web.post("/decks", json={"game": "thrones", "name": "wolves", **stark_fealty()},
                      headers=bearer(wrong))

    assert answer.status_code == 401
    assert shelf(web, ann["key"]) == []


def test_the_owner_is_recorded_in_the_decks_event_and_the_players_shelf(client, service):
    ann = register(client, "ann")
    answer = client.post("/decks", json={"game": "thrones", "name": "wolves", **stark_fealty()},
                         headers=bearer(ann["key"]))
    store = service.repository.event_store

    [registered] = store.get(UUID(answer.json["deck_id"]))
    shelf = list(store.get(Shelf.id_for(UUID(ann["player_id"]))))

    assert registered.owner == ann["player_id"]
    assert [type(e).__name__ for e in shelf] == ["Opened", "Kept"]
    assert shelf[1].deck_id == answer.json["deck_id"]


def test_a_registration_that_lost_a_race_for_the_shelf_is_tried_again(client, service):
    ann = register(client, "ann")
    save, calls = service.decks.save, []

    def racing(*aggregates):
        calls.append(aggregates)
        if len(calls) == 1:
            raise IntegrityError("another deck of ann's was kept first")
        return save(*aggregates)

    service.decks.save = racing
    answer = client.post("/decks", json={"game": "thrones", "name": "wolves", **stark_fealty()},
                         headers=bearer(ann["key"]))

    assert answer.status_code == 201 and len(calls) == 2
    assert [d["deck_id"] for d in shelf(client, ann["key"])] == [answer.json["deck_id"]]
