"""What browsers need of the API: CORS on every API path, and `nosniff` on every answer.

CORS comes from flask-cors (a well-kept extension; its preflight and `Vary` handling is the
part easy to get wrong by hand), configured here:

    CORS_ORIGINS  "*" (default): any origin; else a comma-separated list of origins
                  (`https://a.example,http://localhost:5173`): only those get CORS headers
    CORS_MAX_AGE  seconds a browser may cache a preflight (default 7200, Chromium's ceiling)

No credentials (cookies) are allowed: seat and creator tokens travel in the Authorization
header, which a page sends itself, so `Access-Control-Allow-Credentials` is never sent and
`*` stays allowed. Preflights (OPTIONS) allow every method and the request headers the API
reads; every answer, errors included, exposes the response headers a client needs to read.
The web table at /play is served same-origin and gets no CORS headers; neither do the docs
page and /metrics, which are for people and operators on the server's own origin.

Every answer of the app, whatever its path and status, carries `X-Content-Type-Options:
nosniff`, so a browser never takes a JSON error (which may echo the request) for a script or
a page; the answers gunicorn writes itself carry it too (api/guard.py).
"""

import re

from flask import Flask, Response
from flask_cors import CORS

DEFAULTS = {"CORS_ORIGINS": "*", "CORS_MAX_AGE": 7200}

# The request headers the API reads (Content-Type for JSON bodies; the rest: docs/api.md).
ALLOW_HEADERS = ["Content-Type", "Authorization", "If-Match", "If-None-Match", "Idempotency-Key",
                 "Last-Event-ID", "X-Request-ID"]
# The response headers a page may read besides the CORS-safelisted ones.
EXPOSE_HEADERS = ["ETag", "Location", "Retry-After", "X-Request-ID", "Idempotent-Replayed", "Allow"]
METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]
# Every path but the same-origin pages: the web table, the docs page and its assets, the metrics.
API_PATHS = re.compile(r"/(?!(play|docs|metrics)(/|$))")


def origins(setting) -> str | list[str]:
    """CORS_ORIGINS as flask-cors takes it: "*", or the list of origins (a string is split at commas).

    >>> origins("*"), origins(" https://a.example , http://localhost:5173,")
    ('*', ['https://a.example', 'http://localhost:5173'])
    """
    listed = [o.strip() for o in setting.split(",")] if isinstance(setting, str) else list(setting)
    listed = [o for o in listed if o]
    if listed == ["*"]:
        return "*"
    if not listed or "*" in listed:
        raise ValueError(f"CORS_ORIGINS is either * or a comma-separated list of origins, not {setting!r}.")
    return listed


def init_app(app: Flask) -> None:
    allowed = origins(app.config["CORS_ORIGINS"])
    CORS(app, resources={API_PATHS: {}}, origins=allowed, methods=METHODS, allow_headers=ALLOW_HEADERS,
         expose_headers=EXPOSE_HEADERS, supports_credentials=False, max_age=int(app.config["CORS_MAX_AGE"]),
         # "*": the same answer for every origin (cacheable, no Vary); a list: the origin echoed, Vary: Origin
         send_wildcard=allowed == "*", always_send=allowed == "*",
         # after_request sees every answer, errors included: no need to wrap the app's error handlers
         intercept_exceptions=False)
    app.after_request(_nosniff)


def _nosniff(response: Response) -> Response:
    response.headers["X-Content-Type-Options"] = "nosniff"
    return response
