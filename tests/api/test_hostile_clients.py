"""Hostile clients against the real server (gunicorn, a gevent worker, embedded Redis) on
loopback: one address opening streams by the dozen, a worker killed under them, an upload of
millions of tiny JSON values, headers over gunicorn's limits. Each client speaks from its own
loopback address (127.0.0.N), as the server's caps count by address."""

from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import threading
import time
from collections.abc import Iterator
from urllib.parse import urlsplit

import psutil
import pytest

from api.serve import spawned

CONNECTIONS = 24  # gunicorn's connections for the one worker
CAP = 8  # streams an address may hold: three times that is every connection the worker has
LEASE_SECONDS = 3


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, int]]:
    environ = {**{k: v for k, v in os.environ.items() if k != "REDIS_URL"},
               "GAMEHALL_STORE": "sqlite", "GAMEHALL_WORKERS": "1",
               "GAMEHALL_WORKER_CONNECTIONS": str(CONNECTIONS),
               "GAMEHALL_STREAMS_PER_ADDRESS": str(CAP),
               "GAMEHALL_STREAM_LEASE_SECONDS": str(LEASE_SECONDS)}
    with spawned(str(tmp_path_factory.mktemp("hostile")), environ=environ) as url:
        parts = urlsplit(url)
        yield parts.hostname or "127.0.0.1", parts.port or 80


def connection(server: tuple[str, int], source: str, timeout: float = 5.0):
    host, port = server
    return http.client.HTTPConnection(host, port, timeout=timeout, source_address=(source, 0))


def call(server, source: str, method: str, path: str, body: bytes | None = None,
         timeout: float = 5.0) -> tuple[int, bytes]:
    conn = connection(server, source, timeout)
    try:
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, path, body=body, headers=headers)
        answer = conn.getresponse()
        return answer.status, answer.read()
    finally:
        conn.close()


def new_game(server) -> str:
    status, body = call(server, "127.0.0.99", "POST", "/games", json.dumps(
        {"game": "revolution", "players": [{"name": "ann"}, {"name": "bob"}]}).encode())
    assert status == 201
    return str(json.loads(body)["game_id"])


def open_streams(server, source: str, game_id: str, count: int) -> tuple[list, list[int]]:
    """``count`` streams asked for from ``source``: the connections left open (the streams
    granted) and every answer's status."""
    held, statuses = [], []
    for _ in range(count):
        conn = connection(server, source)
        conn.request("GET", f"/games/{game_id}/stream")
        answer = conn.getresponse()
        statuses.append(answer.status)
        if answer.status == 200:
            held.append(conn)
        else:
            assert answer.getheader("Retry-After")
            answer.read()
            conn.close()
    return held, statuses


def latencies(server, source: str, path: str, count: int) -> list[float]:
    found = []
    for _ in range(count):
        start = time.perf_counter()
        status, _ = call(server, source, "GET", path, timeout=10)
        found.append(time.perf_counter() - start)
        assert status == 200
    return sorted(found)


def test_one_address_opening_three_times_its_cap_leaves_room_for_every_other_client(server):
    game_id = new_game(server)
    held, statuses = open_streams(server, "127.0.0.2", game_id, 3 * CAP)
    try:
        assert statuses == [200] * CAP + [429] * (2 * CAP)
        times = latencies(server, "127.0.0.3", "/keys", 200)
    finally:
        for conn in held:
            conn.close()
    assert times[int(len(times) * 0.99) - 1] < 0.1, times[-5:]


def test_a_hostile_upload_does_not_hold_up_another_client(server):
    hostile = b"[" + b"[]," * (8 * 1024 * 1024 // 3 - 2) + b"[]]"
    answers: list[int] = []

    def upload(source: str) -> None:
        answers.append(call(server, source, "POST", "/replays/verify", hostile, timeout=60)[0])

    uploads = [threading.Thread(target=upload, args=(f"127.0.0.{n}",)) for n in (4, 5)]
    for thread in uploads:
        thread.start()
    times = []
    while any(thread.is_alive() for thread in uploads):
        times += latencies(server, "127.0.0.6", "/keys", 1)
    for thread in uploads:
        thread.join()
    assert answers == [413, 413]
    assert max(times, default=0) < 2.0  # each upload held a worker for 13 s


@pytest.mark.parametrize(("request_head", "status", "code"), [
    (f"GET /keys HTTP/1.1\r\nHost: x\r\nX-Big: {'a' * 10_000}\r\n\r\n", 431,
     "header-too-large"),
    (f"GET /keys?{'a' * 5_000} HTTP/1.1\r\nHost: x\r\n\r\n", 414, "uri-too-long"),
])
def test_a_request_gunicorn_refuses_is_answered_as_a_problem(server, request_head, status, code):
    with socket.create_connection(server, timeout=5) as sock:
        sock.sendall(request_head.encode())
        raw = b""
        while chunk := sock.recv(65536):
            raw += chunk
    head, _, body = raw.partition(b"\r\n\r\n")
    assert head.split(b"\r\n")[0].startswith(f"HTTP/1.1 {status} ".encode())
    assert b"content-type: application/problem+json" in head.lower()
    problem = json.loads(body)
    assert problem["status"] == status and problem["code"] == code


def test_the_streams_of_a_killed_worker_lapse_and_their_address_opens_streams_again(server):
    game_id = new_game(server)
    held, statuses = open_streams(server, "127.0.0.7", game_id, CAP)
    assert statuses == [200] * CAP
    worker = the_worker(server)
    worker.send_signal(signal.SIGKILL)
    worker.wait(timeout=10)
    for conn in held:
        conn.close()
    killed = time.monotonic()
    while True:  # gunicorn starts another worker
        assert time.monotonic() - killed < 60
        try:
            if call(server, "127.0.0.8", "GET", "/keys", timeout=2)[0] == 200:
                break
        except OSError:
            time.sleep(0.1)
    while True:
        more, statuses = open_streams(server, "127.0.0.7", game_id, 1)
        if more:
            break
        assert statuses == [429] and time.monotonic() - killed < LEASE_SECONDS + 10
        time.sleep(0.2)
    more[0].close()


def the_worker(server) -> psutil.Process:
    """The gunicorn worker serving on ``server``'s port (the arbiter's only Python child)."""
    _, port = server
    arbiter = next(child for child in psutil.Process().children()
                   if f", {port}, " in " ".join(child.cmdline()))
    workers = [child for child in arbiter.children() if "python" in child.name().lower()]
    assert len(workers) == 1
    return workers[0]
