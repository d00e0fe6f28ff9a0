"""Cards of the full card game's pool that no box deck holds (rules 2.1.0): the Core Set's
neutral Knights, Maesters, events and locations of the Baratheon and Targaryen boxes, and
Narrow Sea, each with its text (``cards.json``). A deck may hold them in the ``lcg``
profile (``decks.house_pool``); ``test_card_coverage.py`` derives the list from the data."""

from __future__ import annotations

from typing import Any

from .ability import Ability, CardRules, State
from .cards import CARDS
from .effects_stark import pay_influence
from .reducers import reduces
from .searches import push_search
from .state import characters, find, gain_power, note
from .stats import blanked
from .targeting import (
    Trig,
    count_use,
    every_pile_into_deck,
    influence_sets,
    kneel_self,
    limit,
    mine,
    opponent_cards,
    save_it,
    source_rec,
    standing_self,
    unaffected,
)
from .zones import discard_from_play, moribund, push_discard


# Knight of Flowers: "Automatic at the start of the dominance phase: if he is standing, he
# gains 1 power" (on himself; forced, so it runs with the phase's other starts).
def _knight_of_flowers(st: State, uid: str) -> None:
    rec = find(st, uid)
    if rec is None or rec["knelt"] or moribund(rec) or blanked(st, rec):
        return
    gained = gain_power(st, rec["controller"], 1, uid)
    note(st, rec["controller"], f"gained {gained} power on", [rec["card"]], passive=True)


# Maester Aemon: "Response. Cost: kneel Aemon. Target: a Night's Watch character about to be
# killed. Effect: save it." (killed only: a discard is not a kill)
def _aemon_can(st: State, seat: int, source: str, trig: Trig) -> bool:
    return (trig is not None and "Night's Watch" in CARDS[trig["card"]].traits
            and standing_self(st, seat, source, trig))


# Ser Barristan Selmy: "Triggered automatically after he enters play: each player shuffles
# their discard pile into their deck." He enters play only when marshalled (no Ambush or
# Shadows; setup cards fire nothing), so this is his "played" passive.
def _barristan(st: State, seat: int, uid: str) -> None:
    every_pile_into_deck(st, "discard")
    note(st, seat, "shuffled every discard pile into its deck (Ser Barristan Selmy)")


# Dance With Dragons / Muster: "look through your deck for a Dragon card / a Knight
# character, show it to everyone, add it to hand, then shuffle" (searches.py).
def _search(what: str) -> Any:
    def resolve(st: State, seat: int, source: str, target: str, trig: Trig) -> None:
        push_search(st, seat, what)
    return resolve


# A cost with nothing aimed at is the target "cost>" (as "cost>aim" with no aim).
def _one_influence(st: State, seat: int, source: str, trig: Trig) -> list[str]:
    return [f"{cost}>" for cost in influence_sets(st, seat, 1)]


def _standing_knights(st: State, seat: int, source: str, trig: Trig) -> list[str]:
    """Muster's cost: a standing Knight you control (a cost: immunity does not stop it)."""
    return [f"{c['uid']}>" for c in characters(st, seat) if not c["knelt"]
            and "Knight" in CARDS[c["card"]].traits]


# Seductive Promise: "you won a power challenge by a margin of 4 or more total STR. Target:
# a non-unique character the losing opponent controls. Effect: you gain control of it.
# Limit: 1 per phase." Support of the Kingdom: "you won a power challenge. Target: an
# opponent's location that provides gold and/or influence. Effect: you gain control of it."
def _won_power(st: State, seat: int, source: str, trig: Trig) -> bool:
    ch = st["challenge"]
    return mine(st, seat, source, trig) and ch is not None and ch["type"] == "power"


def _margin(st: State) -> int:
    attack, defense = st["challenge"]["strength"]
    return int(attack - defense if st["challenge"]["winner"] == st["challenge"]["attacker"]
               else defense - attack)


def _promise_can(st: State, seat: int, source: str, trig: Trig) -> bool:
    return (_won_power(st, seat, source, trig) and _margin(st) >= 4
            and limit(st, f"seductive-promise:{seat}:{st['phase']}", 1))


def _loser(st: State) -> int:
    ch = st["challenge"]
    return int(ch["defender"] if ch["winner"] == ch["attacker"] else ch["attacker"])


def _promised(st: State, seat: int, source: str, trig: Trig) -> list[str]:
    return opponent_cards(st, seat, source, lambda c: CARDS[c["card"]].type == "character"
                          and not CARDS[c["card"]].unique, only=_loser(st))


def _providing(st: State, seat: int, source: str, trig: Trig) -> list[str]:
    """A Chambers on its House card is not "a location" (README, "The Chambers")."""
    return opponent_cards(st, seat, source, lambda c: CARDS[c["card"]].type == "location"
                          and c["host"] != "house"
                          and bool(CARDS[c["card"]].gold_bonus or CARDS[c["card"]].influence))


def _take_control(st: State, seat: int, source: str, target: str, trig: Trig) -> None:
    if source == "seductive-promise":
        count_use(st, f"seductive-promise:{seat}:{st['phase']}")
    rec = source_rec(st, target)
    rec["controller"] = seat
    ch = st["challenge"]
    if ch is not None:  # a card changing sides leaves the challenge (§5.9)
        for side in ("attackers", "defenders"):
            if target in ch[side]:
                ch[side].remove(target)
    note(st, seat, "gained control of", [rec["card"]])


# Westeros Bleeds: "Timing: dominance phase. Cost: kneel 4 influence. Effect: every character
# in play is discarded." (untargeted: one immune to events is passed by, §6.1; each may be
# saved from the discard)
def _four_influence(st: State, seat: int, source: str, trig: Trig) -> list[str]:
    return [f"{cost}>" for cost in influence_sets(st, seat, 4)]


def _bleed(st: State, seat: int, source: str, target: str, trig: Trig) -> None:
    alive = [c["uid"] for c in characters(st) if not moribund(c)]
    for uid in reversed(unaffected(st, alive, seat, source)):
        push_discard(st, uid)


def _discard_self(st: State, seat: int, source: str, target: str, trig: Trig) -> None:
    discard_from_play(st, source)


RULES: dict[str, CardRules] = {
    "knight-of-flowers": CardRules(dominance_start=_knight_of_flowers),
    "maester-aemon": CardRules(abilities=(Ability(
        "kneel Aemon: save a Night's Watch character", save_it, trigger="would_die",
        save=True, can=_aemon_can, pay=kneel_self),)),
    "ser-barristan-selmy": CardRules(on_played=_barristan),
    "dance-with-dragons": CardRules(abilities=(Ability(
        "kneel 1 influence: search your deck for a Dragon card", _search("dragon"),
        targets=_one_influence, pay=pay_influence),)),
    "muster": CardRules(abilities=(Ability(
        "kneel a Knight: search your deck for a Knight character", _search("knight"),
        phases=("marshalling",), targets=_standing_knights, pay=pay_influence),)),
    "seductive-promise": CardRules(abilities=(Ability(
        "take control of a non-unique character of the loser", _take_control,
        trigger="won", can=_promise_can, targets=_promised),)),
    "support-of-the-kingdom": CardRules(abilities=(Ability(
        "take control of an opponent's location that gives gold or influence", _take_control,
        trigger="won", can=_won_power, targets=_providing),)),
    "westeros-bleeds": CardRules(abilities=(Ability(
        "kneel 4 influence: discard every character in play", _bleed,
        phases=("dominance",), targets=_four_influence, pay=pay_influence),)),
    "narrow-sea": CardRules(abilities=(Ability(
        "discard Narrow Sea: your next Stark or Baratheon character this phase costs 2 less",
        reduces("stark or baratheon character", 2), phases=("marshalling",),
        pay=_discard_self),)),
    "street-of-sisters": CardRules(abilities=(Ability(
        "kneel: your next character with a power icon this phase costs 1 less",
        reduces("power character", 1), phases=("marshalling",), can=standing_self,
        pay=kneel_self),)),
}
