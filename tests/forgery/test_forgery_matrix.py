"""Every forgery of the matrix (``matrix.py``) is caught, at the step it breaks, by the
verifier and by a second one written from replays/README.md alone (``reference.py``)."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from pathlib import Path
from uuid import UUID

import pytest

from domain.application import GameService
from domain.commands import CreateGame, TimeOut
from domain.kernel import Decision
from replays import build_document, verify_document
from tests.conftest import TEST_RECEIPT_KEY, make_service
from tests.test_clocks import Clock

from . import reference
from .matrix import Forgery, forgeries, hidden_takeback_forgeries
from .rules import given_rules


def play_to_the_end(service, game_id, rng: random.Random, stop_after: int | None = None):
    for count in range(10_000):
        game = service.get(game_id)
        step = game.step()
        if game.status != "active" or not isinstance(step, Decision) or count == stop_after:
            return
        prompt = step.prompts[0]
        service.play(game_id, prompt.seat, [rng.choice(prompt.legal_moves)],
                     game.seats[prompt.seat]["name"])


# Every game of the matrix gets the next of these ids (see base_documents).
IDS = (UUID(int=n) for n in itertools.count(1))


def create(service, game: str, options: dict, players: list[dict], **extra):
    return service.create_game(game, options, players, game_id=next(IDS), **extra)


def base_documents() -> dict[str, dict]:
    """Finished games with every kind of event: joined seats, draws of every kind the games
    use, a resignation, an abandonment, three games and a co-operative one.

    The games' ids are fixed, so the documents (their seeds, and so their draws) are the same
    on every run: a forgery's expected step is then checked against the same history each time.
    (With fresh ids, about one Dominion game in a hundred began with a turn whose treasures
    changed nothing, so deleting that move left a legal history that only a later draw,
    shifted by one step, gave away.)"""
    service = make_service()
    rng = random.Random(7)
    docs = {}
    created, _ = create(service, "toy", {}, [{"name": "ann"}, {}])
    service.join(created.id, 1, "bob")
    play_to_the_end(service, created.id, rng)
    docs["toy joined"] = created.id
    for ending in ("resign", "abandon"):
        created, _ = create(service, "toy", {}, [{"name": "ann"}, {"name": "bob"}])
        play_to_the_end(service, created.id, rng, stop_after=3)
        if ending == "resign":
            service.resign(created.id, 1)
        else:
            service.abandon(created.id, "no move for 30 days")
        docs[f"toy {ending}ed"] = created.id
    for game, bots in (("revolution", ["greedy", "random"]), ("dominion", ["big_money"] * 2),
                       ("coop", ["random", "random"])):
        created, _ = create(service, game, {}, [{"bot": bot} for bot in bots])
        docs[f"{game} bots"] = created.id
    # Takebacks: one accepted, one declined, then a resignation.
    created, _ = create(service, "open", {}, [{"name": "ann"}, {"name": "bob"}],
                        takebacks=True)
    for accepted in (True, False):
        service.play(created.id, 0, [{"kind": "step"}])
        service.ask_takeback(created.id, 0, 1)
        service.answer_takeback(created.id, 1, accepted)
    service.resign(created.id, 0)
    docs["open takebacks"] = created.id
    # A sandbox forked from the middle of the first game, played to its end.
    middle = [r["seq"] for r in service.records(docs["toy joined"])
              if r["type"] == "move_made"][2]
    forked, _ = service.fork_game(docs["toy joined"], middle, [{"name": "cy"}, {"name": "di"}],
                                  game_id=next(IDS))
    play_to_the_end(service, forked.id, rng)
    docs["toy forked"] = forked.id
    # A sandbox set up from a position, played by bots to its end.
    positioned = service.run(CreateGame(
        "revolution", {}, ({"bot": "greedy"}, {"bot": "random"}), game_id=next(IDS),
        position={"board": {"4": {"tile": "King", "ally": 0}}, "turn": 1})).game
    docs["revolution from a position"] = positioned.id
    built = {name: build_document(service.records(game_id)) for name, game_id in docs.items()}
    service.close()
    return {**built, **clocked_documents(rng)}


def clocked_documents(rng: random.Random) -> dict[str, dict]:
    """Games on a clock: the toy game where ann answers only now and then (the autopilot
    answers her other decisions), and the co-operative game where ann's time runs out with
    forfeit (she is handed to the autopilot) and bob plays on to the end."""
    clock = Clock()
    service = GameService({}, secret=b"test master secret", clock=clock,
                          new_token=lambda: "t", signing_key=TEST_RECEIPT_KEY)
    toy = create(service, "toy", {}, [{"name": "ann"}, {"name": "bob"}], clock={
        "per_move": 60, "bank": 20, "on_timeout": "autopilot"})[0]
    for turn in itertools.count():
        game = service.get(toy.id)
        if game.status != "active":
            break
        clock.wait(30 if turn % 3 else 90)
        step = game.step()
        prompt = step.prompts[-1]
        if turn % 3 and not game.due(clock()):
            service.play(toy.id, prompt.seat, [rng.choice(prompt.legal_moves)])
        else:
            service.run(TimeOut(toy.id))
    coop = create(service, "coop", {}, [{"name": "ann"}, {"name": "bob"}], clock={
        "per_move": 60, "on_timeout": "forfeit"})[0]
    service.play(coop.id, 1, [prompted(service, coop.id, 1)[0]])
    clock.wait(61)
    service.run(TimeOut(coop.id))
    play_to_the_end(service, coop.id, rng)
    built = {"toy clocked": build_document(service.records(toy.id)),
             "coop clocked": build_document(service.records(coop.id))}
    service.close()
    return built


def prompted(service, game_id, seat: int) -> list[dict]:
    prompt = service.get(game_id).step().prompt_for(seat)
    return [] if prompt is None else prompt.legal_moves


def revolution_takebacks(service) -> dict:
    """Secret random, two people: the first seat's Citizen taken back after the turn passed,
    then the second seat turns up a face-down tile (a reveal), places it, and takes back only
    the placement."""
    created, _ = create(service, "revolution", {"neutrals": "secret_random"},
                        [{"name": "ann"}, {"name": "bob"}], takebacks=True)
    first = service.get(created.id).step().prompts[0].seat
    second = 1 - first
    for again in (True, False):
        service.play(created.id, first, [prompted(service, created.id, first)[0]])
        if again:
            service.ask_takeback(created.id, first, 1)
            service.answer_takeback(created.id, second, True)
    service.play(created.id, second, [{"kind": "place", "hidden": 0}])
    service.play(created.id, second, [prompted(service, created.id, second)[0]])
    service.ask_takeback(created.id, second, 1)
    service.answer_takeback(created.id, first, True)
    service.resign(created.id, first)
    return build_document(service.records(created.id))


def dominion_takebacks(service) -> dict:
    """Two people, ann first: she buys Villages until one is in her hand, plays it (it draws:
    a reveal), plays her treasures and takes that back."""
    kingdom = ["village", "cellar", "market", "merchant", "militia", "mine", "moat",
               "remodel", "smithy", "workshop"]
    created, _ = create(service, "dominion", {"first_seat": 0, "kingdom": kingdom},
                        [{"name": "ann"}, {"name": "bob"}], takebacks=True)
    game_id = created.id
    for _ in range(40):
        village = {"kind": "play", "card": "village"}
        if village in prompted(service, game_id, 0):
            service.play(game_id, 0, [village])
            last = service.records(game_id)[-1]
            if last["type"] == "move_made" and {"kind": "play_treasures"} in prompted(
                    service, game_id, 0):
                service.play(game_id, 0, [{"kind": "play_treasures"}])
                service.ask_takeback(game_id, 0, 1)
                service.answer_takeback(game_id, 1, True)
                service.resign(game_id, 1)
                return build_document(service.records(game_id))
        if {"kind": "play_treasures"} in prompted(service, game_id, 0):
            service.play(game_id, 0, [{"kind": "play_treasures"}])
        buy = {"kind": "buy", "card": "village"}
        service.play(game_id, 0, [buy if buy in prompted(service, game_id, 0)
                                  else {"kind": "end_turn"}])
        service.play(game_id, 1, [{"kind": "end_turn"}])
    raise AssertionError("no Village reached ann's hand in 40 turns")


def hidden_takeback_documents() -> dict[str, dict]:
    service = make_service()
    built = {"revolution takebacks": revolution_takebacks(service),
             "dominion takebacks": dominion_takebacks(service)}
    service.close()
    return built


DOCS = base_documents()
HIDDEN_TAKEBACKS = hidden_takeback_documents()
# Where a fork's source document is found (unforged, whatever the forgery under test).
SOURCES = {doc["game_id"]: doc for doc in DOCS.values()}.get
MATRIX: list[Forgery] = [f for name, doc in DOCS.items()
                         for f in forgeries(name, doc, SOURCES)] + [
    f for name, doc in HIDDEN_TAKEBACKS.items() for f in hidden_takeback_forgeries(name, doc)]


@pytest.mark.parametrize("name", [*DOCS, *HIDDEN_TAKEBACKS])
def test_the_unforged_documents_verify_by_both(name):
    doc = DOCS.get(name) or HIDDEN_TAKEBACKS[name]
    assert verify_document(doc, SOURCES).valid
    assert reference.verify(doc, SOURCES, rules=given_rules) == (True, None)
    assert reference.verify(doc, SOURCES) == (True, None)


@pytest.mark.parametrize("name", HIDDEN_TAKEBACKS)
def test_a_hosted_game_with_hidden_information_records_an_accepted_takeback(name):
    types = [event["type"] for event in HIDDEN_TAKEBACKS[name]["events"]]
    assert types.count("taken_back") >= 1 and "chance_resolved" in types


def test_the_matrix_has_over_a_hundred_kinds_and_every_event_type():
    kinds = {forgery.kind.split(": ", 1)[1] for forgery in MATRIX}
    assert len(kinds) >= 100, len(kinds)
    types = Counter(event["type"] for doc in DOCS.values() for event in doc["events"])
    assert set(types) == {"created", "forked", "seat_taken", "move_made", "chance_resolved",
                          "ended", "resigned", "abandoned", "seed_revealed", "takeback_asked",
                          "takeback_answered", "taken_back", "timed_out"}


@pytest.mark.parametrize("forgery", MATRIX, ids=[f.kind for f in MATRIX])
def test_a_forgery_is_caught_at_its_step_by_both_verifiers(forgery):
    verdict = verify_document(forgery.doc, SOURCES)
    assert not verdict.valid, "accepted"
    assert verdict.failed_step == forgery.step, verdict.reason
    assert reference.verify(forgery.doc, SOURCES, rules=given_rules) == (False, forgery.step)
    assert agrees_within_its_reach(verdict.failed_step, reference.verify(forgery.doc, SOURCES))


def agrees_within_its_reach(ours: int | None, theirs: tuple[bool, int | None]) -> bool:
    """The reference verifier without the rules checks only what the page alone decides: it
    may pass a forgery only the rules catch, or catch it at a later step it can check (a
    header, a state hash the forged step changed); it never fails a step before ours, nor a
    step ours passes. ``None`` (the document as a whole) comes after every event."""
    valid, step = theirs
    if valid:
        return True
    last = float("inf")
    return (step if step is not None else last) >= (ours if ours is not None else last)


def test_the_reference_without_rules_catches_most_forgeries_at_their_own_step():
    caught = sum(reference.verify(f.doc, SOURCES) == (False, f.step) for f in MATRIX)
    assert caught >= len(MATRIX) // 2, (caught, len(MATRIX))


def test_a_fork_without_its_source_does_not_verify_by_either():
    fork = DOCS["toy forked"]
    assert verify_document(fork).failed_step == 1
    assert reference.verify(fork, rules=given_rules) == (False, 1)
    assert reference.verify(fork) == (False, 1)


def test_the_reference_verifier_imports_nothing_of_the_project():
    folder = Path(reference.__file__).parent
    for module in ("reference.py", "reference_clock.py"):  # its clocks: a module of its own
        source = (folder / module).read_text()
        imported = {line.split()[1] for line in source.splitlines()
                    if line.startswith(("import ", "from "))}
        assert {name.split(".")[0] for name in imported - {".reference_clock"}} <= {
            "__future__", "hashlib", "hmac", "itertools", "json", "re", "collections",
            "datetime", "typing"}, imported
