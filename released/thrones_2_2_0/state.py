"""The game state (plain JSON data) and the small helpers every rule uses to move cards,
gold and power.

Shape::

    {"options": {...}, "round": n, "phase": "setup" | "plot" | "draw" | "marshalling" |
     "challenges" | "dominance" | "standing" | "taxation", "first": seat | None,
     "players": [Player, ...] (2 in the box, 2-6 in ``lcg``), "play": [Card in play...],
     "next_uid": n,
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
    # lcg only (issue 11): cards face down in Shadows (hidden but their count), cards drawn
    # this round (the draw cap), Shadows placements at setup (hidden until the reveal)
    shadows: NotRequired[list[str]]
    drawn: NotRequired[int]
    setup_shadows: NotRequired[list[str]]
    agenda: str | None  # the agenda card id (lcg), announced at setup; never in play


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
    defender: int  # the defending player (in melee, a supporter who took over: GOT-R-28)
    target: NotRequired[int]  # melee: the player attacked, who pays the claim (§6.3)
    kingsguard: NotRequired[int]  # the Lord Commander who took it onto themself (GOT-R-27)
    attackers: list[str]
    defenders: list[str]
    stealthed: list[str]  # chosen by Stealth: may not defend
    stealth_left: list[str]  # Stealth attackers that have not chosen yet
    winner: int | None
    strength: list[int]  # [attack, defense] once resolved
    after_win: list[dict[str, int]]  # {"seat", "draw"}: "if you win" riders


class ChallengeResult(TypedDict):
    """The last challenge resolved (kept after it ends: README "Positions")."""
    round: int
    type: str
    attacker: int
    defender: int
    target: NotRequired[int]  # melee: the player attacked
    totals: dict[str, int]  # {"attacker", "defender"}: each side's STR as resolved
    winner: int | None  # None: nobody won (no attacker left, GOT-R-16)
    unopposed: bool


class InitiativeResult(TypedDict):
    """The last initiative won (kept after the first player is chosen)."""
    round: int
    initiative: list[int]  # each seat's initiative, by seat
    winner: int
    drawn: bool  # a tie after initiative and power, settled by a public draw


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


def lcg(st: State) -> bool:
    """Whether the game follows the full card game's reference sheet (``profile`` ``lcg``)
    rather than the two-player box: the one switch between the two (digest §2.3, §6)."""
    return bool(st["options"].get("profile") == "lcg")


def other(seat: int) -> int:
    """The other seat of a two-seat game (the box); N-seat code uses ``clockwise``."""
    return 1 - seat


def seats(st: State) -> range:
    return range(len(st["players"]))


def melee(st: State) -> bool:
    """Three or more players (digest §2.4): titles, targets, supports and opposes."""
    return len(st["players"]) > 2


def clockwise(st: State, start: int) -> list[int]:
    """Every seat, clockwise (seat numbers rising, wrapping) from ``start``."""
    n = len(st["players"])
    return [(start + i) % n for i in range(n)]


def next_seat(st: State, seat: int) -> int:
    """The seat on ``seat``'s left: the next to act in anything done "in turn"."""
    return (seat + 1) % len(st["players"])


def in_order(st: State) -> list[int]:
    """Every seat, the first player first, then clockwise (§2.4: every "in turn" step)."""
    return clockwise(st, st["first"] if st["first"] is not None else 0)


def opponents(st: State, seat: int) -> list[int]:
    """Every other seat, clockwise from ``seat``'s left."""
    return clockwise(st, seat)[1:]


def opponent(st: State, seat: int) -> int:
    """"The opponent" of a card written for two players. With two, the other seat; in melee
    the other party of the challenge in progress when ``seat`` takes part in it, otherwise
    the player on ``seat``'s left (a simplification: the cards of the two box decks name no
    opponent to choose, README "Melee")."""
    if not melee(st):
        return other(seat)
    ch = st["challenge"]
    if ch is not None and seat in (ch["attacker"], ch["defender"]):
        return int(ch["defender"] if seat == ch["attacker"] else ch["attacker"])
    return next_seat(st, seat)


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


DRAW_CAP = 5  # "1round に引けるのは card effectsを含み最大5枚" (GOT-R-26)


def draw(st: State, seat: int, n: int, capped: bool = True) -> int:
    """Draw up to ``n`` from the top, one at a time; an empty deck draws nothing (GOT-R-5).
    In ``lcg`` at most 5 a round, card effects included, setup draws not (GOT-R-26): draws
    past the cap are skipped; ``capped=False`` draws outside it (the Master of Laws)."""
    p = player(st, seat)
    if lcg(st) and capped and st["phase"] != "setup":
        allowed = max(0, min(n, DRAW_CAP - p.get("drawn", 0)))
        if allowed < n:
            note(st, seat, f"could not draw {n - allowed} more (at most {DRAW_CAP} a round)")
        n = allowed
        p["drawn"] = p.get("drawn", 0) + min(n, len(p["deck"]))
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
    """"15점 이상 ... 즉시 승리": checked after every power change; several at once, the first
    of them in turn order from the first player wins (§3.8)."""
    if st["result"] is not None:
        return
    totals = [total_power(st, s) for s in seats(st)]
    reached = [s for s in in_order(st) if totals[s] >= WIN_POWER]
    if reached:
        st["result"] = {"scores": totals, "winners": [reached[0]], "reason":
                        f"seat {reached[0]} reached {WIN_POWER} power",
                        "rounds": st["round"]}


def claim_payer(st: State) -> int:
    """Who pays the challenge's claim: its target (a supporter who defended instead of it is
    the defending player for everything else, GOT-R-28)."""
    ch = st["challenge"]
    return int(ch.get("target", ch["defender"]))


def kneel(st: State, uid: str) -> None:
    card(st, uid)["knelt"] = True


def is_standing(st: State, uid: str) -> bool:
    found = find(st, uid)
    return found is not None and not found["knelt"]
