"""Games: the catalog, creating and listing games, a game's summary, taking a seat, resigning."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from uuid import UUID

from flask import url_for

from domain.application import GameNotFound
from domain.commands import (
    AnswerTakeback,
    AskTakeback,
    Command,
    CreateGame,
    ForkGame,
    Resign,
    SetPreferences,
    TakeSeat,
)
from domain.games import UnknownGame, UnknownRulesVersion, game_names, get_rules
from domain.games.components import components as game_components
from domain.history import takebacks_offered
from projections import catch_up

from .auth import caller_seat, forbid_other_seat, keyed_player
from .blueprint import Blueprint
from .errors import ApiError
from .hall import hall
from .limits import heavy
from .players import seats_asked
from .schemas import (
    AnswerSchema,
    CatalogSchema,
    ComponentsQuery,
    ComponentsSchema,
    CreatedSchema,
    CreateGameSchema,
    ForkSchema,
    GameListSchema,
    JoinedSchema,
    JoinSchema,
    ListQuery,
    PreferencesSchema,
    SummarySchema,
    TakebackSchema,
)

blp = Blueprint("games", __name__, url_prefix="/games",
                description="Create, list and join games; a game's summary.")


@blp.route("/catalog", methods=["GET"])
@blp.response(200, CatalogSchema)
def catalog() -> dict[str, Any]:
    """The hosted games: their options with defaults, seat counts and bots, and whether a
    game of each may allow takebacks (docs/takebacks-forks-receipts.md, "Takebacks")."""
    return {"games": [{**rules.info.to_json(), "takebacks": takebacks_offered(rules) is None}
                      for rules in map(get_rules, game_names())]}


@blp.route("/catalog/<game>/components", methods=["GET"])
@blp.arguments(ComponentsQuery, location="query")
@blp.response(200, ComponentsSchema)
@blp.problems(400, 404)
def components(query: dict[str, Any], game: str) -> dict[str, Any]:
    """A game's components (cards, tiles...): each one's name, types, text and cost, as the
    game's rules version (by default the current one) has them."""
    try:
        rules = get_rules(game, query.get("rules_version"))
        found = game_components(game, rules.version)
    except (UnknownGame, UnknownRulesVersion) as error:
        raise ApiError(404, "not-found", str(error)) from None
    return {"game": game, "rules_version": rules.version, "components": found}


@blp.route("", methods=["POST"])
@blp.arguments(CreateGameSchema)
@blp.response(201, CreatedSchema)
@blp.problems(400, 401, 413, 422)
def create(body: dict[str, Any]) -> tuple[dict[str, Any], int, dict[str, str]]:
    """Create a game; answers its id and the token of each human seat named now.

    Each player is `{name}` (a human, given a token now), `{bot}` (played by the server),
    `{"player": "me"}` (the player whose key the request carries, also given a token) or
    `{}` or `{"open": true}` (an open seat, joined later with POST /games/{id}/seats/{seat});
    `listed: true` lists the game's open seats for anyone (GET /games?open=true). In a game whose
    players bring their own decks, each may add `deck` (a registered deck's id, POST /decks;
    without it, the game's ready-made deck). Naming a deck never registered answers 422
    `unknown-deck`; a deck in a game without decks, 422 `no-decks`.

    With `position` (a position in the game's terms: docs/api.md, "Sandboxes from a
    position") the game is a sandbox that starts there instead of at the game's setup; its
    replay carries the position and the state built from it, which verifying rebuilds. A
    position that is none of the game's answers 422 `bad-position`, naming every problem."""
    players = tuple(seats_asked([{k: v for k, v in p.items() if k != "deck"}
                                 for p in body["players"]]))
    decks = tuple(p.get("deck") for p in body["players"])
    return _started(CreateGame(body["game"], body["options"], players, body["takebacks"],
                               decks, clock=body["clock"], listed=body["listed"],
                               position=body["position"]))


@blp.route("/<uuid:game_id>/fork", methods=["POST"])
@blp.arguments(ForkSchema)
@blp.response(201, CreatedSchema)
@blp.problems(400, 401, 404, 409, 413, 422)
def fork(body: dict[str, Any], game_id: UUID) -> tuple[dict[str, Any], int, dict[str, str]]:
    """Fork a finished game into a sandbox: a new game from its state after event `at`.

    The sandbox has new seats (`players`, as in POST /games; by default a human seat each,
    every token given to you), the source's rules and options, and a seed of its own, so
    every draw after the fork is fresh. Its replay names the source game and event and carries
    the source's state hash there; verifying it checks that origin. A game still being played
    answers 409 `game-not-finished`; an `at` where the game was not being played, 422
    `bad-fork-point`."""
    players = tuple(seats_asked(body.get("players") or []))  # none: "seat N" each
    return _started(ForkGame(game_id, body["at"], players, body["takebacks"],
                             clock=body["clock"]))


def _started(command: CreateGame | ForkGame) -> tuple[dict[str, Any], int, dict[str, str]]:
    """A game just created or forked, answered as 201. A game of bots only is played to its
    end at once: on the bounded pool for heavy work."""
    bots_only = bool(command.players) and all(player.get("bot") is not None
                                              for player in command.players)
    outcome = hall().service.run(command, heavy().run if bots_only else None)
    answer = {"game_id": str(outcome.game.id),
              "tokens": {str(s): t for s, t in outcome.tokens.items()},
              "game": outcome.views["summary"]}
    return answer, 201, {"Location": url_for("games.summary", game_id=outcome.game.id)}


@blp.route("", methods=["GET"])
@blp.arguments(ListQuery, location="query")
@blp.response(200, GameListSchema)
@blp.problems(400)
def listing(query: dict[str, Any]) -> dict[str, Any]:
    """List games, newest first, filterable by game, status and the server's re-verification
    (`verified=false`: finished games whose replay failed it)."""
    h = hall()
    catch_up(h.projector)
    found: list[dict[str, Any]] = []
    ids = (h.projector.inbox.store.open_games(query.get("game")) if query.get("open")
           else h.store.index(query.get("game"), None, None, newest_first=True))
    for batch in _batches(ids, 200):
        wanted = [g for g, status in zip(batch, h.store.statuses(batch), strict=True)
                  if query.get("status") in (None, status)]
        if "verified" in query:
            wanted = [g for g, verdict in zip(wanted, h.store.verdicts(wanted), strict=True)
                      if verdict is not None and verdict["verified"] is query["verified"]]
        for game_id in wanted:
            try:
                found.append(h.projector.summary(UUID(game_id)))
            except GameNotFound:  # indexed in Redis but not in this store: not ours to list
                continue
            if len(found) >= query["limit"]:
                return {"games": found}
    return {"games": found}


@blp.route("/<uuid:game_id>", methods=["GET"])
@blp.response(200, SummarySchema)
@blp.problems(404)
def summary(game_id: UUID) -> dict[str, Any]:
    """A game's summary: status, version, seats, who is to act, result."""
    return hall().projector.summary(game_id)


@blp.route("/<uuid:game_id>/seats/<int:seat>", methods=["POST"])
@blp.arguments(JoinSchema)
@blp.response(201, JoinedSchema)
@blp.problems(400, 401, 403, 404, 409, 413)
def join(body: dict[str, Any], game_id: UUID, seat: int) -> tuple[dict[str, Any], int]:
    """Take an open seat; answers the seat's token (shown once). With a player key the seat
    is the player's, named as the player is (no `name` needed)."""
    forbid_other_seat(caller_seat(game_id, required=False), seat, "take a seat")
    player = keyed_player()
    name = player.name if player is not None else body.get("name")
    if name is None:
        raise ApiError(400, "invalid-request", "Send your name ({name}), or your player key.")
    outcome = hall().service.run(TakeSeat(game_id, seat, name,
                                          player.id if player is not None else None))
    return {"game_id": str(game_id), "seat": seat, "token": outcome.tokens[seat],
            "game": outcome.views["summary"]}, 201


@blp.route("/<uuid:game_id>/resign", methods=["POST"])
@blp.response(200, SummarySchema)
@blp.problems(401, 404, 409)
def resign(game_id: UUID) -> dict[str, Any]:
    """Resign the token's seat: the other seats win."""
    return _as_seat(game_id, lambda seat: Resign(game_id, seat))


@blp.route("/<uuid:game_id>/takeback", methods=["POST"])
@blp.arguments(TakebackSchema)
@blp.response(200, SummarySchema)
@blp.problems(400, 401, 404, 409, 413)
def takeback(body: dict[str, Any], game_id: UUID) -> dict[str, Any]:
    """Ask to take back your last `moves` moves (a game created with `takebacks`).

    Only your own last moves, with nothing else since (no draw, no other seat's move) but
    earlier takebacks, and none of which showed you something hidden from you (a card
    drawn, a face-down tile turned up), whoever the game waits on now; otherwise 409
    `takeback-refused`. The other seats answer
    (bots at once: a bot accepts a takeback of one move); meanwhile moves answer 409
    `takeback-pending`. The summary's `takeback` shows who has accepted."""
    return _as_seat(game_id, lambda seat: AskTakeback(game_id, seat, body["moves"]))


@blp.route("/<uuid:game_id>/takeback/answer", methods=["POST"])
@blp.arguments(AnswerSchema)
@blp.response(200, SummarySchema)
@blp.problems(400, 401, 404, 409, 413)
def answer_takeback(body: dict[str, Any], game_id: UUID) -> dict[str, Any]:
    """Accept or decline the takeback another seat asked for; once every other seat has
    accepted, the game goes back (the moves undone stay in the history, named)."""
    return _as_seat(game_id, lambda seat: AnswerTakeback(game_id, seat, body["accept"]))


@blp.route("/<uuid:game_id>/seats/<int:seat>/preferences", methods=["PUT"])
@blp.arguments(PreferencesSchema)
@blp.response(200, SummarySchema)
@blp.problems(400, 401, 403, 404, 409, 413, 422)
def preferences(body: dict[str, Any], game_id: UUID, seat: int) -> dict[str, Any]:
    """Choose the windows your seat is not asked in (`skip`: ids of the summary's
    `windows.kinds`; empty: asked in every window), with the seat's token or its player's
    key. The choice is public, recorded as a `preferences_set` event, and stands until set
    again: the server passes those windows for you, whatever you hold (a move `by:
    "preference"`). A game without such windows, an unknown kind or a finished game: 422."""
    forbid_other_seat(caller_seat(game_id, required=True), seat, "choose windows")
    return _as_seat(game_id, lambda own: SetPreferences(game_id, own, tuple(body["skip"])))


def _as_seat(game_id: UUID, command: Callable[[int], Command]) -> dict[str, Any]:
    """Run the command of the request's token's seat; answer the game's summary."""
    seat = caller_seat(game_id, required=True)
    assert seat is not None
    summary_doc: dict[str, Any] = hall().service.run(command(seat)).views["summary"]
    return summary_doc


def _batches(items: Any, size: int) -> Any:
    batch: list[str] = []
    for item in items:
        batch.append(item)
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch
