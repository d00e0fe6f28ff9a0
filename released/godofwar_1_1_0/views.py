"""What each seat may see (``view``), which parts of an event it may see (``redact``), and the
log line it may read (``describe``).

Every seat sees the party's board. Hands are team knowledge: the rulebook lets players show
and discuss their cards freely (GOW-R-50), so every hand is in every seat's view; a
spectator, who is not on the team, sees each hand's size until the game is over. Hidden from
everyone: the order of every deck and of the upgrade deck (sizes only), and the sides of
scene cards not showing (§3.7). A seat looking at the top upgrade cards (Mimir's Foresight)
sees them while it orders them.
"""

from __future__ import annotations

from typing import Any

from domain.kernel import default_redact

from .cards import name_of
from .content import CONTENT
from .engine import face, mimir_column
from .scene import armor_left
from .state import State

# The frames whose choice so far a view shows (a combination or a payment being built).
BUILDING = {"attack": ("op", "tile", "card", "as", "target", "numbers"),
            "defense": ("op", "tile", "card", "numbers"),
            "interact": ("op", "tile", "card", "point", "paid")}


def _scene_card(st: State, card: str) -> dict[str, Any]:
    token = st["scene"][card]
    printed = CONTENT.scene_cards[card]
    shown = face(st, card)
    entry: dict[str, Any] = {"id": card, "row": printed.row, "column": printed.col, **token}
    if shown is not None:
        entry["name"] = shown.name
        entry["attack_point_for"] = shown.attack_point_for
        if shown.enemy is not None:
            enemy = shown.enemy
            attack = enemy.attack
            entry["enemy"] = {
                "name": enemy.name, "health": enemy.health_for(st["seats"]),
                "armor_left": armor_left(st, card),
                "runes": list(enemy.runes), "abilities": list(enemy.abilities),
                "attack": None if attack is None else {
                    "type": attack.type, "value": attack.value, "arrows": list(attack.arrows)}}
        if shown.slots_for(st["seats"]) > 0:  # its spaces for this party's size
            entry["storage_slots"] = shown.slots_for(st["seats"])
        entry["interactions"] = [{"id": p.id, "text": p.text} for p in shown.interactions]
        entry["boxes"] = [{"id": b.id, "rune": b.rune, "text": b.text} for b in shown.boxes]
    return entry


def _player(st: State, seat: int, viewer: int | None) -> dict[str, Any]:
    """A player's cards: the hand is the team's (GOW-R-50), so a spectator sees its size."""
    player = st["players"][seat]
    team = viewer is not None or st["result"] is not None
    return {"hero": player["hero"], "hand": list(player["hand"]) if team else None,
            "hand_size": len(player["hand"]),
            "deck_size": len(player["deck"]), "discard": list(player["discard"]),
            "hand_limit": player["hand_limit"]}


def _incoming(st: State) -> dict[str, Any] | None:
    """The attack being defended against now, for the defender's choice."""
    for frame in reversed(st["pending"][-2:]):
        if frame["op"] == "hurt" and frame.get("tile"):
            return {"tile": frame["tile"], "attack": bool(frame.get("attack")),
                    "amount": max(0, frame["amount"] - frame.get("defense", 0))}
    return None


def view(st: State, seat: int | None) -> dict[str, Any]:
    data: dict[str, Any] = {
        "you": seat, "stage": st["stage"], "solo": st["solo"], "round": st["round"],
        "first_player": st["first_player"],
        "players": [_player(st, s, seat) for s in range(st["seats"])],
        "heroes": {t: {**h, "health": _health(t)} for t, h in st["heroes"].items()},
        "mimir_column": mimir_column(st), "carrier": st["carrier"],
        "campaign": st["campaign"], "quests_won": st["quests_won"],
        "scene": [_scene_card(st, c) for c in st["scene"]],
        "upgrade_deck_size": len(st["upgrade_deck"]), "revealed": list(st["revealed"]),
        "supply": st["supply"], "boxed": list(st["boxed"]), "bonuses": st["bonuses"],
        "companions_used": st["companions_used"], "used_points": st["used_points"],
        "last_attack": st["last_attack"], "incoming": _incoming(st),
        "rounds_played": st["rounds_played"]}
    if st["result"] is not None:
        data["result"] = st["result"]
        data["decks"] = [list(p["deck"]) for p in st["players"]]  # public once over
    top = st["pending"][-1] if st["pending"] else None
    if top is not None and top["op"] in BUILDING:  # cards chosen so far: hands are open
        data["building"] = {k: top.get(k) for k in BUILDING[top["op"]]}
    if top is not None and top["op"] == "box":  # the box Mimir's Foresight may cancel
        data["box"] = {"card": top["card"], "box": top["box"], "side": top["side"]}
    if top is not None and top["op"] == "reorder" and seat == top["seat"]:
        data["looking_at"] = st["upgrade_deck"][-top["n"]:]
    return data


def _health(tile: str) -> int:
    return next(t.health for d in CONTENT.dashboards.values() for t in d.tiles if t.id == tile)


def redact(st: State, event: dict[str, Any], viewer: int | None) -> dict[str, Any]:
    """Shuffles are hidden (deck orders, §3.7); the die, quests, bosses and the first player
    are public (their specs say so). The order Mimir's Foresight gives the top upgrade cards
    is the ordering seat's alone."""
    if event.get("type") == "move" and event["move"]["kind"] == "order" and \
            viewer != event["seat"]:
        return {**event, "move": {"kind": "order", "card": None}}
    return default_redact(st, event, viewer)


def describe(before: State, after: State, event: dict[str, Any], viewer: int | None) -> str:
    lines = [_event_line(before, after, event, viewer)]
    lines += [f"{CONTENT.cards[c].name} ({CONTENT.cards[c].rune}) is revealed."
              for c in added(before["revealed"], after["revealed"])]
    for tile, hero in after["heroes"].items():
        if hero["knocked_out"] and not before["heroes"][tile]["knocked_out"]:
            lines.append(f"{_health_name(tile)} is knocked out.")
    if after["quests_won"] > before["quests_won"]:
        lines.append("The quest is won.")
    if after["result"] is not None and before["result"] is None:
        lines.append(f"The game is over: {after['result']['reason']}.")
    return " ".join(line for line in lines if line)


def added(old: list[str], new: list[str]) -> list[str]:
    """The cards of ``new`` that ``old`` did not hold (copies counted), in ``new``'s order."""
    left = list(old)
    fresh = []
    for card in new:
        if card in left:
            left.remove(card)
        else:
            fresh.append(card)
    return fresh


def _health_name(tile: str) -> str:
    return next(t.name for d in CONTENT.dashboards.values() for t in d.tiles if t.id == tile)


def _event_line(before: State, after: State, event: dict[str, Any],
                viewer: int | None) -> str:
    if event.get("type") == "chance":
        spec = event["spec"]
        what = spec.get("what", "a draw")
        if spec["kind"] == "roll" and what == "enemy die":
            return f"The enemy die shows {event['outcome']}."
        if what in ("quests", "bosses"):
            drawn = after["campaign"]["quests" if what == "quests" else "bosses"]
            return f"Drawn ({what}): {', '.join(title_of(q) for q in drawn)}."
        if spec.get("public"):
            return f"Drawn ({what}): {event['outcome']}."
        return f"Shuffled: {what}."
    move = event["move"]
    hero = before["players"][event["seat"]]["hero"]
    who = f"Seat {event['seat']}" + (f" ({CONTENT.dashboards[hero].name})" if hero else "")
    if move["kind"] == "order" and viewer != event["seat"]:
        return f"{who} puts an upgrade card back on the deck."
    details = ", ".join(f"{k} {_word(before, v)}" for k, v in move.items() if k != "kind")
    return f"{who}: {move['kind']}" + (f" ({details})." if details else ".")


def title_of(quest: str) -> str:
    """A quest's or a final boss's title."""
    card = CONTENT.quests.get(quest) or CONTENT.bosses[quest]
    return card.title


def _word(st: State, value: Any) -> str:
    """A card by its name; a scene card by its enemy's or its face's name; a tile by name."""
    if not isinstance(value, str):
        return str(value)
    if value in CONTENT.cards or value in CONTENT.status:
        return name_of(value)
    if value in st["scene"]:
        shown = face(st, value)
        named = shown.enemy.name if shown and shown.enemy else shown.name if shown else ""
        return named or value
    if value in st["heroes"]:
        return _health_name(value)
    return value
