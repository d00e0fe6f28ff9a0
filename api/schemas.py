"""The marshmallow schemas of the API: what each request may carry and what each answer holds.

Request schemas reject unknown fields and wrong types (strict integers: ``"3"`` and ``true`` are
not numbers); query schemas reject unknown parameters too.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import marshmallow as ma
from marshmallow import RAISE, ValidationError, fields, validate, validates_schema

from domain.clocks import MAX_SECONDS, MIN_SECONDS, ON_TIMEOUT
from domain.history import Status
from domain.players import name_refusal

NAME = validate.Length(min=1, max=40)


def printable_name(name: str) -> None:
    """A person's name: no control or bidirectional-override characters."""
    refusal = name_refusal(name)
    if refusal is not None:
        raise ValidationError(refusal)


PERSON: list[Callable[[Any], Any]] = [NAME, printable_name]
STATUSES = tuple(str(status) for status in Status)
MAX_MOVES = 100
# The largest event number a query may name: Last-Event-ID takes at most 12 digits too.
MAX_EVENT = 999_999_999_999


class Strict(ma.Schema):
    class Meta:
        unknown = RAISE


class StrictBoolean(fields.Boolean):
    """A JSON ``true`` or ``false``: not ``1``, not ``"true"``."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> bool:
        if type(value) is not bool:
            raise ValidationError("Not a boolean: send true or false.")
        return value


# ---- requests ----


class PlayerSchema(Strict):
    name = fields.String(validate=PERSON, metadata={"description": "a human player's name"})
    bot = fields.String(validate=NAME, metadata={"description": "a bot from the catalog"})
    player = fields.String(validate=validate.OneOf(["me"]), metadata={
        "description": "\"me\": the seat of the player whose key the request carries"})
    open = StrictBoolean(validate=validate.Equal(True), metadata={
        "description": "true: an open seat, joined later (as {})"})

    @validates_schema
    def one_kind_of_seat(self, data: dict[str, Any], **kwargs: Any) -> None:
        if len(data.keys() & {"name", "bot", "player", "open"}) > 1:
            raise ValidationError("A seat is a human ({name}), a bot ({bot}), your player "
                                  "({player: \"me\"}) or open ({open: true}), one of them.",
                                  "_schema")


class SeatOfNewGameSchema(PlayerSchema):
    deck = fields.UUID(metadata={"description": "the seat's registered deck (POST /decks), "
                                 "in a game whose players bring their own (thrones with "
                                 "profile lcg); without it, the game's ready-made deck"})


class ClockSchema(Strict):
    """A game's clock (README, "Playing asynchronously"; replays/README.md, "Clocks")."""

    per_move = fields.Integer(required=True, strict=True, validate=validate.Range(
        min=MIN_SECONDS, max=MAX_SECONDS), metadata={"description": "seconds a decision"})
    bank = fields.Integer(strict=True, validate=validate.Range(min=0, max=MAX_SECONDS),
                          metadata={"description": "seconds a seat may spend beyond per_move "
                                                   "over the whole game (default 0)"})
    on_timeout = fields.String(required=True, validate=validate.OneOf(ON_TIMEOUT), metadata={
        "description": "autopilot: the game's autopilot answers that decision; forfeit: with "
                       "two seats the seat loses, else the autopilot plays it from then on"})


CLOCK_FIELD = fields.Nested(ClockSchema, load_default=None, allow_none=True, metadata={
    "description": "play on a clock; a seat whose time runs out is timed out (an event)"})


class CreateGameSchema(Strict):
    game = fields.String(required=True, validate=NAME, metadata={"example": "revolution"})
    options = fields.Dict(keys=fields.String(), load_default=dict)
    players = fields.List(fields.Nested(SeatOfNewGameSchema), required=True,
                          validate=validate.Length(min=1, max=8),
                          metadata={"description": "one object a seat: {name} for a human "
                                    "named now, {bot} for a bot, {} for a seat joined later; "
                                    "each may name its deck"})
    takebacks = StrictBoolean(load_default=False, metadata={
        "description": "allow takebacks by consent (off by default: "
                       "docs/takebacks-forks-receipts.md)"})
    clock = CLOCK_FIELD
    listed = StrictBoolean(load_default=False, metadata={
        "description": "list the game's open seats for anyone to join (GET /games?open=true); "
                       "by default a game is joined by invitation only"})
    position = fields.Dict(keys=fields.String(), load_default=None, allow_none=True, metadata={
        "description": "set the game up as a sandbox from this position, described in the "
                       "game's terms (docs/api.md, \"Sandboxes from a position\"); a position "
                       "that is none of the game's answers 422 bad-position"})


DECK_ROWS = 200


class RegisterDeckSchema(Strict):
    game = fields.String(required=True, validate=NAME, metadata={"example": "thrones"})
    name = fields.String(required=True, validate=validate.And(validate.Length(min=1, max=60),
                                                              printable_name))
    house = fields.String(required=True, validate=NAME, metadata={"example": "stark"})
    agenda = fields.String(load_default=None, allow_none=True, validate=NAME,
                           metadata={"description": "an agenda card id, or null"})
    plots = fields.List(fields.String(validate=NAME), required=True,
                        validate=validate.Length(max=20),
                        metadata={"description": "the plot deck: card ids, a repeat for "
                                  "each extra copy"})
    cards = fields.List(fields.Tuple((fields.String(validate=NAME), fields.Integer(
        strict=True, validate=validate.Range(min=1, max=99)))), required=True,
        validate=validate.Length(max=DECK_ROWS),
        metadata={"description": "the house deck: [card id, copies] pairs"})


class CheckDeckSchema(Strict):
    game = fields.String(required=True, validate=NAME, metadata={"example": "thrones"})
    name = fields.String(load_default=None, allow_none=True,
                         validate=validate.And(validate.Length(max=60), printable_name))
    text = fields.String(validate=validate.Length(max=32_000), metadata={
        "description": "a decklist as players write it (docs/api.md, \"Decks as text\"); "
                       "without it, the deck's fields"})
    house = fields.String(validate=validate.Length(max=40))
    agenda = fields.String(allow_none=True, validate=NAME)
    plots = fields.List(fields.String(validate=NAME), validate=validate.Length(max=20))
    cards = fields.List(fields.Tuple((fields.String(validate=NAME), fields.Integer(
        strict=True, validate=validate.Range(min=1, max=99)))),
        validate=validate.Length(max=DECK_ROWS))


class DeckCheckSchema(ma.Schema):
    name = fields.String(allow_none=True)
    house = fields.String()
    agenda = fields.String(allow_none=True)
    plots = fields.List(fields.String())
    cards = fields.List(fields.Tuple((fields.String(), fields.Integer())))
    violations = fields.List(fields.Dict(), metadata={
        "description": "each deck-construction rule broken, {rule, card, message}"})
    lines = fields.List(fields.Dict(), metadata={
        "description": "each line of the text that names no card, {line, text, message, "
                       "suggestion}"})
    text = fields.String(allow_none=True, metadata={
        "description": "the deck as text, to export (null for a game whose decks are JSON only)"})


class DeckSchema(ma.Schema):
    deck_id = fields.String()
    game = fields.String()
    rules_version = fields.String()
    name = fields.String()
    house = fields.String()
    agenda = fields.String(allow_none=True)
    plots = fields.List(fields.String())
    cards = fields.List(fields.Tuple((fields.String(), fields.Integer())))
    registered_at = fields.String()


class OwnedDeckSchema(ma.Schema):
    deck_id = fields.String()
    name = fields.String()
    game = fields.String()
    house = fields.String()
    agenda = fields.String(allow_none=True)
    registered_at = fields.String()


class DeckShelfSchema(ma.Schema):
    decks = fields.List(fields.Nested(OwnedDeckSchema))


class TakebackSchema(Strict):
    moves = fields.Integer(load_default=1, strict=True, validate=validate.Range(min=1, max=100),
                           metadata={"description": "how many of your last moves"})


class AnswerSchema(Strict):
    accept = StrictBoolean(required=True)


class PreferencesSchema(Strict):
    skip = fields.List(fields.String(), required=True, validate=validate.Length(max=50),
                       metadata={"description": "the window kinds (ids of the summary's "
                                 "`windows.kinds`) not to be asked in; empty: every window"})


class ForkSchema(Strict):
    at = fields.Integer(required=True, strict=True, validate=validate.Range(min=1),
                        metadata={"description": "fork from the state after this event of the "
                                  "finished game"})
    players = fields.List(fields.Nested(PlayerSchema), validate=validate.Length(min=1, max=8),
                          metadata={"description": "the fork's seats, as in POST /games (as "
                                    "many as the source's); by default a human seat each, "
                                    "named seat 0, seat 1, ..., all tokens given to you"})
    takebacks = StrictBoolean(load_default=False, metadata={
        "description": "allow takebacks by consent in the sandbox"})
    clock = CLOCK_FIELD


class JoinSchema(Strict):
    name = fields.String(validate=PERSON, metadata={
        "description": "required without a player key; with one, the player's name is used"})


class MovesSchema(Strict):
    # No field for the keys: a JSON object's keys are strings already (a key field was
    # called on each of them, a tenth of a move's parsing).
    move = fields.Dict(metadata={"example": {"kind": "done"}})
    moves = fields.List(fields.Dict(),
                        validate=validate.Length(min=1, max=MAX_MOVES),
                        metadata={"description": "applied in order, all or none"})
    expected_version = fields.Integer(strict=True, validate=validate.Range(min=1))
    seat = fields.Integer(strict=True, validate=validate.Range(min=0),
                          metadata={"description": "optional; must be the token's seat"})

    @validates_schema
    def one_of_move_or_moves(self, data: dict[str, Any], **kwargs: Any) -> None:
        if ("move" in data) == ("moves" in data):
            raise ValidationError("Send either move or moves.", "_schema")


class ViewQuery(Strict):
    at = fields.Integer(validate=validate.Range(min=1),
                        metadata={"description": "the view after event N"})
    seat = fields.Integer(validate=validate.Range(min=0, max=15),
                          metadata={"description": "whose view (default: the token's seat, "
                                    "or the board); a seat this game does not have answers "
                                    "400"})


class EventsQuery(Strict):
    after = fields.Integer(load_default=0, validate=validate.Range(min=0, max=MAX_EVENT))
    wait = fields.Float(load_default=0.0, validate=validate.Range(min=0, max=30),
                        metadata={"description": "seconds to wait for a new event (<= 30)"})


class StreamQuery(Strict):
    after = fields.Integer(validate=validate.Range(min=0, max=MAX_EVENT),
                           metadata={"description": "resume after this event (or send "
                                     "Last-Event-ID)"})


class ComponentsQuery(Strict):
    rules_version = fields.String(validate=NAME, metadata={
        "description": "a released rules version (a game keeps the version it was created "
                       "under); by default the current one"})


class StepsQuery(Strict):
    seat = fields.Integer(validate=validate.Range(min=0, max=63), metadata={
        "description": "whose view at each step; by default the board's"})
    start = fields.Integer(data_key="from", load_default=0,
                           validate=validate.Range(min=0, max=MAX_EVENT), metadata={
                               "description": "the first step of the page (0: the document's "
                                              "first event)"})
    stop = fields.Integer(data_key="to", validate=validate.Range(min=1, max=MAX_EVENT),
                          metadata={"description": "the step after the page's last (at most "
                                    "100 steps a page; by default as many)"})

    @validates_schema
    def a_page_holds_a_step(self, data: dict[str, Any], **kwargs: Any) -> None:
        if "stop" in data and data["stop"] <= data["start"]:
            raise ValidationError("to must be larger than from.", "to")


class ListQuery(Strict):
    game = fields.String(validate=NAME)
    status = fields.String(validate=validate.OneOf(STATUSES))
    verified = fields.Boolean(metadata={"description": "finished games the server re-verified: "
                                        "true, passed; false, failed (not yet verified: "
                                        "neither)"})
    limit = fields.Integer(load_default=50, validate=validate.Range(min=1, max=500))
    open = fields.Boolean(metadata={"description": "true: listed games with an open seat, "
                                    "for anyone to join"})


class ExportQuery(Strict):
    game = fields.String(validate=NAME)
    status = fields.String(load_default="finished",
                           validate=validate.OneOf(("finished", *STATUSES)),
                           metadata={"description": "finished (over or abandoned, the "
                                     "default), or one status"})
    since = fields.AwareDateTime(metadata={"description": "created at or after (ISO 8601)"})
    until = fields.AwareDateTime(metadata={"description": "created at or before (ISO 8601)"})
    limit = fields.Integer(load_default=1000, validate=validate.Range(min=1, max=100_000))
    format = fields.String(load_default="ndjson",
                           validate=validate.OneOf(("ndjson", "csv", "parquet")))
    table = fields.String(load_default="games", validate=validate.OneOf(("games", "events")),
                          metadata={"description": "with format=parquet: the games table "
                                    "(one row a game) or the events table (one row an event)"})


# ---- answers ----


class ProblemSchema(ma.Schema):
    type = fields.String()
    title = fields.String()
    status = fields.Integer()
    detail = fields.String()
    code = fields.String()
    legal_moves = fields.List(fields.Dict())
    current_version = fields.Integer()
    errors = fields.Dict()
    violations = fields.List(fields.Dict(), metadata={
        "description": "an illegal deck: each rule it breaks, {rule, card, message}"})
    lines = fields.List(fields.Dict(), metadata={
        "description": "a decklist as text: each line naming no card, {line, text, message, "
                       "suggestion}"})
    problems = fields.List(fields.String(), metadata={
        "description": "a position that is none of the game's: each thing wrong, in words"})


class SeatSchema(ma.Schema):
    seat = fields.Integer()
    name = fields.String(allow_none=True)
    bot = fields.String(allow_none=True)
    open = fields.Boolean()


class VerificationSchema(ma.Schema):
    verified = fields.Boolean()
    at = fields.String(metadata={"description": "when it was verified"})
    events = fields.Integer()
    failed_step = fields.Integer(allow_none=True)
    reason = fields.String(allow_none=True)


class SummarySchema(ma.Schema):
    game_id = fields.String()
    game = fields.String()
    rules_version = fields.String()
    options = fields.Dict()
    status = fields.String(metadata={"enum": list(STATUSES)})
    version = fields.Integer()
    seats = fields.List(fields.Nested(SeatSchema))
    waiting_for = fields.List(fields.Integer())
    result = fields.Dict(allow_none=True)
    winners = fields.List(fields.Integer(), allow_none=True)
    shared = fields.String(allow_none=True, metadata={
        "enum": ["win", "loss", None],
        "description": "a co-operative game's shared result: win or loss (null otherwise)"})
    cooperative = fields.Boolean(metadata={"description": "the seats win or lose together"})
    length = fields.Integer()
    created_at = fields.String()
    updated_at = fields.String()
    takebacks = fields.Boolean(metadata={"description": "takebacks by consent allowed"})
    takeback = fields.Dict(allow_none=True, metadata={
        "description": "a takeback waiting for answers: {seat, to, accepted} (else null)"})
    clock = fields.Dict(allow_none=True, metadata={
        "description": "a game on a clock: {per_move, bank, on_timeout, autopilot: seats "
                       "handed to the autopilot, deadlines: [{seat, since, deadline}]} (else "
                       "null)"})
    windows = fields.Dict(allow_none=True, metadata={
        "description": "a game whose seats may choose windows not to be asked in: {kinds: "
                       "[{id, label}], skip: [the kinds each seat chose, by seat]} (else null)"})
    sandbox = fields.Boolean(metadata={"description": "a sandbox: a fork of a finished game, "
                                                      "or a game set up from a position"})
    forked_from = fields.Dict(allow_none=True, metadata={
        "description": "a fork's source: {game_id, seq, state_hash} (null otherwise)"})
    position = fields.Dict(allow_none=True, metadata={
        "description": "a sandbox from a position: the position it was set up from, in the "
                       "game's terms (null otherwise)"})
    verification = fields.Nested(VerificationSchema, allow_none=True, metadata={
        "description": "the server's re-verification of the finished game's replay (null "
                       "until it is finished and verified)"})


class GameListSchema(ma.Schema):
    games = fields.List(fields.Nested(SummarySchema))


class CreatedSchema(ma.Schema):
    game_id = fields.String()
    tokens = fields.Dict(keys=fields.String(), values=fields.String(),
                         metadata={"description": "seat -> bearer token, shown once"})
    game = fields.Nested(SummarySchema)


class JoinedSchema(ma.Schema):
    game_id = fields.String()
    seat = fields.Integer()
    token = fields.String(metadata={"description": "the seat's bearer token, shown once"})
    game = fields.Nested(SummarySchema)


class PromptSchema(ma.Schema):
    seat = fields.Integer()
    kind = fields.String()
    text = fields.String()
    legal_moves = fields.List(fields.Dict())
    labels = fields.List(fields.String(), metadata={
        "description": "each legal move in words, in the same order (a button's words)"})


class ViewSchema(ma.Schema):
    game_id = fields.String()
    version = fields.Integer()
    seat = fields.Integer(allow_none=True)
    status = fields.String()
    waiting_for = fields.List(fields.Integer())
    result = fields.Dict(allow_none=True)
    prompt = fields.Nested(PromptSchema, allow_none=True)
    view = fields.Dict(metadata={"description": "the game's own view for this seat"})


class ReceiptSchema(ma.Schema):
    format = fields.String(metadata={"example": "gamehall-receipt"})
    format_version = fields.Integer()
    key_id = fields.String(metadata={"description": "the signing key's id (GET /keys)"})
    game_id = fields.String()
    seq = fields.Integer(metadata={"description": "the event that recorded the move"})
    seat = fields.Integer()
    move = fields.Dict(metadata={"description": "the move as sent"})
    at = fields.String(metadata={"description": "the event's time"})
    sealed_hash = fields.String(metadata={"description": "the event's hash, sealed under the "
                                          "game's seed until the game is over"})
    signature = fields.String(metadata={"description": "Ed25519, hex"})


class MoveResultSchema(ma.Schema):
    game_id = fields.String()
    version = fields.Integer()
    view = fields.Nested(ViewSchema)
    receipts = fields.List(fields.Nested(ReceiptSchema), metadata={
        "description": "one signed receipt a move, for the mover alone (replays/README.md: "
                       "Move receipts)"})


class KeySchema(ma.Schema):
    key_id = fields.String()
    algorithm = fields.String(metadata={"example": "Ed25519"})
    public_key = fields.String(metadata={"description": "the 32 raw public bytes, hex"})
    status = fields.String(metadata={"enum": ["current", "retired"]})


class KeysSchema(ma.Schema):
    keys = fields.List(fields.Nested(KeySchema))


class EventSchema(ma.Schema):
    seq = fields.Integer()
    type = fields.String()
    seat = fields.Integer(allow_none=True)
    payload = fields.Dict()
    at = fields.String()
    log = fields.String()
    prev_hash = fields.String()
    state_hash = fields.String()
    hash = fields.String()


class EventsSchema(ma.Schema):
    game_id = fields.String()
    version = fields.Integer()
    events = fields.List(fields.Nested(EventSchema))


class VerdictSchema(ma.Schema):
    valid = fields.Boolean()
    events = fields.Integer()
    failed_step = fields.Integer(allow_none=True)
    reason = fields.String(allow_none=True, metadata={
        "description": "why it fails, for programs (a stable text); null when valid"})
    explanation = fields.String(allow_none=True, metadata={
        "description": "why it fails, for people: the step, what that event says in words (its "
        "seats by name) and which check failed, in plain language; null when valid"})
    receipts = fields.Integer(metadata={"description": "with receipts: how many were checked"})
    failed_receipt = fields.Integer(allow_none=True, metadata={
        "description": "with receipts: the first one (1, 2, ...) the history does not honour"})


class CatalogSchema(ma.Schema):
    games = fields.List(fields.Dict())


class ComponentsSchema(ma.Schema):
    game = fields.String()
    rules_version = fields.String()
    components = fields.List(fields.Dict(), metadata={
        "description": "each {id, name, types, text}, with cost and other public fields "
                       "where the game has them"})


class StepSchema(ma.Schema):
    # null where an uploaded document's event lacks it or has it of the wrong type
    seq = fields.Integer(allow_none=True)
    type = fields.String(allow_none=True)
    seat = fields.Integer(allow_none=True)
    log = fields.String(allow_none=True, metadata={
        "description": "the log line the rules write for the event, recomputed (never the "
        "document's own text); null past the last step that verifies"})
    view = fields.Dict(allow_none=True)


class StepsSchema(ma.Schema):
    verdict = fields.Nested(VerdictSchema)
    game = fields.String(allow_none=True)
    seats = fields.Integer(allow_none=True)
    seat = fields.Integer(allow_none=True)
    start = fields.Integer(data_key="from", metadata={"description": "the page's first step"})
    total = fields.Integer(metadata={"description": "how many steps the document has"})
    next = fields.Integer(allow_none=True, metadata={
        "description": "the `from` of the next page; null when this page reaches the end"})
    steps = fields.List(fields.Nested(StepSchema), metadata={
        "description": "the page: at most 100 steps, fewer once the answer reaches 2 MiB (at "
                       "least one)"})


# ---- players, their inbox and webhook ----


class RegisterPlayerSchema(Strict):
    name = fields.String(required=True, validate=PERSON, metadata={"example": "ann"})


class PlayerKeySchema(ma.Schema):
    player_id = fields.String()
    name = fields.String()
    key = fields.String(metadata={"description": "the player's key, shown once: send it as "
                                  "'Authorization: Bearer <key>'"})


class PlayerSchemaOut(ma.Schema):
    player_id = fields.String()
    name = fields.String()
    registered_at = fields.String()
    webhook = fields.String(allow_none=True)


class InboxQuery(Strict):
    turn = fields.String(validate=validate.OneOf(("mine", "theirs", "over")), metadata={
        "description": "mine: games waiting for you; theirs: for others; over: finished"})
    limit = fields.Integer(load_default=100, validate=validate.Range(min=1, max=1000))


class InboxEntrySchema(ma.Schema):
    game_id = fields.String()
    game = fields.String()
    seat = fields.Integer(metadata={"description": "your seat"})
    seats = fields.List(fields.Nested(SeatSchema))
    status = fields.String()
    turn = fields.String(metadata={"enum": ["mine", "theirs", "over"]})
    waiting_for = fields.List(fields.Integer(), metadata={"description": "whose turn"})
    since = fields.String(metadata={"description": "when the game last changed"})
    deadline = fields.String(allow_none=True, metadata={
        "description": "when your time to answer runs out (null: no clock)"})
    version = fields.Integer()
    result = fields.Dict(allow_none=True)
    open_seats = fields.Integer(metadata={"description": "seats still open"})
    takeback_asked = fields.Boolean(metadata={
        "description": "another seat asks you to accept a takeback"})
    rematch_of = fields.String(allow_none=True, metadata={
        "description": "the finished game this one is a rematch of"})


class InboxSchema(ma.Schema):
    games = fields.List(fields.Nested(InboxEntrySchema))


class InboxStreamQuery(Strict):
    after = fields.String(validate=validate.Length(max=40), metadata={
        "description": "resume after this event id (or send Last-Event-ID)"})


class WebhookSchema(Strict):
    url = fields.String(required=True, allow_none=True, validate=validate.Length(max=2000),
                        metadata={"description": "https URL; null removes the webhook"})


class WebhookSetSchema(ma.Schema):
    url = fields.String(allow_none=True)
    secret = fields.String(allow_none=True, metadata={
        "description": "the signing secret (whsec_...), shown once (Standard Webhooks)"})


class DeliverySchema(ma.Schema):
    webhook_id = fields.String()
    type = fields.String()
    game_id = fields.String()
    url = fields.String()
    status = fields.String(metadata={"enum": ["pending", "delivered", "failed"]})
    attempts = fields.List(fields.Dict(), metadata={
        "description": "each {at, status (HTTP status or null), error}"})
    created_at = fields.String()


class DeliveriesSchema(ma.Schema):
    deliveries = fields.List(fields.Nested(DeliverySchema))
