"""Each game's own request and response schemas, for its own operations (`/v1/games/shufflers/apply`...).

The shared schemas (api/schemas/__init__.py, tables.py, sealed.py) document a body through
unions over every game: one path serves them all. A client generator reading those cannot tell
which game a decision belongs to (moves of two games may look alike), so each game also gets
its operations at concrete paths whose bodies are *narrowed*: every game union in them is
replaced by that game's own schema, the players range and bot names are the game's, and
the schema is named after the game (`ShufflersStep`, `BigShuffleApplyRequest`...).

Table answers, which any game's table can give, are unions discriminated by their `game`.
"""

import functools

from marshmallow import Schema, fields, validate

import core
from core.framework.bots import bot_names

from . import (
    GAMES, ApplyRequest, BotMoveRequest, BotMoveResponse, CardList, GameCard, GameDecision, GameEvent,
    GameMove, GameOptions, GameOutcome, GameState, GameView, NewGameRequest, Step, ViewRequest, ViewResponse,
    request_options,
)
from .base import Json, Union, const
from .sealed import SealedApplyRequest, SealedStep, SealedViewRequest, SealRequest
from .tables import (CreateTableRequest, MoveRequest, TableCreated, TableJoined, TableSnapshot, TableStep, TableSteps,
                     TableView)

# Each generic union, and the attribute of a game's schema module that narrows it.
_NARROWED = {union.name: attr for union, attr in (
    (GameState, "State"), (GameView, "View"), (GameMove, "Move"), (GameDecision, "Decision"), (GameEvent, "Event"),
    (GameOutcome, "Outcome"), (GameCard, "Card"))}


def prefix(game: str) -> str:
    """`big-shuffle` -> `BigShuffle`: the start of the names of a game's schemas and operations."""
    return "".join(part.title() for part in game.split("-"))


def _field(field: fields.Field, game: str) -> fields.Field | None:
    """`field` narrowed to `game`, or None when it names no game union."""
    if isinstance(field, fields.List):
        inner = _field(field.inner, game)
        return None if inner is None else fields.List(inner, required=field.required, metadata=field.metadata)
    union = field.doc.name if isinstance(field, Json) and isinstance(field.doc, Union) else None
    if union == GameOptions.name:
        doc = request_options(game)
    elif union in _NARROWED:
        doc = getattr(GAMES[game], _NARROWED[union])
    elif union is not None and any(isinstance(alt, Union) and alt.name in _NARROWED
                                   for alt in field.doc.alternatives.values()):
        # a union with a game union among its alternatives (a step's events: the game's or the table's)
        doc = Union(prefix(game) + union, {tag: getattr(GAMES[game], _NARROWED[alt.name])
                                           if isinstance(alt, Union) and alt.name in _NARROWED else alt
                                           for tag, alt in field.doc.alternatives.items()})
    else:
        return None
    return Json(doc, deep=field.deep, required=field.required, allow_none=field.allow_none, metadata=field.metadata)


def narrow(base: type[Schema], game: str, name: str | None = None, drop: tuple = (), add: dict | None = None
           ) -> type[Schema]:
    """`base` for `game` alone: its game unions narrowed, the players range and bot names the game's.

    Validation is unchanged (the engine still answers for a players count or bot the game lacks,
    with its own error code); the spec states the game's bounds.
    """
    info = core.get_game(game)
    declared = {}
    for field_name, field in base._declared_fields.items():
        if field_name in drop:
            continue
        declared[field_name] = _field(field, game) or _game_bounds(field_name, field, info) or field
    return type(name or prefix(game) + base.__name__, (Schema,), {**declared, **(add or {}), "__doc__": base.__doc__})


def _game_bounds(name: str, field: fields.Field, info) -> fields.Field | None:
    """The players range and the bot names of the game, said in the spec."""
    if name == "players" and isinstance(field, fields.Integer):
        return fields.Integer(required=field.required, strict=True, validate=field.validators,
                              metadata={**field.metadata, "minimum": info.min_players, "maximum": info.max_players})
    if name == "bot" and isinstance(field, fields.String):
        return fields.String(required=field.required, validate=field.validators,
                             metadata={**field.metadata, "enum": bot_names(info)})
    if name == "bots" and isinstance(field, fields.Dict):
        return fields.Dict(keys=field.key_field, values=fields.String(metadata={"enum": bot_names(info)}),
                           validate=field.validators, load_default=field.load_default,
                           metadata={**field.metadata, "maxProperties": info.max_players})
    return None


def _tagged(base: type[Schema], game: str) -> type[Schema]:
    """A table answer of one game, carrying `game` as the discriminator of the answers of every game."""
    return narrow(base, game, drop=("game",), add={"game": const(game, metadata={"description": "The table's game."})})


@functools.cache
def of_game(game: str) -> dict[str, type[Schema]]:
    """The schemas of one game's own operations, by the name of the shared schema they narrow."""
    step = _tagged(TableStep, game)
    return {
        **{base.__name__: narrow(base, game) for base in (
            NewGameRequest, ApplyRequest, ViewRequest, BotMoveRequest, BotMoveResponse, Step, ViewResponse, CardList,
            SealRequest, SealedApplyRequest, SealedViewRequest, SealedStep, MoveRequest)},
        # At /v1/games/{game}/tables the path names the game: the body has no `game`.
        "CreateTableRequest": narrow(CreateTableRequest, game, drop=("game",)),
        **{base.__name__: _tagged(base, game) for base in (TableCreated, TableView, TableSnapshot, TableJoined)},
        "TableStep": step,
        "TableSteps": narrow(TableSteps, game, add={
            "game": const(game, metadata={"description": "The table's game."}),
            "steps": fields.List(fields.Nested(step), required=True, metadata=TableSteps._declared_fields["steps"].metadata)}),
    }


def table_union(name: str) -> Union:
    """A table answer (`TableView`...) of any game: its game's schema, chosen by `game`."""
    return Union(name, {game: of_game(game)[name] for game in GAMES}, "game")

TABLE_ANSWERS = ("TableCreated", "TableView", "TableSnapshot", "TableStep", "TableSteps", "TableJoined")


# The prefix a game's own schemas had before they all took `prefix(game)` (docs/api.md, Changes):
# each old name stays in the spec as a deprecated alias, a `$ref` to the new one, so that code
# written against a client generated before the rename still finds it.
OLD_PREFIXES = {"showbiz-shuffle": "Showbiz"}


def alias_old_names(spec) -> None:
    """Add the deprecated aliases to an apispec `spec` whose components are all registered."""
    schemas = spec.components.schemas
    for game, old in OLD_PREFIXES.items():
        new = prefix(game)
        wrappers = {schema.__name__ for schema in of_game(game).values()} | {new + "Options", new + "StateOptions"}
        for name in sorted(n for n in schemas if n.startswith(new) and n not in wrappers):
            alias = old + name.removeprefix(new)
            if alias not in schemas:
                spec.components.schema(alias, {"$ref": f"#/components/schemas/{name}", "deprecated": True,
                                               "description": f"The old name of {name}; use that one."})
