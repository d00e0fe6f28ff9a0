"""The ``gamehall`` command: bot matches, replays, and the web service.

  gamehall play GAME --bots A,B [--seats N] [--games N] [--seed S] [--options JSON]
                                [--export FILE]
  gamehall replay export GAME_ID -o FILE
  gamehall replay export --all --format parquet -o DIR
  gamehall replay verify FILE [--source F] [--receipts R.ndjson [--keys KEYS.json]]
                                [--jobs N]   (one document, or NDJSON: one a line; N
                                             processes, default one a core
                                             from 25,000 events)
  gamehall replay show FILE [--game ID] [--step N] [--as SEAT]
  gamehall keys                        the public keys move receipts are signed with
  gamehall receipts GAME_ID --seat S   a stored game's move receipts of one seat, as NDJSON
  gamehall serve [--host H] [--port P]
  gamehall dataset FILE -o OUT.parquet   replays as training data: one row a decision
  gamehall analyze FILE -o REPORT.html   charts of win rates, lengths and each game's questions
  gamehall play thrones --bots A,B --decks stark.txt,lannister.txt --options '{"profile": "lcg"}'
  gamehall decks check FILE.txt [--game G]   a decklist's problems and broken rules, in words
  gamehall decks export DECK [--game G]      a registered deck (its id) or a JSON deck, as text
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from uuid import UUID, uuid5

import bootstrap
from domain.application import GameService
from domain.deck_library import deck_rules, deck_text, read_deck_text
from domain.driver import BotFailed, BotFailure
from domain.games import game_names, get_rules
from domain.history import EventType, Status
from domain.kernel import GameError, canonical_json
from domain.receipts import keys_by_id
from replays import Verdict, build_document, steps_of, to_ndjson_lines, verify_document
from replays.batch import Batch, verify_batch
from replays.document import loads


def main(argv: list[str] | None = None) -> None:
    args = parser().parse_args(argv)
    try:
        args.handler(args)
        sys.stdout.flush()  # inside the try, so a closed pipe is caught here
    except GameError as error:
        raise SystemExit(f"gamehall: {error.message}") from None
    except BrokenPipeError:  # the reader went away (| head): stop quietly, as Unix tools do
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        raise SystemExit(0) from None
    except OSError as error:  # a file named on the command line cannot be read or written
        where = f": {error.filename}" if error.filename else ""
        raise SystemExit(f"gamehall: {error.strerror or error}{where}") from None


def game_id(text: str) -> UUID:
    """An argument naming a stored game: its id."""
    try:
        return UUID(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a game id (a UUID, as "
                                         "8a1e6f2c-...)") from None


def json_object(text: str) -> dict[str, Any]:
    """An argument given as a JSON object (``--options``)."""
    try:
        value = json.loads(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(f"{text!r} is not JSON ({error})") from None
    if not isinstance(value, dict):
        raise argparse.ArgumentTypeError(f"{text!r} is not a JSON object ({{...}})")
    return value


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="gamehall", description=__doc__,
                                  formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = top.add_subparsers(required=True, metavar="COMMAND")

    play = commands.add_parser("play", help="play bot matches through the event-sourced service")
    play.add_argument("game", help=f"one of: {', '.join(game_names())}")
    play.add_argument("--bots", required=True, help="one bot a seat, comma-separated; "
                      "module:callable plays a policy from outside the project")
    play.add_argument("--seats", type=positive, help="how many seats (default: one a bot); the "
                      "bots fill them in turn: --bots planner,random --seats 4 seats "
                      "planner, random, planner, random (a Thrones melee: --options "
                      "'{\"profile\": \"lcg\"}')")
    play.add_argument("--games", type=positive, default=1)
    play.add_argument("--seed", help="make the run reproducible (games are then kept in memory)")
    play.add_argument("--options", type=json_object, default={},
                      help="the game's options, as a JSON object")
    play.add_argument("--export", help="write every game's replay to this NDJSON file")
    play.add_argument("--decks", help="decklists as text, one file a bot, comma-separated "
                      "(each bot plays its deck, whatever its seat)")
    play.set_defaults(handler=run_play)

    decks = commands.add_parser("decks", help="check or export a decklist")
    deck_commands = decks.add_subparsers(required=True, metavar="ACTION")
    check = deck_commands.add_parser("check", help="a decklist's problems and broken rules")
    check.add_argument("file", help="a decklist as text (docs/api.md, \"Decks as text\")")
    check.add_argument("--game", default=None, help="the game (default: the one game whose "
                       "decks are written as text)")
    check.set_defaults(handler=run_deck_check)
    deck_export = deck_commands.add_parser("export", help="a deck as text")
    deck_export.add_argument("deck", help="a registered deck's id (reads var/) or a JSON file "
                             "(POST /decks's body or GET /decks/ID's answer)")
    deck_export.add_argument("--game", default=None)
    deck_export.set_defaults(handler=run_deck_export)

    replay = commands.add_parser("replay", help="export, verify or show a replay document")
    replay_commands = replay.add_subparsers(required=True, metavar="ACTION")
    export = replay_commands.add_parser(
        "export", help="write a stored game's replay to a file, or with --all every finished "
        "game's as Parquet tables (games.parquet, events.parquet) in a folder")
    export.add_argument("game_id", nargs="?", type=game_id)
    export.add_argument("--all", action="store_true", help="every finished game")
    export.add_argument("--format", choices=("json", "parquet"), default="json")
    export.add_argument("-o", "--output", required=True, help="a file, or a folder for parquet")
    export.set_defaults(handler=run_export)
    verify = replay_commands.add_parser(
        "verify", help="verify replay documents offline: one document, or NDJSON (one a line)")
    verify.add_argument("file")
    verify.add_argument("--receipts", help="move receipts (NDJSON or a JSON list) the "
                        "history must honour")
    verify.add_argument("--source", action="append", default=[], help="a file of documents "
                        "(one, or NDJSON) among which a fork's source game is found, besides "
                        "the verified file's own; may be given more than once")
    verify.add_argument("--keys", help="the server's keys (the JSON of GET /keys or gamehall "
                        "keys); by default this server's own (reads var/)")
    verify.add_argument("--jobs", type=positive, default=None, help="processes verifying "
                        "the documents at once (default: one a core, or none but this one "
                        "for under 25,000 events; 1: no others)")
    verify.set_defaults(handler=run_verify)
    show = replay_commands.add_parser("show", help="the log and a seat's view at a step")
    show.add_argument("file")
    show.add_argument("--game", help="the game id, when the file holds several documents")
    show.add_argument("--step", type=positive, help="the event number (default: the last)")
    show.add_argument("--as", dest="seat", type=int, help="the seat to view as (default: board)")
    show.set_defaults(handler=run_show)

    keys = commands.add_parser("keys", help="the public keys move receipts are signed with "
                               "(as GET /keys)")
    keys.set_defaults(handler=run_keys)
    receipts = commands.add_parser("receipts", help="a stored game's move receipts of one "
                                   "seat, as NDJSON (reads var/)")
    receipts.add_argument("game_id", type=game_id)
    receipts.add_argument("--seat", type=int, required=True)
    receipts.set_defaults(handler=run_receipts)

    serve = commands.add_parser("serve", help="serve the REST API (gunicorn, 127.0.0.1:8000)")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    serve.set_defaults(handler=run_serve)
    add_research_commands(commands)
    return top


# ---- play ----


@dataclass
class Tally:
    wins: int = 0
    losses: int = 0
    ties: int = 0
    abandoned: int = 0
    shared_wins: int = 0
    shared_losses: int = 0
    turns: list[float] = field(default_factory=list)

    def add(self, seat: int, status: str, result: dict[str, Any], moves: int) -> None:
        if status == Status.ABANDONED:  # a stalled game: no winner, and no turns to average
            self.abandoned += 1
            return
        winners = result["winners"]
        if result.get("shared") is not None:  # a co-operative game: won or lost together
            self.add_shared(result["shared"] == "win", result, seat, moves)
            return
        if seat not in winners:
            self.losses += 1
        elif len(winners) > 1:
            self.ties += 1
        else:
            self.wins += 1
        self.add_turns(result, seat, moves)

    def add_shared(self, won: bool, result: dict[str, Any], seat: int, moves: int) -> None:
        self.shared_wins += won
        self.shared_losses += not won
        self.add_turns(result, seat, moves)

    def add_turns(self, result: dict[str, Any], seat: int, moves: int) -> None:
        details = result.get("details") or {}
        self.turns.append(details["turns"][seat] if "turns" in details else moves)


@dataclass
class SeatTally:
    """With more than two seats: the wins of each seat (the bots take seats in turn, so a
    seat's share shows what sitting there is worth) and the rounds a game lasted."""

    seats: int
    wins: list[int] = field(default_factory=list)
    rounds: list[int] = field(default_factory=list)

    def add(self, status: str, result: dict[str, Any] | None) -> None:
        if not self.wins:
            self.wins = [0] * self.seats
        if status == Status.ABANDONED or result is None:
            return
        for seat in result["winners"]:
            self.wins[seat] += 1
        rounds = (result.get("details") or {}).get("rounds")
        if rounds is not None:
            self.rounds.append(rounds)

    def print(self) -> None:
        won = max(sum(self.wins), 1)
        print()
        print_table(["seat", "wins", "share of wins"],
                    [[f"seat {seat}", wins, f"{100 * wins / won:.1f}%"]
                     for seat, wins in enumerate(self.wins)])
        if self.rounds:
            print(f"rounds: average {sum(self.rounds) / len(self.rounds):.1f}, fewest "
                  f"{min(self.rounds)}, most {max(self.rounds)}")


def run_play(args: argparse.Namespace) -> None:
    rules = get_rules(args.game)
    names = [b.strip() for b in args.bots.split(",")]
    add_cli_policies(args.game, names)
    bots = [names[i % len(names)] for i in range(args.seats or len(names))]
    options = args.options
    files = [f.strip() for f in args.decks.split(",")] if args.decks else []
    lists = [deck_file(args.game, path) for path in files]
    failures = BotFailures()
    service = play_service(args.seed, failures)
    registered = [service.decks.register(args.game, name, decklist).id for decklist, name in lists]
    # One deck a bot as named (--bots A,B --decks a.txt,b.txt): it follows its bot's seat.
    decks = [registered[i % len(names)] if i % len(names) < len(registered) else None
             for i in range(len(bots))]
    tallies = {bot: Tally() for bot in bots}
    by_seat = SeatTally(len(bots))
    exported = open(args.export, "w") if args.export else None  # noqa: SIM115
    first_games: list[list[str]] = []
    try:
        for index in progress(range(args.games)):
            seating = bots[index % len(bots):] + bots[: index % len(bots)]
            seat_decks = decks[index % len(bots):] + decks[: index % len(bots)]
            game_id = seeded_game_id(args, seating, index) if args.seed else None
            game, _ = service.create_game(args.game, options, [{"bot": b} for b in seating],
                                          game_id=game_id,
                                          decks=seat_decks)
            records = service.records(game.id)
            moves = [r["payload"]["seat"] for r in records if r["type"] == EventType.MOVE_MADE]
            for seat, bot in enumerate(seating):
                tallies[bot].add(seat, game.status, game.result or {"winners": []},
                                 moves.count(seat))
            by_seat.add(game.status, game.result)
            if exported:
                exported.writelines(to_ndjson_lines([build_document(records)]))
            if index < FIRST_GAMES and not args.seed:
                first_games.append(game_row(str(game.id), game.status, game.result, seating))
    finally:
        service.close()
        if exported:
            exported.close()
    failures.told()
    print_tallies(rules.info.title, args.games, tallies, rules.info.traits.cooperative)
    if len(bots) > 2:
        by_seat.print()
    if first_games:  # stored games (not a seeded run's, kept in memory): ids worth giving
        print(f"\nthe first {len(first_games)} games (export one: gamehall replay export GAME_ID "
              "-o game.json)")
        print_table(["game", "result", "scores", "how it ended"], first_games)


def seeded_game_id(args: argparse.Namespace, seating: list[str], index: int) -> UUID:
    """A seeded run's game ids: the same run again gives the same ids (so it replays), and a
    run of another game, options, bots or decks, or another seed, gives others (so exports of
    several runs merge without two games sharing an id)."""
    run = canonical_json({"seed": args.seed, "game": args.game, "options": args.options,
                          "seating": seating, "decks": args.decks, "index": index})
    return uuid5(UUID(int=0), f"gamehall-play:{run}")


# With no --seed, the ids and outcomes of this many games are printed, to export or look at.
FIRST_GAMES = 3


def game_row(game_id: str, status: str, result: dict[str, Any] | None,
             seating: list[str]) -> list[str]:
    """A game's line in the table of the first games: its id and its outcome in words."""
    if status == Status.ABANDONED or result is None:
        return [game_id, "abandoned", "", "no move for too long"]
    names = [f"{bot} (seat {seat})" for seat, bot in enumerate(seating)]
    if result.get("shared") is not None:
        outcome = "shared win" if result["shared"] == "win" else "shared loss"
    elif not result["winners"]:
        outcome = "nobody won"
    else:
        verb = "tied" if len(result["winners"]) > 1 else "won"
        outcome = " and ".join(names[seat] for seat in result["winners"]) + f" {verb}"
    scores = ", ".join(str(score) for score in result.get("scores") or [])
    return [game_id, outcome, scores, str(result.get("reason") or "")]


def play_service(seed: str | None, failures: BotFailed) -> GameService:
    if seed is None:
        print(f"gamehall: games are kept in {bootstrap.describe_store()}", file=sys.stderr)
        service = bootstrap.build_service()
    else:
        secret = hashlib.sha256(f"gamehall-cli-seed:{seed}".encode()).digest()
        service = GameService({"PERSISTENCE_MODULE": "eventsourcing.popo"}, secret=secret,
                              clock=bootstrap.now, new_token=bootstrap.new_token)
    service.bot_failed = failures
    return service


class BotFailures:
    """The bots that could not answer in a run: each bot's first failure is told as it
    happens, and how many more there were once the run is over (``told``)."""

    def __init__(self) -> None:
        self.counts: dict[str, int] = {}

    def __call__(self, failure: BotFailure) -> None:
        self.counts[failure.bot] = self.counts.get(failure.bot, 0) + 1
        if self.counts[failure.bot] == 1:
            print(f"gamehall: {failure}", file=sys.stderr)

    def told(self) -> None:
        for bot, count in self.counts.items():
            if count > 1:
                print(f"gamehall: the bot {bot!r} could not answer {count} times in all; "
                      "another bot answered each time in its place", file=sys.stderr)


def progress(items: range) -> Iterable[int]:
    """``items``, with a progress bar (rich's) on standard error while they are worked through,
    shown only on a terminal: piped or captured, nothing is drawn."""
    if not sys.stderr.isatty():
        return items
    from rich.console import Console
    from rich.progress import track

    return track(items, description="playing", console=Console(stderr=True), transient=True)


def print_table(header: list[str], rows: list[list[Any]]) -> None:
    """Rows under a header, each column as wide as its widest cell: the first column (a name)
    and any of words to the left, numbers to the right."""
    cells = [header, *([str(cell) for cell in row] for row in rows)]
    widths = [max(len(row[column]) for row in cells) for column in range(len(header))]
    numeric = [all(is_figure(row[column]) for row in cells[1:]) and column > 0
               for column in range(len(header))]
    for row in cells:
        print("  ".join(cell.rjust(width) if right else cell.ljust(width)
                        for cell, width, right in zip(row, widths, numeric, strict=True))
              .rstrip())


def is_figure(cell: str) -> bool:
    """A number as the tables print them: 12, 17.3, 60.0%."""
    return cell.removesuffix("%").replace(".", "", 1).isdigit()


def print_tallies(title: str, games: int, tallies: dict[str, Tally],
                  cooperative: bool = False) -> None:
    """A line a bot: its wins, losses and ties, or, in a co-operative game, the wins and
    losses it shared with the other seats."""
    print(f"{title}: {games} game{'s' if games != 1 else ''}" + (
        " (co-operative: won or lost together)" if cooperative else ""))
    if cooperative:
        header = ["bot", "shared wins", "shared losses", "win %", "avg turns", "abandoned"]
    else:
        header = ["bot", "wins", "losses", "ties", "win %", "avg turns", "abandoned"]
    rows = []
    for bot, tally in tallies.items():
        turns = sum(tally.turns) / len(tally.turns) if tally.turns else 0.0
        won = [tally.shared_wins, tally.shared_losses] if cooperative else [
            tally.wins, tally.losses, tally.ties]
        rate = 100 * won[0] / sum(won) if sum(won) else 0.0
        rows.append([bot, *won, f"{rate:.1f}%", f"{turns:.1f}", tally.abandoned])
    print_table(header, rows)


# ---- replay ----


def run_export(args: argparse.Namespace) -> None:
    if args.all != (args.game_id is None) or args.all != (args.format == "parquet"):
        raise SystemExit("gamehall: give a GAME_ID (a JSON document), or --all --format "
                         "parquet (every finished game's tables)")
    if args.all:
        run_export_all(args.output)
        return
    service = bootstrap.open_existing_service()
    print(f"gamehall: reading {bootstrap.describe_store()}", file=sys.stderr)
    try:
        document = build_document(service.records(args.game_id))
    finally:
        service.close()
    with open(args.output, "w") as out:
        json.dump(document, out, indent=1, ensure_ascii=False)
    state = "complete" if document["complete"] else "incomplete (the game is not over)"
    print(f"wrote {args.output}: {len(document['events'])} events, {state}")


def run_export_all(folder: str) -> None:
    """Every finished game of the store as games.parquet and events.parquet in ``folder``."""
    from replays.parquet import TABLES, tables, to_parquet_bytes

    service = bootstrap.open_existing_service()
    print(f"gamehall: reading {bootstrap.describe_store()}", file=sys.stderr)
    try:
        docs = [document for game_id in service.game_ids()
                if (document := build_document(service.records(game_id)))["complete"]]
    finally:
        service.close()
    built = tables(docs)
    Path(folder).mkdir(parents=True, exist_ok=True)
    for name in TABLES:
        (Path(folder) / f"{name}.parquet").write_bytes(to_parquet_bytes(built[name]))
    print(f"wrote {folder}: games.parquet ({built['games'].num_rows} games), events.parquet "
          f"({built['events'].num_rows} events)")


def positive(text: str) -> int:
    """An argument that is a whole number of at least 1."""
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of at least 1")
    return int(text)


def run_verify(args: argparse.Namespace) -> None:
    """A line a game, in the file's order, then the total; exit 1 if any game is invalid."""
    documents = load_documents(args.file)
    receipts = None if args.receipts is None else load_documents(args.receipts)
    keys = None if receipts is None else load_keys(args.keys)
    known = [*documents, *(d for path in args.source for d in load_documents(path))]
    batch = Batch(documents, known, receipts, keys)
    invalid = 0
    for document, verdict in zip(documents, verify_batch(batch, args.jobs), strict=True):
        name = game_label(document)
        if verdict.valid:
            also = "" if verdict.receipts is None else f", {verdict.receipts} receipts honoured"
            print(f"valid: {name}: {verdict.events} events, every hash, move, draw and state "
                  f"checked{also}")
            continue
        invalid += 1
        print(f"INVALID at {_where(verdict)}: {name}: {verdict.explanation}")
    print(f"{len(documents) - invalid} valid, {invalid} invalid")
    if invalid:
        raise SystemExit(1)


def load_keys(path: str | None) -> dict[str, bytes]:
    """Public keys by id: from a keys document (GET /keys), or this server's own."""
    if path is None:
        return keys_by_id(bootstrap.existing_receipt_keys())
    try:
        with open(path, encoding="utf-8") as handle:
            return keys_by_id(json.load(handle).get("keys"))
    except (OSError, ValueError, AttributeError) as error:
        raise SystemExit(f"gamehall: {path} is not a keys document (GET /keys): "
                         f"{error}") from None


def run_keys(args: argparse.Namespace) -> None:
    print(json.dumps({"keys": bootstrap.existing_receipt_keys()}, indent=1))


def run_receipts(args: argparse.Namespace) -> None:
    service = bootstrap.open_existing_service()
    try:
        seats = len(service.get(args.game_id).seats)  # GameNotFound: "There is no game ..."
        if not 0 <= args.seat < seats:
            raise SystemExit(f"gamehall: this game has seats 0 to {seats - 1}, not {args.seat}")
        for receipt in service.receipts.of_seat(args.game_id, args.seat):
            print(json.dumps(receipt, ensure_ascii=False))
    finally:
        service.close()


def game_label(document: Any) -> str:
    if not isinstance(document, dict):
        return "(not a replay document)"
    about = " ".join(str(document[k]) for k in ("game", "rules_version") if k in document)
    name = str(document.get("game_id", "a document with no game id"))
    return f"{name} ({about})" if about else name


def run_show(args: argparse.Namespace) -> None:
    """The log up to a step and a view after it, from what verifies only: each line as the
    rules write it (recomputed, never the document's own text), and the view no later than
    the last step that verifies."""
    documents = load_documents(args.file)
    document = pick_document(documents, args.game, args.file)
    seats = document.get("seats")
    if args.seat is not None and not (isinstance(seats, list) and 0 <= args.seat < len(seats)):
        raise SystemExit(f"gamehall: {args.file}: this game has no seat {args.seat}")
    sources = {d.get("game_id"): d for d in documents if isinstance(d, dict)}.get
    verdict = verify_document(document, sources)
    steps = steps_of(document, verdict, args.seat)
    if args.step is not None and args.step > len(steps):
        raise SystemExit(f"gamehall: {args.file}: this game has {len(steps)} events, so no "
                         f"event {args.step}")
    step = args.step or len(steps)
    for item in steps[:step]:
        line = item["log"] or f"(not verified) {str(item['type']).replace('_', ' ')}"
        print(f"{item['seq']:>5}  {line}")
    if not document.get("complete"):
        print("(an incomplete replay: its events can be checked, and its log and views "
              "rebuilt, only once the game is over)")
        return
    if not verdict.valid:
        print(f"\nINVALID at {_where(verdict)}: {verdict.explanation}")
    shown = [index for index, item in enumerate(steps[:step]) if item["view"] is not None]
    if not shown:
        return
    who = "the board" if args.seat is None else f"seat {args.seat}"
    print(f"\nview of {who} after event {shown[-1] + 1}:")
    print(json.dumps(steps[shown[-1]]["view"], indent=1, ensure_ascii=False))


def _where(verdict: Verdict) -> str:
    return f"event {verdict.failed_step}" if verdict.failed_step else "the document"


def pick_document(documents: list[Any], game_id: str | None, path: str) -> dict[str, Any]:
    chosen = [d for d in documents if game_id is None or (
        isinstance(d, dict) and d.get("game_id") == game_id)]
    if len(chosen) != 1 or not isinstance(chosen[0], dict) or "events" not in chosen[0]:
        found = "no such game" if not chosen else f"{len(chosen)} documents"
        raise SystemExit(f"gamehall: {path}: {found}; name one replay document with --game ID")
    document: dict[str, Any] = chosen[0]
    return document


def load_documents(path: str) -> list[Any]:
    """The replay documents in a file: one JSON document, or NDJSON with one a line. Any
    unreadable input is a clear message and exit status 1, never a traceback."""
    try:
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
    except (OSError, UnicodeDecodeError) as error:
        raise SystemExit(f"gamehall: cannot read {path}: {error}") from None
    try:
        whole = loads(text)
        return whole if isinstance(whole, list) else [whole]
    except json.JSONDecodeError:  # not one document: perhaps NDJSON
        pass
    except ValueError as error:  # NaN or Infinity in it: Python reads them, JSON has none
        raise SystemExit(f"gamehall: {path}: {error}") from None
    documents = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            documents.append(loads(line))
        except json.JSONDecodeError as error:
            raise SystemExit(f"gamehall: {path} is neither a JSON document nor NDJSON: line "
                             f"{number}: {error.msg} (column {error.colno})") from None
        except ValueError as error:  # NaN or Infinity: Python reads them, JSON has none
            raise SystemExit(f"gamehall: {path}, line {number}: {error}") from None
    if not documents:
        raise SystemExit(f"gamehall: {path} holds no replay document")
    return documents


def run_serve(args: argparse.Namespace) -> None:
    from api.serve import serve

    serve(host=args.host, port=args.port)


# ---- research (docs/research.md): the research extra's packages are imported on use ----


def add_research_commands(commands: Any) -> None:
    dataset = commands.add_parser("dataset", help="replay documents as training data: one "
                                  "row a decision, as Parquet (needs the research extra)")
    dataset.add_argument("file", help="replay documents: one JSON document, or NDJSON")
    dataset.add_argument("-o", "--output", required=True, help="the Parquet file to write")
    dataset.set_defaults(handler=run_dataset)
    analyze = commands.add_parser("analyze", help="one self-contained HTML page of charts "
                                  "about replay documents (needs the research extra)")
    analyze.add_argument("file", help="replay documents: one JSON document, or NDJSON")
    analyze.add_argument("-o", "--output", required=True, help="the HTML file to write")
    analyze.set_defaults(handler=run_analyze)


def verified_documents(path: str) -> list[dict[str, Any]]:
    """The replay documents in a file that verify. Training data and charts are made only
    from games the rules confirm: each document that does not verify is named on stderr, with
    why, and left out."""
    documents = load_documents(path)
    kept = []
    for document, verdict in zip(documents, verify_batch(Batch(documents, documents)),
                                 strict=True):
        if verdict.valid:
            kept.append(document)
        else:
            print(f"gamehall: left out {game_label(document)}: it does not verify at "
                  f"{_where(verdict)}: {verdict.explanation}", file=sys.stderr)
    if not kept:
        raise SystemExit(f"gamehall: no replay document in {path} verifies")
    return kept


def add_cli_policies(game: str, names: list[str]) -> None:
    """Each ``module:callable`` among the bots named, offered in ``game`` under that name."""
    for name in names:
        if ":" in name:
            bootstrap.add_policy(name, name, [game])


def run_dataset(args: argparse.Namespace) -> None:
    import pyarrow.parquet as pq

    from research.dataset import decisions_table

    table = decisions_table(verified_documents(args.file))
    pq.write_table(table, args.output)
    print(f"{table.num_rows} decisions written to {args.output}", file=sys.stderr)



def run_analyze(args: argparse.Namespace) -> None:
    from research.analyze import report

    Path(args.output).write_text(report(verified_documents(args.file)), encoding="utf-8")
    print(f"report written to {args.output}", file=sys.stderr)



# ---- decks ----


def text_deck_game(game: str | None) -> str:
    """The game named, else the one game whose decks are written as text."""
    if game is not None:
        return game
    found = [g for g in game_names() if (d := get_rules(g).decks) and d.text is not None]
    if len(found) != 1:
        raise SystemExit(f"gamehall: name the game (--game): one of {', '.join(found)}")
    return found[0]


def deck_problems(game: str, text: str) -> tuple[dict[str, Any], str | None, list[str]]:
    """A decklist read from text, its name, and every problem in words: each line naming no
    card (with the nearest name), then each deck-construction rule broken."""
    reading = read_deck_text(game, text)
    words = [f"line {p['line']}: {p['message']}"
             + (f" Did you mean {p['suggestion']}?" if p["suggestion"] else "")
             for p in reading.problems]
    words += [str(v["message"]) for v in deck_rules(game).check(reading.decklist)]
    return reading.decklist, reading.name, words


def deck_file(game: str, path: str) -> tuple[dict[str, Any], str]:
    """The legal decklist a text file writes, and its name (the file's, where it gives none);
    exits naming every problem otherwise."""
    decklist, name, problems = deck_problems(game, Path(path).read_text("utf-8"))
    if problems:
        raise SystemExit(f"gamehall: {path} is not a legal deck:\n"
                         + "\n".join(f"  {p}" for p in problems))
    return decklist, name or Path(path).stem


def run_deck_check(args: argparse.Namespace) -> None:
    game = text_deck_game(args.game)
    decklist, name, problems = deck_problems(game, Path(args.file).read_text("utf-8"))
    if problems:
        print(f"{args.file}: {len(problems)} problem{'s' if len(problems) != 1 else ''}")
        print("\n".join(f"  {p}" for p in problems))
        raise SystemExit(1)
    cards = sum(n for _, n in decklist["cards"])
    print(f"{args.file}: a legal deck of {game} ({name or 'no name'}: "
          f"{len(decklist['plots'])} plots, {cards} cards)")


def run_deck_export(args: argparse.Namespace) -> None:
    path = Path(args.deck)
    if path.exists():
        raw = loads(path.read_text("utf-8"))
        game = text_deck_game(raw.get("game", args.game))
        decklist = {k: raw.get(k) for k in ("house", "agenda", "plots", "cards")}
        name = raw.get("name")
    else:
        service = bootstrap.build_service()
        try:
            deck = service.decks.get(UUID(args.deck))
        except ValueError:
            raise SystemExit(f"gamehall: {args.deck} is neither a file nor a deck id") from None
        finally:
            service.close()
        game, decklist, name = deck.game, deck.decklist, deck.name
    sys.stdout.write(deck_text(game).write(decklist, name))


if __name__ == "__main__":
    main()
