"""The ``gamehall`` command: bot matches, replays, and the web service.

  gamehall play GAME --bots A,B [--seats N] [--games N] [--seed S] [--options JSON]
                                [--export FILE]
  gamehall replay export GAME_ID -o FILE
  gamehall replay export --all --format parquet -o DIR
  gamehall replay verify FILE [--source F] [--receipts R.ndjson [--keys KEYS.json]]
                                [--jobs N]   (one document, or NDJSON: one a line; N
                                             processes, default one a core)
  gamehall replay show FILE [--game ID] [--step N] [--as SEAT]
  gamehall keys                        the public keys move receipts are signed with
  gamehall receipts GAME_ID --seat S   a stored game's move receipts of one seat, as NDJSON
  gamehall serve [--host H] [--port P]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from uuid import UUID, uuid5

import bootstrap
from domain.application import GameService
from domain.games import game_names, get_rules
from domain.history import EventType, Status
from domain.kernel import GameError
from domain.receipts import keys_by_id
from replays import build_document, state_at, to_ndjson_lines
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


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="gamehall", description=__doc__,
                                  formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = top.add_subparsers(required=True, metavar="COMMAND")

    play = commands.add_parser("play", help="play bot matches through the event-sourced service")
    play.add_argument("game", help=f"one of: {', '.join(game_names())}")
    play.add_argument("--bots", required=True, help="one bot a seat, comma-separated")
    play.add_argument("--seats", type=int, help="how many seats (default: one a bot); the "
                      "bots fill them in turn: --bots planner,random --seats 4 seats "
                      "planner, random, planner, random (a Thrones melee: --options "
                      "'{\"profile\": \"lcg\"}')")
    play.add_argument("--games", type=int, default=1)
    play.add_argument("--seed", help="make the run reproducible (games are then kept in memory)")
    play.add_argument("--options", default="{}", help="the game's options, as JSON")
    play.add_argument("--export", help="write every game's replay to this NDJSON file")
    play.set_defaults(handler=run_play)

    replay = commands.add_parser("replay", help="export, verify or show a replay document")
    replay_commands = replay.add_subparsers(required=True, metavar="ACTION")
    export = replay_commands.add_parser(
        "export", help="write a stored game's replay to a file, or with --all every finished "
        "game's as Parquet tables (games.parquet, events.parquet) in a folder")
    export.add_argument("game_id", nargs="?")
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
                        "the documents at once (default: one a core; 1: no others)")
    verify.set_defaults(handler=run_verify)
    show = replay_commands.add_parser("show", help="the log and a seat's view at a step")
    show.add_argument("file")
    show.add_argument("--game", help="the game id, when the file holds several documents")
    show.add_argument("--step", type=int, help="the event number (default: the last)")
    show.add_argument("--as", dest="seat", type=int, help="the seat to view as (default: board)")
    show.set_defaults(handler=run_show)

    keys = commands.add_parser("keys", help="the public keys move receipts are signed with "
                               "(as GET /keys)")
    keys.set_defaults(handler=run_keys)
    receipts = commands.add_parser("receipts", help="a stored game's move receipts of one "
                                   "seat, as NDJSON (reads var/)")
    receipts.add_argument("game_id")
    receipts.add_argument("--seat", type=int, required=True)
    receipts.set_defaults(handler=run_receipts)

    serve = commands.add_parser("serve", help="serve the REST API (gunicorn, 127.0.0.1:8000)")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    serve.set_defaults(handler=run_serve)
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
        print("wins by seat: " + ", ".join(f"seat {s}: {w}" for s, w in enumerate(self.wins)))
        if self.rounds:
            print(f"rounds: average {sum(self.rounds) / len(self.rounds):.1f}, fewest "
                  f"{min(self.rounds)}, most {max(self.rounds)}")


def run_play(args: argparse.Namespace) -> None:
    rules = get_rules(args.game)
    names = [b.strip() for b in args.bots.split(",")]
    bots = [names[i % len(names)] for i in range(args.seats or len(names))]
    options = json.loads(args.options)
    service = play_service(args.seed)
    tallies = {bot: Tally() for bot in bots}
    by_seat = SeatTally(len(bots))
    exported = open(args.export, "w") if args.export else None  # noqa: SIM115
    try:
        for index in progress(range(args.games), args.games):
            seating = bots[index % len(bots):] + bots[: index % len(bots)]
            game_id = uuid5(UUID(int=0), f"{args.seed}:{index}") if args.seed else None
            game, _ = service.create_game(args.game, options, [{"bot": b} for b in seating],
                                          game_id=game_id)
            records = service.records(game.id)
            moves = [r["payload"]["seat"] for r in records if r["type"] == EventType.MOVE_MADE]
            for seat, bot in enumerate(seating):
                tallies[bot].add(seat, game.status, game.result or {"winners": []},
                                 moves.count(seat))
            by_seat.add(game.status, game.result)
            if exported:
                exported.writelines(to_ndjson_lines([build_document(records)]))
            if index < 3 and not args.seed:
                print(f"game {game.id}: {game.result}", file=sys.stderr)
    finally:
        service.close()
        if exported:
            exported.close()
    print_tallies(rules.info.title, args.games, tallies, rules.info.traits.cooperative)
    if len(bots) > 2:
        by_seat.print()


def play_service(seed: str | None) -> GameService:
    if seed is None:
        print(f"gamehall: games are kept in {bootstrap.describe_store()}", file=sys.stderr)
        return bootstrap.build_service()
    secret = hashlib.sha256(f"gamehall-cli-seed:{seed}".encode()).digest()
    return GameService({"PERSISTENCE_MODULE": "eventsourcing.popo"}, secret=secret,
                       clock=bootstrap.now, new_token=bootstrap.new_token)


def progress(items: range, total: int) -> Iterator[int]:
    """A text progress bar on standard error, redrawn at most a hundred times."""
    width = 30
    step = max(total // 100, 1)
    for index in items:
        yield index
        done = index + 1
        if done % step == 0 or done == total:
            filled = width * done // max(total, 1)
            print(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total}", end="",
                  file=sys.stderr, flush=True)
    print(file=sys.stderr)


def print_tallies(title: str, games: int, tallies: dict[str, Tally],
                  cooperative: bool = False) -> None:
    """A line a bot: its wins, losses and ties, or, in a co-operative game, the wins and
    losses it shared with the other seats."""
    print(f"{title}: {games} games" + (" (co-operative: won or lost together)"
                                      if cooperative else ""))
    if cooperative:
        print(f"{'bot':<22}{'shared wins':>12}{'shared losses':>14}{'win %':>8}"
              f"{'avg turns':>11}{'abandoned':>11}")
    else:
        print(f"{'bot':<22}{'wins':>7}{'losses':>8}{'ties':>6}{'win %':>8}{'avg turns':>11}"
              f"{'abandoned':>11}")
    for bot, tally in tallies.items():
        turns = sum(tally.turns) / len(tally.turns) if tally.turns else 0.0
        if cooperative:
            played = tally.shared_wins + tally.shared_losses
            rate = 100 * tally.shared_wins / played if played else 0.0
            print(f"{bot:<22}{tally.shared_wins:>12}{tally.shared_losses:>14}{rate:>7.1f}%"
                  f"{turns:>11.1f}{tally.abandoned:>11}")
            continue
        played = tally.wins + tally.losses + tally.ties
        rate = 100 * tally.wins / played if played else 0.0
        print(f"{bot:<22}{tally.wins:>7}{tally.losses:>8}{tally.ties:>6}{rate:>7.1f}%"
              f"{turns:>11.1f}{tally.abandoned:>11}")


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
        document = build_document(service.records(UUID(args.game_id)))
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
        where = f"event {verdict.failed_step}" if verdict.failed_step else "the document"
        print(f"INVALID at {where}: {name}: {verdict.reason}")
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
        for receipt in service.receipts.of_seat(UUID(args.game_id), args.seat):
            print(json.dumps(receipt, ensure_ascii=False))
    finally:
        service.close()


def game_label(document: Any) -> str:
    if not isinstance(document, dict):
        return "(not a replay document)"
    return f"{document.get('game_id')} ({document.get('game')} {document.get('rules_version')})"


def run_show(args: argparse.Namespace) -> None:
    document = pick_document(load_documents(args.file), args.game, args.file)
    events = document["events"]
    step = args.step or len(events)
    for event in events[:step]:
        print(f"{event['seq']:>5}  {event['log']}")
    if not document.get("complete"):
        print("(an incomplete replay: views can only be rebuilt from a complete one)")
        return
    rules = get_rules(document["game"], document["rules_version"])
    view = rules.view(state_at(events, step), args.seat)
    who = "the board" if args.seat is None else f"seat {args.seat}"
    print(f"\nview of {who} after event {step}:")
    print(json.dumps(view, indent=1, ensure_ascii=False))


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


if __name__ == "__main__":
    main()
