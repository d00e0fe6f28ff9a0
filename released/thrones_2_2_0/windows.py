"""Player windows on the kernel's stack (§4.2, the FAQ model adopted): one frame a window::

    {"op": "window", "mode": "action" | "response" | "save", "phase": ..., "seat": s,
     "passes": 0, "active": seat | None, "trigger": {...} (save windows)}

The first player has the first opportunity; the seats take turns clockwise, one action or a
pass each; the window closes when every seat passes in a row. In a marshalling turn the
``active`` seat may also marshal. Responses answer the open triggers (``st["triggers"]``),
which lapse when their window closes (GOT-EX-12). A save window offers saves for one card
about to be killed.

Who is asked (ruling, README "Windows never tell what a hand holds"): a seat is asked when it
has a legal use of a card in play (public), or, holding any card, when its House's deck holds
an implemented event that could be played in this window; otherwise it passes without being
asked. Whether a seat is asked therefore depends only on what both seats can see.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from domain.kernel import Prompt
from domain.kernel.stack import GO, WAIT

from . import marshal
from .ability import Ability
from .cards import CARDS
from .decks import deck_pool
from .frames import push_window
from .hooks import rules_of
from .keywords import ambush, ambush_moves, may_ambush
from .resolution import totals
from .state import (
    State,
    find,
    hand_gold,
    melee,
    next_seat,
    note,
    opponent,
    opponents,
    player,
    seats,
    spendable,
)
from .stats import blanked
from .zones import bury

PASS = {"kind": "pass"}


def run_window(st: State, frame: dict[str, Any]) -> bool:
    if frame["mode"] == "action" and "open" not in frame:
        frame["open"] = True
        bury(st)  # the framework window before it has ended (§4.2 step 6)
        if st["pending"][-1] is not frame:
            return GO  # what leaving play set off (Benjen's shuffle) first
    while frame["passes"] < len(st["players"]):  # every seat passed in a row
        if asked(st, frame, frame["seat"]):
            return WAIT
        frame["passes"] += 1
        frame["seat"] = next_seat(st, frame["seat"])
    st["pending"].pop()
    if frame["mode"] != "save":
        st["triggers"] = []  # unused response chances lapse (§4.2 step 6)
        bury(st)  # and moribund cards leave play
    return GO


def asked(st: State, frame: dict[str, Any], seat: int) -> bool:
    if frame["active"] == seat:
        return True  # the marshalling player's own turn: it ends when they pass
    if _duplicate_save(st, frame, seat) or any(
            True for _ in uses(st, frame, seat, in_play_only=True)):
        return True
    if frame["mode"] == "action" and may_ambush(st, seat):
        return True  # public: it holds cards, and its deck has an Ambush card it can pay for
    return bool(player(st, seat)["hand"]) and _deck_may_answer(st, frame, seat)


def _deck_may_answer(st: State, frame: dict[str, Any], seat: int) -> bool:
    """Public: could an event of this House's deck be played in this window at all?"""
    for card_id in deck_pool(st, seat):
        if CARDS[card_id].type == "event":
            if any(_fits(st, frame, a, seat) for a in rules_of(card_id).abilities):
                return True
    return False


def _fits(st: State, frame: dict[str, Any], ability: Ability, seat: int) -> bool:
    mode = frame["mode"]
    if mode == "action":
        return ability.trigger is None and (
            "any" in ability.phases or frame["phase"] in ability.phases)
    if mode == "save":  # "would_leave" saves from being killed or discarded alike
        return ability.save and ability.trigger in (frame["trigger"]["kind"], "would_leave")
    return ability.trigger is not None and not ability.save and any(
        t["kind"] == ability.trigger for t in st["triggers"])


def _open_triggers(st: State, frame: dict[str, Any], ability: Ability,
                   key: str) -> list[tuple[int, dict[str, Any] | None]]:
    if frame["mode"] == "action":
        return [(-1, None)]
    if frame["mode"] == "save":
        return [(-1, frame["trigger"])]
    return [(i, t) for i, t in enumerate(st["triggers"])
            if t["kind"] == ability.trigger and key not in t["used"]]


def uses(st: State, frame: dict[str, Any], seat: int,
         in_play_only: bool = False) -> Iterator[dict[str, Any]]:
    """Every legal use of an ability by ``seat`` in this window, as moves."""
    sources: list[tuple[str, str]] = [
        (c["uid"], c["card"]) for c in st["play"] if c["controller"] == seat
        and not blanked(st, c)]
    if frame["mode"] == "response":
        # A card just killed may answer its own death (Ser Jacelyn Bywater): its uid stays
        # the source, though it is no longer in play.
        sources += [(t["uid"], t["card"]) for t in st["triggers"] if t["kind"] == "killed"
                    and t["seat"] == seat and find(st, t["uid"]) is None]
    # Cards usable from the dead pile (Trident Reinforcements): public.
    sources += [(cid, cid) for cid in sorted(set(player(st, seat)["dead"]))
                if any(a.while_gone and a.trigger is None
                       for a in rules_of(cid).abilities)]
    if not in_play_only and _may_pay_calm(st, seat):
        events = [("hand", cid) for cid in sorted(set(player(st, seat)["hand"]))
                  if CARDS[cid].type == "event" or any(
                      a.from_hand for a in rules_of(cid).abilities)]
        if _calm(st):
            # The event must still be affordable once Calm over Westeros' gold is handed
            # over: its own checks see the pool without it.
            player(st, seat)["gold"] -= 1
            try:
                found = list(_uses_of(st, frame, seat, events))
            finally:
                player(st, seat)["gold"] += 1
            yield from _calm_recipients(st, seat, found)
        else:
            yield from _uses_of(st, frame, seat, events)
    yield from _uses_of(st, frame, seat, sources)


def _uses_of(st: State, frame: dict[str, Any], seat: int,
             sources: list[tuple[str, str]]) -> Iterator[dict[str, Any]]:
    for source, card_id in sources:
        gone = source != "hand" and find(st, source) is None
        for index, ability in enumerate(rules_of(card_id).abilities):
            if not _fits(st, frame, ability, seat) or (gone and not ability.while_gone):
                continue
            if (source == "hand") != (ability.from_hand or CARDS[card_id].type == "event"):
                continue  # hand abilities from hand only; a card in play uses its others
            ref = card_id if source == "hand" else source
            for t_index, trig in _open_triggers(st, frame, ability, ref):
                if ability.can(st, seat, ref, trig):
                    for target in ability.targets(st, seat, ref, trig):
                        yield {"kind": "use", "source": source, "card": card_id,
                               "ability": index, "target": target, "trigger": t_index}


def ask_window(st: State, frame: dict[str, Any]) -> Prompt:
    seat = frame["seat"]
    moves: list[dict[str, Any]] = []
    if frame["active"] == seat:
        moves += marshal.marshal_moves(st, seat)
    moves += _duplicate_save(st, frame, seat)
    if frame["mode"] == "action":
        moves += ambush_moves(st, seat)  # a player action in any action window (GOT-R-35)
    moves += list(uses(st, frame, seat))
    moves.append(PASS)
    return Prompt(seat, "window", window_text(st, frame, seat), moves)


def _duplicate_save(st: State, frame: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    """A duplicate on the character about to die may be discarded to save it (§5.7)."""
    if frame["mode"] != "save" or frame["trigger"]["kind"] != "would_die":
        return []  # a duplicate saves from death only (§5.7, KO)
    rec = find(st, frame["trigger"]["uid"])
    if rec is None or rec["controller"] != seat or not rec["dups"]:
        return []
    return [{"kind": "save_duplicate", "card": rec["uid"]}]


def save_with_duplicate(st: State, frame: dict[str, Any], seat: int, uid: str) -> None:
    rec = find(st, uid)
    assert rec is not None
    dup = rec["dups"].pop()
    player(st, rec["owner"])["discard"].append(dup)
    st["saved"].append(uid)
    frame["passes"] = len(st["players"])
    note(st, seat, "discarded a duplicate to save", [rec["card"]])


def window_text(st: State, frame: dict[str, Any], seat: int) -> str:
    """The window's question in words, with what is going on (all of it public)."""
    phase = frame["phase"].capitalize()
    if frame["mode"] == "save":
        how = "killed" if frame["trigger"]["kind"] == "would_die" else "discarded"
        return f"{CARDS[frame['trigger']['card']].name} would be {how}: save it, or pass"
    if frame["mode"] == "response":
        happened = "; ".join(_trigger_words(t, seat) for t in st["triggers"])
        return f"{phase} phase: respond to what just happened ({happened}), or pass"
    context = _challenge_words(st, seat)
    if frame["active"] == seat:
        gold = player(st, seat)["gold"]
        return (f"Marshalling: your turn with {gold} gold: play a card, use an action, or "
                "pass to end your turn")
    return f"{phase} phase action window{context}: take an action, or pass"


TRIGGER_WORDS = {"played": "{card} was played", "defending": "{card} was declared a defender",
                 "won": "{who} won the challenge", "lost": "{who} lost the challenge",
                 "resolved": "the challenge resolved", "killed": "{card} was killed",
                 "dominance": "{who} won dominance", "stood": "{card} stood",
                 "revealed": "{who} revealed a card"}


def _trigger_words(trigger: dict[str, Any], seat: int) -> str:
    who = "you" if trigger.get("seat") == seat else f"Seat {trigger.get('seat')}"
    card = CARDS[trigger["card"]].name if trigger.get("card") else ""
    return TRIGGER_WORDS[trigger["kind"]].format(who=who, card=card)


def _challenge_words(st: State, seat: int) -> str:
    """" during Seat 1's military challenge (5 against 3)", while one is in progress."""
    ch = st["challenge"]
    if ch is None:
        return ""
    attack, defense = totals(st)
    whose = "your" if ch["attacker"] == seat else f"Seat {ch['attacker']}'s"
    return f" during {whose} {ch['type']} challenge ({attack} against {defense})"


def answer_window(st: State, frame: dict[str, Any], move: dict[str, Any]) -> None:
    seat = frame["seat"]
    frame["seat"] = next_seat(st, seat)
    if move["kind"] == "pass":
        frame["passes"] += 1
        return
    frame["passes"] = 0
    if move["kind"] == "use":
        use(st, frame, seat, move)
    elif move["kind"] == "save_duplicate":
        save_with_duplicate(st, frame, seat, move["card"])
    elif move["kind"] == "ambush":
        ambush(st, seat, move)
    else:
        marshal.marshal(st, seat, move)


def use(st: State, frame: dict[str, Any], seat: int, move: dict[str, Any]) -> None:
    """Initiate (pay, choose the target), then execute; an event goes to the discard pile."""
    card_id, source, target = move["card"], move["source"], move["target"]
    ability: Ability = rules_of(card_id).abilities[move["ability"]]
    ref = card_id if source == "hand" else source  # a dead-pile source is its card id
    trig = frame.get("trigger") if frame["mode"] == "save" else (
        st["triggers"][move["trigger"]] if move["trigger"] >= 0 else None)
    if trig is not None and frame["mode"] == "response":
        trig["used"].append(ref)
    if source == "hand":
        _pay_calm(st, seat, move.get("calm"))
        player(st, seat)["hand"].remove(card_id)
        # After it resolves (nothing looks there before); Deathbound: the dead pile, as it
        # was played successfully (nothing cancels an event in this engine).
        piles = player(st, seat)
        (piles["dead"] if "Deathbound" in CARDS[card_id].keywords
         else piles["discard"]).append(card_id)
    note(st, seat, "played" if source == "hand" else "used", [card_id])
    if frame["mode"] == "save":
        frame["passes"] = len(st["players"])  # saved: nothing is left to save
    elif frame["mode"] == "action":
        push_window(st, "response")  # the action's response step (§4.2 step 5)
    ability.pay(st, seat, ref, target, trig)
    ability.resolve(st, seat, ref, target, trig)


def _calm(st: State) -> bool:
    return any(player(st, s)["revealed"] == "calm-over-westeros" for s in seats(st))


def _may_pay_calm(st: State, seat: int) -> bool:
    """Calm over Westeros: "before any player can play an event, they must hand 1 gold from
    their pool to an opponent"."""
    return not _calm(st) or spendable(st, seat) >= 1


def _calm_recipients(st: State, seat: int,
                     found: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """In melee the player chooses which opponent Calm over Westeros' gold goes to: each
    event's use once a recipient (``calm``: the seat); rules 2.0.0 gave it to the left."""
    if not melee(st):
        return found
    return [{**move, "calm": to} for move in found for to in opponents(st, seat)]


def _pay_calm(st: State, seat: int, to: int | None) -> None:
    if _calm(st):
        hand_gold(st, seat, opponent(st, seat) if to is None else to, 1)
        note(st, seat, "handed 1 gold to the opponent (Calm over Westeros)" if to is None
             else f"handed 1 gold to Seat {to} (Calm over Westeros)")

