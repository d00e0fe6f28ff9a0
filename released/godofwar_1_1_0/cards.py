"""What a card in hand can be played as (digest §4.2, §4.13): its types and printed values,
number values (a destruction crystal plays as a number +3 and pays any one icon of an
interaction, digest §7.7), and the rage and stun icons.
"""

from __future__ import annotations

from .content import CONTENT

STATUS = ("stun", "poison", "destruction-crystal")
CRYSTAL = "destruction-crystal"


def types_of(card: str) -> dict[str, int | None]:
    """Each type the card may be declared as, with its printed value (None: no number)."""
    if card == CRYSTAL:
        value = next(e.params["amount"] for e in CONTENT.status[card].effects
                     if e.kind == "play_as_number")
        return {"number": value}
    if card in CONTENT.status:
        return {}
    return dict(CONTENT.cards[card].types)


def number_value(card: str) -> int | None:
    """The value the card adds as a number card, or None if it cannot be one."""
    value = types_of(card).get("number", -1)
    return None if value == -1 else (value or 0)


def pays_any_icon(card: str) -> bool:
    return card == CRYSTAL


def has_rage(card: str) -> bool:
    return card in CONTENT.cards and CONTENT.cards[card].rage


def stuns(card: str) -> bool:
    return card in CONTENT.cards and CONTENT.cards[card].stun


def name_of(card: str) -> str:
    if card in CONTENT.cards:
        return CONTENT.cards[card].name
    return CONTENT.status[card].name


def remove_one(cards: list[str], card: str) -> None:
    """Take one copy of ``card`` out of ``cards`` (the last, so a deck's top goes first)."""
    cards.reverse()
    cards.remove(card)
    cards.reverse()


def distinct(cards: list[str]) -> list[str]:
    """Each card once, in the order first held (moves name cards by id, never by copy)."""
    return list(dict.fromkeys(cards))


def combo_value(action: str, declared: str, numbers: list[str]) -> int | None:
    """A combination's value (p.7, GOW-R-5): the action card's printed number plus the number
    cards; None while a card with no printed number has no number card with it."""
    printed = types_of(action)[declared]
    if printed is None and not numbers:
        return None
    return (printed or 0) + sum(number_value(n) or 0 for n in numbers)
