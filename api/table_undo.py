"""Taking a move back: the rule of `POST /v1/tables/{id}/undo` (issue 32; the route: api/table_play.py).

A seat may take back its last move while (a) no seat has moved since (bots, and a move made for
a seat whose time ran out, included) and (b) the move revealed no information: it drew no card,
used no randomness and turned nothing face up for anyone (the engine decides:
core/framework/undo.py). Otherwise 409 `undo_not_allowed`, with the reason in `errors.reason`.

The record keeps what an undo needs beside the table (`record["undo"]`): the seat, the version its
move reached, and the state before it with the move's events, or, when the move cannot be taken
back whatever follows (it revealed something, bots moved after it, it ended the game), just why:
the whole rule but "nobody moved since" is settled once, as the move is committed. So every
answer to a seat can say cheaply whether it may take its last move back now (`can_undo`, from the
record alone: no view of anyone else is made on a read or a move);
and how many moves each seat took back in this game (`record["undos"]`): at most UNDOS_PER_SEAT
(app config, default 50), so that a seat moving and taking back in a loop cannot grow the
table's log without bound (beside the per-address rate limit, api/limits.py).
Taking back is a change like any other: the version goes up (the state is the one before the
move, at the new version), the log gets `{"type": "move_undone", "player": p, "version": v}` (v:
the version taken back), and every seat and spectator reads the position as it was.
"""

from flask import current_app
from webargs.flaskparser import abort

from core.framework.undo import reveals

from .errors import ERRORS

MOVE_UNDONE = "move_undone"
REASONS = {
    "no_move": "seat {seat} has no move of its own to take back (it was not the last to move)",
    "moved_since": "another seat moved since (a bot, or a move made for a seat whose time ran out)",
    "revealed": "{what}",
    "game_over": "the move ended the game",
    "limit": "seat {seat} took back {what} moves in this game already, the most a seat may",
}


def remember(record: dict, seat: int, before: dict, events: list, moves: int) -> None:
    """After `seat`'s move (and `moves` - 1 bot moves after it) is set on `record`: what an undo needs.
    The engine's test (`reveals`) runs here, once per move: cheap (core/framework/undo.py)."""
    after, what = record["state"], None
    if moves > 1:
        why = "moved_since"
    elif after["outcome"] is not None:
        why = "game_over"
    elif what := reveals(before, after, events):
        why = "revealed"
    else:
        record["undo"] = {"seat": seat, "version": record["version"], "state": before, "events": events}
        return
    record["undo"] = {"seat": seat, "version": record["version"], "reason": why, "what": what}


def allowed(record: dict, seat: int | None) -> bool:
    """`can_undo`: whether `seat` may take its last move back now, from the record alone (what
    `check` would answer, but for a record a host running an earlier version kept, whose move's
    face-down cards it did not count: then the undo itself still refuses)."""
    undo = record.get("undo")
    return (seat is not None and undo is not None and undo["seat"] == seat and undo["version"] == record["version"]
            and "state" in undo and taken(record, seat) < most())


def most() -> int:
    """UNDOS_PER_SEAT: the moves a seat may take back in one game."""
    return int(current_app.config["UNDOS_PER_SEAT"])


def refuse(reason: str, seat: int, what: str | None = None):
    words = REASONS[reason].format(seat=seat, what=what)
    abort(ERRORS["undo_not_allowed"][0], code="undo_not_allowed",
          message=f"That move cannot be taken back: {words}.", messages={"reason": [reason]})


def check(record: dict, seat: int) -> dict:
    """The undo record of `seat`'s last move when it may be taken back now (and the seat took back
    fewer than UNDOS_PER_SEAT moves in this game); else 409 with the reason."""
    undo = record.get("undo")
    if not undo or undo["seat"] != seat:
        refuse("no_move", seat)
    if undo["version"] != record["version"]:
        refuse("moved_since", seat)
    if undo.get("reason"):
        refuse(undo["reason"], seat, undo.get("what"))
    # settled at the commit (`remember`); again here for a record kept by a host running an
    # earlier version, which left the face-down cards to the undo
    what = reveals(undo["state"], record["state"], undo["events"])
    if what:
        refuse("revealed", seat, what)
    if taken(record, seat) >= most():
        refuse("limit", seat, str(most()))
    return undo


def taken(record: dict, seat: int) -> int:
    """How many moves `seat` took back in this game."""
    return (record.get("undos") or {}).get(str(seat), 0)
