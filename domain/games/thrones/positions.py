"""Positions anyone can set up (issue 26, item 4): the rules state a description in the
rulebook's terms sets up, built on the game's own setup (``flow.setup``) and started with the
engine's own frames, so a position plays on as a dealt game would. The project's tests build
theirs with it too (``tests/games/thrones/table.py``).

``position(options, seats, description)`` (the shape of the kernel's ``position`` hook) takes
a description such as::

    {"phase": "challenges", "first_player": 1,
     "players": [{"house": "Stark", "standing": ["Eddard Stark", {"card": "Winterfell",
                                                                   "power": 2}],
                  "hand": ["Summer"], "gold": 3, "power": 4},
                 {"house": "Lannister", "kneeling": ["Tyrion Lannister"],
                  "revealed_plot": "A Noble Cause"}],
     "challenge": {"type": "military", "attacker": 1, "attackers": ["The Mountain"]}}

Every card is named by its printed name (or its id, to tell two printings apart). Each player
(one per seat, in seat order): ``house``; ``standing`` and ``kneeling`` (cards in play: a name,
or ``{"card", "power", "attachments": [names]}``); ``hand``, ``deck`` (its top last),
``discard``, ``dead``, ``plots`` (the plot deck), ``used_plots``, ``revealed_plot``;
``gold``, ``power`` (on the House card); ``challenges_made`` (types initiated this round);
``agenda`` (``lcg``). Then ``round`` (1), ``phase`` (``plot`` ... ``taxation``: the position
is at the beginning of that phase, whose framework steps run first), ``first_player`` (0;
null: none chosen yet, as in the first plot phase) and ``challenge`` (the challenges phase
only: a challenge in progress, its ``type``, ``attacker``, ``defender`` (in melee the target;
else the attacker's opponent), ``attackers`` (cards of the attacker's in play) and
``defenders``; with no defenders the defending player is asked next, with defenders the
challenge resolves next). Anything left out is empty or zero, but for a plot deck: left out,
it is the House's plots less those used or revealed. The token pool gives the gold and power
handed out.

``arrange`` lays the same description out without starting anything (the tests' ``blank``).
A description that states no position raises the kernel's ``BadPosition`` naming every
problem in words.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from domain.kernel.position import BadPosition

from .cards import BOX, CARDS, HOUSES
from .flow import run, setup
from .frames import push
from .phases import END, PHASES, rest_of_round
from .state import CHALLENGE_TYPES, TOKENS, Challenge, State, in_order, melee, opponent
from .stats import has_keyword

PLAYER_PARTS = ("house", "standing", "kneeling", "hand", "deck", "discard", "dead", "plots",
                "used_plots", "revealed_plot", "gold", "power", "challenges_made", "agenda")
PARTS = ("round", "phase", "first_player", "players", "challenge")
CHALLENGE_PARTS = ("type", "attacker", "defender", "attackers", "defenders")
PILES = {"hand": "hand", "deck": "deck", "discard": "discard", "dead": "dead",
         "plots": "plots", "used_plots": "used"}


def position(options: Mapping[str, Any], seats: int, description: Mapping[str, Any]) -> State:
    """The state ``description`` sets up for a game of ``options`` and ``seats`` (above),
    started: the phase's framework steps (or the challenge's next step) have run, up to the
    first question or draw."""
    st = arrange(options, seats, description)
    problems: list[str] = []
    _plot_decks(st, description["players"], problems)
    if description.get("challenge") is None:
        push(st, *rest_of_round(st, st["phase"]))
    else:
        _challenge(st, description["challenge"], problems)
    if problems:
        raise BadPosition(problems)
    run(st)
    return st


def _plot_decks(st: State, players: list[Mapping[str, Any]], problems: list[str]) -> None:
    """A player told no plot deck holds the rest of their House's: its plots less those told
    used or revealed. A deck told empty takes its used pile back, as an emptied deck does
    (``phases.reveal_plot``). A player with no plot in either would be asked at the next plot
    phase to choose from nothing, so that position is refused."""
    for seat, (p, told) in enumerate(zip(st["players"], players, strict=True)):
        if "plots" not in told:
            p["plots"] = _less(BOX.plot_decks[p["house"]], [*p["used"], p["revealed"]])
        if not p["plots"]:
            p["plots"], p["used"] = sorted(p["used"]), []
        if not p["plots"]:
            problems.append(f"seat {seat}: no plot is left in their plot deck or used pile, "
                            "so the next plot phase would give them nothing to reveal")


def _less(plots: Sequence[str], out: list[str | None]) -> list[str]:
    """``plots`` less one copy of each plot in ``out``, sorted."""
    left = sorted(plots)
    for plot in out:
        if plot in left:
            left.remove(plot)
    return left


def arrange(options: Mapping[str, Any], seats: int, description: Mapping[str, Any]) -> State:
    """The cards, tokens, phase and first player ``description`` states, laid out on the
    game's own setup with nothing started (no frame pending): for a test that runs one step of
    the engine itself. ``challenge`` is ``position``'s."""
    if not isinstance(description, Mapping):
        raise BadPosition(["a position is an object of named parts"])
    problems: list[str] = []
    _known(description, PARTS, "the position", problems)
    players = description.get("players", [])
    if not isinstance(players, list) or len(players) != seats:
        raise BadPosition([f"players lists one player a seat ({seats})"])
    st = _cleared(setup(options, seats), description, problems)
    for seat, told in enumerate(players):
        if isinstance(told, Mapping):
            _player(st, seat, told, problems)
        else:
            problems.append(f"seat {seat} is an object of named parts")
    if problems:
        raise BadPosition(problems)
    return st


def _cleared(st: State, description: Mapping[str, Any], problems: list[str]) -> State:
    """The game's own setup with every zone emptied, at the phase and round described."""
    phase = description.get("phase", "challenges")
    if phase not in PHASES:
        problems.append(f"phase is one of {', '.join(PHASES)}, not {phase!r}")
        phase = "challenges"
    told_first = description.get("first_player", 0)  # null: none yet (round 1's plot phase)
    first = None if told_first is None else _number(told_first, "first_player", problems,
                                                    0, len(st["players"]) - 1)
    st.update(round=_number(description.get("round", 1), "round", problems, 1), phase=phase,
              first=first, pending=[], play=[], notes=[], lasting=[], triggers=[],
              challenge=None, draft=None, pool=dict(TOKENS))
    for p in st["players"]:
        p.update(deck=[], hand=[], discard=[], dead=[], plots=[], used=[], setup=[],
                 revealed=None, choice=None, ready=False, gold=0, power=0, agenda=None)
        p.pop("setup_shadows", None)
    return st


def _player(st: State, seat: int, told: Mapping[str, Any], problems: list[str]) -> None:
    where = f"seat {seat}"
    _known(told, PLAYER_PARTS, where, problems)
    p = st["players"][seat]
    house = str(told.get("house", p["house"] or "")).casefold()
    if house not in HOUSES:
        problems.append(f"{where}: house is one of {', '.join(HOUSES)}, not {house!r}")
    p["house"] = house
    for part, pile in PILES.items():
        p[pile] = _ids(st, told.get(part, []), f"{where} {part}", problems)
    if told.get("revealed_plot") is not None:
        found = _ids(st, [told["revealed_plot"]], f"{where} revealed_plot", problems)
        p["revealed"] = found[0] if found else None
    if told.get("agenda") is not None:
        found = _ids(st, [told["agenda"]], f"{where} agenda", problems)
        p["agenda"] = found[0] if found else None
    made = told.get("challenges_made", [])
    if not isinstance(made, list) or not set(made) <= set(CHALLENGE_TYPES):
        problems.append(f"{where}: challenges_made lists challenge types "
                        f"({', '.join(CHALLENGE_TYPES)})")
    else:
        p["challenges"] = list(made)
    for token in ("gold", "power"):
        _hand_out(st, p, token, _number(told.get(token, 0), f"{where} {token}", problems))
    for part in ("standing", "kneeling"):
        for entry in _list(told.get(part, []), f"{where} {part}", problems):
            _in_play(st, seat, entry, part == "kneeling", f"{where} {part}", problems)


def _in_play(st: State, seat: int, entry: Any, knelt: bool, where: str,
             problems: list[str]) -> None:
    told = entry if isinstance(entry, dict) else {"card": entry}
    _known(told, ("card", "power", "attachments"), where, problems)
    found = _ids(st, [told.get("card")], where, problems)
    if not found:
        return
    uid = _enter(st, seat, found[0], knelt, None)
    power = _number(told.get("power", 0), f"{where} {CARDS[found[0]].name} power", problems)
    _hand_out(st, st["play"][-1], "power", power)
    for attachment in _ids(st, told.get("attachments", []), f"{where} attachments", problems):
        _enter(st, seat, attachment, False, uid)


def _enter(st: State, seat: int, card_id: str, knelt: bool, host: str | None) -> str:
    uid = f"c{st['next_uid']}"
    st["next_uid"] += 1
    st["play"].append({"uid": uid, "card": card_id, "owner": seat, "controller": seat,
                       "knelt": knelt, "power": 0, "host": host, "dups": []})
    return uid


def _hand_out(st: State, holder: Any, token: str, n: int) -> None:
    """Tokens come from the token pool, so gold and power stay conserved."""
    n = min(n, st["pool"][token])
    holder[token] += n
    st["pool"][token] -= n


def _challenge(st: State, told: Any, problems: list[str]) -> None:
    """A challenge in progress: its attackers declared (and Stealth to choose), then the
    defenders step, or with defenders declared the resolution; the rest of the phase after."""
    if not isinstance(told, dict) or st["phase"] != "challenges":
        problems.append("challenge is a challenge in progress, in the challenges phase")
        return
    _known(told, CHALLENGE_PARTS, "challenge", problems)
    seats = len(st["players"])
    attacker = _number(told.get("attacker"), "challenge attacker", problems, 0, seats - 1)
    kind = told.get("type")
    if kind not in CHALLENGE_TYPES:
        problems.append(f"challenge type is one of {', '.join(CHALLENGE_TYPES)}")
    defender = _number(told.get("defender", opponent(st, attacker)), "challenge defender",
                       problems, 0, seats - 1)
    if defender == attacker:
        problems.append("challenge defender is not the attacker")
    ch: Challenge = {"type": str(kind), "attacker": attacker, "defender": defender,
                     "attackers": _uids(st, attacker, told.get("attackers", []),
                                        "challenge attackers", problems),
                     "defenders": _uids(st, defender, told.get("defenders", []),
                                        "challenge defenders", problems),
                     "stealthed": [], "stealth_left": [], "winner": None, "strength": [0, 0],
                     "after_win": []}
    if not ch["attackers"]:
        problems.append("challenge attackers names at least one attacking character")
    if problems:
        return
    if melee(st):
        ch["target"] = defender
    st["challenge"] = ch
    if kind not in st["players"][attacker]["challenges"]:
        st["players"][attacker]["challenges"].append(kind)
    _push_challenge(st, ch)


def _push_challenge(st: State, ch: Challenge) -> None:
    order = in_order(st)
    later = order[order.index(ch["attacker"]) + 1:]  # their turns come after (player order)
    rest: list[dict[str, Any]] = [
        *({"op": "challenge_turn", "seat": s, "stage": "window"} for s in [ch["attacker"], *later]),
        END, *rest_of_round(st, PHASES[PHASES.index("challenges") + 1])]
    if ch["defenders"]:
        push(st, {"op": "plot_window"}, {"op": "resolve_challenge"}, *rest)
        return
    ch["stealth_left"] = [c["uid"] for c in st["play"] if c["uid"] in ch["attackers"]
                          and has_keyword(st, c, "Stealth")]
    push(st, {"op": "stealth"}, {"op": "defenders"}, {"op": "plot_window"},
         {"op": "resolve_challenge"}, *rest)


def _uids(st: State, seat: int, names: Any, where: str, problems: list[str]) -> list[str]:
    """The uids of ``seat``'s characters in play named (each card once)."""
    found: list[str] = []
    for card_id in _ids(st, names, where, problems):
        rec = next((c for c in st["play"] if c["card"] == card_id and c["controller"] == seat
                    and c["uid"] not in found and CARDS[card_id].type == "character"), None)
        if rec is None:
            problems.append(f"{where}: seat {seat} has no {CARDS[card_id].name} in play")
        else:
            found.append(rec["uid"])
    return found


def _ids(st: State, names: Any, where: str, problems: list[str]) -> list[str]:
    found = []
    for name in _list(names, where, problems):
        card_id = card_named(st, name) if isinstance(name, str) else None
        if card_id is None:
            problems.append(f"{where}: there is no card called {name!r}")
        else:
            found.append(card_id)
    return found


def card_named(st: State, name: str) -> str | None:
    """The card of that printed name (or id): of two printings, the box's in the box (its
    examples' version) and the card pool's in ``lcg``; never a melee title."""
    plain = " ".join(name.replace("-", " ").split()).casefold()
    named = [cid for cid, card in CARDS.items() if card.type != "title" and (
        card.name.casefold() == plain or cid.replace("-", " ") == plain)]
    if len(named) > 1:
        box = {cid for deck in BOX.decks.values() for cid, _ in deck}
        lcg = st["options"]["profile"] == "lcg"
        named = [cid for cid in named if (cid in box) != lcg] or named
    return named[0] if named else None


def _list(value: Any, where: str, problems: list[str]) -> list[Any]:
    if not isinstance(value, list):
        problems.append(f"{where} is a list")
        return []
    return value


def _number(value: Any, where: str, problems: list[str], low: int = 0,
            high: int | None = None) -> int:
    if type(value) is not int or value < low or (high is not None and value > high):
        problems.append(f"{where} is a whole number from {low}"
                        + (f" to {high}" if high is not None else "") + f", not {value!r}")
        return low
    return value


def _known(told: Any, allowed: tuple[str, ...], where: str, problems: list[str]) -> None:
    if not isinstance(told, Mapping):
        problems.append(f"{where} is an object of named parts")
        return
    problems.extend(f"{where} has no part called {key!r} (its parts: {', '.join(allowed)})"
                    for key in told if key not in allowed)
