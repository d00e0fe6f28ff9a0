"""The marshmallow schemas of the API: what each request may carry and what each answer holds.

Request schemas reject unknown fields and wrong types (strict integers: ``"3"`` and ``true`` are
not numbers); query schemas reject unknown parameters too.
"""

from __future__ import annotations

from typing import Any

import marshmallow as ma
from marshmallow import RAISE, ValidationError, fields, validate, validates_schema

from domain.history import Status

NAME = validate.Length(min=1, max=40)
STATUSES = tuple(str(status) for status in Status)
MAX_MOVES = 100


class Strict(ma.Schema):
    class Meta:
        unknown = RAISE


# ---- requests ----


class PlayerSchema(Strict):
    name = fields.String(validate=NAME, metadata={"description": "a human player's name"})
    bot = fields.String(validate=NAME, metadata={"description": "a bot from the catalog"})

    @validates_schema
    def a_human_or_a_bot(self, data: dict[str, Any], **kwargs: Any) -> None:
        if "name" in data and "bot" in data:
            raise ValidationError("A seat is a human ({name}) or a bot ({bot}), not both.",
                                  "_schema")


class CreateGameSchema(Strict):
    game = fields.String(required=True, validate=NAME, metadata={"example": "revolution"})
    options = fields.Dict(keys=fields.String(), load_default=dict)
    players = fields.List(fields.Nested(PlayerSchema), required=True,
                          validate=validate.Length(min=1, max=8),
                          metadata={"description": "one object a seat: {name} for a human "
                                    "named now, {bot} for a bot, {} for a seat joined later"})


class JoinSchema(Strict):
    name = fields.String(required=True, validate=NAME)


class MovesSchema(Strict):
    move = fields.Dict(keys=fields.String(), metadata={"example": {"kind": "done"}})
    moves = fields.List(fields.Dict(keys=fields.String()),
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
    after = fields.Integer(load_default=0, validate=validate.Range(min=0))
    wait = fields.Float(load_default=0.0, validate=validate.Range(min=0, max=30),
                        metadata={"description": "seconds to wait for a new event (<= 30)"})


class StreamQuery(Strict):
    after = fields.Integer(validate=validate.Range(min=0),
                           metadata={"description": "resume after this event (or send "
                                     "Last-Event-ID)"})


class ComponentsQuery(Strict):
    rules_version = fields.String(validate=NAME, metadata={
        "description": "a released rules version (a game keeps the version it was created "
                       "under); by default the current one"})


class StepsQuery(Strict):
    seat = fields.Integer(validate=validate.Range(min=0, max=63), metadata={
        "description": "whose view at each step; by default the board's"})


class ListQuery(Strict):
    game = fields.String(validate=NAME)
    status = fields.String(validate=validate.OneOf(STATUSES))
    limit = fields.Integer(load_default=50, validate=validate.Range(min=1, max=500))


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


class SeatSchema(ma.Schema):
    seat = fields.Integer()
    name = fields.String(allow_none=True)
    bot = fields.String(allow_none=True)
    open = fields.Boolean()


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


class ViewSchema(ma.Schema):
    game_id = fields.String()
    version = fields.Integer()
    seat = fields.Integer(allow_none=True)
    status = fields.String()
    waiting_for = fields.List(fields.Integer())
    result = fields.Dict(allow_none=True)
    prompt = fields.Nested(PromptSchema, allow_none=True)
    view = fields.Dict(metadata={"description": "the game's own view for this seat"})


class MoveResultSchema(ma.Schema):
    game_id = fields.String()
    version = fields.Integer()
    view = fields.Nested(ViewSchema)


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
    reason = fields.String(allow_none=True)


class CatalogSchema(ma.Schema):
    games = fields.List(fields.Dict())


class ComponentsSchema(ma.Schema):
    game = fields.String()
    rules_version = fields.String()
    components = fields.List(fields.Dict(), metadata={
        "description": "each {id, name, types, text}, with cost and other public fields "
                       "where the game has them"})


class StepSchema(ma.Schema):
    seq = fields.Integer()
    type = fields.String()
    seat = fields.Integer(allow_none=True)
    log = fields.String()
    view = fields.Dict(allow_none=True)


class StepsSchema(ma.Schema):
    verdict = fields.Nested(VerdictSchema)
    game = fields.String(allow_none=True)
    seats = fields.Integer(allow_none=True)
    seat = fields.Integer(allow_none=True)
    steps = fields.List(fields.Nested(StepSchema))
