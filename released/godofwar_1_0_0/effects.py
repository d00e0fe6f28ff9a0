"""The one mapping of the content's effect vocabulary (README.md, "The effect vocabulary") to
small functions: ``EFFECTS[kind](st, targets, params, ctx)``. ``targets`` are the tiles (hero
targets) or scene cards (enemy targets) the effect frame resolved, after any choice; an
effect without a target gets ``[]``.

Effects that are not actions of their own are read where they apply: ``play_as_number`` and
``pay_any_icon`` (the destruction crystal) in ``cards.py``; ``bonus_this_*``,
``attack_counts_as`` and ``second_target`` (solo companions) through ``bonus`` fields the
attack and the defense read.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .engine import bonus, face, player_of, push
from .scene import armor_left, break_armor, flip_cards, wound_enemy
from .state import State
from .targets import Ctx

Params = dict[str, Any]
EffectFn = Callable[[State, list[str], Params, Ctx], None]


def seats_of(st: State, tiles: list[str]) -> list[int]:
    seats: list[int] = []
    for tile in tiles:
        if player_of(st, tile) not in seats:
            seats.append(player_of(st, tile))
    return seats


def _heal(st: State, tiles: list[str], p: Params, ctx: Ctx) -> None:
    for tile in tiles:
        hero = st["heroes"][tile]
        hero["wounds"] = max(0, hero["wounds"] - p["amount"])


def _draw(st: State, tiles: list[str], p: Params, ctx: Ctx) -> None:
    for seat in reversed(seats_of(st, tiles)):
        push(st, {"op": "draw", "seat": seat, "n": p["amount"]})


def _wound_enemy(st: State, cards: list[str], p: Params, ctx: Ctx) -> None:
    for card in cards:
        wound_enemy(st, card, p["amount"], ctx)


def _wound_heroes(st: State, tiles: list[str], p: Params, ctx: Ctx) -> None:
    """Not an attack, so no defense (GOW-R-27); Mimir and a Freya token may still help."""
    for tile in reversed(tiles):
        push(st, {"op": "hurt", "tile": tile, "seat": player_of(st, tile),
                  "amount": p["amount"], "stage": "mimir"})


def _heal_enemy(st: State, targets: list[str], p: Params, ctx: Ctx) -> None:
    card = st["scene"].get(p["card"])
    if card is not None:
        card["wounds"] = max(0, card["wounds"] - p["amount"])


def _add_bonus(field: str) -> EffectFn:
    def add(st: State, tiles: list[str], p: Params, ctx: Ctx) -> None:
        for tile in tiles:
            held = bonus(st, tile)
            held[field] = held.get(field, 0) + p["amount"]
            if p.get("lasts") == "next_round_activation":  # GOW-R-10: until his next turn ends
                held["wounds_until"] = st["round"] + 1
    return add


def _this_attack(field: str) -> EffectFn:
    """Solo companions (GOW-R-44): the modifier waits for Kratos's next play this turn."""
    def add(st: State, tiles: list[str], p: Params, ctx: Ctx) -> None:
        held = bonus(st, ctx["hero"])
        held[field] = held.get(field, 0) + p.get("amount", 1)
        if field == "counts_as_ranged" and p.get("stun"):
            held["stun"] = 1
    return add


def _give_freya_token(st: State, tiles: list[str], p: Params, ctx: Ctx) -> None:
    held = sum(1 for h in st["heroes"].values() if h["freya_token"])
    for tile in tiles[:max(0, 2 - held)]:  # only 2 tokens exist (GOW-R-11)
        st["heroes"][tile]["freya_token"] = True


def _refresh_companions(st: State, tiles: list[str], p: Params, ctx: Ctx) -> None:
    st["companions_used"] = []


def _reorder(st: State, tiles: list[str], p: Params, ctx: Ctx) -> None:
    push(st, {"op": "reorder", "seat": ctx["seat"], "n": p["amount"], "order": []})


def _cancel_box(st: State, tiles: list[str], p: Params, ctx: Ctx) -> None:
    """Mimir's Foresight (cancel mode) is offered as each box activates (``box`` frames)."""


def _flip(st: State, targets: list[str], p: Params, ctx: Ctx) -> None:
    flip_cards(st, [[f["card"], f["expect"]] for f in p["cards"]], ctx)


def _gain_card(status: str | None) -> EffectFn:
    """p.13: a crystal (or a status card) goes on top of the gainer's deck; an empty supply
    gives nothing (GOW-R-37)."""
    def gain(st: State, tiles: list[str], p: Params, ctx: Ctx) -> None:
        card = status or p["status"]
        for seat in seats_of(st, tiles):
            if st["supply"][card] > 0:
                st["supply"][card] -= 1
                st["players"][seat]["deck"].append(card)
    return gain


def _shuffle_status(st: State, tiles: list[str], p: Params, ctx: Ctx) -> None:
    """Alfheim (GOW-EX-8): each player shuffles the cards into their deck (a chance step)."""
    for seat in reversed(range(st["seats"])):
        push(st, {"op": "shuffle_in", "seat": seat, "card": p["status"], "n": p["amount"]})


def _remove_highest_number(st: State, tiles: list[str], p: Params, ctx: Ctx) -> None:
    for seat in reversed(range(st["seats"])):
        push(st, {"op": "remove_highest", "seat": seat})


def _change_hand_limit(st: State, tiles: list[str], p: Params, ctx: Ctx) -> None:
    for seat in seats_of(st, tiles):
        player = st["players"][seat]
        player["hand_limit"] = max(0, player["hand_limit"] + p["amount"])  # GOW-R-32


def _stun_enemy(st: State, cards: list[str], p: Params, ctx: Ctx) -> None:
    for card in cards:
        st["scene"][card]["stun"] += 1


def _remove_armor(st: State, targets: list[str], p: Params, ctx: Ctx) -> None:
    """Baldur's Mistletoe: every armor value left breaks, one by one (so the flip triggers)."""
    card = p["card"]
    if card in st["scene"]:
        for _ in armor_left(st, card):
            break_armor(st, card, ctx)


def _storage(sign: int) -> EffectFn:
    """Common tokens on a card's storage spaces (p.12): never fewer than none, nor more than
    its spaces."""
    def change(st: State, targets: list[str], p: Params, ctx: Ctx) -> None:
        card = st["scene"].get(p["card"])
        shown = face(st, p["card"]) if card is not None else None
        if card is not None and shown is not None:
            card["storage"] = min(shown.storage_slots,
                                  max(0, card["storage"] + sign * p["amount"]))
    return change


def _enemy_attack(st: State, targets: list[str], p: Params, ctx: Ctx) -> None:
    """A linked box: the health-track enemy attacks from the box's column (GOW-R-48)."""
    push(st, {"op": "enemy_attack", "card": ctx["enemy_card"], "from": ctx["card"],
              "type": p["attack_type"], "value": p["value"], "arrows": list(p["arrows"]),
              "seat": ctx["seat"], "stage": "aim", "ctx": dict(ctx)})


def _not_an_action(st: State, targets: list[str], p: Params, ctx: Ctx) -> None:
    """Read where the card is used (see the module docstring)."""


EFFECTS: dict[str, EffectFn] = {
    "heal": _heal,
    "draw": _draw,
    "wound_enemy": _wound_enemy,
    "wound_heroes": _wound_heroes,
    "heal_enemy": _heal_enemy,
    "bonus_next_attack_wounds": _add_bonus("wounds"),
    "bonus_next_attack_value": _add_bonus("value"),
    "bonus_next_defense": _add_bonus("defense"),
    "bonus_this_attack_value": _this_attack("value"),
    "bonus_this_defense": _this_attack("this_defense"),
    "attack_counts_as": _this_attack("counts_as_ranged"),
    "second_target": _this_attack("second_target"),
    "give_freya_token": _give_freya_token,
    "refresh_companions": _refresh_companions,
    "reorder_upgrade_deck": _reorder,
    "cancel_box": _cancel_box,
    "flip": _flip,
    "gain_crystal": _gain_card("destruction-crystal"),
    "gain_status": _gain_card(None),
    "shuffle_status_into_decks": _shuffle_status,
    "remove_highest_number_card": _remove_highest_number,
    "change_hand_limit": _change_hand_limit,
    "stun_enemy": _stun_enemy,
    "remove_armor": _remove_armor,
    "add_storage": _storage(+1),
    "remove_storage": _storage(-1),
    "enemy_attack": _enemy_attack,
    "play_as_number": _not_an_action,
    "pay_any_icon": _not_an_action,
}
