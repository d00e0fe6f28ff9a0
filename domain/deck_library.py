"""Players' own decks: an immutable, event-sourced resource (one ``registered`` event), kept in
the same event store as the games, and the use cases that register one, read one and turn a
seat's deck ids into the decklists a new game records.

A deck registered by a player records its owner, and the player's ``Shelf`` (an aggregate of
its own, saved with the deck) the ids of the decks it owns, newest last: a player's decks are
listed without a search. A deck registered without a player has no owner.

Which games take decks, and what makes a deck legal, is each game's own business (its rules'
optional ``DeckRules``); nothing here knows a card. A game records the decklists themselves in
its creation event (in the option ``DeckRules.option``), never a deck id: its replay verifies
without this store, and the id of a deck stays a capability of whoever registered it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import datetime
from typing import TYPE_CHECKING, Any, ClassVar
from uuid import NAMESPACE_URL, UUID, uuid4, uuid5

from eventsourcing.application import AggregateNotFoundError, Repository
from eventsourcing.domain import Aggregate
from eventsourcing.persistence import IntegrityError

from .games import get_rules
from .kernel import BadOptions, DeckReading, DeckRules, DeckText, GameError, UnreadableDeck


class DeckNotFound(GameError):
    code = "deck-not-found"


class IllegalDeck(GameError):
    """A decklist that breaks its game's construction rules; ``violations`` names each."""

    code = "illegal-deck"

    def __init__(self, message: str, violations: list[dict[str, Any]]) -> None:
        super().__init__(message, violations=violations)
        self.violations = violations


class UnknownDeck(GameError):
    """A new game's seat names a deck that was never registered."""

    code = "unknown-deck"


class NoDecks(GameError):
    """A game (or a game with these options) whose players bring no decks of their own."""

    code = "no-decks"


class Deck(Aggregate):
    """One registered decklist of one game, under the rules version current then."""

    TOPIC: ClassVar[str] = "gamehall:Deck"

    class Event(Aggregate.Event):
        TOPIC: ClassVar[str] = "gamehall:Deck.Event"

    class Registered(Event, Aggregate.Created):
        TOPIC: ClassVar[str] = "gamehall:Deck.Registered"
        game: str
        rules_version: str
        name: str
        decklist: dict[str, Any]
        owner: str | None = None  # the registering player's id (decks before owners: None)

        def apply(self, aggregate: Any) -> None:
            aggregate.game = self.game
            aggregate.rules_version = self.rules_version
            aggregate.name = self.name
            aggregate.decklist = self.decklist
            aggregate.owner = self.owner

    if TYPE_CHECKING:
        game: str
        rules_version: str
        name: str
        decklist: dict[str, Any]
        owner: str | None

    def to_json(self) -> dict[str, Any]:
        return {"deck_id": str(self.id), "game": self.game, "rules_version": self.rules_version,
                "name": self.name, **self.decklist,
                "registered_at": self.created_on.isoformat()}


class Shelf(Aggregate):
    """The ids of one player's decks, oldest first: the index its deck listing reads."""

    TOPIC: ClassVar[str] = "gamehall:Shelf"

    class Event(Aggregate.Event):
        TOPIC: ClassVar[str] = "gamehall:Shelf.Event"

    class Opened(Event, Aggregate.Created):
        TOPIC: ClassVar[str] = "gamehall:Shelf.Opened"

        def apply(self, aggregate: Any) -> None:
            aggregate.deck_ids = []

    class Kept(Event):
        TOPIC: ClassVar[str] = "gamehall:Shelf.Kept"
        deck_id: str

        def apply(self, aggregate: Any) -> None:
            aggregate.deck_ids.append(self.deck_id)

    if TYPE_CHECKING:
        deck_ids: list[str]

    @staticmethod
    def id_for(player_id: UUID) -> UUID:
        return uuid5(NAMESPACE_URL, f"gamehall:shelf:{player_id}")


def deck_rules(game: str) -> DeckRules:
    found = get_rules(game).decks
    if found is None:
        raise NoDecks(f"Players of {game} bring no decks of their own.")
    return found


SHELF_TRIES = 3  # registrations racing for one player's shelf
MAX_TEXT = 64 * 1024  # characters: a few dozen lines of names, many times over


def deck_text(game: str) -> DeckText:
    found = deck_rules(game).text
    if found is None:
        raise NoDecks(f"Decks of {game} are written as JSON only.")
    return found


def read_deck_text(game: str, text: str) -> DeckReading:
    """The decklist a text writes, read by the game's own format (the one reader behind
    ``POST /decks`` as text, the browser's import and ``gamehall decks``): UnreadableDeck
    for what no person writes as a decklist; ``problems`` names each line naming nothing."""
    if len(text) > MAX_TEXT:
        raise UnreadableDeck(f"A decklist is at most {MAX_TEXT:,} characters; this text has "
                             f"{len(text):,}.")
    return deck_text(game).read(text)


def decklist_of_text(game: str, text: str) -> tuple[dict[str, Any], str | None]:
    """The decklist and name a text writes; UnreadableDeck (with ``lines``, each line that
    names nothing) unless every line was understood."""
    reading = read_deck_text(game, text)
    if reading.problems:
        count = len(reading.problems)
        raise UnreadableDeck(f"{count} line{'s' if count != 1 else ''} of the list name"
                             f"{'' if count != 1 else 's'} no card: see lines.",
                             lines=reading.problems)
    return reading.decklist, reading.name


def illegal(violations: list[dict[str, Any]]) -> IllegalDeck:
    return IllegalDeck(f"The deck breaks {len(violations)} deck-construction "
                       f"rule{'s' if len(violations) != 1 else ''}: see violations.", violations)


class DeckLibrary:
    """The deck use cases, a collaborator of ``GameService``, which gives it its repository
    (to read decks), its ``save`` and its clock."""

    def __init__(self, repository: Repository[UUID], save: Callable[..., Any],
                 clock: Callable[[], datetime]) -> None:
        self.repository = repository
        self.save = save
        self.clock = clock

    def register(self, game: str, name: str, decklist: Any, owner: UUID | None = None) -> Deck:
        """A legal decklist of ``game``, stored for good (the player ``owner``'s, kept on its
        shelf, where given); IllegalDeck names every violation."""
        rules = deck_rules(game)
        violations = rules.check(decklist)
        if violations:
            raise illegal(violations)
        for attempt in range(SHELF_TRIES):
            deck = Deck._create(Deck.Registered, id=uuid4(), game=game,
                                rules_version=get_rules(game).version, name=name,
                                decklist=rules.normal(decklist),
                                owner=None if owner is None else str(owner),
                                timestamp=self.clock())
            try:
                self.save(deck, *self._shelved(deck, owner))
                return deck
            except IntegrityError:  # the shelf moved on (another deck of the owner's): again
                if attempt == SHELF_TRIES - 1:
                    raise
        raise AssertionError("unreachable")

    def owned_by(self, owner: UUID) -> list[Deck]:
        """The player's decks, the newest first."""
        try:
            shelf: Any = self.repository.get(Shelf.id_for(owner), deepcopy_from_cache=False)
        except AggregateNotFoundError:
            return []
        return [self.get(UUID(deck_id)) for deck_id in reversed(shelf.deck_ids)]

    def _shelved(self, deck: Deck, owner: UUID | None) -> list[Shelf]:
        """The owner's shelf with ``deck`` kept on it, to save with the deck (none: no owner)."""
        if owner is None:
            return []
        try:
            shelf: Any = self.repository.get(Shelf.id_for(owner), deepcopy_from_cache=True)
        except AggregateNotFoundError:
            shelf = Shelf._create(Shelf.Opened, id=Shelf.id_for(owner), timestamp=self.clock())
        shelf.trigger_event(Shelf.Kept, deck_id=str(deck.id), timestamp=self.clock())
        return [shelf]

    def get(self, deck_id: UUID) -> Deck:
        try:
            deck: Any = self.repository.get(deck_id, deepcopy_from_cache=False)
        except AggregateNotFoundError:
            raise DeckNotFound(f"There is no deck {deck_id}.") from None
        if not isinstance(deck, Deck):
            raise DeckNotFound(f"There is no deck {deck_id}.")
        return deck

    def with_decks(self, game: str, options: Mapping[str, Any] | None,
                   deck_ids: list[UUID | None]) -> dict[str, Any]:
        """``options`` with the seats' decklists (a registered deck, or None for the game's
        ready-made one) in the game's deck option, where the game with these options takes
        decks; the options as given otherwise (and no deck may then be named)."""
        given = dict(options or {})
        rules = get_rules(game).decks
        if rules is not None and rules.option in given:
            raise BadOptions(f"Option {rules.option} is set by the service: name each seat's "
                             "registered deck instead.")
        if not any(d is not None for d in deck_ids):
            return given  # the game's ready-made decks, if it has decks at all
        if rules is None or not rules.accepts(given):
            raise NoDecks(f"A game of {game} with these options is played without decks of "
                          "the players' own.")
        return {**given, rules.option: [None if d is None else self._decklist(game, d)
                                        for d in deck_ids]}

    def _decklist(self, game: str, deck_id: UUID) -> dict[str, Any]:
        try:
            deck = self.get(deck_id)
        except DeckNotFound:
            raise UnknownDeck(f"No deck {deck_id} was registered.") from None
        if deck.game != game:
            raise NoDecks(f"Deck {deck_id} is a deck of {deck.game}, not of {game}.")
        return deck.decklist
