"""Revolution's words (``domain.kernel.narration``): each event as a log line for an audience,
and each legal move as a button's words.

Tiles are named as the rulebook names them ("the Hierophant"), squares by their number as
moves number them ("square 4", README "Shape"), directions from the side the acting tile
faces ("forward right"). What a seat may not know is told to it exactly as ``views.redact``
and ``views.view`` hide it: the tiles of a secret draw, a secretly kept tile, the tiles set
aside, and the face-down tiles of the other seat, named only to a reader who may see them
(``Audience.sees``; the public record sees everything). Face-down tiles turned up, banished,
placed or dealt openly are public. ``Words`` carries the one difference between versions:
whether a seat knows its own face-down tiles in secret random (revolution-1 let it look;
ruling 13 of revolution-2 does not).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from domain.kernel import Audience, Move, Narration

from .state import GameResult, Match, draft_of, drafter, occupied
from .tiles import DEATH, TILES, TOWER

Event = dict[str, Any]
ORDINALS = ("first", "second", "third", "fourth")
PATTERNS = {"orthogonal": "orthogonally", "diagonal": "diagonally"}


def listed(words: list[str]) -> str:
    """Words as an English list: "a", "a and b", "a, b and c"."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def tile_name(tile: str) -> str:
    """A tile as players name it: "the Hierophant", and Death, a figure, with no article."""
    return TILE_NAMES[tile]


# Every tile's name, written once: nearly every line names one or more.
TILE_NAMES = {tile: name if tile == DEATH else f"the {name}"
              for tile, name in ((tile, TILES[tile].name) for tile in TILES)}


def tiles_named(tiles: list[str]) -> str:
    return listed([tile_name(t) for t in tiles])


def on_square(state: Match, square: int) -> str:
    """The tile on ``square`` and where it stands: "the Temple on square 1"."""
    return f"{tile_name(occupied(state, square)['tile'])} on square {square}"


def direction_words(direction: str) -> str:
    """A direction as players say it: "forward right" for ``forward_right``."""
    return direction.replace("_", " ")


def ordinal(index: int) -> str:
    return ORDINALS[index] if index < len(ORDINALS) else f"number {index + 1}"


@dataclass(frozen=True)
class Words:
    """The narration of one rules version. ``owner_sees_face_down``: in secret random a seat
    knows its own face-down tiles (revolution-1) or not (revolution-2, ruling 13)."""

    owner_sees_face_down: bool

    def narration(self) -> Narration:
        return Narration(narrate=self.narrate, label=label)

    def narrate(self, before: Match, after: Match, event: Event, audience: Audience) -> str:
        """The log line of ``event`` for ``audience``, with the end of a game it caused."""
        if event["type"] == "chance":
            line = self._chance(before, event["outcome"], audience)
        else:
            line = _move(before, after, event["seat"], event["move"], audience)
        ended = after["results"][len(before["results"]):]
        if not ended:  # most events end no game
            return line
        return " ".join([line, *(_game_end(result, audience) for result in ended)])

    def _chance(self, state: Match, outcome: Any, audience: Audience) -> str:
        stage = state["stage"]
        if stage == "first":
            return f"{_does(audience, outcome, 'go', 'es')} first."
        if stage == "refill":
            return ("Too few neutral tiles were never used: every one of them is dealt, and "
                    f"{tiles_named([state['used'][i] for i in outcome])} "
                    f"{'is' if len(outcome) == 1 else 'are'} turned over to be used again.")
        mode = state["options"]["neutrals"]
        if mode in ("standard", "draft"):  # a public draw: no reader's outcome is redacted
            where = "to draft" if mode == "draft" else "in the centre"
            return (f"The neutral tiles {where} for game {state['game_no']}: "
                    f"{tiles_named([state['pool'][i] for i in outcome])}.")
        # A secret draw's outcome redacted for its reader (None for each index) names no tile.
        drawn = None if None in outcome else [state["pool"][i] for i in outcome]
        if mode == "secret_draft":
            return _secret_draw(audience, drafter(state), drawn)
        return " ".join(f"{_does(audience, seat, 'receive')} "
                        f"{self._dealt(drawn, seat, mode, audience)}." for seat in (0, 1))

    def _dealt(self, drawn: list[str] | None, seat: int, mode: str, audience: Audience) -> str:
        """A seat's two tiles of random (open) or secret random (face down, named only to
        who may know them)."""
        own = None if drawn is None else drawn[2 * seat:2 * seat + 2]
        if mode == "random" and own is not None:
            return tiles_named(own)
        knows = audience.everything or (self.owner_sees_face_down and audience.is_you(seat))
        return f"{tiles_named(own)} face down" if own and knows else \
            "two face-down neutral tiles"


def _does(audience: Audience, seat: int, verb: str, ending: str = "s") -> str:
    """The seat and its verb, agreeing: "You place", "ann (seat 0) places"."""
    return f"{audience.who(seat)} {audience.verb(seat, verb, verb + ending)}"


def _secret_draw(audience: Audience, seat: int, drawn: list[str] | None) -> str:
    """A secret-draft draw: its four tiles are told only to their drawer (``redact``)."""
    line = f"{_does(audience, seat, 'draw')} four face-down neutral tiles"
    if drawn is not None and audience.sees(seat):
        return f"{line}: {tiles_named(drawn)}."
    return line + "."


def _move(before: Match, after: Match, seat: int, move: Move, audience: Audience) -> str:
    kind = move["kind"]
    if kind == "place" and "hidden" in move:
        return _turn_up(after, seat, audience)
    if kind == "place" and move["tile"] == TOWER:
        return (f"{_does(audience, seat, 'place')} {tile_name(TOWER)} on top of "
                f"{on_square(before, move['square'])}.")
    if kind == "place":
        return _placed(audience.names, audience.seat, seat, move["tile"], move["square"])
    if kind == "take":
        return f"{_does(audience, seat, 'take')} {tile_name(move['tile'])}."
    if kind == "keep":
        return _keep(before, seat, move.get("tile"), audience)
    return _ability(before, seat, move, audience)


# Half of a match's lines place a tile, and a verifier writes every line again: the same
# words (the seats' names, the reader, the placer, the tile, the square) make the same line.
@lru_cache(maxsize=4096)
def _placed(names: tuple[str, ...], reader: int | None, seat: int, tile: str,
            square: int) -> str:
    """A tile but the Tower placed on an empty square, for the reader ``reader``."""
    return f"{_does(Audience(names, reader), seat, 'place')} {tile_name(tile)} on square {square}."


def _turn_up(after: Match, seat: int, audience: Audience) -> str:
    """Secret random: a face-down tile turned up is public (ruling 13)."""
    tile = after["revealed"] or after["hands"][seat][-1]
    line = f"{_does(audience, seat, 'turn')} up a face-down tile: {tile_name(tile)}"
    if after["revealed"] is None:
        line += f", a Tower with no ally to stand on, which stays in {audience.whose(seat)} area"
    return line + "."


def _keep(state: Match, seat: int, tile: str | None, audience: Audience) -> str:
    """A secret-draft keep: the kept tile is told only to its keeper (``redact``); the tiles
    passed on are seen by their receiver too, the tiles set aside by their keeper only
    (``view``). ``tile`` is None in an event already redacted for its reader."""
    draft = draft_of(state)
    kept = tile_name(tile) if tile is not None and audience.sees(seat) else "one tile secretly"
    line = f"{_does(audience, seat, 'keep')} {kept}"
    receiver = 1 - seat
    if draft["pass"]:
        line += (f" and {audience.verb(seat, 'pass', 'passes')} the other three to "
                 f"{audience.who(receiver, start=False)}")
        shown = audience.sees(seat) or audience.sees(receiver)
    else:
        line += f" and {audience.verb(seat, 'set', 'sets')} the other two aside"
        shown = audience.sees(seat)
    if shown and tile is not None:
        line += f": {tiles_named([t for t in draft['offer'] if t != tile])}"
    return line + "."


def _actor(state: Match, seat: int, audience: Audience) -> str:
    """The tile whose ability acts, as the subject of a sentence. A re-triggered tile acts
    from its own square for the seat it is upright for (ruling 8; revolution-1 kept no such
    seat), while the seat whose Bard or Performer re-triggered it chooses."""
    pending = state["pending"] or {}
    tile, square = TILES[pending["tile"]].name, pending["square"]
    if not pending.get("retrigger"):
        return f"{_possessive(audience, seat)} {tile} on square {square}"
    owner = pending.get("facing")
    if owner is None:
        return f"The {tile} on square {square}, re-triggered by {audience.who(seat, False)},"
    if owner == seat:
        return f"{_possessive(audience, seat)} re-triggered {tile} on square {square}"
    return (f"{_possessive(audience, owner)} {tile} on square {square}, re-triggered by "
            f"{audience.who(seat, False)},")


def _possessive(audience: Audience, seat: int) -> str:
    """The seat's possessive starting a sentence: "Your", "ann (seat 0)'s", "Seat 1's"."""
    return "Your" if audience.is_you(seat) else f"{audience.who(seat)}'s"


# Each ability's choice: (the verb on a button, the verb in a log line, whose subject is a tile).
VERBS = {"destroy": ("Destroy", "destroys"), "banish": ("Banish", "banishes"),
         "retrigger": ("Re-trigger", "re-triggers"), "invert": ("Invert", "inverts"),
         "move_tile": ("Move", "moves"), "recover": ("Take", "takes")}


def _ability(state: Match, seat: int, move: Move, audience: Audience) -> str:
    actor, kind = _actor(state, seat, audience), move["kind"]
    if kind == "skip":
        return f"{actor} does not use its ability."
    if kind == "return":
        return (f"{actor} returns {on_square(state, move['square'])} to "
                f"{audience.whose(seat)} unused tiles.")
    if kind == "banish_unused":
        return f"{actor} {_banish_unused(state, seat, move, audience)}."
    return f"{actor} {VERBS[kind][1]} {_target(state, move)}."


def _banish_unused(state: Match, seat: int, move: Move, audience: Audience) -> str:
    """The Assassin: an open tile by its name; a face-down one by its place, revealed as it
    is banished (ruling 9), so its name is public."""
    other = 1 - seat
    if "tile" in move:
        return f"banishes {audience.whose(other)} unused {TILES[move['tile']].name}"
    tile = state["hidden"][other][move["hidden"]]
    return (f"banishes {audience.whose(other)} {ordinal(move['hidden'])} face-down tile, "
            f"revealing {tile_name(tile)}")


def _target(state: Match, move: Move) -> str:
    """What an ability's choice acts on, the same on a button and in a log line."""
    kind = move["kind"]
    if kind == "invert":
        return listed([on_square(state, s) for s in move["squares"]])
    if kind == "move_tile":
        return (f"{tile_name(occupied(state, move['from'])['tile'])} from square "
                f"{move['from']} to square {move['to']}")
    if kind == "recover":
        return f"{tile_name(move['tile'])} from the removed tiles"
    return on_square(state, move["square"])


def label(state: Match, seat: int, move: Move, audience: Audience) -> str:
    """A legal move as a button's words, for the seat it is offered to (who may know what
    the move names: its own kept tiles, its own draft offer)."""
    kind = move["kind"]
    if kind == "place":
        return _place_label(state, move)
    if kind in ("take", "keep"):
        return f"{kind.capitalize()} {tile_name(move['tile'])}"
    if kind == "skip":
        return f"Do not use the {TILES[(state['pending'] or {})['tile']].name}'s ability"
    if kind == "return":
        return f"Return {on_square(state, move['square'])} to your unused tiles"
    if kind == "banish_unused":
        if "tile" in move:
            return f"Banish the opponent's unused {TILES[move['tile']].name}"
        return f"Banish the opponent's {ordinal(move['hidden'])} face-down tile"
    if kind == "invert" and "direction" in move:
        return f"Invert {direction_words(move['direction'])}: {_target(state, move)}"
    if kind == "invert" and "pattern" in move:
        return f"Invert {PATTERNS[move['pattern']]}: {_target(state, move)}"
    return f"{VERBS[kind][0]} {_target(state, move)}"


def _place_label(state: Match, move: Move) -> str:
    if "hidden" in move:
        return f"Turn up your {ordinal(move['hidden'])} face-down tile"
    if move["tile"] == TOWER:
        return f"Place the Tower on top of {on_square(state, move['square'])}"
    return f"Place {tile_name(move['tile'])} on square {move['square']}"


def _game_end(result: GameResult, audience: Audience) -> str:
    number, winner, loser = result["game"], result["winner"], result["loser"]
    if winner is None:  # revolution-1 only: a face-down tile could leave the allies even
        return f"Game {number} is a draw, {result['allies'][0]} allies each."
    wins = f"{audience.who(winner, False)} {audience.verb(winner, 'win', 'wins')}"
    if loser is not None:
        return f"Game {number} is over: {wins}, as {audience.who(loser, False)} {result['reason']}."
    allies = result["allies"]
    return (f"Game {number} is over: {wins} with {allies[winner]} allies to "
            f"{allies[1 - winner]}.")


NARRATION = Words(owner_sees_face_down=False).narration()
