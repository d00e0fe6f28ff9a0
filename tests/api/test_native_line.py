"""The group commit's native thread (api.limits.NativeLine) in a gevent worker: while a commit
blocks on the disk, the worker's event loop keeps serving other requests; the commit's error
reaches the request that led it; after ``close`` work runs in place. Run in a fresh process,
patched as gunicorn's gevent worker patches itself."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = r"""
from gevent import monkey
monkey.patch_all()
import gevent, time
from gevent import monkey as m
from api.limits import NativeLine

blocking_sleep = m.get_original("time", "sleep")  # a disk's fsync: it does not yield
line = NativeLine()
ticks = []

def other_requests():
    for _ in range(20):
        ticks.append(time.monotonic())
        gevent.sleep(0.005)

served = gevent.spawn(other_requests)
gevent.sleep(0)
line.run(lambda: blocking_sleep(0.5))
during = len(ticks)
served.join()

def failing():
    raise ValueError("the disk is full")
try:
    line.run(failing)
    raised = "nothing"
except ValueError as error:
    raised = str(error)

line.close()
ran_here = []
line.run(lambda: ran_here.append(True))
print(during, raised, ran_here == [True], sep="\n")
"""


def test_a_blocking_commit_leaves_the_event_loop_serving_and_its_error_reaches_its_caller():
    answer = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, capture_output=True,
                            text=True, timeout=120, check=True)
    during, raised, after_close = answer.stdout.splitlines()
    # 0.5 s of blocking work against a tick every 5 ms: on the loop itself it would let one
    # tick through; on its own thread most of the ticks happen meanwhile.
    assert int(during) >= 5, answer.stdout
    assert raised == "the disk is full"
    assert after_close == "True"
