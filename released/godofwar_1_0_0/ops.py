"""The one mapping of the game's pending frames (``OPS``: op -> how it runs, asks and takes
an answer, for the kernel's stack), and ``advance``: run the stack until a seat must choose,
a draw is needed, or the game is over, checking the end after every step (GOW-R-42).
"""

from __future__ import annotations

from domain.kernel import Move, Prompt
from domain.kernel.stack import GO, WAIT, Op, run_pending

from . import attack, enemies, harm, quests, rounds, turn, windows
from .engine import pop
from .state import Frame, State


def run_reorder(st: State, frame: Frame) -> bool:
    """Mimir's Foresight (solo): the top cards of the upgrade deck back in any order."""
    top = _top(st, frame)
    if len(frame["order"]) < len(top):
        return WAIT if len(top) - len(frame["order"]) > 1 else _last(st, frame, top)
    return _last(st, frame, top)


def _top(st: State, frame: Frame) -> list[str]:
    return st["upgrade_deck"][-frame["n"]:] if frame["n"] else []


def _last(st: State, frame: Frame, top: list[str]) -> bool:
    left = list(top)
    for card in frame["order"]:
        left.remove(card)
    order = frame["order"] + left  # the first chosen goes on top
    st["upgrade_deck"][len(st["upgrade_deck"]) - len(top):] = list(reversed(order))
    pop(st)
    return GO


def reorder_prompt(st: State, frame: Frame) -> Prompt:
    left = list(_top(st, frame))
    for card in frame["order"]:
        left.remove(card)
    return Prompt(frame["seat"], "reorder", "Mimir's Foresight: the next card from the top",
                  [{"kind": "order", "card": c} for c in dict.fromkeys(left)])


def reorder_answer(st: State, frame: Frame, move: Move) -> None:
    frame["order"].append(move["card"])


OPS: dict[str, Op[State]] = {
    # the round (rounds.py)
    "carrier": Op(rounds.run_carrier, rounds.carrier_prompt, rounds.carrier_answer),
    "prepare": Op(rounds.run_prepare),
    "turn": Op(rounds.run_turn),
    "upgrade": Op(rounds.run_upgrade, rounds.upgrade_prompt, rounds.upgrade_answer),
    "end_round": Op(rounds.run_end_round),
    # a hero activation (turn.py, attack.py)
    "act": Op(turn.run_act, turn.act_prompt, turn.act_answer),
    "attack": Op(attack.run_attack, attack.attack_prompt, attack.attack_answer),
    "second_target": Op(attack.run_second_target, attack.second_prompt, attack.second_answer),
    "interact": Op(attack.run_interact, attack.interact_prompt, attack.interact_answer),
    # the scene (enemies.py)
    "scene": Op(enemies.run_scene),
    "box": Op(enemies.run_box, enemies.box_prompt, enemies.box_answer),
    "rune_flip": Op(enemies.run_rune_flip),
    "enemy_attack": Op(enemies.run_enemy_attack, enemies.tie_prompt, enemies.tie_answer),
    "attacked": Op(enemies.run_attacked),
    "effect": Op(enemies.run_effect, enemies.effect_prompt, enemies.effect_answer),
    # cards and wounds (harm.py)
    "draw": Op(harm.run_draw),
    "shuffle_in": Op(harm.run_shuffle_in),
    "hurt": Op(harm.run_hurt, harm.hurt_prompt, harm.hurt_answer),
    "defense": Op(harm.run_defense, harm.defense_prompt, harm.defense_answer),
    "reorder": Op(run_reorder, reorder_prompt, reorder_answer),
    "window": Op(windows.run_window, windows.window_prompt, windows.window_answer),
    # between scenes (quests.py)
    "quest_won": Op(quests.run_quest_won),
    "next_scene": Op(quests.run_next_scene, quests.next_scene_prompt,
                     quests.next_scene_answer),
    "place": Op(quests.run_place),
    "remove_highest": Op(quests.run_remove_highest, quests.highest_prompt,
                         quests.highest_answer),
}


def advance(st: State) -> None:
    """Run the round until someone must choose or draw, or the game is over."""
    while st["result"] is None and st["stage"] == "round":
        if not st["pending"]:
            rounds.start_round(st)
        if rounds.check_end(st):
            continue
        if run_pending(st, st["pending"], OPS, halted=lambda: rounds.check_end(st)) == WAIT:
            if not rounds.check_end(st):
                return


def prompts(st: State) -> list[Prompt]:
    """The questions of the frame on top, and Mimir's interactions beside his carrier's
    activation (GOW-R-15)."""
    frame = st["pending"][-1]
    asker = OPS[frame["op"]].prompt
    assert asker is not None, f"a {frame['op']} frame waits without a question"
    found = [asker(st, frame)]
    if frame["op"] == "act":
        mimir = turn.mimir_prompt(st, frame)
        found += [] if mimir is None else [mimir]
        asked = {p.seat for p in found}
        found += [p for p in windows.bystander_prompts(st, frame["seat"]) if p.seat not in asked]
    return found


def answer(st: State, seat: int, move: Move) -> None:
    frame = st["pending"][-1]
    if frame["op"] == "act" and seat != frame["seat"]:
        if move["kind"] == "special":  # another player's special card (GOW-R-28)
            windows.answer_bystander(st, move)
        else:  # Mimir's interaction, pushed above the activation (GOW-R-15)
            turn.act_answer(st, frame, move)
        return
    handler = OPS[frame["op"]].answer
    assert handler is not None
    handler(st, frame, move)

