"""Attacks and Moat. When an Attack is played, each other player in turn order from the
attacker's left may first reveal a Moat (``react``); then the attack hits every player who did
not, in the same order ("다른 플레이어에게 ... 현재 턴인 사람의 시계방향 다음 사람부터").

Every attacked player is asked about Moat whenever Moat is in the kingdom, holding one or not
(a player without one can only decline): asking only Moat holders would tell everyone who
holds one. The victim answers their own choices (Militia, Bureaucrat, Bandit); the attacker
answers Spy's and Thief's."""

from __future__ import annotations

from typing import Any

from domain.kernel import Prompt
from domain.kernel.stack import pop, push

from .actions import SKIP, _drop, picks
from .cards import TREASURES, VICTORIES, by_order, name
from .engine import GO, SHUFFLE, WAIT, take_top
from .state import Frame, State, card_of, discard, gain, note, others, trash

Move = dict[str, Any]


# ---- Moat ----

def run_react(st: State, frame: Frame) -> bool:
    if frame["i"] < len(frame["targets"]):
        return WAIT
    st["turn"]["immune"] = frame["immune"]
    return _drop(st)


def ask_react(st: State, frame: Frame) -> Prompt:
    seat = frame["targets"][frame["i"]]
    moves: list[Move] = [{"kind": "decline"}]
    if "moat" in st["players"][seat]["hand"]:
        moves.insert(0, {"kind": "reveal", "card": "moat"})
    return Prompt(seat, "moat", "An Attack was played: reveal a Moat to be unaffected?", moves)


def answer_react(st: State, frame: Frame, move: Move) -> None:
    seat = frame["targets"][frame["i"]]
    if move["kind"] == "reveal":
        frame["immune"] = [*frame["immune"], seat]
        note(st, seat, "revealed", ["moat"])
    frame["i"] += 1  # asked once per Attack: revealing never loops


# ---- the attack itself, after the reactions and the attacker's draw ----

def run_attack(st: State, frame: Frame) -> bool:
    pop(st)
    seat, card = frame["seat"], card_of(frame)
    victims = [o for o in others(st, seat) if o not in st["turn"]["immune"]]
    if card == "witch":
        for victim in victims:  # in turn order: matters when the Curses run out
            gain(st, victim, "curse")
        return GO
    if card == "spy":
        victims = [seat, *victims]  # "사용한 플레이어에게도 능력이 적용됩니다", the attacker first
    for victim in reversed(victims):  # the stack's top is the player to the attacker's left
        push(st, Frame(op=card, seat=victim, by=seat, left=2, set=[], card=None,
                       stage="reveal"))
    if card == "bureaucrat":
        gain(st, seat, "silver", to="deck")  # onto an empty deck it is the only card
    elif card == "bandit":
        gain(st, seat, "gold")
    return GO


def reveal(st: State, frame: Frame) -> bool:
    """Reveal the victim's top cards into ``aside`` until ``left`` is 0; WAIT on a shuffle."""
    seat = frame["seat"]
    while frame["left"] > 0:
        card = take_top(st, seat)
        if card == SHUFFLE:
            return WAIT
        if card is None:
            break
        st["players"][seat]["aside"].append(card)
        frame["set"].append(card)
        note(st, seat, "revealed", [card])
        frame["left"] -= 1
    frame["left"] = 0
    return GO


def discard_rest(st: State, frame: Frame) -> None:
    player = st["players"][frame["seat"]]
    for card in frame["set"]:
        player["aside"].remove(card)
        player["discard"].append(card)
    if frame["set"]:
        note(st, frame["seat"], "discarded", frame["set"])
    frame["set"] = []


# ---- Militia: discard down to 3 ----

def ask_militia(st: State, frame: Frame) -> Prompt:
    hand = st["players"][frame["seat"]]["hand"]
    return Prompt(frame["seat"], "militia", f"Discard down to 3 cards ({len(hand) - 3} more)",
                  picks("discard", hand))


def run_militia(st: State, frame: Frame) -> bool:
    return WAIT if len(st["players"][frame["seat"]]["hand"]) > 3 else _drop(st)


def answer_militia(st: State, frame: Frame, move: Move) -> None:
    discard(st, frame["seat"], "hand", move["card"])


# ---- Bureaucrat: put a Victory card from hand onto the deck, or reveal the hand ----

def run_bureaucrat(st: State, frame: Frame) -> bool:
    # Every victim is asked, even with one kind of Victory card or none (then revealing the
    # hand is the one move): whether a victim is asked must tell nobody what its hand holds.
    return WAIT


def _topdeck_victory(st: State, seat: int, card: str) -> None:
    player = st["players"][seat]
    player["hand"].remove(card)
    player["deck"].append(card)
    note(st, seat, "revealed and put onto the deck", [card])


REVEAL_HAND: Move = {"kind": "reveal_hand"}


def ask_bureaucrat(st: State, frame: Frame) -> Prompt:
    hand = st["players"][frame["seat"]]["hand"]
    victories = picks("topdeck", [c for c in hand if c in VICTORIES])
    return Prompt(frame["seat"], "bureaucrat", "Put a Victory card from your hand onto your deck "
                  "(or reveal a hand with none)", victories or [REVEAL_HAND])


def answer_bureaucrat(st: State, frame: Frame, move: Move) -> None:
    pop(st)
    seat = frame["seat"]
    if move["kind"] == "reveal_hand":
        note(st, seat, "revealed a hand with no Victory card",
             sorted(st["players"][seat]["hand"]))
    else:
        _topdeck_victory(st, seat, move["card"])


# ---- Bandit: trash a revealed Treasure other than Copper (the victim's choice) ----

def bandit_targets(frame: Frame) -> list[str]:
    return by_order(c for c in frame["set"] if c in TREASURES and c != "copper")


def run_bandit(st: State, frame: Frame) -> bool:
    if reveal(st, frame):
        return WAIT
    targets = bandit_targets(frame)
    if len(targets) > 1:
        return WAIT
    if targets:
        _bandit_trash(st, frame, targets[0])
    discard_rest(st, frame)
    return _drop(st)


def _bandit_trash(st: State, frame: Frame, card: str) -> None:
    frame["set"].remove(card)
    trash(st, frame["seat"], "aside", card)


def answer_bandit(st: State, frame: Frame, move: Move) -> None:
    _bandit_trash(st, frame, move["card"])
    discard_rest(st, frame)
    pop(st)


def ask_bandit(st: State, frame: Frame) -> Prompt:
    return Prompt(frame["seat"], "bandit", "Trash one of your revealed Treasures",
                  picks("trash", bandit_targets(frame)))


# ---- Spy (1st ed.): the attacker decides for each revealed card, own included ----

def run_spy(st: State, frame: Frame) -> bool:
    if frame["card"] is None:
        if reveal_one(st, frame):
            return WAIT
        if frame["card"] is None:
            return _drop(st)  # no card to reveal
    return WAIT


def reveal_one(st: State, frame: Frame) -> bool:
    frame["left"] = 1
    if reveal(st, frame):
        return WAIT
    frame["card"] = frame["set"][0] if frame["set"] else None
    return GO


def ask_spy(st: State, frame: Frame) -> Prompt:
    whose = "your" if frame["seat"] == frame["by"] else f"seat {frame['seat']}'s"
    return Prompt(frame["by"], "spy", f"Discard {whose} revealed {name(card_of(frame))} or put "
                  "it back?", [{"kind": "discard"}, {"kind": "put_back"}])


def answer_spy(st: State, frame: Frame, move: Move) -> None:
    pop(st)
    seat, card = frame["seat"], card_of(frame)
    if move["kind"] == "discard":
        discard_rest(st, frame)
    else:
        st["players"][seat]["aside"].remove(card)
        st["players"][seat]["deck"].append(card)
        note(st, seat, "put back onto the deck", [card])


# ---- Thief (1st ed.): the attacker picks the Treasure to trash and may gain it ----

def thief_targets(frame: Frame) -> list[str]:
    return by_order(c for c in frame["set"] if c in TREASURES)


def run_thief(st: State, frame: Frame) -> bool:
    if frame["stage"] == "reveal":
        if reveal(st, frame):
            return WAIT
        targets = thief_targets(frame)
        if not targets:
            discard_rest(st, frame)
            return _drop(st)
        frame["stage"] = "trash"
        if len(targets) == 1:
            _thief_trash(st, frame, targets[0])
    return WAIT


def _thief_trash(st: State, frame: Frame, card: str) -> None:
    frame["set"].remove(card)
    trash(st, frame["seat"], "aside", card)
    frame["card"] = card
    frame["stage"] = "gain"


def ask_thief(st: State, frame: Frame) -> Prompt:
    if frame["stage"] == "trash":
        return Prompt(frame["by"], "thief", f"Choose which Treasure seat {frame['seat']} trashes",
                      picks("trash", thief_targets(frame)))
    card = card_of(frame)
    return Prompt(frame["by"], "thief", f"Gain the trashed {name(card)}?",
                  [{"kind": "gain", "card": card}, SKIP])


def answer_thief(st: State, frame: Frame, move: Move) -> None:
    if move["kind"] == "trash":
        _thief_trash(st, frame, move["card"])
        return
    if move["kind"] == "gain":
        card = card_of(frame)
        st["trash"].remove(card)
        st["players"][frame["by"]]["discard"].append(card)
        note(st, frame["by"], "gained from the trash", [card])
    discard_rest(st, frame)
    pop(st)


