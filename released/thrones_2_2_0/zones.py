"""Cards leaving play, kills with their save window, and the triggers they leave behind.

Killed characters go to their owner's dead pile (The Hound's replacement: his discard pile;
Stalwart: the top of the deck, GOT-R-34); discarded cards to the discard pile. Attachments
and duplicates on a leaving card are discarded with it, and its power returns to the token
pool (§5.2). A kill first opens a save window (§4.2 step 2): a duplicate, Not Today...
"""

from __future__ import annotations

from typing import Any

from domain.kernel.stack import GO

from .cards import CARDS
from .hooks import rules_of
from .state import InPlay, State, attachments_of, card, find, note, player, seats
from .stats import has_keyword, keywords


def leave_play(st: State, uid: str, to: str) -> None:
    """``to`` is "dead", "discard" or "hand"; Stalwart sends a killed or discarded card to the
    top of its owner's deck instead; Deathbound sends a discarded one to the dead pile."""
    rec = card(st, uid)
    for attached in attachments_of(st, uid):
        leave_play(st, attached["uid"], "discard")
    owner = player(st, rec["owner"])
    owner["discard"] += rec["dups"]
    st["pool"]["power"] += rec["power"]
    st["pool"]["gold"] += rec.get("gold", 0)  # Tywin's gold goes back to the treasury
    st["play"].remove(rec)
    st["lasting"] = [e for e in st["lasting"] if e["uid"] != uid]
    _leave_challenge(st, uid)
    if to in ("dead", "discard") and has_keyword(st, rec, "Stalwart"):
        to = "deck"
    if to == "dead":
        to = rules_of(rec["card"]).killed_to
    if to == "discard" and has_keyword(st, rec, "Deathbound"):
        to = "dead"  # Deathbound: to the dead pile instead (only from play, FAQ)
    {"dead": owner["dead"], "discard": owner["discard"], "hand": owner["hand"],
     "deck": owner["deck"]}[to].append(rec["card"])


def _leave_challenge(st: State, uid: str) -> None:
    challenge = st["challenge"]
    if challenge is not None:
        for side in ("attackers", "defenders", "stealthed"):
            if uid in challenge[side]:
                challenge[side].remove(uid)


def discard_from_play(st: State, uid: str) -> None:
    rec = card(st, uid)
    note(st, rec["controller"], "was discarded from play", [rec["card"]], passive=True)
    leave_play(st, uid, "discard")


def doom(st: State, rec: InPlay, to: str) -> None:
    """§4.2 step 3: a card killed or discarded by an effect becomes **moribund**: it counts as
    gone for triggering (it leaves the challenge; its "killed" trigger opens) but stays in
    play, with its abilities and its power (which still counts toward 15, GOT-R-21), until
    the end of the window (``bury``); it cannot be chosen to leave play again."""
    rec["moribund"] = to
    _leave_challenge(st, rec["uid"])


def moribund(rec: InPlay) -> bool:
    return "moribund" in rec


def bury(st: State) -> None:
    """§4.2 step 6: moribund cards go where they were sent; attachments and duplicates on
    them are discarded and their power returns to the pool (``leave_play``)."""
    for rec in [c for c in st["play"] if moribund(c)]:
        if find(st, rec["uid"]) is not None:  # an attachment may have fallen off already
            leave_play(st, rec["uid"], rec["moribund"])
            passive = rules_of(rec["card"]).on_killed
            if passive is not None and rec["moribund"] == "dead":
                passive(st, rec["owner"])  # "after X is killed": once it has left (Benjen)


def push_kill(st: State, uid: str, save: bool = True) -> None:
    """Kill ``uid`` (after its save window, unless the effect says "no save possible")."""
    st["pending"].append({"op": "kill", "uid": uid, "stage": 0 if save else 1})


def push_discard(st: State, uid: str) -> None:
    """Discard ``uid`` from play after its save window (Bodyguard, Gilded Plate... save from
    being discarded too)."""
    st["pending"].append({"op": "kill", "uid": uid, "stage": 0, "how": "discard"})


def run_kill(st: State, frame: dict[str, Any]) -> bool:
    """A kill (or, with ``how`` "discard", a discard from play): its save window first."""
    rec = find(st, frame["uid"])
    discard = frame.get("how") == "discard"
    if rec is None or moribund(rec):  # a moribund card cannot leave play again (§4.2)
        st["pending"].pop()
        return GO
    if frame["stage"] == 0:
        frame["stage"] = 1
        if discard or not cannot_be_killed(st, rec):
            st["pending"].append({"op": "window", "mode": "save", "phase": st["phase"],
                                  "seat": rec["controller"], "passes": 0, "active": None,
                                  "trigger": {"kind": "would_discard" if discard
                                              else "would_die", "uid": rec["uid"],
                                              "seat": rec["controller"], "card": rec["card"],
                                              "used": []}})
            return GO
    st["pending"].pop()
    if frame["uid"] in st["saved"]:
        st["saved"].remove(frame["uid"])
        return GO
    if discard:
        note(st, rec["controller"], "was discarded from play", [rec["card"]], passive=True)
        doom(st, rec, "discard")
        return GO
    return _killed(st, rec)


def _killed(st: State, rec: InPlay) -> bool:
    if cannot_be_killed(st, rec):
        note(st, rec["controller"], "cannot be killed", [rec["card"]], passive=True)
        return GO
    if _bronn_guards(st, rec):
        return GO
    note(st, rec["controller"], "was killed", [rec["card"]], passive=True)
    seat, card_id, uid = rec["controller"], rec["card"], rec["uid"]
    doom(st, rec, "dead")
    st["triggers"].append({"kind": "killed", "seat": seat, "uid": uid, "card": card_id,
                           "used": []})
    return GO


def _bronn_guards(st: State, rec: InPlay) -> bool:
    """Bronn: "if the target would be killed while Bronn is knelt, Bronn stands and the target
    is not killed" (his lasting marker, until the end of the phase)."""
    for word in keywords(st, rec):
        if word.startswith("Guarded by "):
            bronn = find(st, word.removeprefix("Guarded by "))
            if bronn is not None and bronn["knelt"]:
                bronn["knelt"] = False
                note(st, bronn["controller"], "stood to save", [rec["card"]])
                return True
    return False


def cannot_be_killed(st: State, rec: InPlay) -> bool:
    """The Power of Blood: Noble-crest characters cannot be killed while it is revealed."""
    return ("noble" in CARDS[rec["card"]].crests and any(
        player(st, s)["revealed"] == "the-power-of-blood" for s in seats(st)))


# ---- discarding at random (intrigue claim, Ser Jacelyn Bywater): a hidden pick ----

def random_discard_spec(st: State, frame: dict[str, Any]) -> dict[str, Any]:
    hand = len(player(st, frame["seat"])["hand"])  # it may have shrunk since: as many as left
    return {"kind": "pick", "n": hand, "k": min(frame["k"], hand),
            "what": f"{frame['why']}: cards of seat {frame['seat']}'s hand"}


def random_discarded(st: State, frame: dict[str, Any], outcome: Any) -> None:
    st["pending"].pop()
    hand = player(st, frame["seat"])["hand"]
    lost = [hand[i] for i in outcome]
    for cid in lost:
        hand.remove(cid)
    player(st, frame["seat"])["discard"] += lost
    note(st, frame["seat"], f"discarded at random ({frame['why']})", lost)


def push_random_discard(st: State, seat: int, k: int, why: str) -> None:
    k = min(k, len(player(st, seat)["hand"]))
    if k:
        st["pending"].append({"op": "random_discard", "seat": seat, "k": k, "why": why})
