"""Grand Maester Pycelle: "an opponent's effect has revealed at least one card" (README
ruling): searches that show a card, Call Their Bluff's shown hand and Bran Stark's revealed
plot count when the opponent controls the effect; the plot phase's reveal, a card put into
play, a random discard and a look are no reveal by an opponent's effect."""

from __future__ import annotations

from tests.games.driver import chance, play, step

from .helpers import LANNISTER, STARK, blank, place, set_plot, start, use_move


def _shuffled(state: dict) -> dict:
    """The deck's shuffle after a search (left in its order)."""
    return chance(state, list(range(step(state).spec["n"])))


def _pycelle(state: dict) -> str:
    state["players"][LANNISTER]["deck"] = ["shae", "bronn"]
    return place(state, LANNISTER, "grand-maester-pycelle")


def test_pycelle_answers_bran_stark_revealing_a_plot():
    state = blank(phase="plot", first=STARK)
    _pycelle(state)
    bran = place(state, STARK, "bran-stark")
    state["players"][STARK]["plots"] = ["blockade", "counting-favors"]
    state = start(state, {"op": "plot_window"})
    swap = next(m for m in use_move(state, STARK, "bran-stark") if m["target"] == "blockade")
    state = play(state, STARK, swap)
    state = play(state, LANNISTER, use_move(state, LANNISTER, "grand-maester-pycelle")[0])
    assert state["players"][LANNISTER]["hand"] == ["bronn"]
    del bran


def test_pycelle_answers_his_own_players_search_under_the_opponents_building_season():
    state = blank(phase="plot", first=LANNISTER)
    _pycelle(state)
    state["players"][LANNISTER]["deck"] = ["shae", "lannisport", "bronn"]
    set_plot(state, STARK, "building-season")  # Stark's effect: both search
    state = start(state, {"op": "when_revealed"})
    state = _shuffled(play(state, STARK, {"kind": "none"}))  # nothing shown: no reveal
    assert not use_move(state, LANNISTER, "grand-maester-pycelle")
    state = play(state, LANNISTER, {"kind": "take", "card": "lannisport"})
    assert use_move(state, LANNISTER, "grand-maester-pycelle")


def test_pycelle_does_not_answer_a_search_under_his_own_players_building_season():
    state = blank(phase="plot", first=STARK)
    _pycelle(state)
    state["players"][STARK]["deck"] = ["great-keep"]
    set_plot(state, LANNISTER, "building-season")  # Lannister's own effect
    state = start(state, {"op": "when_revealed"})
    state = _shuffled(play(state, LANNISTER, {"kind": "none"}))
    state = play(state, STARK, {"kind": "take", "card": "great-keep"})
    assert not use_move(state, LANNISTER, "grand-maester-pycelle")


def test_the_plot_phase_reveal_opens_no_reveal_for_pycelle():
    state = blank(phase="plot", first=STARK)
    _pycelle(state)
    for seat, plot in ((STARK, "blockade"), (LANNISTER, "the-power-of-blood")):
        state["players"][seat]["plots"] = [plot]
        state["players"][seat]["choice"] = plot
    state = start(state, {"op": "reveal_plots"})
    assert state["triggers"] == []
