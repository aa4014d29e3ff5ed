"""Shufflers on the wire (docs/shufflers-contract.md): state, view, moves, decisions, events, cards.

They document the game for OpenAPI. A posted move is checked against `Move`; a posted state
is left to `core.check_state`, which knows what a consistent position is.
"""

from marshmallow import Schema, fields, validate

import core
from core.games.shufflers.vocabulary import (
    CARD_ID, DECISION_KINDS, EVENT_TYPES, MOVE_KINDS, OUTCOME_REASONS, PAYMENT_SOURCES, RANKS, ROLES, SEAT_STATUSES,
    SUITS, TASK_KINDS,
)

from .base import HiddenCard, Json, Union, const, in_vocabulary, one_of, labels_field, options_schema

GAME = core.get_game("shufflers")

CARD = CARD_ID  # rank and suit, then the deck it came from in the collaborative variation ("7C#1"); Jokers X1, X2


def seat(**kwargs) -> fields.Integer:
    return fields.Integer(strict=True, validate=validate.Range(0, GAME.max_players - 1), **kwargs)


def card(**kwargs) -> fields.String:
    return fields.String(validate=validate.Regexp(CARD), **kwargs)


def cards(**kwargs) -> fields.List:
    return fields.List(card(), required=True, **kwargs)


def _named(kind: str, suffix: str) -> str:
    return "Shufflers" + "".join(w.title() for w in kind.split("_")) + suffix


# --- Moves: each is posted back verbatim from a decision's options -------------------------------
def _move(kind: str, **extra):
    return Schema.from_dict({"player": seat(required=True), "kind": const(kind), **extra}, name=_named(kind, "Move"))


Move = Union("ShufflersMove", in_vocabulary(MOVE_KINDS, {
    "draw": _move("draw"),
    "sacrifice": _move("sacrifice"),
    "pay": _move("pay", cards=cards(validate=validate.Length(min=1), metadata={
        "description": "The set of cards paid, in any order (the listed option has them highest first)."})),
    "contribute": _move("contribute", card=card(required=True)),
    "retrieve": _move("retrieve", target=seat(required=True)),
    "ignore": _move("ignore"),
    "vehicle": _move("vehicle"),
    "sacrificial_lamb": _move("sacrificial_lamb"),
    "rob": _move("rob", target=seat(required=True)),
}), discriminator="kind")


class ShufflersDecision(Schema):
    player = seat(required=True)
    kind = one_of(DECISION_KINDS, required=True)
    prompt = fields.String(required=True)
    options = fields.List(Json(Move), required=True, validate=validate.Length(min=1))
    labels = labels_field()


# --- Outcome, state and view -------------------------------------------------------------------
class ShufflersOutcome(Schema):
    winners = fields.List(seat(), required=True)
    scores = fields.Dict(keys=fields.String(), values=fields.Integer(), required=True,
                         metadata={"description": "Remaining Ammo plus Health per seat, keyed by seat number."})
    reason = one_of(OUTCOME_REASONS, required=True)


class ShufflersSeat(Schema):
    status = one_of(SEAT_STATUSES, required=True,
                    metadata={"description": "`left_behind`: still living when a rival reached the boat "
                                             "(competitive; no seat is `alive` once the game is over)."})
    ammo = cards()
    health = cards()
    ammo_discard = cards()
    health_discard = cards()
    stolen = cards()


class ShufflersPile(Schema):
    deck = cards(metadata={"description": "deck[0] is the top card."})
    discard = cards()
    lambs = fields.Integer(required=True, strict=True, validate=validate.Range(min=0),
                           metadata={"description": "Coming Shuffler cards that will be discarded without effect."})


class ShufflersPileView(ShufflersPile):
    deck = fields.List(fields.Nested(HiddenCard), required=True,
                       metadata={"description": "Face down: only the count shows."})


Task = Union("ShufflersTask", in_vocabulary(TASK_KINDS, {
    "payment": Schema.from_dict({
        "kind": const("payment"),
        "seat": seat(required=True, allow_none=True, metadata={"description": "null: the whole group pays."}),
        "amount": fields.Integer(required=True, strict=True, validate=validate.Range(min=1)),
        "source": one_of(PAYMENT_SOURCES, required=True),
        "paid": cards(),
    }, name="ShufflersPaymentTask"),
    "help": Schema.from_dict({"kind": const("help"), "seat": seat(required=True), "card": card(required=True)},
                             name="ShufflersHelpTask"),
    "thief": Schema.from_dict({"kind": const("thief"), "seat": seat(required=True), "card": card(required=True)},
                              name="ShufflersThiefTask"),
}), discriminator="kind")


class _Position(Schema):
    """What the state and every view share."""

    game = const(GAME.id)
    version = fields.Integer(required=True, strict=True, validate=validate.Range(min=0))
    players = fields.Integer(required=True, strict=True, validate=validate.Range(GAME.min_players, GAME.max_players))
    options = fields.Nested(options_schema(GAME, complete=True), required=True)
    outcome = fields.Nested(ShufflersOutcome, required=True, allow_none=True)
    seats = fields.List(fields.Nested(ShufflersSeat), required=True)
    turn = seat(required=True)
    task = Json(Task, required=True, allow_none=True)
    round_shufflers = fields.Integer(required=True, strict=True, validate=validate.Range(min=0))


class ShufflersState(_Position):
    rng = fields.String(required=True, validate=validate.Regexp(r"^[0-9a-f]{16}$"))
    encounters = fields.List(fields.Nested(ShufflersPile), required=True)


class ShufflersView(_Position):
    encounters = fields.List(fields.Nested(ShufflersPileView), required=True)


# --- Events --------------------------------------------------------------------------------------
def _event(type_: str, **extra):
    return Schema.from_dict({"type": const(type_), **extra}, name=_named(type_, "Event"))


def _player_card(name: str):
    return Schema.from_dict({"player": seat(required=True), "card": card(required=True)}, name=name)


Event = Union("ShufflersEvent", in_vocabulary(EVENT_TYPES, {
    "first_player": _event("first_player", player=seat(required=True), draws=fields.List(
        fields.Nested(_player_card("ShufflersDraw")), required=True)),
    "card_drawn": _event("card_drawn", player=seat(required=True), card=card(required=True)),
    "joker_drawn": _event("joker_drawn", player=seat(required=True),
                          jokers=fields.Integer(required=True, validate=validate.Range(1, 2))),
    "shufflers_attack": _event("shufflers_attack", player=seat(required=True),
                               count=fields.Integer(required=True, validate=validate.Range(min=1))),
    "shuffler_eaten": _event("shuffler_eaten", player=seat(required=True), card=card(required=True)),
    "paid": _event("paid", player=seat(required=True), source=one_of(PAYMENT_SOURCES, required=True),
                   cards=cards(), amount=fields.Integer(required=True)),
    "card_retrieved": _event("card_retrieved", player=seat(required=True), card=card(required=True)),
    "card_stolen": _event("card_stolen", player=seat(required=True), card=card(required=True)),
    "vehicle_passed": _event("vehicle_passed", player=seat(required=True), card=card(required=True)),
    "lamb_offered": _event("lamb_offered", player=seat(required=True)),
    "player_died": _event("player_died", player=seat(required=True)),
    "sacrificed": _event("sacrificed", player=seat(required=True), donations=fields.List(
        fields.Nested(_player_card("ShufflersDonation")), required=True)),
    "escaped": _event("escaped", player=seat(required=True)),
    "game_over": _event("game_over", outcome=fields.Nested(ShufflersOutcome, required=True)),
}), discriminator="type")


# --- The card catalog ----------------------------------------------------------------------------
class ShufflersCard(Schema):
    id = card(required=True)
    name = fields.String(required=True)
    rank = one_of(RANKS, required=True)
    suit = one_of(SUITS, required=True)
    value = fields.Integer(required=True, validate=validate.Range(0, 10))
    role = one_of(ROLES, required=True)
    text = fields.String(required=True)


# The names the registry (api/schemas/__init__.py) looks for in every game's module.
State, View, Decision, Outcome, Card = ShufflersState, ShufflersView, ShufflersDecision, ShufflersOutcome, ShufflersCard
