"""What happens to the scene's cards: wounds on enemies, armor, death, flips and their
rewards (digest §4.3, §4.4, §4.12).
"""

from __future__ import annotations

from .content import Effect
from .engine import face, living_enemy, push_all
from .state import Frame, State
from .targets import Ctx


def armor_left(st: State, card: str) -> list[int]:
    """The enemy's armor values still standing, the highest first (p.8: they break from the
    highest down)."""
    enemy = living_enemy(st, card)
    if enemy is None:
        return []
    return sorted(enemy.armor, reverse=True)[st["scene"][card]["armor_broken"]:]


def break_armor(st: State, card: str, ctx: Ctx) -> None:
    """One armor value breaks (a common token on it); "flip when armor breaks" triggers once
    the last is gone (p.11)."""
    st["scene"][card]["armor_broken"] += 1
    if not armor_left(st, card):
        trigger_flips(st, card, "armor_broken", ctx)


def wound_enemy(st: State, card: str, amount: int, ctx: Ctx) -> None:
    """Put wounds on the enemy (no die: the caller has rolled it, or it is an effect); armor
    takes none (GOW-R-18, GOW-R-19)."""
    if living_enemy(st, card) is None or armor_left(st, card) or amount <= 0:
        return
    st["scene"][card]["wounds"] += amount
    check_death(st, card, ctx)


def check_death(st: State, card: str, ctx: Ctx) -> None:
    """p.8: wounds at its health kill the enemy: its card flips if it says so, else it gets a
    death token. After a flip the new face is checked too (GOW-R-20)."""
    enemy = living_enemy(st, card)
    if enemy is None or st["scene"][card]["wounds"] < enemy.health:
        return
    shown = face(st, card)
    assert shown is not None
    if any(f.trigger == "enemy_dies" for f in shown.flips):
        trigger_flips(st, card, "enemy_dies", ctx)
        return
    st["scene"][card]["dead"] = True


def trigger_flips(st: State, card: str, trigger: str, ctx: Ctx, attack_type: str | None = None,
                  rune: str | None = None) -> None:
    shown = face(st, card)
    if shown is None:
        return
    for flip in shown.flips:
        if flip.trigger == trigger and flip.attack_type in (None, attack_type) and \
                flip.rune in (None, rune):
            flip_cards(st, [list(pair) for pair in flip.flips], ctx)


def flip_cards(st: State, flips: list[list[str]], ctx: Ctx) -> None:
    """Flip each position that is on its expected side (GOW-R-21); wounds stay, every other
    token goes (GOW-R-20); the new face's reward goes to the hero who triggered the flip
    (GOW-R-29); then the new faces are checked for death."""
    flipped = []
    for card, expect in flips:
        if card not in st["scene"] or st["scene"][card]["side"] != expect:
            continue
        wounds = st["scene"][card]["wounds"]
        st["scene"][card] = {"side": "back" if expect == "front" else "front", "wounds": wounds,
                             "stun": 0, "dead": False, "armor_broken": 0, "storage": 0}
        flipped.append(card)
    for card in flipped:
        shown = face(st, card)
        assert shown is not None  # the validator refuses a flip onto a blank back
        push_effects(st, shown.reward, {**ctx, "card": card, "reward": True})
        check_death(st, card, ctx)


def effect_frame(effect: Effect, ctx: Ctx) -> Frame:
    return {"op": "effect", "kind": effect.kind, "params": dict(effect.params), "ctx": dict(ctx)}


def push_effects(st: State, effects: tuple[Effect, ...], ctx: Ctx) -> None:
    """Push effects so that they resolve in printed order."""
    push_all(st, [effect_frame(e, ctx) for e in effects])
