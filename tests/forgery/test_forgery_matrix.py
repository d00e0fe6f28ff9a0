"""Every forgery of the matrix (``matrix.py``) is caught, at the step it breaks, by the
verifier and by a second one written from replays/README.md alone (``reference.py``)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from domain.kernel import Decision
from replays import build_document, verify_document
from tests.conftest import make_service

from . import reference
from .matrix import Forgery, forgeries


def play_to_the_end(service, game_id, rng: random.Random, stop_after: int | None = None):
    for count in range(10_000):
        game = service.get(game_id)
        step = game.step()
        if game.status != "active" or not isinstance(step, Decision) or count == stop_after:
            return
        prompt = step.prompts[0]
        service.play(game_id, prompt.seat, [rng.choice(prompt.legal_moves)],
                     game.seats[prompt.seat]["name"])


def base_documents() -> dict[str, dict]:
    """Finished games with every kind of event: joined seats, draws of every kind the games
    use, a resignation, an abandonment, three games and a co-operative one."""
    service = make_service()
    rng = random.Random(7)
    docs = {}
    created, _ = service.create_game("toy", {}, [{"name": "ann"}, {}])
    service.join(created.id, 1, "bob")
    play_to_the_end(service, created.id, rng)
    docs["toy joined"] = created.id
    for ending in ("resign", "abandon"):
        created, _ = service.create_game("toy", {}, [{"name": "ann"}, {"name": "bob"}])
        play_to_the_end(service, created.id, rng, stop_after=3)
        if ending == "resign":
            service.resign(created.id, 1)
        else:
            service.abandon(created.id, "no move for 30 days")
        docs[f"toy {ending}ed"] = created.id
    for game, bots in (("revolution", ["greedy", "random"]), ("dominion", ["big_money"] * 2),
                       ("coop", ["random", "random"])):
        created, _ = service.create_game(game, {}, [{"bot": bot} for bot in bots])
        docs[f"{game} bots"] = created.id
    built = {name: build_document(service.records(game_id)) for name, game_id in docs.items()}
    service.close()
    return built


DOCS = base_documents()
MATRIX: list[Forgery] = [f for name, doc in DOCS.items() for f in forgeries(name, doc)]


@pytest.mark.parametrize("name", DOCS)
def test_the_unforged_documents_verify_by_both(name):
    assert verify_document(DOCS[name]).valid
    assert reference.verify(DOCS[name]) == (True, None)


def test_the_matrix_has_over_a_hundred_kinds_and_every_event_type():
    kinds = {forgery.kind.split(": ", 1)[1] for forgery in MATRIX}
    assert len(kinds) >= 100, len(kinds)
    types = Counter(event["type"] for doc in DOCS.values() for event in doc["events"])
    assert set(types) == {"created", "seat_taken", "move_made", "chance_resolved", "ended",
                          "resigned", "abandoned", "seed_revealed"}


@pytest.mark.parametrize("forgery", MATRIX, ids=[f.kind for f in MATRIX])
def test_a_forgery_is_caught_at_its_step_by_both_verifiers(forgery):
    verdict = verify_document(forgery.doc)
    assert not verdict.valid, "accepted"
    assert verdict.failed_step == forgery.step, verdict.reason
    assert reference.verify(forgery.doc) == (False, forgery.step)
