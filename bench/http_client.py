"""The load generator's HTTP/1.1 client: keep-alive connections on asyncio's protocol callbacks,
each request written in one piece and its answer read by its ``Content-Length``.

The load generator shares the server's cores, so its CPU is spent from the server's budget:
aiohttp's client (its session, connector, request and response objects, its stream reader)
cost the load generator 0.43-0.45 ms of CPU a move, more than a quarter of what the server
spent. This client does only what the bench's requests need (JSON bodies, answers with a
length: every answer of the API but a stream's) and refuses anything else loudly.
"""

from __future__ import annotations

import asyncio
from urllib.parse import urlsplit

from .api_client import Answer

LOST = 0  # the status of an answer whose connection closed before it was read whole
# A connection idle longer than this is closed rather than used again: gunicorn closes one
# idle for 5 s (its keepalive), and a request written as it does so would be lost.
IDLE_SECONDS = 2.0


class Connection(asyncio.Protocol):
    """One keep-alive connection: one request at a time, its answer given to ``waiter``."""

    def __init__(self) -> None:
        self.transport: asyncio.Transport | None = None
        self.buffer = bytearray()
        self.waiter: asyncio.Future[Answer] | None = None
        self.closed = False
        self.idle_since = 0.0
        self._head: tuple[int, int, dict[str, str]] | None = None  # status, body start, headers

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport

    def data_received(self, data: bytes) -> None:
        self.buffer += data
        if self.waiter is None or self.waiter.done():
            return
        try:
            answer = self._answer()
        except ValueError as error:
            self.waiter.set_exception(error)
            return
        if answer is not None:
            self.waiter.set_result(answer)

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed = True
        if self.waiter is not None and not self.waiter.done():
            self.waiter.set_result(Answer(LOST, {}, b""))

    def _answer(self) -> Answer | None:
        if self._head is None:
            end = self.buffer.find(b"\r\n\r\n")
            if end < 0:
                return None
            status_line, *lines = bytes(self.buffer[:end]).decode("latin-1").split("\r\n")
            headers = {name.strip().lower(): value.strip()
                       for name, _, value in (line.partition(":") for line in lines)}
            if "content-length" not in headers:
                raise ValueError(f"an answer without Content-Length: {status_line}")
            self._head = (int(status_line.split(" ", 2)[1]), end + 4, headers)
        status, start, headers = self._head
        stop = start + int(headers["content-length"])
        if len(self.buffer) < stop:
            return None
        body = bytes(self.buffer[start:stop])
        del self.buffer[:stop]
        self._head = None
        return Answer(status, headers, body)


class Client:
    """Keep-alive connections to one server, opened as requests need them."""

    def __init__(self, base_url: str) -> None:
        parts = urlsplit(base_url)
        self.host, self.port = parts.hostname or "127.0.0.1", parts.port or 80
        self.idle: list[Connection] = []
        self.opened: set[Connection] = set()

    async def request(self, method: str, path: str, body: bytes = b"",
                      headers: dict[str, str] | None = None) -> Answer:
        """The answer (status ``LOST`` when the server closed the connection first)."""
        connection = await self._connection()
        head = [f"{method} {path} HTTP/1.1", f"Host: {self.host}:{self.port}"]
        head += [f"{name}: {value}" for name, value in (headers or {}).items()]
        if body:
            head += ["Content-Type: application/json", f"Content-Length: {len(body)}"]
        connection.waiter = asyncio.get_running_loop().create_future()
        assert connection.transport is not None
        connection.transport.write("\r\n".join(head).encode("latin-1") + b"\r\n\r\n" + body)
        answer = await connection.waiter
        connection.waiter = None
        if connection.closed or answer.headers.get("connection", "").lower() == "close":
            self._drop(connection)
        else:
            connection.idle_since = asyncio.get_running_loop().time()
            self.idle.append(connection)
        return answer

    async def _connection(self) -> Connection:
        loop = asyncio.get_running_loop()
        while self.idle:
            connection = self.idle.pop()
            if not connection.closed and loop.time() - connection.idle_since < IDLE_SECONDS:
                return connection
            self._drop(connection)
        _, connection = await asyncio.get_running_loop().create_connection(
            Connection, self.host, self.port)
        self.opened.add(connection)
        return connection

    def _drop(self, connection: Connection) -> None:
        self.opened.discard(connection)
        if connection.transport is not None:
            connection.transport.close()

    def close(self) -> None:
        for connection in list(self.opened):
            self._drop(connection)
