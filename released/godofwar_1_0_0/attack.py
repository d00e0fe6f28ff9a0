"""A hero's attack (§4.3-4.5: the combination, reach, armor, the enemy die, rage, stun) and an
interaction (§4.7: paying its requirement), each a frame that builds its cards one pick at a
time and closes with ``done`` (or backs out with ``cancel``).
"""

from __future__ import annotations

from domain.kernel import Move, Prompt, roll_spec
from domain.kernel.stack import GO, WAIT

from .cards import (
    combo_value,
    distinct,
    number_value,
    pays_any_icon,
    remove_one,
    stuns,
    types_of,
)
from .content import CONTENT, Interaction
from .engine import (
    bonus,
    card_at,
    column_of,
    face,
    hero_column,
    player_of,
    pop,
    positions,
    push,
    wounded_card,
)
from .harm import gain_rage
from .scene import armor_left, break_armor, push_effects, wound_enemy
from .state import Frame, State

# ---- which attacks may be made ----


def reach(st: State, tile: str, declared: str) -> list[str]:
    """GOW-R-4: melee hits the bottom card of the hero's column, ranged the top or bottom;
    the card must hold a living enemy or be an attack point for one (GOW-R-48)."""
    column = hero_column(st, tile)
    if column is None:
        return []
    rows = ("bottom",) if declared == "melee" else ("top", "bottom")
    cards = [card_at(st, row, column) for row in rows]
    return [c for c in cards if c is not None and wounded_card(st, c) is not None]


def attack_moves(st: State, tile: str) -> list[Move]:
    hand = st["players"][player_of(st, tile)]["hand"]
    ranged_anyway = st["bonuses"].get(tile, {}).get("counts_as_ranged", 0) > 0  # GOW-R-44
    moves: list[Move] = []
    for card in distinct(hand):
        for declared, printed in types_of(card).items():
            if declared not in ("melee", "ranged"):
                continue
            if printed is None and not _numbers_besides(hand, card):
                continue  # GOW-R-5: it needs a number card
            targets = reach(st, tile, "ranged" if ranged_anyway else declared)
            moves += [{"kind": "attack", "tile": tile, "card": card, "as": declared,
                       "target": t} for t in targets]
    return moves


def _numbers_besides(hand: list[str], used: list[str] | str) -> list[str]:
    left = list(hand)
    for card in [used] if isinstance(used, str) else used:
        remove_one(left, card)
    return [c for c in distinct(left) if number_value(c) is not None]


# ---- the attack frame ----


def run_attack(st: State, frame: Frame) -> bool:
    if frame["stage"] == "build":
        return WAIT
    if frame["stage"] == "commit":
        return _commit(st, frame)
    _roll(st, frame, frame.pop("outcome"))
    return GO


def attack_prompt(st: State, frame: Frame) -> Prompt:
    hand = st["players"][frame["seat"]]["hand"]
    moves: list[Move] = [{"kind": "add", "card": c}
                         for c in _numbers_besides(hand, [frame["card"], *frame["numbers"]])]
    if combo_value(frame["card"], frame["as"], frame["numbers"]) is not None:
        moves.append({"kind": "done"})
    moves.append({"kind": "cancel"})
    return Prompt(frame["seat"], "attack", "Add number cards to the attack, then attack",
                  moves)


def attack_answer(st: State, frame: Frame, move: Move) -> None:
    if move["kind"] == "add":
        frame["numbers"].append(move["card"])
    elif move["kind"] == "cancel":
        pop(st)
    else:
        frame["stage"] = "commit"


def _commit(st: State, frame: Frame) -> bool:
    """GOW-R-6: everything is chosen before the roll. The cards are discarded; rage +1 for
    the attack (at most +1 a play, GOW-R-7). Armor takes the attack with no die (GOW-R-18)."""
    tile = frame["tile"]
    cards = [frame["card"], *frame["numbers"]]
    player = st["players"][frame["seat"]]
    for card in cards:
        remove_one(player["hand"], card)
        player["discard"].append(card)
    gain_rage(st, tile)
    _take_bonuses(st, frame, cards)
    hit = wounded_card(st, frame["target"])
    assert hit is not None
    frame["hit"] = hit
    armor = armor_left(st, hit)
    if armor:
        pop(st)
        if frame["value"] >= armor[0]:
            break_armor(st, hit, _ctx(frame))
        _stun(st, hit, frame)
        return GO
    frame["stage"] = "roll"
    frame["spec"] = roll_spec(list(CONTENT.die), public=True, what="enemy die")
    return WAIT


def _take_bonuses(st: State, frame: Frame, cards: list[str]) -> None:
    """The value, Spartan Rage's wounds (GOW-R-10), Weapon Upgrade (GOW-R-12), the stun icon
    (GOW-R-31) and a solo companion's modifier (GOW-R-44) this attack uses up."""
    held = bonus(st, frame["tile"])
    frame["value"] = (combo_value(frame["card"], frame["as"], frame["numbers"]) or 0) + \
        held.pop("value", 0)
    frame["extra_wounds"] = held.pop("wounds", 0)
    held.pop("wounds_until", None)
    frame["stun"] = any(stuns(c) for c in cards) or bool(held.pop("stun", 0))
    frame["second"] = bool(held.pop("second_target", 0))
    held.pop("counts_as_ranged", None)


def _ctx(frame: Frame) -> dict[str, object]:
    return {"seat": frame["seat"], "hero": frame["tile"]}


def _roll(st: State, frame: Frame, die: int) -> None:
    """Wounds = max(0, value − die) (GOW-R-3), plus Spartan Rage's 3 after the die
    (GOW-R-10); then the stun token if the enemy lives (GOW-R-31); solo Volley: the same
    wounds on a second enemy (GOW-R-44)."""
    pop(st)
    frame["die"] = die
    wounds = max(0, frame["value"] - die) + frame["extra_wounds"]
    st["last_attack"] = {"tile": frame["tile"], "value": frame["value"], "die": die,
                         "wounds": wounds, "target": frame["hit"]}
    wound_enemy(st, frame["hit"], wounds, _ctx(frame))
    _stun(st, frame["hit"], frame)
    if frame["second"]:
        push(st, {"op": "second_target", "seat": frame["seat"], "tile": frame["tile"],
                  "first": frame["hit"], "wounds": wounds})


def _stun(st: State, card: str, frame: Frame) -> None:
    if frame["stun"] and wounded_card(st, card) == card:
        st["scene"][card]["stun"] += 1


def run_second_target(st: State, frame: Frame) -> bool:
    if "choice" not in frame:
        return WAIT if _second_options(st, frame) else _done(st)
    pop(st)
    wound_enemy(st, frame["choice"], frame["wounds"], _ctx(frame))
    return GO


def _done(st: State) -> bool:
    pop(st)
    return GO


def _second_options(st: State, frame: Frame) -> list[str]:
    return [c for c in positions(st) if wounded_card(st, c) == c and c != frame["first"]]


def second_prompt(st: State, frame: Frame) -> Prompt:
    return Prompt(frame["seat"], "second-target", "Atreus's Volley: the second enemy",
                  [{"kind": "target", "target": c} for c in _second_options(st, frame)])


def second_answer(st: State, frame: Frame, move: Move) -> None:
    frame["choice"] = move["target"]


# ---- interactions ----


def interaction_points(st: State, tile: str) -> list[tuple[str, Interaction]]:
    """The points of the cards in the hero's column (top, bottom or beside it: GOW-R-49),
    leaving out a once-only point already used."""
    column = hero_column(st, tile)
    found = []
    for card in positions(st):
        shown = face(st, card)
        if shown is None or column_of(card) != column:
            continue
        found += [(card, p) for p in shown.interactions
                  if not (p.once and f"{card}/{p.id}" in st["used_points"])]
    return found


def affordable(hand: list[str], icons: list[str], total: int) -> bool:
    """Whether some cards of the hand meet every icon (one card each) and the number total."""
    if not icons:
        return sum(number_value(c) or 0 for c in hand) >= total
    first, rest = icons[0], icons[1:]
    for card in distinct(hand):
        if first in types_of(card) or pays_any_icon(card):
            left = list(hand)
            remove_one(left, card)
            if affordable(left, rest, total):
                return True
    return False


def _point(frame: Frame) -> Interaction:
    printed = CONTENT.scene_cards[frame["card"]]
    faces = [f for f in (printed.front, printed.back) if f is not None]
    return next(p for f in faces for p in f.interactions if p.id == frame["point"])


def _unmet(frame: Frame) -> tuple[list[str], int]:
    point = _point(frame)
    icons = list(point.icons)
    total = point.number_total
    for paid in frame["paid"]:
        if paid["as"] == "number":
            total -= number_value(paid["card"]) or 0
        else:
            icons.remove(paid["as"])
    return icons, max(0, total)


def run_interact(st: State, frame: Frame) -> bool:
    if not frame.get("done"):
        return WAIT
    pop(st)
    player = st["players"][frame["seat"]]
    for paid in frame["paid"]:  # discarded for nothing: no card effect, no rage (p.8)
        remove_one(player["hand"], paid["card"])
        player["discard"].append(paid["card"])
    point = _point(frame)
    if point.once:
        st["used_points"].append(f"{frame['card']}/{point.id}")
    push_effects(st, point.effects, {"seat": frame["seat"], "hero": frame["tile"],
                                     "card": frame["card"]})
    return GO


def interact_prompt(st: State, frame: Frame) -> Prompt:
    icons, total = _unmet(frame)
    left = list(st["players"][frame["seat"]]["hand"])
    for paid in frame["paid"]:
        remove_one(left, paid["card"])
    moves: list[Move] = []
    for card in distinct(left):
        after = list(left)
        remove_one(after, card)
        for icon in dict.fromkeys(icons):
            rest = list(icons)
            rest.remove(icon)
            if (icon in types_of(card) or pays_any_icon(card)) and \
                    affordable(after, rest, total):
                moves.append({"kind": "pay", "card": card, "as": icon})
        value = number_value(card)
        if total > 0 and value and affordable(after, icons, total - value):
            moves.append({"kind": "pay", "card": card, "as": "number"})
    if not icons and total <= 0:
        moves.append({"kind": "done"})
    moves.append({"kind": "cancel"})
    return Prompt(frame["seat"], "interact", "Discard cards to meet the requirement", moves)


def interact_answer(st: State, frame: Frame, move: Move) -> None:
    if move["kind"] == "pay":
        frame["paid"].append({"card": move["card"], "as": move["as"]})
    elif move["kind"] == "cancel":
        pop(st)
    else:
        frame["done"] = True
