"""EFFECTS: what each card does beyond its plain bonuses (cards.toml), keyed by card id. Each
entry pushes the frames of its effect; ``resolve`` then pushes the card's draw on top (so
"+N Cards" happens first, as printed) and, for an Attack, the Moat reactions above that."""

from __future__ import annotations

from collections.abc import Callable

from . import attacks, deck_effects, effects  # noqa: F401  (they register their frames)
from .effects import push_gain
from .engine import SPECIAL, draw, push
from .state import State, note, others


def _frame(op: str, **extra: object) -> Callable[[State, int, bool], None]:
    def special(st: State, seat: int, again: bool) -> None:
        # Fresh lists each time: frames are changed in place while they run.
        push(st, {"op": op, "seat": seat,
                  **{k: (list(v) if isinstance(v, list) else v) for k, v in extra.items()}})
    return special


def _attack(card: str) -> Callable[[State, int, bool], None]:
    return _frame("attack", card=card)


def _workshop(st: State, seat: int, again: bool) -> None:
    push_gain(st, seat, 4)


def _artisan(st: State, seat: int, again: bool) -> None:
    push(st, {"op": "artisan_topdeck", "seat": seat})
    push_gain(st, seat, 5, to="hand")


def _feast(st: State, seat: int, again: bool) -> None:
    # Throne Room on Feast: "사용한 연회 카드 1장만 제거하고 2장의 카드를 얻습니다" — the
    # second play finds Feast already gone from play, so it only gains.
    played = st["players"][seat]["play"]
    if not again and "feast" in played:
        played.reverse()
        played.remove("feast")  # the Feast just played: the last one in play
        played.reverse()
        st["trash"].append("feast")
        note(st, seat, "trashed", ["feast"])
    push_gain(st, seat, 5)


def _council_room(st: State, seat: int, again: bool) -> None:
    # "나머지 플레이어는 카드를 뽑기 싫어도 뽑아야만 합니다", in turn order after the +4 Cards.
    for other in reversed(others(st, seat)):
        draw(st, other, 1)


def _merchant(st: State, seat: int, again: bool) -> None:
    # Each Merchant play adds $1 to the first Silver played this turn; once a Silver has been
    # played, a later Merchant gives nothing.
    if not st["turn"]["silver"]:
        st["turn"]["merchants"] += 1


SPECIAL.update({
    "cellar": _frame("cellar", count=0),
    "chapel": _frame("chapel", left=4),
    "harbinger": _frame("harbinger"),
    "vassal": _frame("vassal", card=None),
    "library": _frame("library", set=[]),
    "throne_room": _frame("throne"),
    "remodel": _frame("remodel"),
    "mine": _frame("mine"),
    "moneylender": _frame("moneylender"),
    "sentry": _frame("sentry", left=2),
    "adventurer": _frame("adventurer", found=0, set=[]),
    "chancellor": _frame("chancellor"),
    "poacher": _frame("poacher", n=None),
    "workshop": _workshop,
    "artisan": _artisan,
    "feast": _feast,
    "council_room": _council_room,
    "merchant": _merchant,
    **{card: _attack(card) for card in ("militia", "witch", "bureaucrat", "bandit", "spy",
                                        "thief")},
})
EFFECTS = SPECIAL
