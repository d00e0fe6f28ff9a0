"""The round (§3): its seven phases as frames on the kernel's stack, the first on top.

``round`` pushes the phases of one round and the next ``round`` beneath them; each phase
frame does its framework steps and pushes its windows (§4.2's table), and ``phase_end`` lets
"until the end of the phase" effects expire.
"""

from __future__ import annotations

from typing import Any

from domain.kernel import Prompt
from domain.kernel.stack import GO, WAIT

from .cards import CARDS
from .infamy import offer_infamy
from .state import State, draw, gain_power, in_order, note, other, player, take_gold
from .stats import dominance_count, income
from .windows import push_window

PHASES = ("plot", "draw", "marshalling", "challenges", "dominance", "standing", "taxation")


def _rules_of(card_id: str) -> Any:
    from .effects import rules_of
    return rules_of(card_id)


def push(st: State, *frames: dict[str, Any]) -> None:
    """Push ``frames`` so that the first runs first."""
    st["pending"] += list(reversed(frames))


def run_round(st: State, frame: dict[str, Any]) -> bool:
    st["pending"].pop()
    st["round"] += 1
    for p in st["players"]:
        p["limited"] = False
        p["challenges"] = []
    st["lasting"] = [e for e in st["lasting"] if e["until"] != "round"]
    st["limits"] = {}
    push(st, *({"op": phase} for phase in PHASES), {"op": "round"})
    return GO


def begin(st: State, phase: str) -> None:
    st["phase"] = phase
    note(st, -1, f"{phase} phase of round {st['round']}")


def end_phase(st: State, frame: dict[str, Any]) -> bool:
    """"Until the end of the phase" effects expire (FAQ 2.6)."""
    st["pending"].pop()
    st["lasting"] = [e for e in st["lasting"] if e["until"] != "phase"]
    st["reducers"] = []
    st["tolls"] = []
    return GO


END = {"op": "end_phase"}


def run_plot(st: State, frame: dict[str, Any]) -> bool:
    st["pending"].pop()
    begin(st, "plot")
    push(st, {"op": "window", "mode": "action", "phase": "plot", "seat": in_order(st)[0],
              "passes": 0, "active": None},
         {"op": "choose_plots"}, {"op": "reveal_plots"}, {"op": "initiative"},
         {"op": "when_revealed"}, dict(END, op="plot_window"), END)
    return GO


def run_plot_window(st: State, frame: dict[str, Any]) -> bool:
    st["pending"].pop()
    push_window(st)
    return GO


def reveal_plots(st: State, frame: dict[str, Any]) -> bool:
    """Reveal both, the last one to the used pile; a deck emptied takes its used pile back,
    the plot just revealed staying out (plot rotation, GOT-EX-17)."""
    st["pending"].pop()
    for seat in (0, 1):
        chosen = player(st, seat)["choice"]
        assert chosen is not None
        player(st, seat)["choice"] = None
        reveal_plot(st, seat, chosen)
    return GO


def reveal_plot(st: State, seat: int, plot: str) -> None:
    """``plot`` from the plot deck becomes the revealed plot; the last one goes to the used
    pile; an emptied deck takes the used pile back (the new plot staying out)."""
    p = player(st, seat)
    if p["revealed"] is not None:
        p["used"].append(p["revealed"])
    p["plots"].remove(plot)
    p["revealed"] = plot
    if not p["plots"]:
        p["plots"], p["used"] = sorted(p["used"]), []
    note(st, seat, "revealed", [plot])
    # Golden Tooth Mines: "whenever you reveal a plot, you draw 1 card".
    for _ in (c for c in st["play"] if c["card"] == "golden-tooth-mines"
              and c["controller"] == seat):
        draw(st, seat, 1)


def initiative_order(st: State) -> list[int]:
    """Seats with the highest initiative; among them those with the least power (§3.1)."""
    from .state import total_power
    values = [CARDS[player(st, s)["revealed"] or ""].initiative or 0 for s in (0, 1)]
    best = [s for s in (0, 1) if values[s] == max(values)]
    powers = {s: total_power(st, s) for s in best}
    return [s for s in best if powers[s] == min(powers.values())]


def run_initiative(st: State, frame: dict[str, Any]) -> bool:
    """Initiative: the winner chooses the first player (D5). A tie after power is a public
    pick (``chance`` below)."""
    if "winner" not in frame:
        tied = initiative_order(st)
        if len(tied) > 1:
            return WAIT  # a chance step: flow.CHANCES["initiative"]
        frame["winner"] = tied[0]
        note(st, tied[0], "won initiative")
    return WAIT


def initiative_spec(st: State, frame: dict[str, Any]) -> dict[str, Any] | None:
    if "winner" in frame:
        return None
    return {"kind": "pick", "n": 2, "k": 1, "public": True, "what": "initiative"}


def initiative_drawn(st: State, frame: dict[str, Any], outcome: Any) -> None:
    frame["winner"] = outcome[0]
    note(st, outcome[0], "won initiative (drawn: initiative and power were equal)")


def ask_first_player(st: State, frame: dict[str, Any]) -> Prompt:
    seat = frame["winner"]
    moves = [{"kind": "first_player", "seat": seat}, {"kind": "first_player",
                                                       "seat": other(seat)}]
    return Prompt(seat, "first_player", "You won initiative: choose the first player", moves)


def answer_first_player(st: State, frame: dict[str, Any], move: dict[str, Any]) -> None:
    st["pending"].pop()
    st["first"] = move["seat"]
    note(st, move["seat"], "will be first player this round")


def run_when_revealed(st: State, frame: dict[str, Any]) -> bool:
    """"When revealed" abilities: with both plots' abilities pending, the first player chooses
    which resolves first (D6, KO 「공개된 카드 모두가 "공개될 때" 능력을 가지고 있다면 시작
    플레이어가 어떤 순서로 해결할 것인지를 정합니다」); with one, it simply resolves."""
    seats = [s for s in in_order(st)
             if _rules_of(player(st, s)["revealed"] or "").when_revealed is not None]
    if len(seats) == 2 and "order" not in frame:
        return WAIT  # ask_reveal_order
    st["pending"].pop()
    if "order" in frame:
        seats = [frame["order"], other(frame["order"])]
    # The reveal's framework window: its response step, then its end (§4.2 steps 5 and 6:
    # Joffrey may answer a Lord killed by Valar Morghulis; the dead then leave play).
    push_window(st, "response")
    for seat in reversed(seats):
        st["pending"].append({"op": "call", "fn": "when_revealed", "seat": seat})
    return GO


def ask_reveal_order(st: State, frame: dict[str, Any]) -> Prompt:
    seat = st["first"]
    plots = {s: CARDS[player(st, s)["revealed"] or ""].name for s in (0, 1)}
    moves = [{"kind": "reveal_order", "first": s} for s in (seat, other(seat))]
    return Prompt(seat, "reveal_order",
                  f"Both plots say \"when revealed\": choose which resolves first ("
                  f"yours, {plots[seat]}, or the opponent's, {plots[other(seat)]})", moves)


def answer_reveal_order(st: State, frame: dict[str, Any], move: dict[str, Any]) -> None:
    frame["order"] = move["first"]
    note(st, st["first"], "chose whose \"when revealed\" resolves first",
         [player(st, move["first"])["revealed"] or ""])


def run_draw(st: State, frame: dict[str, Any]) -> bool:
    """Each player draws 2 (mandatory; fewer if the deck is short, GOT-R-5)."""
    st["pending"].pop()
    begin(st, "draw")
    for seat in in_order(st):
        draw(st, seat, 2)
    push(st, {"op": "plot_window"}, END)
    return GO


def run_marshalling(st: State, frame: dict[str, Any]) -> bool:
    st["pending"].pop()
    begin(st, "marshalling")
    from .effects_lannister import tywin_collects
    tywin_collects(st)  # "at the start of the marshalling phase"
    push(st, *({"op": "marshal_turn", "seat": s} for s in in_order(st)), END)
    return GO


def run_marshal_turn(st: State, frame: dict[str, Any]) -> bool:
    """Income at the start of the turn (fixed then, GOT-EX-18), then the turn's window."""
    st["pending"].pop()
    seat = frame["seat"]
    gained = take_gold(st, seat, income(st, seat))
    note(st, seat, f"collected {gained} gold of income")
    push_window(st, "action", active=seat)
    return GO


def run_dominance(st: State, frame: dict[str, Any]) -> bool:
    """Forced start-of-phase passives, then the award, before any window (GOT-EX-4); a tie
    gives nobody anything."""
    st["pending"].pop()
    begin(st, "dominance")
    push(st, {"op": "award_dominance"}, {"op": "plot_window"}, END)
    for rec in reversed([c for c in st["play"]]):
        start = _rules_of(rec["card"]).dominance_start
        if start is not None:
            st["pending"].append({"op": "call", "fn": "dominance_start", "uid": rec["uid"]})
    return GO


def award_dominance(st: State, frame: dict[str, Any]) -> bool:
    st["pending"].pop()
    counts = [dominance_count(st, s) for s in (0, 1)]
    if counts[0] == counts[1]:
        note(st, -1, f"nobody won dominance ({counts[0]} to {counts[1]})")
        return GO
    winner = 0 if counts[0] > counts[1] else 1
    note(st, winner, f"won dominance ({counts[winner]} to {counts[other(winner)]}) and "
                     "gained 1 power")
    gained = gain_power(st, winner, 1)
    rider = _rules_of(player(st, winner)["revealed"] or "").on_dominance
    st["triggers"].append({"kind": "dominance", "seat": winner, "used": []})
    push_window(st, "response")
    offer_infamy(st, winner, gained)
    if rider is not None:
        rider(st, winner)
    return GO


def run_standing(st: State, frame: dict[str, Any]) -> bool:
    """Snowed Under first (at the start of the phase), then everything stands."""
    st["pending"].pop()
    begin(st, "standing")
    st["pending"].append({"op": "stand_all"})
    from .plots import snowed_under
    for seat in (0, 1):
        if player(st, seat)["revealed"] == "snowed-under":
            snowed_under(st, seat)
    return GO


def run_stand_all(st: State, frame: dict[str, Any]) -> bool:
    st["pending"].pop()
    from .stats import keywords, revealed, strength
    noose = bool(revealed(st, "noose-and-swordpoint"))
    for rec in st["play"]:
        # Cersei: "it stays knelt through this round's standing phase"; Noose and
        # Swordpoint: "any character whose STR is at most 2 stays knelt".
        held = "Stays knelt" in keywords(st, rec) or (
            noose and CARDS[rec["card"]].type == "character" and strength(st, rec) <= 2)
        if not held and rec["knelt"]:
            rec["knelt"] = False
            st["triggers"].append({"kind": "stood", "seat": rec["controller"],
                                   "uid": rec["uid"], "card": rec["card"], "used": []})
    note(st, -1, "every card stands")
    push(st, {"op": "plot_window"}, END)
    push_window(st, "response")  # first: Lannisport Brothel answers a card that stood
    return GO


def run_taxation(st: State, frame: dict[str, Any]) -> bool:
    """Unspent gold goes back to the token pool (Planning Ahead: not this round)."""
    st["pending"].pop()
    begin(st, "taxation")
    for seat in (0, 1):
        p = player(st, seat)
        if p["revealed"] == "planning-ahead" or not p["gold"]:
            continue
        note(st, seat, f"returned {p['gold']} unspent gold")
        st["pool"]["gold"] += p["gold"]
        p["gold"] = 0
    push(st, {"op": "plot_window"}, END)
    return GO
