"""May a card enter play: the checks every way into play shares (marshalling, Ambush, setup,
Shadows, put into play by an effect): "House X only", the unique rule per player (a name in
play or in one's own dead pile, GOT-R-18), No Attachments ("except Weapon") and an
attachment's own host restrictions, and where the card may go.
"""

from __future__ import annotations

from .cards import CARDS, Card
from .state import InPlay, State, attachments_of, characters, player
from .stats import traits


def name_taken(st: State, seat: int, card_id: str) -> bool:
    """A unique name ``seat`` has in play (owned or controlled) or in its own dead pile."""
    name = CARDS[card_id].name
    in_play = any(CARDS[c["card"]].name == name for c in st["play"]
                  if c["owner"] == seat or c["controller"] == seat)
    return in_play or any(CARDS[d].name == name for d in player(st, seat)["dead"])


def house_allows(st: State, seat: int, spec: Card) -> bool:
    """"House X only": only a player whose House is X may play it (§6.1 ruling)."""
    only = [k for k in spec.keywords if k.startswith("House ") and k.endswith(" only")]
    return all(k.split()[1].lower() == player(st, seat)["house"] for k in only)


def may_host(st: State, host: InPlay, attachment: str) -> bool:
    spec, target = CARDS[attachment], CARDS[host["card"]]
    for word in target.keywords:
        if word == "No attachments":
            return False
        if word.startswith("No attachments except"):
            if word.rsplit(" ", 1)[-1] not in spec.traits:
                return False
    for word in spec.keywords + (("Lord or Lady character only",)
                                 if "Lord or Lady character only" in spec.text else ()):
        if word.endswith("character only"):
            wanted = word.removesuffix(" character only")
            if wanted in ("Stark", "Lannister") and target.house != wanted.lower():
                return False
            if wanted == "Lord or Lady" and not {"Lord", "Lady"} & set(traits(st, host)):
                return False
    if "Max one per character" in spec.keywords or attachment == "lordship":
        if any(a["card"] == attachment for a in attachments_of(st, host["uid"])):
            return False
    return True


def hosts(st: State, card_id: str) -> list[str]:
    """Where ``card_id`` may enter play: onto a character that may host it (an attachment),
    onto the House card (the Chambers' placement option, "house"), or on its own ("")."""
    spec = CARDS[card_id]
    found = ["house"] if "Placement option" in spec.text else []
    if spec.type == "attachment":
        return found + [c["uid"] for c in characters(st) if may_host(st, c, card_id)]
    return found + [""]


def may_enter(st: State, seat: int, card_id: str) -> bool:
    """The checks every way into play shares: "House X only" and the unique rule."""
    spec = CARDS[card_id]
    return house_allows(st, seat, spec) and not (spec.unique and name_taken(st, seat, card_id))
