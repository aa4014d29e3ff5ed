"""Rematches (issue 32): once a game ended, any seat proposes another game to the same people.

`POST /v1/tables/{id}/rematch` with a seat's token, at a finished table:
- the first such request sets up a new table: the same game, players, options, names, bots, clock and
  `on_leave`, a new random seed, the same creator's token; the old table's log gets
  `{"type": "rematch_proposed", "player": p, "table_id": new}` (its version goes up; its views say
  `rematch`), so the stream of every seat (with `rematch=wait`) learns the new table's id;
- each human seat accepts with the same request, with its old token, and gets its new token (the
  proposer's own request accepts for it); a seat that accepted already: 409 `seat_taken`;
- the new table starts when every human seat accepted (or its creator posts `/start`, the seats
  that did not accept going to bots); a seat that was open at the old table (left, say) is open at
  the new one, with a new invite in the creator's seat list.

Two seats proposing at once: the old table's compare-and-set lets one new table win; the other,
never announced, is deleted and its proposer accepts the winner's.
"""

from __future__ import annotations

import secrets

from flask import Response, current_app

import core

from . import seating, table_clock
from .errors import error_responses, fail
from .limits import limits
from .table_seats import change, new_token, take_seat
from .tables import (AUTHORIZATION, ETAG, SEAT_TOKEN, TABLE, VARY, _bearer, _digest, _record, _ref, _seat, _store,
                     _table_body, _tagged, _ttl, blp, new_record)

PROPOSED = "rematch_proposed"


@blp.route("/<table_id>/rematch", methods=["POST"], parameters=TABLE)
@blp.response(200, _ref("TableJoined"), headers={**ETAG, **VARY, "Location": {
    "description": "The new table's URL.", "schema": {"type": "string"}}})
@blp.doc(operationId="rematchTable", security=[{SEAT_TOKEN: []}], parameters=[AUTHORIZATION],
         responses=error_responses("missing_token", "invalid_token", "wrong_seat", "unknown_table", "game_not_over",
                                   "seat_taken", "rate_limited", "store_unavailable"))
def rematch_table(table_id):
    """Propose a rematch of a finished game, or accept the one proposed, with the seat's token: the answer is
    the new table as the seat sees it, with the seat's new token (shown this once). The new table has the same
    game, options, names, bots and clock, and a new seed; it starts when every human seat accepted."""
    limits().check("seats")
    token = _bearer(required=True)
    old = _record(table_id)
    seat = _seat(old, token)
    if seat is None:
        fail("wrong_seat", "This is the creator's token; a seat proposes or accepts a rematch.")
    if old["state"]["outcome"] is None:
        fail("game_not_over", "The game is not over yet: a rematch is proposed once it ended.")
    new_id = (old.get("rematch") or {}).get("table_id")
    if new_id is None:
        limits().check("create")
        new_id = _propose(old, seat)
    mine, digest = new_token()
    name = (old.get("names") or {}).get(str(seat))
    at = table_clock.now()

    def accept(record, entries):
        if (record.get("awaiting") or {}).get(str(seat)) != _digest(token):
            fail("seat_taken", f"Seat {seat} accepted this rematch already.")
        take_seat(record, entries, str(seat), name, digest, at)

    record, _ = change(new_id, accept)
    answer = current_app.json.dumps({"token": mine, **_table_body(record, seat)}).encode()
    response = _tagged(Response(answer, mimetype="application/json"), record)
    response.headers["Location"] = f"{blp.url_prefix}/{new_id}"
    return response


def _propose(old: dict, seat: int) -> str:
    """Set up the new table and announce it at the old one; the id of the rematch that won."""
    players, store = old["state"]["players"], _store()
    seed = secrets.randbits(63)
    step = core.new_game(old["game"], players, old.get("options"), seed)
    humans = {key: digest for key, digest in old["seats"].items() if key not in old["bots"]}
    new_id = secrets.token_urlsafe(12)
    record = new_record(new_id, old["game"], step, seed, dict.fromkeys(range(players)), dict(old["bots"]),
                        old["creator"], seeded=False)
    was_open = {key for key in humans if key in (old.get("invites") or {}) or humans[key] is None}
    record.update(
        names={key: name for key, name in (old.get("names") or {}).items() if key not in was_open},
        invites={key: seating.invite_code(None, new_id, "") for key in sorted(was_open, key=int)},
        awaiting={key: digest for key, digest in humans.items() if key not in was_open},
        spent=[], started=False, on_leave=old.get("on_leave", "bot"), invited=[], options=old.get("options"),
        rematch_of=old["table_id"])
    if old.get("clock"):
        table_clock.begin(record, old["clock"], table_clock.now())
    if not store.create(record, [{"version": step.state["version"], "events": step.events}], _ttl()):
        fail("store_unavailable", "The new table could not be made; try again.")

    def announce(current, entries):
        if current.get("rematch"):
            return current["rematch"]["table_id"]  # another seat's proposal came first
        current["rematch"] = {"table_id": new_id}
        seating.bump(current, [{"type": PROPOSED, "player": seat, "table_id": new_id}], entries)
        return new_id

    _, winner = change(old["table_id"], announce)
    if winner != new_id:
        store.delete(new_id)
    return winner

