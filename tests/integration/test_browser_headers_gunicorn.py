"""The deployed server (gunicorn, gevent worker) answers malformed framing as JSON, and carries the
headers browsers need (CORS, nosniff) on plain answers and on event streams alike: raw sockets,
so what is checked is what goes over the wire."""

import socket

import pytest

from integration_helpers import create_table, read_raw, request

ORIGIN = "http://frontend.test:5173"


@pytest.fixture(scope="module")
def server(gunicorn_factory):
    return gunicorn_factory(None, workers=1, CORS_ORIGINS=f"{ORIGIN},http://other.test", SSE_KEEPALIVE=0.2)


def _exchange(port: int, raw: bytes, until: bytes | None = None, limit: int = 65536) -> bytes:
    """Send `raw`, read until the peer closes (or `until` arrives, or `limit` bytes)."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(raw)
        return read_raw(sock, limit, until)


def _head(raw: bytes) -> tuple[int, dict[str, list[str]], bytes]:
    head, _, body = raw.partition(b"\r\n\r\n")
    lines = head.decode("latin1").split("\r\n")
    headers: dict[str, list[str]] = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers.setdefault(name.strip().lower(), []).append(value.strip())
    return int(lines[0].split(" ")[1]), headers, body


@pytest.mark.parametrize("size", [b"ZZ", b"-1", b"0x10"])
def test_a_malformed_chunk_size_is_400_json_with_no_traceback(server, size):
    """Was: gunicorn's InvalidChunkSize reached the app as a 500 and logged a traceback."""
    raw = _exchange(server.port, b"POST /v1/games/shufflers/new HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                                 b"Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n" + size
                    + b"\r\n{\"players\": 1}\r\n0\r\n\r\n")
    status, headers, body = _head(raw)
    assert status == 400, raw
    assert headers["content-type"] == ["application/json"] and b'"code":"bad_request"' in body.replace(b" ", b"")
    assert headers["x-content-type-options"] == ["nosniff"]
    assert request(server.port, "GET", "/healthz").status == 200
    assert "Traceback" not in server.log(400) and "internal_error" not in server.log(400)


def test_gunicorns_own_errors_are_nosniff_too(server):
    r = request(server.port, "GET", "/healthz", headers={"X-Big": "x" * 10000})
    assert r.status == 431 and r.headers["x-content-type-options"] == "nosniff"


def test_a_preflight_through_gunicorn_allows_the_api_headers(server):
    raw = _exchange(server.port, (f"OPTIONS /v1/tables HTTP/1.1\r\nHost: x\r\nOrigin: {ORIGIN}\r\n"
                                  "Access-Control-Request-Method: POST\r\n"
                                  "Access-Control-Request-Headers: content-type, idempotency-key\r\n"
                                  "Connection: close\r\n\r\n").encode())
    status, headers, _ = _head(raw)
    assert status == 200
    assert headers["access-control-allow-origin"] == [ORIGIN]
    assert "POST" in headers["access-control-allow-methods"][0]
    assert {h.strip().lower() for h in headers["access-control-allow-headers"][0].split(",")} >= {
        "content-type", "idempotency-key"}


def test_an_event_stream_through_gunicorn_carries_cors_and_nosniff(server):
    created = create_table(server.port, players=1, seed=2)
    raw = _exchange(server.port, (f"GET /v1/tables/{created['table_id']}/events HTTP/1.1\r\nHost: x\r\n"
                                  f"Origin: {ORIGIN}\r\nAccept: text/event-stream\r\n\r\n").encode(),
                    until=b"\n\n", limit=4096)
    status, headers, _ = _head(raw)
    assert status == 200 and headers["content-type"][0].startswith("text/event-stream")
    assert headers["access-control-allow-origin"] == [ORIGIN]
    assert "x-request-id" in headers["access-control-expose-headers"][0].lower()
    assert headers["x-content-type-options"] == ["nosniff"]


def test_a_refused_origin_through_gunicorn_gets_no_cors_header(server):
    raw = _exchange(server.port, b"GET /healthz HTTP/1.1\r\nHost: x\r\nOrigin: http://evil.test\r\nConnection: close\r\n\r\n")
    status, headers, _ = _head(raw)
    assert status == 200 and "access-control-allow-origin" not in headers
