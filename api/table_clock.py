"""Clocks at a table: each waiting human seat has a deadline; when it passes, the server acts for
the seat (the game's default move, or its bot), logged as `{"type": "timed_out", "player": p}`
followed by the move's own events, in one log entry.

A seat's deadline starts when it starts to wait (`turn_seconds` from then) and holds while it
keeps waiting and does not move: another seat's move does not reset it. After a timed-out move a
seat still waiting gets a fresh deadline, so every decision a seat leaves has its own full time.

Who acts, and how often: every request that reads a table (GET, the stream, the long-poll, a
move) first settles it (`catch_up`): the bots' moves it owes, then the overdue seats, committed
with the table's version compare-and-set. Several API hosts racing over one expiry: one commit
wins, the others read the winner's table; a `timed_out` is logged exactly once. When nobody
reads, the sweeper (api/sweeper.py) settles the tables the due index (api/stores/due.py) names.

The time comes from the app's `CLOCK_NOW` (a callable giving unix seconds; `time.time` by
default), so tests move time forward instead of waiting. `core` has no clock: it only answers
which move is the default (`core/framework/timeouts.py`).
"""

from __future__ import annotations

import datetime

from flask import current_app

import core
from core.framework.bots import get_bot
from core.framework.timeouts import default_move

from .stores.due import MemoryDue

TIMED_OUT = "timed_out"


def now() -> float:
    return float(current_app.config["CLOCK_NOW"]())


def due_index():
    return current_app.extensions["clock_due"]


def rfc3339(when: float) -> str:
    moment = datetime.datetime.fromtimestamp(when, datetime.timezone.utc)
    return moment.isoformat(timespec="milliseconds").replace("+00:00", "Z")


# --- The clock in the record -------------------------------------------------------------------
def begin(record: dict, clock: dict | None, at: float) -> None:
    """Give a new table its clock (`clock` as the creation asked for it; None: no clock)."""
    if clock:
        record["clock"] = {"turn_seconds": int(clock["turn_seconds"]),
                           "on_timeout": clock.get("on_timeout", "default"), "deadlines": {}}
        restart(record, (), at)


def restart(record: dict, movers, at: float, pending: list | None = None) -> None:
    """The deadlines after a change: a human seat that waits, and did not move (`movers`) while it
    waited before, keeps its deadline; one that starts waiting, or moved, gets `turn_seconds`."""
    clock = record.get("clock")
    if not clock:
        return
    if not record.get("started", True):
        pending = []  # a table that waits for its open seats: no clock runs (api/seating.py)
    if pending is None:
        pending = core.decisions(record["state"], trusted=True) if record["state"]["outcome"] is None else []
    old, fresh = clock["deadlines"], at + clock["turn_seconds"]
    waiting = sorted({d["player"] for d in pending if str(d["player"]) not in record["bots"]})
    deadlines = {str(p): old[str(p)] if str(p) in old and p not in movers else fresh for p in waiting}
    record["clock"] = {**clock, "deadlines": deadlines}


def earliest(record: dict | None) -> float | None:
    """When the table is next due (its earliest deadline), or None."""
    deadlines = (record or {}).get("clock", {}).get("deadlines") or {}
    return min(deadlines.values(), default=None)


def overdue(record: dict, at: float) -> int | None:
    """The seat whose deadline passed first (at `at`), or None."""
    deadlines = (record.get("clock") or {}).get("deadlines") or {}
    late = sorted((when, int(seat)) for seat, when in deadlines.items() if when <= at)
    return late[0][1] if late else None


def body(record: dict) -> dict:
    """`{"clock": ...}` for an answer about a clocked table (nothing for a table without one)."""
    clock = record.get("clock")
    if not clock:
        return {}
    deadlines = [{"seat": int(seat), "deadline": rfc3339(when)}
                 for seat, when in sorted(clock["deadlines"].items(), key=lambda item: int(item[0]))]
    return {"clock": {"turn_seconds": clock["turn_seconds"], "on_timeout": clock["on_timeout"],
                      "deadlines": deadlines}}


def index(record: dict) -> None:
    """After a commit: the due index learns the table's earliest deadline (only ever lowered here)."""
    when = earliest(record)
    if when is not None:
        due = due_index()
        due.lower(record["table_id"], when)
        if isinstance(due, MemoryDue) and current_app.config["CLOCK_SWEEPER"]:
            current_app.extensions["clock_sweeper"].start()  # the embedded store: swept in this process


# --- Acting for a seat -------------------------------------------------------------------------
def timeout_move(record: dict, seat: int, rng) -> dict:
    """The move made for `seat` whose time ran out: the default move, or the seat's bot's."""
    state = record["state"]
    if record["clock"]["on_timeout"] == "bot":
        game = core.get_game(state["game"])
        return get_bot(game, game.timeout_bot(seat)).choose(core.view(state, seat, trusted=True), rng)
    return default_move(state, seat)


def catch_up(record: dict, store, play_bots, budget: int, ttl: int, at: float | None = None) -> dict:
    """The table after the moves it owes: the due bots' and those of seats whose time ran out, up to
    `budget` moves, committed at once (a lost commit: the table as the winner left it).

    `play_bots(record, step, entries) -> step` plays the due bots on `record` (api/tables.py)."""
    if record["state"]["outcome"] is not None:
        return record
    at = now() if at is None else at
    pending = core.decisions(record["state"], trusted=True) if record["bots"] else None
    bots_due = pending is not None and any(str(d["player"]) in record["bots"] for d in pending)
    if not bots_due and overdue(record, at) is None:
        return record  # the usual read of a clocked table: no decisions worked out
    if pending is None:
        pending = core.decisions(record["state"], trusted=True)
    from core.framework.rng import Rng

    expected, record, entries = record["version"], dict(record), []
    undo = record.pop("undo", None)  # a seat moves now: the last move can no longer be taken back
    if undo:  # only why (api/table_undo.py), without the state it kept
        record["undo"] = {"seat": undo["seat"], "version": undo["version"], "reason": "moved_since", "what": None}
    step = core.Step(record["state"], pending, [], None)
    while len(entries) < budget and step.outcome is None:
        before = len(entries)
        step = play_bots(record, step, entries)
        if len(entries) > before:
            restart(record, (), at, step.pending)
        seat = overdue(record, at)
        if seat is None:
            if len(entries) == before:
                break
            continue
        rng = Rng.load(record["bot_rng"])
        move = timeout_move(record, seat, rng)
        step = step.play(move)
        entries.append({"version": step.state["version"], "events": [{"type": TIMED_OUT, "player": seat}, *step.events]})
        record["state"], record["version"], record["bot_rng"] = step.state, step.state["version"], rng.dump()
        restart(record, {seat}, at, step.pending)
    if not entries:
        return record
    if store.commit(record["table_id"], expected, record, entries, ttl):
        index(record)
        return record
    return store.get(record["table_id"])  # None: deleted meanwhile
