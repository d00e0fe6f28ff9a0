"""The shape of a card's rules (the effect API): what a card module gives for each card id.

* ``constant(st, source, target)``: a constant modifier the card (in play, or a revealed
  plot) puts on ``target`` (a card in play): ``{"str": n, "icons": [...], "keywords":
  [...]}`` or None. Constant modifiers are derived on every read, never stored (GOT-EX-14).
* ``abilities``: actions and responses. An ``Ability`` with ``trigger`` None is an action
  usable in the ``phases`` it names (``"any"`` for any phase); with a trigger it is a
  response to an open trigger of that kind (``played``, ``defending``, ``won``, ``lost``,
  ``resolved``, ``killed``, ``dominance``, ``stood``, ``revealed``), or, with ``save``, a
  save offered when a card would be killed (``would_die``), discarded from play
  (``would_discard``) or either (``would_leave``). For an event the source is the card in
  hand; otherwise a card in play.
  ``targets`` lists the target uids (``[""]`` when it takes none); ``pay`` pays the costs,
  ``resolve`` does the rest (it may push frames that ask further questions).
* ``on_played``: a passive that runs at once after the card is played (Varys).
* ``when_revealed``: a plot's "when revealed" ability; ``on_dominance`` a plot's rider on
  winning dominance (Illyrio's Gift).
* ``killed_to``: where the card goes when killed, if not the dead pile (The Hound);
  ``on_killed(st, owner)``: a passive once it is killed (Benjen Stark).
* ``while_gone`` on an ability: usable from the dead pile (Trident Reinforcements) or, for a
  response to its own death, once killed (Ser Jacelyn Bywater).
* ``dominance_start``: a forced passive at the start of the dominance phase (The Hound).

Sources: ``Src`` is a card in play (``InPlay``) or, for a plot or a card in hand, a dict with
``card`` and ``controller`` (uid ``""``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypedDict

State = dict[str, Any]
Src = dict[str, Any]  # an InPlay record, or {"uid": "", "card", "controller"} for plot / hand


class Mod(TypedDict, total=False):
    str: int
    icons: list[str]
    keywords: list[str]
    traits: list[str]
    lose: list[str]  # keywords lost


Constant = Callable[[State, Src, dict[str, Any]], "Mod | None"]
# (st, seat using it, source uid or card id in hand, trigger or None) -> ...
Check = Callable[[State, int, str, dict[str, Any] | None], bool]
Targets = Callable[[State, int, str, dict[str, Any] | None], list[str]]
Do = Callable[[State, int, str, str, dict[str, Any] | None], None]


def always(st: State, seat: int, source: str, trigger: dict[str, Any] | None) -> bool:
    return True


def no_target(st: State, seat: int, source: str, trigger: dict[str, Any] | None) -> list[str]:
    return [""]


def nothing(st: State, seat: int, source: str, target: str,
            trigger: dict[str, Any] | None) -> None:
    return None


@dataclass(frozen=True)
class Ability:
    text: str
    resolve: Do
    phases: tuple[str, ...] = ("any",)
    trigger: str | None = None
    save: bool = False
    while_gone: bool = False  # answers its own death from the dead pile (Ser Jacelyn)
    from_hand: bool = False  # a card other than an event used from hand (the Honor Guards)
    can: Check = always
    targets: Targets = no_target
    pay: Do = nothing


@dataclass(frozen=True)
class CardRules:
    constant: Constant | None = None
    abilities: tuple[Ability, ...] = ()
    on_played: Callable[[State, int, str], None] | None = None
    when_revealed: Callable[[State, int], None] | None = None
    on_dominance: Callable[[State, int], None] | None = None
    dominance_start: Callable[[State, str], None] | None = None
    killed_to: str = "dead"
    on_killed: Callable[[State, int], None] | None = None  # a passive (Benjen Stark)


VANILLA = CardRules()
