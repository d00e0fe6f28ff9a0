"""The game as a state machine: ``setup``, ``run`` (advance until a question, a draw or the
end) and ``next_step``. Every pending piece of work is a frame on the kernel's stack
(``st["pending"]``); ``OPS`` maps each frame op to how it runs and, for one seat's question,
its prompt and answer. Two more kinds of frame: ``CHANCES`` (the frame waits for a random
outcome: its spec, and how the outcome applies) and ``SIMUL`` (every seat is asked at once,
their answers hidden from each other).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from domain.kernel import BadOptions, Chance, Decision, Over, Prompt, Step, validate_options
from domain.kernel.stack import GO, WAIT, Op, pending_prompt, run_pending

from . import challenges as ch
from . import draft as dr
from . import phases as ph
from . import resolution as rs
from . import setup_decks as decks_su
from . import setup_flow as su
from . import titles as tl
from . import undefended as ud
from .effects import OPS as CARD_OPS
from .effects import TABLE, rules_of
from .hooks import install
from .infamy import answer_infamy, ask_infamy, run_infamy
from .info import MAX_SEATS, OPTIONS
from .keywords import answer_keyword_stand, ask_keyword_stand, run_keyword_stand
from .searches import answer_search, ask_search, run_search
from .setup_lcg import (
    answer_mulligan_in_turn,
    answer_setup_attach,
    ask_mulligan_in_turn,
    ask_setup_attach,
    run_mulligan_in_turn,
    run_setup_attach,
)
from .shadows import answer_shadows, ask_shadows, run_shadows
from .state import TOKENS, State, find
from .windows import answer_window, ask_window, run_window
from .zones import random_discard_spec, random_discarded, run_kill

Frame = dict[str, Any]

# The engine reaches the cards only through its hook points (hooks.py): hand it the one card
# mapping before any game runs; the package imports this module first.
install(TABLE)


@dataclass(frozen=True)
class ChanceOp:
    spec: Callable[[State, Frame], dict[str, Any] | None]
    apply: Callable[[State, Frame, Any], None]


@dataclass(frozen=True)
class SimulOp:
    prompt: Callable[[State, Frame, int], Prompt]
    answer: Callable[[State, Frame, int, dict[str, Any]], None]


def run_call(st: State, frame: Frame) -> bool:
    """A card's passive that runs in its turn on the stack (when revealed, phase start)."""
    st["pending"].pop()
    if frame["fn"] == "when_revealed":
        plot = st["players"][frame["seat"]]["revealed"]
        effect = rules_of(plot).when_revealed
        if effect is not None:
            effect(st, frame["seat"])
    elif find(st, frame["uid"]) is not None:
        rec = find(st, frame["uid"])
        assert rec is not None
        start = rules_of(rec["card"]).dominance_start
        if start is not None:
            start(st, frame["uid"])
    return GO


OPS: dict[str, Op[State]] = {
    "round": Op(ph.run_round),
    "plot": Op(ph.run_plot),
    "plot_window": Op(ph.run_plot_window),
    "reveal_plots": Op(ph.reveal_plots),
    "initiative": Op(ph.run_initiative, ph.ask_first_player, ph.answer_first_player),
    "when_revealed": Op(ph.run_when_revealed, ph.ask_reveal_order, ph.answer_reveal_order),
    "draw": Op(ph.run_draw),
    "marshalling": Op(ph.run_marshalling),
    "marshal_turn": Op(ph.run_marshal_turn),
    "challenges": Op(ch.run_challenges),
    "challenge_turn": Op(ch.run_challenge_turn, ch.ask_declare, ch.answer_declare),
    "attackers": Op(ch.run_attackers, ch.ask_attackers, ch.answer_attackers),
    "stealth": Op(ch.run_stealth, ch.ask_stealth, ch.answer_stealth),
    "defenders": Op(ch.run_defenders, ch.ask_defenders, ch.answer_defenders),
    "resolve_challenge": Op(rs.run_resolve),
    "claim": Op(rs.run_claim),
    "military_claim": Op(rs.run_military_claim, rs.ask_military_claim,
                         rs.answer_military_claim),
    "random_discard": Op(su.wait),
    "unopposed": Op(rs.run_unopposed),
    "renown": Op(rs.run_renown),
    "deadly": Op(rs.run_deadly, rs.ask_deadly, rs.answer_deadly),
    "after_win": Op(rs.run_after_win),
    "keyword_stand": Op(run_keyword_stand, ask_keyword_stand, answer_keyword_stand),
    "challenge_triggers": Op(rs.run_challenge_triggers),
    "end_challenge": Op(rs.run_end_challenge),
    "dominance": Op(ph.run_dominance),
    "award_dominance": Op(ph.award_dominance),
    "standing": Op(ph.run_standing),
    "stand_all": Op(ph.run_stand_all),
    "taxation": Op(ph.run_taxation),
    "end_phase": Op(ph.end_phase),
    "window": Op(run_window, ask_window, answer_window),
    "kill": Op(run_kill),
    "call": Op(run_call),
    "houses": Op(su.wait),
    "setup_first": Op(su.wait),
    "shuffle": Op(su.wait),
    "deal": Op(su.run_deal),
    "redraw": Op(su.run_redraw),
    "mulligan": Op(su.wait),
    "place": Op(su.wait),
    "reveal_setup": Op(su.run_reveal_setup),
    "choose_plots": Op(su.run_choose_plots),
    "search": Op(run_search, ask_search, answer_search),
    "draft_shuffle": Op(su.wait),
    "draft_round": Op(dr.run_round),
    "draft_keep": Op(su.wait),
    "draft_final": Op(dr.run_final),
    "infamy": Op(run_infamy, ask_infamy, answer_infamy),
    "shadows": Op(run_shadows, ask_shadows, answer_shadows),
    "setup_attach": Op(run_setup_attach, ask_setup_attach, answer_setup_attach),
    "mulligan_in_turn": Op(run_mulligan_in_turn, ask_mulligan_in_turn,
                           answer_mulligan_in_turn),
    # melee (titles.py, undefended.py)
    "titles": Op(tl.run_titles, tl.ask_title, tl.answer_title),
    "title_rewards": Op(tl.run_title_rewards),
    "regent": Op(ud.run_regent, ud.ask_regent, ud.answer_regent),
    "undefended": Op(ud.run_undefended, ud.ask_undefended, ud.answer_undefended),
}

CHANCES: dict[str, ChanceOp] = {
    "houses": ChanceOp(su.houses_spec, su.houses_drawn),
    "setup_first": ChanceOp(decks_su.setup_first_spec, decks_su.setup_first_drawn),
    "shuffle": ChanceOp(su.shuffle_spec, su.shuffled),
    "initiative": ChanceOp(ph.initiative_spec, ph.initiative_drawn),
    "random_discard": ChanceOp(random_discard_spec, random_discarded),
    "draft_shuffle": ChanceOp(dr.shuffle_spec, dr.shuffled),
}

SIMUL: dict[str, SimulOp] = {
    "mulligan": SimulOp(su.ask_mulligan, su.answer_mulligan),
    "place": SimulOp(su.ask_place, su.answer_place),
    "choose_plots": SimulOp(su.ask_plot, su.answer_plot),
    "draft_keep": SimulOp(dr.ask_keep, dr.answer_keep),
    "draft_final": SimulOp(dr.ask_final, dr.answer_final),
}


def ops() -> Mapping[str, Op[State]]:
    return {**OPS, **CARD_OPS}


def run(st: State) -> None:
    """Advance until a question, a random draw or the end."""
    def halted() -> bool:
        return st["result"] is not None

    run_pending(st, st["pending"], ops(), halted)


def chance_spec(st: State) -> dict[str, Any] | None:
    if not st["pending"]:
        return None
    frame = st["pending"][-1]
    chance = CHANCES.get(frame["op"])
    return chance.spec(st, frame) if chance is not None else None


def next_step(st: State) -> Step:
    result = st["result"]
    if result is not None:
        return Over(scores=result["scores"], winners=result["winners"],
                    reason=result["reason"], details={"rounds": result["rounds"]})
    spec = chance_spec(st)
    if spec is not None:
        return Chance(spec)
    frame = st["pending"][-1]
    simul = SIMUL.get(frame["op"])
    if simul is not None:
        return Decision(tuple(simul.prompt(st, frame, s) for s in su.unanswered(st, frame)))
    return Decision((pending_prompt(st, st["pending"], ops()),))


def new_player() -> dict[str, Any]:
    return {"house": "", "deck": [], "hand": [], "discard": [], "dead": [], "plots": [],
            "used": [], "revealed": None, "choice": None, "gold": 0, "power": 0,
            "setup": [], "ready": False, "limited": False, "challenges": [], "agenda": None}


def max_seats(options: Mapping[str, Any]) -> int:
    """The box is for two; the full card game for 2 (joust) to 6 (melee, one title each:
    GOT-R-37)."""
    return MAX_SEATS if options["profile"] == "lcg" else 2


def setup(options: Mapping[str, Any], seats: int) -> State:
    opts = validate_options(OPTIONS, {k: v for k, v in options.items() if k != "decks"})
    if type(seats) is not int or not 2 <= seats <= max_seats(opts):
        raise BadOptions("The two-player box is for exactly 2 players; 3 to 6 play the full "
                         "card game (option profile: lcg)." if opts["profile"] == "box" else
                         f"The full card game takes 2 to {MAX_SEATS} players (GOT-R-37).")
    if opts["plot_draft"] and seats > 2:
        raise BadOptions("The plot draft is a two-player variant (§2.2): it passes plots "
                         "across the table between two players.")
    if "decks" in options:  # the players' own decks (lcg): one decklist or None a seat
        opts["decks"] = decks_su.checked_decks(opts, options["decks"], seats)
    st: State = {"options": opts, "round": 0, "phase": "setup", "first": None,
                 "players": [new_player() for _ in range(seats)], "play": [], "next_uid": 1,
                 "pool": dict(TOKENS), "lasting": [], "challenge": None, "triggers": [],
                 "last_challenge": None, "last_initiative": None,
                 "saved": [], "reducers": [], "limits": {}, "claim_bonus": [], "tolls": [],
                 "pending": [],
                 "result": None, "notes": []}
    st["draft"] = None
    if opts["profile"] == "lcg":
        if opts["houses"] == "random" or opts["plot_draft"]:
            raise BadOptions("In the lcg profile each deck brings its House and its plots: "
                             "options houses and plot_draft are for the box.")
        st["pending"].append({"op": "setup_first"})  # §2.3 steps 1-2 (setup_decks.py)
    elif opts["houses"] == "random":
        st["pending"].append({"op": "houses"})
    else:
        su.assign_houses(st, 0)
    run(st)
    return st


__all__ = ["GO", "WAIT", "next_step", "run", "setup"]
