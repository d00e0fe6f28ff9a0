"""Who or what an effect's ``target`` names (the closed enumerations of README.md, "The effect
vocabulary"): the candidates, and whether a player must choose among them.

A context (``ctx``) travels with each effect: the seat that resolves it (who chooses), the
hero who caused it (the active, rewarded or interacting hero), the scene card it comes from,
and the hero an attack wounded.
"""

from __future__ import annotations

from typing import Any

from .engine import (
    column_of,
    front_hero,
    hero_column,
    living_enemies,
    positions,
    standing,
    tiles_of,
    wounded_card,
)
from .state import State

Ctx = dict[str, Any]
# Targets a player picks among (a choice per effect), the others are fixed by the context.
CHOSEN = ("chosen_hero", "brother", "standing_hero", "enemy_in_column", "any_enemy")
ENEMY_TARGETS = ("enemy_in_column", "any_enemy", "this_enemy")


def standing_heroes(st: State) -> list[str]:
    return [t for t in st["heroes"] if standing(st, t)]


def hero_candidates(st: State, target: str, ctx: Ctx) -> list[str]:
    """The tiles a hero target names (for all_players: one tile a seat, its first)."""
    hero = ctx.get("hero")
    card = ctx.get("card")
    if target in ("self", "active_hero", "reward_hero"):
        return [hero] if hero is not None else []
    if target == "wounded_hero":
        return [ctx["wounded"]] if ctx.get("wounded") else []
    if target == "chosen_hero":
        return standing_heroes(st)
    if target == "standing_hero":  # Ancient Magic: a hero without a Freya token (GOW-R-11)
        return [t for t in standing_heroes(st) if not st["heroes"][t]["freya_token"]]
    if target == "brother":
        return [t for t in ("brok", "sindri") if t in st["heroes"] and standing(st, t)]
    if target == "front_heroes_in_column":
        front = front_hero(st, column_of(card)) if card else None
        return [front] if front else []
    if target == "heroes_in_column":
        return [t for t in standing_heroes(st) if card and hero_column(st, t) == column_of(card)]
    if target == "all_heroes":
        return standing_heroes(st)
    if target == "all_players":
        return [tiles_of(st, seat)[0] for seat in range(st["seats"])]
    raise ValueError(f"unknown hero target {target!r}")


def enemy_candidates(st: State, target: str, ctx: Ctx) -> list[str]:
    """The scene cards whose enemy the target may name (the card that takes the wounds)."""
    if target == "this_enemy":
        card = ctx.get("card")
        hit = wounded_card(st, card) if card else None
        return [hit] if hit else []
    if target == "any_enemy":
        return living_enemies(st)
    column = hero_column(st, ctx["hero"]) if ctx.get("hero") else None
    hits = [wounded_card(st, c) for c in positions(st) if column_of(c) == column]
    return sorted({h for h in hits if h}, key=positions(st).index)


def candidates(st: State, target: str, ctx: Ctx) -> list[str]:
    if target in ENEMY_TARGETS:
        return enemy_candidates(st, target, ctx)
    return hero_candidates(st, target, ctx)
