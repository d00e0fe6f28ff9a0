"""Bots, each answering from its seat's view only (the kernel's ``ask_bot``).

* ``random``: uniform over the legal moves.
* ``party``: plays sensibly for the team: uses rage when it can, attacks the enemy it can hurt
  most (finishing the weakest first, breaking armor it can break), moves towards an enemy it
  can reach, interacts when a point is affordable, defends with enough to stop the wounds,
  spends a Freya token on a big or knock-out hit, lets Mimir take a blow that would knock
  his carrier out, rides the healthiest hero, helps the weakest hero with healing, and takes
  the upgrade that fits its hero best (or sheds a status card).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.kernel import Bot, Draw, Move, Prompt

from .cards import number_value, types_of
from .content import CONTENT

View = dict[str, Any]


def random_bot(view: View, prompt: Prompt, draw: Draw) -> Move:
    return prompt.legal_moves[draw(len(prompt.legal_moves))]


def _first(prompt: Prompt, kind: str) -> Move | None:
    return next((m for m in prompt.legal_moves if m["kind"] == kind), None)


def _scene(view: View) -> dict[str, dict[str, Any]]:
    return {c["id"]: c for c in view["scene"]}


def _remaining(view: View, card: str) -> int:
    """How many wounds the enemy the card leads to still needs (armor counts heavily)."""
    entry = _scene(view)[card]
    if entry.get("attack_point_for"):
        entry = _scene(view)[entry["attack_point_for"]]
    enemy = entry.get("enemy") or {"health": 0, "armor_left": []}
    return int(enemy["health"] - entry["wounds"] + 5 * len(enemy["armor_left"]))


def _value(card: str, declared: str) -> int:
    return types_of(card).get(declared) or 0


def _attack_score(view: View, move: Move) -> float:
    hand = view["players"][view["you"]]["hand"]
    numbers = sum(number_value(c) or 0 for c in hand if c != move["card"])
    value = _value(move["card"], move["as"]) + numbers
    entry = _scene(view)[move["target"]]
    track = entry.get("attack_point_for")
    armor = (_scene(view)[track] if track else entry).get("enemy", {}).get("armor_left", [])
    if armor:
        return 10.0 if value >= armor[0] else -1.0
    return value - 1 + 20.0 / (1 + _remaining(view, move["target"]))


def _goal_points(view: View) -> set[tuple[str, str]]:
    """The interaction points (card, point) that work the quest's conditions, read off the
    face-up quest card: filling a victory storage, emptying a defeat storage, flipping a card
    the victory needs."""
    current = view["campaign"]["current"]
    quest = CONTENT.quests.get(current) or CONTENT.bosses.get(current)
    if quest is None:
        return set()
    fill = {c.params["card"] for c in quest.victory if c.kind == "storage_at_least"}
    empty = {c.params["card"] for c in quest.defeat if c.kind == "storage_at_least"}
    # a card the victory needs turned, or one whose box would lose the quest (Helheim's bonfire)
    turn = {c.params["card"] for c in quest.victory + quest.defeat
            if c.kind in ("card_side", "box_fired")}
    found = set()
    for entry in view["scene"]:
        shown = CONTENT.scene_cards[entry["id"]]
        face = shown.front if entry["side"] == "front" else shown.back
        for point in face.interactions if face else ():
            for e in point.effects:
                if (e.kind == "add_storage" and e.params["card"] in fill) or (
                        e.kind == "remove_storage" and e.params["card"] in empty) or (
                        e.kind == "flip" and any(f["card"] in turn for f in e.params["cards"])):
                    found.add((entry["id"], point.id))
    return found


def _act(view: View, prompt: Prompt) -> Move:
    moves = prompt.legal_moves
    rage = _first(prompt, "rage")
    if rage:
        return rage
    companion = _companion(view, moves)
    if companion is not None:
        return companion
    goals = _goal_points(view)
    for move in moves:
        if move["kind"] == "interact" and (move["card"], move["point"]) in goals:
            return move
    attacks = [m for m in moves if m["kind"] == "attack"]
    best = max(attacks, key=lambda m: _attack_score(view, m), default=None)
    if best is not None and _attack_score(view, best) > 0:
        return best
    heal = _useful_special(view, moves)
    if heal is not None:
        return heal
    interact = _first(prompt, "interact")
    if interact is not None and len(view["players"][view["you"]]["hand"]) > 2:
        return interact
    step = _move_to_goal(view, moves, goals) or _move_to_enemy(view, moves)
    return step or _first(prompt, "end") or moves[-1]


def _companion(view: View, moves: list[Move]) -> Move | None:
    """Solo: Mimir heals a hurt Kratos or refills an empty hand; Atreus's arrows add +3 to
    an attack that is coming (Kratos's rage refreshes them, so holding them back wastes them)."""
    offered = {m["mode"]: m for m in moves if m["kind"] == "companion"}
    kratos = view["heroes"].get("kratos")
    if "heal" in offered and kratos and kratos["wounds"] >= 6:
        return offered["heal"]
    if "draw" in offered and len(view["players"][view["you"]]["hand"]) <= 2:
        return offered["draw"]
    attacks = [m for m in moves if m["kind"] == "attack"]
    if "plus-three" in offered and any(_attack_score(view, m) > 0 for m in attacks):
        return offered["plus-three"]
    return None


def _cancel_box(view: View, prompt: Prompt) -> Move:
    """Mimir's Foresight cancels a box that would lose the quest, fill a defeat timer, or
    wound every hero."""
    box = view.get("box") or {}
    current = view["campaign"]["current"]
    quest = CONTENT.quests.get(current) or CONTENT.bosses.get(current)
    shown = CONTENT.scene_cards.get(box.get("card", ""))
    face = (shown.front if box.get("side") == "front" else shown.back) if shown else None
    printed = next((b for b in face.boxes if b.id == box.get("box")), None) if face else None
    if quest is None or printed is None:
        return {"kind": "cancel-box", "cancel": False}
    timers = {c.params["card"] for c in quest.defeat if c.kind == "storage_at_least"}
    fatal = any(c.kind == "box_fired" and c.params["box"] == printed.id for c in quest.defeat)
    harmful = any((e.kind == "add_storage" and e.params["card"] in timers) or (
        e.kind == "wound_heroes" and e.params["amount"] >= 2) for e in printed.effects)
    return {"kind": "cancel-box", "cancel": fatal or harmful}


def _move_to_goal(view: View, moves: list[Move], goals: set[tuple[str, str]]) -> Move | None:
    """With cards to pay, towards a column whose card works the quest's conditions."""
    if len(view["players"][view["you"]]["hand"]) < 2:
        return None
    columns = {c["column"] for c in view["scene"] if any(c["id"] == g[0] for g in goals)}
    steps = [m for m in moves if m["kind"] == "move" and m["column"] in columns]
    return steps[0] if steps else None


def _useful_special(view: View, moves: list[Move]) -> Move | None:
    specials = [m for m in moves if m["kind"] == "special"]
    return specials[0] if specials else None


def _move_to_enemy(view: View, moves: list[Move]) -> Move | None:
    """The nearest threat: a column whose bottom card holds a living enemy."""
    bottoms = {c["column"] for c in view["scene"] if c["row"] == "bottom" and (
        (c.get("enemy") and not c["dead"]) or c.get("attack_point_for"))}
    steps = [m for m in moves if m["kind"] == "move" and m["column"] in bottoms
             and m["space"] == "front"]
    return steps[0] if steps else None


def _add_or_done(view: View, prompt: Prompt, enough: int) -> Move:
    """Add number cards, the smallest first, until the combination reaches ``enough``."""
    adds = [m for m in prompt.legal_moves if m["kind"] == "add"]
    done = _first(prompt, "done")
    if done is not None and (enough <= 0 or not adds):
        return done
    if adds:
        return min(adds, key=lambda m: number_value(m["card"]) or 0)
    return _first(prompt, "cancel") or prompt.legal_moves[0]


def _defend(view: View, prompt: Prompt) -> Move:
    defends = [m for m in prompt.legal_moves if m["kind"] == "defend"]
    if defends:
        return max(defends, key=lambda m: _value(m["card"], "defense"))
    companion = _first(prompt, "companion")
    if companion:
        return companion
    if _first(prompt, "no-defense"):
        return prompt.legal_moves[-1]
    return _defend_more(view, prompt)


# The types that fit each hero's deck (its starting cards lean that way, README "Content").
FIT = {"kratos": ("melee", "number"), "atreus": ("ranged", "number"),
       "freya": ("ranged", "special", "defense"), "brok-and-sindri": ("melee", "defense"),
       "mimir": ("special", "defense")}


def _fit(view: View, card: str) -> int:
    hero = view["players"][view["you"]]["hero"]
    return max((v or 1) + (2 if t in FIT.get(hero, ()) else 0)
               for t, v in types_of(card).items())


def _upgrade(view: View, prompt: Prompt) -> Move:
    """The revealed card that fits the hero best; else shed a stun or poison card."""
    removes = [m for m in prompt.legal_moves if m["kind"] == "remove"
               and m["card"] in ("stun", "poison")]
    takes = [m for m in prompt.legal_moves if m["kind"] == "take"]
    best = max(takes, key=lambda m: _fit(view, m["card"]), default=None)
    if best is not None and (_fit(view, best["card"]) >= 4 or not removes):
        return best
    return removes[0] if removes else prompt.legal_moves[-1]


def _left(view: View, tile: str) -> int:
    hero = view["heroes"][tile]
    return int(hero["health"] - hero["wounds"])


def _mimir(view: View, prompt: Prompt) -> Move:
    """Mimir takes the blow if it would knock his carrier out and he would stand it."""
    incoming = view.get("incoming") or {"amount": 0, "tile": None}
    carrier = incoming["tile"]
    lethal = carrier is not None and _left(view, carrier) <= incoming["amount"]
    take = lethal and _left(view, "mimir") > incoming["amount"]
    return {"kind": "mimir", "take": take}


def _freya(view: View, prompt: Prompt) -> Move:
    """A token for a big or a knock-out blow."""
    incoming = view.get("incoming") or {"amount": 0, "tile": None}
    tile = incoming["tile"]
    big = incoming["amount"] >= 3 or (tile is not None and _left(view, tile) <= incoming[
        "amount"])
    return {"kind": "freya", "spend": bool(big)}


def _carrier(view: View, prompt: Prompt) -> Move:
    return max(prompt.legal_moves, key=lambda m: _left(view, m["tile"]))


def _target(view: View, prompt: Prompt) -> Move:
    """Heal or help the weakest hero; hurt the enemy closest to death."""
    heroes = view["heroes"]
    options = prompt.legal_moves
    if all(m["target"] in heroes for m in options):
        return max(options, key=lambda m: heroes[m["target"]]["wounds"] -
                   heroes[m["target"]]["health"])
    return min(options, key=lambda m: _remaining(view, m["target"]))


def _attack_more(view: View, prompt: Prompt) -> Move:
    """Enough number cards to kill the target past the die's highest face (2), or to break
    its armor; no more (the rest may defend later)."""
    building = view.get("building") or {}
    card, declared = building.get("card"), building.get("as")
    if card is None or declared is None:
        return _add_or_done(view, prompt, 99)
    value = _value(card, declared) + sum(number_value(n) or 0 for n in building["numbers"])
    entry = _scene(view)[building["target"]]
    track = entry.get("attack_point_for")
    target = _scene(view)[track] if track else entry
    armor = (target.get("enemy") or {}).get("armor_left", [])
    needed = armor[0] if armor else _remaining(view, building["target"]) + 2
    return _add_or_done(view, prompt, needed - value)


def _defend_more(view: View, prompt: Prompt) -> Move:
    building = view.get("building") or {}
    incoming = view.get("incoming") or {"amount": 0}
    card = building.get("card")
    value = (_value(card, "defense") if card else 0) + sum(
        number_value(n) or 0 for n in building.get("numbers", []))
    return _add_or_done(view, prompt, incoming["amount"] - value)


ANSWERS: dict[str, Callable[[View, Prompt], Move]] = {
    "act": _act,
    "defend": _defend,
    "upgrade": _upgrade,
    "target": _target,
    "second-target": _target,
    "attack": _attack_more,
    "interact": lambda v, p: _first(p, "done") or p.legal_moves[0],
    "freya-token": _freya,
    "mimir": _mimir,
    "carrier": _carrier,
    "cancel-box": _cancel_box,
}


def party_bot(view: View, prompt: Prompt, draw: Draw) -> Move:
    answer = ANSWERS.get(prompt.kind)
    if answer is None:
        return prompt.legal_moves[0]
    return answer(view, prompt)


BOTS: dict[str, Bot] = {"random": random_bot, "party": party_bot}
