"""Redis faults: a private redis-server is crashed or frozen under a running gunicorn.

While the store is gone, table requests answer 503 `store_unavailable` quickly (never 500,
never a hang) and /readyz says not ready; when Redis is back on the same port (its
append-only file fsynced on every write, so the table survives) the API recovers by itself.
"""

import time

import pytest

from integration_helpers import EventStream, create_table, next_move, play, request, tokens_of
from time_bounds import bound

FAST = bound(10.0)  # s (scaled by TEST_TIME_SCALE): slower is a hang (the store gives up on Redis after 2 s)


@pytest.fixture
def private(redis_server_factory, gunicorn_factory):
    redis = redis_server_factory()
    server = gunicorn_factory(redis.url)
    try:
        yield redis, server
    finally:
        redis.stop()
        server.stop()


def store_requests(port, table_id, token, move, version):
    """Every kind of request that needs the store, as (label, response)."""
    yield "GET table", request(port, "GET", f"/v1/tables/{table_id}", token=token, timeout=bound(15))
    yield "GET table (spectator)", request(port, "GET", f"/v1/tables/{table_id}", timeout=bound(15))
    yield "POST move", request(port, "POST", f"/v1/tables/{table_id}/moves", {"move": move},
                               token=token, if_match=version, timeout=bound(15))
    yield "POST table", request(port, "POST", "/v1/tables", {"game": "shufflers", "players": 2}, timeout=bound(15))
    stream = EventStream(port, table_id, timeout=bound(15))
    try:
        yield "GET events", stream
    finally:
        stream.close()


def assert_unavailable(port, table_id, token, move, version, rounds=3):
    """Every store request answers 503 store_unavailable within FAST seconds; /readyz 503, /healthz 200."""
    for _ in range(rounds):  # fresh connections: both workers get asked
        t0 = time.monotonic()
        for label, r in store_requests(port, table_id, token, move, version):
            elapsed = time.monotonic() - t0
            assert r.status == 503, (label, r.status, getattr(r, "body", None))
            assert r.body["code"] == "store_unavailable", (label, r.body)
            assert elapsed < FAST, (label, f"{elapsed:.1f} s")
            t0 = time.monotonic()
        ready = request(port, "GET", "/readyz", timeout=bound(15))
        assert ready.status == 503 and ready.elapsed < FAST, (ready.status, ready.body, ready.elapsed)
        assert request(port, "GET", "/healthz", timeout=bound(15)).status == 200  # alive, only not ready


def wait_ready(port, timeout=15.0):
    deadline = time.monotonic() + bound(timeout)
    while True:
        r = request(port, "GET", "/readyz", timeout=bound(10))
        if r.status == 200:
            return
        assert time.monotonic() < deadline, f"/readyz still {r.status} {r.body} after Redis came back"
        time.sleep(0.2)


def assert_recovered(port, table_id, tokens, version, move_may_stand=False):
    """Without restarting gunicorn: the table is there at its version, on every worker, and moves work.

    `move_may_stand`: a move answered 503 may still have been made (docs/api.md, Errors: "On a
    move: it may or may not have been made"). A frozen Redis keeps the commit it was sent in its
    socket buffer and runs it when it wakes; a killed one loses it."""
    wait_ready(port)
    seen = set()
    for _ in range(4):
        r = request(port, "GET", f"/v1/tables/{table_id}", timeout=bound(10))
        assert r.status == 200, (r.status, r.body)
        seen.add(r.body["version"])
    assert len(seen) == 1, seen  # every worker reads the same table
    assert seen <= ({version, version + 1} if move_may_stand else {version}), seen
    version = seen.pop()
    answers = play(port, table_id, tokens, 4)
    assert [a["version"] for a in answers] == [version + 1, version + 2, version + 3, version + 4]
    assert create_table(port)["version"] >= 0


def test_redis_crash_answers_503_at_once_and_the_api_recovers_when_redis_is_back(private):
    redis, server = private
    port = server.port
    created = create_table(port, players=2, seed=5)
    table_id, tokens = created["table_id"], tokens_of(created)
    version = play(port, table_id, tokens, 2)[-1]["version"]
    seat, move, _ = next_move(port, table_id, tokens)
    # Without Last-Event-ID: the snapshot comes at once, so the stream is open before the crash.
    subscriber = EventStream(port, table_id)
    try:
        assert subscriber.status == 200, subscriber.body
        assert subscriber.wait_until(lambda evs: len(evs) == 1, timeout=60) and subscriber.events[0].event == "snapshot"

        redis.kill()
        # A subscriber at the time of the crash is told, and its stream ends (it resumes later).
        assert subscriber.wait_until(lambda evs: any(e.event == "error" for e in evs), timeout=60), \
            subscriber.events
        (error,) = [e for e in subscriber.events if e.event == "error"]
        assert error.data["code"] == "store_unavailable"
        assert subscriber.wait_until(lambda evs: False, timeout=60) is False and subscriber.ended
    finally:
        subscriber.close()
    assert_unavailable(port, table_id, tokens[seat], move, version)

    redis.start()  # same port, same append-only file
    assert_recovered(port, table_id, tokens, version)
    assert server.proc.poll() is None


def test_a_frozen_redis_is_a_503_within_seconds_not_a_hang(private):
    redis, server = private
    port = server.port
    created = create_table(port, players=2, seed=6)
    table_id, tokens = created["table_id"], tokens_of(created)
    version = play(port, table_id, tokens, 1)[-1]["version"]
    seat, move, _ = next_move(port, table_id, tokens)

    redis.pause()  # the socket stays open, nothing answers
    try:
        assert_unavailable(port, table_id, tokens[seat], move, version, rounds=1)
    finally:
        redis.resume()
    assert_recovered(port, table_id, tokens, version, move_may_stand=True)
