"""Derived values: a card's STR, icons and keywords (printed, plus every constant modifier of
the cards in play and the revealed plots, plus lasting effects: recomputed on every read,
GOT-EX-14), a player's income and dominance count."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from .ability import Mod
from .cards import CARDS
from .hooks import constants as card_constants
from .state import InPlay, State, characters, controlled, player, seats
from .titles import income_bonus

# Memoised modifiers, only inside ``unchanging``: a pass that reads one state without changing
# it (a view), keyed by that state's identity and the card's uid.
_MEMO: ContextVar[dict[tuple[int, str], list[Mod]] | None] = ContextVar("thrones_mods",
                                                                         default=None)


@contextmanager
def unchanging(st: State) -> Iterator[None]:
    """While reading ``st`` without changing it, compute each card's modifiers once (a view
    reads STR, icons and keywords of every card, each summing every constant in play)."""
    token = _MEMO.set({} if _MEMO.get() is None else _MEMO.get())
    try:
        yield
    finally:
        _MEMO.reset(token)


def modifiers(st: State, rec: InPlay) -> list[Mod]:
    memo = _MEMO.get()
    if memo is None:
        return _modifiers(st, rec)
    key = (id(st), rec["uid"])
    found = memo.get(key)
    if found is None:
        found = memo[key] = _modifiers(st, rec)
    return found


def _modifiers(st: State, rec: InPlay) -> list[Mod]:
    constants = card_constants()
    mods: list[Mod] = []
    for source in st["play"]:
        constant = constants.get(source["card"])  # most cards have none: checked first
        if constant is not None and not blanked(st, source):
            found = constant(st, source, rec)  # type: ignore[arg-type]
            if found:
                mods.append(found)
    for seat in seats(st):
        plot = player(st, seat)["revealed"]
        if plot is not None:
            constant = constants.get(plot)
            if constant is not None:
                found = constant(st, {"uid": "", "card": plot, "controller": seat},
                                 rec)  # type: ignore[arg-type]
                if found:
                    mods.append(found)
    for lasting in st["lasting"]:
        if lasting["uid"] == rec["uid"]:
            mods.append({"str": lasting["str"], "icons": lasting["icons"],
                         "keywords": lasting["keywords"], "lose": lasting.get("lose", [])})
    return mods


def blanked(st: State, rec: InPlay) -> bool:
    """Milk of the Poppy: the bearer's text box counts as blank."""
    return any(a["card"] == "milk-of-the-poppy" for a in st["play"] if a["host"] == rec["uid"])


def strength(st: State, rec: InPlay) -> int:
    """Printed STR plus modifiers, never below 0 (FAQ: "STR below 0 counts as 0")."""
    printed = CARDS[rec["card"]].strength or 0
    return max(0, printed + sum(m.get("str", 0) for m in modifiers(st, rec)))


def icons(st: State, rec: InPlay) -> list[str]:
    have = set(CARDS[rec["card"]].icons)
    for mod in modifiers(st, rec):
        have.update(mod.get("icons", []))
    return [i for i in ("military", "intrigue", "power") if i in have]


def keywords(st: State, rec: InPlay) -> list[str]:
    have = [] if blanked(st, rec) else list(CARDS[rec["card"]].keywords)
    lost: list[str] = []
    for mod in modifiers(st, rec):
        have += [k for k in mod.get("keywords", []) if k not in have]
        lost += mod.get("lose", [])
    return [k for k in have if k not in lost]


def traits(st: State, rec: InPlay) -> list[str]:
    have = list(CARDS[rec["card"]].traits)
    for mod in modifiers(st, rec):
        have += [t for t in mod.get("traits", []) if t not in have]
    return have


def has_keyword(st: State, rec: InPlay, word: str) -> bool:
    return any(k == word or k.startswith(word + " ") for k in keywords(st, rec))


def revealed(st: State, plot: str) -> list[int]:
    """The seats whose revealed plot is ``plot``."""
    return [s for s in seats(st) if player(st, s)["revealed"] == plot]


def gold_bonus(st: State, seat: int) -> int:
    """Gold bonuses of every card ``seat`` controls, knelt or not (§5.3); none this round
    under Rains of Autumn ("income bonuses printed on cards are ignored")."""
    if revealed(st, "rains-of-autumn"):
        return 0
    return sum(CARDS[c["card"]].gold_bonus or 0 for c in controlled(st, seat))


def income(st: State, seat: int) -> int:
    """The revealed plot's income plus gold bonuses, fixed at the start of the turn (§3.3);
    Blockade: "opponents' revealed plots have 0 income"."""
    plot = player(st, seat)["revealed"]
    printed = CARDS[plot].income or 0 if plot else 0
    if any(s != seat for s in revealed(st, "blockade")):
        printed = 0
    return printed + gold_bonus(st, seat) + income_bonus(st, seat)  # Master of Coin


def dominance_count(st: State, seat: int) -> int:
    """STR of standing characters plus gold in the gold pool (§3.5)."""
    standing = sum(strength(st, c) for c in characters(st, seat) if not c["knelt"])
    return standing + player(st, seat)["gold"]


def influence(st: State, seat: int) -> int:
    """Influence of ``seat``'s standing cards (digest §6.7: kneeling a card spends it)."""
    return sum(CARDS[c["card"]].influence or 0 for c in controlled(st, seat) if not c["knelt"])
