"""The one mapping of Dominion's rules: each card's effect beyond its plain bonuses
(``EFFECTS``, keyed by card id, from cards.toml's ids), and each pending frame's op to how it
runs, asks and takes an answer (``OPS``, for the kernel's stack). A reader finds any card's
rule from here in one step. ``resolve`` plays a card: plain bonuses, then its effect, then
its draw ("+N Cards" happens first, as printed, since the stack's top runs first) and, for an
Attack, the Moat reactions above that.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from domain.kernel.stack import GO, Op, pop, push

from . import actions, attacks, deck_effects
from .actions import push_gain
from .cards import ATTACK_CARDS, CARDS
from .engine import draw, run_draw, run_end_turn
from .state import Frame, State, card_of, note, others

Effect = Callable[[State, int, bool], None]  # (st, seat, again): pushes the card's frames


def _frame(op: str, **extra: Any) -> Effect:
    def special(st: State, seat: int, again: bool) -> None:
        # Fresh lists each time: frames are changed in place while they run.
        frame = cast(Frame, {"op": op, "seat": seat, **{
            k: (list(v) if isinstance(v, list) else v) for k, v in extra.items()}})
        push(st, frame)
    return special


def _attack(card: str) -> Effect:
    return _frame("attack", card=card)


def _workshop(st: State, seat: int, again: bool) -> None:
    push_gain(st, seat, 4)


def _artisan(st: State, seat: int, again: bool) -> None:
    push(st, Frame(op="artisan_topdeck", seat=seat))
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


EFFECTS: dict[str, Effect] = {
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
}


def resolve(st: State, seat: int, card: str, again: bool = False) -> None:
    """Do what ``card`` says: its plain bonuses now, then (in printed order) its draw, its
    special effect; an Attack first lets each attacked player reveal a Reaction.
    ``again`` is True for the second play of a Throne Room (the card may no longer be in
    play: Feast)."""
    spec = CARDS[card]
    turn = st["turn"]
    turn["actions"] += spec.actions
    turn["buys"] += spec.buys
    turn["coins"] += spec.coins
    effect = EFFECTS.get(card)
    if effect is not None:
        effect(st, seat, again)
    if spec.cards:
        draw(st, seat, spec.cards)
    if card in ATTACK_CARDS:
        # Moat: "공격 카드가 사용되었을 때 ... 해자 카드를 보여준 뒤 ... 공격을 피할 수 있습니다".
        if "moat" in (st["kingdom"] or ()):
            push(st, Frame(op="react", seat=seat, targets=others(st, seat), i=0, immune=[]))
        else:
            turn["immune"] = []


def run_resolve(st: State, frame: Frame) -> bool:
    pop(st)
    resolve(st, frame["seat"], card_of(frame), frame["again"])
    return GO


OPS: dict[str, Op[State]] = {
    "draw": Op(run_draw),
    "resolve": Op(run_resolve),
    "end_turn": Op(run_end_turn),
    "gain": Op(actions.run_gain, actions.ask_gain, actions.answer_gain),
    "cellar": Op(actions.run_cellar, actions.ask_cellar, actions.answer_cellar),
    "chapel": Op(actions.run_chapel, actions.ask_chapel, actions.answer_chapel),
    "throne": Op(actions.run_throne, actions.ask_throne, actions.answer_throne),
    "remodel": Op(actions.run_remodel, actions.ask_remodel, actions.answer_remodel),
    "mine": Op(actions.run_mine, actions.ask_mine, actions.answer_mine),
    "moneylender": Op(actions.run_moneylender, actions.ask_moneylender,
                      actions.answer_moneylender),
    "harbinger": Op(deck_effects.run_harbinger, deck_effects.ask_harbinger,
                    deck_effects.answer_harbinger),
    "vassal": Op(deck_effects.run_vassal, deck_effects.ask_vassal, deck_effects.answer_vassal),
    "library": Op(deck_effects.run_library, deck_effects.ask_library,
                  deck_effects.answer_library),
    "sentry": Op(deck_effects.run_sentry, deck_effects.ask_sentry, deck_effects.answer_sentry),
    "adventurer": Op(deck_effects.run_adventurer),
    "chancellor": Op(deck_effects.run_chancellor, deck_effects.ask_chancellor,
                     deck_effects.answer_chancellor),
    "artisan_topdeck": Op(deck_effects.run_artisan_topdeck, deck_effects.ask_artisan,
                          deck_effects.answer_artisan),
    "poacher": Op(deck_effects.run_poacher, deck_effects.ask_poacher,
                  deck_effects.answer_poacher),
    "react": Op(attacks.run_react, attacks.ask_react, attacks.answer_react),
    "attack": Op(attacks.run_attack),
    "militia": Op(attacks.run_militia, attacks.ask_militia, attacks.answer_militia),
    "bureaucrat": Op(attacks.run_bureaucrat, attacks.ask_bureaucrat,
                     attacks.answer_bureaucrat),
    "bandit": Op(attacks.run_bandit, attacks.ask_bandit, attacks.answer_bandit),
    "spy": Op(attacks.run_spy, attacks.ask_spy, attacks.answer_spy),
    "thief": Op(attacks.run_thief, attacks.ask_thief, attacks.answer_thief),
}
