"""House Stark's cards (the box's Stark deck, ``house: stark`` and the authored box cards),
each with its text (``cards.json``)."""

from __future__ import annotations

from typing import Any

from domain.kernel import Prompt
from domain.kernel.stack import Op

from .ability import Ability, CardRules, Mod, Src, State
from .cards import CARDS
from .phases import reveal_plot
from .reducers import reduces
from .state import characters, draw, gain_power, note, player, seats
from .stats import keywords
from .targeting import (
    Trig,
    add_lasting,
    characters_where,
    count_use,
    draws,
    every,
    every_pile_into_deck,
    gold_at_least,
    influence_sets,
    is_me,
    kill_it,
    kneel_all,
    kneel_self,
    limit,
    mine,
    participating,
    pays,
    save_it,
    source_rec,
    stand_it,
    standing_self,
    targetable,
)
from .zones import leave_play


def host_is(source: Src, target: dict[str, Any]) -> bool:
    return bool(source["host"] == target["uid"])


# Jon Snow (box): "Response: after a challenge in which Jon Snow was defending has resolved,
# stand him." (GOT-EX-3 step 6)
def _jon_can(st: State, seat: int, source: str, trig: Trig) -> bool:
    ch = st["challenge"]
    return ch is not None and source_rec(st, source)["knelt"] and source in ch["defenders"]


def _stand_self(st: State, seat: int, source: str, target: str, trig: Trig) -> None:
    stand_it(st, seat, source, source, trig)


# Eddard Stark (box): "Response: after you play Eddard Stark from your hand, he gains 1 power
# from the token pool." (GOT-EX-6; placing him at setup is not playing him)
def _eddard_power(st: State, seat: int, source: str, target: str, trig: Trig) -> None:
    gain_power(st, seat, 1, source)


def _lady(st: State, source: Src, target: dict[str, Any]) -> Mod | None:
    """Lady: "Sansa Stark has +1 STR and renown"."""
    if target["card"] == "sansa-stark":
        return {"str": 1, "keywords": ["Renown"]}
    return None


def _direwolves(st: State, seat: int | None = None) -> int:
    return sum(1 for c in st["play"] if "Direwolf" in CARDS[c["card"]].traits
               and (seat is None or c["controller"] == seat))


def _kennel_master(st: State, source: Src, target: dict[str, Any]) -> Mod | None:
    """Kennel Master: "+1 STR per Direwolf card in play"."""
    return {"str": _direwolves(st)} if source["uid"] == target["uid"] else None


def _kennel_can(st: State, seat: int, source: str, trig: Trig) -> bool:
    """"While you control 3 or more Direwolf cards ... when it would be killed": save it."""
    return is_me(st, seat, source, trig) and _direwolves(st, seat) >= 3


def _back_to_hand(st: State, seat: int, source: str, target: str, trig: Trig) -> None:
    save_it(st, seat, source, target, trig)
    leave_play(st, source, "hand")


def _shaggydog(st: State, source: Src, target: dict[str, Any]) -> Mod | None:
    """Shaggydog: with a House Stark Lord, +3 STR and immunity to events."""
    if source["uid"] != target["uid"]:
        return None
    # Traits read without constant modifiers but Lordship's (a constant reading constants
    # would loop: Shaggydog reading himself).
    lord = any(("Lord" in CARDS[c["card"]].traits or any(
        a["card"] == "lordship" and a["host"] == c["uid"] for a in st["play"]))
               and CARDS[c["card"]].house == "stark"
               for c in characters(st, source["controller"]))
    return {"str": 3, "keywords": ["Immune to events"]} if lord else None


def _rodrik(st: State, source: Src, target: dict[str, Any]) -> Mod | None:
    """Ser Rodrik Cassel: "+2 STR whenever he is defending" (he stays standing: challenges)."""
    ch = st["challenge"]
    if source["uid"] == target["uid"] and ch is not None and target["uid"] in ch["defenders"]:
        return {"str": 2}
    return None


# Robb Stark: "Response: you won a military challenge with Robb among the participants.
# Target: any character the losing player controls. Effect: kill it."
def _robb_can(st: State, seat: int, source: str, trig: Trig) -> bool:
    ch = st["challenge"]
    return (mine(st, seat, source, trig) and ch is not None and ch["type"] == "military"
            and source in ch["attackers"] + ch["defenders"])


# Ghost: "events cannot affect Jon Snow"; "kneel Ghost: save a Night's Watch character".
def _ghost(st: State, source: Src, target: dict[str, Any]) -> Mod | None:
    if target["card"] in ("jon-snow-box", "jon-snow") and (  # DATA Jon in lcg decks
            target["controller"] == source["controller"]):
        return {"keywords": ["Immune to events"]}
    return None


def _nights_watch_dies(st: State, seat: int, source: str, trig: Trig) -> bool:
    return (trig is not None and "Night's Watch" in CARDS[trig["card"]].traits
            and standing_self(st, seat, source, trig))


# Greatjon Umber: "during a military or power challenge ... kneel Greatjon: he joins that
# challenge as a participant" (on his controller's side).
def _greatjon_can(st: State, seat: int, source: str, trig: Trig) -> bool:
    ch = st["challenge"]
    return (ch is not None and ch["type"] in ("military", "power")
            and standing_self(st, seat, source, trig) and source not in
            ch["attackers"] + ch["defenders"])


def _join(st: State, seat: int, source: str, target: str, trig: Trig) -> None:
    ch = st["challenge"]
    ch["attackers" if ch["attacker"] == seat else "defenders"].append(source)
    note(st, seat, "joined the challenge with", [source_rec(st, source)["card"]])


# Winterfell Reserves: "declared as a defender ... pay 1 gold: move the top card of any one
# player's discard pile onto the top of that player's deck".
def _piles(st: State, seat: int, source: str, trig: Trig) -> list[str]:
    return [f"p{s}" for s in seats(st) if player(st, s)["discard"]]


def _pile_to_deck(st: State, seat: int, source: str, target: str, trig: Trig) -> None:
    owner = player(st, int(target[1:]))
    card_id = owner["discard"].pop()
    owner["deck"].append(card_id)
    note(st, seat, "put on top of a deck from a discard pile", [card_id])


# Catelyn Stark: "declared as a defender ... one participating character: its STR is
# ignored when totalling".
def _participants(st: State, seat: int, source: str, trig: Trig) -> list[str]:
    return [c["uid"] for c in characters(st) if participating(st, c["uid"])
            and targetable(st, c, seat, source)]


def _ignore_str(st: State, seat: int, source: str, target: str, trig: Trig) -> None:
    add_lasting(st, target, "challenge", source, keywords=["STR ignored"])
    note(st, seat, "had the STR ignored of", [source_rec(st, target)["card"]])


# Sansa Stark: "some player has played an attachment onto Sansa: that player may draw 1
# card" (marshal.marshal pushes the question; the drawer is the attachment's player).
def run_sansa(st: State, frame: dict[str, Any]) -> bool:
    return True


def ask_sansa(st: State, frame: dict[str, Any]) -> Prompt:
    return Prompt(frame["seat"], "sansa", "Sansa Stark: draw 1 card?",
                  [{"kind": "draw"}, {"kind": "decline"}])


def answer_sansa(st: State, frame: dict[str, Any], move: dict[str, Any]) -> None:
    st["pending"].pop()
    if move["kind"] == "draw":
        draw(st, frame["seat"], 1)


# Benjen Stark: "after Benjen is killed: each player shuffles their dead pile into their
# deck" (a passive).
def _benjen(st: State, owner: int) -> None:
    every_pile_into_deck(st, "dead")  # every seat in melee (rules 2.0.0: seats 0 and 1 only)
    note(st, owner, "shuffled every dead pile into its deck (Benjen Stark)")


# Trident Reinforcements: "dominance phase, while this card is in your dead pile and that
# pile holds 3 or more characters: move it from the dead pile into your hand".
def _trident_can(st: State, seat: int, source: str, trig: Trig) -> bool:
    dead = player(st, seat)["dead"]
    return source in dead and sum(1 for c in dead if CARDS[c].type == "character") >= 3


def _trident(st: State, seat: int, source: str, target: str, trig: Trig) -> None:
    player(st, seat)["dead"].remove(source)
    player(st, seat)["hand"].append(source)
    note(st, seat, "returned from the dead pile to hand", [source])


# Arya Stark: "any phase, kneel 1 influence: a character having stealth and/or renown: until
# the phase ends the target loses those keywords and Arya gains each". Target "cost>target".
def _arya_targets(st: State, seat: int, source: str, trig: Trig) -> list[str]:
    costs = influence_sets(st, seat, 1)
    aims = [c["uid"] for c in characters(st) if c["uid"] != source
            and {"Stealth", "Renown"} & set(keywords(st, c))
            and targetable(st, c, seat, source)]
    return [f"{cost}>{aim}" for cost in costs for aim in aims]


def pay_influence(st: State, seat: int, source: str, target: str, trig: Trig) -> None:
    kneel_all(st, target.split(">")[0])


def _arya(st: State, seat: int, source: str, target: str, trig: Trig) -> None:
    aim = target.split(">")[1]
    taken: list[str] = [k for k in ("Stealth", "Renown")
                        if k in keywords(st, source_rec(st, aim))]
    add_lasting(st, aim, "phase", source, lose=taken)
    add_lasting(st, source, "phase", source, keywords=taken)
    note(st, seat, f"took {' and '.join(taken)} from", [source_rec(st, aim)["card"]])


# Bran Stark: "plot phase, kneel Bran: pick another plot card from your plot deck and reveal
# it as your new plot (limit 3 times per round)".
def _bran_can(st: State, seat: int, source: str, trig: Trig) -> bool:
    return standing_self(st, seat, source, trig) and limit(st, f"bran:{seat}", 3)


def _other_plots(st: State, seat: int, source: str, trig: Trig) -> list[str]:
    return sorted(set(player(st, seat)["plots"]))


def _bran(st: State, seat: int, source: str, target: str, trig: Trig) -> None:
    count_use(st, f"bran:{seat}")
    reveal_plot(st, seat, target)
    # An effect that reveals a card: the opponent's Pycelle may answer it (README ruling).
    st["triggers"].append({"kind": "revealed", "seat": seat, "used": []})
    st["pending"].append({"op": "call", "fn": "when_revealed", "seat": seat})


RULES: dict[str, CardRules] = {
    "jon-snow-box": CardRules(abilities=(Ability(
        "stand Jon Snow after a challenge he defended", _stand_self, trigger="resolved",
        can=_jon_can),)),
    "eddard-stark-box": CardRules(abilities=(Ability(
        "Eddard Stark gains 1 power", _eddard_power, trigger="played", can=is_me),)),
    "stark-guard": CardRules(abilities=(Ability(
        "draw 1 card", draws(1), trigger="defending", can=is_me),)),
    "maester-luwin": CardRules(abilities=(Ability(
        "kneel Maester Luwin to draw 2 cards", draws(2), phases=("dominance",),
        can=standing_self, pay=kneel_self),)),
    "lady": CardRules(constant=_lady),
    "kennel-master": CardRules(constant=_kennel_master, abilities=(Ability(
        "save the Kennel Master and return it to your hand", _back_to_hand,
        trigger="would_leave", save=True, can=_kennel_can),)),
    "shaggydog": CardRules(constant=_shaggydog),
    "ser-rodrik-cassel": CardRules(constant=_rodrik),
    "robb-stark": CardRules(abilities=(Ability(
        "kill a character of the losing player", kill_it, trigger="won", can=_robb_can,
        targets=characters_where(lambda st, c: True, "theirs")),)),
    "house-tully-recruiter": CardRules(abilities=(Ability(
        "kneel: your next Stark character this phase costs 1 less",
        reduces("stark character", 1), phases=("marshalling",), can=standing_self,
        pay=kneel_self),)),
    "ghost": CardRules(constant=_ghost, abilities=(Ability(
        "kneel Ghost: save a Night's Watch character", save_it, trigger="would_leave",
        save=True, can=_nights_watch_dies, pay=kneel_self),)),
    "greatjon-umber": CardRules(abilities=(Ability(
        "kneel Greatjon: he joins the challenge", _join, phases=("challenges",),
        can=_greatjon_can, pay=kneel_self),)),
    "winterfell-reserves": CardRules(abilities=(Ability(
        "pay 1 gold: the top card of a discard pile goes on top of its deck", _pile_to_deck,
        trigger="defending", can=every(is_me, gold_at_least(1)), targets=_piles,
        pay=pays(1)),)),
    "catelyn-stark": CardRules(abilities=(Ability(
        "ignore the STR of a participating character", _ignore_str, trigger="defending",
        can=is_me, targets=_participants),)),
    "arya-stark": CardRules(abilities=(Ability(
        "kneel 1 influence: take Stealth and Renown from a character this phase", _arya,
        targets=_arya_targets, pay=pay_influence),)),
    "bran-stark": CardRules(abilities=(Ability(
        "kneel Bran: reveal another plot as your new plot", _bran, phases=("plot",),
        can=_bran_can, targets=_other_plots, pay=kneel_self),)),
    "sansa-stark": CardRules(),  # her question: marshal.marshal, ``sansa`` below
    "benjen-stark": CardRules(on_killed=_benjen),
    "trident-reinforcements": CardRules(abilities=(Ability(
        "from your dead pile, with 3 characters there: return to hand", _trident,
        phases=("dominance",), while_gone=True, can=_trident_can),)),
    # Grey Wind's discount while Robb is in play: reducers.cost (Deadly: challenges).
    "grey-wind": CardRules(),
    # Vanilla, or rules kept where they apply: Hodor (never an attacker, not bypassed by
    # Stealth: challenges.py), Direwolf Pup ("House Stark only": marshal.house_allows).
    "hodor": CardRules(),
}

OPS: dict[str, Any] = {"sansa": Op(run_sansa, ask_sansa, answer_sansa)}

