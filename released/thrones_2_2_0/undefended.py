"""The melee's changes of who defends (digest §6.3):

* **Crown Regent redirect** (GOT-R-29): right after attackers are declared, before the player
  window that follows, the Regent (not the attacker) may, once a round, make the attacking
  player choose another legal target, the Regent included; with no other legal target the
  redirect is not offered (the challenge would stay on its target). The challenge still
  counts once toward the attacker's limit.
* **Undefended** (GOT-R-27, GOT-R-28): when the target declares no defenders, first the Lord
  Commander of the Kingsguard (once a round; a military challenge; neither the attacker nor
  the target; a legal target of the attacker) may take the challenge onto itself: the window
  after attackers reopens against the holder, Stealth and defenders are chosen again, and the
  holder pays the claim if it loses (FAQ timing). Otherwise each supporter of the target, in
  clockwise order from the target's left, may declare defenders of its own; the first to
  declare one becomes the defending player for everything but the claim, which the target
  still pays (GOT-R-28).
"""

from __future__ import annotations

from typing import Any

from domain.kernel import Prompt
from domain.kernel.stack import GO, WAIT

from .cards import CARDS
from .challenges import answer_defenders, eligible_defenders, in_play
from .frames import push, push_window
from .melee import kingsguard_taker, legal_targets
from .state import State, clockwise, note
from .stats import has_keyword
from .titles import KINGSGUARD, REGENT, holder, once, supports, use_once

DECLINE = {"kind": "decline"}


# ---- the Crown Regent ----

def _regent(st: State) -> int | None:
    """The Regent, if it may redirect the challenge just declared."""
    ch = st["challenge"]
    regent = holder(st, REGENT)
    if regent is None or regent == ch["attacker"] or not once(st, REGENT):
        return None
    others = legal_targets(st, ch["attacker"], ch["type"], excluding=ch["target"])
    return regent if others else None


def run_regent(st: State, frame: dict[str, Any]) -> bool:
    if frame.get("stage") == "retarget" or _regent(st) is not None:
        return WAIT
    st["pending"].pop()
    return GO


def ask_regent(st: State, frame: dict[str, Any]) -> Prompt:
    ch = st["challenge"]
    if frame.get("stage") == "retarget":
        moves = [{"kind": "target", "seat": t}
                 for t in legal_targets(st, ch["attacker"], ch["type"], excluding=ch["target"])]
        return Prompt(ch["attacker"], "retarget", f"The Crown Regent redirects your "
                      f"{ch['type']} challenge: choose another opponent to attack", moves)
    regent = _regent(st)
    assert regent is not None
    return Prompt(regent, "redirect", f"Crown Regent: make Seat {ch['attacker']} turn its "
                  f"{ch['type']} challenge against Seat {ch['target']} onto another legal "
                  "target (once a round), or decline", [{"kind": "redirect"}, DECLINE])


def answer_regent(st: State, frame: dict[str, Any], move: dict[str, Any]) -> None:
    ch = st["challenge"]
    if move["kind"] == "decline":
        st["pending"].pop()
        return
    if move["kind"] == "redirect":
        regent = _regent(st)
        assert regent is not None
        use_once(st, REGENT)
        frame["stage"] = "retarget"
        note(st, regent, f"made Seat {ch['attacker']} change the target of its challenge "
                         "(Crown Regent)")
        return
    st["pending"].pop()
    ch["target"] = ch["defender"] = move["seat"]
    note(st, ch["attacker"], f"turned the {ch['type']} challenge against Seat {move['seat']}")


# ---- no defenders declared ----

def _supporters(st: State) -> list[int]:
    ch = st["challenge"]
    return [s for s in clockwise(st, ch["target"])[1:] if s != ch["attacker"]
            and supports(st, s, ch["target"])]


def _next(st: State, frame: dict[str, Any]) -> int | str | None:
    if "kingsguard" not in frame["asked"]:
        return "kingsguard"
    return next((s for s in _supporters(st) if s not in frame["asked"]
                 and eligible_defenders(st, s)), None)


def run_undefended(st: State, frame: dict[str, Any]) -> bool:
    if _next(st, frame) is not None:
        return WAIT
    st["pending"].pop()
    push_window(st, "response")  # the defenders step's own response step
    return GO


def ask_undefended(st: State, frame: dict[str, Any]) -> Prompt:
    ch = st["challenge"]
    who = _next(st, frame)
    if who == "kingsguard":
        taker = kingsguard_taker(st)
        assert taker is not None
        return Prompt(taker, "kingsguard", f"Lord Commander of the Kingsguard: Seat "
                      f"{ch['target']} declared no defenders against Seat {ch['attacker']}'s "
                      "military challenge: take it onto yourself (once a round), or decline",
                      [{"kind": "take_challenge"}, DECLINE])
    assert isinstance(who, int)
    moves: list[dict[str, Any]] = [{"kind": "defender", "card": c["uid"]}
                                   for c in eligible_defenders(st, who)]
    return Prompt(who, "support", f"Seat {ch['target']}, whom you support, declared no "
                  f"defenders against Seat {ch['attacker']}'s {ch['type']} challenge: "
                  "declare a defender of yours instead (they still pay the claim), or decline",
                  moves + [DECLINE])


def answer_undefended(st: State, frame: dict[str, Any], move: dict[str, Any]) -> None:
    who = _next(st, frame)
    ch = st["challenge"]
    if move["kind"] == "decline":
        frame["asked"].append(who)
        return
    st["pending"].pop()
    if move["kind"] == "take_challenge":
        _take(st, int(ch["attacker"]))
        return
    assert isinstance(who, int)
    ch["defender"] = who  # the defending player for all but the claim (GOT-R-28)
    note(st, who, f"defends for Seat {ch['target']}")
    answer_defenders(st, {}, move)
    st["pending"].append({"op": "defenders"})  # more of its own, then done


def _take(st: State, attacker: int) -> None:
    """The Lord Commander takes the challenge: the window after attackers reopens against
    the holder, then Stealth and defenders again (GOT-R-27, FAQ timing)."""
    ch = st["challenge"]
    taker = kingsguard_taker(st)
    assert taker is not None
    use_once(st, KINGSGUARD)
    ch["target"] = ch["defender"] = ch["kingsguard"] = taker
    ch["stealthed"] = []
    ch["stealth_left"] = [u for u in ch["attackers"]
                          if has_keyword(st, in_play(st, u), "Stealth")]
    note(st, taker, f"took Seat {attacker}'s military challenge onto themself "
                    f"({CARDS[KINGSGUARD].name})")
    push(st, {"op": "plot_window"}, {"op": "stealth"}, {"op": "defenders"})
