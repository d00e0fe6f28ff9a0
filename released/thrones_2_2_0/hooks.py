"""Where the engine meets the cards. The engine's modules (phases, challenges, zones, stats,
windows...) never import a card module: the package's one card mapping (``effects.TABLE``)
is installed here once, when ``flow`` assembles the game, and the engine asks through these
functions. So the imports run one way: engine <- cards <- effects (the table) <- flow <- moves.

Hook points the engine calls:

* ``rules_of(card_id)``: a card's ``CardRules`` (``ability.py``: its constant, actions,
  responses, saves, passives), or ``VANILLA``;
* ``constants()``: the cards with a constant modifier, read on every derived value;
* ``at_phase_start(st, phase)``: the agendas' beginning-of-phase effects (never in play, so
  no window, §6.4);
* ``at_marshalling_start(st)`` and ``at_standing_start(st)``: forced effects "at the start of"
  those phases that are not agendas (Tywin's gold, Snowed Under);
* ``control_returns(card_id)``: cards that go back to their owner's control after a challenge
  their controller won (the Honor Guards, §5.9).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from .ability import VANILLA, CardRules, Constant, State


@dataclass(frozen=True)
class CardTable:
    rules: Mapping[str, CardRules]
    constants: Mapping[str, Constant]
    at_phase_start: Callable[[State, str], None]
    at_marshalling_start: Callable[[State], None]
    at_standing_start: Callable[[State], None]
    control_returns: frozenset[str]


_INSTALLED: list[CardTable] = []


def install(table: CardTable) -> None:
    """Hand the engine the card mapping (``flow.py`` does, once)."""
    _INSTALLED[:] = [table]


def table() -> CardTable:
    assert _INSTALLED, "the card table is installed by flow.py, which the package imports"
    return _INSTALLED[0]


def rules_of(card_id: str) -> CardRules:
    return table().rules.get(card_id, VANILLA)


def constants() -> Mapping[str, Constant]:
    return table().constants


def at_phase_start(st: State, phase: str) -> None:
    table().at_phase_start(st, phase)


def at_marshalling_start(st: State) -> None:
    table().at_marshalling_start(st)


def at_standing_start(st: State) -> None:
    table().at_standing_start(st)


def control_returns(card_id: str) -> bool:
    return card_id in table().control_returns
