"""Neutral cards of the box's decks (``house: neutral``), each with its text (``cards.json``);
Not Today and Jon Snow (box) are with House Stark, whose deck holds them."""

from __future__ import annotations

from typing import Any

from domain.kernel.stack import Op

from .ability import Ability, CardRules, Mod, Src, State
from .cards import CARDS
from .entering import house_allows
from .melee import trade_plot_decks
from .reducers import reduces
from .state import (
    characters,
    enter_play,
    find,
    gain_power,
    melee,
    note,
    opponents,
    pay_gold,
    player,
    spendable,
)
from .targeting import (
    Trig,
    characters_where,
    chosen_opponents,
    count_use,
    kneel_it,
    kneel_self,
    limit,
    mine,
    opponent_chosen,
    pairs,
    save_it,
    source_rec,
    stand_it,
    standing,
    standing_self,
    unaffected,
)
from .zones import discard_from_play, push_kill


def _littlefinger(st: State, source: Src, target: dict[str, Any]) -> Mod | None:
    """Littlefinger: "+1 STR per gold token currently in your gold pool"."""
    if source["uid"] != target["uid"]:
        return None
    return {"str": player(st, source["controller"])["gold"]}


def _on_bearer(mod: Mod) -> Any:
    def constant(st: State, source: Src, target: dict[str, Any]) -> Mod | None:
        return mod if source["host"] == target["uid"] else None
    return constant


def _lordship(st: State, source: Src, target: dict[str, Any]) -> Mod | None:
    """Lordship: the Lord trait, a power icon, and +4 STR during the dominance phase."""
    if source["host"] != target["uid"]:
        return None
    return {"str": 4 if st["phase"] == "dominance" else 0, "icons": ["power"],
            "traits": ["Lord"]}


def _stark_pairs(st: State, seat: int, source: str, trig: Trig) -> list[str]:
    """Two standing House Stark characters you control (a cost), as "a,b"."""
    return pairs([c["uid"] for c in characters(st, seat) if not c["knelt"]
                  and CARDS[c["card"]].house == "stark"])


def _kneel_pair(st: State, seat: int, source: str, target: str, trig: Trig) -> None:
    for uid in target.split(","):
        source_rec(st, uid)["knelt"] = True


def _pair_gains(st: State, seat: int, source: str, target: str, trig: Trig) -> None:
    """Kings in the North: "each of those two gains 1 power" (knelt as a cost, which
    immunity does not stop; an immune one then gains nothing, §6.1)."""
    for uid in unaffected(st, target.split(","), seat, source):
        gain_power(st, seat, 1, uid)


def _lethal_can(st: State, seat: int, source: str, trig: Trig) -> bool:
    ch = st["challenge"]
    return (ch is not None and ch["type"] == "military" and ch["defender"] == seat
            and limit(st, f"lethal:{ch['attacker']}:military", 1))


def _kill_attackers(st: State, seat: int, source: str, target: str, trig: Trig) -> None:
    ch = st["challenge"]
    count_use(st, f"lethal:{ch['attacker']}:military")
    for uid in reversed(unaffected(st, ch["attackers"], seat, source)):
        push_kill(st, uid)  # untargeted: an attacker immune to events is passed by (§6.1)


def _winter_can(st: State, seat: int, source: str, trig: Trig) -> bool:
    return st["challenge"] is not None and limit(st, f"winter:{seat}", 1)


def _winter(st: State, seat: int, source: str, target: str, trig: Trig) -> None:
    """Winter Is Coming: "until this challenge ends, every player whose House is Stark has
    +1 claim"."""
    count_use(st, f"winter:{seat}")
    st["claim_bonus"].append({"house": "stark", "n": 1})


def _retreat_can(st: State, seat: int, source: str, trig: Trig) -> bool:
    return (mine(st, seat, source, trig) and trig is not None and CARDS[trig["card"]].unique
            and (_dying(st, trig) is not None or trig["card"] in player(st, seat)["dead"]))


def _dying(st: State, trig: dict[str, Any]) -> dict[str, Any] | None:
    """The killed card while it is still moribund and bound for the dead pile (§4.2)."""
    rec = find(st, trig["uid"])
    return rec if rec is not None and rec.get("moribund") == "dead" else None  # type: ignore[return-value]


def _retreat(st: State, seat: int, source: str, target: str, trig: Trig) -> None:
    """Retreat: the killed unique character "goes to your hand instead of your dead pile"
    (still moribund: its destination changes; else it is taken from the dead pile)."""
    assert trig is not None
    dying = _dying(st, trig)
    if dying is not None:
        dying["moribund"] = "hand"
        note(st, seat, "will return to hand instead of the dead pile", [trig["card"]])
        return
    p = player(st, seat)
    p["dead"].remove(trig["card"])
    p["hand"].append(trig["card"])
    note(st, seat, "returned to hand from the dead pile", [trig["card"]])


def _bearer_dies(st: State, seat: int, source: str, trig: Trig) -> bool:
    return trig is not None and source_rec(st, source)["host"] == trig["uid"]


def _discard_self(st: State, seat: int, source: str, target: str, trig: Trig) -> None:
    discard_from_play(st, source)


# The Honor Guards: "action, challenges phase, from your hand: put this card into play under
# the control of an opponent of your choice. Later, when that opponent wins a challenge in
# which it took part, control of it returns to you" (challenges.return_honor_guards).
HONOR_GUARDS = ("winterfell-honor-guard", "lannisport-honor-guard")


def _give_away(st: State, seat: int, source: str, target: str, trig: Trig) -> None:
    player(st, seat)["discard"].remove(source)  # windows.use put it there, as for an event
    rec = enter_play(st, seat, source)
    rec["controller"] = opponent_chosen(st, seat, target)  # chosen in melee (rules 2.1.0)
    note(st, seat, f"put into play under Seat {rec['controller']}'s control" if melee(st)
         else "put into play under the opponent's control", [source])


def _any_opponent(st: State, seat: int, source: str, trig: Trig) -> list[str]:
    return chosen_opponents(st, seat)


def _house_only(st: State, seat: int, source: str, trig: Trig) -> bool:
    return house_allows(st, seat, CARDS[source])


CRESTED = characters_where(lambda st, c: c["knelt"] and bool(CARDS[c["card"]].crests))

# Varys (DATA; the lcg profile, GOT-R-42): "action, plot phase; only with 2 or more
# opponents. Cost: kneel Varys. Target: an opponent. Effect: until the round ends, you and
# that opponent trade plot decks and used-plot piles." Its target is "p<seat>".
def _varys_can(st: State, seat: int, source: str, trig: Trig) -> bool:
    return melee(st) and standing_self(st, seat, source, trig)


def _varys_targets(st: State, seat: int, source: str, trig: Trig) -> list[str]:
    return [f"p{s}" for s in opponents(st, seat)]


def _varys(st: State, seat: int, source: str, target: str, trig: Trig) -> None:
    theirs = int(target[1:])
    trade_plot_decks(st, seat, theirs)
    st.setdefault("traded", []).append([seat, theirs])
    note(st, seat, f"traded plot decks and used piles with Seat {theirs} until the round "
                   "ends (Varys)")


RULES: dict[str, CardRules] = {
    "varys": CardRules(abilities=(Ability(
        "kneel Varys: trade plot decks and used piles with an opponent until the round ends",
        _varys, phases=("plot",), can=_varys_can, targets=_varys_targets, pay=kneel_self),)),
    **{guard: CardRules(abilities=(Ability(
        "put it into play under the opponent's control", _give_away, phases=("challenges",),
        from_hand=True, can=_house_only, targets=_any_opponent),)) for guard in HONOR_GUARDS},
    "littlefinger": CardRules(constant=_littlefinger),
    "gutter-rats-cunning": CardRules(constant=_on_bearer({"str": 2,
                                                          "keywords": ["Stealth"]})),
    "lordship": CardRules(constant=_lordship),
    # Milk of the Poppy blanks its bearer's text: stats.blanked.
    "milk-of-the-poppy": CardRules(),
    "kings-in-the-north": CardRules(abilities=(Ability(
        "kneel 2 Stark characters: each gains 1 power", _pair_gains, trigger="dominance",
        can=mine, targets=_stark_pairs, pay=_kneel_pair),)),
    "lethal-counterattack": CardRules(abilities=(Ability(
        "kneel 2 Stark characters: kill every attacker", _kill_attackers,
        phases=("challenges",), can=_lethal_can, targets=_stark_pairs, pay=_kneel_pair),)),
    "winter-is-coming": CardRules(abilities=(Ability(
        "+1 claim for House Stark until this challenge ends", _winter,
        phases=("challenges",), can=_winter_can),)),
    "distinct-mastery": CardRules(abilities=(Ability(
        "stand a character with a crest", stand_it, targets=CRESTED),)),
    "distraction": CardRules(abilities=(Ability(
        "kneel a character with a military icon", kneel_it, phases=("marshalling",),
        targets=characters_where(lambda st, c: standing(st, c)
                                 and "military" in CARDS[c["card"]].icons)),)),
    "retreat": CardRules(abilities=(Ability(
        "return your killed unique character to your hand", _retreat, trigger="killed",
        can=_retreat_can),)),
    "bodyguard": CardRules(abilities=(Ability(
        "discard Bodyguard: save its bearer", save_it, trigger="would_leave", save=True,
        can=_bearer_dies, pay=_discard_self),)),
    "street-of-steel": CardRules(abilities=(Ability(
        "kneel: your next military character this phase costs 1 less",
        reduces("military character", 1), phases=("marshalling",), can=standing_self,
        pay=kneel_self),)),
    "shadowblack-lane": CardRules(abilities=(Ability(
        "kneel: your next intrigue character this phase costs 1 less",
        reduces("intrigue character", 1), phases=("marshalling",), can=standing_self,
        pay=kneel_self),)),
}

def _plate_pay(st: State, seat: int, source: str, target: str, trig: Trig) -> None:
    pay_gold(st, seat, 1)
    _discard_self(st, seat, source, target, trig)


# Gilded Plate (House Lannister's deck): "Cost: pay 1 gold and discard the Plate from play
# (no save possible). Effect: the bearer is saved when it would be killed".
GILDED_PLATE = CardRules(abilities=(Ability(
    "pay 1 gold, discard Gilded Plate: save its bearer", save_it, trigger="would_leave",
    save=True, can=lambda st, seat, source, trig: _bearer_dies(st, seat, source, trig)
    and spendable(st, seat) >= 1, pay=_plate_pay),))

OPS: dict[str, Op[State]] = {}
