"""``python -m bench.melee`` (the Thrones melee balance figure) runs and reports every seat,
House and bot. A run of 8 games is far too small for a rate: no test here asserts one."""

from __future__ import annotations

from bench.melee import melee_balance, seating


def test_seat_rotation_puts_every_house_and_bot_on_every_seat_equally_often():
    seatings = [seating(game, 4, ["stark", "lannister"], ["planner", "random"])
                for game in range(8)]
    for seat in range(4):
        assert sorted(s.houses[seat] for s in seatings) == ["lannister"] * 4 + ["stark"] * 4
        assert sorted(s.bots[seat] for s in seatings) == ["planner"] * 4 + ["random"] * 4
    pairs = {(s.houses[seat], s.bots[seat]) for s in seatings for seat in range(4)}
    assert len(pairs) == 4  # each House is played by each bot


def test_a_small_run_reports_every_seat_house_and_bot():
    lines: list[str] = []
    figures = melee_balance(8, lines.append, bots=["planner", "random"], label="test", jobs=1)
    assert all(figures.seats.games[seat] == 8 for seat in range(4))
    assert sum(figures.seats.wins.values()) + figures.no_winner >= 8
    text = "\n".join(lines)
    for name in ("seat 0:", "seat 1:", "seat 2:", "seat 3:", "stark:", "lannister:",
                 "planner:", "random:", "stark/planner:", "lannister/random:", "95%"):
        assert name in text
