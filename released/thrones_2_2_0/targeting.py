"""Small helpers card rules share: who may be targeted, lasting effects, a card's House."""

from __future__ import annotations

import re
from itertools import combinations
from typing import Any, Literal

from .cards import CARDS
from .state import (
    InPlay,
    State,
    characters,
    draw,
    find,
    melee,
    note,
    opponent,
    opponents,
    pay_gold,
    player,
    spendable,
)
from .stats import keywords
from .titles import HAND, hand_influence, spend_hand
from .zones import push_kill


def house_of(card_id: str) -> str:
    return CARDS[card_id].house


def effect_kind(st: State, source: str) -> str:
    """The type of the card an effect comes from ("event", "character", "attachment"...):
    ``source`` is the uid of a card in play, or the card id of an event or of a card used
    from a pile; "" when it is neither (a killed card's uid)."""
    rec = find(st, source)
    spec = CARDS.get(rec["card"] if rec is not None else source)
    return spec.type if spec is not None else ""


def immune(st: State, rec: InPlay, user: int, source: str) -> bool:
    """Immunity (§6.1, JA: "the card ignores the effects of X and cannot be chosen as a
    target of X's effects"): "Immune to events" (Shaggydog, Jon Snow with Ghost), "Immune to
    character abilities" (Ser Jacelyn) and "Immune to opponents' character abilities" (Knights
    under Tourney for the Hand) against the effect of ``user``'s card ``source``. FAQ: a card
    is never immune to its own abilities; immunity protects the card only (its attachments,
    duplicates and tokens are not immune) and never stops costs, which are paid by choosing
    cards without this check."""
    if rec["uid"] == source:
        return False
    words = [w for w in keywords(st, rec) if w.startswith("Immune")]
    if not words:
        return False
    kind = effect_kind(st, source)
    if kind == "event":
        return "Immune to events" in words
    if kind == "character":
        return "Immune to character abilities" in words or (
            "Immune to opponents' character abilities" in words and user != rec["controller"])
    return False  # nothing in the box is immune to plots, locations or attachments


def targetable(st: State, rec: InPlay, user: int, source: str) -> bool:
    return not immune(st, rec, user, source)


def opponent_cards(st: State, seat: int, source: str, ok: Any,
                   only: int | None = None) -> list[str]:
    """Cards in play an opponent of ``seat`` controls (``only`` that one) satisfying
    ``ok(rec)`` that ``seat``'s effect from ``source`` may target."""
    return [c["uid"] for c in st["play"] if c["controller"] != seat
            and (only is None or c["controller"] == only) and ok(c)
            and "moribund" not in c and targetable(st, c, seat, source)]


def chosen_opponents(st: State, seat: int, ok: Any = None) -> list[str]:
    """"An opponent of your choice" as a target: in melee each opponent (satisfying
    ``ok(seat)``) as "p<seat>"; with two players the one opponent needs no choosing, "" (the
    box's moves, unchanged). Rules 2.0.0 took the opponent on the left in melee."""
    if not melee(st):
        return [""] if ok is None or ok(opponent(st, seat)) else []
    return [f"p{s}" for s in opponents(st, seat) if ok is None or ok(s)]


def opponent_chosen(st: State, seat: int, target: str) -> int:
    """The opponent a ``chosen_opponents`` target names ("p2", or "p2:<more>")."""
    found = re.match(r"p(\d+)", target)
    return int(found[1]) if found else opponent(st, seat)


def every_pile_into_deck(st: State, pile: Literal["dead", "discard"]) -> None:
    """"Each player shuffles their <pile> into their deck" (Benjen Stark: the dead pile; Ser
    Barristan Selmy: the discard pile): every seat, however many play."""
    for seat in reversed(range(len(st["players"]))):  # pushed: seat 0's shuffle first
        p = player(st, seat)
        p["deck"] += p[pile]
        p[pile] = []
        st["pending"].append({"op": "shuffle", "seat": seat})


def char_uids(st: State, ok: Any = None, seat: int | None = None, user: int = -1,
              source: str = "") -> list[str]:
    """Characters in play (of ``seat``) that satisfy ``ok(rec)`` and that ``user``'s effect
    from ``source`` may target."""
    return [c["uid"] for c in characters(st, seat) if (ok is None or ok(c))
            and "moribund" not in c and targetable(st, c, user, source)]


def unaffected(st: State, uids: list[str], user: int, source: str) -> list[str]:
    """Of ``uids``, those an untargeted effect of ``source`` reaches (immune ones ignore
    it, §6.1)."""
    return [u for u in uids if (rec := find(st, u)) is not None
            and not immune(st, rec, user, source)]


def add_lasting(st: State, uid: str, until: str, source: str, strength: int = 0,
                icons: list[str] | None = None, keywords: list[str] | None = None,
                lose: list[str] | None = None) -> None:
    st["lasting"].append({"uid": uid, "str": strength, "icons": list(icons or []),
                          "keywords": list(keywords or []), "lose": list(lose or []),
                          "until": until, "source": source})


def influence_sets(st: State, seat: int, need: int) -> list[str]:
    """Ways to "kneel N influence" (§6.7): sets of standing cards ``seat`` controls whose
    influence adds up to ``need`` or more, none of them spare, as "a+b"; in melee the Hand of
    the King's 2 influence, once a round, is one more part of a set (GOT-R-31)."""
    cards = [(c["uid"], CARDS[c["card"]].influence or 0) for c in st["play"]
             if c["controller"] == seat and not c["knelt"] and CARDS[c["card"]].influence]
    found = _minimal_sets(cards, need)
    title = hand_influence(st, seat)
    if title:
        found += [HAND] if need <= title else [
            f"{HAND}+{rest}" for rest in _minimal_sets(cards, need - title)]
    return found


def _minimal_sets(cards: list[tuple[str, int]], need: int) -> list[str]:
    """Sets of (uid, influence) adding up to ``need`` or more, none of them spare."""
    found: list[str] = []
    for size in range(1, len(cards) + 1):
        for combo in combinations(cards, size):
            total = sum(v for _, v in combo)
            if total >= need and all(total - v < need for _, v in combo):
                found.append("+".join(u for u, _ in combo))
    return found


def kneel_all(st: State, uids: str) -> None:
    for uid in uids.split("+"):
        if uid == HAND:
            spend_hand(st)  # the title kneels nothing
        else:
            source_rec(st, uid)["knelt"] = True


def source_rec(st: State, source: str) -> InPlay:
    rec = find(st, source)
    assert rec is not None
    return rec


def participating(st: State, uid: str) -> bool:
    ch = st["challenge"]
    return ch is not None and (uid in ch["attackers"] or uid in ch["defenders"])


def gold(st: State, seat: int) -> int:
    value: int = player(st, seat)["gold"]
    return value


# ---- building blocks of abilities (see ability.py for the signatures) ----

Trig = dict[str, Any] | None


def standing_self(st: State, seat: int, source: str, trig: Trig) -> bool:
    rec = find(st, source)
    return rec is not None and not rec["knelt"]


def kneel_self(st: State, seat: int, source: str, target: str, trig: Trig) -> None:
    source_rec(st, source)["knelt"] = True


def is_me(st: State, seat: int, source: str, trig: Trig) -> bool:
    """The trigger is about this very card."""
    return trig is not None and trig.get("uid") == source


def mine(st: State, seat: int, source: str, trig: Trig) -> bool:
    """The trigger is about the seat using the ability (it won, it lost...)."""
    return trig is not None and trig.get("seat") == seat


def gold_at_least(n: int) -> Any:
    def check(st: State, seat: int, source: str, trig: Trig) -> bool:
        return spendable(st, seat) >= n
    return check


def every(*checks: Any) -> Any:
    def check(st: State, seat: int, source: str, trig: Trig) -> bool:
        return all(c(st, seat, source, trig) for c in checks)
    return check


def draws(n: int) -> Any:
    def resolve(st: State, seat: int, source: str, target: str, trig: Trig) -> None:
        draw(st, seat, n)
    return resolve


def pays(n: int) -> Any:
    def pay(st: State, seat: int, source: str, target: str, trig: Trig) -> None:
        pay_gold(st, seat, n)
    return pay


def then(*steps: Any) -> Any:
    def run(st: State, seat: int, source: str, target: str, trig: Trig) -> None:
        for each in steps:
            each(st, seat, source, target, trig)
    return run


def kneel_it(st: State, seat: int, source: str, target: str, trig: Trig) -> None:
    rec = source_rec(st, target)
    rec["knelt"] = True
    note(st, seat, "knelt", [rec["card"]])


def stand_it(st: State, seat: int, source: str, target: str, trig: Trig) -> None:
    rec = source_rec(st, target)
    rec["knelt"] = False
    note(st, seat, "stood", [rec["card"]])


def kill_it(st: State, seat: int, source: str, target: str, trig: Trig) -> None:
    push_kill(st, target)


def characters_where(ok: Any, whose: str = "any") -> Any:
    """Targets: characters satisfying ``ok(st, rec)``; ``whose`` "any", "mine" or "theirs";
    none immune to the source's effects."""
    def targets(st: State, seat: int, source: str, trig: Trig) -> list[str]:
        owner = seat if whose == "mine" else None
        return char_uids(st, lambda c: ok(st, c) and (
            whose != "theirs" or c["controller"] != seat), owner, user=seat, source=source)
    return targets


def standing(st: State, rec: InPlay) -> bool:
    return not rec["knelt"]


def pairs(uids: list[str]) -> list[str]:
    """Two different cards as one target, "a,b" (a cost of kneeling two)."""
    return [f"{a},{b}" for i, a in enumerate(uids) for b in uids[i + 1:]]


def limit(st: State, key: str, most: int) -> bool:
    """Whether a "limit N per round" ability keyed ``key`` may still be used."""
    return bool(st["limits"].get(key, 0) < most)


def count_use(st: State, key: str) -> None:
    st["limits"][key] = st["limits"].get(key, 0) + 1


def save_it(st: State, seat: int, source: str, target: str, trig: Trig) -> None:
    """A save's effect: the card about to be killed is not (zones.run_kill reads it)."""
    assert trig is not None
    st["saved"].append(trig["uid"])
    note(st, seat, "saved", [trig["card"]])
