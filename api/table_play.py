"""Playing at a table (issue 32): the routes beside the moves, on the tables blueprint.

`POST /v1/tables/{id}/undo` takes back a seat's last move (the rule: api/table_undo.py).
"""

from flask import Response, current_app

from . import table_clock, table_undo
from .errors import error_responses
from .limits import limits
from .tables import (AUTHORIZATION, ETAG, IF_MATCH, SEAT_TOKEN, TABLE, VARY, _bearer, _bots_catch_up, _etag,
                     _if_match, _ref, _record, _seat, _store, _table_body, _tagged, _ttl, blp, fail)


@blp.route("/<table_id>/undo", methods=["POST"], parameters=TABLE)
@blp.response(200, _ref("TableView"), headers={**ETAG, **VARY})
@blp.doc(operationId="undoMove", security=[{SEAT_TOKEN: []}], parameters=[AUTHORIZATION, IF_MATCH],
         responses=error_responses("invalid_if_match", "missing_token", "invalid_token", "wrong_seat", "unknown_table",
                                   "undo_not_allowed", "stale_version", "precondition_required", "rate_limited",
                                   "store_unavailable"))
def undo_move(table_id):
    """Take back the token's seat's last move, at the version in If-Match: allowed while nobody moved since and
    the move revealed nothing (no card drawn, no randomness, nothing turned face up), else 409
    `undo_not_allowed` with the reason. The version goes up; the log gets `move_undone`; every seat and
    spectator then reads the position as it was before the move. A seat takes back at most UNDOS_PER_SEAT
    (default 50) moves a game (`errors.reason`: `limit`)."""
    limits().check("seats")
    token = _bearer(required=True)
    versions = _if_match()
    record = _record(table_id)
    seat = _seat(record, token)
    if seat is None:
        fail("wrong_seat", "This is the creator's token; only a seat may take back its own move.")
    record = _bots_catch_up(record)
    if versions is not None and record["version"] not in versions:
        fail("stale_version", f"The table is at version {record['version']}, not the one in If-Match; "
                              "get the table again.", {"ETag": _etag(record)})
    undo = table_undo.check(record, seat)
    expected, record = record["version"], dict(record)
    version = expected + 1
    record["state"] = {**undo["state"], "version": version}
    record["version"] = version
    del record["undo"]
    record["undos"] = {**(record.get("undos") or {}), str(seat): table_undo.taken(record, seat) + 1}
    table_clock.restart(record, {seat}, table_clock.now())
    entries = [{"version": version, "events": [{"type": table_undo.MOVE_UNDONE, "player": seat, "version": undo["version"]}]}]
    store = _store()
    if not store.commit(table_id, expected, record, entries, _ttl()):
        now = store.get(table_id) or _record(table_id)
        fail("stale_version", f"Another move came first: the table is at version {now['version']} now.",
             {"ETag": _etag(now)})
    table_clock.index(record)
    answer = current_app.json.dumps(_table_body(record, seat)).encode()
    return _tagged(Response(answer, mimetype="application/json"), record)
