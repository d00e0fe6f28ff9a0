"""What each seat may see (``view``), which parts of an event it may see (``redact``), and the
log line it may read (``describe``).

Hidden: the other seat's hand (its size is shown), every deck (its size is shown; nobody
knows its order), setup cards placed face down (their number is shown) and a plot chosen but
not yet revealed (that it was chosen is shown), and the answers to simultaneous questions
until both have answered. Public: everything in play with its derived STR, icons and
keywords, power, gold pools, the token pool, discard and dead piles, plot decks, used piles
and revealed plots (GOT-R-4), the challenge in progress. After the game, everything.
"""

from __future__ import annotations

from typing import Any

from domain.kernel import Chance, Decision, default_redact, json_copy

from .cards import CARDS
from .flow import SIMUL, next_step
from .resolution import totals, won_unopposed
from .state import InPlay, Note, State, lcg, melee, total_power
from .stats import icons, keywords, strength, unchanging
from .titles import titles_view


def card_view(st: State, rec: InPlay) -> dict[str, Any]:
    return {"uid": rec["uid"], "card": rec["card"], "name": CARDS[rec["card"]].name,
            "type": CARDS[rec["card"]].type, "owner": rec["owner"],
            "controller": rec["controller"], "knelt": rec["knelt"], "power": rec["power"],
            "gold": rec.get("gold", 0),
            "host": rec["host"], "duplicates": len(rec["dups"]),
            "leaving_to": rec.get("moribund"),  # moribund (§4.2): where it goes at the end
            "strength": strength(st, rec) if CARDS[rec["card"]].type == "character" else None,
            "icons": icons(st, rec), "keywords": keywords(st, rec)}


def player_view(st: State, index: int, seat: int | None, over: bool) -> dict[str, Any]:
    p = st["players"][index]
    mine = over or index == seat
    shown = _player_view(st, index, p, mine)
    if lcg(st):  # Shadows: the owner sees the cards, everyone their count (§6.5)
        hidden = p.get("shadows", [])
        shown.update(shadows=sorted(hidden) if mine else None, shadows_count=len(hidden),
                     setup_count=len(p["setup"]) + len(p.get("setup_shadows", [])),
                     setup_shadows=list(p.get("setup_shadows", [])) if mine else None,
                     drawn_this_round=p.get("drawn", 0))
    return shown


def _player_view(st: State, index: int, p: Any, mine: bool) -> dict[str, Any]:
    over = st["result"] is not None
    return {
        "house": p["house"], "hand": sorted(p["hand"]) if mine else None,
        "hand_size": len(p["hand"]), "deck_size": len(p["deck"]),
        "deck": sorted(p["deck"]) if over else None,
        "discard": list(p["discard"]), "dead": list(p["dead"]),
        # GOT-R-4: the fixed plot decks are public; drafted ones and own decks' are not.
        "plot_deck": sorted(p["plots"]) if mine or not hidden_plots(st) else None,
        "plot_deck_size": len(p["plots"]), "used_plots": list(p["used"]),
        "revealed_plot": p["revealed"],
        "plot_chosen": p["choice"] is not None,
        "chosen_plot": p["choice"] if mine else None,
        "setup_count": len(p["setup"]), "setup": list(p["setup"]) if mine else None,
        "gold": p["gold"], "power": p["power"], "total_power": total_power(st, index),
        "challenges_made": list(p["challenges"]), "limited_played": p["limited"],
    }


def hidden_plots(st: State) -> bool:
    """Whether a seat's plot deck is hidden from the others: drafted, or brought in its own
    deck (lcg: of an opponent's deck only House and agenda are public, README)."""
    return bool(st["options"]["plot_draft"]) or lcg(st)


def challenge_view(st: State) -> dict[str, Any] | None:
    """The challenge in progress, with what a player reads off the table: each side's total
    STR (``totals``: live until it resolves, then as resolved), who won and whether it was
    unopposed (once resolved, until the challenge ends)."""
    ch = st["challenge"]
    if ch is None:
        return None
    shown = {key: ch[key] for key in ("type", "attacker", "defender", "attackers",
                                       "defenders", "stealthed", "winner", "strength")}
    if "target" in ch:  # melee: the player attacked, who pays the claim
        shown["target"] = ch["target"]
    resolved = ch["winner"] is not None or ch["strength"] != [0, 0]
    attack, defense = ch["strength"] if resolved else totals(st)
    shown["totals"] = {"attacker": attack, "defender": defense}
    shown["unopposed"] = won_unopposed(ch) if resolved else None
    return shown


def initiative_winner(st: State) -> int | None:
    """Who won initiative this plot phase, while the first player is being chosen (§3.1)."""
    frame = next((f for f in st["pending"] if f["op"] == "initiative"), None)
    return None if frame is None else frame.get("winner")


def draft_view(st: State, seat: int | None) -> dict[str, Any] | None:
    """The plot draft in progress: a seat sees its own hand and picks, counts of the rest."""
    draft = st.get("draft")
    if draft is None:
        return None
    over = st["result"] is not None
    return {"round": draft["round"], "deck_size": len(draft["deck"]),
            "returned_to_box": draft["returned"],
            "hands": [sorted(h) if over or s == seat else None
                      for s, h in enumerate(draft["hands"])],
            "hand_sizes": [len(h) for h in draft["hands"]],
            "kept": [sorted(k) if over or s == seat else None
                     for s, k in enumerate(draft["kept"])],
            "kept_sizes": [len(k) for k in draft["kept"]]}


def view(st: State, seat: int | None) -> dict[str, Any]:
    step = next_step(st)
    with unchanging(st):  # nothing below changes ``st``: each card's modifiers once
        return _view(st, seat, step)


def _view(st: State, seat: int | None, step: Any) -> dict[str, Any]:
    over = st["result"] is not None
    data: dict[str, Any] = {
        "round": st["round"], "phase": st["phase"], "first_player": st["first"],
        "initiative_winner": initiative_winner(st),
        "token_pool": dict(st["pool"]),
        "players": [player_view(st, i, seat, over) for i in range(len(st["players"]))],
        "in_play": [card_view(st, rec) for rec in st["play"]],
        "challenge": challenge_view(st),
        # kept after they pass (README "Positions"): public results a later position shows
        "last_challenge": json_copy(st["last_challenge"]),
        "last_initiative": json_copy(st["last_initiative"]),
        **({"titles": titles_view(st)} if melee(st) else {}),  # who holds which (public)
        "draft": draft_view(st, seat),
        "lasting": [dict(e) for e in st["lasting"]],
        "to_act": step.seats if isinstance(step, Decision) else [],
        "waiting_for": f"a draw: {step.spec['what']}" if isinstance(step, Chance) else None,
    }
    top = st["pending"][-1] if st["pending"] else None
    if top is not None and top["op"] == "raff" and (over or seat == top["seat"]):
        data["looking_at"] = [top["card"]]  # Raff the Sweetling's private look
    if isinstance(step, Decision) and seat is not None:
        prompt = step.prompt_for(seat)
        if prompt is not None:
            data["prompt"] = prompt.to_json()
    if lcg(st):  # announced at setup (§2.3 step 2); an agenda is never in play
        data["setup_first_player"] = st.get("setup_first")
        for shown, p in zip(data["players"], st["players"], strict=True):
            shown["agenda"] = p["agenda"]
    if over:
        data["result"] = st["result"]
    return data


def secret_answer(st: State, event: dict[str, Any], viewer: int | None) -> bool:
    """An answer to a simultaneous question, which only its seat may read."""
    return (event.get("type") == "move" and bool(st["pending"])
            and st["pending"][-1]["op"] in SIMUL and viewer != event["seat"])


def redact(st: State, event: dict[str, Any], viewer: int | None) -> dict[str, Any]:
    if secret_answer(st, event, viewer):
        return {**event, "move": None}
    if face_down(event) and viewer != event["seat"]:  # the others count it, never name it
        return {**event, "move": {**event["move"], "card": None}}
    return default_redact(st, event, viewer)


def face_down(event: dict[str, Any]) -> bool:
    """A move that puts a card from hand face down into Shadows (§6.5): its owner's alone
    (rules 2.0.0 named it in the event to every seat; README, "Shadows")."""
    return event.get("type") == "move" and (event.get("move") or {}).get("kind") == "shadow"


def who(seat: int, viewer: int | None) -> str:
    return "You" if seat == viewer else f"Seat {seat}"


def render(entry: Note, viewer: int | None) -> str:
    cards = entry["cards"]
    seat = entry["seat"]
    if entry.get("passive"):  # something that happened to a seat's cards
        owner = "your" if seat == viewer else f"Seat {seat}'s"
        return f"{', '.join(CARDS[c].name for c in cards)} ({owner}) {entry['act']}"
    text = entry["act"].capitalize() if seat < 0 else f"{who(seat, viewer)} {entry['act']}"
    if not cards:
        return text
    if entry.get("secret") and viewer != seat:
        return f"{text} {len(cards)} card{'s' if len(cards) != 1 else ''}"
    return f"{text} {', '.join(CARDS[c].name for c in cards)}"


MOVE_WORDS = {"pass": "passed", "done": "is done", "skip": "chose no Stealth target",
              "keep": "kept their hand"}


def move_line(st: State, event: dict[str, Any], viewer: int | None) -> str:
    """A move that changed nothing visible yet, in words (a pick for a claim, a pass)."""
    subject = who(event["seat"], viewer)
    if secret_answer(st, event, viewer):
        return f"{subject} made a secret choice"
    move = event["move"]
    uid = move.get("card")
    picked = next((c for c in st["play"] if c["uid"] == uid), None)
    if picked is not None:
        what = {"kill": "to be killed", "choose": "", "stealth": "to be bypassed"}.get(
            move["kind"], "")
        return f"{subject} chose {CARDS[picked['card']].name} {what}".rstrip()
    kind = str(move.get("kind", ""))
    return f"{subject} {MOVE_WORDS.get(kind, 'chose to ' + kind.replace('_', ' '))}"


def describe(st: State, after: State, event: dict[str, Any], viewer: int | None) -> str:
    """Every public thing the event caused, and the private ones ``viewer`` may know."""
    if secret_answer(st, event, viewer) and not after["notes"]:
        return f"{who(event['seat'], viewer)} made a secret choice."
    lines = [render(entry, viewer) for entry in after["notes"]]
    if not lines and event["type"] == "move":
        lines = [move_line(st, event, viewer)]
    if not lines:
        lines = ["A random draw was made"]
    if after["result"] is not None:
        result = after["result"]
        lines.append(f"The game is over: {result['reason']} (power {result['scores']})")
    return ". ".join(lines) + "."
