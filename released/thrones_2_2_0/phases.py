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
from .frames import push, push_window
from .hooks import at_marshalling_start, at_phase_start, at_standing_start, rules_of
from .infamy import offer_infamy
from .melee import new_round, reveals
from .state import (
    InitiativeResult,
    State,
    clockwise,
    draw,
    gain_power,
    in_order,
    lcg,
    melee,
    note,
    player,
    seats,
    take_gold,
    total_power,
)
from .stats import dominance_count, income, keywords, revealed, strength
from .titles import draw_extra

PHASES = ("plot", "draw", "marshalling", "challenges", "dominance", "standing", "taxation")


def shadows_frames(st: State, phase: str) -> list[dict[str, Any]]:
    """The Shadows step opening ``phase`` (``lcg`` only)."""
    return [{"op": "shadows", "phase": phase}] if lcg(st) else []


def run_round(st: State, frame: dict[str, Any]) -> bool:
    st["pending"].pop()
    st["round"] += 1
    for p in st["players"]:
        p["limited"] = False
        p["challenges"] = []
    st["lasting"] = [e for e in st["lasting"] if e["until"] != "round"]
    st["limits"] = {}
    new_round(st)
    if lcg(st):
        for p in st["players"]:
            p["drawn"] = 0  # the draw cap counts each round afresh (GOT-R-26)
    push(st, *rest_of_round(st, PHASES[0]))
    return GO


def rest_of_round(st: State, phase: str) -> list[dict[str, Any]]:
    """The frames of this round from the beginning of ``phase`` on, then the next round."""
    return [*(frame for later in PHASES[PHASES.index(phase):]
              for frame in (*shadows_frames(st, later), {"op": later})), {"op": "round"}]


def begin(st: State, phase: str) -> None:
    if st.get("begun") == phase:  # the Shadows step has begun it already (lcg)
        del st["begun"]
        return
    st["phase"] = phase
    note(st, -1, f"{phase} phase of round {st['round']}")
    at_phase_start(st, phase)  # agendas: never in play, so no window (§6.4)


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
         {"op": "when_revealed"}, *([{"op": "titles"}] if melee(st) else []),
         dict(END, op="plot_window"), END)
    return GO


def run_plot_window(st: State, frame: dict[str, Any]) -> bool:
    st["pending"].pop()
    push_window(st)
    return GO


def reveal_plots(st: State, frame: dict[str, Any]) -> bool:
    """Reveal every plot chosen, the last one to the used pile; a deck emptied takes its
    used pile back, the plot just revealed staying out (plot rotation, GOT-EX-17)."""
    st["pending"].pop()
    for seat in seats(st):
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


def initiative_values(st: State) -> list[int]:
    """Each seat's initiative, by seat: its revealed plot's (§3.1)."""
    return [CARDS[player(st, s)["revealed"] or ""].initiative or 0 for s in seats(st)]


def initiative_order(st: State) -> list[int]:
    """Seats with the highest initiative; among them those with the least power (§3.1; in
    melee the same among every seat tied, GOT-R-38)."""
    values = initiative_values(st)
    best = [s for s in seats(st) if values[s] == max(values)]
    powers = {s: total_power(st, s) for s in best}
    return [s for s in best if powers[s] == min(powers.values())]


def run_initiative(st: State, frame: dict[str, Any]) -> bool:
    """Initiative: the winner chooses the first player (D5). A tie after power is a public
    pick (``chance`` below)."""
    if "winner" not in frame:
        tied = initiative_order(st)
        if len(tied) > 1:
            return WAIT  # a chance step: flow.CHANCES["initiative"]
        _won_initiative(st, frame, tied[0], drawn=False)
        note(st, tied[0], "won initiative")
    return WAIT


def initiative_spec(st: State, frame: dict[str, Any]) -> dict[str, Any] | None:
    if "winner" in frame:
        return None
    return {"kind": "pick", "n": len(initiative_order(st)), "k": 1, "public": True,
            "what": "initiative"}


def initiative_drawn(st: State, frame: dict[str, Any], outcome: Any) -> None:
    winner = initiative_order(st)[outcome[0]]  # one of the seats tied (GOT-R-38)
    _won_initiative(st, frame, winner, drawn=True)
    note(st, winner, "won initiative (drawn: initiative and power were equal)")


def _won_initiative(st: State, frame: dict[str, Any], winner: int, drawn: bool) -> None:
    """The frame asks the winner for the first player; the state keeps the result after the
    choice, so that a later position still shows it (issue 26, item 4)."""
    frame["winner"] = winner
    result: InitiativeResult = {"round": st["round"], "initiative": initiative_values(st),
                                "winner": winner, "drawn": drawn}
    st["last_initiative"] = result


def ask_first_player(st: State, frame: dict[str, Any]) -> Prompt:
    seat = frame["winner"]
    moves = [{"kind": "first_player", "seat": s} for s in clockwise(st, seat)]
    return Prompt(seat, "first_player", "You won initiative: choose the first player", moves)


def answer_first_player(st: State, frame: dict[str, Any], move: dict[str, Any]) -> None:
    st["pending"].pop()
    st["first"] = move["seat"]
    note(st, move["seat"], "will be first player this round")


def run_when_revealed(st: State, frame: dict[str, Any]) -> bool:
    """"When revealed" abilities: with several plots' abilities pending, the first player
    chooses which resolves first, then next (D6, KO 「공개된 카드 모두가 "공개될 때" 능력을
    가지고 있다면 시작 플레이어가 어떤 순서로 해결할 것인지를 정합니다」); with one, it simply
    resolves."""
    left = _unordered(st, frame)
    if len(left) > 1:
        return WAIT  # ask_reveal_order
    st["pending"].pop()
    order = frame.get("ordered", []) + left
    # The reveal's framework window: its response step, then its end (§4.2 steps 5 and 6:
    # Joffrey may answer a Lord killed by Valar Morghulis; the dead then leave play).
    push_window(st, "response")
    for seat in reversed(order):
        st["pending"].append({"op": "call", "fn": "when_revealed", "seat": seat})
    return GO


def _unordered(st: State, frame: dict[str, Any]) -> list[int]:
    """Seats whose plot says "when revealed", not yet put in order by the first player."""
    return [s for s in in_order(st) if s not in frame.get("ordered", [])
            and reveals(st, player(st, s)["revealed"] or "")]


def ask_reveal_order(st: State, frame: dict[str, Any]) -> Prompt:
    seat = st["first"]
    left = _unordered(st, frame)
    plots = ", ".join(("yours" if s == seat else f"Seat {s}'s") + ", "
                      + CARDS[player(st, s)["revealed"] or ""].name for s in left)
    moves = [{"kind": "reveal_order", "first": s} for s in left]
    if len(st["players"]) == 2:
        mine, theirs = (CARDS[player(st, s)["revealed"] or ""].name for s in left)
        text = (f"Both plots say \"when revealed\": choose which resolves first ("
                f"yours, {mine}, or the opponent's, {theirs})")
    else:
        text = f"Several plots say \"when revealed\": choose which resolves next ({plots})"
    return Prompt(seat, "reveal_order", text, moves)


def answer_reveal_order(st: State, frame: dict[str, Any], move: dict[str, Any]) -> None:
    frame.setdefault("ordered", []).append(move["first"])
    note(st, st["first"], "chose whose \"when revealed\" resolves first" if len(
        frame["ordered"]) == 1 else "chose whose \"when revealed\" resolves next",
         [player(st, move["first"])["revealed"] or ""])


def run_draw(st: State, frame: dict[str, Any]) -> bool:
    """Each player draws 2 (mandatory; fewer if the deck is short, GOT-R-5)."""
    st["pending"].pop()
    begin(st, "draw")
    for seat in in_order(st):
        draw(st, seat, 2)
        draw_extra(st, seat)  # Master of Laws (melee)
    push(st, {"op": "plot_window"}, END)
    return GO


def run_marshalling(st: State, frame: dict[str, Any]) -> bool:
    st["pending"].pop()
    begin(st, "marshalling")
    at_marshalling_start(st)  # Tywin: "at the start of the marshalling phase"
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
    """Forced start-of-phase passives (The Hound, Knight of Flowers), the first player's
    first, then the award, before any window (GOT-EX-4); a tie gives nobody anything."""
    st["pending"].pop()
    begin(st, "dominance")
    push(st, {"op": "award_dominance"}, {"op": "plot_window"}, END)
    order = in_order(st)  # forced passives at one moment: in player order (§4.1)
    for rec in reversed(sorted(st["play"], key=lambda c: order.index(c["controller"]))):
        start = rules_of(rec["card"]).dominance_start
        if start is not None:
            st["pending"].append({"op": "call", "fn": "dominance_start", "uid": rec["uid"]})
    return GO


def award_dominance(st: State, frame: dict[str, Any]) -> bool:
    st["pending"].pop()
    """The one highest count wins; a tie for the highest gives nobody anything (with many
    players as with two: §2.4, "the round is the same")."""
    counts = [dominance_count(st, s) for s in seats(st)]
    top = [s for s in seats(st) if counts[s] == max(counts)]
    words = " to ".join(str(c) for c in counts)
    if len(top) > 1:
        note(st, -1, f"nobody won dominance ({words})")
        return GO
    winner = top[0]
    rest = ", ".join(str(counts[s]) for s in seats(st) if s != winner)
    note(st, winner, f"won dominance ({counts[winner]} to {rest}) and gained 1 power")
    gained = gain_power(st, winner, 1)
    rider = rules_of(player(st, winner)["revealed"] or "").on_dominance
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
    at_standing_start(st)  # Snowed Under
    return GO


def run_stand_all(st: State, frame: dict[str, Any]) -> bool:
    st["pending"].pop()
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
    for seat in seats(st):
        p = player(st, seat)
        if p["revealed"] == "planning-ahead" or not p["gold"]:
            continue
        note(st, seat, f"returned {p['gold']} unspent gold")
        st["pool"]["gold"] += p["gold"]
        p["gold"] = 0
    push(st, {"op": "plot_window"}, END)
    return GO
