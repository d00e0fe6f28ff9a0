"""Replays over HTTP: a game's replay document, verifying an uploaded one, bulk export."""

from __future__ import annotations

from collections.abc import Collection, Iterator
from typing import Any
from uuid import UUID

import orjson
from flask import Response, current_app, request

from domain.history import FINISHED
from domain.receipts import keys_by_id
from projections import catch_up, stored_sources
from replays import CSV_HEADER, build_document, steps_of, verify_document, verify_with_receipts
from replays.parquet import tables, to_parquet_bytes
from replays.steps import events_of

from .auth import caller_seat
from .blueprint import Blueprint, parse_json
from .errors import ApiError
from .hall import Hall, hall
from .limits import heavy
from .schemas import ExportQuery, StepsQuery, StepsSchema, VerdictSchema

PARQUET = "application/vnd.apache.parquet"
# A Parquet table is built whole in memory (NDJSON and CSV stream): this many games at most.
PARQUET_MAX_GAMES = 2000

games_blp = Blueprint("replay", __name__, url_prefix="/games",
                      description="A game's replay document.")
blp = Blueprint("replays", __name__, url_prefix="/replays",
                description="Verify replay documents; export finished games in bulk.")


@games_blp.route("/<uuid:game_id>/replay", methods=["GET"])
@games_blp.response(200, description="The replay document (format gamehall-replay, see "
                    "replays/README.md).")
@games_blp.problems(401, 404)
def replay(game_id: UUID) -> dict[str, Any]:
    """The game's replay document: complete once the game is over; during play only what the
    caller (the token's seat, or a spectator) may see, without hashes or seed."""
    seat = caller_seat(game_id, required=False)
    return build_document(hall().service.records(game_id), seat)


@blp.route("/verify", methods=["POST"])
@blp.doc(requestBody={"required": True, "description": "A replay document, or "
                      "{replay: document, receipts: [receipt, ...]} to check move receipts too",
                      "content": {"application/json": {"schema": {"type": "object"}}}})
@blp.response(200, VerdictSchema)
@blp.problems(400, 413)
def verify() -> dict[str, Any]:
    """Verify a replay document: valid, or the first step that fails and why.

    Re-checks the hash chain, every move's legality, every draw against the revealed seed, every
    state hash, the result and the seed's commitment. With `{replay, receipts}`, also that the
    history honours every move receipt (signed by one of `GET /keys`). A fork's origin is
    checked against its source game in this server's store. Up to 8 MiB and a million JSON
    values."""
    raw = _uploaded_body()
    sources = stored_sources(hall().service)  # a fork's source game, if this server has it
    body = heavy().run(lambda: document_of(raw))
    if "format" in body or "replay" not in body:
        document = body
        verdict: dict[str, Any] = heavy().run(
            lambda: verify_document(document, sources).to_json())
        return verdict
    document, receipts = _with_receipts(body)
    keys = keys_by_id(hall().service.receipts.keys())
    return heavy().run(
        lambda: verify_with_receipts(document, receipts, keys, sources).to_json())


@blp.route("/steps", methods=["POST"])
@blp.arguments(StepsQuery, location="query")
@blp.doc(requestBody={"required": True, "description": "A replay document",
                      "content": {"application/json": {"schema": {"type": "object"}}}})
@blp.response(200, StepsSchema)
@blp.problems(400, 413)
def steps(query: dict[str, Any]) -> dict[str, Any]:
    """A page of a replay document's steps, for a replay viewer: its verdict, and each event's
    log line with the view after it (the board's, or `seat`'s), folded from the document.

    Steps `from` (0: the first event) up to `to` (excluded), at most 100 a page and fewer once
    the answer reaches 2 MiB; `next` is where the next page starts (null at the end), `total`
    the number of steps. Views are given up to the end of a valid document, or up to the step
    before the failing one; an incomplete document gives log lines only. Limited like
    /replays/verify."""
    raw = _uploaded_body()
    seat, start, config = query.get("seat"), query["start"], current_app.config
    stop = min(query.get("stop", start + config["STEPS_PER_PAGE"]),
               start + config["STEPS_PER_PAGE"])
    sources = stored_sources(hall().service)

    def fold() -> dict[str, Any]:
        document = document_of(raw)
        verdict = verify_document(document, sources)
        page = within_bytes(steps_of(document, verdict, seat, start, stop),
                            config["STEPS_PAGE_BYTES"])
        total = len(events_of(document))
        seats = document.get("seats")
        return {"verdict": verdict.to_json(), "game": str(document.get("game", "")) or None,
                "seats": len(seats) if isinstance(seats, list) else None, "seat": seat,
                "start": start, "total": total,
                "next": start + len(page) if start + len(page) < total else None,
                "steps": page}
    return heavy().run(fold)


def within_bytes(page: list[dict[str, Any]], most: int) -> list[dict[str, Any]]:
    """The first steps of ``page`` whose JSON takes at most ``most`` bytes (at least one)."""
    size = 0
    for count, step in enumerate(page):
        size += len(orjson.dumps(step, option=orjson.OPT_NON_STR_KEYS))
        if size > most and count > 0:
            return page[:count]
    return page


def _uploaded_body() -> bytes:
    """The request's body, up to REPLAY_MAX_BYTES and REPLAY_MAX_VALUES, unparsed.

    Parsing runs in C without letting go of the interpreter: a body of millions of tiny values
    (``[[],[],...]``) would hold the worker for seconds wherever it ran. So the values are
    counted first, by the bytes that can start one (cheap, and an upper bound: such bytes in
    strings count too); the parse itself then runs on the heavy pool (``document_of``)."""
    request.max_content_length = current_app.config["REPLAY_MAX_BYTES"]
    raw = request.get_data(cache=False)
    most = current_app.config["REPLAY_MAX_VALUES"]
    if values_at_most(raw) > most:
        raise ApiError(413, "payload-too-large", f"A replay document holds at most {most:,} "
                       "JSON values.")
    return raw


def values_at_most(raw: bytes) -> int:
    """At least the number of JSON values (keys included) in ``raw``: every value but the
    first follows a ``[``, ``,`` or ``:``, and every key a ``{`` or ``,``."""
    return 1 + sum(raw.count(mark) for mark in (b"[", b"{", b",", b":"))


def document_of(raw: bytes) -> dict[str, Any]:
    """``raw`` as a JSON object, or a 400."""
    body = parse_json(raw)
    if not isinstance(body, dict):
        raise ApiError(400, "invalid-request", "A replay document is a JSON object.")
    return body


def _with_receipts(body: dict[str, Any]) -> tuple[Any, list[Any]]:
    """``{"replay": document, "receipts": [receipt, ...]}``, checked for shape only (the
    verifier judges the content)."""
    if set(body) != {"replay", "receipts"}:
        raise ApiError(400, "invalid-request", "Send a replay document, or an object with "
                       "exactly replay (the document) and receipts (a list).")
    if not isinstance(body["receipts"], list) or not isinstance(body["replay"], dict):
        raise ApiError(400, "invalid-request", "replay is a document (an object) and receipts "
                       "a list of receipts.")
    return body["replay"], body["receipts"]


@blp.route("/export", methods=["GET"])
@blp.arguments(ExportQuery, location="query")
@blp.response(200, content_type="application/x-ndjson",
              description="NDJSON: one complete replay document a line; with format=csv, "
              "text/csv: one row an event; with format=parquet, one Parquet table "
              "(table=games or events; docs/replays.md lists their columns).")
@blp.problems(400)
def export(query: dict[str, Any]) -> Response:
    """Stream replay documents of the games matching the filters (game, status, creation dates
    since/until, limit), oldest first, as NDJSON or CSV."""
    h = hall()
    catch_up(h.projector)
    if query["format"] == "parquet" and query["limit"] > PARQUET_MAX_GAMES:
        raise ApiError(400, "invalid-request", f"A Parquet export holds at most "
                       f"{PARQUET_MAX_GAMES:,} games (it is built in memory): lower limit, and "
                       "page with since/until.")
    ids = _matching(h, query)
    if query["format"] == "parquet":
        docs = [orjson.loads(line) for line in h.projector.replays(ids)]
        table = heavy().run(lambda: to_parquet_bytes(tables(docs)[query["table"]]))
        return Response(table, mimetype=PARQUET, headers={
            "Content-Disposition": f'attachment; filename="{query["table"]}.parquet"'})
    if query["format"] == "csv":
        rows = h.projector.replays(ids, csv=True)
        return Response(_chunks(CSV_HEADER, rows), mimetype="text/csv")
    return Response(_chunks("", h.projector.replays(ids)), mimetype="application/x-ndjson")


def _chunks(first: str, texts: Iterator[str], size: int = 256 * 1024) -> Iterator[str]:
    """The texts joined into chunks of about ``size`` characters (not one write a game)."""
    parts, length = [first], len(first)
    for text in texts:
        parts.append(text)
        length += len(text)
        if length >= size:
            yield "".join(parts)
            parts, length = [], 0
    if parts:
        yield "".join(parts)


def _matching(h: Hall, query: dict[str, Any]) -> list[str]:
    since = query["since"].timestamp() if "since" in query else None
    until = query["until"].timestamp() if "until" in query else None
    wanted = FINISHED if query["status"] == "finished" else (query["status"],)
    found: list[str] = []
    batch: list[str] = []
    for game_id in h.store.index(query.get("game"), since, until, newest_first=False):
        batch.append(game_id)
        if len(batch) == 500:
            found += _with_status(h, batch, wanted)
            batch = []
        if len(found) >= query["limit"]:
            break
    found += _with_status(h, batch, wanted)
    return found[: query["limit"]]


def _with_status(h: Hall, ids: list[str], wanted: Collection[str]) -> list[str]:
    if not ids:
        return []
    return [g for g, status in zip(ids, h.store.statuses(ids), strict=True) if status in wanted]
