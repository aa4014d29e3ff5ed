"""The request and response schemas, and the registry of per-game schemas behind them.

Each game has a module `api/schemas/<game>.py` that names its `State`, `View`, `Move`,
`Decision`, `Event`, `Outcome` and `Card` (a Schema, or a `Union` discriminated by `kind`
or `type`). Its options are documented from the game's own metadata. Since `{game}` is a
path parameter, every body refers to a union over the registered games: states and views
carry their `game` id, so theirs is a discriminated `oneOf`; the rest is an `anyOf` (two
games may well share a move shape such as `{"player": 0, "kind": "draw"}`).

Adding a game: write its module, named like the game's package (`api/schemas/big_shuffle.py`
for `core/games/big_shuffle/`); `GAMES` finds it from the registered games.

marshmallow refuses unknown fields by default (`unknown = RAISE`); the spec says so with
`additionalProperties: false`.
"""

import functools
import importlib

from marshmallow import Schema, ValidationError, fields, validate

import core
from core.games import package_name

from .base import Json, Union, options_schema, seat


def schema_module(game_id: str):
    """The wire schemas of a game: `api/schemas/<its package>.py`."""
    return importlib.import_module(f"{__name__}.{package_name(game_id)}")


# game id -> its schema module, for every registered game, in their listing order
GAMES = {game.id: schema_module(game.id) for game in core.all_games()}


def _union(name: str, attr: str, discriminator: str | None = None) -> Union:
    return Union(name, {game: getattr(module, attr) for game, module in GAMES.items()}, discriminator)


GameState = _union("GameState", "State", "game")
GameView = _union("GameView", "View", "game")
GameMove = _union("GameMove", "Move")
GameDecision = _union("GameDecision", "Decision")
GameEvent = _union("GameEvent", "Event")
GameOutcome = _union("GameOutcome", "Outcome")
GameCard = _union("GameCard", "Card")


@functools.cache
def request_options(game_id: str) -> type[Schema]:
    """The options of a game as a request gives them (each optional)."""
    return options_schema(core.get_game(game_id), complete=False)


OPTIONS = {game: request_options(game) for game in GAMES}  # in a request
GameOptions = Union("GameOptions", OPTIONS)


def example(game: str, request: str) -> dict:
    """A request body for the docs and for schemathesis' examples phase: a real game of `game`.

    `request` is "new", "apply", "view" or "bot-move"; the game is just set up, with its first option.
    """
    info = core.get_game(game)
    step = core.new_game(game, info.min_players, {}, 1)
    value = {
        "new": {"players": info.min_players, "seed": 1},
        "apply": {"state": step.state, "move": step.pending[0]["options"][0]},
        "view": {"state": step.state, "player": 0},
        "bot-move": {"state": step.state, "player": step.pending[0]["player"], "bot": "random"},
    }[request]
    return {"just-set-up": {"summary": f"{info.name}, just set up", "value": value}}


# --- Game metadata ---------------------------------------------------------------------------------
class OptionInfo(Schema):
    name = fields.String(required=True)
    type = fields.String(required=True, validate=validate.OneOf(["boolean", "string", "integer", "array"]))
    default = fields.Raw(required=True, metadata={"description": "Used when the option is not given."})
    description = fields.String(required=True)
    allowed = fields.List(fields.Raw(), metadata={"description": "The allowed values (for arrays: items)."})


class GameInfo(Schema):
    id = fields.String(required=True)
    name = fields.String(required=True)
    summary = fields.String(required=True)
    min_players = fields.Integer(required=True)
    max_players = fields.Integer(required=True)
    options = fields.List(fields.Nested(OptionInfo), required=True)
    bots = fields.List(fields.String(), required=True,
                       metadata={"description": "The bots this game offers (POST .../bot-move, table seats)."})


class GameList(Schema):
    games = fields.List(fields.Nested(GameInfo), required=True)


class CardList(Schema):
    cards = fields.List(Json(GameCard), required=True)


# --- Playing -----------------------------------------------------------------------------------
INT64 = 2**63


def _check_seed(value) -> None:
    if not ((type(value) is int and -INT64 <= value < INT64) or (isinstance(value, str) and len(value) <= 256)):
        raise ValidationError("A seed is a 64-bit integer or a string of at most 256 characters.")


class NewGameRequest(Schema):
    players = fields.Integer(required=True, strict=True,
                             validate=validate.Range(1, max(core.get_game(game).max_players for game in GAMES)),
                             metadata={"description": "How many seats; GameInfo gives the game's range."})
    options = Json(GameOptions, metadata={"description": "Table options; absent ones take their default."})
    seed = fields.Raw(
        validate=_check_seed,
        metadata={"oneOf": [{"type": "integer", "minimum": -INT64, "maximum": INT64 - 1},
                            {"type": "string", "maxLength": 256}],
                  "description": "Same seed, same game. Absent: the server picks a random one."},
    )


class ApplyRequest(Schema):
    state = Json(GameState, required=True, metadata={"description": "The state, exactly as the server sent it."})
    # Checked against its schema only when core refuses it (api/games.py): a move core accepts
    # equals a listed option, type for type, so it fits the schema; the check costs ~30 us.
    move = Json(GameMove, required=True,
                metadata={"description": "One of the options of a pending decision, verbatim."})


class ViewRequest(Schema):
    state = Json(GameState, required=True)
    player = seat(required=True, allow_none=True, metadata={"description": "The viewing seat; null: a spectator."})


class BotMoveRequest(Schema):
    state = Json(GameState, required=True)
    player = seat(required=True, metadata={"description": "The seat the bot plays; it must have a decision to make."})
    bot = fields.String(required=True, validate=validate.Length(1, 64),
                        metadata={"description": "A bot the game offers (GameInfo `bots`), e.g. `random`, `heuristic`."})
    seed = fields.Integer(strict=True, validate=validate.Range(0, 2**63 - 1), metadata={
        "description": "Seeds the bot's dice. Without it the move is a function of what the seat sees (its view "
                       "and the version) only; give one to make a bot's choices unpredictable to the other seats."})


class BotMoveResponse(Schema):
    move = Json(GameMove, required=True, metadata={"description": "One of the seat's listed options: post it to apply."})
    bot = fields.String(required=True)
    player = seat(required=True)


class Step(Schema):
    state = Json(GameState, required=True)
    pending = fields.List(Json(GameDecision), required=True,
                          metadata={"description": "Who must decide what, with every legal move. Empty once over."})
    events = fields.List(Json(GameEvent), required=True, metadata={"description": "What this step did, in order."})
    outcome = Json(GameOutcome, required=True, allow_none=True)


class ViewResponse(Schema):
    view = Json(GameView, required=True, metadata={"description": "The state as that seat may see it."})
    pending = fields.List(Json(GameDecision), required=True, metadata={"description": "That seat's decisions."})
    waiting_for = fields.List(seat(), required=True, metadata={"description": "Every seat that owes a decision."})
    outcome = Json(GameOutcome, required=True, allow_none=True)


class Health(Schema):
    status = fields.String(required=True, validate=validate.OneOf(["ok"]))
