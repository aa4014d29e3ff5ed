"""Playing at a table (issue 32) on the wire: the clock asked for at creation and shown in every
answer, and the table's own events (beside the game's) in its log."""

from marshmallow import Schema, fields, validate

from .base import Union, const, seat

MIN_TURN_SECONDS, MAX_TURN_SECONDS = 5, 86_400
ON_TIMEOUT = ("default", "bot")


class ClockRequest(Schema):
    turn_seconds = fields.Integer(required=True, strict=True, validate=validate.Range(MIN_TURN_SECONDS, MAX_TURN_SECONDS),
                                  metadata={"description": "Seconds each seat has for each of its decisions."})
    on_timeout = fields.String(load_default="default", validate=validate.OneOf(ON_TIMEOUT), metadata={
        "description": "What the server does for a seat whose time ran out: `default`, the game's default move "
                       "(a pass or the end of the turn where the rules allow it, else the first listed option); "
                       "`bot`, the game's heuristic bot (where it has one, else `random`) makes the move. "
                       "Default: `default`."})


class SeatDeadline(Schema):
    seat = seat(required=True)
    deadline = fields.String(required=True, metadata={
        "format": "date-time", "description": "When the server acts for the seat (RFC 3339, UTC)."})


class ClockView(Schema):
    """The clock of a table that has one: every waiting human seat's deadline."""

    turn_seconds = fields.Integer(required=True)
    on_timeout = fields.String(required=True, validate=validate.OneOf(ON_TIMEOUT))
    deadlines = fields.List(fields.Nested(SeatDeadline), required=True, metadata={
        "description": "One per human seat the table waits for, by seat; a bot's seat has none."})


def _event(type_: str, **extra) -> type[Schema]:
    name = "".join(part.title() for part in type_.split("_")) + "Event"
    return Schema.from_dict({"type": const(type_), **extra}, name=name)


TableEvent = Union("TableEvent", {
    "timed_out": _event("timed_out", player=seat(required=True, metadata={
        "description": "The seat whose time ran out; the events of the move made for it follow."})),
    "move_undone": _event("move_undone", player=seat(required=True, metadata={
        "description": "The seat that took back its move; read the table again for the position."}),
        version=fields.Integer(required=True, metadata={"description": "The version that was taken back."})),
    "seat_joined": _event("seat_joined", player=seat(required=True), name=fields.String(required=True, metadata={
        "description": "The name the player joined with."})),
    "seat_left": _event("seat_left", player=seat(required=True), to=fields.String(
        required=True, validate=validate.OneOf(("bot", "invite")), metadata={
            "description": "`bot`: a bot took the seat over; `invite`: the seat is open again."})),
    "table_started": _event("table_started", bots=fields.Dict(
        keys=fields.String(), values=fields.String(), required=True, metadata={
            "description": "The open seats the creator's `/start` gave to bots: seat -> bot (empty when every "
                           "seat was taken)."})),
    "rematch_proposed": _event("rematch_proposed", player=seat(required=True, metadata={
        "description": "The seat that proposed it."}), table_id=fields.String(required=True, metadata={
            "description": "The new table: each human seat accepts with `POST` on this table's `/rematch`."})),
}, discriminator="type")
