"""The round (digest §3): Mimir's carrier, preparation, each player's hero and scene
activations, the extra scene activation, the upgrade phase; and the end checks after every
step (§4.16, §4.17): a quest won, a boss beaten, the party lost.
"""

from __future__ import annotations

from domain.kernel import Move, Prompt, shuffle_spec
from domain.kernel.stack import GO, WAIT, pop, push

from .cards import STATUS, distinct
from .content import CONTENT, Effect, for_party
from .enemies import resolving
from .engine import fighting_tiles, living_enemy, seat_order, tiles_of
from .state import Frame, State
from .turn import active_tiles

# ---- the round's frames ----


def start_round(st: State) -> None:
    """Push the whole round; each frame checks, when it runs, whom it concerns."""
    first = st["first_player"]
    assert first is not None
    frames: list[Frame] = [{"op": "carrier"}, {"op": "prepare"}]
    frames += [{"op": "turn", "seat": s} for s in seat_order(st, first)]
    frames += [{"op": "scene", "seat": first, "extra": True, "rune": None, "index": 0,
                "reward_from": list(st["heroes"])},
               {"op": "upgrade", "stage": "discard", "queue": [], "taken": []},
               {"op": "end_round"}]
    st["revealed"] = []
    push(st, *frames)


def run_carrier(st: State, frame: Frame) -> bool:
    """GOW-R-14: at the start of each round Mimir's player picks a standing hero to ride."""
    if "mimir" not in st["heroes"] or st["heroes"]["mimir"]["knocked_out"] or \
            "choice" in frame or not fighting_tiles(st):
        if "choice" in frame:
            st["carrier"], st["mimir_column"] = frame["choice"], None
        pop(st)
        return GO
    return WAIT


def carrier_prompt(st: State, frame: Frame) -> Prompt:
    seat = st["heroes"]["mimir"]["seat"]
    return Prompt(seat, "carrier", "Choose Mimir's carrier for this round",
                  [{"kind": "carrier", "tile": t} for t in fighting_tiles(st)])


def carrier_answer(st: State, frame: Frame, move: Move) -> None:
    frame["choice"] = move["tile"]


def run_prepare(st: State, frame: Frame) -> bool:
    """§3.1: every player with a hero not knocked out draws up to the hand limit."""
    pop(st)
    draws: list[Frame] = []
    for seat, player in enumerate(st["players"]):
        if any(not st["heroes"][t]["knocked_out"] for t in tiles_of(st, seat)):
            wanted = player["hand_limit"] - len(player["hand"])
            if wanted > 0:
                draws.append({"op": "draw", "seat": seat, "n": wanted})
    push(st, *draws)
    return GO


def run_turn(st: State, frame: Frame) -> bool:
    """§3.2: the hero activation (skipped for a knocked-out hero and for Mimir), then the
    player's scene activation (even knocked out, and for Mimir)."""
    pop(st)
    seat = frame["seat"]
    scene = {"op": "scene", "seat": seat, "extra": False, "rune": None, "index": 0,
             "reward_from": tiles_of(st, seat)}
    acts = [{"op": "act", "seat": seat, "moved": []}] if active_tiles(st, seat) else []
    push(st, *acts, scene)
    return GO


def run_end_round(st: State, frame: Frame) -> bool:
    """§3.4 step 5: the first-player token passes clockwise."""
    pop(st)
    assert st["first_player"] is not None
    st["first_player"] = (st["first_player"] + 1) % st["seats"]
    st["round"] += 1
    st["rounds_played"] += 1
    return GO


# ---- the upgrade phase ----


def run_upgrade(st: State, frame: Frame) -> bool:
    """§3.4: hands discarded; each player in turn from the first takes a revealed card onto
    their deck, removes a card of their discard pile from the game, or passes (GOW-R-35); the
    cards nobody took are shuffled under the upgrade deck."""
    if frame["stage"] == "discard":
        for player in st["players"]:
            player["discard"] += player["hand"]
            player["hand"] = []
        assert st["first_player"] is not None
        frame["queue"] = seat_order(st, st["first_player"])
        frame["stage"] = "pick"
    if frame["stage"] == "pick" and frame["queue"]:
        return WAIT
    if frame["stage"] == "pick":
        frame["stage"] = "under"
        if len(st["revealed"]) > 1:
            frame["spec"] = shuffle_spec(len(st["revealed"]), what="untaken upgrades")
            return WAIT
    order = frame.pop("outcome", list(range(len(st["revealed"]))))
    st["upgrade_deck"][:0] = [st["revealed"][i] for i in order]
    st["revealed"] = []
    pop(st)
    return GO


def upgrade_prompt(st: State, frame: Frame) -> Prompt:
    seat = frame["queue"][0]
    moves: list[Move] = [{"kind": "take", "card": c} for c in distinct(st["revealed"])]
    moves += [{"kind": "remove", "card": c} for c in distinct(st["players"][seat]["discard"])]
    moves.append({"kind": "pass"})
    return Prompt(seat, "upgrade", "Take a revealed upgrade, remove a card, or pass", moves)


def upgrade_answer(st: State, frame: Frame, move: Move) -> None:
    seat = frame["queue"].pop(0)
    player = st["players"][seat]
    if move["kind"] == "take":
        st["revealed"].remove(move["card"])
        player["deck"].append(move["card"])  # on top: the next draw (GOW-EX-7)
    elif move["kind"] == "remove":
        player["discard"].remove(move["card"])
        _to_box_or_supply(st, move["card"])


def _to_box_or_supply(st: State, card: str) -> None:
    if card in STATUS:
        st["supply"][card] += 1
    else:
        st["boxed"].append(card)


# ---- the end checks (after every step, GOW-R-42) ----


def holds(st: State, condition: Effect) -> bool:
    p = condition.params
    kind = condition.kind
    if kind == "all_enemies_dead":
        return not any(living_enemy(st, c) for c in st["scene"])
    if kind == "rounds_at_least":
        return bool(st["round"] >= p["count"])
    if kind == "box_fired":
        return [p["card"], p["side"], p["box"]] in st["fired"]
    card = st["scene"].get(p["card"])
    if card is None:
        return False
    if kind == "storage_at_least":
        return bool(card["storage"] >= for_party(p["count"], p.get("count_per_hero", 0),
                                                 st["seats"]))
    if kind == "card_side":
        return bool(card["side"] == p["side"])
    # enemy_dead: the card shows the side and no living enemy (a death token or none left)
    return card["side"] == p.get("side", card["side"]) and living_enemy(st, p["card"]) is None


def check_end(st: State) -> bool:
    """A loss beats a win at the same moment (GOW-R-42). True if the flow changed."""
    current = st["campaign"]["current"]
    if st["result"] is not None:
        return True
    if st["stage"] != "round" or current is None or not st["round"] or resolving(st):
        return False
    card = CONTENT.quests.get(current) or CONTENT.bosses[current]
    lost = _all_fallen(st) or any(holds(st, c) for c in card.defeat)
    won = not lost and all(holds(st, c) for c in card.victory)
    st["fired"] = []
    if lost:
        st["result"] = {"shared": "loss", "reason": _loss_reason(st, card.title)}
    elif won and current in CONTENT.bosses:
        st["result"] = {"shared": "win", "reason": f"{card.title} is defeated"}
    elif won:
        st["pending"] = [{"op": "quest_won"}]
        st["campaign"]["current"] = None
    return lost or won


def _all_fallen(st: State) -> bool:
    """§4.17: every hero knocked out; Mimir alone standing counts too (GOW-R-17)."""
    return all(h["knocked_out"] for t, h in st["heroes"].items() if t != "mimir")


def _loss_reason(st: State, title: str) -> str:
    if _all_fallen(st):
        return f"every hero is knocked out ({title})"
    return f"{title}: the defeat condition is met"

