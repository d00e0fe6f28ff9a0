"""The match as one game: game end, best of three, the points match, and neutral tiles
across games."""

from __future__ import annotations

from domain.games.revolution import RULES
from domain.games.revolution.tiles import NEUTRALS
from tests.games.driver import chance, over, prompt

from .scenario import place, scenario, with_copies

FULL_BUT_8 = {s: ("castle", 0) if s < 5 else ("temple", 1) for s in range(8)}


def test_seed_game_end_example_the_player_with_more_allies_wins():
    # 게임 종료: "타일 효과를 처리한 후, 모든 영토가 채워져 있는 경우 게임이 종료됩니다. 아군이
    # 많은 플레이어의 승리입니다. ... 예: 이 경우, 자신의 승리입니다." Five tiles upright
    # for you (seat 0), four for your opponent: you win.
    state = with_copies(FULL_BUT_8, hands=[["king"], ["monk"]], turn=1)
    state = place(state, 1, "monk", 8)
    result = state["results"][0]
    assert (result["allies"], result["winner"], result["reason"]) == ([5, 4], 0,
                                                                     "the board is full")


def test_the_loser_starts_the_next_game_with_the_citizen_and_new_neutrals():
    state = with_copies(FULL_BUT_8, hands=[["king"], ["monk"]], turn=1)
    state.update(dealt=["dragon", "ninja", "tower", "sage", "witch"],
                 pool=[t for t in NEUTRALS if t not in ("dragon", "ninja", "tower", "sage",
                                                        "witch")])
    state = place(state, 1, "monk", 8)
    assert (state["wins"], state["starter"], state["game_no"]) == ([1, 0], 1, 2)
    assert "citizen" in state["hands"][1] and len(state["hands"][0]) == 7
    assert state["board"] == [None] * 9 and state["used"] == ["dragon", "ninja", "tower",
                                                               "sage", "witch"]
    assert RULES.next(state).spec["n"] == 11
    state = chance(state, [0, 1, 2, 3, 4])
    assert not set(state["centre"]) & {"dragon", "ninja", "tower", "sage", "witch"}
    assert (prompt(state).seat, prompt(state).kind) == (1, "place")


def test_best_of_three_ends_when_a_player_wins_a_second_game():
    state = with_copies(FULL_BUT_8, hands=[["king"], ["monk"]], turn=1)
    state["wins"] = [1, 1]
    state = place(state, 1, "monk", 8)
    result = over(state)
    assert (result.winners, result.scores) == ([0], [2, 1])
    assert RULES.view(state, 1)["result"]["winners"] == [0]


def test_a_points_match_adds_each_games_allies_and_gives_zero_after_a_death_loss():
    board = FULL_BUT_8 | {0: ("death", 0)}
    state = with_copies(board, hands=[["king"], ["monk"]], turn=1, match="points", games=2)
    state["points"] = [3, 2]
    state["results"] = [{"game": 0}]
    state = place(state, 1, "monk", 8)
    assert state["results"][1]["scores"] == [0, 4]
    result = over(state)
    assert (result.scores, result.winners) == ([3, 6], [1])


def test_a_points_match_gives_zero_to_a_player_with_no_tile_to_place():
    state = scenario({0: ("temple", 1), 1: ("castle", 0)}, hands=[["wizard"], []],
                     match="points", games=1)
    state = place(state, 0, "wizard", 4)
    assert state["results"][0]["scores"] == [2, 0] and over(state).winners == [0]


def test_a_points_match_can_end_in_a_draw():
    state = with_copies(FULL_BUT_8, hands=[["king"], ["monk"]], turn=1, match="points", games=1)
    state["points"] = [0, 1]
    state = place(state, 1, "monk", 8)
    assert over(state).winners == [0, 1]


def test_too_few_unused_neutrals_deal_every_never_used_one_and_fill_up_from_the_used():
    # Ruling 17: "중립 타일이 부족한 경우, 사용된 타일을 뒤집어 플레이 다시 사용하십시오".
    state = with_copies(FULL_BUT_8, hands=[["king"], ["monk"]], turn=1, match="points", games=9)
    used = [t for t in NEUTRALS if t not in ("tower", "witch", "sage")]
    state.update(pool=["tower", "witch", "sage"], used=used)
    state = place(state, 1, "monk", 8)
    step = RULES.next(state)
    assert step.spec == {"kind": "pick", "n": 13, "k": 2, "public": True,
                         "what": "used neutral tiles to reuse"}
    state = RULES.apply_chance(state, [0, 5])
    assert state["pool"] == sorted(["tower", "witch", "sage", used[0], used[5]])
    assert len(state["used"]) == 11 and used[0] not in state["used"]
    state = RULES.apply_chance(state, [4, 3, 2, 1, 0])
    assert sorted(state["centre"]) == sorted(["tower", "witch", "sage", used[0], used[5]])


def test_after_the_match_every_view_shows_everything():
    state = with_copies(FULL_BUT_8, hands=[["king"], ["monk"]], turn=1, neutrals="secret_random",
                        hidden=[["dragon"], ["ninja"]])
    state["wins"] = [1, 0]
    state = place(state, 1, "monk", 8)
    shown = RULES.view(state, 1)
    assert shown["hidden"] == [["dragon"], ["ninja"]] and shown["pool"] is not None
