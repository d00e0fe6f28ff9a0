"""The turn (action, buy, clean-up), reshuffle timing, the end of the game and the tie-break."""

from __future__ import annotations

from domain.kernel import Chance, Over
from tests.games.driver import chance, moves, play, prompt, step

from .helpers import end_turn, pick, play_card, player, scenario

PLAY_TREASURES = {"kind": "play_treasures"}


def test_seed_worked_turn_market_then_smithy_buys_village_and_remodel():
    """The seed's "턴 진행 예시": Yunju holds Market, Smithy, Silver and 2 Estates; Market draws a
    Silver, Smithy draws Market and 2 Coppers; the second Market cannot be played; 2 Silvers, 2
    Coppers and Market's $1 make $7 with 2 Buys: Village ($3) and Remodel ($4)."""
    state = scenario(["market", "smithy", "silver", "estate", "estate"],
                     deck=["silver", "market", "copper", "copper", *["estate"] * 5])

    state = play(state, None, play_card("market"))
    assert player(state)["hand"].count("silver") == 2
    state = play(state, None, play_card("smithy"))
    assert play_card("market") not in moves(state)  # no Action left
    state = play(state, None, PLAY_TREASURES)
    assert (state["turn"]["coins"], state["turn"]["buys"]) == (7, 2)
    state = play(state, None, pick("buy", "village"), pick("buy", "remodel"))

    me = player(state)
    assert {"village", "remodel"} <= set(me["discard"])
    assert len(me["hand"]) == 5 and me["play"] == []
    assert state["turn"]["seat"] == 1


def test_seed_example_two_golds_and_two_buys_buy_a_two_and_a_four():
    """"돈 3의 가치가 있는 금 카드 2장이 있고 1장의 카드를 더 살 수 있는 플레이어라면, 돈 2 짜리
    카드를 1장 사고, 돈 4짜리 카드를 1장 살 수 있습니다"."""
    state = scenario(["gold", "gold"], deck=["copper"] * 5, buys=2)

    state = play(state, None, PLAY_TREASURES, pick("buy", "estate"))

    assert state["turn"]["coins"] == 4
    assert pick("buy", "smithy") in moves(state) and pick("buy", "market") not in moves(state)


def test_a_hand_without_actions_offers_only_treasures_buys_and_end_of_turn():
    state = scenario(["copper", "copper", "estate", "silver", "estate"], deck=["copper"] * 5)

    kinds = {m["kind"] for m in moves(state)}

    assert kinds == {"play_treasures", "play", "buy", "end_turn"}
    assert all(m["card"] in ("copper", "silver") for m in moves(state) if m["kind"] == "play")


def test_playing_a_treasure_ends_the_action_phase():
    state = scenario(["village", "copper", "estate"], deck=["copper"] * 5)

    state = play(state, None, play_card("copper"))

    assert play_card("village") not in moves(state)


def test_no_treasure_may_be_played_after_the_first_buy():
    state = scenario(["silver", "copper", "copper"], deck=["copper"] * 5, buys=2)

    state = play(state, None, play_card("silver"), pick("buy", "cellar"))

    assert not any(m["kind"].startswith("play") for m in moves(state))


def test_any_supply_card_may_be_bought_even_a_curse():
    state = scenario(["estate"] * 5, deck=["copper"] * 5)

    state = play(state, None, pick("buy", "curse"))

    assert player(state)["discard"].count("curse") == 1


def test_clean_up_discards_everything_then_draws_five_shuffling_mid_draw():
    state = scenario(["copper", "estate", "smithy"], deck=["silver", "gold"],
                     discard=["duchy"])

    state = end_turn(state)
    assert isinstance(step(state), Chance)
    assert sorted(player(state)["hand"]) == ["gold", "silver"]
    state = chance(state)

    # The hand's and play's cards were discarded before the draw, so the reshuffle took them.
    me = player(state)
    assert len(me["hand"]) == 5 and me["discard"] == []
    assert sorted(me["hand"] + me["deck"]) == sorted(
        ["copper", "estate", "smithy", "silver", "gold", "duchy"])


def test_an_empty_deck_is_not_reshuffled_until_a_card_is_needed():
    state = scenario(["smithy"], deck=["copper", "copper", "copper"], discard=["gold"])

    state = play(state, None, play_card("smithy"))

    assert not isinstance(step(state), Chance)
    assert player(state)["deck"] == [] and player(state)["discard"] == ["gold"]


def test_with_too_few_cards_a_draw_takes_what_there_is():
    state = scenario(["smithy"], deck=["copper"])

    state = play(state, None, play_card("smithy"))

    assert not isinstance(step(state), Chance) and player(state)["hand"] == ["copper"]


def test_turns_pass_to_the_left_and_are_counted():
    state = scenario(["copper"], deck=["copper"] * 5, seats=3,
                     others={1: {"deck": ["copper"] * 5}, 2: {"deck": ["copper"] * 5}})

    state = end_turn(state)

    assert state["turn"]["seat"] == 1 and player(state, 1)["turns"] == 1


def test_game_ends_at_the_end_of_the_turn_the_last_province_is_bought():
    state = scenario(["gold"] * 6, deck=["copper"] * 5, buys=2)
    state = {**state, "supply": {**state["supply"], "province": 1}}

    state = play(state, None, PLAY_TREASURES, pick("buy", "province"))
    assert not isinstance(step(state), Over)  # a Buy is left: the turn goes on
    state = play(state, None, pick("buy", "silver"))

    assert isinstance(step(state), Over)
    assert RULES_result(state)["reason"] == "the Province pile is empty"


def test_game_ends_when_any_three_supply_piles_are_empty_curses_included():
    state = scenario(["copper"], deck=["copper"] * 5)
    state = {**state, "supply": {**state["supply"], "curse": 0, "cellar": 0, "village": 1}}

    state = play(state, None, PLAY_TREASURES)
    state = end_turn(state)
    assert not isinstance(step(state), Over)  # two empty piles are not enough

    state = {**state, "turn": {**state["turn"], "coins": 3}}
    state = play(state, None, pick("buy", "village"))
    assert isinstance(step(state), Over)


def test_tie_goes_to_the_player_with_fewer_turns():
    """"동점이면 동점자 중 턴을 적게 한 사람이 이깁니다": seat 0 ends the game on its turn, so
    seat 1 has had one turn fewer and wins the tie."""
    state = scenario(["gold"] * 3, deck=["copper"] * 5,
                     others={1: {"hand": ["province"], "deck": ["copper"] * 4}})
    state = {**state, "supply": {**state["supply"], "province": 1}}
    state = {**state, "players": [{**player(state), "turns": 5}, {**player(state, 1), "turns": 4}]}

    state = play(state, None, PLAY_TREASURES, pick("buy", "province"))

    result = RULES_result(state)
    assert result["scores"][0] == result["scores"][1]
    assert result["winners"] == [1]


def test_a_tie_with_equal_turns_is_a_shared_win():
    state = scenario(["gold"] * 3, deck=["copper"] * 5,
                     others={1: {"hand": ["province"], "deck": ["copper"] * 4}})
    state = {**state, "supply": {**state["supply"], "province": 1}}
    state = {**state, "players": [{**player(state), "turns": 4}, {**player(state, 1), "turns": 4}]}

    state = play(state, None, PLAY_TREASURES, pick("buy", "province"))

    assert RULES_result(state)["winners"] == [0, 1]


def test_scores_count_every_card_owned_and_gardens_by_tens():
    """Gardens: "카드가 모두 39장 이라면 정원 카드 1장당 3점"."""
    cards = ["gardens", "gardens"] + ["copper"] * 36 + ["curse"]  # 39 cards
    state = scenario(["gold"] * 3, deck=cards[:20], discard=cards[20:36],
                     kingdom=["gardens", *["cellar", "market", "militia", "mine", "moat",
                                           "remodel", "smithy", "village", "workshop"]])
    state = {**state, "players": [{**player(state), "hand": cards[36:]}, player(state, 1)],
             "supply": {**state["supply"], "province": 0}}

    state = end_turn(state)

    assert RULES_result(state)["scores"][0] == 2 * 3 - 1


def RULES_result(state):  # noqa: N802
    from domain.games.dominion import RULES

    step = RULES.next(state)
    return step.to_json()


def test_prompt_text_reports_actions_buys_and_coins_in_words_agreeing_with_their_counts():
    one = scenario(["copper"], deck=["copper"] * 5)
    more = scenario(["copper"], deck=["copper"] * 5, actions=0, buys=2, coins=3)

    assert prompt(one).text == "Action phase: 1 action, 1 buy and $0 to spend"
    assert prompt(more).text == "Action phase: 0 actions, 2 buys and $3 to spend"


def test_clean_up_leaves_the_last_card_played_on_top_of_the_discard_pile():
    """"다 버리고 난뒤에 버리는 카드 더미의 맨 위 카드는 모두에게 보여집니다": the hand goes
    first, so the visible top is a card everyone saw played, not a hand card."""
    state = scenario(["village", "estate", "copper"], deck=["estate"] * 8)

    state = play(state, None, play_card("village"), PLAY_TREASURES)
    state = end_turn(state)

    assert player(state)["discard"][-1] == "copper"
    assert RULES_view(state)["players"][0]["discard_top"] == "copper"


def RULES_view(state):  # noqa: N802
    from domain.games.dominion import RULES

    return RULES.view(state, 1)


def test_views_show_each_discard_piles_top_card_but_not_its_size():
    state = scenario(["copper"], discard=["estate", "gold"])

    seen = RULES_view(state)["players"][0]

    # The seed: "버린 카드가 몇 장인지 셀 수 없습니다" (you may not count your discards).
    assert seen["discard_top"] == "gold"
    assert "discard_size" not in seen and "owned" not in seen
    assert seen["deck_size"] == len(state["players"][0]["deck"])


def test_the_first_player_reads_that_they_go_first_and_the_others_who_does():
    from domain.games.dominion.views import render

    note = {"seat": 1, "act": "goes first", "cards": []}
    assert render(note, 1) == "You go first"
    assert render(note, 0) == "Seat 1 goes first"
    assert render(note, None) == "Seat 1 goes first"
