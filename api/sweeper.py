"""The sweeper: it settles the clocked tables whose deadline passed, even when no request comes.

Each app has one (`app.extensions["clock_sweeper"]`). It claims the due tables from the due
index (api/stores/due.py: a Redis sorted set, or the memory store's own), settles each as a read
would (api/table_clock.catch_up: the move made for the seat, committed with the version
compare-and-set) and writes the table's next due time back. Several sweepers at once (one per
gunicorn worker, per host, or `python -m api.sweeper` processes) are safe: a claim leases a
table to one sweeper for LEASE seconds, and were two to settle the same table anyway, the
compare-and-set lets one commit win, so a `timed_out` is logged once.

Where it runs:
- the memory store: a thread of this process, started with the first clocked table (the
  tables live in this process only);
- Redis: gunicorn.conf.py starts one per worker (a greenlet under gevent) unless CLOCK_SWEEPER=0;
  `python -m api.sweeper` runs one as a process of its own (with CLOCK_SWEEPER=0 for the workers).
  The deadlines are in Redis, so clocks survive a restart of every API process: the first sweep
  after it settles what fell due meanwhile.
- While Redis is away, nothing can be read or committed: the sweeper logs the failure, waits
  POLL seconds and tries again; requests answer 503 `store_unavailable`. Deadlines that pass
  meanwhile are settled, once each, as soon as Redis is back (late, never twice).

Tests call `sweep()` after moving the app's CLOCK_NOW forward, instead of waiting.
"""

from __future__ import annotations

import logging
import os
import threading
import time

from .stores import StoreUnavailable
from .stores.due import DUE_KEY, make_due

POLL = 1.0  # s: the longest the thread sleeps between two looks at the due index
LEASE = 30.0  # s: a claimed table is left to its sweeper this long
BATCH = 100  # tables claimed at once

log = logging.getLogger("api.sweeper")


class Sweeper:
    def __init__(self, app):
        self.app = app
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        self._lock = threading.Lock()

    def sweep(self) -> int:
        """Settle every table due now; the number of tables looked at."""
        from . import table_clock, tables

        done = 0
        with self.app.app_context():
            store, due = tables._store(), table_clock.due_index()
            while True:
                at = table_clock.now()
                claimed = due.claim(at, at + LEASE, BATCH)
                for table_id in claimed:
                    self._settle(table_id, store, due, at)
                done += len(claimed)
                if len(claimed) < BATCH:
                    return done

    def _settle(self, table_id: str, store, due, at: float) -> None:
        from . import table_clock, tables

        record = store.get(table_id)
        if record is not None:
            budget = int(self.app.config["BOT_MOVES_PER_REQUEST"])
            record = table_clock.catch_up(record, store, tables._bots_play, budget, tables._ttl(), at)
        # The exact next time (it may go up), then a second look: a commit made in between lowered
        # the time before this write, so it is lowered again here.
        due.reset(table_id, table_clock.earliest(record))
        again = store.get(table_id)
        if again is not None and (record is None or again["version"] != record["version"]):
            when = table_clock.earliest(again)
            if when is not None:
                due.lower(table_id, when)

    # --- the background loop --------------------------------------------------------------
    def start(self) -> "Sweeper":
        """Run `sweep` in a daemon thread (a greenlet under gevent) until `stop`; once per app."""
        with self._lock:
            if self._thread is None or not self._thread.is_alive():
                self._stop.clear()
                self._thread = threading.Thread(target=self._run, name="clock-sweeper", daemon=True)
                self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=10)

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                self.sweep()
                self._stop.wait(self._pause())
            except StoreUnavailable as error:
                log.warning("Clock sweeper: the table store is unavailable (%s); retrying in %.0f s", error, POLL)
                self._stop.wait(POLL)
            except Exception:  # never let one bad table stop every clock of the host
                log.exception("Clock sweeper: a sweep failed; retrying in %.0f s", POLL)
                self._stop.wait(POLL)

    def _pause(self) -> float:
        with self.app.app_context():
            from . import table_clock

            next_time = table_clock.due_index().next_time()
            at = table_clock.now()
        return POLL if next_time is None else max(0.01, min(POLL, next_time - at))


def init_app(app) -> None:
    """The clock's settings, the due index beside the table store, and the app's sweeper."""
    app.config.setdefault("CLOCK_NOW", time.time)
    # False: no thread of this app sweeps (tests call `sweep`; `python -m api.sweeper` does it)
    app.config.setdefault("CLOCK_SWEEPER", os.environ.get("CLOCK_SWEEPER", "1") not in ("0", "false", "off"))
    app.config.setdefault("CLOCK_DUE_KEY", os.environ.get("CLOCK_DUE_KEY") or DUE_KEY)  # the Redis sorted set of due tables (shared by every host)
    app.extensions["clock_due"] = make_due(app.extensions["table_store"], app.config["CLOCK_DUE_KEY"])
    app.extensions["clock_sweeper"] = Sweeper(app)


def sweeper(app) -> Sweeper:
    return app.extensions["clock_sweeper"]


def start_in_worker(app) -> None:
    """gunicorn.conf.py, in each worker: its sweeper, unless CLOCK_SWEEPER is off."""
    if app.config.get("CLOCK_SWEEPER"):
        sweeper(app).start()


def main() -> None:  # pragma: no cover - a process of its own: python -m api.sweeper
    """Run one sweeper as a process of its own, for the app the environment configures."""
    from . import create_app

    logging.basicConfig(level=logging.INFO)
    app = create_app()
    sweeper(app).start()
    log.info("Clock sweeper running (REDIS_URL=%s)", "set" if app.config.get("REDIS_URL") else "unset")
    try:
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        sweeper(app).stop()


if __name__ == "__main__":  # pragma: no cover
    main()
