"""What a running server tells its operators: Prometheus metrics, request ids, one JSON log line
per request.

Metrics (prometheus_client), at `GET /metrics` in Prometheus' text format:

    shuffle_http_requests_total{endpoint, method, status}     requests answered
    shuffle_http_request_duration_seconds{endpoint}           latency histogram
    shuffle_engine_seconds{game, operation}                   time in the rules engine (histogram)
    shuffle_moves_applied_total{game, where}                  moves accepted: where = stateless | table | sealed
    shuffle_store_errors_total                                503 store_unavailable answers
    shuffle_sse_streams_open                                  event streams open now

Every label takes its values from a closed set, so no client can add a series (each invented
method once made a permanent one): `endpoint` is the route's rule (`/v1/tables/<table_id>/moves`),
never the path itself, and `unmatched` for a path no route takes; `method` is one of the
standard methods (METHODS) or `other`; `game` is a registered game id or `other`; `status` is
one the app answers; `operation` and `where` are fixed by the code. Under gunicorn every worker is a process: gunicorn.conf.py points
PROMETHEUS_MULTIPROC_DIR at a fresh directory before the workers start, each worker writes
its figures there, and `/metrics` sums them (prometheus_client's multiprocess mode), so any
worker answers for the whole server. Without that variable (tests, the library) the figures
are the process's own.

Request ids: `X-Request-ID` is taken from the request when it is 1-128 characters of
`[A-Za-z0-9._:-]`, else made (a uuid4), and returned on every answer, errors included.

Logs: the logger `api.requests` writes one line per request (JSON under gunicorn, see
gunicorn.conf.py's logconfig_dict) with request_id, method, endpoint, status, duration_ms,
response bytes, the client address and the worker's pid. It never holds a body, a header value, a state, a
token or a sealed string: only the fields listed here.
"""

from __future__ import annotations

import logging
import os
import re
import time
import uuid
from contextlib import contextmanager

from flask import Flask, Response, g, request
from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from prometheus_client import multiprocess

import core

METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "CONNECT"})
UNMATCHED = "unmatched"
_GAME_IDS = frozenset(game.id for game in core.all_games())
OTHER = "other"
_REQUEST_ID = re.compile(r"[A-Za-z0-9._:\-]{1,128}")
log = logging.getLogger("api.requests")

REQUESTS = Counter("shuffle_http_requests_total", "HTTP requests answered.", ["endpoint", "method", "status"])
LATENCY = Histogram("shuffle_http_request_duration_seconds", "Time to answer a request (streams: to open it).",
                    ["endpoint"], buckets=(.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 10))
ENGINE = Histogram("shuffle_engine_seconds", "Time in the rules engine.", ["game", "operation"],
                   buckets=(.00005, .0001, .00025, .0005, .001, .0025, .005, .01, .025, .1, 1))
MOVES = Counter("shuffle_moves_applied_total", "Moves accepted.", ["game", "where"])
STORE_ERRORS = Counter("shuffle_store_errors_total", "Requests answered 503 store_unavailable.")
STREAMS = Gauge("shuffle_sse_streams_open", "Event streams open now.", multiprocess_mode="livesum")


@contextmanager
def engine_timer(game: str, operation: str):
    """Time a call into core/ (the engine itself has no clock)."""
    started = time.perf_counter()
    try:
        yield
    finally:
        ENGINE.labels(game_label(game), operation).observe(time.perf_counter() - started)


def move_applied(game: str, where: str, count: int = 1) -> None:
    MOVES.labels(game_label(game), where).inc(count)


def game_label(game: str) -> str:
    """A registered game's id, else `other`."""
    return game if game in _GAME_IDS else OTHER


def method_label(method: str) -> str:
    return method if method in METHODS else OTHER



def init_app(app: Flask) -> None:
    app.before_request(_start)
    app.after_request(_finish)
    app.add_url_rule("/metrics", "metrics", metrics)


def _start() -> None:
    given = request.headers.get("X-Request-ID", "")
    g.request_id = given if _REQUEST_ID.fullmatch(given) else uuid.uuid4().hex
    g.started = time.perf_counter()


def _finish(response: Response) -> Response:
    request_id = g.get("request_id") or uuid.uuid4().hex
    response.headers["X-Request-ID"] = request_id
    started = g.get("started")
    elapsed = time.perf_counter() - started if started is not None else 0.0
    endpoint = request.url_rule.rule if request.url_rule is not None else UNMATCHED
    if endpoint != "/metrics":
        REQUESTS.labels(endpoint, method_label(request.method), str(response.status_code)).inc()
        LATENCY.labels(endpoint).observe(elapsed)
    log.info("request", extra={
        "request_id": request_id, "method": request.method, "endpoint": endpoint,
        "status": response.status_code, "duration_ms": round(elapsed * 1e3, 3),
        "bytes": response.content_length, "client": request.remote_addr,
    })
    return response


def metrics() -> Response:
    """Prometheus' text format: the whole server's figures under gunicorn, else this process's."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)
    else:
        from prometheus_client import REGISTRY as registry
    return Response(generate_latest(registry), headers={"Content-Type": CONTENT_TYPE_LATEST})


def json_request_log(stream=None) -> logging.Handler:
    """The handler gunicorn's workers give `api.requests`: one JSON object per line."""
    from pythonjsonlogger.json import JsonFormatter

    handler = logging.StreamHandler(stream)
    handler.setFormatter(JsonFormatter("%(asctime)s %(levelname)s %(name)s %(process)d %(message)s",
                                       rename_fields={"asctime": "time", "levelname": "level", "name": "logger",
                                                      "process": "pid"}))
    return handler
