"""Server-held tables on the wire: create, the per-seat table view, moves, and the event stream's data.

A table's state never leaves the server: every answer carries a *view* (core.view) for
the asking seat, or for a spectator, and only that seat's pending decisions.
"""

from marshmallow import Schema, ValidationError, fields, validate

import core
from core.framework.bots import bot_names

from . import GAMES, GameDecision, GameEvent, GameMove, GameOutcome, GameView, NewGameRequest
from .base import Json, Union, seat
from .table_play import ClockRequest, ClockView, TableEvent
from .table_seats import (INVITE_PATTERN, name_field, names_field, on_leave_field, open_seats_field, rematch_field,
                          seats_field, started_field)

# Every bot some game offers ("random" serves every game); a name the table's game lacks is
# refused with 422 invalid_options.
BOT_NAMES = sorted({name for game in core.all_games() for name in bot_names(game)})
SEAT_KEY = r"^(0|[1-9][0-9]{0,2})$"
TABLE_ID = r"^[A-Za-z0-9_-]{1,64}$"
MAX_SEATS = max(core.get_game(game).max_players for game in GAMES)


def _check_bots(value) -> None:
    if len(value) > MAX_SEATS:
        raise ValidationError(f"At most {MAX_SEATS} seats.")


class CreateTableRequest(NewGameRequest):
    game = fields.String(required=True, validate=validate.OneOf(list(GAMES)),
                         metadata={"description": "A game id, as listed by GET /v1/games."})
    bots = fields.Dict(
        keys=fields.String(validate=validate.Regexp(SEAT_KEY)),
        values=fields.String(metadata={"enum": BOT_NAMES}),
        validate=_check_bots,
        metadata={
            "description": "Seats taken by bots: seat number (as a string) -> bot name. A bot moves as soon as "
                           "one of its seat's decisions is pending, inside the request that made it so, up to "
                           "BOT_MOVES_PER_REQUEST moves (64); moves still owed then are made whenever the "
                           "table is read or followed. Every seat may be a bot: the game then goes on "
                           "slice by slice as spectators read or follow it.",
            "maxProperties": MAX_SEATS,
        },
    )
    clock = fields.Nested(ClockRequest, metadata={
        "description": "A clock: each human seat has `turn_seconds` for each decision, then the server acts for "
                       "it (`on_timeout`), even when no request comes. Answers then carry every waiting seat's "
                       "deadline. Absent: no clock."})
    open_seats = open_seats_field(MAX_SEATS)
    names = names_field(SEAT_KEY, MAX_SEATS)
    on_leave = on_leave_field()


class TableSeat(Schema):
    seat = seat(required=True)
    token = fields.String(required=True, allow_none=True, metadata={
        "description": "The seat's secret: send it as `Authorization: Bearer <token>`. Shown this once; "
                       "null for a bot's seat."})
    bot = fields.String(required=True, allow_none=True, metadata={"description": "The bot's name, or null."})
    name = name_field(required=True, allow_none=True, metadata={"description": "The seat's name, or null."})
    invite = fields.String(required=True, allow_none=True, metadata={
        "description": "An open seat's invite code (give it to the player who is to join: `POST "
                       "/v1/tables/{id}/join`); null for a taken seat.", "pattern": INVITE_PATTERN})


class _Seen(Schema):
    """What a viewer may see of the table at `version`."""

    version = fields.Integer(required=True,
                             metadata={"description": "Moves applied so far; the ETag is its quoted form."})
    view = Json(GameView, required=True, metadata={"description": "The state as the viewer may see it."})
    pending = fields.List(Json(GameDecision), required=True,
                          metadata={"description": "The viewer's own decisions (a spectator has none)."})
    waiting_for = fields.List(seat(), required=True, metadata={"description": "Every seat that owes a decision."})
    outcome = Json(GameOutcome, required=True, allow_none=True)
    clock = fields.Nested(ClockView, metadata={"description": "Only at a table with a clock."})
    seeded = fields.Boolean(required=True, metadata={
        "description": "True when the creator chose the seed: whoever knows the seed can work out every hidden "
                       "card, deck order and future shuffle of the table, so every seat is told."})
    seats = seats_field()
    started = started_field()
    rematch = rematch_field()
    can_undo = fields.Boolean(required=True, metadata={
        "description": "True when the viewer's seat may take its last move back now (`POST /v1/tables/{id}/undo`): "
                       "it was the table's last change, it revealed nothing and did not end the game, and the seat "
                       "took back fewer than UNDOS_PER_SEAT moves in this game. False for other seats and "
                       "spectators. Decided as the move was committed; the undo itself has the last word."})


class TableCreated(_Seen):
    table_id = fields.String(required=True)
    game = fields.String(required=True)
    players = fields.Integer(required=True)
    seats = fields.List(fields.Nested(TableSeat), required=True)
    creator_token = fields.String(required=True, metadata={
        "description": "The creator's secret: only it may DELETE the table. Shown this once."})


class TableView(_Seen):
    table_id = fields.String(required=True)
    seat = seat(required=True, allow_none=True, metadata={"description": "The token's seat; null: a spectator."})


class TableJoined(TableView):
    """A seat taken (`/join`, or a rematch accepted): the seat's new secret beside the table as it sees it."""

    token = fields.String(required=True, metadata={
        "description": "The seat's secret: send it as `Authorization: Bearer <token>`. Shown this once."})


class MoveRequest(Schema):
    move = Json(GameMove, required=True, metadata={
        "description": "One of the options of the seat's pending decisions, verbatim; "
                       "its `player` is the token's seat."})


# --- The data of the event stream's messages (components of the spec, for client generators) ---
# A step's events: the game's, and the table's own (api/schemas/per_game.py narrows it per game).
StepEvent = Union("StepEvent", {"game": GameEvent, "table": TableEvent})


class TableSnapshot(_Seen):
    """`event: snapshot`: the table as the viewer may see it when the stream starts."""


class TableStep(Schema):
    """`event: step`: one accepted move (or the setup, version 0), its events redacted for the viewer."""

    version = fields.Integer(required=True)
    events = fields.List(Json(StepEvent), required=True, metadata={
        "description": "The game's events, and the table's own (`timed_out`: the seat's time ran out, the move "
                       "made for it follows)."})
    outcome = Json(GameOutcome, required=True, allow_none=True,
                   metadata={"description": "Set on the step that ended the game."})
    clock = fields.Nested(ClockView, metadata={
        "description": "At a table with a clock, on the table's latest step: the deadlines from then on."})


class TableSteps(Schema):
    """`GET /v1/tables/{id}/steps?after=N`: the steps after N (each as the event stream sends it)
    and the table's version now; `steps` is empty when nothing happened within `wait` seconds."""

    version = fields.Integer(required=True, metadata={"description": "The table's version now."})
    steps = fields.List(fields.Nested(TableStep), required=True)
    outcome = Json(GameOutcome, required=True, allow_none=True,
                   metadata={"description": "The outcome, once the game is over."})
