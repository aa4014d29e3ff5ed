"""Limits at the HTTP level: how long a request body may take to arrive, and how large a chunked one may be.

The server (gunicorn with gevent workers, gunicorn.conf.py) reads the request line and headers
within GUNICORN_KEEPALIVE seconds and refuses over-long ones; what it cannot see is the body,
which the app reads. Here every body is read whole before the view runs:

- within REQUEST_BODY_TIMEOUT seconds (default 10) in all, however slowly it trickles in:
  else 408 `request_timeout` (a gevent Timeout, so it needs the gevent worker; under another
  server the socket's own timeout applies);
- a chunked body (no Content-Length) of MAX_CONTENT_LENGTH bytes or more: 413 `body_too_large`
  (werkzeug stops reading at the limit, so the JSON parser would otherwise see a cut body);
- a chunked body whose framing gunicorn cannot read (a chunk size `ZZ`, `-1`, `0x10`, a missing
  terminator) or that ends before its length: 400 `bad_request`, not a 500 with a traceback
  (gunicorn then closes the connection: where the next request starts is unknown).

HTTP errors that gunicorn itself answers (431, 414, 400 before the app runs) are written as
JSON by `json_write_error`, installed by gunicorn.conf.py in every worker.
"""

import orjson
from flask import Flask, current_app, request
from gunicorn.http.errors import NoMoreData, ParseException

from .errors import ERRORS, fail

BODY_METHODS = ("POST", "PUT", "PATCH", "DELETE")


def _deadline(seconds: float):
    """A context manager that raises gevent.Timeout after `seconds`, when this process runs on gevent."""
    try:
        from gevent import Timeout
        from gevent.monkey import is_module_patched
    except ImportError:  # pragma: no cover - gevent is a dependency
        is_module_patched = None
    if is_module_patched is None or not is_module_patched("socket"):
        from contextlib import nullcontext
        return nullcontext(), ()
    return Timeout(seconds), (Timeout,)


def read_body_in_time():
    if request.method not in BODY_METHODS:
        return
    limit = current_app.config["MAX_CONTENT_LENGTH"]
    timeout = float(current_app.config["REQUEST_BODY_TIMEOUT"])
    deadline, timeouts = _deadline(timeout)
    try:
        with deadline:
            data = request.get_data(cache=True)
    except timeouts:
        fail("request_timeout", f"The request body did not arrive within {timeout:g} s.")
    except ParseException as error:  # gunicorn's body reader, so only under gunicorn
        fail("bad_request", f"The request body's chunked framing is malformed: {str(error)[:200]}.")
    except NoMoreData:
        fail("bad_request", "The request body ended before the length it announced.")
    if request.content_length is None and limit is not None and len(data) >= limit:
        fail("body_too_large", f"The request body is larger than the limit of {limit} bytes.")


def init_app(app: Flask) -> None:
    app.before_request(read_body_in_time)


_GUNICORN_CODES = {400: "bad_request", 403: "bad_request", 414: "request_line_too_long",
                   417: "bad_request", 431: "header_too_large", 501: "bad_request"}


def json_write_error(sock, status_int, reason, mesg):
    """gunicorn.util.write_error, but the body is our JSON error (gunicorn writes HTML)."""
    from gunicorn.util import write_nonblock

    code = _GUNICORN_CODES.get(status_int, "internal_error" if status_int >= 500 else "bad_request")
    message = {"header_too_large": "The request's headers are larger than the server accepts.",
               "request_line_too_long": "The request line (method and URL) is longer than the server accepts.",
               }.get(code) or (f"The request is malformed at the HTTP level: {mesg}" if status_int < 500
                               else "The server failed on this request; this is a bug, and it has been logged.")
    body = orjson.dumps({"code": code, "message": message})
    head = (f"HTTP/1.1 {status_int} {reason}\r\nConnection: close\r\nContent-Type: application/json\r\n"
            f"X-Content-Type-Options: nosniff\r\nContent-Length: {len(body)}\r\n\r\n").encode("latin1")
    write_nonblock(sock, head + body)


assert all(code in ERRORS for code in _GUNICORN_CODES.values())
