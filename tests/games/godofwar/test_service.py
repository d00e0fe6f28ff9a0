"""God of War through the game service: a party of bots, or two humans with two bots for a
four-hero game, play to a shared result that every report gives as such, and the replay
verifies."""

from __future__ import annotations

import random

from domain.kernel import Decision
from projections.views import summary
from replays import build_document, verify_document


def test_four_party_bots_play_a_whole_game_to_a_shared_result(service):
    created, _ = service.create_game("godofwar", {}, [{"bot": "party"}] * 4)
    fields = summary(service.get(created.id), None)
    assert fields["cooperative"] is True and fields["status"] == "over"
    assert fields["shared"] in ("win", "loss")
    assert fields["winners"] == ([0, 1, 2, 3] if fields["shared"] == "win" else [])
    document = build_document(service.records(created.id))
    assert verify_document(document).valid


def test_two_humans_and_two_bots_play_a_four_hero_game_together(service):
    players = [{"name": "ann"}, {"bot": "party"}, {"name": "bob"}, {"bot": "random"}]
    created, _ = service.create_game("godofwar", {"first_game": True}, players)
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
