"""The rules-engine contract every game implements.

A game is a deterministic state machine over plain JSON data, in the manner of OpenSpiel's
games with chance nodes. At every state the game says what happens next, exactly one of:

* ``Decision``: one or more seats are each asked a ``Prompt`` with a finite list of small
  JSON ``legal_moves``. Several seats may be asked at once (simultaneous secret choices, or
  every opponent answering an attack); each answers independently. A decision asks at least
  one seat, and a prompt offers at least one move: the kernel raises ``BrokenRules`` where a
  game makes one that no seat could answer, which would leave the game waiting forever.
* ``Chance``: the game needs a random outcome described by a spec (see ``chance``). The game
  never draws it itself.
* ``Over``: the result.

A choice of many items is a sequence of single picks closed by a ``{"kind": "done"}`` move, so
``legal_moves`` stays small and enumerable.

The kernel's ``play_move`` and ``play_chance`` are the only doors into a game: they check the
move is legal (or the outcome fits the spec) before the game's own ``apply_*`` runs, so a game
may assume what it is given is legal, and an illegal input raises before anything changes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeAlias, cast

from .asking import Windows
from .canonical import same_json_types
from .chance import ChanceSpec, check_outcome
from .errors import BrokenRules, GameOver, IllegalMove, NotAChanceStep, NotYourTurn
from .narration import Audience, Narration, name_seats

# A game's state is plain JSON data (a dict); each game types its own (a TypedDict in its
# state.py), which the kernel and the service pass along without looking inside.
State: TypeAlias = Any
Move: TypeAlias = dict[str, Any]
# A draw function a bot is given: draw(n) is a fair integer in [0, n).
Draw: TypeAlias = Callable[[int], int]


# A step is made on every ``next`` of every game (for each event verified, each move played),
# so its classes are slotted and not frozen: a frozen dataclass sets each field through
# ``object.__setattr__``, which made a Prompt cost about three times as much to build. They
# are values all the same: nothing changes a step once a game has made it.


@dataclass(slots=True)
class Prompt:
    """What one seat is asked: a kind (``"place"``, ``"discard"``...), a short text, the moves."""

    seat: int
    kind: str
    text: str
    legal_moves: list[Move]

    def __post_init__(self) -> None:
        # A seat asked with nothing to choose could never answer, and the game would wait for
        # it forever: refused where the game makes the prompt, so the traceback names it.
        if not self.legal_moves:
            raise BrokenRules(
                f"The rules asked seat {self.seat} with no legal moves (a prompt of kind "
                f"{self.kind!r}: {self.text!r}): no answer could ever come and the game would "
                "wait forever. A prompt offers at least one move; where the seat may do "
                "nothing, offer a pass or a 'done', or do not ask it.")

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "kind": self.kind, "text": self.text,
                "legal_moves": self.legal_moves}


@dataclass(slots=True)
class Decision:
    prompts: tuple[Prompt, ...]

    def __post_init__(self) -> None:
        if not self.prompts:  # nobody could answer it: the game would wait forever
            raise BrokenRules("The rules made a decision that asks no seat: no answer could "
                              "ever come and the game would wait forever. A decision asks "
                              "at least one seat; with nothing to decide, go on to the next "
                              "step instead.")

    def prompt_for(self, seat: int) -> Prompt | None:
        # A plain loop: asked on every move played or verified, and a generator costs more
        # than the one or two prompts it looks through.
        for prompt in self.prompts:
            if prompt.seat == seat:
                return prompt
        return None

    @property
    def seats(self) -> list[int]:
        return [p.seat for p in self.prompts]


@dataclass(slots=True)
class Chance:
    spec: ChanceSpec


@dataclass(frozen=True)
class Over:
    """The result: a score per seat (None where the game ended without scoring, as on a
    resignation), the winning seats (several on a tie), and why. ``details`` holds
    game-specific figures worth reporting (e.g. ``{"turns": [17, 16]}``). ``shared`` is set
    by co-operative games only: ``"win"`` when the seats won together, ``"loss"`` when they
    lost together."""

    scores: Sequence[float] | None
    winners: list[int]
    reason: str
    details: dict[str, Any] | None = None
    shared: str | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"scores": self.scores, "winners": self.winners,
                                "reason": self.reason}
        if self.details is not None:
            data["details"] = self.details
        if self.shared is not None:
            data["shared"] = self.shared
        return data


Step: TypeAlias = Decision | Chance | Over

# reveals(before, after, event, seat): whether applying the move ``event`` (``{"type":
# "move", "seat", "move"}``) to ``before``, which gave ``after``, showed ``seat`` anything it
# could not know at ``before`` (a card drawn from a deck, a face-down tile turned up, the
# others' answers revealed when a simultaneous prompt completes, the end of a game that makes
# everything public, ...). When in doubt a game answers True. It is what lets a game with
# hidden information offer takebacks: a seat may undo only moves that showed it nothing.
Reveals: TypeAlias = Callable[[State, State, dict[str, Any], int], bool]


@dataclass(frozen=True)
class OptionSpec:
    """One option a game offers at creation. ``kind`` is bool, int, choice, or list (of choices)."""

    name: str
    kind: str
    default: Any
    description: str
    choices: tuple[Any, ...] = ()
    minimum: int | None = None
    maximum: int | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"name": self.name, "kind": self.kind, "default": self.default,
                                "description": self.description}
        if self.choices:
            data["choices"] = list(self.choices)
        if self.minimum is not None:
            data["minimum"] = self.minimum
        if self.maximum is not None:
            data["maximum"] = self.maximum
        return data


@dataclass(frozen=True)
class Traits:
    """What kind of game it is, for the service and for clients.

    ``cooperative``: the seats win or lose together (a resignation is everyone's loss).
    ``simultaneous``: several seats may be asked at once, each answer hidden from the others
    until the game reveals it. ``hidden_information``: some of the state is hidden from some
    seats (views and events are redacted)."""

    cooperative: bool = False
    simultaneous: bool = False
    hidden_information: bool = False

    def to_json(self) -> dict[str, bool]:
        return {"cooperative": self.cooperative, "simultaneous": self.simultaneous,
                "hidden_information": self.hidden_information}


@dataclass(frozen=True)
class GameInfo:
    """A game's catalog entry: its seat range, options, bots and traits."""

    name: str
    title: str
    min_seats: int
    max_seats: int
    options: tuple[OptionSpec, ...]
    bots: tuple[str, ...]
    summary: str = ""
    traits: Traits = Traits()
    extra: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "title": self.title, "summary": self.summary,
                "seats": {"min": self.min_seats, "max": self.max_seats},
                "traits": self.traits.to_json(),
                "options": [o.to_json() for o in self.options], "bots": list(self.bots)}


class Bot(Protocol):
    """A bot answers its seat's prompt from what its seat may see: the game's
    ``view(state, seat)`` (never the state itself, so it cannot read hidden cards), or the
    same view built part by part as the bot reads it (``bot_view``), the prompt, and a fair
    draw function for its own choices."""

    def __call__(self, view: dict[str, Any], prompt: Prompt, draw: Draw, /) -> Move: ...


class Rules(Protocol):
    """What every game package exports as ``RULES``."""

    info: GameInfo
    version: str

    def setup(self, options: Mapping[str, Any], seats: int) -> State: ...

    def next(self, state: State) -> Step: ...

    def apply_move(self, state: State, seat: int, move: Move) -> State: ...

    def apply_chance(self, state: State, outcome: Any) -> State: ...

    def view(self, state: State, seat: int | None) -> dict[str, Any]: ...

    def redact(self, state: State, event: dict[str, Any], viewer: int | None) -> dict[str, Any]:
        """The event (``{"type": "move", "seat", "move"}`` or ``{"type": "chance", "spec",
        "outcome"}``) as ``viewer`` may see it, given the state before it; hidden parts become
        ``None``. ``viewer`` None is a spectator."""
        ...

    def describe(self, before: State, after: State, event: dict[str, Any],
                 viewer: int | None) -> str:
        """The log line ``viewer`` may read for the event, given the states before and after
        it (so no game re-applies an event to write about it)."""
        ...

    def resign(self, state: State, seat: int, seats: int) -> Over:
        """The result when ``seat`` (of ``seats``) resigns at ``state``."""
        ...

    def abandon(self, state: State, reason: str) -> Over:
        """The result when the service abandons the game at ``state`` (a stalled game)."""
        ...

    @property
    def reveals(self) -> Reveals | None:
        """Whether a move showed a seat something hidden from it before (see ``Reveals``);
        None for a game that does not say (then, with hidden information, no takebacks)."""
        ...

    @property
    def decks(self) -> DeckRules | None:
        """How players bring decks of their own (see ``DeckRules``); None for a game without."""
        ...

    @property
    def position(self) -> Callable[[dict[str, Any], int, Mapping[str, Any]], State] | None:
        """The game's position builder, ``build(options, seats, description)``: the state a
        description in the rulebook's terms sets up (``position.py``); None for a game that
        sets up no positions."""
        ...

    @property
    def bots(self) -> Mapping[str, Bot]: ...

    @property
    def view_with_step(self) -> Callable[[State, Step, int | None], dict[str, Any]] | None:
        """``view(state, seat)`` handed the state's next step (``next(state)``), for a game
        whose view shows it: a caller that keeps the step has it computed once (the
        service's ``Game.view``). None: the game's ``view`` is called."""
        ...

    @property
    def bot_view(self) -> Callable[[State, Prompt], Mapping[str, Any]] | None:
        """The view of ``prompt.seat`` while ``prompt`` is asked of it, its parts built as a
        bot reads them (``lazy.LazyView``); settled, it equals ``view(state, prompt.seat)``.
        None: bots are handed ``view``."""
        ...

    @property
    def narration(self) -> Narration | None:
        """The game's words (``narration.Narration``), attached by the registry from the
        package's ``narration.py``; None where a package has none (a toy game)."""
        ...

    @property
    def windows(self) -> Windows | None:
        """The windows a seat may choose not to be asked in (``asking.Windows``), attached by
        the registry from the package's ``asking.py``; None for a game without."""
        ...


@dataclass(frozen=True)
class DeckRules:
    """What a game whose players may bring decks of their own offers the service (optional).

    ``check(decklist)``: every way a decklist breaks the game's construction rules, each a
    ``{"rule", "card", "message"}`` (empty: legal; never raises, whatever the input);
    ``normal(decklist)``: a legal one's canonical form; ``accepts(options)``: whether a game
    with these (complete) options is played with such decks; the service then puts one
    decklist a seat (None: the game's ready-made deck) in the option named ``option``, so the
    game's creation event carries them. ``public(options, viewer)``: the options as ``viewer``
    (a seat, None for anyone) may see them while the game is played."""

    check: Callable[[Any], list[dict[str, Any]]]
    normal: Callable[[Any], dict[str, Any]]
    accepts: Callable[[Mapping[str, Any]], bool]
    public: Callable[[Mapping[str, Any], int | None], dict[str, Any]]
    option: str = "decks"
    # The decklists as players write them (see ``DeckText``), attached by the registry from
    # the package's ``decktext.py`` (it changes no outcome, so it stays out of the rules
    # digest); None for a game whose decks are JSON only.
    text: DeckText | None = None


@dataclass(frozen=True)
class DeckReading:
    """A decklist read from text: ``decklist`` holds what the lines named (unchecked: the
    game's ``check`` judges it), ``name`` the deck's name where the text gives one, and
    ``problems`` each line that names nothing known, as ``{"line", "text", "message",
    "suggestion"}`` (``line`` counted from 1; ``suggestion`` the nearest known name, or None)."""

    decklist: dict[str, Any]
    name: str | None
    problems: list[dict[str, Any]]


@dataclass(frozen=True)
class DeckText:
    """A game's deck text format: ``read(text)`` a ``DeckReading`` (raising
    ``UnreadableDeck`` for text that is no decklist at all); ``write(decklist, name)`` the text
    ``read`` takes back to the same decklist (in canonical form)."""

    read: Callable[[str], DeckReading]
    write: Callable[[Mapping[str, Any], str | None], str]


@dataclass(frozen=True)
class GameRules:
    """The concrete ``Rules`` a game package builds from its own functions and exports."""

    info: GameInfo
    version: str
    setup: Callable[[Mapping[str, Any], int], State]
    next: Callable[[State], Step]
    apply_move: Callable[[State, int, Move], State]
    apply_chance: Callable[[State, Any], State]
    view: Callable[[State, int | None], dict[str, Any]]
    describe: Callable[[State, State, dict[str, Any], int | None], str]
    bots: Mapping[str, Bot]
    redact: Callable[[State, dict[str, Any], int | None], dict[str, Any]] = field(
        default=lambda state, event, viewer: default_redact(state, event, viewer))
    # None: the kernel's defaults (``resignation`` and ``abandonment`` below), read off the
    # game's traits; a game with its own rule for either gives a function.
    on_resign: Callable[[State, int, int], Over] | None = None
    on_abandon: Callable[[State, str], Over] | None = None
    # None: the game does not say which moves reveal something (see ``Reveals``); a game
    # without hidden information needs no such hook, one with it offers no takebacks without.
    reveals: Reveals | None = None
    # None: the players play the game's own components; see ``DeckRules``.
    decks: DeckRules | None = None
    # None: no positions can be set up; else the builder (``position.py``: the contract, and
    # ``build_position``, the door every caller goes through).
    position: Callable[[dict[str, Any], int, Mapping[str, Any]], State] | None = None
    # The game's words, out of the rules digest: the registry attaches the package's
    # ``narration.py`` (see ``narration``); None falls back to ``describe`` and plain labels.
    narration: Narration | None = None
    # The windows a seat may choose not to be asked in (``asking``), attached by the registry
    # from the package's ``asking.py``; None: every prompt is asked.
    windows: Windows | None = None
    # None: bots are handed the whole ``view`` (see ``Rules.bot_view``).
    bot_view: Callable[[State, Prompt], Mapping[str, Any]] | None = None
    # None: ``view`` computes whatever it shows of the next step (see ``Rules.view_with_step``).
    view_with_step: Callable[[State, Step, int | None], dict[str, Any]] | None = None

    def resign(self, state: State, seat: int, seats: int) -> Over:
        if self.on_resign is not None:
            return self.on_resign(state, seat, seats)
        return resignation(self.info, seat, seats)

    def abandon(self, state: State, reason: str) -> Over:
        if self.on_abandon is not None:
            return self.on_abandon(state, reason)
        return abandonment(self.info, reason)


def resignation(info: GameInfo, seat: int, seats: int) -> Over:
    """A resignation ends the game without scores: in a competitive game every other seat
    wins; in a co-operative game everyone loses together."""
    if info.traits.cooperative:
        return Over(None, [], f"seat {seat} resigned", shared="loss")
    return Over(None, [s for s in range(seats) if s != seat], f"seat {seat} resigned")


def abandonment(info: GameInfo, reason: str) -> Over:
    """An abandoned game has no winner (and in a co-operative game no shared result)."""
    return Over(None, [], reason)


def ask_bot(rules: Rules, bot: Bot, state: State, prompt: Prompt, draw: Draw) -> Move:
    """The bot's answer to ``prompt``, from its seat's view only."""
    if rules.bot_view is not None:
        # A game offers ``bot_view`` only with bots that read their view as a Mapping (the
        # frozen versions' bots, typed for a dict, are handed the dict ``view``).
        return bot(cast(dict[str, Any], rules.bot_view(state, prompt)), prompt, draw)
    return bot(rules.view(state, prompt.seat), prompt, draw)


def play_move(rules: Rules, state: State, seat: int, move: Move,
              step: Step | None = None) -> State:
    """Apply ``seat``'s move if the game asks that seat and the move is among its legal moves.
    ``step`` is ``rules.next(state)`` where the caller has it already."""
    step = rules.next(state) if step is None else step
    if isinstance(step, Over):
        raise GameOver("The game is over.")
    if isinstance(step, Chance):
        raise NotYourTurn("The game is waiting for a random draw, not for a move.")
    prompt = step.prompt_for(seat)
    if prompt is None:
        waiting = ", ".join(str(s) for s in step.seats)
        raise NotYourTurn(f"It is not your turn: the game is waiting for seat {waiting}.",
                          waiting_for=step.seats)
    if not isinstance(move, dict) or not is_among(move, prompt.legal_moves):
        raise IllegalMove(f"That move is not allowed now ({prompt.text}).", prompt.legal_moves)
    return rules.apply_move(state, seat, move)


def is_among(move: Move, legal_moves: list[Move]) -> bool:
    """Whether ``move`` is one of ``legal_moves``, as the same JSON value (type included).
    ``list.index`` (Python's == in C) finds each candidate; ``same_json_types`` then makes
    sure it is the same value, not one that == confuses with it (``true`` for ``1``): the
    rest of ``json_equal``, whose == has just held."""
    start = 0
    while True:
        try:
            found = legal_moves.index(move, start)
        except ValueError:
            return False
        legal = legal_moves[found]
        if type(legal) is type(move) and same_json_types(move, legal):  # == holds already
            return True
        start = found + 1


def play_chance(rules: Rules, state: State, outcome: Any, step: Step | None = None) -> State:
    """Apply a chance outcome if the game is waiting for one and the outcome fits its spec."""
    step = rules.next(state) if step is None else step
    if not isinstance(step, Chance):
        raise NotAChanceStep("The game is not waiting for a random draw.")
    check_outcome(step.spec, outcome)
    return rules.apply_chance(state, outcome)


def default_redact(state: State, event: dict[str, Any], viewer: int | None) -> dict[str, Any]:
    """Moves are public; a chance outcome is public only when its spec says so."""
    if event.get("type") == "chance" and not event["spec"].get("public", False):
        return {**event, "outcome": None}
    return event


def log_line(rules: Rules, before: State, after: State, event: dict[str, Any],
             audience: Audience) -> str:
    """The log line of a game event for ``audience``, in the game's public narration (its
    ``describe`` as the audience's seat reads it, for a game without one)."""
    if rules.narration is not None:
        return rules.narration.narrate(before, after, event, audience)
    return rules.describe(before, after, event, audience.seat)


def move_labels(rules: Rules, state: State, prompt: Prompt,
                names: tuple[str, ...] = ()) -> list[str]:
    """Each of ``prompt``'s legal moves in words, in the same order, for the seat asked;
    ``names``: every seat's name in words (``narration.seat_name``; none: "seat 2")."""
    if rules.narration is not None:
        label, audience = rules.narration.label, Audience(names, prompt.seat)
        return [label(state, prompt.seat, move, audience) for move in prompt.legal_moves]
    return [plain_label(move) for move in prompt.legal_moves]


def plain_label(move: Move) -> str:
    """A move in words for a game without narration: its kind and values ("Place a 3")."""
    words = [str(move.get("kind", "move")).replace("_", " ").capitalize()]
    words += [str(v).replace("_", " ") for k, v in move.items() if k != "kind"]
    return " ".join(words)


def prompt_with_labels(rules: Rules, state: State, prompt: Prompt,
                       names: tuple[str, ...] = ()) -> dict[str, Any]:
    """A prompt as clients receive it: its JSON with ``labels``, each legal move in words,
    and its text as the game's narration asks it (both naming the seats by ``names``)."""
    asked = prompt.to_json()
    narration, audience = rules.narration, Audience(names, prompt.seat)
    asked["text"] = (narration.ask(state, prompt, audience)
                     if narration is not None and narration.ask is not None
                     else name_seats(prompt.text, audience))
    return {**asked, "labels": move_labels(rules, state, prompt, names)}
