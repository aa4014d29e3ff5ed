"""How the API protects itself: rate limits per client, and a cap on open event streams.

Rate limits use the `limits` library (the engine of flask-limiter, by the same maintainers):
a moving window per client address, kept in Redis when REDIS_URL is set (so every worker and
every host counts together) and in this process otherwise. Used directly rather than through
flask-limiter's decorators because the app is built by a factory, many times in one test
process, each app with its own configuration and storage.

    RATE_LIMIT_CREATE   table creations per client (default "30/minute;300/hour")
    RATE_LIMIT_STREAMS  event streams opened without a token per client ("60/minute")
    RATE_LIMIT_JOIN     joins (invite codes tried) per client ("60/minute;600/hour")
    RATE_LIMIT_SEATS    a seat's or the creator's other changes at a table: undo, start, leave,
                        rematch (proposal or acceptance), per client ("60/minute;600/hour")
    RATE_LIMITS_ENABLED "0" turns them all off (the test suite does, except where it tests them)
    SSE_MAX_STREAMS     open event streams per process (default 2000): above it, 503

A refused request is 429 `rate_limited` (or 503 `too_many_streams`) with Retry-After. If the
limits' storage fails (Redis down), the request is let through and the failure logged: the
tables answer 503 themselves then.
"""

from __future__ import annotations

import math
import threading
import time

from flask import current_app, request
from limits import parse_many
from limits.storage import storage_from_string
from limits.strategies import MovingWindowRateLimiter

from .errors import fail
from .observability import STREAMS

DEFAULTS = {
    "RATE_LIMITS_ENABLED": True,
    "RATE_LIMIT_CREATE": "30/minute;300/hour",
    "RATE_LIMIT_STREAMS": "60/minute",
    "RATE_LIMIT_JOIN": "60/minute;600/hour",
    "RATE_LIMIT_SEATS": "60/minute;600/hour",
    "SSE_MAX_STREAMS": 2000,
}


class Limits:
    """The rate limiter and the stream counter of one app (app.extensions["limits"])."""

    def __init__(self, config):
        self.enabled = bool(config["RATE_LIMITS_ENABLED"])
        url = config.get("REDIS_URL")
        if url and config.get("REDIS_CLUSTER"):
            url = "redis+cluster://" + url.split("://", 1)[1].split("/", 1)[0]
        self._storage_url = url or "memory://"
        self._limiter = None  # made on first use: a cluster client connects as it is made
        self.rules = {"create": parse_many(config["RATE_LIMIT_CREATE"]),
                      "streams": parse_many(config["RATE_LIMIT_STREAMS"]),
                      "join": parse_many(config["RATE_LIMIT_JOIN"]),
                      "seats": parse_many(config["RATE_LIMIT_SEATS"])}
        self.max_streams = int(config["SSE_MAX_STREAMS"])
        self._open = 0
        self._lock = threading.Lock()

    def check(self, what: str) -> None:
        """429 `rate_limited` when this client has used up its `what` limit; else count the hit."""
        if not self.enabled:
            return
        client = request.remote_addr or "unknown"
        try:
            limiter = self._limiter or self._make_limiter()
            refused = next((rule for rule in self.rules[what] if not limiter.hit(rule, what, client)), None)
            wait = refused and max(1, math.ceil(limiter.get_window_stats(refused, what, client).reset_time
                                                - time.time()))
        except Exception as error:  # the storage (Redis) failed: let the request through
            current_app.logger.warning("Rate limit storage unavailable, request let through: %s", error)
            return
        if refused is not None:
            fail("rate_limited", f"Too many requests of this kind from your address: at most {refused} "
                                 f"({what}); try again in {wait} s.", {"Retry-After": str(wait)})

    def _make_limiter(self) -> MovingWindowRateLimiter:
        with self._lock:
            if self._limiter is None:
                self._limiter = MovingWindowRateLimiter(storage_from_string(self._storage_url))
        return self._limiter

    def open_stream(self) -> None:
        """Count one more open event stream; 503 `too_many_streams` at the cap."""
        with self._lock:
            if self._open >= self.max_streams:
                full = True
            else:
                full = False
                self._open += 1
                STREAMS.inc()
        if full:
            fail("too_many_streams", f"This server process already serves {self.max_streams} event streams; "
                                     "reconnect in a moment (Retry-After) or use another host.",
                 {"Retry-After": "5"})

    def close_stream(self) -> None:
        with self._lock:
            self._open -= 1
            STREAMS.dec()

    @property
    def open_streams(self) -> int:
        return self._open


def limits() -> Limits:
    return current_app.extensions["limits"]
