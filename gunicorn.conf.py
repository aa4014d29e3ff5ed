"""Gunicorn settings for the API, all from the environment (scripts/serve, Dockerfile, bench/http.py).

HOST, PORT          where to listen (default 127.0.0.1:8000; the container sets HOST=0.0.0.0)
WEB_CONCURRENCY     worker processes. Default: 1 without REDIS_URL, because the embedded store
                    keeps tables in one process's memory; with Redis, 2 x cores + 1.
GUNICORN_THREADS    threads per worker (default 32)
GUNICORN_ACCESSLOG  "-" for access logs on stdout; off by default

Workers are gthread: the engine is CPU-bound and short, but an SSE subscriber
(GET /v1/tables/{id}/events) holds a thread for as long as it listens, so each
worker keeps a pool of threads rather than one request at a time (sync) and the
heartbeat runs on the main thread, so a long stream never trips `timeout`.
"""

import multiprocessing
import os
import sys

_redis = bool(os.environ.get("REDIS_URL"))

_host = os.environ.get("HOST", "127.0.0.1")
if ":" in _host and not _host.startswith("["):  # an IPv6 address
    _host = f"[{_host}]"
bind = [f"{_host}:{os.environ.get('PORT', '8000')}"]
workers = int(os.environ.get("WEB_CONCURRENCY") or (multiprocessing.cpu_count() * 2 + 1 if _redis else 1))
worker_class = "gthread"
threads = int(os.environ.get("GUNICORN_THREADS", "32"))
# Open connections per worker (keep-alive clients and SSE streams included).
worker_connections = 1000
keepalive = 5
timeout = 30
graceful_timeout = 30
# Headers and the request line; bodies are limited by the app (413).
limit_request_line = 8190

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
