"""Kingdom cards that work on the deck or discard pile rather than the hand: Harbinger,
Vassal, Library, Sentry, Adventurer, Chancellor, Artisan's put-back, Poacher. Cards revealed,
looked at or set aside by these sit in the player's ``aside`` (public) or ``look`` (private)
zone while the effect runs, so a reshuffle in the middle never takes them ("공개된 카드들은
제외하고 버린 카드를 섞어")."""

from __future__ import annotations

from typing import Any

from domain.kernel import Prompt
from domain.kernel.stack import pop, push

from .actions import SKIP, _drop, hand_of, picks, waits_on
from .cards import ACTIONS, TREASURES, amount, name
from .engine import SHUFFLE, WAIT, take_top
from .state import Frame, State, card_of, count_of, discard, empty_piles, note, trash

Move = dict[str, Any]


# ---- Harbinger: you may put a card from your discard pile onto your deck ----

def ask_harbinger(st: State, frame: Frame) -> Prompt:
    pile = st["players"][frame["seat"]]["discard"]
    return Prompt(frame["seat"], "harbinger", "Put a card from your discard pile onto your deck?",
                  [*picks("topdeck", pile), SKIP])


def answer_harbinger(st: State, frame: Frame, move: Move) -> None:
    pop(st)
    if move["kind"] == "topdeck":
        player = st["players"][frame["seat"]]
        player["discard"].remove(move["card"])
        player["deck"].append(move["card"])
        # Face down onto the deck: only its player knows which card (as Sentry, Artisan).
        note(st, frame["seat"], "put onto the deck", [move["card"]], secret=True)


def run_harbinger(st: State, frame: Frame) -> bool:
    return waits_on(st["players"][frame["seat"]]["discard"]) or _drop(st)


# ---- Vassal: discard the top card; if an Action, you may play it ----

def run_vassal(st: State, frame: Frame) -> bool:
    if frame["card"] is not None:
        return WAIT
    seat = frame["seat"]
    card = take_top(st, seat)
    if card == SHUFFLE:
        return WAIT
    if card is None:
        return _drop(st)
    st["players"][seat]["discard"].append(card)
    note(st, seat, "discarded", [card])
    if card not in ACTIONS:
        return _drop(st)
    frame["card"] = card
    return WAIT


def ask_vassal(st: State, frame: Frame) -> Prompt:
    card = card_of(frame)
    return Prompt(frame["seat"], "vassal", f"Play the discarded {name(card)}?",
                  [{"kind": "play", "card": card}, SKIP])


def answer_vassal(st: State, frame: Frame, move: Move) -> None:
    pop(st)
    if move["kind"] == "play":
        seat = frame["seat"]
        player = st["players"][seat]
        player["discard"].pop()  # the Vassal's card is still the top of the pile
        card = card_of(frame)
        player["play"].append(card)
        note(st, seat, "played", [card])
        # Resolved next, using no Action.
        push(st, Frame(op="resolve", seat=seat, card=card, again=False))


# ---- Library: draw to 7, setting aside Actions you choose to skip ----

def run_library(st: State, frame: Frame) -> bool:
    seat = frame["seat"]
    player = st["players"][seat]
    if player["look"]:
        return WAIT  # an Action was drawn: keep it or set it aside?
    if len(player["hand"]) < 7:
        card = take_top(st, seat)
        if card == SHUFFLE:
            return WAIT  # the set-aside cards stay out of this reshuffle ("치워둔 카드들은...")
        if card is not None:
            # Every card drawn is looked at and its player asked (keep, or set aside an
            # Action), so that whether they are asked tells the others nothing.
            player["look"].append(card)
            return WAIT
    for card in frame["set"]:  # "모든 카드를 다 뽑은 뒤에 치워 둔 카드들을 버리도록 합니다"
        player["aside"].remove(card)
        player["discard"].append(card)
    if frame["set"]:
        note(st, seat, "discarded", frame["set"])
    return _drop(st)


def ask_library(st: State, frame: Frame) -> Prompt:
    card = st["players"][frame["seat"]]["look"][0]
    if card not in ACTIONS:
        return Prompt(frame["seat"], "library", f"You drew {name(card)}: keep it",
                      [{"kind": "keep"}])
    return Prompt(frame["seat"], "library", f"You drew {name(card)}: set it aside or keep it?",
                  [{"kind": "set_aside"}, {"kind": "keep"}])


def answer_library(st: State, frame: Frame, move: Move) -> None:
    seat = frame["seat"]
    player = st["players"][seat]
    card = player["look"].pop()
    if move["kind"] == "set_aside":
        player["aside"].append(card)
        frame["set"].append(card)
        note(st, seat, "set aside", [card])
    else:
        player["hand"].append(card)
        note(st, seat, "drew", [card], secret=True)


# ---- Sentry: look at the top 2; trash, discard or put back each, in the order chosen ----

def run_sentry(st: State, frame: Frame) -> bool:
    seat = frame["seat"]
    look = st["players"][seat]["look"]
    while frame["left"] > 0:
        card = take_top(st, seat)  # the +1 Card came first; shuffle if fewer than 2 remain
        if card == SHUFFLE:
            return WAIT
        if card is None:
            break
        look.append(card)
        note(st, seat, "looked at", [card], secret=True)
        frame["left"] -= 1
    frame["left"] = 0
    return waits_on(look) or _drop(st)


def ask_sentry(st: State, frame: Frame) -> Prompt:
    look = st["players"][frame["seat"]]["look"]
    moves = picks("trash", look) + picks("discard", look) + picks("topdeck", look)
    return Prompt(frame["seat"], "sentry",
                  "Trash, discard or put back each card you look at (the last put back is "
                  "on top)", moves)


def answer_sentry(st: State, frame: Frame, move: Move) -> None:
    seat, card = frame["seat"], move["card"]
    if move["kind"] == "trash":
        trash(st, seat, "look", card)
    elif move["kind"] == "discard":
        discard(st, seat, "look", card)
    else:
        player = st["players"][seat]
        player["look"].remove(card)
        player["deck"].append(card)
        note(st, seat, "put back onto the deck", [card], secret=True)


# ---- Adventurer (1st ed.): reveal until 2 Treasures ----

def run_adventurer(st: State, frame: Frame) -> bool:
    seat = frame["seat"]
    player = st["players"][seat]
    while frame["found"] < 2:
        card = take_top(st, seat)
        if card == SHUFFLE:
            return WAIT  # the revealed cards wait in "aside", out of the reshuffle
        if card is None:
            break
        note(st, seat, "revealed", [card])
        if card in TREASURES:
            player["hand"].append(card)
            frame["found"] += 1
        else:
            player["aside"].append(card)
            frame["set"].append(card)
    for card in frame["set"]:  # "모든 과정이 끝난 다음에 공개된 카드들을 버립니다"
        player["aside"].remove(card)
        player["discard"].append(card)
    return _drop(st)


# ---- Chancellor (1st ed.): you may put your deck into your discard pile ----

def ask_chancellor(st: State, frame: Frame) -> Prompt:
    return Prompt(frame["seat"], "chancellor", "Put your deck into your discard pile?",
                  [{"kind": "discard_deck"}, SKIP])


def answer_chancellor(st: State, frame: Frame, move: Move) -> None:
    pop(st)
    if move["kind"] == "discard_deck":
        player = st["players"][frame["seat"]]
        # The deck goes under the discard pile face down, so the visible top card is
        # unchanged and no deck card is shown to anyone.
        player["discard"] = player["deck"] + player["discard"]
        player["deck"] = []
        note(st, frame["seat"], "put the deck into the discard pile")


def run_chancellor(st: State, frame: Frame) -> bool:
    return waits_on(st["players"][frame["seat"]]["deck"]) or _drop(st)


# ---- Artisan: put a card from your hand onto your deck (after gaining to hand) ----

def ask_artisan(st: State, frame: Frame) -> Prompt:
    return Prompt(frame["seat"], "artisan", "Put a card from your hand onto your deck",
                  picks("topdeck", hand_of(st, frame)))


def answer_artisan(st: State, frame: Frame, move: Move) -> None:
    pop(st)
    player = st["players"][frame["seat"]]
    player["hand"].remove(move["card"])
    player["deck"].append(move["card"])
    note(st, frame["seat"], "put onto the deck from hand", [move["card"]], secret=True)


def run_artisan_topdeck(st: State, frame: Frame) -> bool:
    return waits_on(hand_of(st, frame)) or _drop(st)


# ---- Poacher: discard a card per empty Supply pile ----

def run_poacher(st: State, frame: Frame) -> bool:
    if frame["n"] is None:
        # Counted when the effect resolves (after its +1 Card); every empty Supply pile counts.
        frame["n"] = min(empty_piles(st), len(hand_of(st, frame)))
    return WAIT if count_of(frame) > 0 else _drop(st)


def ask_poacher(st: State, frame: Frame) -> Prompt:
    return Prompt(frame["seat"], "poacher",
                  f"Discard {amount(count_of(frame), 'more card')} (Poacher)",
                  picks("discard", hand_of(st, frame)))


def answer_poacher(st: State, frame: Frame, move: Move) -> None:
    discard(st, frame["seat"], "hand", move["card"])
    frame["n"] = count_of(frame) - 1


