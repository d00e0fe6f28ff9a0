"""The load generator's HTTP client (bench/http_client.py) reads answers however the bytes
arrive, keeps its connection alive between requests, and reports a connection the server
closed before answering."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

from bench.http_client import LOST, Client


async def serve(answers: list[bytes], requests: list[bytes],
                connections: list[int]) -> asyncio.Server:
    """A server that reads each request head and writes the next answer a few bytes at a
    time (closing the connection once the answers run out)."""
    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        connections.append(1)
        while answers:
            requests.append(await reader.readuntil(b"\r\n\r\n"))
            answer = answers.pop(0)
            for start in range(0, len(answer), 7):
                writer.write(answer[start:start + 7])
                await writer.drain()
                await asyncio.sleep(0)
        await reader.read(1)
        writer.close()

    return await asyncio.start_server(handle, "127.0.0.1", 0)


def answer(status: str, body: bytes) -> bytes:
    return (f"HTTP/1.1 {status}\r\nContent-Type: application/json\r\nRetry-After: 2\r\n"
            f"Content-Length: {len(body)}\r\n\r\n").encode() + body


def test_answers_split_anyhow_are_read_whole_over_one_kept_connection() -> None:
    async def scenario() -> None:
        requests: list[bytes] = []
        connections: list[int] = []
        server = await serve([answer("200 OK", b'{"view": 1}'),
                              answer("503 Service Unavailable", b'{"code": "unavailable"}')],
                             requests, connections)
        port = server.sockets[0].getsockname()[1]
        client = Client(f"http://127.0.0.1:{port}")
        first = await client.request("GET", "/games/1/view", headers={"Authorization": "x"})
        second = await client.request("POST", "/games/1/moves", b'{"move": {}}')
        lost = await client.request("GET", "/keys")
        client.close()
        server.close()

        assert (first.status, first.body) == (200, b'{"view": 1}')
        assert (second.status, second.headers["retry-after"]) == (503, "2")
        assert second.body == b'{"code": "unavailable"}'
        assert len(connections) == 1 and lost.status == LOST
        assert requests[0].startswith(b"GET /games/1/view HTTP/1.1\r\n")
        assert b"Authorization: x\r\n" in requests[0]
        assert b"Content-Length: 12\r\n" in requests[1]

    # In a thread of its own: the browser tests' Playwright keeps an event loop running on
    # this one for the rest of the session, and asyncio.run refuses to start beside it.
    with ThreadPoolExecutor(1) as thread:
        thread.submit(asyncio.run, scenario()).result()
