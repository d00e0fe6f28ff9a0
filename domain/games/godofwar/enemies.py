"""The scene's turn: a scene activation by the revealed card's rune (§4.8), the text boxes it
carries out, the enemies' attacks and whom they hit (§4.9), and the effect frame that
resolves one effect of the vocabulary (with its target choice, if any).
"""

from __future__ import annotations

from typing import Any

from domain.kernel import Move, Prompt
from domain.kernel.stack import GO, WAIT, pop, push

from .content import CONTENT
from .engine import (
    column_of,
    counted,
    face,
    front_hero,
    living_enemy,
    occupied_columns,
    player_of,
    positions,
    tile_info,
)
from .scene import push_effects, trigger_flips
from .state import COLUMNS, Frame, State
from .targets import CHOSEN, candidates
from .vocabulary import EFFECTS, seats_of
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


# What the player picks, by the effect's kind (the effects that may name a chosen target);
# {wounds} and {cards} count the effect's amount.
TARGET_WORDS = {
    "heal": "the hero who heals {wounds}",
    "draw": "the hero whose player draws {cards}",
    "wound_enemy": "the enemy who takes {wounds}",
    "stun_enemy": "the enemy to stun",
    "bonus_next_attack_value": "the hero whose next attack gets +{amount}",
    "bonus_next_defense": "the hero whose next defense gets +{amount}",
    "give_freya_token": "the hero who receives a Freya token",
    "gain_crystal": "the hero whose player gains a destruction crystal",
    "second_target": "an enemy for Volley's second arrow",  # rules 1.1.0 asked it (its words)
}


def target_words(kind: str, params: dict[str, Any]) -> str:
    """The target an effect asks a player for, in words ("the hero who heals 2 wounds")."""
    if kind == "change_hand_limit":
        amount = int(params["amount"])
        return (f"the hero whose player's hand limit {'rises' if amount > 0 else 'drops'} "
                f"by {abs(amount)}")
    amount = params.get("amount", 1)
    return TARGET_WORDS.get(kind, "the target").format(
        amount=amount, wounds=counted(amount, "wound"), cards=counted(amount, "card"))


def effect_prompt(st: State, frame: Frame) -> Prompt:
    options = _options(st, frame) or []
    return Prompt(frame["ctx"]["seat"], "target",
                  f"Choose {target_words(frame['kind'], frame['params'])}",
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
    """What the rune sets off on the card, in printed reading order (GOW-R-23): the boxes
    printed above the enemy status, the status (its enemy attacks), the boxes below it, then a
    rune flip (its diagram is printed at the card's foot). Each part is carried out only while
    the card still shows the face it is printed on: a part that an earlier one turned over is
    skipped, and the new face waits for a later reveal (each position once, GOW-R-22)."""
    rune = frame["rune"]
    shown = face(st, card)
    if shown is None:
        return
    side = st["scene"][card]["side"]
    ctx = {"seat": frame["seat"], "hero": None, "reward_from": frame["reward_from"],
           "card": card}
    boxes = [b for b in shown.boxes if b.rune == rune]
    work: list[Frame] = [_box_frame(card, b.id, side, ctx) for b in boxes if b.stands == "above"]
    enemy = living_enemy(st, card)
    if enemy is not None and rune in enemy.runes and enemy.attack is not None:
        work.append({"op": "enemy_attack", "card": card, "from": card, "side": side,
                     "type": enemy.attack.type, "value": enemy.attack.value,
                     "arrows": list(enemy.attack.arrows), "seat": frame["seat"],
                     "stage": "stun", "ctx": ctx})
    work += [_box_frame(card, b.id, side, ctx) for b in boxes if b.stands == "below"]
    if any(f.trigger == "rune" and f.rune == rune for f in shown.flips):
        work.append({"op": "rune_flip", "card": card, "side": side, "rune": rune, "ctx": ctx})
    push(st, *work)


def _box_frame(card: str, box: str, side: str, ctx: dict[str, Any]) -> Frame:
    return {"op": "box", "card": card, "box": box, "side": side, "ctx": ctx, "asked": False}


def _still_shows(st: State, frame: Frame) -> bool:
    """Whether the card still shows the face the activated part is printed on."""
    token = st["scene"].get(frame["card"])
    return token is not None and token["side"] == frame["side"]


def run_rune_flip(st: State, frame: Frame) -> bool:
    pop(st)
    if _still_shows(st, frame):
        trigger_flips(st, frame["card"], "rune", frame["ctx"], rune=frame["rune"])
    return GO


def run_box(st: State, frame: Frame) -> bool:
    """Carry out a box (GOW-R-23) still showing. A box linked to a health-track enemy makes
    it attack unless it is dead, or it loses a stun token instead (GOW-R-24). Solo: Mimir's
    Foresight may cancel it (§7.2). The box's effects decide together: the frame stays below
    them until the last has resolved, and the end is checked only then (``resolving``)."""
    if frame.get("applied") or not _still_shows(st, frame):
        pop(st)
        return GO
    if not frame["asked"] and _may_cancel(st):
        frame["asked"] = True
        return WAIT
    if frame.get("cancel"):
        pop(st)
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
    frame["applied"] = True
    push_effects(st, effects, ctx)
    return GO


def resolving(st: State) -> bool:
    """Whether a box's effects are still resolving: the quest's end waits for the last of
    them, so that a box that kills the last enemy and wounds the heroes is decided on both
    (README, "One box's effects decide together")."""
    return any(f["op"] == "box" and f.get("applied") for f in st["pending"])


def _may_cancel(st: State) -> bool:
    return st["solo"] and "mimir-foresight" not in st["companions_used"]


def box_prompt(st: State, frame: Frame) -> Prompt:
    card = CONTENT.scene_cards[frame["card"]]
    printed = card.front if frame["side"] == "front" else card.back
    assert printed is not None
    text = next(b.text for b in printed.boxes if b.id == frame["box"])
    return Prompt(0, "cancel-box", f"Mimir's Foresight: cancel this box of {printed.name}? "
                  f"It reads: {text}",
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
        if "side" in frame and not _still_shows(st, frame):  # turned over (GOW-R-23)
            pop(st)
            return GO
        if st["scene"][frame["card"]]["stun"] > 0:
            st["scene"][frame["card"]]["stun"] -= 1
            pop(st)
            return GO
        frame["stage"] = "aim"
    if frame["stage"] == "aim":
        frame["targets"] = _targets(st, frame)
        frame["stage"] = "strike"
        if _undecided(frame):
            frame["answers"] = []  # [seat, tile] of each tied player who has chosen
    if _undecided(frame):
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
    push(st, *[{"op": "hurt", "tile": t, "seat": player_of(st, t), "amount": frame["value"],
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


def _undecided(frame: Frame) -> bool:
    """A ranged tie not yet settled: its targets are still the list of tied heroes."""
    return bool(frame["targets"]) and isinstance(frame["targets"][0], list)


def tied_seats(st: State, frame: Frame) -> list[int]:
    """The players of the tied heroes (one, for two heroes of one player)."""
    return seats_of(st, frame["targets"][0])


def tie_prompts(st: State, frame: Frame) -> list[Prompt]:
    """GOW-R-26: the tied heroes' players choose, at once and each in secret; if they
    disagree, the first player decides (p.10's tie-break). One player's own tie is theirs."""
    tied = frame["targets"][0]
    moves: list[Move] = [{"kind": "hit", "tile": t} for t in tied]
    names = " or ".join(tile_info(t).name for t in tied)
    seats = tied_seats(st, frame)
    answered = [seat for seat, _ in frame["answers"]]
    if len(answered) < len(seats):
        text = f"The ranged attack hits {names}: choose"
        if len(seats) > 1:
            text += " (the first player decides if you disagree)"
        return [Prompt(seat, "ranged-tie", text, moves) for seat in seats
                if seat not in answered]
    first = st["first_player"]
    assert first is not None
    return [Prompt(first, "ranged-tie",
                   f"The tied players disagree: decide whether the ranged attack hits {names}",
                   moves)]


def tie_answer(st: State, frame: Frame, seat: int, move: Move) -> None:
    """A tied player's choice, or the first player's decision once they disagree."""
    seats = tied_seats(st, frame)
    if len(frame["answers"]) == len(seats):  # they disagreed: the first player decides
        frame["targets"] = [move["tile"]]
        return
    frame["answers"].append([seat, move["tile"]])
    if len(frame["answers"]) < len(seats):
        return
    chosen = {tile for _, tile in frame["answers"]}
    first = st["first_player"]
    if len(chosen) == 1:
        frame["targets"] = [chosen.pop()]
    elif first in seats:  # the first player is one of them: their choice decides
        frame["targets"] = [next(tile for s, tile in frame["answers"] if s == first)]


def answer_hidden(st: State, seat: int) -> bool:
    """Whether ``seat``'s answer now is a tied player's choice that the other tied player,
    still to choose, may not know yet (GOW-R-26: they choose at once)."""
    frame = st["pending"][-1] if st["stage"] == "round" and st["pending"] else None
    if frame is None or frame["op"] != "enemy_attack" or "answers" not in frame or \
            not _undecided(frame):
        return False
    return len(frame["answers"]) + 1 < len(tied_seats(st, frame))
