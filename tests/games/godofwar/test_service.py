"""God of War through the game service: a party of bots, or two humans with two bots for a
four-hero game, play to a shared result that every report gives as such, and the replay
verifies."""

from __future__ import annotations

import random
from uuid import UUID

from domain.kernel import Decision
from projections.views import summary
from replays import build_document, verify_document

# The games' ids are fixed, so their draws are (the service's secret is the tests'): about one
# random game in 200 ends when the upgrade deck runs out, with no shared result (GOW-R-36),
# which the last test plays on purpose.
PARTY_GAME = UUID("00000000-0000-4000-8000-000000000004")
MIXED_GAME = UUID("00000000-0000-4000-8000-000000000005")
DECK_RUNS_OUT = UUID("f983eeec-87db-4f21-bcfc-834bd19774a9")


def test_four_party_bots_play_a_whole_game_to_a_shared_result(service):
    created, _ = service.create_game("godofwar", {}, [{"bot": "party"}] * 4,
                                     game_id=PARTY_GAME)
    fields = summary(service.get(created.id), None)
    assert fields["cooperative"] is True and fields["status"] == "over"
    assert fields["shared"] in ("win", "loss")
    assert fields["winners"] == ([0, 1, 2, 3] if fields["shared"] == "win" else [])
    document = build_document(service.records(created.id))
    assert verify_document(document).valid


def test_two_humans_and_two_bots_play_a_four_hero_game_together(service):
    players = [{"name": "ann"}, {"bot": "party"}, {"name": "bob"}, {"bot": "random"}]
    created, _ = service.create_game("godofwar", {"first_game": True}, players,
                                     game_id=MIXED_GAME)
    rng = random.Random(4)
    for _ in range(5000):
        game = service.get(created.id)
        step = game.step()
        if game.status != "active" or not isinstance(step, Decision):
            break
        prompt = step.prompts[0]
        assert prompt.seat in (0, 2)  # the bots answer their own seats
        service.play(created.id, prompt.seat, [rng.choice(prompt.legal_moves)], by="human")
    fields = summary(service.get(created.id), None)
    assert fields["status"] == "over" and fields["shared"] in ("win", "loss")
    heroes = service.get(created.id).state["players"]
    assert len({p["hero"] for p in heroes}) == 4


def test_a_party_whose_upgrade_deck_runs_out_ends_with_no_shared_result(service):
    created, _ = service.create_game("godofwar", {}, [{"bot": "party"}] * 4,
                                     game_id=DECK_RUNS_OUT)
    game = service.get(created.id)
    fields = summary(game, None)
    assert (fields["status"], fields["shared"], fields["winners"]) == ("over", None, [])
    assert game.result["reason"] == "the upgrade deck ran out"
    assert verify_document(build_document(service.records(created.id))).valid
