"""No test run leaves a process behind: a collection alone, and a run interrupted by Ctrl-C
or by SIGTERM (a CI runner's timeout), stop every embedded Redis they started. Each run
below gets a temporary folder of its own (TMPDIR), so the processes it started are the ones
whose command line names that folder."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest

ROOT = Path(__file__).resolve().parent.parent


def processes_naming(folder: Path) -> list[str]:
    found = []
    for process in psutil.process_iter(["cmdline"]):
        command = " ".join(process.info["cmdline"] or [])
        if str(folder) in command:
            found.append(f"{process.pid}: {command}")
    return found


def pytest_in(folder: Path, *arguments: str) -> subprocess.Popen[bytes]:
    env = {**os.environ, "TMPDIR": str(folder)}
    env.pop("REDIS_URL", None)  # the embedded Redis is the one that can be left behind
    return subprocess.Popen([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                             *arguments], cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)


def wait_until_gone(folder: Path, seconds: float = 20) -> list[str]:
    deadline = time.monotonic() + seconds
    while (left := processes_naming(folder)) and time.monotonic() < deadline:
        time.sleep(0.2)
    return left


def test_collecting_the_tests_starts_no_server_that_outlives_it(tmp_path: Path) -> None:
    run = pytest_in(tmp_path, "--collect-only", "tests/api")
    assert run.wait(timeout=300) == 0
    assert wait_until_gone(tmp_path) == []


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "sigterm"])
def test_an_interrupted_run_leaves_no_embedded_redis(tmp_path: Path, stop: int) -> None:
    run = pytest_in(tmp_path, "tests/api/test_play.py")
    deadline = time.monotonic() + 240
    while not any("redis-server" in p for p in processes_naming(tmp_path)):
        if run.poll() is not None or time.monotonic() > deadline:
            pytest.fail("the run never started its embedded Redis")
        time.sleep(0.1)
    run.send_signal(stop)
    run.wait(timeout=120)
    assert wait_until_gone(tmp_path) == []
