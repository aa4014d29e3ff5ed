"""A small HTTP client for `verify`: one kept-alive connection, JSON answers, clear errors."""

from __future__ import annotations

import http.client
import socket
from urllib.parse import urlsplit

import orjson


class Unreachable(Exception):
    pass


class Client:
    """Sends requests to a server at `url` (http or https), reusing one connection."""

    def __init__(self, url: str, timeout: float = 30.0):
        parts = urlsplit(url if "://" in url else f"http://{url}")
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise ValueError(f"{url!r} is not an http(s) URL, e.g. http://127.0.0.1:8000.")
        self.url = f"{parts.scheme}://{parts.netloc}"
        self.prefix = parts.path.rstrip("/")
        self.scheme, self.host, self.port = parts.scheme, parts.hostname, parts.port
        self.timeout = timeout
        self.conn = None

    def _connect(self):
        cls = http.client.HTTPSConnection if self.scheme == "https" else http.client.HTTPConnection
        return cls(self.host, self.port, timeout=self.timeout)

    def send(self, method: str, path: str, headers: dict, body: bytes | None):
        """(status, JSON body, or text when the answer is not JSON)."""
        for attempt in (1, 2):  # a kept-alive connection the server closed: once more on a new one
            if self.conn is None:
                self.conn = self._connect()
            try:
                self.conn.request(method, self.prefix + path, body=body, headers=headers)
                response = self.conn.getresponse()
                data = response.read()
                if response.getheader("Connection", "").lower() == "close":
                    self.close()
                break
            except (ConnectionError, http.client.HTTPException, socket.timeout, OSError) as failure:
                self.close()
                if attempt == 2 or isinstance(failure, (ConnectionRefusedError, socket.gaierror, socket.timeout)):
                    raise Unreachable(f"{self.url}: {failure.__class__.__name__}: {failure}") from None
        try:
            return response.status, orjson.loads(data)
        except orjson.JSONDecodeError:
            return response.status, data.decode(errors="replace")

    def check(self) -> None:
        """Raise Unreachable unless the server answers at all."""
        self.send("GET", "/v1/games", {}, None)

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            self.conn = None
