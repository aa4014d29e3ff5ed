"""The stateless referee: game metadata, and new / apply / view over a state the client holds.

The handlers take the game id; api/per_game.py routes each game's own paths to them."""

import secrets

import flask
from flask import current_app
from flask_smorest import abort
from marshmallow import ValidationError
from werkzeug.exceptions import NotFound

import core

from .observability import engine_timer, move_applied
from .parsing import Blueprint
from .schemas import GAMES, GameList
from .schemas.base import check

blp = Blueprint("games", __name__, url_prefix="/v1/games",
                description="The games this server referees; each game's own operations are under its id.")


@blp.route("")
@blp.response(200, GameList)
@blp.doc(operationId="listGames")
def list_games():
    """Every game this server referees."""
    return {"games": [game.info() for game in core.all_games()]}


# --- One game's operations: api/per_game.py gives each game its own paths and schemas ---------------
def game_info(game: str) -> dict:
    """A game's players range and table options (with their defaults)."""
    return core.get_game(game).info()


def cards(game: str) -> dict:
    """The card catalog, as data."""
    return {"cards": core.get_game(game).cards()}


def new_game(args: dict, game: str):
    """Set up a game: the first state, the setup events and the first decisions."""
    seed = args["seed"] if "seed" in args else secrets.randbits(63)
    with engine_timer(game, "new"):
        step = core.new_game(game, args["players"], args.get("options"), seed)
    return _json(step.as_dict())


def apply_move(args: dict, game: str):
    """Apply a move to a state: the next state, what happened, and who decides what next."""
    state, move = _state_of(game, args["state"]), args["move"]
    try:
        with engine_timer(game, "apply"):
            step = core.apply(state, move)
    except (core.GameOver, core.InvalidMove, core.NotYourTurn, core.IllegalMove):
        check_move_shape(game, move)  # a move that does not even fit the schema is a 422, not a 409
        raise
    move_applied(game, "stateless")
    return _json(step.as_dict())


def check_move_shape(game: str, move: dict) -> None:
    """A move that does not even fit the game's move schema is a 422 (asked only once the engine
    refused it, so legal moves pay nothing). Against the moves of the game in the path: with several games, the union of all of them
    could only say that a move matches none."""
    try:
        check(GAMES[game].Move, move)
    except ValidationError as bad:
        abort(422, messages={"json": {"move": bad.messages}})


def view_state(args: dict, game: str):
    """What one seat (or a spectator) may see of a state, and that seat's decisions."""
    return _json(core.view(_state_of(game, args["state"]), args["player"]))


def bot_move(args: dict, game: str):
    """The move a bot would make for a seat: it sees only that seat's view, never hidden cards."""
    state = _state_of(game, args["state"])
    move = core.bot_move(state, args["player"], args["bot"], args.get("seed"))
    return _json({"move": move, "bot": args["bot"], "player": args["player"]})


# A game id no game has: these paths answer 404 unknown_game (each game's own paths come first,
# since a path without a variable part wins over one with). Not in the spec, which lists the games.
unknown = flask.Blueprint("unknown_games", __name__, url_prefix="/v1/games")


def _unknown_game(game: str, **_):
    core.get_game(game)  # raises UnknownGame: a known game has its own, more specific paths
    raise NotFound()


for _rule, _methods in (("/<game>", ["GET"]), ("/<game>/cards", ["GET"]), ("/<game>/tables", ["POST"]),
                        ("/<game>/tables/<table_id>/moves", ["POST"]),
                        *((f"/<game>/{_op}", ["POST"]) for _op in ("new", "apply", "view", "bot-move", "sealed/new",
                                                                  "sealed/apply", "sealed/view"))):
    unknown.add_url_rule(_rule, _rule.replace("/", "_").replace("<", "").replace(">", ""), _unknown_game,
                         methods=_methods)


def _json(data: dict):
    """Straight to orjson: a Response passes @blp.response untouched, its schema then only documents.
    Half the cost of dumping through the (pass-through) schema first, on the hot path."""
    return current_app.json.response(data)


def _state_of(game: str, state: dict) -> dict:
    """The state, if it is one of the game in the path (core checks the rest)."""
    core.get_game(game)
    if state.get("game") != game:
        raise core.InvalidState(f"The state is not a game of {game}: its 'game' field is {state.get('game')!r}.",
                                {"state.game": [f"must be {game!r}"]})
    return state
