"""Titles (digest §6.3; melee only: three or more players in the ``lcg`` profile).

Each plot phase, after the "when revealed" step, every title returns and each player takes
one untaken title, the first player first, then clockwise (GOT-R-30). ``st["titles"]`` holds
each seat's title (public). A title **supports** or **opposes** others (the title cards'
``title_supports`` / ``title_opposes``); the relation holds between the players holding them:

* you cannot challenge a player you support (``melee.legal_targets``); when a player you
  support declares no defenders, you may defend instead (GOT-R-28, ``undefended.py``);
* winning a challenge you initiated against a player you oppose claims 1 extra power for your
  House, once a round.

The titles' own effects, JA's (GOT-R-44: the DATA title cards only remind): Master of Laws
draws 1 more in the draw phase (outside the draw cap, GOT-R-26); Hand of the King provides 2
influence once a round (GOT-R-31, ``targeting.influence_sets``); Master of Whispers, Crown
Regent and Lord Commander of the Kingsguard add 3 to their holder's total STR in an intrigue,
power or military challenge where the holder has a participating character; Master of Coin
gains 2 gold more income; the Crown Regent redirect (GOT-R-29) and the Lord Commander's
taking of an undefended military challenge (GOT-R-27) are in ``undefended.py``.
"""

from __future__ import annotations

import importlib.resources
import json
from typing import Any

from domain.kernel import Prompt
from domain.kernel.stack import GO, WAIT

from .cards import CARDS
from .state import State, check_win, draw, gain_power, in_order, melee, note, player


def _relations() -> dict[str, tuple[tuple[str, ...], tuple[str, ...]]]:
    raw = json.loads(importlib.resources.files(__package__).joinpath(
        "cards.json").read_text("utf-8"))
    return {row["id"]: (tuple(row["title_supports"]), tuple(row["title_opposes"]))
            for row in raw["cards"] if row["type"] == "title"}


RELATIONS = _relations()  # title -> (titles it supports, titles it opposes)
TITLES = tuple(RELATIONS)  # in the data's order
LAWS, HAND, WHISPERS = "master-of-laws", "hand-of-the-king", "master-of-whispers"
COIN, REGENT, KINGSGUARD = "master-of-coins", "crown-regent", "lord-commander-of-the-kingsguard"
# +3 to the holder's total STR in a challenge of this type where it has a participant.
STR_BONUS = {WHISPERS: "intrigue", REGENT: "power", KINGSGUARD: "military"}
LAWS_DRAW, COIN_GOLD, HAND_INFLUENCE, TITLE_STR, OPPOSE_POWER = 1, 2, 2, 3, 1


def title_of(st: State, seat: int) -> str | None:
    if not melee(st) or "titles" not in st:
        return None
    found: str | None = st["titles"][seat]
    return found


def holder(st: State, title: str) -> int | None:
    if not melee(st) or "titles" not in st:
        return None
    return next((s for s, t in enumerate(st["titles"]) if t == title), None)


def supports(st: State, seat: int, target: int) -> bool:
    mine, theirs = title_of(st, seat), title_of(st, target)
    return mine is not None and theirs in RELATIONS[mine][0]


def opposes(st: State, seat: int, target: int) -> bool:
    mine, theirs = title_of(st, seat), title_of(st, target)
    return mine is not None and theirs in RELATIONS[mine][1]


def once(st: State, key: str) -> bool:
    """Whether the once-a-round ``key`` (a title's ability) is still unused this round."""
    return f"title:{key}" not in st["limits"]


def use_once(st: State, key: str) -> None:
    st["limits"][f"title:{key}"] = 1


# ---- taking titles (GOT-R-30) ----

def run_titles(st: State, frame: dict[str, Any]) -> bool:
    if "left" not in frame:  # every title returns; the first player takes first
        st["titles"] = [None] * len(st["players"])
        frame["left"] = in_order(st)
    if not frame["left"]:
        st["pending"].pop()
        return GO
    return WAIT


def untaken(st: State) -> list[str]:
    return [t for t in TITLES if t not in st["titles"]]


def ask_title(st: State, frame: dict[str, Any]) -> Prompt:
    seat = frame["left"][0]
    return Prompt(seat, "title", "Take a title for this round. " + " ".join(
        f"{CARDS[t].name}: {describe_title(t)}." for t in untaken(st)),
        [{"kind": "title", "title": t} for t in untaken(st)])


def describe_title(title: str) -> str:
    supported, opposed = RELATIONS[title]
    words = [CARDS[title].text.removeprefix("Melee title. ").removeprefix(
        "Melee title (JA: Master of Coin). ").rstrip(".")]
    if supported:
        words.append("supports " + ", ".join(CARDS[t].name for t in supported))
    if opposed:
        words.append("opposes " + ", ".join(CARDS[t].name for t in opposed))
    return "; ".join(words)


def answer_title(st: State, frame: dict[str, Any], move: dict[str, Any]) -> None:
    seat = frame["left"].pop(0)
    st["titles"][seat] = move["title"]
    note(st, seat, f"took the title {CARDS[move['title']].name}")


# ---- the titles' own effects ----

def draw_extra(st: State, seat: int) -> None:
    """Master of Laws: "in the draw phase, draw 1 extra card" (outside the draw cap)."""
    if title_of(st, seat) == LAWS:
        draw(st, seat, LAWS_DRAW, capped=False)


def income_bonus(st: State, seat: int) -> int:
    """Master of Coin: "+2 gold when you count income in marshalling"."""
    return COIN_GOLD if title_of(st, seat) == COIN else 0


def strength_bonus(st: State, seat: int, kind: str, participants: list[str]) -> int:
    """+3 to ``seat``'s total STR in a challenge of ``kind`` where it has a participating
    character (Master of Whispers: intrigue; Crown Regent: power; Lord Commander: military)."""
    title = title_of(st, seat)
    if title is None or STR_BONUS.get(title) != kind or not participants:
        return 0
    return TITLE_STR


def hand_influence(st: State, seat: int) -> int:
    """Hand of the King: 2 influence, once a round, without kneeling anything (GOT-R-31)."""
    return HAND_INFLUENCE if title_of(st, seat) == HAND and once(st, HAND) else 0


def spend_hand(st: State) -> None:
    use_once(st, HAND)
    seat = holder(st, HAND)
    if seat is not None:
        note(st, seat, "provided 2 influence (Hand of the King)")


def oppose_bonus(st: State) -> None:
    """"If you initiate a challenge against a player whose title you oppose and you win it,
    you claim 1 extra power for your House", at most once a round."""
    ch = st["challenge"]
    attacker, target = ch["attacker"], ch.get("target", ch["defender"])
    if (ch["winner"] == attacker and opposes(st, attacker, target)
            and once(st, f"oppose:{attacker}")):
        use_once(st, f"oppose:{attacker}")
        note(st, attacker, f"claimed 1 extra power: their title opposes Seat {target}'s")
        gain_power(st, attacker, OPPOSE_POWER)


def kingsguard_reward(st: State) -> None:
    """The Lord Commander took the challenge and won it: 1 power moves from the attacker's
    House to the holder's (§6.3)."""
    ch = st["challenge"]
    taker = ch.get("kingsguard")
    if taker is None or ch["winner"] != taker:
        return
    moved = min(1, player(st, ch["attacker"])["power"])
    player(st, ch["attacker"])["power"] -= moved
    player(st, taker)["power"] += moved
    note(st, taker, f"took {moved} power from Seat {ch['attacker']}'s House (Lord Commander "
                    "of the Kingsguard)")
    check_win(st)


def run_title_rewards(st: State, frame: dict[str, Any]) -> bool:
    st["pending"].pop()
    oppose_bonus(st)
    kingsguard_reward(st)
    return GO


def titles_view(st: State) -> list[str | None] | None:
    """Who holds which title (public), or None outside melee."""
    return list(st["titles"]) if melee(st) and "titles" in st else None
