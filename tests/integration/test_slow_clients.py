"""Idle and slow clients cannot starve the server: real gunicorn (gevent workers), real Redis, raw sockets.

Reproduced first with the old settings (gthread, 2 workers x 32 threads): 70 open event streams
or 70 slowly sent bodies, and /healthz and table moves timed out. Here the same server runs with
4 threads' worth of that (see `test_..._with_gthread_64_idle_connections_stall`, which keeps the
finding visible), and then as configured.

Time limits here are hang guards on sockets (a request that never answers fails the test), not
assertions on speed: bench/hostile.py measures latency under 1,000 streams and 200 slow bodies.
"""

import json
import socket
import time

import pytest

from integration_helpers import create_table, play, read_raw, request, tokens_of
from time_bounds import bound

STREAMS = 150
SLOW_BODIES = 40


def _open(port) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port), timeout=10)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return sock


def _stream(port, table_id) -> socket.socket:
    sock = _open(port)
    sock.sendall(f"GET /v1/tables/{table_id}/events HTTP/1.1\r\nHost: x\r\n\r\n".encode())
    return sock


def _slow_body(port) -> socket.socket:
    sock = _open(port)
    sock.sendall(b"POST /v1/games/shufflers/new HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                 b"Content-Length: 1000\r\n\r\n{\"pla")
    return sock


def _answer(sock, limit=65536) -> bytes:
    return read_raw(sock, limit)


def _json_status(raw: bytes):
    head, _, body = raw.partition(b"\r\n\r\n")
    status = int(head.split(b" ")[1])
    return status, head.decode("latin1").lower(), json.loads(body) if body else None


def _flood_then_serve(server):
    """Open the streams and slow bodies, then make requests that must still be answered."""
    created = create_table(server.port, players=2, seed=1)
    table_id, tokens = created["table_id"], tokens_of(created)
    held = []
    try:
        held += [_stream(server.port, table_id) for _ in range(STREAMS)]
        held += [_slow_body(server.port) for _ in range(SLOW_BODIES)]
        time.sleep(0.5)  # every held connection has reached the server
        for _ in range(10):
            assert request(server.port, "GET", "/healthz", timeout=bound(5)).status == 200
        assert len(play(server.port, table_id, tokens, 1)) == 1  # a move on the table
        assert request(server.port, "POST", "/v1/games/shufflers/new", {"players": 1}, timeout=bound(5)).status == 200
    finally:
        for sock in held:
            sock.close()


def test_with_gthread_64_idle_connections_stall_the_api(gunicorn_factory, redis_url):
    """The finding, kept visible: the old worker class with its thread pool full of idle clients."""
    server = gunicorn_factory(redis_url, workers=1, threads=8, GUNICORN_WORKER_CLASS="gthread")
    try:
        with pytest.raises((socket.timeout, TimeoutError, AssertionError, OSError)):
            held = [_slow_body(server.port) for _ in range(12)]
            try:
                time.sleep(0.3)
                request(server.port, "GET", "/healthz", timeout=2)
            finally:
                for sock in held:
                    sock.close()
    finally:
        server.stop()


def test_event_streams_and_slow_bodies_do_not_stall_healthz_moves_or_new(gunicorn_factory, redis_url):
    server = gunicorn_factory(redis_url, workers=2)
    _flood_then_serve(server)


def test_a_body_that_trickles_in_is_cut_off_with_408(gunicorn_factory, redis_url):
    server = gunicorn_factory(redis_url, workers=1, REQUEST_BODY_TIMEOUT=1)
    sock = _slow_body(server.port)
    try:
        status, _, body = _json_status(_answer(sock))
    finally:
        sock.close()
    assert (status, body["code"]) == (408, "request_timeout")


def test_headers_that_never_end_are_cut_off(gunicorn_factory, redis_url):
    server = gunicorn_factory(redis_url, workers=1, GUNICORN_KEEPALIVE=1)
    sock = _open(server.port)
    try:
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: ")
        sock.settimeout(10)
        assert _answer(sock) == b""  # the server closed the connection, long before our guard
    finally:
        sock.close()


def test_an_over_long_header_is_431_json(server_a):
    r = request(server_a.port, "GET", "/healthz", headers={"X-Big": "x" * 10000})
    assert r.status == 431 and r.headers["content-type"] == "application/json" and r.code == "header_too_large"


def test_an_over_long_url_is_414_json(server_a):
    r = request(server_a.port, "GET", "/v1/games/" + "x" * 9000)
    assert r.status == 414 and r.code == "request_line_too_long"


def test_an_over_long_chunked_body_is_413_not_bad_json(gunicorn_factory, redis_url):
    server = gunicorn_factory(redis_url, workers=1, MAX_CONTENT_LENGTH=1000)
    sock = _open(server.port)
    try:
        body = b'{"players": 1, "seed": "' + b"x" * 5000 + b'"}'
        chunks = b"".join(b"%x\r\n%s\r\n" % (len(body[i:i + 500]), body[i:i + 500]) for i in range(0, len(body), 500))
        sock.sendall(b"POST /v1/games/shufflers/new HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                     b"Transfer-Encoding: chunked\r\n\r\n" + chunks + b"0\r\n\r\n")
        status, _, answer = _json_status(_answer(sock))
    finally:
        sock.close()
    assert (status, answer["code"]) == (413, "body_too_large")


def test_streams_above_the_per_process_cap_get_503_and_retry_after(gunicorn_factory, redis_url):
    server = gunicorn_factory(redis_url, workers=1, SSE_MAX_STREAMS=5, SSE_KEEPALIVE=0.2)
    created = create_table(server.port, players=1, seed=2)
    held = [_stream(server.port, created["table_id"]) for _ in range(5)]
    try:
        for sock in held:
            assert sock.recv(64).startswith(b"HTTP/1.1 200")
        r = request(server.port, "GET", f"/v1/tables/{created['table_id']}/events")
        assert (r.status, r.code) == (503, "too_many_streams") and int(r.headers["retry-after"]) >= 1
        assert request(server.port, "GET", "/healthz").status == 200
    finally:
        for sock in held:
            sock.close()
    time.sleep(1.0)  # a stream learns that its client left when it next writes (a keep-alive)
    again = _stream(server.port, created["table_id"])  # closed streams free their places
    try:
        assert again.recv(64).startswith(b"HTTP/1.1 200")
    finally:
        again.close()


def test_hostile_numbers_over_a_real_socket_are_422_not_a_dead_worker(server_a):
    """Was: a queued draw of 10**12 cards ran the worker out of memory; a version of 2**64 - 1 was a 500."""
    import core

    step = core.new_game("shufflers", 1, {}, seed=3)
    state = {**step.state, "version": 2**64 - 1}
    r = request(server_a.port, "POST", "/v1/games/shufflers/apply",
                {"state": state, "move": step.pending[0]["options"][0]})
    assert (r.status, r.code) == (422, "invalid_state")
    big = core.new_game("big-shuffle", 3, {}, seed=4).state
    big = {**big, "queue": [{"do": "draw", "player": 0, "amount": 10**12, "source": "turn"}]}
    r = request(server_a.port, "POST", "/v1/games/big-shuffle/view", {"state": big, "player": 0})
    assert (r.status, r.code) == (422, "invalid_state")
    assert request(server_a.port, "GET", "/healthz").status == 200
