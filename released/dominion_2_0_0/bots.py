"""Bots. Each answers every prompt: the strategy decides the turn (what to play and buy); a
shared sensible policy answers every other prompt (a Militia victim discards its worst cards,
Moat is always revealed, Library sets Actions aside when no Action is left...).

Strategies: ``random`` (uniform over the legal moves); ``big_money`` (pure: Province at $8+,
Gold at $6-7, Silver at $3-5, nothing else); ``big_money_ultimate`` (Big Money that greens as
the Provinces run low: Duchy at $5-7 when Provinces <= 4 ($5 when <= 5), Estate at $2-4 when
<= 2 ($2 when <= 3)); ``smithy`` (BMU plus a Smithy at $4-5 while it has fewer than one per 11
cards); ``militia`` and ``witch`` (BMU plus up to two of the attack card). A bot whose card is
not in the kingdom plays Big Money Ultimate. Bots are handed their seat's view, never the
state: their own hand, the Supply, the public turn counters, a Spy's revealed card, and the
tally of their own cards (which a player knows from its own gains and trashes).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from domain.kernel import Bot, Draw, Prompt

from .cards import ACTIONS, CARDS, COST, TREASURES, VICTORIES

Move = dict[str, Any]
View = Mapping[str, Any]  # a seat's view (views.bot_view: built as it is read)
Buy = Callable[[View, int, int], str | None]


def random_bot(view: View, prompt: Prompt, draw: Draw) -> Move:
    return prompt.legal_moves[draw(len(prompt.legal_moves))]


# ---- the turn ----

def big_money_buy(view: View, seat: int, coins: int) -> str | None:
    if coins >= 8:
        return "province"
    if coins >= 6:
        return "gold"
    return "silver" if coins >= 3 else None


def bmu_buy(view: View, seat: int, coins: int) -> str | None:
    provinces = view["supply"]["province"]
    if coins >= 8:
        return "province"
    if coins >= 6:
        return "duchy" if provinces <= 4 else "gold"
    if coins == 5 and provinces <= 5:
        return "duchy"
    if coins >= 3:
        return "estate" if provinces <= 2 else "silver"
    return "estate" if coins == 2 and provinces <= 3 else None


def with_card(card: str, cost_from: int, wanted: Callable[[dict[str, int]], bool],
              over_gold: bool = False) -> Buy:
    """BMU, but buy ``card`` at ``cost_from``+ when ``wanted(cards owned)``: instead of Silver,
    or (``over_gold``, as the usual "double Witch" lists do) instead of Gold too; never instead
    of a Province or a greening buy."""
    replaces = ("silver", "gold") if over_gold else ("silver",)

    def buy(view: View, seat: int, coins: int) -> str | None:
        choice = bmu_buy(view, seat, coins)
        if ((choice is None or choice in replaces) and coins >= cost_from
                and view["supply"].get(card, 0) > 0
                and wanted(view["players"][seat]["owned"])):
            return card
        return choice
    return buy


def turn_move(view: View, prompt: Prompt, buy_rule: Buy) -> Move:
    legal = prompt.legal_moves
    plays = [m["card"] for m in legal if m["kind"] == "play" and m["card"] in ACTIONS]
    if plays:
        return {"kind": "play", "card": max(plays, key=action_priority)}
    for move in legal:
        if move["kind"] == "play_treasures":
            return move
        if move["kind"] != "play":
            break
    card = buy_rule(view, prompt.seat, view["turn"]["coins"])
    if card is not None and view["supply"].get(card, 0) > 0 and COST[card] <= view["turn"][
            "coins"]:
        return {"kind": "buy", "card": card}
    return {"kind": "end_turn"}


def action_priority(card: str) -> tuple[int, int]:
    """Cards giving +Actions first (they never cost the turn anything), then by cost."""
    spec = CARDS[card]
    return (1 if spec.actions > 0 else 0, spec.cost)


# ---- every other prompt ----

def badness(card: str) -> tuple[int, int]:
    """Lower is worse: Curse, then Victory cards, then Copper, then by cost."""
    if card == "curse":
        return (0, 0)
    if card in VICTORIES:
        return (1, COST[card])
    if card == "copper":
        return (2, 0)
    return (3, COST[card])


def cards_of(legal: list[Move], kind: str) -> list[str]:
    return [m["card"] for m in legal if m["kind"] == kind and m.get("card")]


def has(legal: list[Move], kind: str) -> bool:
    return any(m["kind"] == kind for m in legal)


def pick(kind: str, card: str) -> Move:
    return {"kind": kind, "card": card}


def best_gain(cards: list[str]) -> str:
    for card in ("province", "gold"):
        if card in cards:
            return card
    useful = [c for c in cards if c not in VICTORIES and c != "curse"]
    return max(useful or cards, key=lambda c: (COST[c], c in TREASURES))


def answer(view: View, prompt: Prompt) -> Move:
    legal = prompt.legal_moves
    handler = POLICY.get(prompt.kind)
    move = handler(view, prompt, legal) if handler else None
    return move if move is not None else legal[0]


def _discard_worst(view: View, prompt: Prompt, legal: list[Move]) -> Move:
    return pick("discard", min(cards_of(legal, "discard"), key=badness))


def _cellar(view: View, prompt: Prompt, legal: list[Move]) -> Move:
    junk = [c for c in cards_of(legal, "discard") if badness(c)[0] < 2]
    return pick("discard", junk[0]) if junk else {"kind": "done"}


def _chapel(view: View, prompt: Prompt, legal: list[Move]) -> Move:
    junk = [c for c in cards_of(legal, "trash") if c in ("curse", "estate")]
    return pick("trash", junk[0]) if junk else {"kind": "done"}


def _trash_worst(view: View, prompt: Prompt, legal: list[Move]) -> Move | None:
    cards = cards_of(legal, "trash")
    return pick("trash", min(cards, key=badness)) if cards else None


def _mine(view: View, prompt: Prompt, legal: list[Move]) -> Move:
    cards = cards_of(legal, "trash")
    for card in ("silver", "copper"):
        if card in cards:
            return pick("trash", card)
    return {"kind": "skip"} if has(legal, "skip") else pick("trash", cards[0])


def _library(view: View, prompt: Prompt, legal: list[Move]) -> Move:
    if has(legal, "set_aside") and view["turn"]["actions"] == 0:
        return {"kind": "set_aside"}
    return {"kind": "keep"}


def _throne(view: View, prompt: Prompt, legal: list[Move]) -> Move | None:
    cards = cards_of(legal, "play")
    return pick("play", max(cards, key=action_priority)) if cards else None


def _sentry(view: View, prompt: Prompt, legal: list[Move]) -> Move:
    card = cards_of(legal, "trash")[0]
    if card in ("curse", "estate", "copper"):
        return pick("trash", card)
    return pick("discard" if card in VICTORIES else "topdeck", card)


def _topdeck_best(view: View, prompt: Prompt, legal: list[Move]) -> Move:
    cards = cards_of(legal, "topdeck")
    good = [c for c in cards if c not in VICTORIES and c not in ("curse", "copper")]
    if good:
        return pick("topdeck", max(good, key=lambda c: COST[c]))
    return {"kind": "skip"} if has(legal, "skip") else pick("topdeck", min(cards, key=badness))


def _spy(view: View, prompt: Prompt, legal: list[Move]) -> Move:
    revealed = view["spy_reveal"]
    junk = badness(revealed["card"])[0] < 3
    mine = revealed["seat"] == prompt.seat
    return {"kind": "discard" if junk == mine else "put_back"}


def _thief(view: View, prompt: Prompt, legal: list[Move]) -> Move:
    cards = cards_of(legal, "trash")
    if cards:
        return pick("trash", max(cards, key=lambda c: COST[c]))
    gains = cards_of(legal, "gain")
    return pick("gain", gains[0]) if gains and gains[0] != "copper" else {"kind": "skip"}


POLICY: dict[str, Callable[[View, Prompt, list[Move]], Move | None]] = {
    "moat": lambda st, p, legal: legal[0],  # "reveal" comes first when it is possible
    "militia": _discard_worst,
    "poacher": _discard_worst,
    "cellar": _cellar,
    "chapel": _chapel,
    "remodel": _trash_worst,
    "mine": _mine,
    "moneylender": lambda st, p, legal: legal[0],
    "gain": lambda st, p, legal: pick("gain", best_gain(cards_of(legal, "gain"))),
    "library": _library,
    "throne_room": _throne,
    "vassal": lambda st, p, legal: legal[0],
    "harbinger": _topdeck_best,
    "artisan": _topdeck_best,
    "sentry": _sentry,
    "chancellor": lambda st, p, legal: legal[0],
    "bureaucrat": lambda view, p, legal: (
        pick("topdeck", min(cards_of(legal, "topdeck"), key=badness))
        if has(legal, "topdeck") else legal[0]),
    "bandit": lambda st, p, legal: pick("trash", min(cards_of(legal, "trash"), key=badness)),
    "spy": _spy,
    "thief": _thief,
}


def strategy(buy_rule: Buy, card: str | None = None) -> Bot:
    def bot(view: View, prompt: Prompt, draw: Draw) -> Move:
        if prompt.kind != "turn":
            return answer(view, prompt)
        rule = buy_rule if card is None or card in view["kingdom"] else bmu_buy
        return turn_move(view, prompt, rule)
    return bot


def _fewer_than(card: str, per: int | None = None,
                most: int = 2) -> Callable[[dict[str, int]], bool]:
    def wanted(owned: dict[str, int]) -> bool:
        count = owned.get(card, 0)
        return count * per < sum(owned.values()) if per else count < most
    return wanted


BOTS: dict[str, Bot] = {
    "random": random_bot,
    "big_money": strategy(big_money_buy),
    "big_money_ultimate": strategy(bmu_buy),
    "smithy": strategy(with_card("smithy", 4, _fewer_than("smithy", per=11)), "smithy"),
    "militia": strategy(with_card("militia", 4, _fewer_than("militia")), "militia"),
    "witch": strategy(with_card("witch", 5, _fewer_than("witch"), over_gold=True), "witch"),
}
