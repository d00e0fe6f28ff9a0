"""Random playouts over every option combination, secrets checked at every step, and the
greedy bot against the random one."""

from __future__ import annotations

import itertools
import random

import pytest

from bench.engine import engine_game
from domain.games.revolution import RULES
from domain.games.revolution.state import SECRET_MODES
from domain.games.revolution.tiles import TILES
from domain.kernel import Decision, Over, ask_bot, canonical_json

from ..playout import playout, refold, walk

MODES = ("standard", "old_style", "random", "secret_random", "draft", "secret_draft")
COMBOS = [{"neutrals": n, "match": m} for n, m in itertools.product(MODES,
                                                                    ("best_of_three", "points"))]


@pytest.mark.parametrize("options", COMBOS, ids=lambda o: f"{o['neutrals']}-{o['match']}")
def test_random_playouts_keep_the_contract_and_replay_to_the_same_hashes(options):
    for seed in range(25):
        events, hashes, result = playout(RULES, options, 2, seed, check_every=3)
        assert refold(RULES, options, 2, events) == hashes
        assert len(events) < 400 and len(result.scores) == 2


def hidden_from(state: dict, seat: int) -> set[str]:
    """The tiles ``seat`` may not know of: the opponent's face-down and set-aside tiles, four
    tiles the other has just drawn in a secret draft (once passed, the passer knows them),
    and (in secret modes) the unused pool."""
    other = 1 - seat
    secret = set(state["hidden"][other]) | set(state["set_aside"][other])
    draft = state["draft"]
    if draft is not None and draft["seat"] != seat and draft.get("pass"):
        secret |= set(draft["offer"])
    secret |= set(state["pool"]) - set(state["used"])
    secret -= {c["tile"] for c in state["board"] if c is not None}
    return secret


def leaks(text: str, tiles: set[str]) -> set[str]:
    return {t for t in tiles if t in text or f"the {TILES[t].name}" in text}


def secret_playout(options: dict, seed: int) -> None:
    """Play at random, checking no view, redacted event or log line names a hidden tile."""
    for visit in walk(RULES, RULES.setup(options, 2), random.Random(seed), label="secrets",
                      first_prompt=True):
        state, event, after = visit.before, visit.event, visit.state
        if state is None or event is None or after["stage"] == "over":
            continue
        for seat in (0, 1):
            secret = hidden_from(after, seat)
            shown = {k: v for k, v in RULES.view(after, seat).items()
                     if k not in ("results", "used")}
            assert not leaks(canonical_json(shown), secret), (seat, shown)
            if after["game_no"] != state["game_no"] or state["stage"] == "refill":
                # A new game: its pool is not what the event spoke of. A refill names
                # used tiles, public, turned over to be used again (ruling 17).
                continue
            assert not leaks(RULES.describe(state, after, event, seat), secret)
            assert not leaks(canonical_json(RULES.redact(state, event, seat)), secret)
    assert isinstance(visit.step, Over), "the game did not end"


@pytest.mark.parametrize("mode", SECRET_MODES)
def test_secret_modes_never_show_a_seat_the_tiles_hidden_from_it(mode):
    for seed in range(12):
        secret_playout({"neutrals": mode}, seed)


def test_the_greedy_bot_ignores_which_face_down_tiles_the_opponent_holds():
    rng = random.Random(7)
    state = RULES.setup({"neutrals": "secret_random"}, 2)
    state = RULES.apply_chance(state, 0)
    state = RULES.apply_chance(state, [0, 1, 2, 3])
    for _ in range(6):
        step = RULES.next(state)
        if isinstance(step, Over) or not isinstance(step, Decision):
            break
        prompt = step.prompts[0]
        other = 1 - prompt.seat
        swapped = {**state, "hidden": list(state["hidden"])}
        swapped["hidden"][other] = [t for t in state["pool"]][:len(state["hidden"][other])]
        seed = rng.randrange(10**6)
        greedy = RULES.bots["greedy"]
        chosen = ask_bot(RULES, greedy, state, prompt, random.Random(seed).randrange)
        assert ask_bot(RULES, greedy, swapped, prompt, random.Random(seed).randrange) == chosen
        state = RULES.apply_move(state, prompt.seat, chosen)


def test_a_bot_is_handed_its_seats_view_which_has_no_hidden_tile_of_the_opponent():
    state = RULES.setup({"neutrals": "secret_random"}, 2)
    state = RULES.apply_chance(state, 0)
    state = RULES.apply_chance(state, [0, 1, 2, 3])
    step = RULES.next(state)
    assert isinstance(step, Decision)
    seat = step.prompts[0].seat
    seen: list[dict] = []

    def spy(view, prompt, draw):
        seen.append(view)
        return prompt.legal_moves[0]

    ask_bot(RULES, spy, state, step.prompts[0], lambda n: 0)
    theirs = state["hidden"][1 - seat]
    assert seen[0]["hidden"][1 - seat] is None and seen[0]["pool"] is None
    assert not any(tile in canonical_json(seen[0]) for tile in theirs)


def test_the_greedy_bot_beats_the_random_bot_clearly():
    won = 0
    for seed in range(100):
        greedy = seed % 2  # alternate the seats
        bots = ["greedy", "random"] if greedy == 0 else ["random", "greedy"]
        won += engine_game("revolution", bots, {"neutrals": "standard"}, seed).winners == [greedy]
    assert won > 70, won
