"""A rematch's seats: each moves one place up, held as before, decklists moving with them."""

from __future__ import annotations

from types import SimpleNamespace
from uuid import uuid4

from domain.seating import Seating, rotated


def finished(seats, options, deck_option=None):
    decks = None if deck_option is None else SimpleNamespace(option=deck_option)
    return SimpleNamespace(seats=seats, options=options, rules=SimpleNamespace(decks=decks))


def test_a_rematch_moves_each_seat_one_place_up_and_keeps_who_holds_it():
    ann = uuid4()
    game = finished([{"name": "ann", "bot": None}, {"name": "greedy bot", "bot": "greedy"},
                     {"name": "zed", "bot": None}, {"name": "eve", "bot": None}], {"goal": 5})

    players, options = rotated(game, Seating({0: ann}, False, None), asker=2)

    assert players == [{"bot": "greedy", "name": "greedy bot"}, {"name": "zed"}, {},
                       {"name": "ann", "player": str(ann)}]
    assert options == {"goal": 5}


def test_a_rematch_moves_the_seats_decklists_with_them():
    game = finished([{"name": "a", "bot": None}, {"name": "b", "bot": None}],
                    {"decks": ["deck of a", "deck of b"], "profile": "lcg"}, "decks")

    _, options = rotated(game, Seating({}, False, None), asker=0)

    assert options == {"decks": ["deck of b", "deck of a"], "profile": "lcg"}


def test_a_rematch_run_as_a_command_keeps_the_decks_clock_and_players(store_env):
    from domain.commands import CreateGame
    from tests.conftest import make_service
    from tests.games.thrones.decklists import lannister_sworn_banners, stark_fealty

    service = make_service(store_env)
    try:
        lions = service.decks.register("thrones", "Lions", lannister_sworn_banners()).id
        wolves = service.decks.register("thrones", "Wolves", stark_fealty()).id
        ann, _ = service.players.register_player("ann")
        clock = {"per_move": 3600, "on_timeout": "forfeit"}
        first = service.run(CreateGame(
            "thrones", {"profile": "lcg"}, ({"name": "ann", "player": str(ann.id)},
                                            {"name": "bob"}),
            decks=(lions, wolves), clock=clock, listed=True)).game
        service.abandon(first.id, "test")

        command = service.players.rematch(first.id, 1)
        again = service.run(command).game

        assert command.rematch_of == first.id and command.listed
        assert [s["name"] for s in again.seats] == ["bob", "ann"]
        assert again.options["decks"] == [first.options["decks"][1], first.options["decks"][0]]
        assert again.life["clock"] == first.life["clock"]
        seating = service.players.seating(again.id)
        assert seating.players == {1: ann.id} and seating.listed
        assert seating.rematch_of == str(first.id)
    finally:
        service.close()
