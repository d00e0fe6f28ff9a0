"""Setup (§2.1): Houses, shuffles, the hand of 7, the simultaneous hidden mulligan
(GOT-R-2), the simultaneous hidden setup cards (one at a time, then done; revealed together,
no ability triggering, GOT-EX-1), and the refill to 7.

Simultaneous questions are frames whose every seat not yet ``ready`` is asked at once
(``flow.SIMUL``); the answers stay hidden from the other seat until the frame completes.
"""

from __future__ import annotations

from typing import Any

from domain.kernel import Prompt
from domain.kernel.stack import GO, WAIT

from .cards import BOX, CARDS
from .draft import final_unanswered, start_draft
from .entering import house_allows
from .frames import push
from .reducers import penalty
from .setup_lcg import (
    SETUP_GOLD,
    may_place,
    mulligan_frame,
    setup_attachments,
    setup_spent,
    shadow_places,
)
from .state import State, draw, enter_play, note, player, seats


def deck_of(house: str) -> list[str]:
    """The box's deck of the House (an ``lcg`` game deals its players' own decks, or the
    ready-made ones with the DATA versions of box-variant cards: ``setup_decks.py``)."""
    return sorted(cid for cid, n in BOX.decks[house] for _ in range(n))


def assign_houses(st: State, stark_seat: int) -> None:
    """The box (two seats): seat ``stark_seat`` plays Stark, the other Lannister. An ``lcg``
    game takes up its players' own decks instead (``setup_decks.py``, any number of seats)."""
    houses = ["stark", "lannister"] if stark_seat == 0 else ["lannister", "stark"]
    for seat, house in enumerate(houses):
        p = player(st, seat)
        p["house"] = house
        p["deck"] = deck_of(house)
        p["plots"] = sorted(BOX.plot_decks[house])
        note(st, seat, f"plays House {house.capitalize()}")
    push(st, *({"op": "shuffle", "seat": s} for s in seats(st)),
         {"op": "deal"}, mulligan_frame(st), {"op": "place"}, {"op": "reveal_setup"},
         {"op": "round"})
    if st["options"]["plot_draft"]:
        start_draft(st)  # the draft comes first (§2.2 step 1, before the decks' shuffle)


def houses_spec(st: State, frame: dict[str, Any]) -> dict[str, Any]:
    return {"kind": "roll", "faces": [0, 1], "public": True, "what": "the seat that plays Stark"}


def houses_drawn(st: State, frame: dict[str, Any], outcome: Any) -> None:
    st["pending"].pop()
    assign_houses(st, outcome)


def shuffle_spec(st: State, frame: dict[str, Any]) -> dict[str, Any]:
    return {"kind": "shuffle", "n": len(player(st, frame["seat"])["deck"]),
            "what": f"deck of seat {frame['seat']}"}


def shuffled(st: State, frame: dict[str, Any], outcome: Any) -> None:
    st["pending"].pop()
    p = player(st, frame["seat"])
    p["deck"] = [p["deck"][i] for i in outcome]
    note(st, frame["seat"], "shuffled their deck")


def wait(st: State, frame: dict[str, Any]) -> bool:
    return WAIT


def run_deal(st: State, frame: dict[str, Any]) -> bool:
    st["pending"].pop()
    for seat in seats(st):
        draw(st, seat, 7)
    return GO


# ---- the mulligan: keep or mulligan, every seat at once ----

def ask_mulligan(st: State, frame: dict[str, Any], seat: int) -> Prompt:
    return Prompt(seat, "mulligan", "Keep your 7 cards, or mulligan (shuffle them back and "
                  "draw 7 new ones, once)", [{"kind": "keep"}, {"kind": "mulligan"}])


def answer_mulligan(st: State, frame: dict[str, Any], seat: int, move: dict[str, Any]) -> None:
    frame.setdefault("answers", {})[str(seat)] = move["kind"]
    player(st, seat)["ready"] = True
    if len(frame["answers"]) < len(st["players"]):
        return
    st["pending"].pop()
    redo = []
    for s in seats(st):
        player(st, s)["ready"] = False
        if frame["answers"][str(s)] == "mulligan":
            p = player(st, s)
            p["deck"] += p["hand"]
            p["hand"] = []
            note(st, s, "took a mulligan")
            redo += [{"op": "shuffle", "seat": s}, {"op": "redraw", "seat": s}]
        else:
            note(st, s, "kept their hand")
    push(st, *redo)


def run_redraw(st: State, frame: dict[str, Any]) -> bool:
    st["pending"].pop()
    draw(st, frame["seat"], 7)
    return GO


# ---- setup cards: one at a time, then done ----

def setup_legal(st: State, seat: int) -> list[str]:
    """Cards of the hand that may join the face-down setup: characters and locations, 5 gold
    in all, one Limited card, one card of a unique name (§2.1 step 6)."""
    p = player(st, seat)
    spent = setup_spent(st, seat)
    limited = any("Limited" in CARDS[c].keywords for c in p["setup"])
    names = {CARDS[c].name for c in p["setup"]}
    return sorted({c for c in p["hand"] if may_place(st, seat, c)
                   and spent + (CARDS[c].cost or 0) + penalty(st, seat, c) <= SETUP_GOLD
                   and not (limited and "Limited" in CARDS[c].keywords)
                   and CARDS[c].name not in names and house_allows(st, seat, CARDS[c])})


def ask_place(st: State, frame: dict[str, Any], seat: int) -> Prompt:
    spent = setup_spent(st, seat)
    legal = setup_legal(st, seat)
    moves: list[dict[str, Any]] = [{"kind": "place", "card": c} for c in legal]
    # The Chambers' placement option: attached to the House card instead (hidden as well).
    moves += [{"kind": "place_on_house", "card": c} for c in legal
              if "Placement option" in CARDS[c].text]
    moves += shadow_places(st, seat)
    moves.append({"kind": "done"})
    return Prompt(seat, "setup", f"Place setup cards face down ({spent} of 5 gold used), "
                  "one at a time, then done", moves)


def answer_place(st: State, frame: dict[str, Any], seat: int, move: dict[str, Any]) -> None:
    p = player(st, seat)
    if move["kind"] == "place_shadow":
        p["hand"].remove(move["card"])
        p.setdefault("setup_shadows", []).append(move["card"])
        return
    if move["kind"] in ("place", "place_on_house"):
        p["hand"].remove(move["card"])
        p["setup"].append(move["card"])
        if move["kind"] == "place_on_house":
            frame.setdefault("on_house", []).append(move["card"])
        return
    p["ready"] = True
    if all(player(st, s)["ready"] for s in seats(st)):
        st["pending"].pop()
        st["pending"][-1]["on_house"] = frame.get("on_house", [])  # for reveal_setup
        for s in seats(st):
            player(st, s)["ready"] = False


def run_reveal_setup(st: State, frame: dict[str, Any]) -> bool:
    """Every seat reveals at once; no ability triggers (placing is not playing); refill to 7."""
    st["pending"].pop()
    on_house = list(frame.get("on_house", []))
    attaching = setup_attachments(st)  # attached after the reveal, in player order
    for seat in seats(st):
        p = player(st, seat)
        if p.get("setup_shadows"):
            p["shadows"] = p.get("shadows", []) + p.pop("setup_shadows")
            note(st, seat, "put into Shadows", p["shadows"], secret=True)
        for card_id in p["setup"]:
            house = card_id in on_house  # the Chambers are unique: one copy a seat at most
            enter_play(st, seat, card_id, "house" if house else None)
        note(st, seat, "revealed setup cards", p["setup"])
        p["setup"] = []
        draw(st, seat, 7 - len(p["hand"]))
    if attaching:
        st["pending"].append({"op": "setup_attach", "left": attaching})
    return GO


# ---- plots: every seat chooses at once ----

def ask_plot(st: State, frame: dict[str, Any], seat: int) -> Prompt:
    moves = [{"kind": "plot", "card": c} for c in sorted(set(player(st, seat)["plots"]))]
    return Prompt(seat, "plot", "Choose your plot for this round (revealed together)", moves)


def answer_plot(st: State, frame: dict[str, Any], seat: int, move: dict[str, Any]) -> None:
    player(st, seat)["choice"] = move["card"]
    if all(player(st, s)["choice"] is not None for s in seats(st)):
        st["pending"].pop()


def run_choose_plots(st: State, frame: dict[str, Any]) -> bool:
    """A plot deck of one card leaves no choice: it is chosen without asking (public)."""
    for seat in seats(st):
        p = player(st, seat)
        if p["choice"] is None and len(set(p["plots"])) == 1:
            p["choice"] = p["plots"][0]
    if all(player(st, s)["choice"] is not None for s in seats(st)):
        st["pending"].pop()
        return GO
    return WAIT


def unanswered(st: State, frame: dict[str, Any]) -> list[int]:
    if frame["op"] == "draft_final":
        return final_unanswered(st, frame)
    if frame["op"] == "draft_keep":
        return [s for s in seats(st) if not st["draft"]["done"][s]]
    if frame["op"] == "choose_plots":
        return [s for s in seats(st) if player(st, s)["choice"] is None]
    if frame["op"] == "mulligan":
        return [s for s in seats(st) if str(s) not in frame.get("answers", {})]
    return [s for s in seats(st) if not player(st, s)["ready"]]


__all__ = ["GO"]
