"""Record golden replays: finished games played under today's rules, kept as test fixtures so
that every later change of code is checked against them (``test_golden.py``).

    python -m tests.golden.record

writes ``tests/golden/<game>/<rules version>/*.json`` for each hosted game whose version has
no folder yet. It never overwrites: a released version's games are a fixed record, and a
change that stops one of them verifying must ship as a new rules version instead.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any
from uuid import UUID, uuid5

from domain.application import GameService
from domain.games import RELEASES, get_rules
from domain.kernel import Decision
from replays import build_document
from tests.conftest import make_service

HERE = Path(__file__).resolve().parent
NAMESPACE = UUID("6f1c2d1e-0000-4000-8000-67616d656861")

# Per game: (options, bots a seat) of the bot-only games to record.
BOT_GAMES: dict[str, list[tuple[dict[str, Any], list[str]]]] = {
    "revolution": [
        ({}, ["greedy", "random"]),
        ({"neutrals": "old_style"}, ["random", "greedy"]),
        ({"neutrals": "random"}, ["greedy", "greedy"]),
        ({"neutrals": "secret_random"}, ["random", "random"]),
        ({"neutrals": "draft"}, ["greedy", "random"]),
        ({"neutrals": "secret_draft"}, ["random", "greedy"]),
        ({"match": "points", "games": 4}, ["greedy", "random"]),
    ],
    "dominion": [
        ({}, ["big_money", "smithy"]),
        ({"kingdom_choice": "random"}, ["random", "big_money_ultimate", "witch"]),
        ({"edition": "first", "kingdom_choice": "random"}, ["militia", "random"]),
        ({"edition": "both", "kingdom_choice": "random"}, ["random", "random", "random",
                                                           "random"]),
        ({"kingdom": ["witch", "moat", "militia", "bureaucrat", "library", "sentry",
                      "harbinger", "throne_room", "artisan", "bandit"]},
         ["random", "random", "witch"]),
    ],
    "godofwar": [
        ({}, ["party", "party", "party", "party"]),
        ({"first_game": True}, ["random", "party"]),
        ({}, ["party"]),
    ],
    "thrones": [
        ({}, ["planner", "random"]),
        ({"houses": "random", "plot_draft": True}, ["random", "planner"]),
        ({}, ["planner", "planner"]),
        # The full card game (rules 2.0.0 on): a joust and a four-seat melee with titles.
        ({"profile": "lcg"}, ["planner", "random"]),
        ({"profile": "lcg"}, ["planner", "random", "planner", "random"]),
    ],
}
# Random human moves that reach the end of a human-vs-bot game (the loop stops at the end).
HUMAN_MOVES: dict[str, int] = {"thrones": 3000}


def record_game(service: GameService, game: str, version: str, name: str,
                options: dict[str, Any], players: list[dict[str, Any]],
                human_moves: int = 0, ending: str = "") -> dict[str, Any]:
    """Play one game (humans answer at random), end it as asked, and build its document."""
    game_id = uuid5(NAMESPACE, f"{game}:{version}:{name}")
    created, tokens = service.create_game(game, options, players, game_id=game_id)
    rng = random.Random(name)
    for _ in range(human_moves):
        current = service.get(game_id)
        step = current.step()
        if current.status != "active" or not isinstance(step, Decision):
            break
        prompt = step.prompts[0]
        service.play(game_id, prompt.seat, [rng.choice(prompt.legal_moves)], by="human")
    if ending == "resign":
        service.resign(game_id, 0)
    elif ending == "abandon":
        service.abandon(game_id, "no move for 30 days")
    return build_document(service.records(game_id))


def games_for(game: str) -> dict[str, tuple[dict[str, Any], list[dict[str, Any]], int, str]]:
    rules = get_rules(game)
    seats = rules.info.min_seats
    humans = [{"name": f"player {i}"} for i in range(seats)]
    plays: dict[str, tuple[dict[str, Any], list[dict[str, Any]], int, str]] = {
        "humans-resign": ({}, humans, 6, "resign"),
        "humans-abandon": ({}, humans, 3, "abandon"),
        "human-vs-bot": ({}, [{"name": "ann"}, *[{"bot": "random"}] * (seats - 1)],
                         HUMAN_MOVES.get(game, 400), ""),
    }
    for index, (options, bots) in enumerate(BOT_GAMES.get(game, [({}, ["random"] * seats)])):
        plays[f"bots-{index}"] = (options, [{"bot": b} for b in bots], 0, "")
    return plays


def main() -> None:
    # The hosted games only: the toy games the test set-up registers have no golden folder.
    for game in RELEASES:
        version = get_rules(game).version
        folder = HERE / game / version
        if folder.exists():
            print(f"{game} {version}: already recorded, left as it is")
            continue
        folder.mkdir(parents=True)
        service = make_service()
        try:
            for name, (options, players, moves, ending) in games_for(game).items():
                doc = record_game(service, game, version, name, options, players, moves, ending)
                if not doc["complete"]:
                    sys.exit(f"{game} {name}: the game did not finish; raise its move count")
                (folder / f"{name}.json").write_text(json.dumps(doc, ensure_ascii=False))
                print(f"{game} {version} {name}: {len(doc['events'])} events")
        finally:
            service.close()


if __name__ == "__main__":
    main()
