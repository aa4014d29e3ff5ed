"""Helpers for the tests of playing at a table (issue 32): apps with a fake clock, two API hosts over
one table store (Redis, or the memory store shared), and short requests."""

import os
import secrets
import threading

import orjson
import pytest
import redis

from api import create_app

REDIS_URL = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0")
TABLES = "/v1/tables"
START = 1_800_000_000.0  # 2027-01-15T08:00:00Z


class FakeClock:
    def __init__(self, now: float = START):
        self.now = now

    def __call__(self) -> float:
        return self.now


def redis_or_fail() -> None:
    try:
        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=1, socket_timeout=2).ping()
    except redis.RedisError as error:
        pytest.fail(f"Redis is not reachable at {REDIS_URL} ({error})", pytrace=False)


def make_app(clock, redis_url=None, due_key=None, **config):
    return create_app({"TESTING": True, "REDIS_URL": redis_url, "TABLE_TTL": 600, "CLOCK_NOW": clock,
                       "CLOCK_SWEEPER": False, "CLOCK_DUE_KEY": due_key or "clocks:due:test:" + secrets.token_hex(6),
                       "SSE_KEEPALIVE": 0.05, "SSE_MAX_SECONDS": 5, "RATE_LIMITS_ENABLED": False, **config})


def two_hosts(kind: str, **config):
    """Two API hosts over one table store, sharing a fake clock (`app.clock`)."""
    clock = FakeClock()
    if kind == "redis":
        redis_or_fail()
        first = make_app(clock, REDIS_URL, **config)
        second = make_app(clock, REDIS_URL, due_key=first.config["CLOCK_DUE_KEY"], **config)
    else:
        first, second = make_app(clock, **config), make_app(clock, **config)
        second.extensions["table_store"] = first.extensions["table_store"]
        second.extensions["clock_due"] = first.extensions["clock_due"]
    first.clock = second.clock = clock
    return first, second


def forget_due(first) -> None:
    if first.config.get("REDIS_URL"):
        redis.Redis.from_url(REDIS_URL).delete(first.config["CLOCK_DUE_KEY"])


def bearer(token, version=None) -> dict:
    headers = {"Authorization": f"Bearer {token}"}
    if version is not None:
        headers["If-Match"] = f'"{version}"'
    return headers


def log_of(app, table_id):
    return app.extensions["table_store"].entries(table_id, -1, 0)


def events_of(app, table_id, kind):
    return [e for entry in log_of(app, table_id) for e in entry["events"] if e["type"] == kind]


def first_event(client, table_id, kind: str, headers: dict) -> dict:
    """The data of the first `kind` message (snapshot, step) of the table's event stream."""
    stream = client.get(f"{TABLES}/{table_id}/events", headers=headers, buffered=False)
    text = b""
    for chunk in stream.response:
        text += chunk
        if f"event: {kind}".encode() in text and text.endswith(b"\n\n"):
            break
    stream.close()
    return orjson.loads(text.split(f"event: {kind}\ndata: ".encode())[1].split(b"\n")[0])


def snapshot_of(client, table_id, token=None) -> dict:
    """The first message of the table's event stream (its snapshot), as `token`'s seat sees it."""
    return first_event(client, table_id, "snapshot", bearer(token) if token else {})


def at_once(calls: list) -> list:
    """Run the calls in threads released together; their answers, in the order of `calls`."""
    barrier, answers = threading.Barrier(len(calls)), [None] * len(calls)

    def run(i):
        barrier.wait()
        answers[i] = calls[i]()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return answers
