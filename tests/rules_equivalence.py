"""Does a change to a game's code alter any outcome? Plays the same seeded games on this tree
and on another revision and compares, step by step, everything a player or a verifier sees.

    python -m tests.rules_equivalence GAME [--base REV] [--games N]

A change that alters no outcome may keep its rules version (docs/rules-versions.md, "Changing a
game's rules"); the golden games are a few dozen fixed games, so a speed-up of a rules package
is checked here over hundreds more before its digest is re-recorded. Each game is bot against
bot (the golden recorder's line-ups, then random bots on every option of that list), every draw
derived from a per-game seed as the service derives it. Per step it compares: the step (prompts
with their legal moves, the draw asked for, or the result), the state's hash, each seat's and a
spectator's view, and the event as each viewer sees it with its log line.

The other revision is checked out with ``git worktree`` in a temporary folder and run with
this interpreter, so both sides use the same libraries.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import runpy
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
COMPONENTS = ("step", "state", "views", "events", "logs")


def short(value: Any) -> str:
    from domain.kernel import hash_value

    return hash_value(value)[:16]


def line_ups(game: str) -> list[tuple[dict[str, Any], list[str]]]:
    """The golden recorder's bot games, then the same options with random bots on every seat
    (a random bot wanders where a strong one never goes)."""
    from domain.games import get_rules
    from tests.golden.record import BOT_GAMES

    rules = get_rules(game)
    listed = BOT_GAMES.get(game, [({}, ["random"] * rules.info.min_seats)])
    return listed + [(options, ["random"] * len(bots)) for options, bots in listed]


def fingerprint(game: str, options: dict[str, Any], bots: list[str], seed: bytes,
                game_id: str) -> list[list[str]]:
    """One short hash per component per step of one whole game."""
    from domain.games import get_rules
    from domain.kernel import Chance, Over

    rules = get_rules(game)
    viewers: list[int | None] = [*range(len(bots)), None]
    steps: list[list[str]] = []
    for state, step, event, after in walk()(rules, options, bots, seed, game_id):
        shown = step.to_json() if isinstance(step, Over) else (
            {"chance": step.spec} if isinstance(step, Chance)
            else [prompt.to_json() for prompt in step.prompts])
        views = [rules.view(state, viewer) for viewer in viewers]
        record = [short(shown), short(state), short(views)]
        if event is None:
            steps.append(record + ["", ""])
            break
        record.append(short([rules.redact(state, event, viewer) for viewer in viewers]))
        record.append(short([rules.describe(state, after, event, viewer) for viewer in viewers]))
        steps.append(record)
    return steps


def walk() -> Any:
    """This tree's ``self_play``, run on whichever tree ``domain`` resolves to: a revision
    compared with may predate the walk, and both sides must walk their games alike."""
    return runpy.run_path(str(ROOT / "domain" / "kernel" / "selfplay.py"))["self_play"]


def fingerprints(game: str, games: int) -> dict[str, list[list[str]]]:
    ups = line_ups(game)
    result = {}
    for index in range(games):
        options, bots = ups[index % len(ups)]
        name = f"{game}:{index}"
        seed = hashlib.sha256(f"rules-equivalence:{name}".encode()).digest()
        result[f"{name} {json.dumps(options, sort_keys=True)} {'/'.join(bots)}"] = fingerprint(
            game, options, bots, seed, name)
    return result


def at_revision(revision: str, game: str, games: int) -> dict[str, list[list[str]]]:
    with tempfile.TemporaryDirectory() as folder:
        tree = Path(folder) / "tree"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "-q", "--detach", str(tree),
                        revision], check=True)
        try:
            # The other tree may predate this file: run this file's functions on its code.
            script = (f"import json, sys; sys.path.insert(0, {str(tree)!r}); "
                      f"import runpy; tool = runpy.run_path({__file__!r}); "
                      f"print(json.dumps(tool['fingerprints']({game!r}, {games})))")
            out = subprocess.run([sys.executable, "-c", script], cwd=tree, check=True,
                                 capture_output=True, text=True).stdout
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force",
                            str(tree)], check=True)
    result: dict[str, list[list[str]]] = json.loads(out)
    return result


def first_difference(ours: list[list[str]], theirs: list[list[str]]) -> str | None:
    for index, (mine, other) in enumerate(zip(ours, theirs, strict=False)):
        changed = [name for name, a, b in zip(COMPONENTS, mine, other, strict=True) if a != b]
        if changed:
            return f"step {index}: {', '.join(changed)} differ"
    if len(ours) != len(theirs):
        return f"lengths differ: {len(ours)} steps here, {len(theirs)} there"
    return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--base", default="main", help="the revision to compare with (main)")
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args()
    ours = fingerprints(args.game, args.games)
    theirs = at_revision(args.base, args.game, args.games)
    differences = {name: first_difference(ours[name], theirs[name]) for name in ours}
    failed = {name: why for name, why in differences.items() if why}
    steps = sum(len(steps) for steps in ours.values())
    for name, why in failed.items():
        print(f"DIFFERENT {name}: {why}")
    if failed:
        sys.exit(f"{len(failed)} of {args.games} {args.game} games differ from {args.base}")
    print(f"{args.games} {args.game} games ({steps:,} steps) play the same as {args.base}: "
          f"steps, states, views, events and log lines")


if __name__ == "__main__":
    main()
