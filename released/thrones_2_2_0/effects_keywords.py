"""Rules of the cards issue 11's keywords part adds: the authored cards exercising the
sheet's keywords (most are vanilla but for their keyword, whose rule is ``keywords.py``,
``shadows.py`` or ``setup_lcg.py``), and the DATA versions of the box-variant cards that
``lcg`` decks use (GOT-R-42/43: Jon Snow, The Hound, Eddard Stark)."""

from __future__ import annotations

from typing import Any

from .ability import Ability, CardRules, Mod, Src
from .effects_lannister import RULES as LANNISTER
from .effects_neutral import _on_bearer
from .state import State, find, gain_power
from .targeting import Trig, draws, mine


# Jon Snow (DATA): "Constant: events cannot affect Ghost (immunity). Response, trigger: you
# won a challenge in which Jon or Ghost took part. Effect: Jon gains 1 power."
def _ghost_immune(st: State, source: Src, target: dict[str, Any]) -> Mod | None:
    if target["card"] == "ghost" and target["controller"] == source["controller"]:
        return {"keywords": ["Immune to events"]}
    return None


def _jon_took_part(st: State, seat: int, source: str, trig: Trig) -> bool:
    ch = st["challenge"]
    if ch is None or not mine(st, seat, source, trig):
        return False
    jon_or_ghost = {source} | {c["uid"] for c in st["play"] if c["card"] == "ghost"
                               and c["controller"] == seat}
    return bool(jon_or_ghost & set(ch["attackers"] + ch["defenders"]))


def _jon_power(st: State, seat: int, source: str, target: str, trig: Trig) -> None:
    gain_power(st, seat, 1, source)


# Eddard Stark (DATA): "On entering play: Eddard claims 1 power" (GOT-R-43: a passive when
# he is played; placing him at setup is neither playing nor putting him into play).
def _eddard_enters(st: State, seat: int, uid: str) -> None:
    if find(st, uid) is not None:
        gain_power(st, seat, 1, uid)


RULES: dict[str, CardRules] = {
    "a-last-letter": CardRules(abilities=(Ability("draw 1 card", draws(1)),)),
    "northern-steel": CardRules(constant=_on_bearer({"str": 1})),
    "heirloom-blade": CardRules(constant=_on_bearer({"str": 1})),
    "jon-snow": CardRules(constant=_ghost_immune, abilities=(Ability(
        "Jon Snow gains 1 power", _jon_power, trigger="won", can=_jon_took_part),)),
    "the-hound": LANNISTER["the-hound-box"],  # the same text; DATA's STR 4 is the card's
    "eddard-stark": CardRules(on_played=_eddard_enters),
}
