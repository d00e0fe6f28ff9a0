"""A gunicorn worker profiled under load (docs/performance.md, "A request's server cost").

    python -m bench.worker_profile [SECONDS] [--idle]

Serves as ``make bench``'s HTTP section does (2 gevent workers, SQLite, embedded Redis, rate
limits off), drives it with the asyncio load generator (100 Revolution games, closed loop)
and records one worker with py-spy (a dev dependency; it needs ptrace rights over the
worker), sampling only while the worker holds the GIL (its Python work; ``--idle``: every
sample, system calls and waits too). Prints the functions with the largest inclusive share of
the samples, then the largest self shares.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

import psutil

from api.serve import spawned

SHOWN = 30
ROOT = str(Path(__file__).resolve().parent.parent)
SITE_FOLDER = re.compile(rf"^{re.escape(ROOT)}/|.*/(site-packages|python3\.\d+)/")


def main() -> None:
    seconds = int(next((a for a in sys.argv[1:] if a.isdigit()), "15"))
    sampling = [] if "--idle" in sys.argv else ["--gil"]
    environ = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
    environ.update({"GAMEHALL_STORE": "sqlite", "GAMEHALL_WORKERS": "2",
                    "GAMEHALL_RATE_LIMITS": "off"})
    with tempfile.TemporaryDirectory() as var, spawned(var, environ=environ) as url:
        load = subprocess.Popen([sys.executable, "-m", "bench.http_load", url, "closed", "100",
                                 str(seconds + 6)], stdout=subprocess.DEVNULL)
        time.sleep(3)  # the games made and moving
        worker = next(p for p in psutil.Process().children(recursive=True)
                      if "redis" not in p.name() and not p.children() and p.pid != load.pid)
        raw = Path(var) / "profile.txt"
        subprocess.run([str(Path(sys.executable).with_name("py-spy")), "record", "-p",
                        str(worker.pid), "-d", str(seconds), "-r", "200", "-f", "raw", "-o",
                        str(raw), "--nonblocking", *sampling], check=True,
                       capture_output=True)
        load.wait()
        print(shares(raw.read_text(errors="replace")))


def shares(collapsed: str) -> str:
    """The top inclusive and self shares of py-spy's collapsed stacks."""
    inclusive: Counter[str] = Counter()
    own: Counter[str] = Counter()
    total = 0
    for line in collapsed.splitlines():
        stack, _, count = line.rpartition(" ")
        samples = int(count)
        total += samples
        frames = [frame_name(frame) for frame in stack.split(";")]
        own[frames[-1]] += samples
        for frame in set(frames):
            inclusive[frame] += samples
    lines = [f"{total} samples; inclusive:"]
    lines += [f"  {100 * n / total:5.1f}%  {f}" for f, n in inclusive.most_common(SHOWN)]
    lines += ["self:"] + [f"  {100 * n / total:5.1f}%  {f}" for f, n in own.most_common(SHOWN)]
    return "\n".join(lines)


def frame_name(frame: str) -> str:
    """``function (package/module.py)``: py-spy's frame without its line and site folder."""
    found = re.match(r"(.*) \((.*?):\d+\)$", frame)
    if found is None:
        return frame
    function, path = found.groups()
    return f"{function} ({SITE_FOLDER.sub('', path)})"


if __name__ == "__main__":
    main()
