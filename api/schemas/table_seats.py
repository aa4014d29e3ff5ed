"""Invitations, names, joining, starting, leaving and rematches at a table (issue 32) on the wire.

A name is 1 to NAME_MAX characters: letters and digits of any script (Python's `\\w`, so also
`_`), spaces inside, and `.`, `'` and `-`; no markup, quote or control character can be one, so
a name is plain text wherever it is shown (it still goes out JSON-escaped, and a page must set
it as text). The same pattern is in the spec.
"""

import re

from marshmallow import Schema, ValidationError, fields, validate

from .base import seat

NAME_MAX = 24
NAME_PATTERN = r"^[\w.'-](?:[\w .'-]{0,%d}[\w.'-])?$" % (NAME_MAX - 2)
_NAME = re.compile(NAME_PATTERN[1:-1])
INVITE_PATTERN = r"^[A-Za-z0-9_-]{22}$"  # secrets.token_urlsafe(16)
ON_LEAVE = ("bot", "invite")
NAME_RULE = (f"1 to {NAME_MAX} characters: letters and digits of any script, `_`, `.`, `'`, `-`, and spaces "
             "(not first or last)")


def _check_name(value: str) -> None:
    if not _NAME.fullmatch(value):  # fullmatch: `$` in the pattern would let a final newline through
        raise ValidationError(f"A name is {NAME_RULE}.")


def name_field(**kwargs) -> fields.String:
    return fields.String(validate=_check_name, metadata={
        "description": f"A player's name: {NAME_RULE}.", "pattern": NAME_PATTERN, "minLength": 1,
        "maxLength": NAME_MAX, **kwargs.pop("metadata", {})}, **kwargs)


def _unique(value) -> None:
    if len(set(value)) != len(value):
        raise ValidationError("Each seat at most once.")


def open_seats_field(max_seats: int) -> fields.List:
    return fields.List(seat(), validate=[validate.Length(max=max_seats), _unique], metadata={
        "description": "Seats left open for players to join by invitation: the creation answer gives each an "
                       "`invite` code (and `token: null`). The first move waits until every open seat is taken "
                       "(`POST /v1/tables/{id}/join`), or the creator starts the table (`/start`), the open seats "
                       "then going to bots. Not a bot's seat.", "uniqueItems": True, "maxItems": max_seats})


def names_field(seat_key: str, max_seats: int) -> fields.Dict:
    return fields.Dict(keys=fields.String(validate=validate.Regexp(seat_key)), values=name_field(),
                       validate=validate.Length(max=max_seats), metadata={
                           "description": "Names of seats: seat number (as a string) -> name. Shown in every view, "
                                          "stream snapshot and seat list.", "maxProperties": max_seats})


def on_leave_field() -> fields.String:
    return fields.String(load_default="bot", validate=validate.OneOf(ON_LEAVE), metadata={
        "description": "What `POST /v1/tables/{id}/leave` does to a seat once the game has started: `bot`, the game's "
                       "heuristic bot (else `random`) takes it over; `invite`, it opens again with a new invite "
                       "(shown to the creator in the seat list), and the game waits for it (its clock, if any, "
                       "runs on). Before the start, a leave always opens the seat again. Default: `bot`."})



class JoinRequest(Schema):
    invite = fields.String(required=True, validate=validate.Regexp(INVITE_PATTERN), metadata={
        "description": "An open seat's invite code, as the creator got it.", "pattern": INVITE_PATTERN})
    name = name_field(required=True)


class SeatInfo(Schema):
    """A seat as every viewer sees it (never a token, never an invite)."""

    seat = seat(required=True)
    name = fields.String(required=True, allow_none=True, metadata={"description": "The seat's name, or null."})
    bot = fields.String(required=True, allow_none=True, metadata={"description": "The bot's name, or null."})
    open = fields.Boolean(required=True, metadata={"description": "True while the seat waits for a player to join."})


class SeatListed(SeatInfo):
    invite = fields.String(metadata={
        "description": "Only in the creator's seat list (the creator's token), on an open seat: its invite code."})


class SeatList(Schema):
    """`GET /v1/tables/{id}/seats`: who sits where."""

    table_id = fields.String(required=True)
    version = fields.Integer(required=True)
    started = fields.Boolean(required=True)
    on_leave = fields.String(required=True, validate=validate.OneOf(ON_LEAVE))
    seats = fields.List(fields.Nested(SeatListed), required=True)


def started_field() -> fields.Boolean:
    return fields.Boolean(required=True, metadata={
        "description": "False while the table waits for open seats to be taken (or the creator's `/start`): no "
                       "move is made and no clock runs until then."})


def rematch_field() -> fields.String:
    return fields.String(required=True, allow_none=True, metadata={
        "description": "Once a seat proposed a rematch (`POST /v1/tables/{id}/rematch`): the new table's id; "
                       "else null."})


def seats_field() -> fields.List:
    return fields.List(fields.Nested(SeatInfo), required=True, metadata={
        "description": "Every seat: its name, its bot, and whether it is open."})
