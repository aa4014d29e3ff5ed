"""Invitations, names, joining, starting and leaving a table (issue 32); the routes are on the tables
blueprint.

What the record keeps of them: api/seating.py.

Every change is a compare-and-set on the table's version (`store.commit(expected=...)`), tried
again on a lost race: two joins with one invite give one 200 and one 409 `seat_taken`, on any
number of API hosts. Each change raises the version and logs a table event (`seat_joined`,
`seat_left`, `table_started`), so streams and long-polls follow it like a move.

Names never reach a log line: they are only in bodies, and the request log has no bodies.
"""

from __future__ import annotations

import hmac
import secrets

from flask import Response, current_app

import core

from . import table_clock
from .errors import error_responses, fail
from .limits import limits
from .schemas.table_seats import JoinRequest, SeatList
from .seating import SPENT_KEPT, bump, invite_code, seats, started
from .tables import (
    AUTHORIZATION,
    BODY_ERRORS,
    CREATOR_TOKEN,
    ETAG,
    READER,
    SEAT_TOKEN,
    TABLE,
    TOKEN_BYTES,
    VARY,
    _bearer,
    _bots_play,
    _digest,
    _record,
    _ref,
    _seat,
    _store,
    _table_body,
    _tagged,
    _ttl,
    blp,
)

COMMIT_TRIES = 16  # a change lost to this many moves in a row in one request: 503, try again


# --- Changes, compare-and-set -----------------------------------------------------------------------
def start(record: dict, entries: list, at: float) -> None:
    """The table starts: bots that are due move, the clock begins."""
    record["started"] = True
    state = record["state"]
    if state["outcome"] is None:
        step = core.Step(state, core.decisions(state, trusted=True), [], None)
        step = _bots_play(record, step, entries)
        table_clock.restart(record, (), at, step.pending)


def change(table_id: str, act) -> tuple[dict, object]:
    """Apply `act(record, entries) -> result` to the table and commit it, again on a lost race."""
    store = _store()
    for _ in range(COMMIT_TRIES):
        record = _record(table_id)
        expected, record, entries = record["version"], dict(record), []
        result = act(record, entries)
        if not entries:
            return record, result
        if store.commit(table_id, expected, record, entries, _ttl()):
            table_clock.index(record)
            return record, result
    fail("store_unavailable", "The table changed too often to make this change; try again in a moment.")


def new_token() -> tuple[str, str]:
    token = secrets.token_urlsafe(TOKEN_BYTES)
    return token, _digest(token)


def take_seat(record: dict, entries: list, seat: str, name: str, digest: str, at: float) -> None:
    """Seat `seat`, open or awaiting its rematch's player, to the player with that token digest and name;
    the table starts when no seat is left open."""
    if seat in (record.get("awaiting") or {}):
        record["awaiting"] = {s: d for s, d in record["awaiting"].items() if s != seat}
    else:
        code = record["invites"][seat]
        record["invites"] = {s: c for s, c in record["invites"].items() if s != seat}
        record["spent"] = [*record.get("spent", []), _digest(code)][-SPENT_KEPT:]
    record["seats"] = {**record["seats"], seat: digest}
    record["names"] = {**record.get("names", {}), seat: name}
    events = [{"type": "seat_joined", "player": int(seat), "name": name}]
    starts = not started(record) and not record["invites"] and not record.get("awaiting")
    if starts:
        events.append({"type": "table_started", "bots": {}})
    bump(record, events, entries)
    if starts:
        start(record, entries, at)
    else:
        table_clock.restart(record, (), at)


# --- Routes -----------------------------------------------------------------------------------------
def _answer(record: dict, seat: int | None, extra: dict | None = None) -> Response:
    answer = current_app.json.dumps({**(extra or {}), **_table_body(record, seat)}).encode()
    return _tagged(Response(answer, mimetype="application/json"), record)


@blp.route("/<table_id>/join", methods=["POST"], parameters=TABLE)
@blp.arguments(JoinRequest(), examples={"join": {"value": {"invite": "Vq8b0cC2rWbU1yP0kq9o4A", "name": "Bo"}}})
@blp.response(200, _ref("TableJoined"), headers={**ETAG, **VARY})
@blp.doc(operationId="joinTable", responses=error_responses(
    "unknown_table", "unknown_invite", "seat_taken", "rate_limited", *BODY_ERRORS, "store_unavailable"))
def join_table(args, table_id):
    """Take an open seat with its invite code and a name: the answer carries the seat's token (shown this once)
    and the table as that seat sees it. The table starts when its last open seat is taken. The same invite
    again is 409 `seat_taken`; an invite the table never gave is 404 `unknown_invite`."""
    limits().check("join")
    code, name = args["invite"], args["name"]
    token, digest = new_token()
    at = table_clock.now()

    def act(record, entries):
        seat = next((s for s, c in (record.get("invites") or {}).items() if hmac.compare_digest(c, code)), None)
        if seat is None:
            if _digest(code) in (record.get("spent") or ()):
                fail("seat_taken", "That invite was used already: its seat is taken.")
            fail("unknown_invite", "This table has no open seat with that invite code.")
        take_seat(record, entries, seat, name, digest, at)
        return int(seat)

    record, seat = change(table_id, act)
    return _answer(record, seat, {"token": token})


@blp.route("/<table_id>/start", methods=["POST"], parameters=TABLE)
@blp.response(200, _ref("TableView"), headers={**ETAG, **VARY})
@blp.doc(operationId="startTable", security=[{CREATOR_TOKEN: []}], parameters=[AUTHORIZATION],
         responses=error_responses("missing_token", "invalid_token", "not_creator", "unknown_table", "table_started",
                                   "rate_limited", "store_unavailable"))
def start_table(table_id):
    """Start a table that waits for open seats, with the creator's token: each open seat (and each seat of a
    rematch not accepted yet) goes to the game's heuristic bot (else `random`), and the first move (and clock)
    begins. Already started: 409 `table_started`."""
    limits().check("seats")
    token = _bearer(required=True)
    _creator(_record(table_id), token)
    at = table_clock.now()

    def act(record, entries):
        if started(record):
            fail("table_started", "The table has started already.")
        game = core.get_game(record["game"])
        left = {**record["invites"], **(record.get("awaiting") or {})}
        given = {seat: game.timeout_bot(int(seat)) for seat in sorted(left, key=int)}
        record["bots"] = dict(sorted({**record["bots"], **given}.items(), key=lambda item: int(item[0])))
        record["invites"], record["awaiting"] = {}, {}
        bump(record, [{"type": "table_started", "bots": given}], entries)
        start(record, entries, at)

    record, _ = change(table_id, act)
    return _answer(record, None)


@blp.route("/<table_id>/leave", methods=["POST"], parameters=TABLE)
@blp.response(200, _ref("TableView"), headers={**ETAG, **VARY})
@blp.doc(operationId="leaveTable", security=[{SEAT_TOKEN: []}], parameters=[AUTHORIZATION],
         responses=error_responses("missing_token", "invalid_token", "wrong_seat", "unknown_table", "game_over",
                                   "rate_limited", "store_unavailable"))
def leave_table(table_id):
    """Leave the token's seat (the token is then void): before the start it opens again with a new invite;
    once started, a bot takes it over or it opens again, as the creator chose (`on_leave`). A bot's seat
    has no clock; an open seat's clock runs on. The answer is the table as a spectator sees it."""
    limits().check("seats")
    token = _bearer(required=True)
    seat = _seat(_record(table_id), token)
    if seat is None:
        fail("wrong_seat", "This is the creator's token; only a seat may leave.")
    at = table_clock.now()
    digest = _digest(token)

    def act(record, entries):
        key = str(seat)
        if record["seats"].get(key) != digest:  # left already, in a race
            _seat(record, token)
        if record["state"]["outcome"] is not None:
            fail("game_over", "The game is over: there is no seat to leave (propose a rematch instead).")
        to = "invite" if not started(record) or record.get("on_leave") == "invite" else "bot"
        record["seats"] = {**record["seats"], key: None}
        record["names"] = {s: n for s, n in (record.get("names") or {}).items() if s != key}
        if to == "invite":
            record["invites"] = {**(record.get("invites") or {}), key: invite_code(None, table_id, "")}
        else:
            bot = core.get_game(record["game"]).timeout_bot(seat)
            record["bots"] = dict(sorted({**record["bots"], key: bot}.items(), key=lambda item: int(item[0])))
        bump(record, [{"type": "seat_left", "player": seat, "to": to}], entries)
        if to == "bot" and started(record):
            start(record, entries, at)
        else:
            table_clock.restart(record, (), at)

    record, _ = change(table_id, act)
    return _answer(record, None)


@blp.route("/<table_id>/seats", methods=["GET"], parameters=TABLE)
@blp.response(200, SeatList, headers=VARY)
@blp.doc(operationId="tableSeats", security=READER, parameters=[AUTHORIZATION],
         responses=error_responses("invalid_token", "unknown_table", "store_unavailable"))
def table_seats(table_id):
    """Who sits where: each seat's name, bot, and whether it is open; with the creator's token, the open seats'
    invite codes too (to hand out again, after a leave say)."""
    token = _bearer(required=False)
    record = _record(table_id)
    seat = _seat(record, token)
    creator = token is not None and seat is None
    body = {"table_id": table_id, "version": record["version"], "started": started(record),
            "on_leave": record.get("on_leave", "bot"), "seats": seats(record, creator=creator)}
    response = current_app.json.response(body)
    response.headers["Vary"] = "Authorization"
    response.headers["Cache-Control"] = "private, no-cache"
    return response


def _creator(record: dict, token: str) -> None:
    if not hmac.compare_digest(record["creator"], _digest(token)):
        _seat(record, token)  # 401 unless it is a seat's token
        fail("not_creator", "Only the creator's token may do that; this is a seat's token.")


