"""House Lannister's cards (the box's Lannister deck, ``house: lannister`` and the authored
box cards), each with its text (``cards.json``)."""

from __future__ import annotations

from typing import Any

from domain.kernel import Prompt
from domain.kernel.stack import GO, WAIT, Op

from .ability import Ability, CardRules, State
from .cards import CARDS
from .effects_neutral import GILDED_PLATE
from .entering import house_allows
from .infamy import offer_infamy
from .reducers import reduces
from .state import (
    find,
    gain_power,
    melee,
    note,
    opponents,
    pay_gold,
    player,
    spendable,
    total_power,
)
from .stats import strength
from .targeting import (
    Trig,
    add_lasting,
    char_uids,
    characters_where,
    chosen_opponents,
    count_use,
    draws,
    every,
    gold_at_least,
    is_me,
    kill_it,
    kneel_it,
    kneel_self,
    limit,
    mine,
    opponent_chosen,
    participating,
    pays,
    standing,
    standing_self,
    targetable,
    then,
)
from .zones import discard_from_play, leave_play, push_discard, push_random_discard


def lannister_card(card_id: str) -> bool:
    return CARDS[card_id].house == "lannister"


def house_only(st: State, seat: int, source: str, trig: Trig) -> bool:
    return house_allows(st, seat, CARDS[source])


# Varys (box): "after you play Varys, you must choose an Ally character in play and discard
# it; if he is the only Ally in play, discard Varys." (GOT-EX-11; GOT-R-20: any Ally on
# either side, Varys included; mandatory)
def _allies(st: State, frame: dict[str, Any]) -> list[str]:
    """The Allies Varys may choose: an Ally immune to his (character) ability cannot be
    chosen (§6.1), Varys himself always can (never immune to his own ability)."""
    return [c["uid"] for c in st["play"] if "Ally" in CARDS[c["card"]].traits
            and CARDS[c["card"]].type == "character" and "moribund" not in c
            and targetable(st, c, frame["seat"], frame["uid"])]


def _varys_played(st: State, seat: int, uid: str) -> None:
    st["pending"].append({"op": "varys", "seat": seat, "uid": uid})


def run_varys(st: State, frame: dict[str, Any]) -> bool:
    allies = _allies(st, frame)
    if len(allies) > 1:
        return WAIT
    st["pending"].pop()
    if allies:
        push_discard(st, allies[0])
    return GO


def ask_varys(st: State, frame: dict[str, Any]) -> Prompt:
    return Prompt(frame["seat"], "varys", "Varys: choose an Ally character in play to discard",
                  [{"kind": "discard", "card": uid} for uid in _allies(st, frame)])


def answer_varys(st: State, frame: dict[str, Any], move: dict[str, Any]) -> None:
    st["pending"].pop()
    push_discard(st, move["card"])


# The Hound (box): "when killed he goes to your discard pile, not the dead pile. Forced at
# the start of the dominance phase: either discard your deck's top card or discard The
# Hound from play (no save possible)."
def _hound_start(st: State, uid: str) -> None:
    rec = find(st, uid)
    assert rec is not None
    st["pending"].append({"op": "hound", "seat": rec["controller"], "uid": uid})


def run_hound(st: State, frame: dict[str, Any]) -> bool:
    if find(st, frame["uid"]) is None:
        st["pending"].pop()
        return GO
    if not player(st, frame["seat"])["deck"]:
        st["pending"].pop()
        discard_from_play(st, frame["uid"])
        return GO
    return WAIT


def ask_hound(st: State, frame: dict[str, Any]) -> Prompt:
    return Prompt(frame["seat"], "hound", "The Hound: discard the top card of your deck, or "
                  "discard The Hound from play", [{"kind": "hound", "discard": "deck"},
                                                  {"kind": "hound", "discard": "hound"}])


def answer_hound(st: State, frame: dict[str, Any], move: dict[str, Any]) -> None:
    st["pending"].pop()
    if move["discard"] == "hound":
        discard_from_play(st, frame["uid"])
        return
    p = player(st, frame["seat"])
    top = p["deck"].pop()
    p["discard"].append(top)
    note(st, frame["seat"], "discarded from the top of their deck", [top])


def _won(kind: str | None = None, took_part: bool = False) -> Any:
    """You won a challenge (of ``kind``; with this card participating)."""
    def check(st: State, seat: int, source: str, trig: Trig) -> bool:
        ch = st["challenge"]
        return (mine(st, seat, source, trig) and ch is not None
                and (kind is None or ch["type"] == kind)
                and (not took_part or participating(st, source)))
    return check


def _tyrion_can(st: State, seat: int, source: str, trig: Trig) -> bool:
    """Tyrion: "you won a challenge that was either an intrigue challenge or one Tyrion took
    part in"."""
    return bool(_won("intrigue")(st, seat, source, trig) or _won(took_part=True)(
        st, seat, source, trig))


def _house_gains(n: int) -> Any:
    def resolve(st: State, seat: int, source: str, target: str, trig: Trig) -> None:
        offer_infamy(st, seat, gain_power(st, seat, n))
    return resolve


def _lord_or_lady_killed(st: State, seat: int, source: str, trig: Trig) -> bool:
    return (trig is not None and bool({"Lord", "Lady"} & set(CARDS[trig["card"]].traits))
            and limit(st, f"{source}:joffrey", 3))


def _joffrey(st: State, seat: int, source: str, target: str, trig: Trig) -> None:
    count_use(st, f"{source}:joffrey")
    gain_power(st, seat, 1, source)


def _attendant_can(st: State, seat: int, source: str, trig: Trig) -> bool:
    return trig is not None and trig["card"] in ("cersei-lannister", "cerseis-attendant")



def _shae_targets(st: State, seat: int, source: str, trig: Trig) -> list[str]:
    """Shae: "a character whose controller has more power than you"."""
    mine_ = total_power(st, seat)
    return char_uids(st, lambda c: not c["knelt"] and total_power(st, c["controller"]) > mine_,
                     user=seat, source=source)


def _cersei(st: State, seat: int, source: str, target: str, trig: Trig) -> None:
    """Kneel it; "it stays knelt through this round's standing phase"."""
    kneel_it(st, seat, source, target, trig)
    add_lasting(st, target, "round", source, keywords=["Stays knelt"])


def _jacelyn(st: State, seat: int, source: str, target: str, trig: Trig) -> None:
    """Ser Jacelyn Bywater killed: "every opponent discards 1 random card from hand"."""
    for theirs in reversed(opponents(st, seat)):  # pushed: the one on the left first
        push_random_discard(st, theirs, 1, "Ser Jacelyn Bywater")


def _is_killed_card(card_id: str) -> Any:
    def check(st: State, seat: int, source: str, trig: Trig) -> bool:
        return trig is not None and trig["card"] == card_id and trig["seat"] == seat
    return check


# Bronn: "pay 2 gold: until the phase ends, if the target would be killed while Bronn is
# knelt, Bronn stands and the target is not killed" (zones.run_kill reads the marker).
def _bronn(st: State, seat: int, source: str, target: str, trig: Trig) -> None:
    add_lasting(st, target, "phase", source, keywords=[f"Guarded by {source}"])


# Chella: "you won a challenge with a participating Clansman ... pay X gold, X the target's
# printed cost: return a location to its owner's hand".
def _clansman_won(st: State, seat: int, source: str, trig: Trig) -> bool:
    ch = st["challenge"]
    return mine(st, seat, source, trig) and ch is not None and any(
        "Clansman" in CARDS[c["card"]].traits for c in st["play"]
        if participating(st, c["uid"]))


def _affordable_locations(st: State, seat: int, source: str, trig: Trig) -> list[str]:
    return [c["uid"] for c in st["play"] if CARDS[c["card"]].type == "location"
            and c["host"] != "house"  # the Chambers on a House card are not "a location"
            and "moribund" not in c
            and (CARDS[c["card"]].cost or 0) <= spendable(st, seat)]


def _pay_printed(st: State, seat: int, source: str, target: str, trig: Trig) -> None:
    pay_gold(st, seat, CARDS[find(st, target)["card"]].cost or 0)  # type: ignore[index]


def _to_hand(st: State, seat: int, source: str, target: str, trig: Trig) -> None:
    note(st, seat, "returned to its owner's hand", [find(st, target)["card"]])  # type: ignore[index]
    leave_play(st, target, "hand")


# Magister Illyrio: "kneel Illyrio: name a challenge type: whenever that opponent initiates
# a challenge of that type this phase, they pay you 1 gold" (challenges.answer_declare).
# In melee "Target: an opponent" is chosen: "p<seat>:<type>" (rules 2.1.0).
def _types(st: State, seat: int, source: str, trig: Trig) -> list[str]:
    kinds = ["military", "intrigue", "power"]
    return [f"{who}:{kind}" if who else kind for who in chosen_opponents(st, seat)
            for kind in kinds]


def _toll(st: State, seat: int, source: str, target: str, trig: Trig) -> None:
    kind = target.split(":")[-1]
    payer = opponent_chosen(st, seat, target)
    st["tolls"].append({"payer": payer, "to": seat, "type": kind})
    note(st, seat, f"named {kind}: Seat {payer} pays 1 gold for each such challenge"
         if melee(st) else f"named {kind}: the opponent pays 1 gold for each such challenge")


# Lannisport Brothel: "during the standing phase, a knelt character has just stood ... kneel
# the Brothel: kneel that character again" (phases.run_standing opens the triggers).
def _brothel(st: State, seat: int, source: str, target: str, trig: Trig) -> None:
    assert trig is not None
    kneel_it(st, seat, source, trig["uid"], trig)


# Grand Maester Pycelle: "an opponent's effect has revealed at least one card: reveal your
# top deck card and add it to your hand. Limit 3 per phase." (searches and Call Their Bluff
# open ``revealed`` triggers; Pycelle's own reveal opens none: "cannot answer another
# Pycelle's effect")
def _pycelle_can(st: State, seat: int, source: str, trig: Trig) -> bool:
    return (trig is not None and trig["seat"] != seat and bool(player(st, seat)["deck"])
            and limit(st, f"pycelle:{source}:{st['phase']}", 3))


def _pycelle(st: State, seat: int, source: str, target: str, trig: Trig) -> None:
    count_use(st, f"pycelle:{source}:{st['phase']}")
    p = player(st, seat)
    top = p["deck"].pop()
    p["hand"].append(top)
    note(st, seat, "revealed the top card of their deck and took it", [top])


# Raff the Sweetling: "any phase, pay 1 gold: look at an opponent's top deck card, then leave
# it there or move it to the bottom of that deck". Only Raff's player sees the card (in its
# own prompt); whether it went to the bottom is public.
def _raff_targets(st: State, seat: int, source: str, trig: Trig) -> list[str]:
    """An opponent with a deck ("an opponent's top deck card": chosen in melee)."""
    return chosen_opponents(st, seat, lambda theirs: bool(player(st, theirs)["deck"]))


def _raff(st: State, seat: int, source: str, target: str, trig: Trig) -> None:
    theirs = opponent_chosen(st, seat, target)
    st["pending"].append({"op": "raff", "seat": seat, "whose": theirs,
                          "card": player(st, theirs)["deck"][-1]})


def run_raff(st: State, frame: dict[str, Any]) -> bool:
    return WAIT


def ask_raff(st: State, frame: dict[str, Any]) -> Prompt:
    return Prompt(frame["seat"], "raff", f"Raff the Sweetling: the top card of the opponent's "
                  f"deck is {CARDS[frame['card']].name}: leave it, or put it at the bottom",
                  [{"kind": "raff", "put": "top"}, {"kind": "raff", "put": "bottom"}])


def answer_raff(st: State, frame: dict[str, Any], move: dict[str, Any]) -> None:
    st["pending"].pop()
    deck = player(st, frame["whose"])["deck"]
    if move["put"] == "bottom" and deck:
        deck.insert(0, deck.pop())
    note(st, frame["seat"], f"left the opponent's top card on the {move['put']}")


# Tywin Lannister: "at the start of the marshalling phase: 2 gold moves from the treasury onto
# Tywin. Gold sitting on Tywin may be spent as though it were in your gold pool"
# (state.spendable / pay_gold spend it; it returns to the pool when he leaves play).
def tywin_collects(st: State) -> None:
    for rec in st["play"]:
        if rec["card"] == "tywin-lannister":
            n = min(2, st["pool"]["gold"])
            st["pool"]["gold"] -= n
            rec["gold"] = rec.get("gold", 0) + n
            note(st, rec["controller"], f"moved {n} gold from the treasury onto",
                 [rec["card"]])


ANY = characters_where(lambda st, c: True)
STANDING = characters_where(standing)

RULES: dict[str, CardRules] = {
    "varys-box": CardRules(on_played=_varys_played),
    "the-hound-box": CardRules(dominance_start=_hound_start, killed_to="discard"),
    "tyrion-lannister": CardRules(abilities=(Ability(
        "pay 1 gold: draw 1 card", draws(1), trigger="won",
        can=every(_tyrion_can, gold_at_least(1)), pay=pays(1)),)),
    "qyburns-informers": CardRules(abilities=(Ability(
        "draw 2 cards", draws(2), trigger="won", can=_won("intrigue", took_part=True)),)),
    "lannisport": CardRules(abilities=(Ability(
        "pay 1 gold: your House gains 1 power", _house_gains(1), trigger="won",
        can=every(_won("intrigue"), gold_at_least(1)), pay=pays(1)),)),
    "joffrey-baratheon": CardRules(abilities=(Ability(
        "Joffrey gains 1 power", _joffrey, trigger="killed", can=_lord_or_lady_killed),)),
    "cerseis-attendant": CardRules(abilities=(Ability(
        "kneel a character", kneel_it, trigger="killed", can=_attendant_can,
        targets=STANDING),)),
    "enemy-informer": CardRules(abilities=(Ability(
        "kneel a character", kneel_it, trigger="played", can=is_me, targets=STANDING),)),
    "ser-ilyn-payne": CardRules(abilities=(Ability(
        "kneel Ser Ilyn: kill a character of STR 2 or lower", kill_it,
        phases=("marshalling",), can=standing_self, pay=kneel_self,
        targets=characters_where(lambda st, c: _str(st, c) <= 2)),)),
    "shae": CardRules(abilities=(Ability(
        "kneel Shae: kneel a character whose controller has more power", kneel_it,
        phases=("challenges",), can=standing_self, pay=kneel_self, targets=_shae_targets),)),
    "cersei-lannister": CardRules(abilities=(Ability(
        "kneel Cersei, pay 2 gold: kneel a character until after standing", _cersei,
        phases=("dominance",), can=every(standing_self, gold_at_least(2)),
        pay=then(kneel_self, pays(2)), targets=STANDING),)),
    "hall-of-heroes": CardRules(abilities=(Ability(
        "kneel: your next Lannister character this phase costs 2 less",
        reduces("lannister character", 2), phases=("marshalling",), can=standing_self,
        pay=kneel_self),)),
    "western-fiefdoms": CardRules(abilities=(Ability(
        "kneel: your next Lannister card this phase costs 1 less",
        reduces("lannister card", 1), phases=("marshalling",), can=standing_self,
        pay=kneel_self),)),
    "sunset-sea": CardRules(abilities=(Ability(
        "discard Sunset Sea: your next Lannister character this phase costs 2 less",
        reduces("lannister character", 2), phases=("marshalling",),
        pay=lambda st, seat, source, target, trig: discard_from_play(st, source)),)),
    "gilded-plate": GILDED_PLATE,
    "ser-jacelyn-bywater": CardRules(abilities=(Ability(
        "every opponent discards 1 card at random", _jacelyn, trigger="killed",
        while_gone=True, can=_is_killed_card("ser-jacelyn-bywater")),)),
    "bronn": CardRules(abilities=(Ability(
        "pay 2 gold: Bronn guards a character this phase", _bronn,
        can=gold_at_least(2), targets=ANY, pay=pays(2)),)),
    "chella-daughter-of-cheyk": CardRules(abilities=(Ability(
        "pay its cost: return a location to its owner's hand", _to_hand, trigger="won",
        can=_clansman_won, targets=_affordable_locations, pay=_pay_printed),)),
    "magister-illyrio": CardRules(abilities=(Ability(
        "kneel Illyrio: a challenge type costs the opponent 1 gold this phase", _toll,
        phases=("challenges",), can=standing_self, targets=_types, pay=kneel_self),)),
    "lannisport-brothel": CardRules(abilities=(Ability(
        "kneel the Brothel: kneel again a character that just stood", _brothel,
        trigger="stood", can=standing_self, pay=kneel_self),)),
    # Ser Jaime: stays standing in military challenges (challenges.stays_standing); Infamy
    # (infamy.py) and Deadly are keywords.
    "ser-jaime-lannister": CardRules(),
    # Queen Cersei's Chambers: "may be put into play attached to your House card": marshal.
    "queen-cerseis-chambers": CardRules(),
    "grand-maester-pycelle": CardRules(abilities=(Ability(
        "reveal the top card of your deck and take it", _pycelle, trigger="revealed",
        can=_pycelle_can),)),
    "raff-the-sweetling": CardRules(abilities=(Ability(
        "pay 1 gold: look at the opponent's top card; leave it or bottom it", _raff,
        can=gold_at_least(1), targets=_raff_targets, pay=pays(1)),)),
    "tywin-lannister": CardRules(),  # tywin_collects, at the start of marshalling
    # Golden Tooth Mines ("whenever you reveal a plot, you draw 1 card"): phases.reveal_plots.
    "golden-tooth-mines": CardRules(),
}


def _str(st: State, rec: dict[str, Any]) -> int:
    return strength(st, rec)  # type: ignore[arg-type]


OPS: dict[str, Op[State]] = {
    "raff": Op(run_raff, ask_raff, answer_raff),
    "varys": Op(run_varys, ask_varys, answer_varys),
    "hound": Op(run_hound, ask_hound, answer_hound),
}
