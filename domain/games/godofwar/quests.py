"""Between scenes (§4.16, GOW-R-38..41): a quest's completion (the scene removed, wounds,
status cards, rage, revealed upgrades and hand-limit tokens cleared, every player's cards
reshuffled), the choice of the next quest or the final boss, its setup and the hindrances of
the cards not chosen, and tile placement before its first round.
"""

from __future__ import annotations

from domain.kernel import Move, Prompt
from domain.kernel.stack import GO, WAIT, pop, push

from .cards import STATUS, distinct, number_value
from .content import CONTENT
from .flow import start_scene
from .scene import push_effects
from .state import HAND_LIMIT, Frame, State


def run_quest_won(st: State, frame: Frame) -> bool:
    """GOW-R-38: the round ends at once; GOW-R-39: status and crystal cards leave every zone."""
    pop(st)
    st["scene"] = {}
    st["campaign"]["current"] = None
    st["quests_won"] += 1
    st["rounds_played"] += 1
    st["boxed"] += st["revealed"]  # nobody gets them (§4.16 step 5)
    st["revealed"] = []
    st["bonuses"] = {}
    st["used_points"] = []
    st["companions_used"] = []
    st["carrier"], st["mimir_column"] = None, None
    for hero in st["heroes"].values():
        hero.update({"wounds": 0, "knocked_out": False, "column": None, "back": False,
                     "rage": None if hero["rage"] is None else 0})
    frames: list[Frame] = []
    for seat, player in enumerate(st["players"]):
        cards = player["hand"] + player["deck"] + player["discard"]
        for status in STATUS:
            st["supply"][status] += cards.count(status)
        player.update({"hand": [], "discard": [], "hand_limit": HAND_LIMIT,
                       "deck": [c for c in cards if c not in STATUS]})
        frames.append({"op": "shuffle_in", "seat": seat, "card": None, "n": 0})
    push(st, *frames, {"op": "next_scene"})
    return GO


def choices(st: State) -> list[str]:
    """After the first quest: the two top quests; after the second: the three bosses."""
    if st["quests_won"] == 1:
        return st["campaign"]["quests"][1:3]
    return list(st["campaign"]["bosses"])


def run_next_scene(st: State, frame: Frame) -> bool:
    if "choice" not in frame:
        return WAIT
    pop(st)
    chosen = frame["choice"]
    start_scene(st, chosen)
    others = [c for c in choices_before(st, chosen) if c != chosen]
    push(st, {"op": "place"})
    for other in others:  # GOW-R-40, GOW-R-41: the cards not chosen flip to their hindrance
        card = CONTENT.quests.get(other) or CONTENT.bosses[other]
        push_effects(st, card.hindrance.effects, {"seat": st["first_player"], "hero": None})
    return GO


def choices_before(st: State, chosen: str) -> list[str]:
    if chosen in CONTENT.bosses:
        return list(st["campaign"]["bosses"])
    return st["campaign"]["quests"][1:3]


def next_scene_prompt(st: State, frame: Frame) -> Prompt:
    """CH-QUEST, CH-BOSS: the team chooses; the first player decides (p.10's tie-break)."""
    seat = st["first_player"]
    assert seat is not None
    boss = st["quests_won"] == 2
    text = "Choose the final boss" if boss else "Choose the second quest"
    return Prompt(seat, "boss" if boss else "quest", text,
                  [{"kind": "boss" if boss else "quest", "id": c} for c in choices(st)])


def next_scene_answer(st: State, frame: Frame, move: Move) -> None:
    frame["choice"] = move["id"]


def run_place(st: State, frame: Frame) -> bool:
    """Each new scene starts with tile placement as at setup (§4.16), then a new round."""
    pop(st)
    first = st["first_player"]
    assert first is not None
    space = {h["seat"] for t, h in st["heroes"].items() if t != "mimir"}
    st["placing"] = [(first + i) % st["seats"] for i in range(st["seats"])
                     if (first + i) % st["seats"] in space]
    st["stage"] = "place"
    st["round"] = 0
    return GO


def run_remove_highest(st: State, frame: Frame) -> bool:
    """Helheim (GOW-R-40): the highest-value number card leaves the deck for good; a tie
    between different cards is the owner's choice; no number card, nothing."""
    options = _highest(st, frame["seat"])
    if len(options) > 1 and "choice" not in frame:
        return WAIT
    pop(st)
    card = frame.get("choice") or (options[0] if options else None)
    if card is not None:
        player = st["players"][frame["seat"]]
        zone = player["deck"] if card in player["deck"] else player["discard"]
        zone.remove(card)
        st["boxed"].append(card)
    return GO


def _highest(st: State, seat: int) -> list[str]:
    player = st["players"][seat]
    cards = distinct(player["deck"] + player["discard"])
    values = {c: number_value(c) for c in cards if number_value(c) is not None}
    if not values:
        return []
    top = max(v or 0 for v in values.values())
    return [c for c, v in values.items() if (v or 0) == top]


def highest_prompt(st: State, frame: Frame) -> Prompt:
    return Prompt(frame["seat"], "remove-card", "Helheim: remove your highest number card",
                  [{"kind": "remove", "card": c} for c in _highest(st, frame["seat"])])


def highest_answer(st: State, frame: Frame, move: Move) -> None:
    frame["choice"] = move["card"]
