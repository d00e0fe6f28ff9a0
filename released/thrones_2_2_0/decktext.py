"""Thrones decklists as players write them: the plain text ThronesDB exports, and what people
type by hand (README, "Decklists as text").

    Winter's wolves                       (the first line, when it names nothing else)
    House Stark
    Agenda: Fealty
    Plots (7)
    2x The Power of Arms (Core Set)
    Characters (30)
    3x Eddard Stark
    Catelyn Stark x2

Liberal in what it takes: "3x Name", "3 Name", "Name x3", "Name" (one copy); set names in
parentheses and brackets; section headers ("Characters (12)", "Plot deck:") and totals;
"House Stark", "House: Stark", "Faction: House Stark" or "Stark" alone; "Agenda: Fealty" or an
agenda's name on its own line; card ids as well as names; case, accents and punctuation
ignored. A name shared by two cards (Hand of the King) is the one its section names, else the
card of the house deck. Each line that names nothing is a problem with the nearest name.

It changes no outcome (the rules' ``check`` judges what it reads), so it is left out of the
rules digest; the registry attaches it as ``DeckRules.text``.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections import Counter
from collections.abc import Mapping
from typing import Any

from domain.kernel import DeckReading, DeckText, UnreadableDeck

from .cards import CARDS, HOUSES, Card
from .decks import HOUSE_CARD_TYPES, MAX_COUNT, box_only

MAX_LINES = 500
MAX_LINE_LENGTH = 200
# A section header names the card type of the lines under it (which settles a shared name).
SECTIONS = {"plot": "plot", "plots": "plot", "plot deck": "plot", "agenda": "agenda",
            "agendas": "agenda", "character": "character", "characters": "character",
            "location": "location", "locations": "location", "attachment": "attachment",
            "attachments": "attachment", "event": "event", "events": "event",
            "draw deck": None, "house deck": None, "deck": None, "cards": None}
IGNORED = ("total", "packs", "cycle", "deck size", "draw deck size", "plot deck size",
           "influence", "cards up to", "created", "updated", "version")
WRITTEN_TYPES = (("character", "Characters"), ("location", "Locations"),
                 ("attachment", "Attachments"), ("event", "Events"))
_COUNT_FIRST = re.compile(r"^(\d+)\s*[x×]?\s+(.+)$", re.IGNORECASE)
_COUNT_LAST = re.compile(r"^(.+?)\s+[x×]\s*(\d+)$", re.IGNORECASE)
_COUNT_ONLY_FIRST = re.compile(r"^[x×](\d+)\s+(.+)$", re.IGNORECASE)
_SET_NAME = re.compile(r"\s*[(\[][^()\[\]]*[)\]]\s*$")
_HEADER = re.compile(r"^([a-z ]+?)\s*(?:[:(]\s*\d*\s*\)?)?\s*:?$")
_LABEL = re.compile(r"^(name|deck name|house|faction|agenda)\s*:\s*(.*)$", re.IGNORECASE)


def key(words: str) -> str:
    """The form two spellings of one name share: no accents, case or punctuation."""
    plain = unicodedata.normalize("NFKD", words).encode("ascii", "ignore").decode()
    return "".join(ch for ch in plain.casefold() if ch.isalnum())


def _names() -> dict[str, tuple[Card, ...]]:
    found: dict[str, list[Card]] = {}
    for card in CARDS.values():
        if not box_only(card):
            for spelling in (card.name, card.id):
                found.setdefault(key(spelling), [])
                if card not in found[key(spelling)]:
                    found[key(spelling)].append(card)
    return {k: tuple(cards) for k, cards in found.items()}


NAMES = _names()
_PREFERRED = (*HOUSE_CARD_TYPES, "plot", "agenda")


def _choose(cards: tuple[Card, ...], section: str | None) -> Card:
    """The card a shared name means: the section's type, else the house deck's, else any."""
    for wanted in ((section,) if section else ()) + _PREFERRED:
        for card in cards:
            if card.type == wanted:
                return card
    return cards[0]


def refuse_hostile(text: str) -> list[str]:
    """The lines of ``text``, or UnreadableDeck where no decklist is that long or holds a
    control character (a person's list is a few dozen short lines)."""
    lines = text.splitlines()
    if len(lines) > MAX_LINES:
        raise UnreadableDeck(f"A decklist has at most {MAX_LINES} lines; this text has "
                             f"{len(lines)}.")
    for number, line in enumerate(lines, 1):
        if len(line) > MAX_LINE_LENGTH:
            raise UnreadableDeck(f"Line {number} is {len(line)} characters long; a decklist's "
                                 f"lines have at most {MAX_LINE_LENGTH}.")
        if any(unicodedata.category(ch) in ("Cc", "Cf", "Co", "Cs") and ch != "\t"
               for ch in line):
            raise UnreadableDeck(f"Line {number} holds a control character; a decklist is "
                                 "plain text.")
    return lines


def _count_and_name(line: str, number: int) -> tuple[int | None, str]:
    """The count a line gives (None: none written) and the rest, its set name dropped."""
    for pattern, count_at in ((_COUNT_FIRST, 1), (_COUNT_ONLY_FIRST, 1), (_COUNT_LAST, 2)):
        found = pattern.match(line)
        if found:
            digits = found.group(count_at)
            if len(digits) > 3 or int(digits) > MAX_COUNT:
                raise UnreadableDeck(f"Line {number} asks for {digits} copies; a decklist "
                                     f"holds at most {MAX_COUNT} of a card.")
            return int(digits), _SET_NAME.sub("", found.group(3 - count_at)).strip()
    return None, _SET_NAME.sub("", line).strip()


class _Reader:
    """One pass over the lines, section by section."""

    def __init__(self) -> None:
        self.house: str | None = None
        self.agenda: str | None = None
        self.plots: list[str] = []
        self.cards: Counter[str] = Counter()
        self.name: str | None = None
        self.section: str | None = None
        self.problems: list[dict[str, Any]] = []
        self.seen_content = False

    def line(self, number: int, raw: str) -> None:
        line = raw.strip().strip("*-•").strip()
        if not line or line.startswith(("#", "//")):
            return
        first = not self.seen_content
        self.seen_content = True
        labelled = _LABEL.match(line)
        if labelled:
            self._labelled(number, labelled.group(1).lower(), labelled.group(2).strip())
        elif not self._header(line) and not self._house(line):
            self._card(number, line, first)

    def _labelled(self, number: int, label: str, value: str) -> None:
        if label in ("name", "deck name"):
            self.name = value or None
        elif label == "agenda":
            if key(value) not in ("", "none", "noagenda"):
                self._card(number, value, False, wanted="agenda")
        elif not self._house(value):
            self._problem(number, value, f"{value!r} is no House of the card pool (choose "
                          f"{' or '.join(h.capitalize() for h in HOUSES)}).", None)

    def _header(self, line: str) -> bool:
        found = _HEADER.match(line.casefold())
        if found and found.group(1).strip() in SECTIONS:
            self.section = SECTIONS[found.group(1).strip()]
            return True
        return line.casefold().startswith(IGNORED) and ":" in line or bool(
            re.match(r"^total cards?\b", line.casefold()))

    def _house(self, line: str) -> bool:
        words = key(line)
        for house in HOUSES:
            if words in (house, f"house{house}", f"factionhouse{house}"):
                self.house = house
                return True
        return False

    def _card(self, number: int, line: str, first: bool, wanted: str | None = None) -> None:
        count, name = _count_and_name(line, number)
        cards = NAMES.get(key(name))
        if cards is None:
            if first and count is None:
                self.name = line  # ThronesDB's export starts with the deck's name
                return
            nearest = _nearest(name) if len(self.problems) < SUGGESTED else None
            self._problem(number, line, f"{name!r} names no card of the pool.", nearest)
            return
        if count == 0:
            return
        card = _choose(cards, wanted or self.section)
        copies = 1 if count is None else count
        if card.type == "agenda":
            self.agenda = card.id
        elif card.type == "plot":
            self.plots += [card.id] * copies
        else:
            self.cards[card.id] += copies

    def _problem(self, number: int, text: str, message: str, suggestion: str | None) -> None:
        self.problems.append({"line": number, "text": text, "message": message,
                              "suggestion": suggestion})


_BY_KEY = {key(c.name): c.name for c in CARDS.values() if not box_only(c)}
SUGGESTED = 50  # lines given the nearest name; past them a list is not a misspelling or two


def _nearest(name: str) -> str | None:
    close = difflib.get_close_matches(key(name), list(_BY_KEY), n=1, cutoff=0.6)
    return _BY_KEY[close[0]] if close else None


def read(text: str) -> DeckReading:
    """The decklist ``text`` writes (unchecked), its name, and each line naming nothing."""
    reader = _Reader()
    for number, line in enumerate(refuse_hostile(text), 1):
        reader.line(number, line)
    decklist = {"house": reader.house or "", "agenda": reader.agenda,
                "plots": sorted(reader.plots),
                "cards": [[cid, n] for cid, n in sorted(reader.cards.items())]}
    return DeckReading(decklist=decklist, name=reader.name, problems=reader.problems)


def write(decklist: Mapping[str, Any], name: str | None) -> str:
    """``decklist`` as ThronesDB writes it: name, House, agenda, then each section."""
    lines = [name] if name else []
    lines.append(f"House {str(decklist.get('house', '')).capitalize()}")
    agenda = decklist.get("agenda")
    lines.append(f"Agenda: {CARDS[agenda].name if agenda in CARDS else 'none'}")
    plots = Counter(decklist.get("plots", []))
    lines += ["", f"Plots ({sum(plots.values())})",
              *(f"{n}x {_written(cid)}" for cid, n in sorted(plots.items()))]
    rows: Counter[str] = Counter()
    for cid, n in decklist.get("cards", []):
        rows[cid] += n
    for card_type, header in WRITTEN_TYPES:
        these = sorted((_written(cid), n) for cid, n in rows.items() if _type(cid) == card_type)
        if these:
            lines += ["", f"{header} ({sum(n for _, n in these)})",
                      *(f"{n}x {written}" for written, n in these)]
    others = sorted((cid, n) for cid, n in rows.items() if _type(cid) not in HOUSE_CARD_TYPES)
    if others:  # not house cards (a title, an unknown id): kept, for check to name
        lines += ["", "Cards", *(f"{n}x {cid}" for cid, n in others)]
    return "\n".join(lines) + "\n"


def _type(card_id: str) -> str | None:
    return CARDS[card_id].type if card_id in CARDS else None


def _written(card_id: str) -> str:
    """A card's name, or its id where the name would read back as another card."""
    card = CARDS.get(card_id)
    if card is None:
        return card_id
    return card.name if _choose(NAMES[key(card.name)], card.type) is card else card_id


DECK_TEXT = DeckText(read=read, write=write)
