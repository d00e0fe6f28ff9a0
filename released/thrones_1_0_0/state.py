"""The game state (plain JSON data) and the small helpers every rule uses to move cards,
gold and power.

Shape::

    {"options": {...}, "round": n, "phase": "setup" | "plot" | "draw" | "marshalling" |
     "challenges" | "dominance" | "standing" | "taxation", "first": seat | None,
     "players": [Player, Player], "play": [Card in play...], "next_uid": n,
     "pool": {"gold": n, "power": n}  (the token pool), "lasting": [Lasting...],
     "challenge": Challenge | None, "triggers": [Trigger...], "pending": [frames, top last],
     "result": None | {...}, "notes": [what the last event did, for the log]}

A card in hand, deck, discard or dead pile is its card id only; a card in play gets a public
``uid`` ("c7") when it enters play, so moves can name one of two Great Keeps, and nothing
lets a player follow a hidden card. ``apply_*`` work on ``working(state)``: a deep copy.
"""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict

from domain.kernel import json_copy

from .cards import CARDS

CHALLENGE_TYPES = ("military", "intrigue", "power")
WIN_POWER = 15  # "15점 이상의 세력 토큰을 먼저 모으는 플레이어가 승리합니다"
# The box's token pool; no count is printed, so it is large enough never to run dry in play
# (15 power ends the game) and it makes gold and power conservation checkable.
TOKENS = {"gold": 80, "power": 60}


class Player(TypedDict):
    house: str
    deck: list[str]  # the top last; nobody knows its order
    hand: list[str]
    discard: list[str]  # the top last; public
    dead: list[str]  # public
    plots: list[str]  # the plot deck: public (GOT-R-4)
    used: list[str]  # the used pile
    revealed: str | None  # the revealed plot
    choice: str | None  # the plot chosen, hidden until both have chosen
    gold: int
    power: int  # on the House crest
    setup: list[str]  # setup cards placed face down, hidden until revealed
    ready: bool  # answered the current simultaneous question
    limited: bool  # played a Limited card this round
    challenges: list[str]  # challenge types initiated this round


class InPlay(TypedDict):
    uid: str
    card: str
    owner: int
    controller: int
    knelt: bool
    power: int
    host: str | None  # an attachment's host uid, or "house" (the Chambers)
    dups: list[str]  # duplicates under it (card ids)
    gold: NotRequired[int]  # gold sitting on it (Tywin Lannister)
    moribund: NotRequired[str]  # killed or discarded, leaving at the window's end: where to


class Lasting(TypedDict):
    """A lasting effect on one card: ``str`` added, ``icons`` and ``keywords`` gained,
    keywords lost (``lose``), until the end of the ``until`` ("challenge", "phase",
    "round")."""

    uid: str
    str: int
    icons: list[str]
    keywords: list[str]
    lose: list[str]
    until: str
    source: str


class Challenge(TypedDict):
    type: str
    attacker: int
    defender: int
    attackers: list[str]
    defenders: list[str]
    stealthed: list[str]  # chosen by Stealth: may not defend
    stealth_left: list[str]  # Stealth attackers that have not chosen yet
    winner: int | None
    strength: list[int]  # [attack, defense] once resolved
    after_win: list[dict[str, int]]  # {"seat", "draw"}: "if you win" riders


class Trigger(TypedDict, total=False):
    """Something that happened that a response may answer (it lapses when its window ends)."""

    kind: str  # played, defending, won, lost, killed, dominance, resolved
    seat: int
    uid: str
    card: str
    used: list[str]  # response sources already used for it


class Note(TypedDict, total=False):
    seat: int
    act: str
    cards: list[str]
    secret: bool
    passive: bool  # it happened to ``seat``'s cards: "Stark Guard (Seat 0's) was killed"


State = dict[str, Any]  # the shape above; TypedDicts for its parts


def working(state: State) -> State:
    """A copy of ``state`` whose every part may be changed in place."""
    st: State = json_copy(state)
    st["notes"] = []
    return st


def note(st: State, seat: int, act: str, cards: list[str] | None = None,
         secret: bool = False, passive: bool = False) -> None:
    """Record what happened for the log; a ``secret`` note's cards are for ``seat`` only."""
    entry: Note = {"seat": seat, "act": act, "cards": list(cards or [])}
    if secret:
        entry["secret"] = True
    if passive:
        entry["passive"] = True
    st["notes"].append(entry)


def other(seat: int) -> int:
    return 1 - seat


def in_order(st: State) -> list[int]:
    """Both seats, the first player first."""
    first = st["first"] if st["first"] is not None else 0
    return [first, other(first)]


def player(st: State, seat: int) -> Player:
    found: Player = st["players"][seat]
    return found


def find(st: State, uid: str) -> InPlay | None:
    return next((c for c in st["play"] if c["uid"] == uid), None)


def card(st: State, uid: str) -> InPlay:
    found = find(st, uid)
    if found is None:
        raise KeyError(uid)
    return found


def characters(st: State, seat: int | None = None) -> list[InPlay]:
    """Characters in play (controlled by ``seat`` if given)."""
    return [c for c in st["play"] if CARDS[c["card"]].type == "character"
            and (seat is None or c["controller"] == seat)]


def controlled(st: State, seat: int) -> list[InPlay]:
    return [c for c in st["play"] if c["controller"] == seat]


def attachments_of(st: State, uid: str) -> list[InPlay]:
    return [c for c in st["play"] if c["host"] == uid]


def enter_play(st: State, seat: int, card_id: str, host: str | None = None) -> InPlay:
    """Put ``card_id`` (owned and controlled by ``seat``) into play, standing."""
    uid = f"c{st['next_uid']}"
    st["next_uid"] += 1
    rec: InPlay = {"uid": uid, "card": card_id, "owner": seat, "controller": seat,
                   "knelt": False, "power": 0, "host": host, "dups": []}
    st["play"].append(rec)
    return rec


def draw(st: State, seat: int, n: int) -> int:
    """Draw up to ``n`` from the top, one at a time; an empty deck draws nothing (GOT-R-5)."""
    p = player(st, seat)
    drawn = [p["deck"].pop() for _ in range(min(n, len(p["deck"])))]
    p["hand"] += drawn
    if drawn:
        note(st, seat, "drew", drawn, secret=True)
    return len(drawn)


def take_gold(st: State, seat: int, n: int) -> int:
    """Gold from the token pool to ``seat``'s gold pool (as much as the pool holds)."""
    n = max(0, min(n, st["pool"]["gold"]))
    st["pool"]["gold"] -= n
    player(st, seat)["gold"] += n
    return n


def spendable(st: State, seat: int) -> int:
    """Gold ``seat`` may spend: its gold pool and gold sitting on its cards (Tywin Lannister:
    "may be spent as though it were in your gold pool")."""
    on_cards: int = sum(c.get("gold", 0) for c in controlled(st, seat))
    return player(st, seat)["gold"] + on_cards


def _spend(st: State, seat: int, n: int) -> None:
    """Take ``n`` gold from ``seat``'s pool, then from the gold on its cards."""
    p = player(st, seat)
    from_pool = min(n, p["gold"])
    p["gold"] -= from_pool
    n -= from_pool
    for rec in controlled(st, seat):
        taken = min(n, rec.get("gold", 0))
        if taken:
            rec["gold"] = rec.get("gold", 0) - taken
            n -= taken


def pay_gold(st: State, seat: int, n: int) -> None:
    """Pay ``n`` gold to the token pool."""
    _spend(st, seat, n)
    st["pool"]["gold"] += n


def hand_gold(st: State, seat: int, to: int, n: int) -> None:
    """Hand ``n`` gold to another player's gold pool (Calm over Westeros, Uneasy Truce)."""
    _spend(st, seat, n)
    player(st, to)["gold"] += n


def gain_power(st: State, seat: int, n: int, uid: str | None = None) -> int:
    """Power from the token pool onto ``seat``'s House crest, or onto the card ``uid``; the
    game is won at once on 15 (§3.8)."""
    n = max(0, min(n, st["pool"]["power"]))
    st["pool"]["power"] -= n
    if uid is None:
        player(st, seat)["power"] += n
    else:
        card(st, uid)["power"] += n
    check_win(st)
    return n


def total_power(st: State, seat: int) -> int:
    """Power on the House crest plus power on the characters ``seat`` controls (§3.8)."""
    return player(st, seat)["power"] + sum(c["power"] for c in controlled(st, seat))


def check_win(st: State) -> None:
    """"15점 이상 ... 즉시 승리": checked after every power change; both at once, the first
    player wins (§3.8)."""
    if st["result"] is not None:
        return
    totals = [total_power(st, s) for s in (0, 1)]
    reached = [s for s in in_order(st) if totals[s] >= WIN_POWER]
    if reached:
        st["result"] = {"scores": totals, "winners": [reached[0]], "reason":
                        f"seat {reached[0]} reached {WIN_POWER} power",
                        "rounds": st["round"]}


def kneel(st: State, uid: str) -> None:
    card(st, uid)["knelt"] = True


def is_standing(st: State, uid: str) -> bool:
    found = find(st, uid)
    return found is not None and not found["knelt"]
