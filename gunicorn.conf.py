"""Gunicorn settings for the API, all from the environment (scripts/serve, Dockerfile, bench/http.py).

HOST, PORT            where to listen (default 127.0.0.1:8000; the container sets HOST=0.0.0.0)
WEB_CONCURRENCY       worker processes. Default: 1 without REDIS_URL, because the embedded store
                      keeps tables in one process's memory; with Redis, 2 x cores + 1.
GUNICORN_WORKER_CLASS gevent (default) or gthread
GUNICORN_CONNECTIONS  open connections per worker (default 4000; gevent)
GUNICORN_THREADS      threads per worker, for gthread only (default 32)
GUNICORN_KEEPALIVE    seconds to wait for the next request on a kept-alive connection, and (gevent)
                      the most a request line and its headers may take to arrive (default 5)
GUNICORN_ACCESSLOG    "-" for access logs on stdout; off by default
REQUEST_LOG           "0" turns off the app's own JSON line per request (on by default)
PROMETHEUS_MULTIPROC_DIR  where workers keep their metrics (default: a fresh temp directory)
SEAL_KEYS             keys of sealed games (api/sealed.py); default: one random key for all workers
CLOCK_SWEEPER         "0": no clock sweeper in the workers (run `python -m api.sweeper` instead)
SHUFFLE_PURE          "1": the pure-Python engine even when the compiled one is built (see below)

Workers are gevent: each connection is a greenlet, so an event stream that waits for an
hour, or a client that sends its body a byte at a time, costs a few kilobytes rather than
a thread (with gthread, 64 such connections stalled the API). Bodies must arrive within
REQUEST_BODY_TIMEOUT (api/guard.py), headers within the keep-alive time, and the engine's
work per request is bounded (core/framework/budget.py), so one greenlet never holds the
worker for long; gunicorn's `timeout` kills a worker whose loop stalls that long.
"""

import multiprocessing
import os
import sys

# The compiled engine (docs/engine.md, "Compiled path"): when scripts/compile built it for the sources in
# this tree and SHUFFLE_PURE is not set, its directory goes first on sys.path here, in the master, before
# any worker imports the app. Anything amiss (no build, no Cython: the Docker image) is the pure path.
try:
    from cli.compiled import activate

    ENGINE = activate().describe()
except Exception as exc:  # noqa: BLE001 - the server never fails for want of the compiled engine
    ENGINE = f"pure Python ({type(exc).__name__}: {exc})"

_redis = bool(os.environ.get("REDIS_URL"))

_host = os.environ.get("HOST", "127.0.0.1")
if ":" in _host and not _host.startswith("["):  # an IPv6 address
    _host = f"[{_host}]"
bind = [f"{_host}:{os.environ.get('PORT', '8000')}"]
workers = int(os.environ.get("WEB_CONCURRENCY") or (multiprocessing.cpu_count() * 2 + 1 if _redis else 1))
worker_class = os.environ.get("GUNICORN_WORKER_CLASS", "gevent")
threads = int(os.environ.get("GUNICORN_THREADS", "32"))
# Open connections per worker (keep-alive clients and SSE streams included); the app caps
# event streams at SSE_MAX_STREAMS (2000) per process, answering 503 above it.
worker_connections = int(os.environ.get("GUNICORN_CONNECTIONS", "4000"))
keepalive = int(os.environ.get("GUNICORN_KEEPALIVE", "5"))
timeout = 30
graceful_timeout = 30
# The request line and headers (414, 431, as JSON); bodies are limited by the app (413, 408).
limit_request_line = 8190
limit_request_fields = 100
limit_request_field_size = 8190


def on_starting(server):
    """Every connection is a file descriptor (an event stream on Redis is two): allow the hard limit.
    Says which engine the workers run."""
    server.log.info("engine: %s", ENGINE)
    try:
        import resource

        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        if soft < hard:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    except (ImportError, ValueError, OSError):
        pass


def post_worker_init(worker):
    """Errors that gunicorn answers itself (431, 414, a malformed request) as our JSON, not HTML;
    one JSON log line per request on stdout (api/observability.py) unless REQUEST_LOG=0."""
    import logging

    import gunicorn.util

    from api.guard import json_write_error
    from api.observability import json_request_log

    gunicorn.util.write_error = json_write_error
    from api.sweeper import start_in_worker

    start_in_worker(worker.wsgi)  # table clocks act even when no request comes (api/sweeper.py)
    requests_log = logging.getLogger("api.requests")
    requests_log.propagate = False
    if os.environ.get("REQUEST_LOG", "1") not in ("0", "false", "off"):
        requests_log.addHandler(json_request_log(sys.stdout))
        requests_log.setLevel(logging.INFO)
    else:
        requests_log.disabled = True


# Metrics of every worker, summed at /metrics (prometheus_client's multiprocess mode): the
# workers write their figures into this directory, which must be empty when the server starts.
# Sealed games (api/sealed.py) must open on every worker: without SEAL_KEYS, one random key for
# all of this server's workers, made here before they start (sealed games end with the server).
if not os.environ.get("SEAL_KEYS"):
    import base64
    import secrets

    _key_id = "r" + secrets.token_hex(4)
    os.environ["SEAL_KEYS"] = f"{_key_id}:{base64.urlsafe_b64encode(secrets.token_bytes(32)).decode()}"
    print(f"gunicorn.conf.py: SEAL_KEYS is not set: sealed games use a random key made now (id {_key_id}), "
          "shared by this server's workers; they end when it stops. Set SEAL_KEYS to keep them and to share "
          "them between hosts.", file=sys.stderr)

_metrics_dir = None
if not os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
    import tempfile

    _metrics_dir = os.environ["PROMETHEUS_MULTIPROC_DIR"] = tempfile.mkdtemp(prefix="shuffle-metrics-")


def on_exit(server):
    """The metrics directory made above goes with the server."""
    if _metrics_dir:
        import shutil

        shutil.rmtree(_metrics_dir, ignore_errors=True)


def child_exit(server, worker):
    """A worker that exits no longer counts in live gauges (open streams)."""
    from prometheus_client import multiprocess

    multiprocess.mark_process_dead(worker.pid)

accesslog = os.environ.get("GUNICORN_ACCESSLOG") or None
errorlog = "-"
loglevel = os.environ.get("GUNICORN_LOGLEVEL", "info")
# gunicorn >= 25.1 opens a control socket by default at one fixed path per user
# ($HOME/.gunicorn/gunicorn.ctl): a second server on the machine (bench/http.py, a test)
# unlinks and takes over the first one's, and the container's user has no home. Unused here.
control_socket_disable = True

# Behind a reverse proxy that sets X-Forwarded-*: list its address here.
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1")

if workers > 1 and not _redis:
    print(
        f"gunicorn.conf.py: WARNING: {workers} workers without REDIS_URL: each worker has its own "
        "in-process table store, so a table created by one worker is unknown to the others. "
        "Set REDIS_URL, or WEB_CONCURRENCY=1.",
        file=sys.stderr,
    )
