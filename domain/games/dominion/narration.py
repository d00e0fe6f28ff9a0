"""Dominion's words (``domain.kernel.narration``): the log line of each event and each legal
move as a button.

A log line tells the notes the rules left in the state after the event (``state.note``), one
sentence each, after a sentence for a move that leaves no note (ending a turn, passing). A
note marked ``secret`` (cards drawn, looked at, or put face down onto a deck) names its cards
only to the audience that may see its seat's secrets, and to everyone once the game is over;
to the others it tells how many cards, as the views show hand and deck sizes. Cards go by the
names printed on them (``cards.name``), never by their ids.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from domain.kernel import Audience, Narration
from domain.kernel.contract import plain_label

from .cards import amount, name
from .state import Note, Result, State

Move = dict[str, Any]

# Each act a note may hold, as a sentence after its seat: {cards} is the cards ("Gold", "3
# Coppers and Estate", or "2 cards" where they are hidden), {their} the seat's possessive.
ACTS = {
    "drew": "drew {cards}",
    "played": "played {cards}",
    "played twice": "played {cards} twice",
    "bought": "bought {cards}",
    "gained": "gained {cards}",
    "gained to hand": "gained {cards} to {their} hand",
    "gained to deck": "gained {cards} onto {their} deck",
    "gained from the trash": "gained {cards} from the trash",
    "trashed": "trashed {cards}",
    "discarded": "discarded {cards}",
    "revealed": "revealed {cards}",
    "revealed and put onto the deck": "revealed {cards} and put it onto {their} deck",
    "revealed a hand with no Victory card": "revealed a hand with no Victory card: {cards}",
    "put back onto the deck": "put {cards} back onto {their} deck",
    "put onto the deck": "put {cards} from {their} discard pile onto {their} deck",
    "put onto the deck from hand": "put {cards} from {their} hand onto {their} deck",
    "set aside": "set aside {cards}",
    "looked at": "looked at {cards}",
    "put the deck into the discard pile": "put {their} deck into {their} discard pile",
    "shuffled the discard pile into a new deck":
        "shuffled {their} discard pile into a new deck",
}
# An act with cards that may be none: a Bureaucrat's victim may hold no card at all.
EMPTY = {"revealed a hand with no Victory card": "revealed an empty hand"}
KINGDOM = "set out the kingdom"

# A move that leaves no note, told from the move and the effect it answered (the pending
# frame's op, "turn" for the turn's own moves); {card} is the card that effect holds.
PASSES = {
    ("turn", "end_turn"): "{who} ended {their} turn",
    ("cellar", "done"): "{who} {are} done discarding",
    ("chapel", "done"): "{who} {are} done trashing",
    ("react", "decline"): "{who} did not reveal a Moat",
    ("throne", "skip"): "{who} chose not to play an Action twice",
    ("mine", "skip"): "{who} chose not to trash a Treasure",
    ("moneylender", "skip"): "{who} chose not to trash a Copper",
    ("harbinger", "skip"): "{who} chose not to put a card onto {their} deck",
    ("vassal", "skip"): "{who} chose not to play the {card}",
    ("chancellor", "skip"): "{who} kept {their} deck",
    ("thief", "skip"): "{who} left the {card} in the trash",
}


def narrate(before: State, after: State, event: dict[str, Any], audience: Audience) -> str:
    sentences = []
    if event["type"] == "move":
        sentences += move_sentence(before, event["seat"], event["move"], audience)
    names, reader, everything = audience.names, audience.seat, audience.everything
    sentences += [note_sentence(names, reader, everything, entry["seat"], entry["act"],
                                 bool(entry.get("secret")), tuple(entry["cards"]))
                  for entry in merged(after["notes"])]
    if after["result"] is not None:
        sentences += result_sentences(after["result"], audience)
    if not sentences:  # no rule leaves an event untold; should one, say who acted
        sentences = [f"{audience.who(event['seat'])} made a move" if event["type"] == "move"
                     else "The draw was made"]
    return ". ".join(sentences) + "."


TURN: Mapping[str, Any] = {"op": "turn"}  # what a turn's own move answers, as a frame


def move_sentence(before: State, seat: int, move: Move, audience: Audience) -> list[str]:
    """The sentence of a move that leaves no note of its own, or none."""
    pending = before["pending"]
    frame: Mapping[str, Any] = pending[-1] if pending else TURN
    template = PASSES.get((frame["op"], move["kind"]))
    if template is None:
        return []
    card = frame.get("card")
    return [template.format(who=audience.who(seat), are=audience.verb(seat, "are", "is"),
                            their=their(audience, seat), card=name(card) if card else "card")]


def merged(notes: list[Note]) -> list[Note]:
    """The notes with each run of the same seat's same act told once ("looked at Copper and
    Gold" rather than twice "looked at")."""
    if len(notes) < 2:  # most events leave one note: nothing to merge
        return notes
    runs: list[Note] = []
    for entry in notes:
        last = runs[-1] if runs else None
        if last is not None and (last["seat"], last["act"], last.get("secret")) == (
                entry["seat"], entry["act"], entry.get("secret")) and entry["act"] != KINGDOM:
            runs[-1] = {**last, "cards": last["cards"] + entry["cards"]}
        else:
            runs.append(entry)
    return runs


# A note's sentence. A game's notes repeat (a hand drawn, a Silver bought, a cleanup), and a
# verifier writes every line again: the same note for the same reader is the same sentence,
# worked out once (one cached call in place of the half dozen that name the seat and its
# cards). The reader by its parts: an Audience hashes in Python.
@lru_cache(maxsize=8192)
def note_sentence(names: tuple[str, ...], reader: int | None, everything: bool, seat: int,
                   act: str, secret: bool, cards: tuple[str, ...]) -> str:
    audience = Audience(names, reader, everything)
    if act == KINGDOM:
        return f"The kingdom is {listed([name(card) for card in cards])}"
    if act == "goes first":
        return f"{audience.who(seat)} {audience.verb(seat, 'go', 'goes')} first"
    hidden = secret and not audience.sees(seat)
    told = amount(len(cards), "card") if hidden and len(cards) != 1 else \
        "a card" if hidden else cards_text(cards)
    template = ACTS.get(act, act + " {cards}")
    if not cards:
        template = EMPTY.get(act, template)
    return f"{audience.who(seat)} " + template.format(cards=told, their=their(audience, seat))


def result_sentences(result: Result, audience: Audience) -> list[str]:
    """The end: why, each seat's points, and who won (a tie on points and turns shares it)."""
    scores = [f"{audience.who(seat, start=seat == 0)} {audience.verb(seat, 'have', 'has')} "
              f"{amount(points, 'point')}"
              for seat, points in enumerate(result["scores"])]
    winners = result["winners"]
    won = [audience.who(seat, start=i == 0) for i, seat in enumerate(winners)]
    if len(winners) == 1:
        verdict = f"{won[0]} {audience.verb(winners[0], 'win', 'wins')}"
    else:
        verdict = f"{listed(won)} share the win"
    return [f"The game is over: {result['reason']}", listed(scores), verdict]


def their(audience: Audience, seat: int) -> str:
    return "your" if audience.is_you(seat) else "their"


def cards_text(cards: Sequence[str]) -> str:
    """Cards by name, each name once with its count, in the order first met: "3 Coppers,
    Estate and Silver"."""
    counts: dict[str, int] = {}
    for card in cards:
        counts[card] = counts.get(card, 0) + 1
    return listed([name(card) if n == 1 else amount(n, name(card)) for card, n in counts.items()])


def listed(items: list[str]) -> str:
    """"A", "A and B", "A, B and C"."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


# ---- labels: every legal move as a button ----

# A move by its kind and the effect it answers (as in PASSES); {card} is the move's card,
# {held} the card the effect holds (Vassal's, Spy's, Thief's) or looks at (Library's).
LABELS = {
    ("turn", "play"): "Play {card}",
    ("turn", "play_treasures"): "Play all your Treasures",
    ("turn", "buy"): "Buy {card}",
    ("turn", "end_turn"): "End your turn",
    ("throne", "play"): "Play {card} twice",
    ("throne", "skip"): "Play no Action twice",
    ("vassal", "play"): "Play {card}",
    ("vassal", "skip"): "Leave the {held} discarded",
    ("thief", "gain"): "Gain the trashed {card}",
    ("thief", "skip"): "Leave the {held} in the trash",
    ("cellar", "done"): "Done discarding",
    ("chapel", "done"): "Done trashing",
    ("mine", "skip"): "Trash no Treasure",
    ("moneylender", "trash"): "Trash a Copper for +$3",
    ("moneylender", "skip"): "Keep your Coppers",
    ("harbinger", "skip"): "Leave your discard pile as it is",
    ("chancellor", "skip"): "Keep your deck",
    ("sentry", "topdeck"): "Put {card} back onto your deck",
    ("spy", "discard"): "Discard the {held}",
    ("spy", "put_back"): "Put the {held} back",
}
# The same kind in every other effect.
KINDS = {
    "gain": "Gain {card}",
    "discard": "Discard {card}",
    "trash": "Trash {card}",
    "topdeck": "Put {card} onto your deck",
    "reveal": "Reveal {card}",
    "decline": "Do not reveal a Moat",
    "reveal_hand": "Reveal your hand",
    "set_aside": "Set aside {held}",
    "keep": "Keep {held}",
    "discard_deck": "Put your deck into your discard pile",
}


def label(state: State, seat: int, move: Move, audience: Audience) -> str:
    frame: dict[str, Any] = dict(state["pending"][-1]) if state["pending"] else {"op": "turn"}
    kind = move["kind"]
    template = LABELS.get((frame["op"], kind)) or KINDS.get(kind)
    if template is None:
        return plain_label(move)
    look = state["players"][frame.get("seat", seat)]["look"]
    held = frame.get("card") or (look[0] if look else None)
    return template.format(card=name(move["card"]) if move.get("card") else "a card",
                           held=name(held) if held else "card")


NARRATION = Narration(narrate=narrate, label=label)
