"""Showbiz Shuffle on the wire (docs/showbiz-shuffle-contract.md): state, view, moves, decisions,
events, cards.

They document the game for OpenAPI. A posted move is checked against `Move`; a posted state
is left to `core.check_state`, which knows what a consistent position is. In a view, a card
the viewer may not see is `{"hidden": true}` (HiddenCard): the decks, other seats' hands and
Biz cards, other seats' draws in events.
"""

from marshmallow import Schema, fields, validate

import core
from core.games.showbiz_shuffle.cards import GENRES, TYPES
from core.games.showbiz_shuffle.vocabulary import (
    BIZ_ID, BIZ_TARGETS, BOD_ID, CARD_SOURCES, DECISION_KINDS, DECKS, EFFECT_KINDS, EVENT_TYPES, GENRE_COLOURS,
    MOVE_KINDS, OUTCOME_REASONS, SOURCES,
)

from .base import HiddenCard, Json, Union, const, in_vocabulary, one_of, labels_field, options_schema

GAME = core.get_game("showbiz-shuffle")
_SCHEMAS = "#/components/schemas/"

BOD = BOD_ID  # Director, Star, supporting Actor
BIZ = BIZ_ID


def seat(**kwargs) -> fields.Integer:
    return fields.Integer(strict=True, validate=validate.Range(0, GAME.max_players - 1), **kwargs)


def slot(**kwargs) -> fields.Integer:
    return fields.Integer(strict=True, validate=validate.Range(0, 1),
                          metadata={"description": "The movie slot of that seat (0 or 1)."}, **kwargs)


def bod(**kwargs) -> fields.String:
    return fields.String(validate=validate.Regexp(BOD), **kwargs)


def biz(**kwargs) -> fields.String:
    return fields.String(validate=validate.Regexp(BIZ), **kwargs)


def bods(**kwargs) -> fields.List:
    return fields.List(bod(), required=True, **kwargs)


def bizs(**kwargs) -> fields.List:
    return fields.List(biz(), required=True, **kwargs)


def genre(**kwargs) -> fields.String:
    return one_of(GENRES, **kwargs)


class CardOrHidden(fields.Field):
    """A card id matching `pattern`, or `{"hidden": true}` where the viewer may not see it."""

    default_error_messages = {"invalid": "Not a card id of the right kind, nor a hidden card."}

    def __init__(self, pattern: str, **kwargs):
        self.pattern = pattern
        alternatives = [{"type": "string", "pattern": pattern}, {"$ref": _SCHEMAS + "HiddenCard"}]
        super().__init__(metadata={"oneOf": alternatives, **kwargs.pop("metadata", {})}, **kwargs)

    def _deserialize(self, value, attr, data, **kwargs):
        import re

        if isinstance(value, str) and re.fullmatch(self.pattern, value):
            return value
        if isinstance(value, dict) and value.keys() == {"hidden"} and value["hidden"] is True:
            return value
        raise self.make_error("invalid")


def _named(kind: str, suffix: str) -> str:
    return "ShowbizShuffle" + "".join(w.title() for w in kind.split("_")) + suffix


# --- Moves: each is posted back verbatim from a decision's options -------------------------------
def _move(kind: str, **extra):
    return Schema.from_dict({"player": seat(required=True), "kind": const(kind), **extra}, name=_named(kind, "Move"))


Move = Union("ShowbizShuffleMove", in_vocabulary(MOVE_KINDS, {
    "start_movie": _move("start_movie", bod=bod(required=True), genre=genre(required=True),
                         **{"from": one_of(SOURCES, required=True)}),
    "cast": _move("cast", bod=bod(required=True), movie=slot(required=True),
                  **{"from": one_of(SOURCES, required=True)}),
    "play_biz": _move("play_biz", card=biz(required=True), seat=seat(required=True), movie=slot(required=True),
                      bod=bod(allow_none=True,
                              metadata={"description": "The Bod it is played on; null or left out: on the movie "
                                                       "(the listed option has `null`)."})),
    "shake_up": _move("shake_up"),
    "end_turn": _move("end_turn"),
}), discriminator="kind")


class ShowbizShuffleDecision(Schema):
    player = seat(required=True)
    kind = one_of(DECISION_KINDS, required=True)
    prompt = fields.String(required=True)
    options = fields.List(Json(Move), required=True, validate=validate.Length(min=1))
    labels = labels_field()


# --- Outcome, state and view -------------------------------------------------------------------
class ShowbizShuffleOutcome(Schema):
    winners = fields.List(seat(), required=True)
    scores = fields.Dict(keys=fields.String(), values=fields.Integer(), required=True,
                         metadata={"description": "Finished movies' points less unfinished movies' costs, per seat."})
    reason = one_of(OUTCOME_REASONS, required=True,
                    metadata={"description": "`end_game`: the rules' end (the last Bod drawn, then the final turns); "
                                             "`stalled`: only with the option `stall_rounds` (a simulation guard)."})


class ShowbizShuffleNeeds(Schema):
    director = fields.Integer(required=True, strict=True, validate=validate.Range(min=0))
    star = fields.Integer(required=True, strict=True, validate=validate.Range(min=0))
    support = fields.Integer(required=True, strict=True, validate=validate.Range(min=0))


class ShowbizShuffleCastBod(Schema):
    bod = bod(required=True)
    upside_down = fields.Boolean(required=True, metadata={"description": "Out of the movie's genre: it subtracts."})
    biz = bizs(metadata={"description": "The Biz cards played on this Bod."})


class ShowbizShuffleMovie(Schema):
    genre = genre(required=True)
    needs = fields.Nested(ShowbizShuffleNeeds, required=True)
    cast = fields.List(fields.Nested(ShowbizShuffleCastBod), required=True, validate=validate.Length(min=1),
                       metadata={"description": "In the order they joined; the first started the movie."})
    biz = bizs(metadata={"description": "The Biz cards played on the movie."})


class ShowbizShuffleCompleted(Schema):
    genre = genre(required=True)
    points = fields.Integer(required=True, strict=True)


class ShowbizShuffleSeat(Schema):
    hand = bods(metadata={"description": "Bod cards."})
    biz = bizs(metadata={"description": "Biz cards held."})
    movies = fields.List(fields.Nested(ShowbizShuffleMovie, allow_none=True), required=True,
                         validate=validate.Length(2, 2), metadata={"description": "Two slots; null when free."})
    completed = fields.List(fields.Nested(ShowbizShuffleCompleted), required=True,
                            metadata={"description": "The movies finished and scored, in order."})


class ShowbizShuffleSeatView(ShowbizShuffleSeat):
    hand = fields.List(CardOrHidden(BOD), required=True, metadata={"description": "Hidden but for its owner."})
    biz = fields.List(CardOrHidden(BIZ), required=True, metadata={"description": "Hidden but for its owner."})


class ShowbizShufflePlayed(Schema):
    cattle_call = fields.Integer(required=True, strict=True, validate=validate.Range(0, 1))
    hand = fields.Integer(required=True, strict=True, validate=validate.Range(0, 2))
    biz = fields.Integer(required=True, strict=True, validate=validate.Range(0, 1))
    shake_up = fields.Boolean(required=True)


class _Position(Schema):
    """What the state and every view share."""

    game = const(GAME.id)
    version = fields.Integer(required=True, strict=True, validate=validate.Range(min=0))
    players = fields.Integer(required=True, strict=True, validate=validate.Range(GAME.min_players, GAME.max_players))
    options = fields.Nested(options_schema(GAME, complete=True), required=True)
    outcome = fields.Nested(ShowbizShuffleOutcome, required=True, allow_none=True)
    bod_discard = bods()
    cattle_call = bods(validate=validate.Length(max=5))
    biz_discard = bizs()
    turn = seat(required=True)
    played = fields.Nested(ShowbizShufflePlayed, required=True, metadata={"description": "This turn's plays so far."})
    final_turns = fields.Integer(required=True, strict=True, allow_none=True, validate=validate.Range(0, 4),
                                 metadata={"description": "null until the last Bod is drawn; then the turns left."})
    idle_turns = fields.Integer(required=True, strict=True, validate=validate.Range(min=0),
                                metadata={"description": "Turns in a row without a Bod played; with the option "
                                                         "`stall_rounds` (off by default) that many whole rounds "
                                                         "end the game."})


class ShowbizShuffleState(_Position):
    rng = fields.String(required=True, validate=validate.Regexp(r"^[0-9a-f]{16}$"))
    bod_deck = bods(metadata={"description": "bod_deck[0] is the top card."})
    biz_deck = bizs(metadata={"description": "biz_deck[0] is the top card."})
    seats = fields.List(fields.Nested(ShowbizShuffleSeat), required=True)


class ShowbizShuffleView(_Position):
    bod_deck = fields.List(fields.Nested(HiddenCard), required=True, metadata={"description": "Face down."})
    biz_deck = fields.List(fields.Nested(HiddenCard), required=True, metadata={"description": "Face down."})
    seats = fields.List(fields.Nested(ShowbizShuffleSeatView), required=True)


# --- Events --------------------------------------------------------------------------------------
def _event(type_: str, **extra):
    return Schema.from_dict({"type": const(type_), **extra}, name=_named(type_, "Event"))


def _count(**kwargs):
    return fields.Integer(required=True, strict=True, validate=validate.Range(min=0), **kwargs)


Event = Union("ShowbizShuffleEvent", in_vocabulary(EVENT_TYPES, {
    "bods_drawn": _event("bods_drawn", player=seat(required=True), cards=fields.List(
        CardOrHidden(BOD), required=True, metadata={"description": "Hidden but for the drawer."})),
    "biz_drawn": _event("biz_drawn", player=seat(required=True), cards=fields.List(
        CardOrHidden(BIZ), required=True, metadata={"description": "Hidden but for the drawer."})),
    "biz_reshuffled": _event("biz_reshuffled", count=_count()),
    "cattle_call_filled": _event("cattle_call_filled", cards=bods()),
    "turn_started": _event("turn_started", player=seat(required=True)),
    "turn_ended": _event("turn_ended", player=seat(required=True)),
    "end_game_started": _event("end_game_started", player=seat(required=True)),
    "studio_shake_up": _event("studio_shake_up", player=seat(required=True), discarded=bizs(),
                              returned=_count(metadata={"description": "Bods shuffled back into the deck."})),
    "movie_started": _event("movie_started", player=seat(required=True), movie=slot(required=True),
                            genre=genre(required=True), bod=bod(required=True),
                            **{"from": one_of(SOURCES, required=True)}),
    "bod_cast": _event("bod_cast", player=seat(required=True), movie=slot(required=True), bod=bod(required=True),
                       upside_down=fields.Boolean(required=True), **{"from": one_of(SOURCES, required=True)}),
    "biz_played": _event("biz_played", player=seat(required=True), card=biz(required=True), seat=seat(required=True),
                         movie=slot(required=True), bod=bod(required=True, allow_none=True)),
    "movie_completed": _event("movie_completed", player=seat(required=True), movie=slot(required=True),
                              genre=genre(required=True), points=fields.Integer(required=True, strict=True),
                              bods=bods(), biz=bizs()),
    "movie_unfinished": _event("movie_unfinished", player=seat(required=True), movie=slot(required=True),
                               penalty=_count()),
    "game_over": _event("game_over", outcome=fields.Nested(ShowbizShuffleOutcome, required=True)),
}), discriminator="type")


# --- The card catalog ----------------------------------------------------------------------------
class ShowbizShuffleEffect(Schema):
    """One effect of a card's text, with its parameters (see docs/showbiz-shuffle-contract.md)."""

    kind = one_of(EFFECT_KINDS, required=True)
    count = fields.Integer(metadata={"description": "draw_biz: how many Biz cards."})
    type = one_of(TYPES, metadata={"description": "requires, needs: the Bod type."})
    delta = fields.Integer(metadata={"description": "needs: how many more (or fewer, negative)."})
    amount = fields.Integer(metadata={"description": "modify: the points added (or taken, negative)."})
    points = fields.Integer(metadata={"description": "partner: the bonus."})
    with_ = fields.List(bod(), data_key="with", metadata={"description": "feud, partner: the other Bods."})


class _CardBase(Schema):
    name = fields.String(required=True)
    text = fields.String(required=True, metadata={"description": "The card's full rules text."})
    source = one_of(CARD_SOURCES, required=True,
                    metadata={"description": "house: designed for this server (the card lists are unpublished)."})


class ShowbizShuffleBodCard(_CardBase):
    deck = const("bod")
    id = bod(required=True)
    type = one_of(TYPES, required=True)
    value = fields.Integer(required=True, validate=validate.Range(min=0))
    genres = fields.List(genre(), required=True, validate=validate.Length(min=1))
    min_players = fields.Integer(required=True, validate=validate.Range(2, 4),
                                 metadata={"description": "In the Bod deck of games with at least this many players."})
    effects = fields.List(fields.Nested(ShowbizShuffleEffect), required=True)


class ShowbizShuffleBizCard(_CardBase):
    deck = const("biz")
    id = biz(required=True)
    cost = fields.Integer(required=True, validate=validate.Range(min=0),
                          metadata={"description": "Dollar signs: what it costs its movie's owner if unfinished."})
    target = one_of(BIZ_TARGETS, required=True)
    genres = fields.List(genre(), required=True, metadata={"description": "Only movies of these genres; []: any."})
    effects = fields.List(fields.Nested(ShowbizShuffleEffect), required=True)


class ShowbizShuffleGenreCard(_CardBase):
    deck = const("genre")
    id = genre(required=True)
    colour = one_of(GENRE_COLOURS, required=True)


Card = Union("ShowbizShuffleCard", in_vocabulary(DECKS, {"bod": ShowbizShuffleBodCard, "biz": ShowbizShuffleBizCard,
                                                     "genre": ShowbizShuffleGenreCard}), discriminator="deck")

# The names the registry (api/schemas/__init__.py) looks for in every game's module.
State, View, Decision, Outcome = ShowbizShuffleState, ShowbizShuffleView, ShowbizShuffleDecision, ShowbizShuffleOutcome
