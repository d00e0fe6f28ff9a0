"""What each seat may see (``view``), which parts of an event it may see (``redact``), and the
log line it may read (``describe``).

Hidden: other seats' hands (their size is shown), every deck's order and contents (its size is
shown; nobody, the owner included, sees the order), cards looked at privately (Sentry,
Library's draw) except by the looker, the discard pile below its top card and its size (the
seed: "버린 카드가 몇 장인지 셀 수 없습니다", you may not count your discards; so the cards
each player owns are not tallied for others, as the tally would give the count away; a seat's
own view tallies its own cards, which it knows from its own gains and trashes). Public: the
top card of each discard pile, every deck's size (counting it "is always allowed"), cards in
play, revealed and set-aside cards, the trash, the Supply counts and each player's victory
points. Cards are named by id only, never by a per-copy id. After the game is over
everything is public.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from functools import partial
from typing import Any

from domain.kernel import Chance, Decision, Prompt, Step, default_redact
from domain.kernel.lazy import LazyList, LazyView, settled

from .cards import ORDER, name
from .flow import next_step
from .state import Frame, Note, State, Turn, owned, points_of

# Moves whose card goes face down onto the deck: only the mover learns which card it was.
SECRET_TOPDECKS = ("sentry", "artisan_topdeck", "harbinger")


def _sorted(cards: Iterable[str]) -> list[str]:
    return sorted(cards, key=ORDER.__getitem__)


def player_view(st: State, index: int, seat: int | None, over: bool) -> dict[str, Any]:
    player = st["players"][index]
    mine = over or index == seat
    discard = player["discard"]
    cards = owned(player)
    view: dict[str, Any] = {
        "hand": _sorted(player["hand"]) if mine else None,
        "hand_size": len(player["hand"]),
        "deck_size": len(player["deck"]),
        "discard_top": discard[-1] if discard else None,
        "in_play": list(player["play"]),
        "set_aside": list(player["aside"]),
        "looking_at": list(player["look"]) if mine else None,
        "looking_at_size": len(player["look"]),
        "victory_points": points_of(cards),
        "turns": player["turns"],
    }
    if mine:
        counts = Counter(cards)
        view["owned"] = {card: counts[card] for card in _sorted(list(counts))}
    if over:
        view["discard_size"] = len(discard)
        view["deck_top_first"] = list(reversed(player["deck"]))
        view["discard"] = list(discard)
    return view


def view(st: State, seat: int | None) -> dict[str, Any]:
    step = next_step(st)
    prompt = step.prompt_for(seat) if isinstance(step, Decision) and seat is not None else None
    settled_view: dict[str, Any] = settled(SeatView(st, seat, prompt, step))
    return settled_view


def bot_view(st: State, prompt: Prompt) -> LazyView:
    """``view(st, prompt.seat)``, each part built when the bot first reads it."""
    return SeatView(st, prompt.seat, prompt)


class SeatView(LazyView):
    """``seat``'s view of ``st``, each part built by its function in ``PARTS`` when first
    read; ``prompt`` is the one ``seat`` is asked now, if any, and ``step`` the state's next
    step (worked out when a part first needs it). A bot's view is set up for every decision
    and reads two or three parts: this sets up no function for each part."""

    __slots__ = ("_step", "prompt", "seat", "st")

    def __init__(self, st: State, seat: int | None, prompt: Prompt | None,
                 step: Step | None = None) -> None:
        # LazyView's mapping of parts is left unset: every method that reads it is this
        # class's own, reading ``PARTS``.
        self._built = {}
        self.st, self.seat, self.prompt, self._step = st, seat, prompt, step

    @property
    def over(self) -> bool:
        return self.st["result"] is not None

    def keys_shown(self) -> tuple[str, ...]:
        """The view's keys, in order (worked out only when a part not always shown is read,
        or the view is listed: a bot reads parts always shown)."""
        pending = self.st["pending"]
        spy = bool(pending) and pending[-1]["op"] == "spy" and pending[-1]["card"] is not None
        return KEYS[spy, self.prompt is not None, self.over]

    def step(self) -> Step:
        if self._step is None:
            self._step = next_step(self.st)
        return self._step

    def __getitem__(self, key: str) -> Any:
        built = self._built
        if key in built:
            return built[key]
        if key not in ALWAYS_SHOWN and key not in self.keys_shown():
            raise KeyError(key)
        value = built[key] = PARTS[key](self)
        return value

    def __iter__(self) -> Iterator[str]:
        return iter(self.keys_shown())

    def __len__(self) -> int:
        return len(self.keys_shown())


def _turn(turn: Turn) -> dict[str, Any]:
    return {"seat": turn["seat"], "phase": turn["phase"], "actions": turn["actions"],
            "buys": turn["buys"], "coins": turn["coins"]}


def _spy_reveal(frame: Frame) -> dict[str, Any]:
    return {"seat": frame["seat"], "card": frame["card"]}  # shown to all


def _players(seen: SeatView) -> LazyList:
    st, seat, over = seen.st, seen.seat, seen.over
    return LazyList([partial(player_view, st, i, seat, over) for i in range(st["seats"])])


PARTS: dict[str, Callable[[SeatView], Any]] = {
    "edition": lambda seen: seen.st["options"]["edition"],
    "kingdom": lambda seen: seen.st["kingdom"],
    "supply": lambda seen: dict(seen.st["supply"]),
    "trash": lambda seen: list(seen.st["trash"]),
    "turn": lambda seen: _turn(seen.st["turn"]),
    "players": _players,
    "to_act": lambda seen: seats_to_act(seen.step()),
    "first": lambda seen: seen.st["first"],
    # The draw the game waits for: the first player, the kingdom, or a seat's shuffle.
    "waiting_for": lambda seen: awaited_draw(seen.step()),
    "happened": lambda seen: [happening(entry, seen.seat) for entry in seen.st["notes"]],
    "prompt": lambda seen: seen.prompt.to_json() if seen.prompt is not None else None,
    "spy_reveal": lambda seen: _spy_reveal(seen.st["pending"][-1]),
    "result": lambda seen: seen.st["result"],
}
ALWAYS = ("edition", "kingdom", "supply", "trash", "turn", "players", "to_act", "first",
          "waiting_for", "happened")
ALWAYS_SHOWN = frozenset(ALWAYS)
# The view's keys, in order, by whether a Spy shows a card, the seat is asked, the game is over.
KEYS = {(spy, asked, over): (*ALWAYS, *(("spy_reveal",) if spy else ()),
                             *(("prompt",) if asked else ()), *(("result",) if over else ()))
        for spy in (False, True) for asked in (False, True) for over in (False, True)}


def seats_to_act(step: Step) -> list[int]:
    return step.seats if isinstance(step, Decision) else []


def awaited_draw(step: Step) -> str | None:
    return f"a draw: {step.spec['what']}" if isinstance(step, Chance) else None


def redact(st: State, event: dict[str, Any], viewer: int | None) -> dict[str, Any]:
    if st["result"] is not None or event.get("type") != "move":
        return default_redact(st, event, viewer)
    move = event["move"]
    pending = st["pending"]
    if (viewer != event["seat"] and move.get("kind") == "topdeck" and pending
            and pending[-1]["op"] in SECRET_TOPDECKS):
        return {**event, "move": {**move, "card": None}}
    return event


def reveals(st: State, after: State, event: dict[str, Any], seat: int) -> bool:
    """Whether ``seat``'s move ``event`` (from ``st`` to ``after``) showed it something hidden
    from it before: what lets a takeback undo the move (the game contract's ``reveals``).
    Conservatively, it did when a card left any deck or a deck was reordered (drawn,
    revealed, looked at, discarded from the top: nobody knows a deck's order, its owner
    included), when another seat's hand or looked-at cards changed, when a discard pile lost
    a card (uncovering the one beneath), or when the game ended (all is public then). What
    is left (cards gained from the Supply, played or discarded from one's own hand, put onto
    a deck or a discard pile, trashed, and the turn's counters) is public or the seat's own;
    a shuffle is a draw of its own, never part of a move."""
    if after["result"] is not None:
        return True
    for index, (was, now) in enumerate(zip(st["players"], after["players"], strict=True)):
        if now["deck"][:len(was["deck"])] != was["deck"] \
                or now["discard"][:len(was["discard"])] != was["discard"]:
            return True
        if index != seat and (now["hand"] != was["hand"] or now["look"] != was["look"]):
            return True
    return False


def describe(st: State, after: State, event: dict[str, Any], viewer: int | None) -> str:
    """Every public thing the event caused (the notes of the state after it), and the private
    ones ``viewer`` may know."""
    lines = [render(entry, viewer) for entry in after["notes"]]
    if not lines and event["type"] == "move":
        kind = str(event["move"].get("kind", "")).replace("_", " ")
        lines = [f"{who(event['seat'], viewer)} chose to {kind}"]
    if after["result"] is not None:
        result = after["result"]
        winners = " and ".join(f"seat {s}" for s in result["winners"])
        lines.append(f"The game is over ({result['reason']}): scores "
                     f"{result['scores']}, won by {winners}")
    return ". ".join(lines) + "."


def who(seat: int, viewer: int | None) -> str:
    return "You" if seat == viewer else f"Seat {seat}"


# The notes' acts are past tense ("drew", "played"), the same for "You" and "Seat 1", except
# these, written for a third person.
SECOND_PERSON = {"goes first": "go first"}


def happening(entry: Note, viewer: int | None) -> dict[str, Any]:
    """What the last event did, as data: who, the act ("revealed", "trashed", "gained"...)
    and the cards, which a secret act shows only its own seat (the others, how many): the
    results the log line tells in words, for a program to read."""
    cards: list[str | None] = list(entry["cards"])
    if entry.get("secret") and viewer != entry["seat"]:
        cards = [None] * len(cards)
    return {"seat": entry["seat"], "act": entry["act"], "cards": cards}


def render(entry: Note, viewer: int | None) -> str:
    cards = entry["cards"]
    if entry["act"] == "set out the kingdom":
        return "The kingdom is " + ", ".join(name(c) for c in cards)
    act = entry["act"]
    if entry["seat"] == viewer:
        act = SECOND_PERSON.get(act, act)
    text = f"{who(entry['seat'], viewer)} {act}"
    if not cards:
        return text
    if entry.get("secret") and viewer != entry["seat"]:
        return f"{text} {len(cards)} card{'s' if len(cards) != 1 else ''}"
    return f"{text} {', '.join(name(c) for c in cards)}"
