"""Frames that draw cards and hurt heroes: the draw with its reshuffles and status cards
(§4.11, §4.14), a hero taking wounds (Mimir's redirect, a Freya token, knock-out: §4.6,
§4.9, §4.10), and the hero's defense combination (§4.9, GOW-R-27).
"""

from __future__ import annotations

from domain.kernel import Move, Prompt, shuffle_spec
from domain.kernel.stack import GO, WAIT, pop, push

from .cards import combo_value, distinct, has_rage, number_value, remove_one, types_of
from .content import Effect
from .engine import bonus, counted, player_of, standing, standing_tiles_of, tile_info
from .scene import push_effects
from .state import Frame, State, tiles_in

# ---- drawing ----


def run_draw(st: State, frame: Frame) -> bool:
    """Draw ``n`` cards; an empty deck reshuffles the discard pile (a chance step, GOW-R-33);
    a drawn stun or poison card is discarded at once for 1 wound, poison with a replacement
    (GOW-R-30). A player whose heroes are all knocked out stops drawing (GOW-R-34)."""
    seat = frame["seat"]
    player = st["players"][seat]
    if "outcome" in frame:
        player["deck"] = [player["discard"][i] for i in frame.pop("outcome")]
        player["discard"] = []
        del frame["spec"]
    while frame["n"] > 0 and any(not st["heroes"][t]["knocked_out"] for t in _tiles(st, seat)):
        if not player["deck"]:
            if not player["discard"]:
                break
            frame["spec"] = shuffle_spec(len(player["discard"]), what=f"seat {seat} reshuffles")
            return WAIT
        card = player["deck"].pop()
        if card in ("stun", "poison"):
            player["discard"].append(card)
            frame["n"] -= 1 if card == "stun" else 0
            push(st, {"op": "hurt", "tile": None, "seat": seat, "amount": 1, "stage": "who"})
            return GO
        player["hand"].append(card)
        frame["n"] -= 1
    pop(st)
    return GO


def _tiles(st: State, seat: int) -> list[str]:
    return [t for t, h in st["heroes"].items() if h["seat"] == seat]


def run_shuffle_in(st: State, frame: Frame) -> bool:
    """Alfheim's hindrance (GOW-EX-8): status cards from the supply, then the deck shuffled;
    with none (``n`` 0), the reshuffle of every player's cards after a quest (GOW-R-38)."""
    player = st["players"][frame["seat"]]
    if "outcome" in frame:
        player["deck"] = [player["deck"][i] for i in frame["outcome"]]
        pop(st)
        return GO
    for _ in range(frame["n"]):
        if st["supply"][frame["card"]] > 0:
            st["supply"][frame["card"]] -= 1
            player["deck"].append(frame["card"])
    frame["spec"] = shuffle_spec(len(player["deck"]), what=f"seat {frame['seat']} shuffles")
    return WAIT


# ---- hurting a hero ----


def run_hurt(st: State, frame: Frame) -> bool:
    """A hero about to take wounds: who (a brother, GOW-R-13), Mimir taking the carrier's
    wounds (GOW-R-16), the defense if it is an attack, a Freya token (GOW-R-11), then the
    wounds, the status cards and attack effects if any, and a knock-out. Each stage answers
    None to go on, or WAIT / GO to stop there."""
    while frame["stage"] in HURT_STAGES:
        stop = HURT_STAGES[frame["stage"]](st, frame)
        if stop is not None:
            return stop
    _apply_wounds(st, frame)
    return GO


def _who(st: State, frame: Frame) -> bool | None:
    candidates = standing_tiles_of(st, frame["seat"])
    if not candidates:
        pop(st)
        return GO
    if len(candidates) > 1 and frame["tile"] is None:
        return WAIT
    frame["tile"] = frame["tile"] or candidates[0]
    frame["stage"] = "mimir"
    return None


def _mimir(st: State, frame: Frame) -> bool | None:
    frame["stage"] = "defend"  # asked here, answered with the stage moved on
    return WAIT if _mimir_may_take(st, frame["tile"]) else None


def _defend(st: State, frame: Frame) -> bool | None:
    frame["stage"] = "freya"
    if frame.get("attack") and "defense" not in frame:
        push(st, {"op": "defense", "tile": frame["tile"], "card": None, "as": None,
                  "numbers": []})
        return GO
    return None


def _freya(st: State, frame: Frame) -> bool | None:
    frame["stage"] = "apply"
    has_token = st["heroes"][frame["tile"]]["freya_token"]
    return WAIT if _wounds(st, frame) > 0 and has_token else None


HURT_STAGES = {"who": _who, "mimir": _mimir, "defend": _defend, "freya": _freya}


def _mimir_may_take(st: State, tile: str) -> bool:
    return tile == st["carrier"] and tile != "mimir" and standing(st, "mimir")


def _wounds(st: State, frame: Frame) -> int:
    return max(0, int(frame["amount"]) - int(frame.get("defense", 0)))


def _apply_wounds(st: State, frame: Frame) -> None:
    pop(st)
    tile = frame["tile"]
    wounds = 0 if frame.get("cancelled") else _wounds(st, frame)
    if wounds <= 0:
        return  # 0 wounds: no status card, no attack effect (p.9)
    hero = st["heroes"][tile]
    hero["wounds"] += wounds
    seat = player_of(st, tile)
    for status in frame.get("abilities", []):
        if status in ("stun", "poison") and st["supply"][status] > 0:
            st["supply"][status] -= 1
            st["players"][seat]["deck"].append(status)
    if frame.get("effects"):
        face_effects = tuple(e for e in _attack_effects(frame))
        push_effects(st, face_effects, {"seat": seat, "hero": tile, "wounded": tile,
                                        "card": frame.get("enemy_card")})
    if hero["wounds"] >= tile_info(tile).health:
        knock_out(st, tile)


def _attack_effects(frame: Frame) -> list[Effect]:
    return [Effect(e["kind"], e["params"]) for e in frame["effects"]]


def knock_out(st: State, tile: str) -> None:
    """p.9: the tile leaves the scene; the hero left in its column stands in front; its Freya
    token returns (GOW-R-11); a carrier's fall strands Mimir (GOW-R-17)."""
    hero = st["heroes"][tile]
    column = hero["column"]
    if tile == st["carrier"]:
        st["mimir_column"] = column
    hero.update({"knocked_out": True, "column": None, "back": False, "freya_token": False})
    if column is not None:
        for other in tiles_in(st, column):
            st["heroes"][other]["back"] = False
    st["bonuses"].pop(tile, None)


def hurt_prompt(st: State, frame: Frame) -> Prompt:
    stage = frame["stage"]
    if stage == "who":
        tiles = standing_tiles_of(st, frame["seat"])
        return Prompt(frame["seat"], "wounded-brother", "Which brother takes the wound?",
                      [{"kind": "brother", "tile": t} for t in tiles])
    if stage == "defend":  # asked in the mimir stage, which has moved on
        return Prompt(player_of(st, "mimir"), "mimir", f"Does Mimir take the wounds aimed at "
                      f"{tile_info(frame['tile']).name}?",
                      [{"kind": "mimir", "take": True}, {"kind": "mimir", "take": False}])
    tile = frame["tile"]
    return Prompt(player_of(st, tile), "freya-token",
                  f"{tile_info(tile).name} is about to take "
                  f"{counted(_wounds(st, frame), 'wound')}: spend a Freya token?",
                  [{"kind": "freya", "spend": True}, {"kind": "freya", "spend": False}])


def hurt_answer(st: State, frame: Frame, move: Move) -> None:
    if move["kind"] == "brother":
        frame["tile"] = move["tile"]
    elif move["kind"] == "mimir":
        if move["take"]:
            frame["tile"] = "mimir"
    elif move["spend"]:
        st["heroes"][frame["tile"]]["freya_token"] = False
        frame["cancelled"] = True


# ---- defense ----


def run_defense(st: State, frame: Frame) -> bool:
    """Wait for the defender's combination, unless there is nothing to defend with."""
    hand = st["players"][player_of(st, frame["tile"])]["hand"]
    if frame["card"] is None and not frame.get("chosen") and not _defense_cards(hand) and \
            not _companion_defense(st, frame["tile"]):
        _finish_defense(st, frame)
        return GO
    if frame.get("chosen"):
        _finish_defense(st, frame)
        return GO
    return WAIT


def _defense_cards(hand: list[str]) -> list[str]:
    """Defense cards that make a combination: one with no printed number needs a number card
    beside it (GOW-R-5)."""
    def playable(card: str) -> bool:
        if types_of(card).get("defense", -1) is not None:
            return "defense" in types_of(card)
        left = list(hand)
        remove_one(left, card)
        return any(number_value(c) is not None for c in left)
    return [c for c in distinct(hand) if playable(c)]


def _companion_defense(st: State, tile: str) -> list[Move]:
    if not st["solo"] or "atreus-volley" in st["companions_used"] or tile != "kratos":
        return []
    return [{"kind": "companion", "ability": "atreus-volley", "mode": "plus-one-defense"}]


def _finish_defense(st: State, frame: Frame) -> None:
    """The defense value goes to the hurt frame below; bonuses for a next defense are spent
    here, with a card or without (GOW-R-12)."""
    tile = frame["tile"]
    held = bonus(st, tile)
    value = held.pop("defense", 0) + held.pop("this_defense", 0)
    if frame["card"] is not None:
        value += combo_value(frame["card"], "defense", frame["numbers"]) or 0
        _discard_played(st, tile, [frame["card"], *frame["numbers"]])
    pop(st)
    st["pending"][-1]["defense"] = value


def _discard_played(st: State, tile: str, cards: list[str]) -> None:
    """Played cards go to their owner's discard pile; a rage icon gives +1 (GOW-R-7)."""
    player = st["players"][player_of(st, tile)]
    for card in cards:
        remove_one(player["hand"], card)
        player["discard"].append(card)
    if any(has_rage(c) for c in cards):
        gain_rage(st, tile)


def gain_rage(st: State, tile: str) -> None:
    hero = st["heroes"][tile]
    limit = tile_info(tile).rage_max
    if hero["rage"] is not None and limit is not None:
        hero["rage"] = min(limit, hero["rage"] + 1)  # GOW-R-8: the marker stops at the end


def defense_prompt(st: State, frame: Frame) -> Prompt:
    tile = frame["tile"]
    hand = st["players"][player_of(st, tile)]["hand"]
    name = tile_info(tile).name
    if frame["card"] is None:
        moves: list[Move] = [{"kind": "defend", "card": c} for c in _defense_cards(hand)]
        moves += _companion_defense(st, tile)
        moves.append({"kind": "no-defense"})
        return Prompt(player_of(st, tile), "defend", f"{name} is attacked: defend?", moves)
    left = list(hand)
    for used in [frame["card"], *frame["numbers"]]:
        remove_one(left, used)
    moves = [{"kind": "add", "card": c} for c in distinct(left) if number_value(c) is not None]
    if combo_value(frame["card"], "defense", frame["numbers"]) is not None:
        moves.append({"kind": "done"})
    return Prompt(player_of(st, tile), "defend", f"Add number cards to {name}'s defense", moves)


def defense_answer(st: State, frame: Frame, move: Move) -> None:
    kind = move["kind"]
    if kind == "defend":
        frame["card"] = move["card"]
        types = types_of(move["card"])
        if types["defense"] is not None and not any(
                number_value(c) is not None for c in st["players"][
                    player_of(st, frame["tile"])]["hand"] if c != move["card"]):
            frame["chosen"] = True
    elif kind == "add":
        frame["numbers"].append(move["card"])
    elif kind == "companion":
        st["companions_used"].append(move["ability"])
        bonus(st, frame["tile"])["this_defense"] = 1
    else:
        frame["chosen"] = True

