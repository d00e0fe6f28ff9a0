"""Worked examples of the digest about setup and the round (GOT-EX-1, -16, -17, -18), each a
test named after it, and the setup and plot-phase rules around them."""

from __future__ import annotations

from domain.games.thrones import RULES
from domain.games.thrones.cards import BOX
from domain.kernel import Chance, Decision
from tests.games.driver import chance, moves, play, prompt, step

from .helpers import LANNISTER, STARK, blank, place, set_plot, start

EX1_HAND = ["arya-stark", "jon-snow-box", "eddard-stark-box", "hand-of-the-king-attachment",
            "not-today", "great-keep", "great-keep"]


def at_setup_cards() -> dict:
    """Both decks shuffled (unchanged order), 7 drawn, both kept; Stark's hand is GOT-EX-1's."""
    state = RULES.setup({}, 2)
    for _ in range(2):
        state = chance(state, list(range(50)))
    stark = state["players"][STARK]
    stark["deck"] += stark["hand"]
    for card in EX1_HAND:
        stark["deck"].remove(card)
    stark["hand"] = list(EX1_HAND)
    state = play(state, STARK, {"kind": "keep"})
    return play(state, LANNISTER, {"kind": "keep"})


def legal_sets(state: dict) -> set[frozenset[str]]:
    """Every set of setup cards Stark may reach, the two keeps counted as one choice."""
    found: set[frozenset[str]] = set()
    todo = [state]
    while todo:
        current = todo.pop()
        found.add(frozenset(current["players"][STARK]["setup"]))
        for move in moves(current, STARK):
            if move["kind"] == "place":
                todo.append(RULES.apply_move(current, STARK, move))
    return found


def test_got_ex_1_the_legal_setup_sets_are_exactly_ten():
    state = at_setup_cards()
    assert prompt(state, STARK).kind == "setup" and prompt(state, LANNISTER).kind == "setup"
    places = {m["card"] for m in moves(state, STARK) if m["kind"] == "place"}
    assert places == {"arya-stark", "jon-snow-box", "eddard-stark-box", "great-keep"}
    a, j, e, k = "arya-stark", "jon-snow-box", "eddard-stark-box", "great-keep"
    assert legal_sets(state) == {frozenset(s) for s in (
        (), (a,), (j,), (e,), (k,), (a, j), (a, k), (j, k), (e, k), (a, j, k))}


def test_got_ex_1_setup_cards_are_revealed_together_without_abilities_and_hands_refill():
    state = at_setup_cards()
    for card in ("arya-stark", "jon-snow-box", "great-keep"):
        state = play(state, STARK, {"kind": "place", "card": card})
    assert moves(state, STARK) == [{"kind": "done"}]  # 5 gold used, one Limited placed
    state = play(state, STARK, {"kind": "done"})
    assert state["play"] == []  # face down until both are done
    assert RULES.view(state, LANNISTER)["players"][STARK]["setup"] is None
    assert RULES.view(state, LANNISTER)["players"][STARK]["setup_count"] == 3
    card = moves(state, LANNISTER)[0]["card"]
    state = play(state, LANNISTER, {"kind": "place", "card": card}, {"kind": "done"})
    stark_cards = sorted(c["card"] for c in state["play"] if c["controller"] == STARK)
    assert stark_cards == ["arya-stark", "great-keep", "jon-snow-box"]
    assert all(c["power"] == 0 and not c["knelt"] for c in state["play"])
    assert len(state["players"][STARK]["hand"]) == 7  # 4 left, 3 drawn


def test_got_ex_1_an_eddard_placed_at_setup_gains_no_power():
    state = at_setup_cards()
    state = play(state, STARK, {"kind": "place", "card": "eddard-stark-box"}, {"kind": "done"})
    state = play(state, LANNISTER, {"kind": "done"})
    assert [c["power"] for c in state["play"]] == [0]
    assert isinstance(step(state), Decision) and prompt(state).kind in ("plot", "window")


def test_the_mulligan_is_simultaneous_and_hidden_until_both_answer():
    state = RULES.setup({}, 2)
    for _ in range(2):
        state = chance(state, list(range(50)))
    both = step(state)
    assert isinstance(both, Decision) and both.seats == [0, 1]
    event = {"type": "move", "seat": STARK, "move": {"kind": "mulligan"}}
    assert RULES.redact(state, event, LANNISTER)["move"] is None
    after = play(state, STARK, {"kind": "mulligan"})
    assert RULES.describe(state, after, event, LANNISTER) == "Seat 0 made a secret choice."
    after = play(after, LANNISTER, {"kind": "keep"})
    reshuffle = step(after)
    assert isinstance(reshuffle, Chance) and reshuffle.spec["n"] == 50
    assert reshuffle.spec.get("public") is not True


def plot_choices(state: dict, stark: str, lannister: str) -> dict:
    state["players"][STARK].update(choice=stark, revealed=None)
    state["players"][LANNISTER].update(choice=lannister, revealed=None)
    state["players"][STARK]["plots"] = sorted(BOX.plot_decks["stark"])
    state["players"][LANNISTER]["plots"] = sorted(BOX.plot_decks["lannister"])
    return start(state, {"op": "reveal_plots"}, {"op": "initiative"})


def test_got_ex_16_the_player_with_less_power_wins_tied_initiative():
    state = blank(phase="plot")
    state["players"][STARK]["power"] = 3
    place(state, STARK, "eddard-stark-box", power=1)
    state["players"][LANNISTER]["power"] = 5
    state = plot_choices(state, "calm-over-westeros", "the-power-of-blood")  # both 3
    assert prompt(state).kind == "first_player" and prompt(state).seat == STARK
    state = play(state, None, {"kind": "first_player", "seat": LANNISTER})
    assert state["first"] == LANNISTER


def test_got_ex_16_equal_initiative_and_power_is_a_public_pick():
    state = plot_choices(blank(phase="plot"), "calm-over-westeros", "the-power-of-blood")
    drawn = step(state)
    assert isinstance(drawn, Chance)
    assert drawn.spec == {"kind": "pick", "n": 2, "k": 1, "public": True,
                          "what": "initiative"}
    state = chance(state, [1])
    assert prompt(state).seat == LANNISTER


def test_got_ex_17_plot_rotation_returns_the_used_pile_when_the_deck_empties():
    state = blank(phase="plot")
    plots = sorted(BOX.plot_decks["stark"])
    state["players"][STARK]["plots"] = list(plots)
    state["players"][LANNISTER]["plots"] = sorted(BOX.plot_decks["lannister"]) * 3
    for p in state["players"]:
        p["revealed"] = None  # the first round
    for round_ in range(1, 14):
        deck = state["players"][STARK]["plots"]
        state["players"][STARK]["choice"] = deck[0]
        state["players"][LANNISTER]["choice"] = state["players"][LANNISTER]["plots"][0]
        state = start(state, {"op": "reveal_plots"})
        stark = state["players"][STARK]
        if round_ == 7:  # P7 emptied the deck: P1-P6 return, P7 stays revealed
            assert stark["revealed"] == plots[6] and sorted(stark["plots"]) == plots[:6]
            assert stark["used"] == []
        if round_ == 8:
            assert stark["used"] == [plots[6]] and len(stark["plots"]) == 5
        if round_ == 13:  # the sixth reveal of the cycle empties it again
            assert len(stark["plots"]) == 6 and stark["revealed"] not in stark["plots"]
            assert plots[6] in stark["plots"]


def test_got_ex_18_a_gold_bonus_counts_from_the_next_turn_even_knelt():
    state = blank(phase="marshalling")
    set_plot(state, LANNISTER, "the-power-of-blood")  # income 4
    state["players"][LANNISTER]["hand"] = ["lannisport-steward"]
    state = start(state, {"op": "marshal_turn", "seat": LANNISTER})
    assert state["players"][LANNISTER]["gold"] == 4
    state = play(state, None, {"kind": "marshal", "card": "lannisport-steward", "host": ""})
    assert state["players"][LANNISTER]["gold"] == 2  # paid 2; no bonus this turn
    state["players"][LANNISTER]["gold"] = 0
    state["pool"]["gold"] = 80
    state["play"][0]["knelt"] = True
    state = start(state, {"op": "marshal_turn", "seat": LANNISTER})
    assert state["players"][LANNISTER]["gold"] == 6  # 4 + 2, knelt or not


def test_got_ex_22_plot_draft_counts():
    state = RULES.setup({"plot_draft": True}, 2)
    drafting = step(state)
    assert isinstance(drafting, Chance) and drafting.spec["n"] == 18
    assert drafting.spec.get("public") is not True
    state = chance(state, list(range(18)))
    for round_ in range(1, 4):
        assert state["draft"]["round"] == round_
        assert [len(h) for h in state["draft"]["hands"]] == [3, 3]
        for seat in (STARK, LANNISTER):  # keep 1 of 3, pass 2
            state = play(state, seat, moves(state, seat)[0])
        assert [len(h) for h in state["draft"]["hands"]] == [2, 2]
        for seat in (STARK, LANNISTER):  # keep 1 of the 2 received, return 1
            state = play(state, seat, moves(state, seat)[0])
        assert [len(k) for k in state["draft"]["kept"]] == [2 * round_] * 2
        assert state["draft"]["returned"] == 2 * round_
    assert state["draft"]["deck"] == []
    assert prompt(state, STARK).kind == "draft_deck"
    assert len({m["card"] for m in moves(state, STARK)}) <= 13
    seen = RULES.view(state, LANNISTER)
    assert seen["draft"]["kept"][STARK] is None and seen["draft"]["kept_sizes"][STARK] == 6
    for seat in (STARK, LANNISTER):
        for _ in range(7):
            state = play(state, seat, moves(state, seat)[0])
    assert [len(p["plots"]) for p in state["players"]] == [7, 7]
    assert state["draft"]["returned"] == 6 + 12  # 6 during the draft, 6 each after
    assert RULES.view(state, LANNISTER)["players"][STARK]["plot_deck"] is None
