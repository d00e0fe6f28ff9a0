"""Whole games: cards are conserved after every step of hundreds of random games, every bot
answers every prompt with a legal move, and states keep the kernel's contract."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from domain.games.dominion import RULES
from domain.games.dominion.bots import POLICY, answer
from domain.games.dominion.cards import KINGDOM
from domain.games.dominion.state import owned
from domain.kernel import Chance, Over, ask_bot, canonical_json, derive_outcome, round_trip

MAX_STEPS = 20_000


def total_cards(state: dict) -> Counter:
    counts = Counter(state["trash"])
    for player in state["players"]:
        counts.update(owned(player))
    for card, n in state["supply"].items():
        counts[card] += n
    return counts


def run_game(seed: int, seats: int, options: dict, bots: list, check_every: int = 0):
    """One game; ``bots[seat](state, prompt, rng)`` answers. Checks conservation at every step."""
    rng = random.Random(seed)
    state = RULES.setup(options, seats)
    start = None
    for count in range(MAX_STEPS):
        step = RULES.next(state)
        if state["kingdom"] is not None:
            start = start or total_cards(state)
            assert total_cards(state) == start, f"cards not conserved at step {count}"
        if isinstance(step, Over):
            return state, step, count
        frozen = canonical_json(state) if check_every and count % check_every == 0 else None
        before = state
        if isinstance(step, Chance):
            state = RULES.apply_chance(state, derive_outcome(step.spec, rng.randbytes(8), "t"))
        else:
            prompt = step.prompts[0]
            move = ask_bot(RULES, bots[prompt.seat], state, prompt, rng.randrange)
            assert move in prompt.legal_moves, (prompt, move)
            state = RULES.apply_move(state, prompt.seat, move)
        if frozen is not None:
            assert canonical_json(before) == frozen and round_trip(state) == state
    raise AssertionError("the game did not end")


def random_bot(state, prompt, draw):
    return prompt.legal_moves[draw(len(prompt.legal_moves))]


def random_turns_sensible_answers(state, prompt, draw):
    """Random turns (so every card gets bought and played) with the bots' answer policy."""
    if prompt.kind == "turn":
        return random_bot(state, prompt, draw)
    return answer(state, prompt)


@pytest.mark.parametrize("batch", range(4))
def test_total_card_count_is_conserved_after_every_step_of_random_games(batch):
    for seed in range(batch * 60, batch * 60 + 60):
        seats = 2 + seed % 3
        options = {"kingdom_choice": "random", "edition": ["second", "first", "both"][seed % 3]}
        run_game(seed, seats, options, [random_bot] * seats, check_every=50)


def test_the_bots_answer_policy_gives_a_legal_move_for_every_prompt_of_every_card():
    asked = set()

    def recording(state, prompt, draw):
        asked.add(prompt.kind)
        return random_turns_sensible_answers(state, prompt, draw)

    for seed in range(60):
        rng = random.Random(seed)
        rare = ["library", "bureaucrat", "bandit"]  # their prompts need luck: always in
        kingdom = rare + rng.sample([c for c in KINGDOM if c not in rare], 7)
        edition = ["second", "first"][seed % 2]
        seats = 2 + seed % 3
        run_game(seed, seats, {"kingdom": kingdom, "edition": edition}, [recording] * seats)

    # Bandit's victim prompt (two different non-Copper Treasures revealed) is too rare in
    # random play; test_bots.py answers it from a scenario.
    assert asked | {"bandit"} == {"turn", *POLICY}


@pytest.mark.parametrize("bots", [["big_money", "big_money"],
                                  ["big_money_ultimate", "smithy", "militia", "witch"],
                                  ["witch", "militia", "random"]])
def test_strategy_bots_finish_games_by_the_rules(bots):
    names = RULES.bots
    for seed in range(10):
        options = {"kingdom": ["witch", "militia", "smithy", "moat", "library", "cellar",
                               "chapel", "village", "market", "gardens"]}
        _, result, steps = run_game(seed, len(bots), options, [names[b] for b in bots])
        assert result.reason in ("the Province pile is empty", "three Supply piles are empty")
        if "random" not in bots:
            assert steps < 600


def test_big_money_buys_only_provinces_gold_and_silver():
    state, _, _ = run_game(1, 2, {}, [RULES.bots["big_money"]] * 2)

    for player in state["players"]:
        assert set(owned(player)) <= {"copper", "estate", "silver", "gold", "province"}


def test_a_strategy_bot_without_its_card_in_the_kingdom_plays_big_money_ultimate():
    options = {"kingdom": ["cellar", "market", "militia", "mine", "moat", "remodel",
                           "village", "woodcutter", "workshop", "chapel"]}

    state, _, _ = run_game(2, 2, options, [RULES.bots["smithy"], RULES.bots["witch"]])

    cards = set(owned(state["players"][0])) | set(owned(state["players"][1]))
    assert cards <= {"copper", "estate", "silver", "gold", "duchy", "province"}


def test_no_event_changes_an_earlier_state_though_they_share_the_zones_it_left_alone():
    """An event shares a player's zones, the Supply and the trash with the state before it
    (state.py), so every state of a game, as written when it was reached, must read the same
    once the game is over."""
    for seed in range(24):
        rng = random.Random(seed)
        kingdom = rng.sample(KINGDOM, 10)
        seats = 2 + seed % 3
        state = RULES.setup({"kingdom": kingdom, "edition": "both"}, seats)
        reached = []
        for _ in range(MAX_STEPS):
            step = RULES.next(state)
            if isinstance(step, Over):
                break
            reached.append((state, canonical_json(state)))
            if isinstance(step, Chance):
                outcome = derive_outcome(step.spec, rng.randbytes(8), "t")
                state = RULES.apply_chance(state, outcome)
            else:
                prompt = step.prompts[0]
                move = ask_bot(RULES, random_turns_sensible_answers, state, prompt, rng.randrange)
                state = RULES.apply_move(state, prompt.seat, move)
        assert all(canonical_json(earlier) == text for earlier, text in reached), seed
