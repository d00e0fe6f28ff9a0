"""A player's hero activation (CH-ACT, digest §3.2 A): move, attack, play a special card, use
the rage ability, interact, a solo companion ability, end the turn. The attack and the
interaction are frames of their own (``attack.py``); this module offers the choices and
carries out the simple ones.
"""

from __future__ import annotations

from domain.kernel import Move, Prompt
from domain.kernel.stack import GO, WAIT, pop, push

from .attack import affordable, attack_moves, interaction_points
from .content import CONTENT, Ability
from .engine import bonus, player_of, standing, tile_info, tiles_of
from .scene import push_effects
from .state import COLUMNS, Frame, State, dashboard_of, tiles_in
from .windows import play_special, special_moves

ATTACK_ONLY_MODES = ("ranged-stun", "plus-three", "second-target")
TURN_MODES = ATTACK_ONLY_MODES + ("heal", "draw", "reorder-upgrades")


def active_tiles(st: State, seat: int) -> list[str]:
    """The seat's tiles that have a hero activation: standing and taking a space (Mimir has
    none, §4.6; a knocked-out hero none, §4.10)."""
    return [t for t in tiles_of(st, seat) if standing(st, t) and t != "mimir"]


def run_act(st: State, frame: Frame) -> bool:
    if frame.get("ended") or not active_tiles(st, frame["seat"]):
        pop(st)
        _end_activation(st, frame["seat"])
        return GO
    return WAIT


def _end_activation(st: State, seat: int) -> None:
    """Spartan Rage's bonus lapses at the end of his next round's activation (GOW-R-10); a
    solo companion's modifier for this turn's attack lapses with the turn."""
    for tile in tiles_of(st, seat):
        held = bonus(st, tile)
        if held.get("wounds_until", st["round"] + 1) <= st["round"]:
            held.pop("wounds", None)
            held.pop("wounds_until", None)
        for field in ("counts_as_ranged", "stun", "second_target"):
            held.pop(field, None)


def act_prompt(st: State, frame: Frame) -> Prompt:
    seat = frame["seat"]
    moves: list[Move] = []
    for tile in active_tiles(st, seat):
        if tile not in frame["moved"]:
            moves += _movement(st, tile)
        moves += attack_moves(st, tile)
        moves += _specials(st, tile)
        if _rage_ready(st, tile):
            moves.append({"kind": "rage", "tile": tile})
        moves += _interactions(st, tile)
    moves += _companions(st)
    moves.append({"kind": "end"})
    return Prompt(seat, "act", "Your hero activation: act, or end your turn", moves)


def mimir_prompt(st: State, frame: Frame) -> Prompt | None:
    """GOW-R-15: during the carrier's activation Mimir's player may interact in his column."""
    carrier = st["carrier"]
    if carrier is None or player_of(st, carrier) != frame["seat"] or not standing(st, "mimir"):
        return None
    seat = player_of(st, "mimir")
    moves = _interactions(st, "mimir") + special_moves(st, seat)  # and specials (GOW-R-28)
    if not moves:
        return None
    return Prompt(seat, "mimir-interact",
                  "Mimir may interact during his carrier's activation", moves)


def _movement(st: State, tile: str) -> list[Move]:
    """§4.1: any other column with a free space (front, or either space beside one hero), or
    a swap with the other hero of the column."""
    here = st["heroes"][tile]["column"]
    moves: list[Move] = []
    for column in range(1, COLUMNS + 1):
        if column == here:
            continue
        count = len(tiles_in(st, column))
        spaces = ("front",) if count == 0 else ("front", "back") if count == 1 else ()
        moves += [{"kind": "move", "tile": tile, "column": column, "space": s} for s in spaces]
    if here is not None and len(tiles_in(st, here)) == 2:
        moves.append({"kind": "swap", "tile": tile})
    return moves


def _specials(st: State, tile: str) -> list[Move]:
    return [m for m in special_moves(st, player_of(st, tile)) if m["tile"] == tile]


def _rage_ready(st: State, tile: str) -> bool:
    hero = st["heroes"][tile]
    limit = tile_info(tile).rage_max
    if hero["rage"] is None or limit is None or hero["rage"] < limit:
        return False
    if tile == "freya":  # Ancient Magic waits while both tokens are out (GOW-R-11)
        return sum(1 for h in st["heroes"].values() if h["freya_token"]) < 2
    return True


def _interactions(st: State, tile: str) -> list[Move]:
    hand = st["players"][player_of(st, tile)]["hand"]
    return [{"kind": "interact", "tile": tile, "card": card, "point": point.id}
            for card, point in interaction_points(st, tile)
            if affordable(hand, list(point.icons), point.number_total)]


def _companions(st: State) -> list[Move]:
    """Solo (GOW-R-44, GOW-R-45): each unused ability, in either of its turn modes."""
    if not st["solo"]:
        return []
    moves: list[Move] = []
    for hero in CONTENT.setup["solo"]["companions"]:
        for ability in CONTENT.dashboards[hero].companions:
            if ability.id in st["companions_used"]:
                continue
            moves += [{"kind": "companion", "ability": ability.id, "mode": m.id}
                      for m in ability.modes if m.id in TURN_MODES]
    return moves


def act_answer(st: State, frame: Frame, move: Move) -> None:
    kind = move["kind"]
    seat = frame["seat"]
    if kind == "end":
        frame["ended"] = True
    elif kind in ("move", "swap"):
        _move(st, move)
        frame["moved"].append(move["tile"])
    elif kind == "attack":
        push(st, {"op": "attack", "seat": seat, "tile": move["tile"], "card": move["card"],
                  "as": move["as"], "target": move["target"], "numbers": [],
                  "stage": "build"})
    elif kind == "interact":
        push(st, {"op": "interact", "seat": player_of(st, move["tile"]), "tile": move["tile"],
                  "card": move["card"], "point": move["point"], "paid": []})
    elif kind == "special":
        play_special(st, move["tile"], move["card"])
    elif kind == "rage":
        _use_rage(st, move["tile"])
    else:
        _use_companion(st, move["ability"], move["mode"])


def _move(st: State, move: Move) -> None:
    tile = move["tile"]
    hero = st["heroes"][tile]
    if move["kind"] == "swap":
        assert hero["column"] is not None
        for other in tiles_in(st, hero["column"]):
            st["heroes"][other]["back"] = not st["heroes"][other]["back"]
        return
    old = hero["column"]
    hero["column"] = None
    for other in tiles_in(st, old) if old is not None else []:
        st["heroes"][other]["back"] = False  # the one left behind stands in front (§4.1)
    back = move["space"] == "back"
    for other in tiles_in(st, move["column"]):
        st["heroes"][other]["back"] = not back
    hero["column"], hero["back"] = move["column"], back


def _ability_of(st: State, tile: str) -> Ability:
    board = dashboard_of(st, player_of(st, tile))
    abilities = board.solo_rage_abilities if st["solo"] else board.rage_abilities
    assert abilities is not None
    return next(a for a in abilities if a.tile == tile)


def _use_rage(st: State, tile: str) -> None:
    """p.8: use the ability, then the marker goes back to 0 (GOW-R-8)."""
    st["heroes"][tile]["rage"] = 0
    push_effects(st, _ability_of(st, tile).effects,
                 {"seat": player_of(st, tile), "hero": tile})


def _use_companion(st: State, ability_id: str, mode_id: str) -> None:
    ability = next(a for h in CONTENT.setup["solo"]["companions"]
                   for a in CONTENT.dashboards[h].companions if a.id == ability_id)
    mode = next(m for m in ability.modes if m.id == mode_id)
    st["companions_used"].append(ability_id)
    push_effects(st, mode.effects, {"seat": 0, "hero": "kratos"})

