"""Wire schemas of sealed games (api/sealed.py): the state travels encrypted, the holder sees one seat."""

from marshmallow import Schema, fields, validate

from . import GameDecision, GameEvent, GameMove, GameOptions, GameOutcome, GameView, Json, seat
from .tables import MAX_SEATS, SEAT_KEY

SEALED = fields.String(required=True, validate=validate.Length(1, 1_400_000), metadata={
    "description": "The sealed state, exactly as the server sent it: opaque, encrypted and authenticated."})


class SealRequest(Schema):
    players = fields.Integer(required=True, strict=True, validate=validate.Range(1, MAX_SEATS),
                             metadata={"description": "How many seats; GameInfo gives the game's range."})
    options = Json(GameOptions, metadata={"description": "Table options; absent ones take their default."})
    seat = seat(required=True, allow_none=True, metadata={
        "description": "The holder's seat: the holder moves and looks only as this seat. null: pass-and-play, "
                       "the holder acts for every human seat and names the seat it looks as."})
    bots = fields.Dict(keys=fields.String(validate=validate.Regexp(SEAT_KEY)),
                       values=fields.String(validate=validate.Length(1, 64)), load_default=dict, metadata={
                           "description": "Seat (as a string) -> bot name: these seats are played by the server "
                                          "inside each request. Every other seat is human."})


class SealedApplyRequest(Schema):
    sealed = SEALED
    move = Json(GameMove, required=True,
                metadata={"description": "One of the options of a pending decision, verbatim."})


class SealedViewRequest(Schema):
    sealed = SEALED
    player = seat(allow_none=True, metadata={
        "description": "The seat to look as: the seal's seat (the default) for a seat's seal; for pass-and-play "
                       "(seat null) required: a human seat, or null for a spectator."})


class SealedStep(Schema):
    """A sealed game as its holder may see it: never the state, another seat's hidden cards or the RNG."""

    sealed = SEALED
    game = fields.String(required=True)
    version = fields.Integer(required=True)
    seat = seat(required=True, allow_none=True, metadata={"description": "The seat this answer is seen as."})
    view = Json(GameView, required=True)
    pending = fields.List(Json(GameDecision), required=True,
                          metadata={"description": "That seat's own decisions, with every legal option."})
    events = fields.List(Json(GameEvent), required=True,
                         metadata={"description": "What happened in this request (the move, then the bots' "
                                                  "moves), as that seat may see it."})
    waiting_for = fields.List(fields.Integer(), required=True, metadata={"description": "The seats due to decide."})
    bots_due = fields.Boolean(required=True, metadata={
        "description": "true when bots still owe moves past this request's budget: the next view or apply "
                       "makes them."})
    outcome = Json(GameOutcome, required=True, allow_none=True)
