"""The gamehall command: bot matches, replay export, verify and show."""

from __future__ import annotations

import json
import math
import sys
import time
from pathlib import Path

import pytest

import cli
from replays import batch


@pytest.fixture
def var(tmp_path, monkeypatch):
    monkeypatch.setenv("GAMEHALL_VAR", str(tmp_path / "var"))
    return tmp_path


def test_play_prints_wins_losses_and_ties_per_bot(var, capsys):
    cli.main(["play", "toy", "--bots", "random,first", "--games", "20", "--seed", "7"])
    out = capsys.readouterr().out
    rows = {line.split()[0]: line.split() for line in out.splitlines()[2:]}
    assert set(rows) == {"random", "first"}
    assert int(rows["random"][1]) + int(rows["first"][1]) + int(rows["first"][3]) == 20


def test_play_prints_tables_of_results_never_a_python_dict(var, capsys):
    cli.main(["play", "toy", "--bots", "random,first", "--games", "4"])
    printed = capsys.readouterr()
    lines = printed.out.splitlines()
    assert "{" not in printed.out + printed.err and "'winners'" not in printed.out + printed.err
    bots = lines[1:4]  # the header and a row a bot, each column as wide as its widest cell
    assert bots[0].split() == ["bot", "wins", "losses", "ties", "win", "%", "avg", "turns",
                               "abandoned"]
    assert len({len(line) for line in bots}) == 1
    first = lines.index(next(line for line in lines if line.startswith("game ")))
    assert lines[first].split()[:2] == ["game", "result"]
    games = [line.split() for line in lines[first + 1:]]
    assert len(games) == 3 and all(len(row[0]) == 36 for row in games)  # the first 3, by id
    assert all(" ".join(row[1:]).startswith(("random (seat", "first (seat", "nobody"))
               for row in games)


def test_the_progress_bar_is_drawn_on_a_terminal_only(var, capsys, monkeypatch):
    import io

    cli.main(["play", "toy", "--bots", "random,first", "--games", "5", "--seed", "1"])
    assert "playing" not in capsys.readouterr().err  # captured, as when piped: no bar

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    terminal = Terminal()
    monkeypatch.setattr("sys.stderr", terminal)
    cli.main(["play", "toy", "--bots", "random,first", "--games", "5", "--seed", "1"])
    assert "playing" in terminal.getvalue() and "100%" in terminal.getvalue()


def test_a_second_server_on_the_same_var_folder_says_so_in_one_line(var):
    import os
    import subprocess
    import sys
    from pathlib import Path

    from api.serve import free_port, spawned

    folder = var / "var"
    with spawned(str(folder)):
        owner = (folder / "redis" / "owner.pid").read_text().strip()
        second = subprocess.run(
            [sys.executable, "-m", "cli", "serve", "--port", str(free_port())],
            env={**os.environ, "GAMEHALL_VAR": str(folder)}, cwd=Path(cli.__file__).parent,
            capture_output=True, text=True, timeout=60)
    assert second.returncode != 0 and "Traceback" not in second.stderr
    assert second.stderr.splitlines() == [
        f"gamehall: another gamehall server (pid {owner}) is already running on "
        f"{folder.resolve()}: stop it first, or give this one another folder (GAMEHALL_VAR)"]


def test_a_seeded_run_is_reproducible(var, capsys):
    cli.main(["play", "toy", "--bots", "random,random", "--games", "10", "--seed", "3"])
    first = capsys.readouterr().out
    cli.main(["play", "toy", "--bots", "random,random", "--games", "10", "--seed", "3"])
    assert capsys.readouterr().out == first


def exported_ids(var, name: str, *args: str) -> list[str]:
    path = var / f"{name}.ndjson"
    cli.main(["play", *args, "--games", "3", "--export", str(path)])
    return [json.loads(line)["game_id"] for line in path.read_text().splitlines()]


def test_seeded_runs_of_other_games_options_or_seeds_never_share_a_game_id(var, capsys):
    runs = [("toy", "--bots", "random,first", "--seed", "3"),
            ("toy", "--bots", "random,first", "--seed", "4"),
            ("toy", "--bots", "random,random", "--seed", "3"),
            ("toy", "--bots", "random,first", "--seed", "3", "--options", '{"goal": 30}'),
            ("revolution", "--bots", "random,random", "--seed", "3")]
    ids = [exported_ids(var, f"run{n}", *run) for n, run in enumerate(runs)]
    again = exported_ids(var, "again", *runs[0])
    assert again == ids[0]
    everyone = [game_id for run in ids for game_id in run]
    assert len(set(everyone)) == len(everyone) == 15


def first_game_id(out: str) -> str:
    """The id of the first game in the table ``play`` prints of the first games it stored."""
    lines = out.splitlines()
    return lines[lines.index(next(line for line in lines if line.startswith("game "))) + 1] \
        .split()[0]


def test_a_stored_game_exports_verifies_and_shows(var, capsys):
    cli.main(["play", "toy", "--bots", "random,first", "--games", "1"])
    game_id = first_game_id(capsys.readouterr().out)
    path = str(var / "replay.json")
    cli.main(["replay", "export", game_id, "-o", path])
    cli.main(["replay", "verify", path])
    assert "valid:" in capsys.readouterr().out
    cli.main(["replay", "show", path, "--step", "4", "--as", "1"])
    shown = capsys.readouterr().out
    assert "    4  " in shown and "    5  " not in shown and "view of seat 1" in shown


def test_verify_names_the_tampered_event_and_exits_non_zero(var, capsys):
    cli.main(["play", "toy", "--bots", "random,first", "--games", "1", "--seed", "1",
              "--export", str(var / "all.ndjson")])
    document = json.loads((var / "all.ndjson").read_text().splitlines()[0])
    document["events"][2]["payload"]["by"] = "someone else"
    (var / "bad.json").write_text(json.dumps(document))
    with pytest.raises(SystemExit) as exit_:
        cli.main(["replay", "verify", str(var / "bad.json")])
    assert exit_.value.code == 1
    assert "INVALID at event 3" in capsys.readouterr().out


def test_play_counts_stalled_games_as_abandoned(var, capsys, monkeypatch):
    import domain.driver as driver

    monkeypatch.setattr(driver, "MAX_AUTOMATIC_STEPS", 12)
    cli.main(["play", "toy", "--bots", "first,first", "--games", "3", "--seed", "1",
              "--options", '{"goal": 400}'])
    row = capsys.readouterr().out.splitlines()[2].split()
    assert row[0] == "first" and row[-1] == "6" and row[1:4] == ["0", "0", "0"]


def test_verify_reads_ndjson_and_prints_a_line_a_game_and_the_total(var, capsys):
    path = var / "all.ndjson"
    cli.main(["play", "toy", "--bots", "random,first", "--games", "3", "--seed", "2",
              "--export", str(path)])
    capsys.readouterr()
    cli.main(["replay", "verify", str(path)])
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 4 and all(line.startswith("valid: ") for line in lines[:3])
    assert lines[-1] == "3 valid, 0 invalid"


def test_verify_counts_an_invalid_game_among_valid_ones_and_exits_non_zero(var, capsys):
    path = var / "all.ndjson"
    cli.main(["play", "toy", "--bots", "random,first", "--games", "2", "--seed", "2",
              "--export", str(path)])
    first, second = path.read_text().splitlines()
    forged = json.loads(second)
    forged["result"] = {"scores": [0, 0], "winners": [], "reason": "forged"}
    path.write_text(first + "\n" + json.dumps(forged) + "\n")
    capsys.readouterr()
    with pytest.raises(SystemExit) as exit_:
        cli.main(["replay", "verify", str(path)])
    assert exit_.value.code == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("valid: ") and lines[1].startswith("INVALID at the document")
    assert lines[-1] == "1 valid, 1 invalid"


@pytest.mark.parametrize("content", [b"", b"{not json", b"\xff\xfe\x00", b'{"a": 1}\n{oops\n'])
def test_unreadable_input_is_a_clear_message_never_a_traceback(var, content):
    path = var / "bad.json"
    path.write_bytes(content)
    with pytest.raises(SystemExit) as exit_:
        cli.main(["replay", "verify", str(path)])
    assert str(exit_.value.code).startswith("gamehall: ")


@pytest.mark.parametrize("indent", [None, 2])
@pytest.mark.parametrize("constant", [math.nan, math.inf, -math.inf])
def test_verify_refuses_a_history_with_nan_or_infinity(var, constant, indent):
    """Python's reader takes NaN and Infinity, JSON has neither, and the canonical form has no
    bytes for them (orjson would hash NaN as null, so swapping a null left every hash intact):
    such a file is refused, not verified."""
    path = var / "one.ndjson"
    cli.main(["play", "toy", "--bots", "random,first", "--games", "1", "--seed", "3",
              "--export", str(path)])
    document = json.loads(path.read_text())
    event = next(e for e in document["events"] if e["seat"] is None)
    event["seat"] = constant
    # Written as NaN, Infinity or -Infinity: one line (a document, or NDJSON of one), or a
    # document over many lines, which is not NDJSON either.
    path.write_text(json.dumps(document, indent=indent) + "\n")
    with pytest.raises(SystemExit) as exit_:
        cli.main(["replay", "verify", str(path)])
    written = json.dumps(constant)
    assert str(exit_.value.code) == f"gamehall: {path}: {written} is not JSON"


@pytest.mark.parametrize(("spoil", "refusal"), [
    (lambda text: text.replace('"seat": null', '"seat": 1e400', 1),
     "1e400 is too large to be a finite number"),
    (lambda text: text.replace('"seq": 1,', '"seq": 1, "seq": 1,', 1),
     "the key 'seq' appears twice in one object"),
])
def test_verify_refuses_a_number_too_large_or_a_key_twice(var, spoil, refusal):
    """``1e400`` reads as infinity (which the canonical form writes as null, so the hashes still
    held) and a key twice reads as its last value in Python, another in other readers: both
    are refused as the file is read, as the API refuses them."""
    path = var / "one.ndjson"
    cli.main(["play", "toy", "--bots", "random,first", "--games", "1", "--seed", "3",
              "--export", str(path)])
    text = json.dumps(json.loads(path.read_text()), separators=(", ", ": "))
    spoiled = spoil(text)
    assert spoiled != text
    path.write_text(spoiled + "\n")
    with pytest.raises(SystemExit) as exit_:
        cli.main(["replay", "verify", str(path)])
    assert refusal in str(exit_.value.code)


def test_verify_of_a_missing_file_says_so(var):
    with pytest.raises(SystemExit) as exit_:
        cli.main(["replay", "verify", str(var / "nowhere.json")])
    assert "cannot read" in str(exit_.value.code)


def test_show_survives_a_closed_pipe(var):
    import os
    import subprocess
    import sys
    from pathlib import Path

    path = var / "one.ndjson"
    cli.main(["play", "toy", "--bots", "random,first", "--games", "1", "--seed", "4",
              "--export", str(path)])
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader is gone before anything is written
    code = f"import cli; cli.main(['replay', 'show', {str(path)!r}])"
    done = subprocess.run([sys.executable, "-c", code], stdout=write_end,
                          stderr=subprocess.PIPE, cwd=Path(cli.__file__).parent, timeout=60)
    os.close(write_end)
    assert done.returncode == 0 and b"Traceback" not in done.stderr


def test_export_refuses_to_create_a_new_store_where_there_is_none(tmp_path, monkeypatch):
    monkeypatch.setenv("GAMEHALL_VAR", str(tmp_path / "elsewhere"))
    with pytest.raises(SystemExit) as exit_:
        cli.main(["replay", "export", "6f1c2d1e-0000-4000-8000-000000000000", "-o",
                  str(tmp_path / "x.json")])
    assert "there is no game store at" in str(exit_.value.code)
    assert not (tmp_path / "elsewhere").exists()


def test_export_says_which_store_it_read(var, capsys):
    cli.main(["play", "toy", "--bots", "random,first", "--games", "1"])
    game_id = first_game_id(capsys.readouterr().out)
    cli.main(["replay", "export", game_id, "-o", str(var / "g.json")])
    assert f"reading the SQLite store {(var / 'var' / 'gamehall.sqlite').resolve()}" in \
        capsys.readouterr().err


def test_the_var_folder_and_the_store_are_private_to_their_owner(var, capsys):
    import stat

    cli.main(["play", "toy", "--bots", "random,first", "--games", "1"])
    folder = var / "var"
    for path in (folder, folder / "gamehall.sqlite", folder / "secret.key"):
        assert stat.S_IMODE(path.stat().st_mode) & 0o077 == 0, path


def humans_game_in_var(var):
    """A finished toy game of two humans stored in var/, and the receipts seat 0 was given."""
    import bootstrap
    from tests.test_receipts import play_toy

    service = bootstrap.build_service()
    try:
        game_id, receipts = play_toy(service)
    finally:
        service.close()
    (var / "receipts.ndjson").write_text("".join(json.dumps(r) + "\n" for r in receipts))
    return str(game_id), receipts


def test_verify_with_receipts_checks_them_against_this_servers_keys(var, capsys):
    game_id, receipts = humans_game_in_var(var)
    cli.main(["replay", "export", game_id, "-o", str(var / "game.json")])
    cli.main(["replay", "verify", str(var / "game.json"), "--receipts",
              str(var / "receipts.ndjson")])
    assert f"{len(receipts)} receipts honoured" in capsys.readouterr().out
    cli.main(["keys"])
    (var / "keys.json").write_text(capsys.readouterr().out)
    forged = [*receipts[:-1], {**receipts[-1], "seat": 1}]
    (var / "forged.ndjson").write_text("".join(json.dumps(r) + "\n" for r in forged))
    with pytest.raises(SystemExit) as exit_:
        cli.main(["replay", "verify", str(var / "game.json"), "--receipts",
                  str(var / "forged.ndjson"), "--keys", str(var / "keys.json")])
    assert exit_.value.code == 1
    assert f"Move receipt {len(receipts)} (signed by the server when it accepted a move) is " \
        "not honoured by this replay: its signature does not verify" in capsys.readouterr().out


def test_keys_prints_the_receipt_key_kept_beside_the_secret(var, capsys):
    humans_game_in_var(var)
    cli.main(["keys"])
    [key] = json.loads(capsys.readouterr().out)["keys"]
    assert key["algorithm"] == "Ed25519" and key["status"] == "current"
    assert (var / "var" / "receipt.key").stat().st_mode & 0o077 == 0


def test_receipts_reissues_a_seats_receipts_byte_for_byte(var, capsys):
    game_id, receipts = humans_game_in_var(var)
    cli.main(["receipts", game_id, "--seat", "0"])
    lines = capsys.readouterr().out.splitlines()
    assert [json.loads(line) for line in lines] == receipts


def test_keys_refuses_where_the_service_keeps_no_key(var, capsys):
    with pytest.raises(SystemExit) as exit_:
        cli.main(["keys"])
    assert "no receipt key" in str(exit_.value.code)
    assert not (var / "var" / "receipt.key").exists()


def fork_in_var() -> tuple[str, str]:
    """A finished toy game of bots stored in var/ and a fork of it, played out: their ids."""
    import bootstrap

    service = bootstrap.build_service()
    try:
        source, _ = service.create_game("toy", {}, [{"bot": "random"}, {"bot": "first"}])
        middle = [r["seq"] for r in service.records(source.id) if r["type"] == "move_made"][2]
        fork, _ = service.fork_game(source.id, middle, [{"bot": "first"}, {"bot": "random"}])
    finally:
        service.close()
    return str(source.id), str(fork.id)


def test_a_fork_verifies_with_its_source_in_the_file_or_given_apart(var, capsys):
    source, fork = fork_in_var()
    cli.main(["replay", "export", source, "-o", str(var / "source.json")])
    cli.main(["replay", "export", fork, "-o", str(var / "fork.json")])
    capsys.readouterr()
    with pytest.raises(SystemExit):
        cli.main(["replay", "verify", str(var / "fork.json")])
    assert "INVALID at event 1" in capsys.readouterr().out
    cli.main(["replay", "verify", str(var / "fork.json"), "--source", str(var / "source.json")])
    assert capsys.readouterr().out.endswith("1 valid, 0 invalid\n")


def test_hosts_sharing_a_postgres_store_sign_receipts_with_one_key_derived_from_the_secret(
        tmp_path):
    from bootstrap import receipt_key

    shared = {"GAMEHALL_STORE": "postgres", "GAMEHALL_SECRET": "ab" * 32}
    one = receipt_key({**shared, "GAMEHALL_VAR": str(tmp_path / "host-1")})
    two = receipt_key({**shared, "GAMEHALL_VAR": str(tmp_path / "host-2")})
    other = receipt_key({**shared, "GAMEHALL_SECRET": "cd" * 32,
                         "GAMEHALL_VAR": str(tmp_path / "host-3")})
    assert one.public_key == two.public_key != other.public_key
    assert not (tmp_path / "host-1").exists()  # nothing kept in a host's own folder
    given = receipt_key({**shared, "GAMEHALL_RECEIPT_KEY": "01" * 32})
    assert given.public_key != one.public_key


def test_a_melee_bot_match_fills_the_seats_in_turn_and_prints_wins_by_seat_and_rounds(
        var, capsys):
    cli.main(["play", "thrones", "--bots", "planner,random", "--seats", "3", "--games", "3",
              "--seed", "5", "--options", json.dumps({"profile": "lcg"})])
    lines = capsys.readouterr().out.splitlines()
    rows = {line.split()[0]: line.split() for line in lines[2:4]}
    assert set(rows) == {"planner", "random"}
    # Three games of three seats: nine seat results, one winner a game.
    assert sum(int(rows[b][1]) + int(rows[b][2]) + int(rows[b][3]) for b in rows) == 9
    header = lines.index(next(line for line in lines if line.split()[:2] == ["seat", "wins"]))
    by_seat = [line.split() for line in lines[header + 1:header + 4]]
    assert [row[:2] for row in by_seat] == [["seat", "0"], ["seat", "1"], ["seat", "2"]]
    assert sum(int(row[2]) for row in by_seat) == 3
    assert any(line.startswith("rounds: average ") for line in lines)


def test_a_bot_match_with_more_seats_than_the_game_takes_is_a_clear_message(var):
    with pytest.raises(SystemExit, match="exactly 2 players"):
        cli.main(["play", "thrones", "--bots", "random", "--seats", "3", "--games", "1",
                  "--seed", "1"])


def verify_output(capsys, *argv: str) -> tuple[int, str]:
    """What ``gamehall replay verify ARGV`` prints, and its exit status."""
    capsys.readouterr()
    try:
        cli.main(["replay", "verify", *argv])
        status = 0
    except SystemExit as exit_:
        status = int(exit_.code or 0)
    return status, capsys.readouterr().out


def exported(var, *argv: str) -> tuple[Path, list[str]]:
    """``gamehall play ARGV`` exported to a file: its path, and its lines (one game each)."""
    path = var / "all.ndjson"
    cli.main(["play", *argv, "--export", str(path)])
    return path, path.read_text().splitlines()


def test_verifying_on_several_processes_prints_what_one_process_prints(var, capsys):
    path, lines = exported(var, "toy", "--bots", "random,first", "--games", "12", "--seed", "5")
    forged_result = json.loads(lines[3])
    forged_result["result"] = {"scores": [0, 0], "winners": [], "reason": "forged"}
    forged_move = json.loads(lines[7])
    forged_move["events"][4]["payload"]["seat"] = 5
    # Values a worker must be handed exactly as read: orjson will not write the huge integer
    # (that range goes pickled); it writes the float and the text, which read back the same.
    forged_values = json.loads(lines[9])
    forged_values["events"][3]["payload"]["move"] = {"x": 2 ** 70, "y": 0.1, "z": "\u00e9"}
    forged_float = json.loads(lines[10])
    forged_float["events"][3]["payload"]["seat"] = 1.0
    mixed = [*lines[:3], json.dumps(forged_result), *lines[4:7], json.dumps(forged_move),
             "42", lines[8], json.dumps(forged_values), json.dumps(forged_float), *lines[11:]]
    path.write_text("\n".join(mixed) + "\n")

    serial = verify_output(capsys, str(path), "--jobs", "1")
    parallel = verify_output(capsys, str(path), "--jobs", "3")

    assert parallel == serial
    assert serial[0] == 1 and serial[1].splitlines()[-1] == "8 valid, 5 invalid"
    assert [line.split(":")[0] for line in serial[1].splitlines()[3:9]] == [
        "INVALID at the document", "valid", "valid", "valid", "INVALID at event 5",
        "INVALID at the document"]


def test_a_small_batch_is_verified_in_this_process_by_default_and_a_large_one_on_every_core(
        var, capsys, monkeypatch):
    """Starting worker processes takes longer than verifying a few games: by default a small
    export is verified here; a large one here and on one worker a further core."""
    path, _ = exported(var, "toy", "--bots", "random,first", "--games", "4")
    pools: list[int] = []

    class CountedPool(batch.ProcessPoolExecutor):  # type: ignore[misc]
        def __init__(self, workers: int, **kwargs: object) -> None:
            pools.append(workers)
            super().__init__(workers, **kwargs)

    monkeypatch.setattr(batch, "ProcessPoolExecutor", CountedPool)
    monkeypatch.setattr(batch, "default_jobs", lambda: 2)
    small = verify_output(capsys, str(path))
    assert pools == [] and small[1].splitlines()[-1] == "4 valid, 0 invalid"
    monkeypatch.setattr(batch, "SMALL_BATCH_EVENTS", 1)
    assert verify_output(capsys, str(path)) == small and pools == [1]


def test_this_process_verifies_from_the_start_and_a_worker_takes_ranges_once_ready(
        var, capsys, monkeypatch):
    """The workers take 0.3-0.6 s to start: this process does not wait for them, and they
    take their share once they can (here this process is slowed so that they must)."""
    path, _ = exported(var, "toy", "--bots", "random,first", "--games", "12", "--seed", "5")
    serial = verify_output(capsys, str(path), "--jobs", "1")
    here: list[str] = []
    verdict = batch.Batch.verdict

    def slowly(self: batch.Batch, document: dict[str, object]) -> object:
        here.append(str(document["game_id"]))
        time.sleep(0.15)
        return verdict(self, document)

    monkeypatch.setattr(batch.Batch, "verdict", slowly)
    assert verify_output(capsys, str(path), "--jobs", "2") == serial
    assert 1 <= len(here) < 12 and len(set(here)) == len(here)


def test_a_process_alone_forks_its_workers_and_one_running_threads_starts_them_clean():
    import subprocess
    import threading

    alone = subprocess.run([sys.executable, "-c", "from replays.batch import start_method; "
                            "print(start_method())"], capture_output=True, text=True,
                           cwd=Path(cli.__file__).parent, timeout=60, check=True)
    assert alone.stdout.strip() == "fork"
    release = threading.Event()
    other = threading.Thread(target=release.wait)
    other.start()
    try:
        assert batch.start_method() == batch.START_METHOD != "fork"
    finally:
        release.set()
        other.join()


def test_the_command_on_forked_workers_prints_what_one_process_prints(var, capsys):
    """``gamehall replay verify`` runs alone in its process: its workers are forks of it."""
    import subprocess

    path, lines = exported(var, "revolution", "--bots", "random,random", "--games", "6",
                           "--seed", "2")
    forged = json.loads(lines[2])
    forged["events"][5]["payload"]["seat"] = 1 - forged["events"][5]["payload"]["seat"]
    path.write_text("\n".join([*lines[:2], json.dumps(forged), *lines[3:]]) + "\n")
    serial = verify_output(capsys, str(path), "--jobs", "1")

    forked = subprocess.run([sys.executable, "-m", "cli", "replay", "verify", str(path),
                             "--jobs", "3"], capture_output=True, text=True,
                            cwd=Path(cli.__file__).parent, timeout=120)

    assert (forked.returncode, forked.stdout) == serial
    assert serial[1].splitlines()[-1] == "5 valid, 1 invalid"


def test_receipts_and_fork_sources_hold_when_verifying_on_several_processes(var, capsys):
    game_id, receipts = humans_game_in_var(var)
    source, fork = fork_in_var()
    documents = []
    for name in (game_id, fork, source):
        cli.main(["replay", "export", name, "-o", str(var / "one.json")])
        documents.append(json.dumps(json.loads((var / "one.json").read_text())))
    (var / "games.ndjson").write_text("\n".join(documents * 3) + "\n")
    forged = [*receipts[:-1], {**receipts[-1], "seat": 1}]
    (var / "forged.ndjson").write_text("".join(json.dumps(r) + "\n" for r in forged))
    argv = [str(var / "games.ndjson"), "--receipts", str(var / "forged.ndjson")]

    serial = verify_output(capsys, *argv, "--jobs", "1")
    parallel = verify_output(capsys, *argv, "--jobs", "2")

    assert parallel == serial
    out = serial[1].splitlines()
    assert sum(f"receipt {len(receipts)} (signed" in line and "its signature does not verify"
               in line for line in out) == 3
    assert out[-1] == "6 valid, 3 invalid"


@pytest.mark.parametrize("jobs", ["0", "-1", "two"])
def test_jobs_must_be_a_whole_number_of_at_least_one(var, capsys, jobs):
    with pytest.raises(SystemExit) as exit_:
        cli.main(["replay", "verify", str(var / "x.json"), "--jobs", jobs])
    assert exit_.value.code == 2 and "at least 1" in capsys.readouterr().err


@pytest.mark.parametrize(("argument", "told"), [
    (["--games", "0"], "argument --games: '0' is not a whole number of at least 1"),
    (["--games", "-3"], "argument --games: '-3' is not a whole number of at least 1"),
    (["--games", "2.0"], "argument --games: '2.0' is not a whole number of at least 1"),
    (["--seats", "0"], "argument --seats: '0' is not a whole number of at least 1"),
    (["--options", "{bad"], "argument --options: '{bad' is not JSON"),
    (["--options", "[1]"], "argument --options: '[1]' is not a JSON object"),
])
def test_play_refuses_a_bad_argument_in_words_before_playing(var, capsys, argument, told):
    with pytest.raises(SystemExit) as refused:
        cli.main(["play", "toy", "--bots", "random,first", "--seed", "1", *argument])
    assert refused.value.code == 2
    assert told in capsys.readouterr().err


def test_a_file_that_cannot_be_read_or_written_is_named_never_a_traceback(var, tmp_path):
    missing = tmp_path / "nowhere" / "games.ndjson"
    for command, told in (
            (["play", "toy", "--bots", "random,first", "--seed", "1", "--export", str(missing)],
             f"gamehall: No such file or directory: {missing}"),
            (["play", "toy", "--bots", "random,first", "--seed", "1", "--decks", str(missing)],
             f"gamehall: No such file or directory: {missing}")):
        with pytest.raises(SystemExit) as refused:
            cli.main(command)
        assert str(refused.value) == told


def test_show_refuses_a_step_or_seat_the_game_does_not_have(var, capsys):
    path = var / "one.ndjson"
    cli.main(["play", "toy", "--bots", "random,first", "--games", "1", "--seed", "4",
              "--export", str(path)])
    events = len(json.loads(path.read_text())["events"])
    for argument, told in ((["--step", str(events + 1)],
                            f"this game has {events} events, so no event {events + 1}"),
                           (["--as", "2"], "this game has no seat 2"),
                           (["--as", "-1"], "this game has no seat -1")):
        with pytest.raises(SystemExit) as refused:
            cli.main(["replay", "show", str(path), *argument])
        assert str(refused.value) == f"gamehall: {path}: {told}"
    for step in ("0", "-5"):  # a negative step counted back from the end before
        with pytest.raises(SystemExit) as refused:
            cli.main(["replay", "show", str(path), "--step", step])
        assert refused.value.code == 2
        assert "is not a whole number of at least 1" in capsys.readouterr().err


def test_receipts_name_a_game_or_seat_that_is_not_there(var, capsys):
    cli.main(["play", "toy", "--bots", "random,first", "--games", "1"])
    game_id = first_game_id(capsys.readouterr().out)
    for argv, told in ((["receipts", game_id, "--seat", "5"],
                        "gamehall: this game has seats 0 to 1, not 5"),
                       (["receipts", "00000000-0000-0000-0000-000000000000", "--seat", "0"],
                        "gamehall: There is no game 00000000-0000-0000-0000-000000000000.")):
        with pytest.raises(SystemExit) as refused:
            cli.main(argv)
        assert str(refused.value) == told
    with pytest.raises(SystemExit) as refused:
        cli.main(["receipts", "not-a-game", "--seat", "0"])
    assert refused.value.code == 2
    assert "'not-a-game' is not a game id" in capsys.readouterr().err
