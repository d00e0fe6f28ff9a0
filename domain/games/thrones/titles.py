"""Titles (digest §6.3; melee only): placeholder until the titles land."""

from __future__ import annotations

from .state import State


def supports(st: State, seat: int, target: int) -> bool:
    return False
