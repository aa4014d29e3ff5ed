"""Race to Ten on the wire: in production this is `api/schemas/race_to_ten.py`, the module the
API finds by the game's package name. It names the game's `State`, `View`, `Move`, `Decision`,
`Event`, `Outcome` and `Card`, written from the game's vocabulary.
"""

from marshmallow import Schema, fields, validate

from api.schemas.base import HiddenCard, Json, Union, const, in_vocabulary, labels_field, one_of, options_schema

from .race_to_ten import CARDS, DECISION_KINDS, EVENT_TYPES, GAME, MOVE_KINDS, OUTCOME_REASONS


def seat(**kwargs):
    return fields.Integer(strict=True, validate=validate.Range(0, 1), **kwargs)


def card(**kwargs):
    return one_of(CARDS, **kwargs)


Move = Union("RaceToTenMove", in_vocabulary(MOVE_KINDS, {"play": Schema.from_dict(
    {"player": seat(required=True), "kind": const("play"), "card": card(required=True)}, name="RaceToTenPlayMove")}),
    discriminator="kind")


class RaceToTenDecision(Schema):
    player = seat(required=True)
    kind = one_of(DECISION_KINDS, required=True)
    prompt = fields.String(required=True)
    options = fields.List(Json(Move), required=True)
    labels = labels_field()


class RaceToTenOutcome(Schema):
    winners = fields.List(seat(), required=True)
    scores = fields.Dict(keys=fields.String(), values=fields.Integer(), required=True)
    reason = one_of(OUTCOME_REASONS, required=True)


class _Position(Schema):
    game = const(GAME.id)
    version = fields.Integer(required=True, strict=True)
    players = fields.Integer(required=True, strict=True)
    options = fields.Nested(options_schema(GAME, complete=True), required=True)
    outcome = fields.Nested(RaceToTenOutcome, required=True, allow_none=True)
    played = fields.List(card(), required=True)
    total = fields.Integer(required=True, strict=True)
    turn = seat(required=True)


class RaceToTenState(_Position):
    rng = fields.String(required=True)
    deck = fields.List(card(), required=True)
    hands = fields.List(fields.List(card()), required=True)


class RaceToTenView(_Position):
    deck = fields.List(fields.Nested(HiddenCard), required=True)
    hands = fields.List(fields.List(fields.Raw()), required=True, metadata={"description": "Another seat's: hidden."})


def _event(type_, **extra):
    return Schema.from_dict({"type": const(type_), **extra}, name="RaceToTen" + type_.title().replace("_", "") + "Event")


Event = Union("RaceToTenEvent", in_vocabulary(EVENT_TYPES, {
    "dealt": _event("dealt", player=seat(required=True), cards=fields.List(fields.Raw(), required=True)),
    "played": _event("played", player=seat(required=True), card=card(required=True), total=fields.Integer()),
    "drew": _event("drew", player=seat(required=True), card=fields.Raw(required=True)),
    "game_over": _event("game_over", outcome=fields.Nested(RaceToTenOutcome, required=True)),
}), discriminator="type")


class RaceToTenCard(Schema):
    id = card(required=True)
    value = fields.Integer(required=True)


State, View, Decision, Outcome, Card = RaceToTenState, RaceToTenView, RaceToTenDecision, RaceToTenOutcome, RaceToTenCard
