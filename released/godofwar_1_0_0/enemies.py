"""The scene's turn: a scene activation by the revealed card's rune (§4.8), the text boxes it
carries out, the enemies' attacks and whom they hit (§4.9), and the effect frame that
resolves one effect of the vocabulary (with its target choice, if any).
"""

from __future__ import annotations

from typing import Any

from domain.kernel import Move, Prompt
from domain.kernel.stack import GO, WAIT

from .content import CONTENT
from .effects import EFFECTS
from .engine import (
    column_of,
    face,
    front_hero,
    living_enemy,
    occupied_columns,
    player_of,
    pop,
    positions,
    push,
    push_all,
    tile_info,
)
from .scene import push_effects, trigger_flips
from .state import COLUMNS, Frame, State
from .targets import CHOSEN, candidates
from .windows import attack_window

ARROWS = {"left": -1, "own": 0, "right": 1}

# ---- one effect ----


def _options(st: State, frame: Frame) -> list[str] | None:
    """The targets a player picks among, or None when the context fixes them."""
    target = frame["params"].get("target")
    ctx = frame["ctx"]
    if target == "reward_hero" and ctx.get("hero") is None:
        return list(ctx.get("reward_from", []))
    return candidates(st, target, ctx) if target in CHOSEN else None


def run_effect(st: State, frame: Frame) -> bool:
    options = _options(st, frame)
    if options is not None and "choice" not in frame:
        if len(options) > 1:
            return WAIT
        frame["choice"] = options[0] if options else None
    target = frame["params"].get("target")
    if options is not None:
        targets = [frame["choice"]] if frame["choice"] is not None else []
    else:
        targets = candidates(st, target, frame["ctx"]) if target else []
    pop(st)
    if target is None or targets:
        EFFECTS[frame["kind"]](st, targets, frame["params"], frame["ctx"])
    return GO


def effect_prompt(st: State, frame: Frame) -> Prompt:
    options = _options(st, frame) or []
    what = frame["kind"].replace("_", " ")
    return Prompt(frame["ctx"]["seat"], "target", f"Choose the target of {what}",
                  [{"kind": "target", "target": o} for o in options])


def effect_answer(st: State, frame: Frame, move: Move) -> None:
    frame["choice"] = move["target"]


# ---- scene activation ----


def run_scene(st: State, frame: Frame) -> bool:
    """Reveal the top upgrade card (it stays beside the scene for the upgrade phase), then
    activate every card showing its rune: the top row left to right, then the bottom row
    (GOW-R-22), each position once, tested on the face it shows when reached."""
    if frame["rune"] is None:
        if not st["upgrade_deck"]:  # GOW-R-36: the game is abandoned, not reshuffled
            st["result"] = {"shared": None, "reason": "the upgrade deck ran out"}
            return WAIT
        card = st["upgrade_deck"].pop()
        st["revealed"].append(card)
        frame["rune"] = CONTENT.cards[card].rune
        frame["order"] = positions(st)
    if frame["index"] >= len(frame["order"]):
        pop(st)
        return GO
    card = frame["order"][frame["index"]]
    frame["index"] += 1
    if card in st["scene"]:
        _activate(st, card, frame)
    return GO


def _activate(st: State, card: str, frame: Frame) -> None:
    """The enemy status, then the boxes, then a rune flip, in printed order (GOW-R-23)."""
    rune = frame["rune"]
    shown = face(st, card)
    if shown is None:
        return
    ctx = {"seat": frame["seat"], "hero": None, "reward_from": frame["reward_from"],
           "card": card}
    work: list[Frame] = []
    enemy = living_enemy(st, card)
    if enemy is not None and rune in enemy.runes and enemy.attack is not None:
        work.append({"op": "enemy_attack", "card": card, "from": card,
                     "type": enemy.attack.type, "value": enemy.attack.value,
                     "arrows": list(enemy.attack.arrows), "seat": frame["seat"],
                     "stage": "stun", "ctx": ctx})
    work += [{"op": "box", "card": card, "box": b.id, "side": st["scene"][card]["side"],
              "ctx": ctx, "asked": False} for b in shown.boxes if b.rune == rune]
    if any(f.trigger == "rune" and f.rune == rune for f in shown.flips):
        work.append({"op": "rune_flip", "card": card, "rune": rune, "ctx": ctx})
    push_all(st, work)


def run_rune_flip(st: State, frame: Frame) -> bool:
    pop(st)
    trigger_flips(st, frame["card"], "rune", frame["ctx"], rune=frame["rune"])
    return GO


def run_box(st: State, frame: Frame) -> bool:
    """Carry out a box (GOW-R-23). A box linked to a health-track enemy makes it attack
    unless it is dead, or it loses a stun token instead (GOW-R-24). Solo: Mimir's Foresight
    may cancel it (§7.2)."""
    if not frame["asked"] and _may_cancel(st):
        frame["asked"] = True
        return WAIT
    pop(st)
    if frame.get("cancel"):
        return GO
    card = CONTENT.scene_cards[frame["card"]]
    printed = card.front if frame["side"] == "front" else card.back
    assert printed is not None
    box = next(b for b in printed.boxes if b.id == frame["box"])
    st["fired"].append([frame["card"], frame["side"], box.id])
    effects = box.effects
    track = printed.attack_point_for
    ctx = dict(frame["ctx"])
    if box.linked_enemy and track is not None:
        ctx["enemy_card"] = track
        if living_enemy(st, track) is None:
            effects = tuple(e for e in effects if e.kind != "enemy_attack")
        elif st["scene"][track]["stun"] > 0 and any(e.kind == "enemy_attack" for e in effects):
            st["scene"][track]["stun"] -= 1
            effects = tuple(e for e in effects if e.kind != "enemy_attack")
    push_effects(st, effects, ctx)
    return GO


def _may_cancel(st: State) -> bool:
    return st["solo"] and "mimir-foresight" not in st["companions_used"]


def box_prompt(st: State, frame: Frame) -> Prompt:
    return Prompt(0, "cancel-box", "Mimir's Foresight: cancel this text box?",
                  [{"kind": "cancel-box", "cancel": False}, {"kind": "cancel-box", "cancel": True}])


def box_answer(st: State, frame: Frame, move: Move) -> None:
    if move["cancel"]:
        frame["cancel"] = True
        st["companions_used"].append("mimir-foresight")


# ---- enemy attacks ----


def run_enemy_attack(st: State, frame: Frame) -> bool:
    """A stunned enemy loses a token instead (p.9); else it attacks every target, left to
    right, and then "flip when it makes this attack" triggers (p.11)."""
    if frame["stage"] == "stun":
        if st["scene"][frame["card"]]["stun"] > 0:
            st["scene"][frame["card"]]["stun"] -= 1
            pop(st)
            return GO
        frame["stage"] = "aim"
    if frame["stage"] == "aim":
        frame["targets"] = _targets(st, frame)
        frame["stage"] = "strike"
        if frame["targets"] and isinstance(frame["targets"][0], list):
            return WAIT  # a ranged tie (GOW-R-26)
    pop(st)
    _strike(st, frame)
    return GO


def _strike(st: State, frame: Frame) -> None:
    enemy = living_enemy(st, frame["card"])
    if enemy is None:
        return
    ctx = frame.get("ctx") or {"seat": frame["seat"], "hero": None, "reward_from": [],
                               "card": frame["from"]}
    push(st, {"op": "attacked", "card": frame["card"], "type": frame["type"], "ctx": ctx})
    effects = [{"kind": e.kind, "params": dict(e.params)} for e in enemy.attack_effects]
    push_all(st, [{"op": "hurt", "tile": t, "seat": player_of(st, t), "amount": frame["value"],
                   "stage": "mimir", "attack": True, "abilities": list(enemy.abilities),
                   "effects": effects, "enemy_card": frame["card"]} for t in frame["targets"]])
    if frame["targets"]:  # GOW-R-28: specials before the defenses
        push(st, attack_window(st, frame["seat"]))


def run_attacked(st: State, frame: Frame) -> bool:
    pop(st)
    trigger_flips(st, frame["card"], "enemy_attacks", frame["ctx"], attack_type=frame["type"])
    return GO


def _targets(st: State, frame: Frame) -> list[Any]:
    """Melee: the front hero of each arrowed column (GOW-R-25); ranged: the front hero of the
    occupied column farthest from the enemy (GOW-R-26); a tie is a list to choose from."""
    own = column_of(frame["from"])
    if frame["type"] == "melee":
        columns = sorted(own + ARROWS[a] for a in frame["arrows"])
        fronts = [front_hero(st, c) for c in columns if 1 <= c <= COLUMNS]
        return [f for f in fronts if f is not None]
    occupied = occupied_columns(st)
    if not occupied:
        return []
    far = max(abs(c - own) for c in occupied)
    tied = [front_hero(st, c) for c in occupied if abs(c - own) == far]
    return [tied] if len(tied) > 1 else tied


def tie_prompt(st: State, frame: Frame) -> Prompt:
    """The tied heroes' players choose; one player's own tie is theirs, else the first
    player decides (p.10's tie-break, GOW-R-26)."""
    tied = frame["targets"][0]
    seats = {player_of(st, t) for t in tied}
    first = st["first_player"]
    assert first is not None
    seat = seats.pop() if len(seats) == 1 else first
    names = " or ".join(tile_info(t).name for t in tied)
    return Prompt(seat, "ranged-tie", f"The ranged attack hits {names}: choose",
                  [{"kind": "hit", "tile": t} for t in tied])


def tie_answer(st: State, frame: Frame, move: Move) -> None:
    frame["targets"] = [move["tile"]]
