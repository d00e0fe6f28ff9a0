"""A minimal JSON client of the API over one keep-alive connection, for the benchmarks and the
tests that drive a running server (the browser client is api/web/, served by
api/client_pages.py)."""

from __future__ import annotations

import http.client
import json
from typing import Any
from urllib.parse import urlsplit


class Answer:
    def __init__(self, status: int, headers: dict[str, str], body: bytes) -> None:
        self.status = status
        self.headers = headers
        self.body = body

    @property
    def json(self) -> Any:
        return json.loads(self.body)


class Client:
    """One HTTP/1.1 connection; ``token`` is sent as the bearer token when given."""

    def __init__(self, base_url: str, token: str | None = None, timeout: float = 60) -> None:
        parts = urlsplit(base_url)
        self.host, self.port = parts.hostname or "127.0.0.1", parts.port or 80
        self.token = token
        self.timeout = timeout
        self._connection: http.client.HTTPConnection | None = None

    def request(self, method: str, path: str, body: Any = None,
                headers: dict[str, str] | None = None) -> Answer:
        sent = dict(headers or {})
        if self.token:
            sent["Authorization"] = f"Bearer {self.token}"
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            sent["Content-Type"] = "application/json"
        for attempt in (1, 2):  # a keep-alive connection the server closed: reconnect once
            connection = self._connect()
            try:
                connection.request(method, path, body=data, headers=sent)
                response = connection.getresponse()
                return Answer(response.status, dict(response.getheaders()), response.read())
            except (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError):
                self.close()
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    def get(self, path: str, **kwargs: Any) -> Answer:
        return self.request("GET", path, **kwargs)

    def post(self, path: str, body: Any = None, **kwargs: Any) -> Answer:
        return self.request("POST", path, body, **kwargs)

    def close(self) -> None:
        if self._connection is not None:
            self._connection.close()
            self._connection = None

    def _connect(self) -> http.client.HTTPConnection:
        if self._connection is None:
            self._connection = http.client.HTTPConnection(self.host, self.port,
                                                          timeout=self.timeout)
        return self._connection
