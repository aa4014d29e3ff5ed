"""Seats at a table (issue 32): names, open seats and their invites, and whether the table started,
as the record keeps them (the routes that change them: api/table_seats.py).

The record keeps, beside the seats' token digests (api/stores/base.py):

    "names":    {"0": "Ana", ...}          the seats' names (validated: api/schemas/table_seats.py)
    "invites":  {"1": "<invite code>"}      the open seats and their codes (the record never leaves
                                            the server; only the creator's answers show a code)
    "spent":    ["<sha256 of a code>", ...] the invites used already (the last SPENT_KEPT), so that
                                            the same invite again is 409 `seat_taken`, not 404
    "started":  bool                        False while open seats wait and the creator did not
                                            `/start`: no move, no bot, no clock until then
    "on_leave": "bot" | "invite"            the creator's choice for a seat that leaves a started game
    "invited":  [1, ...]                    the seats open at creation (a retried creation's answer)
    "options":  {...} | None                the creation's options (a rematch sets up the same game)
    "awaiting": {"1": "<sha256 of a token>"} a rematch's human seats that did not accept yet: the
                                            digest of their token at the old table (api/table_rematch.py)
    "rematch":  {"table_id": ...}           once a seat proposed a rematch (api/table_rematch.py)
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets

import core

INVITE_BYTES = 16
SPENT_KEPT = 64


# --- The record at creation -------------------------------------------------------------------------
def begin(record: dict, args: dict, key: str | None) -> dict:
    """Names, open seats and their invites for a new table (`args`: the creation's body); its invites."""
    players, bots = record["state"]["players"], record["bots"]
    names = {str(int(seat)): name for seat, name in (args.get("names") or {}).items()}
    for seat in names:
        if int(seat) >= players:
            raise core.InvalidOptions(f"Name for seat {seat}, which is not a seat of this table (0 to {players - 1}).",
                                      {f"names.{seat}": ["no such seat"]})
    for seat in args.get("open_seats") or ():
        if seat >= players or str(seat) in bots:
            raise core.InvalidOptions(f"Open seat {seat} is not a human seat of this table (0 to {players - 1}, "
                                      "not a bot's).", {"open_seats": ["no such human seat"]})
    invites = {str(seat): invite_code(key, record["table_id"], f"invite:{seat}") for seat in sorted(args.get("open_seats") or ())}
    record.update(names=names, invites=invites, spent=[], started=not invites, on_leave=args.get("on_leave", "bot"),
                  invited=sorted(int(seat) for seat in invites), options=args.get("options"))
    for seat in invites:
        record["seats"][seat] = None
    return invites


def invite_code(key: str | None, table_id: str, name: str) -> str:
    """A new invite: random, or with an Idempotency-Key derived from it (a retried creation gets the same)."""
    if key is None:
        return secrets.token_urlsafe(INVITE_BYTES)
    digest = hmac.new(key.encode(), f"{table_id}:{name}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:INVITE_BYTES]).rstrip(b"=").decode()


def started(record: dict) -> bool:
    return record.get("started", True)  # a table made before invitations: started at creation


def view_fields(record: dict) -> dict:
    """What every view, snapshot and creation answer says of the seats: names, bots, open seats."""
    return {"seats": seats(record), "started": started(record), "rematch": (record.get("rematch") or {}).get("table_id")}


def seats(record: dict, creator: bool = False) -> list[dict]:
    names, invites, bots = record.get("names") or {}, record.get("invites") or {}, record["bots"]
    out = []
    for seat in range(record["state"]["players"]):
        key = str(seat)
        entry = {"seat": seat, "name": names.get(key), "bot": bots.get(key),
                 "open": key in invites or key in (record.get("awaiting") or {})}
        if creator and key in invites:
            entry["invite"] = invites[key]
        out.append(entry)
    return out


def not_started(record: dict) -> None:
    """409 `table_not_started` for a move at a table that waits for its open seats."""
    from .errors import fail

    open_seats = sorted(int(seat) for seat in {**(record.get("invites") or {}), **(record.get("awaiting") or {})})
    fail("table_not_started", f"The table has not started: seats {open_seats} are open. It starts when every open "
                              "seat is taken, or when the creator posts /start.")


def bump(record: dict, events: list, entries: list) -> None:
    """A table event: the version goes up (the state's with it) and the log gets `events`."""
    version = record["version"] + 1
    record["state"] = {**record["state"], "version": version}
    record["version"] = version
    record.pop("undo", None)  # the table changed: no move can be taken back across it
    entries.append({"version": version, "events": events})
