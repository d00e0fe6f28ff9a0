"""Bots: ``random`` (any legal move, uniformly) and ``planner``: marshal by value (the
dearest character it can afford first, then locations), attack where its attackers out-STR
the standing defenders that could oppose them (Stealth bypassing the strongest), in melee
the leader first, defend a claim it cannot afford to lose, aim its abilities at the
strongest character they reach, and kill its cheapest characters when a claim demands.
Bots see their seat's view only. README "Melee balance" measures what each rule of thumb
did to the Houses' chances."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.kernel import Bot, Draw, Prompt

from .cards import CARDS
from .titles import STR_BONUS, TITLES

Move = dict[str, Any]
View = dict[str, Any]


def random_bot(view: View, prompt: Prompt, draw: Draw) -> Move:
    return prompt.legal_moves[draw(len(prompt.legal_moves))]


def _card(view: View, uid: str) -> dict[str, Any]:
    return next(c for c in view["in_play"] if c["uid"] == uid)


def _value(move: Move) -> int:
    spec = CARDS[move["card"]]
    order = {"character": 3, "location": 2, "attachment": 1}
    return order.get(spec.type, 0) * 100 + (spec.cost or 0)


def _window(view: View, prompt: Prompt, seat: int) -> Move:
    legal = prompt.legal_moves
    plays = [m for m in legal if m["kind"] in ("marshal", "duplicate", "ambush")
             and (not m.get("host") or _good_host(view, m, seat))
             and (m["card"] != "varys-box" or _enemy_allies(view, seat))]
    if plays:
        return max(plays, key=_value)
    hidden = [m for m in legal if m["kind"] == "shadow"]  # lcg: nothing to marshal
    if hidden:
        return hidden[0]
    uses = [m for m in legal if m["kind"] == "use" and _good_target(view, m, seat)]
    return max(uses, key=lambda m: _aim_value(view, m), default={"kind": "pass"})


def _aim_value(view: View, move: Move) -> tuple[int, int]:
    """A targeted ability is best spent on the strongest character it can reach: of the
    other side a standing one first (kneeling or killing a knelt one takes nothing from this
    round), of its own a knelt one first (to stand it); the first move among equals."""
    aimed = next((c for c in view["in_play"] if c["uid"] == move["target"].split(">")[-1]),
                 None)
    if aimed is None or aimed["type"] != "character":
        return (0, 0)
    return (int(aimed["knelt"] != (move["card"] in HOSTILE)), aimed["strength"] or 0)


def _enemy_allies(view: View, seat: int) -> list[str]:
    return [c["uid"] for c in view["in_play"] if c["controller"] != seat
            and "Ally" in CARDS[c["card"]].traits and c["type"] == "character"]


def _discard_ally(view: View, prompt: Prompt, seat: int) -> Move:
    theirs = set(_enemy_allies(view, seat))
    return next((m for m in prompt.legal_moves if m["card"] in theirs), prompt.legal_moves[0])


def _good_host(view: View, move: Move, seat: int) -> bool:
    """Attachments on its own characters, but Milk of the Poppy on the other side's."""
    if move["host"] == "house":
        return True
    theirs = _card(view, move["host"])["controller"] != seat
    return bool(theirs == (move["card"] in HOSTILE_ATTACHMENTS))


HOSTILE_ATTACHMENTS = ("milk-of-the-poppy",)
# Abilities aimed at the other side's characters; every other target is the bot's own.
HOSTILE = ("the-lions-will", "a-lannister-pays-his-debts", "distraction", "cerseis-attendant",
           "enemy-informer", "ser-ilyn-payne", "shae", "cersei-lannister", "robb-stark", "ice",
           "catelyn-stark", "chella-daughter-of-cheyk", "seductive-promise",
           "support-of-the-kingdom")
# The Dwarf gives the target power; an Honor Guard put into play from hand goes to an
# opponent, 4 STR on their side until they win a challenge with it.
NEVER = ("youve-killed-the-wrong-dwarf", "lannisport-honor-guard", "winterfell-honor-guard")


def _good_target(view: View, move: Move, seat: int) -> bool:
    target = move["target"].split(">")[-1]
    if move["card"] in NEVER:
        return False
    aimed = next((c for c in view["in_play"] if c["uid"] == target), None)
    if aimed is None:  # no target, two costs "a,b", a pile, a challenge type, a card name
        return True
    return bool((aimed["controller"] != seat) == (move["card"] in HOSTILE))


def _standing(view: View, seat: int, kind: str) -> list[dict[str, Any]]:
    return [c for c in view["in_play"] if c["controller"] == seat
            and c["type"] == "character" and not c["knelt"] and kind in c["icons"]]


def _standing_power(view: View, seat: int, kind: str) -> int:
    return sum(c["strength"] or 0 for c in _standing(view, seat, kind))


def _defense(view: View, seat: int, kind: str, stealthy: int) -> int:
    """The STR that could defend, once ``stealthy`` Stealth attackers have each bypassed
    one of the strongest defenders."""
    strengths = sorted((c["strength"] or 0 for c in _standing(view, seat, kind)), reverse=True)
    return sum(strengths[stealthy:])


def _stealthy(cards: list[dict[str, Any]]) -> int:
    return sum("Stealth" in c["keywords"] for c in cards)


PREFERENCE = ("power", "military", "intrigue")  # power takes power; military kills


def _challenge(view: View, prompt: Prompt, seat: int) -> Move:
    """The first type, in order of preference, where its standing characters out-STR every
    standing character that could defend (Stealth bypassing the strongest); in melee,
    against the leader among such targets (the most power: what it wins there is taken from
    the one nearest the win, and a leader left alone runs away with the game), the weakest
    first among equals."""
    for kind in PREFERENCE:
        offered = [m for m in prompt.legal_moves if m.get("type") == kind]
        mine = _standing(view, seat, kind)
        strength = sum(c["strength"] or 0 for c in mine)
        beaten = [m for m in offered if strength > _defense(
            view, m.get("target", 1 - seat), kind, _stealthy(mine))]
        if beaten:
            return min(beaten, key=lambda m: (
                -view["players"][m.get("target", 1 - seat)]["total_power"],
                _defense(view, m.get("target", 1 - seat), kind, _stealthy(mine))))
    return {"kind": "end_challenges"}


def _stealth(view: View, prompt: Prompt, seat: int) -> Move:
    """Stealth bypasses the strongest character that could defend this challenge."""
    kind = view["challenge"]["type"]
    bypass = [m for m in prompt.legal_moves if m["kind"] == "stealth"
              and not _card(view, m["card"])["knelt"] and kind in _card(view, m["card"])["icons"]]
    if not bypass:
        return {"kind": "skip"}
    return max(bypass, key=lambda m: _card(view, m["card"])["strength"] or 0)


def _attackers(view: View, prompt: Prompt, seat: int) -> Move:
    """The strongest attackers until they out-STR every possible defender, then done."""
    ch = view["challenge"]
    attack = sum(_card(view, u)["strength"] or 0 for u in ch["attackers"])
    declared = [_card(view, u) for u in ch["attackers"]]
    if declared and attack > _defense(view, ch["defender"], ch["type"], _stealthy(declared)):
        return {"kind": "done"}
    options = [m for m in prompt.legal_moves if m["kind"] == "attacker"]
    return max(options, key=lambda m: _card(view, m["card"])["strength"] or 0)


def _defend(view: View, prompt: Prompt, seat: int) -> Move:
    ch = view["challenge"]
    attack = sum(_card(view, u)["strength"] or 0 for u in ch["attackers"])
    defense = sum(_card(view, u)["strength"] or 0 for u in ch["defenders"])
    options = [m for m in prompt.legal_moves if m["kind"] == "defender"]
    reachable = defense + sum(_card(view, m["card"])["strength"] or 0 for m in options)
    if defense > attack or reachable <= attack or not options:
        return {"kind": "done"}
    return max(options, key=lambda m: _card(view, m["card"])["strength"] or 0)


def _cheapest(view: View, prompt: Prompt) -> Move:
    return min(prompt.legal_moves, key=lambda m: (
        CARDS[_card(view, m["card"])["card"]].cost or 0) if m.get("card") in {
        c["uid"] for c in view["in_play"]} else 99)


def _plot(view: View, prompt: Prompt, seat: int) -> Move:
    """The most gold, then the most claim; a plot that takes every opponent's plot income
    counts the gold it denies them, once the seat's own cards bring it enough to marshal
    without its plot."""
    def value(move: Move) -> tuple[int, int]:
        spec = CARDS[move["card"]]
        gold = spec.income or 0
        if move["card"] in DENYING and _card_income(view, seat) >= DENIED_INCOME:
            gold += DENIED_INCOME * (len(view["players"]) - 1)
        return (gold, spec.claim or 0)
    return max(prompt.legal_moves, key=value)


DENYING = ("blockade",)  # "opponents' revealed plots have 0 income"
DENIED_INCOME = 3  # about what a revealed plot brings


def _card_income(view: View, seat: int) -> int:
    return sum(CARDS[c["card"]].gold_bonus or 0 for c in view["in_play"]
               if c["controller"] == seat)


def _setup(view: View, prompt: Prompt, seat: int) -> Move:
    places = [m for m in prompt.legal_moves if m["kind"] == "place"]
    if not places:
        return {"kind": "done"}
    return max(places, key=_value)


def planner(view: View, prompt: Prompt, draw: Draw) -> Move:
    seat = prompt.seat
    handlers: dict[str, Callable[[], Move]] = {
        "mulligan": lambda: {"kind": "keep"},
        "setup": lambda: _setup(view, prompt, seat),
        "plot": lambda: _plot(view, prompt, seat),
        "first_player": lambda: {"kind": "first_player", "seat": seat},
        "window": lambda: _window(view, prompt, seat),
        "challenge": lambda: _challenge(view, prompt, seat),
        "defenders": lambda: _defend(view, prompt, seat),
        "attackers": lambda: _attackers(view, prompt, seat),
        "stealth": lambda: _stealth(view, prompt, seat),
        "military_claim": lambda: _cheapest(view, prompt),
        "deadly": lambda: _cheapest(view, prompt),
        "hound": lambda: {"kind": "hound", "discard": "deck"},
        "varys": lambda: _discard_ally(view, prompt, seat),
        **melee_handlers(view, prompt, seat),
    }
    handler = handlers.get(prompt.kind)
    move = handler() if handler else prompt.legal_moves[0]
    return move if move in prompt.legal_moves else prompt.legal_moves[0]


# ---- melee: titles, targets, redirects ----

def _title(view: View, prompt: Prompt, seat: int) -> Move:
    """Master of Coin first (gold every round), then the +3 title of the challenge type its
    characters are strongest in, then the rest in the data's order."""
    def value(move: Move) -> tuple[int, int]:
        kind = STR_BONUS.get(move["title"])
        if move["title"] == "master-of-coins":
            return (2, 0)
        if kind is not None:
            return (1, _standing_power(view, seat, kind))
        return (0, -TITLES.index(move["title"]))
    return max(prompt.legal_moves, key=value)


def _attack_strength(view: View) -> int:
    return sum(_card(view, u)["strength"] or 0 for u in view["challenge"]["attackers"])


def _redirect(view: View, prompt: Prompt, seat: int) -> Move:
    """The Regent turns away a challenge against itself."""
    ch = view["challenge"]
    return {"kind": "redirect"} if ch["defender"] == seat else {"kind": "decline"}


def _retarget(view: View, prompt: Prompt, seat: int) -> Move:
    kind = view["challenge"]["type"]
    return min(prompt.legal_moves, key=lambda m: _standing_power(view, m["seat"], kind))


def _take_over(view: View, prompt: Prompt, seat: int) -> Move:
    """The Lord Commander takes a military challenge it can win; a supporter defends with
    its strongest character when it can win."""
    kind = view["challenge"]["type"]
    if _standing_power(view, seat, kind) <= _attack_strength(view):
        return {"kind": "decline"}
    if prompt.kind == "kingsguard":
        return {"kind": "take_challenge"}
    options = [m for m in prompt.legal_moves if m["kind"] == "defender"]
    return max(options, key=lambda m: _card(view, m["card"])["strength"] or 0)


def _mutual(view: View, prompt: Prompt, seat: int) -> Move:
    """A Mutual plot's truce with the strongest opponent (the most standing STR)."""
    return max(prompt.legal_moves, key=lambda m: sum(
        _standing_power(view, m["seat"], kind) for kind in PREFERENCE))


def melee_handlers(view: View, prompt: Prompt, seat: int) -> dict[str, Callable[[], Move]]:
    return {"title": lambda: _title(view, prompt, seat),
            "redirect": lambda: _redirect(view, prompt, seat),
            "retarget": lambda: _retarget(view, prompt, seat),
            "kingsguard": lambda: _take_over(view, prompt, seat),
            "support": lambda: _take_over(view, prompt, seat),
            "mutual": lambda: _mutual(view, prompt, seat)}


BOTS: dict[str, Bot] = {"random": random_bot, "planner": planner}
